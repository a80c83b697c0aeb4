"""The lobby: the five games, French by default with an English switch, the keyboard, a phone's width."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.live import LiveServer
from tests.web.browser import Watch, start_local_game, version, wait_version

pytestmark = pytest.mark.browser

FIVE = ["stealth", "ilyos", "skirmish", "hive", "murder"]


def test_the_five_games_in_french_then_english(page: Any) -> None:
    for name in FIVE:
        assert page.locator(f"[data-game={name}]").count() == 1
    assert page.inner_text("h1") == "Choisissez un jeu"
    assert "Reprendre" in page.inner_text(".lobby") and "Rejoindre une salle" in page.inner_text(".lobby")
    page.click("[data-lang=en]")
    expect(page.locator("h1")).to_have_text("Choose a game")
    assert "Resume" in page.inner_text(".lobby") and "Infiltration" not in page.inner_text(".game-cards")
    page.reload()
    page.wait_for_selector(".game-cards [data-game=murder]")
    assert page.inner_text("h1") == "Choose a game"  # the choice is remembered
    assert page.get_attribute("html", "lang") == "en"
    page.click("[data-lang=fr]")
    expect(page.locator("h1")).to_have_text("Choisissez un jeu")


def test_a_level_is_played_with_the_keyboard_alone(page: Any) -> None:
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.game") == "stealth":
            break
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-level='1-1']")
    page.focus("[data-level='1-1']")
    page.keyboard.press("Enter")
    wait_version(page, 0)
    expect(page.locator(".stealth-side h2")).to_contain_text("1-1 ·")  # the level's title has arrived too
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('[data-node]')?.dataset.node") == "a":
            break
    assert "aller au nœud vers l'est" in (page.evaluate("document.activeElement.getAttribute('aria-label')") or "")
    expect(page.locator("#stealth-preview")).to_contain_text("Aperçu")  # the focused move is previewed
    page.keyboard.press("Enter")
    wait_version(page, 1)


def test_pages_fit_a_phone(new_page: Any) -> None:
    page = new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    start_local_game(page, "hive")
    page.wait_for_selector("#reserve-w button[data-piece]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.locator("#code-value").is_visible()


def test_a_wrong_code_is_refused_and_a_full_room_is_watched(page: Any, new_page: Any, watch: Watch,
                                                           live_server: LiveServer) -> None:
    watch.allow("status of 404")  # the browser logs the server's "no such room" answer
    page.fill("#join-code", "ZZZZZZ")
    page.click("form.join button[type=submit]")
    expect(page.locator(".toast.error")).to_contain_text("ZZZZZZ")
    page.click("[data-game=hive]")
    page.check("input[name=mode][value=ai]")
    page.click("#start")
    wait_version(page, 0)
    code = page.inner_text("#code-value")
    watcher = new_page()
    watcher.goto(f"{live_server.url}/#/room/{code}")
    wait_version(watcher, 0)
    assert "Vous regardez la partie" in watcher.inner_text(".room-actions")
    assert watcher.locator("#reserve-w button").count() == 0  # nothing to click for a spectator


def test_the_keyboard_focus_stays_on_the_board_after_a_move(page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    page.focus("[data-node=a]")
    page.keyboard.press("Enter")
    wait_version(page, 1)
    # "a" is where the leader stands now, no longer a target: the focus goes to the board's first target
    page.wait_for_function("() => document.activeElement.closest('[data-node]')?.classList.contains('target')")
    page.keyboard.press("Enter")
    wait_version(page, 2)


FRENCH_WORDS = ["Choisissez", "Votre", "Annuler", "Placer", "Crayon", "Neutralisés", "Aperçu", "Manche", "Joueur",
                "Salle", "connecté", "Tour "]
"""Words of the French interface that an English page must not show."""

ENGLISH_PAGES = {
    "stealth": ["Neutralised", "Move preview", "Turn 0"],
    "ilyos": ["Your hand", "Place an island", "Turn 1"],
    "hive": ["Your move", "Queen"],
    "murder": ["Pencil", "Check", "Hint", "The victim"],
    "skirmish": ["Select a fighter.", "Round 1"],
}


def test_every_game_in_english_at_a_phone_width(new_page: Any) -> None:
    page = new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page.click("[data-lang=en]")
    expect(page.locator("h1")).to_have_text("Choose a game")
    for game, texts in ENGLISH_PAGES.items():
        page.click("#home-link")
        start_local_game(page, game)
        for text in texts:
            expect(page.locator("#app")).to_contain_text(text)
        shown = page.inner_text("body")
        assert not [word for word in FRENCH_WORDS if word in shown], (game, shown)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, game


def test_the_watch_fails_a_test_on_a_console_error_or_a_page_error(page: Any, watch: Watch) -> None:
    with page.expect_console_message(lambda message: message.type == "error"):
        page.evaluate("console.error('broken on purpose')")
    with page.expect_event("pageerror"):
        page.evaluate("setTimeout(() => { throw new Error('thrown on purpose'); })")
    errors = watch.unexpected()
    assert any("broken on purpose" in error for error in errors), errors
    assert any("thrown on purpose" in error for error in errors), errors
    watch.errors.clear()  # this test made them on purpose


def test_a_setup_page_left_while_loading_is_not_drawn_over_the_next(page: Any) -> None:
    # both routes start before the first one's question to the server (the murder sizes) is answered
    page.evaluate("location.hash = '#/new/murder'; document.querySelector('[data-lang=en]').click()")
    page.wait_for_selector("#case-size")
    page.wait_for_load_state("networkidle")  # every answer has come back, the stale one too
    assert page.locator("form.setup").count() == 1
    assert "Board size" in page.inner_text("#app") and "Taille du plateau" not in page.inner_text("#app")


def test_each_game_card_shows_a_picture_its_players_and_length_and_the_ways_in(page: Any) -> None:
    page.wait_for_function("() => document.querySelectorAll('.card-picture img').length === 5")
    page.wait_for_function("() => [...document.querySelectorAll('.card-picture img')].every((img) => img.complete && img.naturalWidth > 0)")
    for name in FIVE:
        facts = page.locator(f"[data-card={name}] .card-facts").inner_text()
        assert "joueur" in facts and ("min" in facts or "manches" in facts), (name, facts)
    assert "2 à 4 joueurs" in page.inner_text("[data-card=ilyos] .card-facts")
    page.click("[data-card=hive] .card-rules")
    expect(page.locator("dialog.rules-dialog[open]")).to_contain_text("Encerclez la Reine adverse")
    page.click("#rules-close")
    assert page.locator(".card-editor").count() == 2  # the level editor and the case editor
    page.click("[data-card=murder] .card-editor")
    page.wait_for_selector("#editor-status")
    assert page.url.endswith("#/edit/murder")
    page.click("#home-link")
    page.click("[data-card=stealth] .card-editor")
    expect(page.locator("#app")).to_contain_text("Créer un niveau")  # the stealth editor, by its own link
    assert page.url.endswith("#/edit/stealth")


def test_resume_says_whose_turn_it_is_and_lists_yours_first(page: Any, new_page: Any) -> None:
    start_local_game(page, "skirmish")  # the older room: every move of it is this browser's
    skirmish = page.inner_text("#code-value")
    page.click("#home-link")
    # then an online Hive game: white (this browser) plays, and black (Bea) is to move
    page.click("[data-game=hive]")
    page.check("input[name=mode][value=online]")
    page.click("#start")
    wait_version(page, 0)
    hive = page.inner_text("#code-value")
    friend = new_page()
    friend.fill("#join-code", hive)
    friend.fill("#join-name", "Bea")
    friend.click("form.join button[type=submit]")
    friend.wait_for_selector("#players .player.seat-1.mine")  # seated (taking a seat changes the version)
    page.wait_for_selector("#reserve-w button[data-piece=wS1]")
    before = version(page)
    page.click("#reserve-w [data-piece=wS1]")
    page.click("[data-to='0,0']")
    wait_version(page, before + 1)
    page.click("#home-link")
    page.wait_for_selector(".resume-rooms li:nth-child(2)")
    rows = page.locator(".resume-rooms li")
    assert [rows.nth(i).get_attribute("data-code") for i in range(2)] == [skirmish, hive]  # « À vous » first
    expect(rows.nth(0).locator(".turn-badge")).to_have_text("À vous")
    expect(rows.nth(1).locator(".turn-badge")).to_have_text("Au tour de Bea")
    friend.click("#reserve-b [data-piece=bS1]")
    friend.click(".hive-board .target >> nth=0")
    wait_version(friend, before + 2)
    page.reload()
    page.wait_for_selector(f".resume-rooms [data-code='{hive}'] .turn-badge.mine")
    # both wait for this player now: the most recent first
    assert [rows.nth(i).get_attribute("data-code") for i in range(2)] == [hive, skirmish]
    page.click("[data-lang=en]")
    expect(page.locator(f".resume-rooms [data-code='{hive}'] .turn-badge")).to_have_text("Your turn")
