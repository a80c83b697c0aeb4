"""The Sudoku Murder case editor in the browser: draw a 4×4 case from nothing, watch the server's check turn it
from not unique to unique and guess-free (and see where logic gets stuck on another), export it (the file reads
back to the same case), keep the draft over a reload, name an invalid clue, play it, share it (a room, and a link
carrying the case), print it (the server's PDF on A4 or Letter; the page's own view when the server has no PDF
part), declare the case's own object kind and use it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from meeple.games.murder.caseio import case_from_json, case_to_json
from meeple.games.murder.model import FLOORS, OBJECT_KINDS
from tests.web.browser import wait_version

pytestmark = pytest.mark.browser

ROOMS = {"A": {(0, 0), (0, 1), (1, 0), (1, 1)}, "B": {(r, c) for r in range(4) for c in (2, 3)},
         "C": {(2, 0), (2, 1), (3, 0), (3, 1)}}
"""The house drawn: A top left, B the right half, C bottom left."""

EXPECTED = {
    "format": "meeple-murder-case", "version": 1, "title": {"fr": "Premier meurtre", "en": "First murder"}, "size": 4,
    "grid": [["A", "A", "B", "B"], ["A", "A", "B", "B"], ["C", "C", "B", "B"], ["C", "C", "B", "B"]],
    "rooms": [{"id": "A", "name": {"fr": "la Cuisine", "en": "the Kitchen"}, "preposition": "dans", "floor": "parquet"},
              {"id": "B", "name": {"fr": "le Salon", "en": "the Living room"}, "preposition": "dans", "floor": "carrelage"},
              {"id": "C", "name": {"fr": "la Terrasse", "en": "the Terrace"}, "preposition": "sur", "floor": "moquette"}],
    "objects": [{"cell": [3, 0], "kind": "plante"}],
    "people": [{"id": "Alice", "name": "Alice", "gender": "f", "victim": True},
               {"id": "Bruno", "name": "Bruno", "gender": "m", "victim": False},
               {"id": "Chloé", "name": "Chloé", "gender": "f", "victim": False},
               {"id": "Damien", "name": "Damien", "gender": "m", "victim": False}],
    "clues": [{"person": "Alice", "kind": "row", "index": 0}, {"person": "Alice", "kind": "column", "index": 0},
              {"person": "Chloé", "kind": "column", "index": 3}, {"person": "Damien", "kind": "row", "index": 3}],
    "solution": {"Alice": [0, 0], "Bruno": [1, 1], "Chloé": [2, 3], "Damien": [3, 2]},
}


def _page_size(pdf: bytes) -> tuple[int, int]:
    """The width and height, in points, of a one-page PDF (its MediaBox), rounded."""
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    assert len(boxes) == 1, boxes
    return round(float(boxes[0][0])), round(float(boxes[0][1]))


def _open_editor(page: Any) -> None:
    page.click("[data-game=murder]")
    page.click("#create-case")
    expect(page.locator(".murder-editor h1")).to_contain_text("Créer une enquête")


def _clue(page: Any, index: int, person: str, kind: str, value: str) -> None:
    """Add clue number ``index`` (from 0) from the menus: who, which kind, which row or column."""
    page.click("#editor-add-clue")
    page.select_option(f"#clue-{index}-person", person)
    page.select_option(f"#clue-{index}-kind", kind)
    page.select_option(f"#clue-{index}-index", value)


def _draw_the_house(page: Any) -> None:
    page.select_option("#editor-size", "4")
    page.click("#editor-new-case")
    expect(page.locator("#editor-board [data-cell]")).to_have_count(16)
    page.click("#editor-add-room")  # a new room is the one painted: B with the mouse
    for r, c in sorted(ROOMS["B"]):
        page.click(f"#editor-board [data-cell='{r},{c}']")
    page.click("#editor-add-room")  # C with the keyboard: one Tab stop, arrows between cells, Enter paints
    page.focus("#editor-board [data-cell='2,0']")
    for key in ("Enter", "ArrowRight", "Enter", "ArrowDown", "Enter", "ArrowLeft", "Enter"):
        page.keyboard.press(key)
    expect(page.locator("#editor-board [data-cell='3,0']")).to_be_focused()
    expect(page.locator("#editor-board [tabindex='0']")).to_have_count(1)
    page.fill("#room-C-fr", "la Terrasse")
    page.fill("#room-C-en", "the Terrace")
    page.select_option("#room-C-prep", "sur")
    page.click("[data-tool=objects]")
    page.click("[data-kind=plante]")
    page.click("#editor-board [data-cell='3,0']")


def test_a_case_drawn_from_nothing_becomes_unique_is_exported_and_kept(page: Any, tmp_path: Path, watch: Any) -> None:
    watch.allow("status of 501")  # the browser logs the « no PDF part » answer this test provokes
    _open_editor(page)
    _draw_the_house(page)
    for cell, room in (((0, 1), "A"), ((2, 2), "B"), ((3, 1), "C")):
        expect(page.locator(f"#editor-board [data-cell='{cell[0]},{cell[1]}'] .room-letter")).to_have_text(room)
    for _ in range(4):
        page.click("#editor-add-person")
    expect(page.locator("#editor-people-count")).to_have_text("4 / 4")
    expect(page.locator("#editor-add-person")).to_be_disabled()  # exactly N people on an N×N board
    page.fill("#person-2-name", "Chloé")
    page.fill("#editor-title-fr", "Premier meurtre")
    page.fill("#editor-title-en", "First murder")
    _clue(page, 0, "Alice", "row", "0")
    _clue(page, 1, "Alice", "column", "0")
    _clue(page, 2, "Chloé", "column", "3")
    # three clues: two boards fit, the server's second one is drawn; the clue's sentence is the server's
    expect(page.locator("#editor-verdict")).to_have_attribute("data-solutions", "2")
    expect(page.locator("#editor-verdict")).to_contain_text("2 solutions au moins")
    expect(page.locator("#editor-witness")).to_be_visible()
    expect(page.locator("#clue-2-text")).to_have_text("« Elle était dans la colonne de droite. »")
    expect(page.locator("#editor-play")).to_be_enabled()  # a readable case can be play-tested
    expect(page.locator("#editor-share-button")).to_be_disabled()  # but only a proven one is shared
    _clue(page, 3, "Damien", "row", "3")
    expect(page.locator("#editor-verdict")).to_have_attribute("data-solutions", "1")
    expect(page.locator("#editor-no-guess")).to_contain_text("Sans deviner")
    expect(page.locator("#editor-murderer")).to_have_text("L'assassin : Bruno")
    expect(page.locator("#editor-status")).to_have_attribute("data-state", "ok")
    page.click("[data-tool=people]")  # an intended answer that breaks a rule: the two people named are ringed
    for name, cell in (("Alice", "0,0"), ("Bruno", "0,1"), ("Chloé", "2,3"), ("Damien", "3,2")):
        page.click(f"[data-place='{name}']")
        page.click(f"#editor-board [data-cell='{cell}']")
    expect(page.locator("#editor-format-error")).to_contain_text("Réponse prévue")
    expect(page.locator("#editor-board .marked-ring")).to_have_count(2)
    page.click("[data-tool=erase]")
    page.click("#editor-board [data-cell='0,1']")  # Bruno off the board: no answer is sent, the case is fine again
    expect(page.locator("#editor-status")).to_have_attribute("data-state", "ok")
    page.click("#editor-take-solution")  # the solver's answer becomes the intended one (exported with the case)
    expect(page.locator("#editor-board [data-cell='1,1'] .token-label")).to_have_text("Br")
    expect(page.locator("#editor-status")).to_have_attribute("data-state", "ok")

    with page.expect_download() as download:
        page.click("#editor-export")
    target = tmp_path / download.value.suggested_filename
    download.value.save_as(target)
    assert target.name == "premier-meurtre-4x4.murder.json"
    exported = json.loads(target.read_text(encoding="utf-8"))
    assert case_to_json(case_from_json(exported)) == case_to_json(case_from_json(EXPECTED))

    page.reload()  # the draft is kept in this browser: the editor comes back as it was
    expect(page.locator("#editor-people [data-person]")).to_have_count(4)
    expect(page.locator("#clue-3-person")).to_have_value("Damien")
    expect(page.locator("#editor-title-fr")).to_have_value("Premier meurtre")
    expect(page.locator("#editor-status")).to_have_attribute("data-state", "ok")

    # « Imprimer »: the PDF the server makes (as meeple murder render), on the paper chosen (A4: a French browser)
    expect(page.locator("#editor-paper")).to_have_value("a4")
    page.select_option("#editor-paper", "letter")
    with page.expect_download() as download:
        page.click("#editor-print-button")
    assert download.value.suggested_filename == "premier-meurtre-4x4-letter.pdf"
    pdf = Path(download.value.path()).read_bytes()
    assert pdf.startswith(b"%PDF") and _page_size(pdf) == (612, 792)
    page.select_option("#editor-paper", "a4")
    with page.expect_download() as download:
        page.click("#editor-print-button")
    assert _page_size(Path(download.value.path()).read_bytes()) == (595, 842)
    expect(page.locator(".toast").last).to_contain_text("PDF prêt (A4)")
    papers = page.evaluate("async () => { const m = await import('/static/games/murder-editor.js');"
                           " return ['en-US', 'en-GB', 'fr', 'fr-CA', 'de-DE'].map((l) => m.defaultPaper(l)); }")
    assert papers == ["letter", "a4", "a4", "letter", "a4"]  # as the command line decides from the locale

    # a server without the pdf extra: its « missing_part » makes the page print its own view, answer included
    page.route("**/api/games/murder/catalog/print", lambda route: route.fulfill(status=501, json={
        "type": "error", "error": "missing_part", "message": {"fr": "Le PDF demande reportlab", "en": "PDF needs reportlab"}}))
    page.evaluate("() => { window.print = () => { document.body.dataset.printed = 'yes'; }; }")
    page.check("#editor-print-answer")
    page.click("#editor-print-button")  # the sheet: the board, the rooms, every card with its sentences
    expect(page.locator("body")).to_have_attribute("data-printed", "yes")
    expect(page.locator(".toast").last).to_contain_text("Pas de PDF sur ce serveur")
    expect(page.locator("#editor-print .murder-card")).to_have_count(4)
    expect(page.locator("#editor-print .print-board .token")).to_have_count(4)
    page.unroute("**/api/games/murder/catalog/print")
    expect(page.locator("#editor-print")).to_contain_text("Il était dans la rangée du bas.")
    expect(page.locator("#editor-print")).to_contain_text("La victime. Elle était seule avec l'assassin.")

    page.click("#editor-share-button")  # a room with the case, and a link that carries the case itself
    expect(page.locator("#editor-share-link")).to_have_value(re.compile(r"#/room/[A-Z0-9-]+$"))
    expect(page.locator("#editor-case-link")).to_have_value(re.compile(r"#/shared/murder/[A-Za-z0-9_-]+$"))
    case_link = page.locator("#editor-case-link").input_value()
    page.click("#editor-play")  # play-testing: a room of its own, the case on its board
    wait_version(page, 0)
    expect(page.locator(".murder-card")).to_have_count(4)
    expect(page.locator("[data-person=Damien] .clues")).to_contain_text("Il était dans la rangée du bas.")
    tested = page.url
    page.goto(case_link)  # whoever opens the case link solves it in a room of their own (no answer in the link)
    expect(page.locator("#shared-title")).to_contain_text("Premier meurtre — 4 × 4, 4 personnes")
    page.click("#shared-play")
    wait_version(page, 0)
    assert page.url != tested
    expect(page.locator("[data-person=Chloé] .clues")).to_contain_text("Elle était dans la colonne de droite.")


def test_a_stuck_step_is_shown_and_an_invalid_clue_is_named_on_its_row(page: Any) -> None:
    _open_editor(page)
    _draw_the_house(page)
    for _ in range(4):
        page.click("#editor-add-person")
    _clue(page, 0, "Céline", "column", "2")
    _clue(page, 1, "Bruno", "row", "3")
    _clue(page, 2, "Céline", "row", "1")
    page.click("#editor-add-clue")
    page.select_option("#clue-3-person", "Damien")
    page.select_option("#clue-3-kind", "alone")
    # one solution, but logic stops at step 11 with only Céline placed: her cell is ringed
    expect(page.locator("#editor-verdict")).to_have_attribute("data-solutions", "1")
    expect(page.locator("#editor-stuck")).to_contain_text("Il faut deviner. Étape 11")
    expect(page.locator("#editor-board .cell.stuck")).to_have_count(1)
    expect(page.locator("#editor-board [data-cell='1,2'].stuck .stuck-label")).to_have_text("Cé")
    expect(page.locator("#editor-share-button")).to_be_disabled()
    page.click("#editor-add-clue")  # clue 5: who has no clue yet (Alice is the victim: Bruno), in a room
    page.select_option("#clue-4-room", "C")
    expect(page.locator("#clue-4-text")).to_contain_text("sur la Terrasse")
    page.click("[data-room=C] .remove")  # its cells go to B; the clue still names C
    row = page.locator("[data-field='clues[4]']")
    expect(row).to_have_class(re.compile(r"\beditor-invalid\b"))
    expect(row.locator(".row-error")).to_contain_text("Indice 5")
    expect(row.locator(".row-error")).to_contain_text("pièce inconnue 'C'")
    expect(page.locator("#editor-format-error")).to_contain_text("Indice 5 — pièce inconnue 'C'")
    expect(page.locator("#editor-format-error")).to_have_attribute("data-field", "clues[4].room")  # not in the text
    expect(page.locator("#editor-play")).to_be_disabled()
    expect(page.locator("#clue-0-text")).to_contain_text("troisième colonne")  # the other clues keep their sentence
    expect(page.locator("#clue-4-text")).not_to_contain_text("Terrasse")  # not this one: its room is gone
    page.click("#editor-undo")
    expect(page.locator("[data-field='clues[4]']")).not_to_have_class(re.compile(r"\beditor-invalid\b"))
    expect(page.locator("#clue-4-text")).to_contain_text("sur la Terrasse")


def test_an_imported_case_brings_its_own_objects_and_the_lists_are_the_formats(page: Any, tmp_path: Path) -> None:
    _open_editor(page)
    own = {**EXPECTED, "object_kinds": [{"id": "télé", "name": {"fr": "télé", "en": "TV"}, "feminine": True,
                                         "standable": False, "icon": "shelf"}],
           "objects": [*EXPECTED["objects"], {"cell": [0, 3], "kind": "télé"}],
           "clues": [*EXPECTED["clues"], {"person": "Bruno", "kind": "not_beside", "object": "télé"}]}
    source = tmp_path / "own.json"
    source.write_text(json.dumps(own), encoding="utf-8")
    page.set_input_files("#editor-import-file", str(source))  # « Importer »
    expect(page.locator("#editor-title-fr")).to_have_value("Premier meurtre")
    expect(page.locator("#editor-board [data-cell='0,3'] .object")).to_have_text("télé")
    expect(page.locator("#clue-4-object")).to_have_value("télé")
    expect(page.locator("#clue-4-text")).to_have_text("« Il n'était à côté d'aucune télé. »")
    expect(page.locator("#editor-status")).to_have_attribute("data-state", "ok")  # the answer came in with it
    expect(page.locator("#editor-board [data-cell='2,3'] .token-label")).to_have_text("Ch")
    page.click("[data-tool=objects]")
    expect(page.locator(".palette-group", has_text="Bloque sa case").locator("[data-kind=télé]")).to_be_visible()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "meeple-stealth-level"}', encoding="utf-8")
    page.set_input_files("#editor-import-file", str(bad))  # not a case: said, and the draft is untouched
    expect(page.locator(".toast.error")).to_contain_text("bad.json : pas une enquête")
    expect(page.locator("#editor-board [data-cell='0,3'] .object")).to_have_text("télé")
    junk = tmp_path / "junk.json"  # a case file of the wrong shapes everywhere: drawn, and the first fault named
    junk.write_text(json.dumps({"format": "meeple-murder-case", "version": 1, "size": 4, "grid": [["A"], 7],
                                "rooms": [{"id": 3, "name": "x"}, 5], "people": [{"name": ["X"]}, None],
                                "clues": [7, {"kind": "zzz", "person": {}}], "objects": [{"cell": "bad"}]}), encoding="utf-8")
    page.set_input_files("#editor-import-file", str(junk))
    expect(page.locator("#editor-format-error")).to_have_attribute("data-field", re.compile(r"^rooms\[0\]"))
    expect(page.locator("#editor-format-error")).to_contain_text("Pièce 3")  # rooms[0] in words: its id is 3
    expect(page.locator("#editor-board [data-cell]")).to_have_count(16)
    page.select_option("#clue-0-person", "X")  # a menu still works on a clue of an unknown kind
    expect(page.locator("#clue-0-kind")).to_have_value("zzz")
    page.goto(page.url.split("#")[0] + "#/shared/murder/bm90LWEtY2FzZQ")  # a cut or forged case link is said so
    expect(page.locator("#shared-error")).to_contain_text("ne contient pas d'enquête lisible")
    lists = page.evaluate("async () => { const m = await import('/static/games/murder-editor.js'); return [m.FLOORS, m.KINDS]; }")
    assert [floor[0] for floor in lists[0]] == list(FLOORS)
    assert [[floor[1], floor[2]] for floor in lists[0]] == [[f.name.fr, f.name.en] for f in FLOORS.values()]
    assert {kind[0]: (kind[1], kind[2]) for kind in lists[1]} == {k: (o.english, o.standable) for k, o in OBJECT_KINDS.items()}


def test_the_designer_declares_an_object_kind_of_the_case_and_uses_it(page: Any) -> None:
    _open_editor(page)
    _draw_the_house(page)
    for _ in range(4):
        page.click("#editor-add-person")
    page.click("#editor-add-kind")  # « + Objet »: a form in the side panel, the French name is the id
    expect(page.locator("#kind-0-fr")).to_be_focused()
    page.fill("#kind-0-fr", "télé")
    page.fill("#kind-0-en", "TV")
    page.check("#kind-0-feminine")  # « une télé »
    page.select_option("#kind-0-use", "block")
    page.select_option("#kind-0-icon", "shelf")
    page.click("[data-tool=objects]")
    expect(page.locator(".palette-group", has_text="Bloque sa case").locator("[data-kind=télé]")).to_be_visible()
    page.click("[data-kind=télé]")
    page.click("#editor-board [data-cell='0,3']")
    expect(page.locator("#editor-board [data-cell='0,3'] .object")).to_have_text("télé")
    expect(page.locator("#editor-board [data-cell='0,3'] .blocked-cross")).to_have_count(1)
    page.click("#editor-add-clue")
    page.select_option("#clue-0-person", "Céline")
    page.select_option("#clue-0-kind", "beside")
    page.select_option("#clue-0-object", "télé")
    expect(page.locator("#clue-0-text")).to_have_text("« Elle était à côté d'une télé. »")  # the server's sentence
    kinds = page.evaluate("() => JSON.parse(localStorage.getItem('meeple.murder.draft')).object_kinds")
    assert kinds == [{"id": "télé", "name": {"fr": "télé", "en": "TV"}, "feminine": True, "standable": False, "icon": "shelf"}]

    page.fill("#kind-0-fr", "table")  # a name another object has: said on the field, the case unchanged
    expect(page.locator("#kind-0-problem")).to_contain_text("« table » est déjà un objet")
    expect(page.locator("#kind-0-fr")).to_have_attribute("aria-invalid", "true")
    page.uncheck("#kind-0-feminine")  # other edits redraw the form: the refused name and its reason stay
    page.check("#kind-0-feminine")
    expect(page.locator("#kind-0-fr")).to_have_value("table")
    expect(page.locator("#kind-0-problem")).to_contain_text("« table » est déjà un objet")
    expect(page.locator("#editor-board [data-cell='0,3'] .object")).to_have_text("télé")
    assert page.evaluate("() => JSON.parse(localStorage.getItem('meeple.murder.draft')).object_kinds") == kinds
    page.fill("#kind-0-fr", "télé")
    expect(page.locator("#kind-0-problem")).to_be_hidden()
    page.fill("#kind-0-en", "")  # what the format refuses is named by the server on the row
    row = page.locator("[data-field='object_kinds[0]']")
    expect(row).to_have_class(re.compile(r"\beditor-invalid\b"))
    expect(row.locator(".row-error")).to_contain_text("Objet 1 de l'enquête")
    expect(page.locator("#kind-0-en")).to_have_attribute("aria-invalid", "true")  # the field itself
    page.fill("#kind-0-en", "TV")
    expect(row).not_to_have_class(re.compile(r"\beditor-invalid\b"))
    expect(page.locator("#kind-0-en")).not_to_have_attribute("aria-invalid", "true")

    _clue(page, 1, "Bruno", "row", "3")  # clues change places with the arrows, from the keyboard too
    expect(page.locator("#clue-0-up")).to_be_disabled()
    page.focus("#clue-1-up")
    page.keyboard.press("Enter")
    expect(page.locator("#clue-0-person")).to_have_value("Bruno")
    expect(page.locator("#clue-1-text")).to_have_text("« Elle était à côté d'une télé. »")
    expect(page.locator("#clue-0-down")).to_be_focused()  # at the top: the focus goes to the other arrow
    page.keyboard.press("Enter")
    expect(page.locator("#clue-0-person")).to_have_value("Céline")
    expect(page.locator("#clue-1-down")).to_be_disabled()
    expect(page.locator("#clue-1-up")).to_be_focused()

    page.click("[data-lang=en]")  # the same sentence in English
    expect(page.locator("#clue-0-text")).to_have_text("« She was next to a TV. »")
    expect(page.locator("#kind-0-use")).to_have_value("block")
    for _ in range(15):
        page.click("#editor-add-kind")
    expect(page.locator("#editor-kinds [data-kind]")).to_have_count(16)
    expect(page.locator("#editor-add-kind")).to_be_disabled()  # the format's 16 own kinds


def test_the_size_menu_resizes_the_board_and_a_case_without_solution_cannot_be_played(page: Any) -> None:
    """Issue 27: choosing 4 × 4 draws a 4 × 4 board at once (it stayed 6 × 6 until « Nouvelle enquête »), the
    message names the field in words (no raw « (people) »), and « Jouer » waits for a case that has a solution."""
    _open_editor(page)
    expect(page.locator("#editor-board [data-cell]")).to_have_count(36)  # a first visit: 6 × 6
    page.click("#editor-add-person")
    page.select_option("#editor-size", "4")
    expect(page.locator("#editor-board [data-cell]")).to_have_count(16)
    expect(page.locator("#editor-people-count")).to_have_text("1 / 4")
    expect(page.locator("#editor-format-error")).to_contain_text("Personnes")
    expect(page.locator("#editor-format-error")).not_to_contain_text("(people)")
    for _ in range(3):
        page.click("#editor-add-person")
    # four people in one room: the victim's room holds two of them, so no board works
    expect(page.locator("#editor-verdict")).to_have_attribute("data-solutions", "0")
    expect(page.locator("#editor-play")).to_be_disabled()
    page.click("#editor-add-room")
    for r, c in sorted(ROOMS["B"]):
        page.click(f"#editor-board [data-cell='{r},{c}']")
    expect(page.locator("#editor-verdict")).to_have_attribute("data-solutions", "2")
    expect(page.locator("#editor-play")).to_be_enabled()  # several solutions: still worth play-testing
    page.click("#editor-undo")  # one undo step back to the one room
    expect(page.locator("#editor-play")).to_be_disabled()
    page.select_option("#editor-size", "6")
    expect(page.locator("#editor-board [data-cell]")).to_have_count(36)
