"""The stealth level editor in the browser: build a three-node level, see it become solvable, export and import
it, play it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.browser import wait_version

pytestmark = pytest.mark.browser


def _add_node(page: Any, column: int, row: int) -> None:
    """Click the empty board at grid point (column, row) with the Node tool."""
    box = page.locator(".editor-board").bounding_box()
    scale = box["width"] / 800  # viewBox 0 0 800 500: margin 50, 100 a grid step
    page.mouse.click(box["x"] + (50 + column * 100) * scale, box["y"] + (50 + row * 100) * scale)


def test_a_three_node_level_becomes_solvable_is_played_and_exported(page: Any, tmp_path: Path) -> None:
    page.click("[data-game=stealth]")
    page.click("#create-level")
    expect(page.locator(".stealth-editor h2")).to_contain_text("Créer un niveau")
    for column in range(3):
        _add_node(page, column, 1)
    expect(page.locator(".editor-board g[data-node]")).to_have_count(3)
    page.click("[data-tool=edge]")
    for a, b in (("n1", "n2"), ("n2", "n3")):
        page.click(f"[data-node={a}]")
        page.click(f"[data-node={b}]")
    expect(page.locator("#editor-status")).to_contain_text("start")  # no start yet: the field is named
    expect(page.locator("#editor-play")).to_be_disabled()
    page.click("[data-tool=start]")
    page.click("[data-node=n1]")
    page.click("[data-tool=exit]")
    page.click("[data-node=n3]")
    expect(page.locator("#editor-solvable")).to_contain_text("Soluble, par 2")
    with page.expect_download() as download:
        page.click("#editor-export")
    target = tmp_path / "level.json"
    download.value.save_as(target)
    exported = json.loads(target.read_text(encoding="utf-8"))
    assert [node["id"] for node in exported["nodes"]] == ["n1", "n2", "n3"]
    assert (exported["start"], exported["exit"]) == ("n1", "n3")
    page.click("#editor-clear")
    expect(page.locator(".editor-board g[data-node]")).to_have_count(0)
    page.set_input_files("#editor-import-file", str(target))  # « Importer » reads it back
    expect(page.locator(".editor-board g[data-node]")).to_have_count(3)
    expect(page.locator("#editor-solvable")).to_contain_text("Soluble, par 2")
    page.click("#editor-play")  # a room with the level inline: its link can be shared
    wait_version(page, 0)
    page.click("[data-node=n2].target")
    wait_version(page, 1)
    page.click("[data-node=n3].target")
    wait_version(page, 2)
    expect(page.locator("#outcome")).to_contain_text("Gagné")


def test_an_error_points_at_the_enemy_and_a_draft_survives_a_reload(page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("#create-level")
    page.click("#editor-clear")
    for column in range(3):
        _add_node(page, column, 0)
    page.click("[data-tool=start]")
    page.click("[data-node=n3]")
    page.click("[data-tool=exit]")
    page.click("[data-node=n2]")
    page.click("[data-tool=patrol]")
    page.click("[data-node=n1]")
    page.click("[data-node=n2]")
    page.click("#editor-finish")  # a route along no edge: the validator names it
    expect(page.locator("#editor-status")).to_contain_text("enemies[0]")
    expect(page.locator(".editor-board .editor-marked[data-node=n1]")).to_have_count(1)
    page.click("[data-tool=caravan]")
    page.click("[data-node=n1]")  # a member away from the start: the caravan's field is named and ringed
    expect(page.locator("#editor-status")).to_contain_text("caravan[0]")
    expect(page.locator(".editor-board .editor-marked[data-node=n1]")).to_have_count(1)
    page.reload()  # back on the stealth level list
    page.click("#create-level")
    expect(page.locator(".editor-board g[data-node]")).to_have_count(3)  # the draft was kept
