"""Stealth in the browser: pick level 1-1, see the preview, neutralise the sentry, reach the exit."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from meeple.games.stealth.rules import THROW
from meeple.games.stealth.shipped import load_shipped_level, shipped_level_ids
from meeple.games.stealth.solver import solve
from tests.web.browser import wait_version

pytestmark = pytest.mark.browser


def test_level_1_1_is_solved_with_three_stars(page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    assert page.inner_text("#tray-count") == "0 / 1"
    for number, node in enumerate(("a", "d", "e")):
        page.click(f"[data-node={node}].target")
        wait_version(page, number + 1)
        assert page.inner_text("#stealth-preview") == ""  # no preview of a move the mouse is not on
    page.hover("[data-node=post].target")
    expect(page.locator("#stealth-preview")).to_contain_text("neutralise sentinelle")  # the kind in French, not the id
    assert page.locator(".hand-icon").count() == 1
    page.click("[data-node=post]")
    wait_version(page, 4)
    assert page.inner_text("#tray-count") == "1 / 1"
    assert page.locator(".tray .seated").count() == 1
    page.click("[data-node=c].target")
    wait_version(page, 5)
    page.click("[data-node=exit].target")
    wait_version(page, 6)
    expect(page.locator("#outcome")).to_contain_text("Gagné")
    assert page.locator("#win-screen .star.earned").count() == 3
    # the win screen says each star and what it asks
    expect(page.locator("#win-screen")).to_contain_text("Niveau réussi en 6 coups")
    expect(page.locator("#win-screen [data-star=par]")).to_contain_text("En 6 coups ou moins")
    expect(page.locator("#win-screen [data-star=sweep]")).to_contain_text("Neutraliser tous les ennemis")
    assert page.locator("#new-game").count() == 0  # one set of end buttons: the level's own
    assert page.locator("#share-game").count() == 1  # a finished game is shared by its link
    code = page.inner_text("#code-value")
    page.click("#next-level")  # a new room with the next level
    page.wait_for_function(f"() => (document.querySelector('#code-value')?.textContent || '') !== '' "
                           f"&& document.querySelector('#code-value').textContent !== '{code}'")
    wait_version(page, 0)
    expect(page.locator(".stealth-side h2")).to_contain_text("1-2")
    page.click("#home-link")
    page.click("[data-game=stealth]")
    page.wait_for_selector("[data-level='1-1'] .star.earned")
    assert page.locator("[data-level='1-1'] .star.earned").count() == 3


def test_a_capture_is_announced_and_undo_takes_it_back(page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    page.click("[data-node=a].target")
    wait_version(page, 1)
    page.hover("[data-node=b].target")
    page.wait_for_selector(".warning-icon")
    assert "capture par sentinelle" in page.inner_text("#stealth-preview")
    page.click("#preview-setting")  # "Aperçu du coup" off: no preview any more
    expect(page.locator("#preview-setting")).not_to_be_checked()
    page.hover("[data-node=b]")
    expect(page.locator("[data-node=b]")).to_have_class(re.compile(r"\bhovered\b"))
    assert page.inner_text("#stealth-preview") == "" and page.locator(".warning-icon").count() == 0
    page.click("#preview-setting")
    expect(page.locator("#preview-setting")).to_be_checked()
    page.click("[data-node=b]")
    wait_version(page, 2)
    expect(page.locator("#outcome")).to_contain_text("Perdu")
    page.click("#undo")
    wait_version(page, 3)
    assert page.is_hidden("#outcome")
    assert page.locator("[data-node=b].target").count() == 1
    page.click("#undo")
    wait_version(page, 4)
    assert page.locator("[data-node=a].target").count() == 1
    assert page.locator("#undo").count() == 0


def test_an_alerted_tracker_is_framed_as_not_neutralisable(page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='1-9']")
    wait_version(page, 0)
    for number, node in enumerate(("a", "start", "a", "b")):
        page.click(f"[data-node={node}].target")
        wait_version(page, number + 1)
    assert page.locator(".alert-frame").count() == 1
    assert "Traqueur : en alerte, impossible à neutraliser" in page.inner_text(".alert-note")
    page.click("[data-lang=en]")
    expect(page.locator(".alert-note")).to_contain_text("cannot be neutralised")


def test_clicking_the_centre_of_an_enemys_node_walks_onto_it_even_on_a_phone(new_page: Any) -> None:
    page = new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    for number, node in enumerate(("a", "d", "e")):
        page.click(f"[data-node={node}].target")
        wait_version(page, number + 1)
    for target in page.locator(".node.target .hit-area").all():  # every node is a finger-sized target
        box = target.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    shape = page.locator("[data-node=post] .node-shape").bounding_box()
    centre = (shape["x"] + shape["width"] / 2, shape["y"] + shape["height"] / 2)
    # the sentry's triangle is drawn right there: the click still goes to the node
    body = page.locator(".enemy .meeple-body").first.bounding_box()
    assert body["x"] < centre[0] < body["x"] + body["width"] and body["y"] < centre[1] < body["y"] + body["height"]
    page.mouse.click(*centre)
    wait_version(page, 4)
    assert page.inner_text("#tray-count") == "1 / 1"


def _open(page: Any, level_id: str) -> None:
    page.click("[data-game=stealth]")
    page.click(f"[data-level='{level_id}']")
    wait_version(page, 0)


def _node_names(page: Any) -> set[str]:
    return set(page.eval_on_selector_all(".stealth-board [data-node]", "nodes => nodes.map((n) => n.dataset.node)"))


def test_every_kind_of_node_and_enemy_is_drawn_as_a_piece_and_no_name_is_on_the_map(page: Any) -> None:
    _open(page, "1-14")  # a pivot, a patrol, a door and its key, one-way edges, the exit
    board = page.locator(".stealth-board")
    expect(board.locator(".enemy.kind-pivot .next-ring")).to_have_count(1)  # its next orientation, a broken ring
    expect(board.locator(".enemy.kind-patrol .lantern")).to_have_count(1)
    expect(board.locator(".route")).to_have_count(1)  # the patrol's route
    assert board.locator(".door-piece.closed").count() >= 1 and board.locator(".key-icon").count() >= 1
    assert board.locator(".oneway-arrows").count() >= 1 and board.locator(".exit-flag").count() == 1
    assert board.locator(".view-cone").count() == board.locator(".enemy").count() == 3  # each looks somewhere
    assert board.locator(".leader .meeple-body").count() == 1
    texts = set(board.locator("text").all_text_contents())
    assert not texts & _node_names(page), texts  # no « start », « post », « a » on the board
    page.click("#home-link")
    _open(page, "1-12")  # hideouts and the caravan
    assert page.locator(".stealth-board .hide-bush").count() >= 1
    assert page.locator(".stealth-board .member").count() >= 1
    page.click("#home-link")
    _open(page, "1-9")  # a tracker: its post, and its alert mark once it hunts you
    expect(page.locator(".stealth-board .post-mark")).to_have_count(1)
    expect(page.locator(".stealth-board .enemy.kind-tracker .tracker-ears")).to_have_count(1)
    for number, node in enumerate(("a", "start", "a", "b")):
        page.click(f"[data-node={node}].target")
        wait_version(page, number + 1)
    expect(page.locator(".stealth-board .enemy.kind-tracker .alert-mark")).to_have_count(1)


def test_the_enemies_move_after_the_leader_and_nothing_moves_with_reduced_motion(new_page: Any) -> None:
    page = new_page(reduced_motion="no-preference")
    _open(page, "1-4")  # a patrol walks its route every turn
    page.click("[data-node=a].target")
    wait_version(page, 1)
    delays = page.evaluate("() => document.getAnimations().map((a) => a.effect.getTiming().delay)")
    assert 0 in delays and any(delay > 0 for delay in delays), delays  # the leader at once, the enemies after
    calm = new_page()  # the tests' default: prefers-reduced-motion
    _open(calm, "1-4")
    calm.click("[data-node=a].target")
    wait_version(calm, 1)
    assert calm.evaluate("() => document.getAnimations().filter((a) => a.effect.target?.closest?.('.stealth-board')).length") == 0


def test_a_hint_shows_the_next_move_and_costs_the_par_star(page: Any) -> None:
    _open(page, "1-1")
    expect(page.locator("#hint")).to_contain_text("coûte l'étoile par")
    page.click("#hint")
    expect(page.locator("#hint-text")).to_contain_text("allez au nœud entouré")
    assert _hinted(page) == "a"  # the first move of the only shortest solution
    for number, node in enumerate(("a", "d", "e", "post", "c", "exit")):
        page.click(f"[data-node={node}].target")
        wait_version(page, number + 1)
    expect(page.locator("#win-screen [data-star=par]")).to_contain_text("un indice a été utilisé")
    assert page.locator("#win-screen .star.earned").count() == 2  # the exit and the sweep, not the par
    page.click("#home-link")
    page.click("[data-game=stealth]")
    page.wait_for_selector("[data-level='1-1'] .star")
    assert page.locator("[data-level='1-1'] .star.earned").count() == 2


def _hinted(page: Any) -> str:
    page.wait_for_selector(".node.hinted")
    return page.get_attribute(".node.hinted", "data-node")


def test_a_replayed_step_shows_its_own_state_not_the_end(page: Any) -> None:
    _open(page, "1-1")
    page.click("[data-node=a].target")
    wait_version(page, 1)
    page.click("[data-node=b].target")  # in front of the sentry: captured
    wait_version(page, 2)
    expect(page.locator("#outcome")).to_contain_text("Perdu")
    page.click("#replay-start")
    page.click("#replay-forward")
    expect(page.locator("#replay-where")).to_have_text("Coup 1 / 2")
    expect(page.locator("#outcome")).to_be_hidden()  # « Perdu — capturé » belongs to move 2
    expect(page.locator("#replay-step-state")).to_contain_text("la partie continue")
    assert page.locator("#lose-screen").count() == 0
    page.click("#replay-now")
    expect(page.locator("#outcome")).to_contain_text("Perdu")


GUARDED = {"format": "meeple-stealth-level", "version": 1, "id": "custom", "title": {"fr": "Mon niveau", "en": "My level"},
           "nodes": [{"id": "s", "x": 0, "y": 1}, {"id": "a", "x": 1, "y": 0}, {"id": "b", "x": 1, "y": 2},
                     {"id": "g", "x": 2, "y": 1}, {"id": "x", "x": 3, "y": 1}],
           "edges": [["s", "a"], ["a", "g"], ["g", "x"], ["s", "b"], ["b", "g"]], "start": "s", "exit": "x",
           "enemies": [{"id": "sentry1", "kind": "sentry", "node": "g", "facing": "a"}]}
"""A custom level: the sentry on g looks at a, so the way is round by b, neutralising it from the side."""


def test_the_editor_draws_pieces_names_mechanics_in_words_and_a_custom_level_has_its_stars(page: Any, tmp_path: Path) -> None:
    file = tmp_path / "guarded.json"
    file.write_text(json.dumps(GUARDED), encoding="utf-8")
    page.click("[data-game=stealth]")
    page.click("#create-level")
    page.set_input_files("#editor-import-file", str(file))
    expect(page.locator("#editor-needed")).to_contain_text("Mécaniques nécessaires : neutraliser une sentinelle")
    assert "sentry" not in page.inner_text("#editor-needed")
    expect(page.locator("#editor-stars")).to_contain_text("sortie, par (3 coups), rafle")
    board = page.locator(".editor-board")
    assert board.locator(".enemy.kind-sentry").count() == 1 and board.locator(".leader").count() == 1
    assert board.locator(".exit-flag").count() == 1
    assert sorted(board.locator(".node-label").all_text_contents()) == ["a", "b", "g", "s", "x"]  # names, no « s@ »
    page.click("#editor-play")
    wait_version(page, 0)
    for number, node in enumerate(("b", "g", "x")):
        page.click(f"[data-node={node}].target")
        wait_version(page, number + 1)
    expect(page.locator("#win-screen .win-star")).to_have_count(3)  # finish, par and sweep, not one star
    assert page.locator("#win-screen .star.earned").count() == 3
    assert page.locator("#next-level").count() == 0  # after a custom level, no « Niveau suivant » (it opened 1-1)
    page.click("#retry-level")  # the same custom level again
    page.wait_for_function("() => document.querySelector('section.room')?.dataset.version === '0'")
    expect(page.locator(".stealth-side h2")).to_contain_text("Mon niveau")


def _play_solution(page: Any, level_id: str) -> None:
    level = load_shipped_level(level_id)
    for number, (kind, node) in enumerate(solve(level).actions):
        if kind == THROW:
            page.click("#throw")
        page.click(f"[data-node={level.name(node)}].target")
        wait_version(page, number + 1)


def test_the_next_level_stays_in_its_act(page: Any) -> None:
    last = [level_id for level_id in shipped_level_ids() if level_id.startswith("1-")][-1]
    _open(page, last)
    _play_solution(page, last)
    expect(page.locator("#win-screen")).to_be_visible()
    expect(page.locator("#retry-level")).to_be_visible()
    assert page.locator("#next-level").count() == 0  # act 2 is chosen from the level select


def test_the_daily_level_is_in_the_level_select_and_the_lobby(page: Any) -> None:
    page.click("[data-daily=stealth]")  # the lobby's link goes straight into today's level
    wait_version(page, 0)
    expect(page.locator(".stealth-side h2")).to_contain_text("Niveau du jour ·")
    assert page.locator(".stealth-board .node.target").count() >= 1
    page.click("#home-link")
    page.click("[data-game=stealth]")
    expect(page.locator("#stealth-daily")).to_contain_text("le même pour tout le monde")
    page.click("#daily-level")  # the level select's button: the same level (one per date)
    wait_version(page, 0)
    expect(page.locator(".stealth-side h2")).to_contain_text("Niveau du jour ·")
