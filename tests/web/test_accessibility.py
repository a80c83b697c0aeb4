"""axe-core (npm, installed by scripts/setup.sh --test into tests/web/a11y) finds no serious or critical
violation on the lobby, the new-game page and a room page of every game, in French and in English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import start_from_new_game

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
GAMES = ["stealth", "ilyos", "skirmish", "hive", "murder"]


def serious_violations(page: Any) -> list[str]:
    """axe's serious and critical violations on the page as it is now, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const result = await axe.run(document, { resultTypes: ["violations"] });
        return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
    }""")
    return list(found)


@pytest.fixture
def a11y_page(new_page: Any) -> Any:
    if not AXE.exists():
        pytest.skip("axe-core is not installed (scripts/setup.sh --test installs it into tests/web/a11y)")
    # the Content-Security-Policy refuses inline scripts: the test's own axe is let in, nothing else changes
    return new_page(bypass_csp=True)


def test_axe_finds_no_serious_violation_on_the_lobby_in_both_languages(a11y_page: Any) -> None:
    assert serious_violations(a11y_page) == [], "lobby (fr)"
    a11y_page.click("[data-lang=en]")
    a11y_page.wait_for_selector("text=Choose a game")
    assert serious_violations(a11y_page) == [], "lobby (en)"


@pytest.mark.parametrize("game", GAMES)
def test_axe_finds_no_serious_violation_on_the_new_game_room_and_rules(a11y_page: Any, game: str) -> None:
    page = a11y_page
    page.click(f"[data-game={game}]")
    page.wait_for_selector("#rules-button")
    assert serious_violations(page) == [], "new game"
    start_from_new_game(page, game)
    page.wait_for_selector("#history-list li")
    assert serious_violations(page) == [], "room"
    page.click("#rules-button")
    page.wait_for_selector("dialog[open]")
    assert serious_violations(page) == [], "rules"


def test_axe_finds_no_serious_violation_in_the_murder_case_editor(a11y_page: Any) -> None:
    page = a11y_page
    page.click("[data-game=murder]")
    page.click("#create-case")
    page.click("#editor-add-person")
    page.click("#editor-add-kind")  # the case's own object kind: its form
    page.fill("#kind-0-fr", "table")  # a name already taken: the field's problem shown
    page.click("#editor-add-clue")  # a row of each list, the live check's answer shown
    page.wait_for_selector("#editor-status[data-state=not-ok]")
    assert serious_violations(page) == [], "editor (fr)"
    page.click("[data-lang=en]")
    page.wait_for_selector("text=Create a case")
    page.wait_for_selector("#editor-status[data-state=not-ok]")
    assert serious_violations(page) == [], "editor (en)"
