"""The case editor's live check (:func:`meeple.games.murder.editor.editor_report`): one 4×4 draft through the
states a designer sees, from unreadable to ready to publish."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from meeple.core.limits import TooLargeError
from meeple.games.murder import editor
from meeple.games.murder.caseio import case_from_json
from meeple.games.murder.editor import editor_report
from meeple.games.murder.model import is_solution
from tests.games.murder.builders import case_json

HOUSE = ["AAAA", "AABA", "BBBC", "BBBC"]
OBJECTS = {(0, 2): "tabouret", (0, 3): "caisse", (1, 2): "tapis", (1, 3): "tabouret", (2, 0): "table", (2, 3): "banc"}
PEOPLE = [("André", "m", False), ("Blanche", "f", False), ("Edgar", "m", True), ("Odile", "f", False)]
ANSWER = {"André": (2, 3), "Blanche": (1, 2), "Edgar": (3, 0), "Odile": (0, 1)}
GOOD_CLUES = [{"person": "André", "kind": "not_beside", "object": "banc"},
              {"person": "Blanche", "kind": "on", "object": "tapis"},
              {"person": "Odile", "kind": "not_corner"}]
"""A minimal guess-free set (difficile: it needs the victim's room rule)."""
GUESS_CLUES = [{"person": "Blanche", "kind": "not_row", "index": 3}, {"person": "Edgar", "kind": "row", "index": 3},
               {"person": "Odile", "kind": "column", "index": 1}, {"person": "Odile", "kind": "not_column", "index": 2},
               {"person": "André", "kind": "alone"}, {"person": "Blanche", "kind": "not_room", "room": "A"}]
"""One answer only, but no deduction of the ladder finds it: step 10 would be a guess."""


def draft(clues: list[dict[str, Any]], solution: dict[str, tuple[int, int]] | None = None) -> dict[str, Any]:
    """The 4×4 draft with these clues (and the designer's own answer, if given)."""
    return case_json(HOUSE, objects=OBJECTS, people=PEOPLE, clues=clues, solution=solution)


def check(document: Any) -> dict[str, Any]:
    return editor_report({"case": document, "lang": "fr"})


def test_an_unreadable_draft_names_the_field_and_fills_nothing_else() -> None:
    unknown_room = check(draft([{"person": "Odile", "kind": "room", "room": "Z"}]))
    assert unknown_room["format_error"] == {"field": "clues[0].room",
                                            "reason": {"fr": "pièce inconnue 'Z'", "en": "unknown room 'Z'"}}
    assert unknown_room["ok"] is False and unknown_room["solutions"] is None and unknown_room["clue_texts"] is None
    own = draft(GOOD_CLUES)
    own["object_kinds"] = [{"id": "télé", "name": {"fr": "télé", "en": "TV"}, "feminine": True, "icon": "shelf"}]
    assert check(own)["format_error"]["field"] == "object_kinds[0].standable"
    few = draft(GOOD_CLUES)
    few["people"] = few["people"][:3]  # a draft where the fourth person is not drawn yet
    assert check(few)["format_error"]["field"] == "people"
    assert editor_report(None)["format_error"]["reason"]["en"] == "a JSON object is expected"
    assert editor_report({"case": "a case"})["format_error"]["field"] == ""


def test_contradicting_clues_give_no_solution() -> None:
    answer = check(draft([*GOOD_CLUES, {"person": "Edgar", "kind": "row", "index": 0}]))
    assert answer["format_error"] is None and answer["ok"] is False
    assert answer["solutions"] == 0 and answer["unique"] is False and answer["witness"] is None
    assert answer["problems"] == [{"fr": "aucune solution : les indices se contredisent",
                                   "en": "no solution: the clues contradict each other"}]


def test_a_missing_clue_gives_two_solutions_and_a_second_board_unlike_the_designers() -> None:
    answer = check(draft(GOOD_CLUES[:2], solution=ANSWER))
    assert answer["ok"] is False and answer["solutions"] == 2 and answer["unique"] is False
    assert answer["problems"][0]["en"] == "2 solutions or more: a clue is missing"
    witness = {pid: (cell[0], cell[1]) for pid, cell in answer["witness"].items()}
    case = case_from_json(draft(GOOD_CLUES[:2]))
    assert witness != ANSWER and is_solution(case, witness)
    assert answer["solution"] is None and answer["murderer"] is None and answer["no_guess"] is None


def test_a_unique_draft_that_needs_a_guess_says_where_logic_stops() -> None:
    answer = check(draft(GUESS_CLUES))
    assert answer["solutions"] == 1 and answer["unique"] is True and answer["no_guess"] is False
    assert answer["ok"] is False and answer["difficulty"] is None
    assert answer["steps"] == 9 and answer["stuck"]["step"] == 10
    assert answer["stuck"]["placed"] == {}  # nobody is placed for sure when logic stops
    assert answer["stuck"]["message"]["en"].startswith("Step 10: no deduction applies any more")
    assert answer["problems"] == [{"fr": "il faut deviner à l'étape 10", "en": "a guess is needed at step 10"}]
    assert answer["murderer"] == "Blanche" and answer["solution"] == {pid: list(c) for pid, c in ANSWER.items()}


def test_a_unique_guess_free_draft_is_ok_with_its_difficulty_murderer_and_card_sentences() -> None:
    answer = check(draft(GOOD_CLUES))
    assert answer["ok"] is True and answer["problems"] == [] and answer["format_error"] is None
    assert answer["solutions"] == 1 and answer["no_guess"] is True and answer["stuck"] is None
    assert answer["difficulty"] == 3 and answer["steps"] == 10 and answer["murderer"] == "Blanche"
    assert answer["solution"] == {pid: list(cell) for pid, cell in ANSWER.items()} and answer["witness"] is None
    assert answer["clue_texts"] == [
        {"fr": "Il n'était à côté d'aucun banc.", "en": "He was next to no bench."},
        {"fr": "Elle était sur un tapis.", "en": "She was on a rug."},
        {"fr": "Elle n'était pas dans un coin de la pièce.", "en": "She was not in a corner of the room."},
    ]


def test_a_draft_past_the_node_budget_is_too_large_to_check_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(editor, "EDITOR_NODES", 1)  # the two-solution draft needs more than one node
    answer = check(draft(GOOD_CLUES[:2]))
    assert answer["ok"] is False and answer["solutions"] is None and answer["unique"] is False
    assert answer["problems"] == [{"fr": "trop grand pour être vérifié ici (plus de 1 nœuds de recherche)",
                                   "en": "too large to be checked here (more than 1 search nodes)"}]


def test_a_draft_over_the_format_limits_is_refused_whole() -> None:
    huge = draft([GOOD_CLUES[1]] * 101)
    with pytest.raises(TooLargeError) as raised:
        check(huge)
    assert raised.value.field == "clues"


def test_garbage_anywhere_in_a_draft_is_an_answer_never_a_crash() -> None:
    rng = random.Random(15)
    junk: list[Any] = [None, -1, 99, "Z", "", [], {}, [[]], True, 2.5, {"fr": "x"}]
    base = draft(GOOD_CLUES, solution=ANSWER)
    for _ in range(300):
        document = copy.deepcopy(base)
        holder, key = _random_slot(document, rng)
        holder[key] = rng.choice(junk)
        try:
            answer = check(document)
        except TooLargeError as error:  # junk nested under a deep field: over the depth limit, 413
            assert error.limit == "depth"
            continue
        assert answer["format_error"] is not None or answer["solutions"] in (0, 1, 2)


def _random_slot(document: Any, rng: random.Random) -> tuple[Any, Any]:
    """A random (container, key) inside ``document``, at any depth."""
    holder, key = document, rng.choice(list(document))
    while isinstance(holder[key], dict | list) and holder[key] and rng.random() < 0.7:
        holder = holder[key]
        key = rng.choice(list(holder)) if isinstance(holder, dict) else rng.randrange(len(holder))
    return holder, key
