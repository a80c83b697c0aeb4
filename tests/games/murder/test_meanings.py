"""One test per clue meaning of the rules page (and the victim rule), each pinning its subtle points.

The board (5×5)::

    B B B T T      B: la Bibliothèque (L-shaped)   T: sur la Terrasse
    B B B T T      O: le Bureau                    K: la Cuisine
    B B O O O
    K K O O O      objects: fauteuil (0,0), chaise (1,2) and (2,3), plante (0,3),
    K K O O O               canapé (3,3), tapis (4,0) and (4,1), table (4,4)
"""

from __future__ import annotations

import pytest

from meeple.games.murder.model import (
    BLOCKING_KINDS,
    STANDABLE_KINDS,
    Case,
    Clue,
    clue_holds,
    masks_to_cells,
    violations,
)
from meeple.games.murder.text import card_sentences, clue_sentence

from .builders import make_case

ROWS = ["BBBTT", "BBBTT", "BBOOO", "KKOOO", "KKOOO"]
OBJECTS = {(0, 0): "fauteuil", (1, 2): "chaise", (2, 3): "chaise", (0, 3): "plante", (3, 3): "canapé",
           (4, 0): "tapis", (4, 1): "tapis", (4, 4): "table"}
PEOPLE = [("Anna", "f", False), ("Hugo", "m", False), ("Igor", "m", False), ("Jules", "m", False), ("Vera", "f", True)]


@pytest.fixture(scope="module")
def case() -> Case:
    return make_case(ROWS, objects=OBJECTS, people=PEOPLE)


def _sentence(case: Case, **fields: object) -> tuple[str, str]:
    msg = clue_sentence(case, Clue(**fields))  # type: ignore[arg-type]
    return msg.fr, msg.en


def _cells(case: Case, clue: Clue) -> set[tuple[int, int]]:
    return set(masks_to_cells(case, case.clue_mask(clue)))


def test_row_counts_middle_rows_from_the_top(case: Case) -> None:
    assert _sentence(case, person="Anna", kind="row", index=0) == ("Elle était dans la rangée du haut.", "She was in the top row.")
    assert _sentence(case, person="Hugo", kind="row", index=1)[0] == "Il était dans la deuxième rangée."
    assert _sentence(case, person="Hugo", kind="row", index=2)[0] == "Il était dans la troisième rangée."
    assert _sentence(case, person="Hugo", kind="row", index=4)[0] == "Il était dans la rangée du bas."
    assert _cells(case, Clue("Hugo", "row", index=1)) == {(1, c) for c in range(5)}  # just below the top row
    assert _sentence(case, person="Hugo", kind="not_row", index=0)[0] == "Il n'était pas dans la rangée du haut."
    assert (0, 2) not in _cells(case, Clue("Hugo", "not_row", index=0))


def test_column_counts_middle_columns_from_the_left(case: Case) -> None:
    assert _sentence(case, person="Hugo", kind="column", index=0) == ("Il était dans la colonne de gauche.", "He was in the left column.")
    assert _sentence(case, person="Anna", kind="column", index=2) == (
        "Elle était dans la troisième colonne en partant de la gauche.", "She was in the third column from the left.")
    assert _sentence(case, person="Anna", kind="column", index=4)[0] == "Elle était dans la colonne de droite."
    assert _cells(case, Clue("Anna", "column", index=2)) == {(r, 2) for r in range(5)}
    assert _sentence(case, person="Anna", kind="column", index=1)[0] == (
        "Elle était dans la deuxième colonne en partant de la gauche.")
    assert _cells(case, Clue("Anna", "column", index=1)) == {(r, 1) for r in range(5)}  # not the fourth


def test_room_anywhere_in_it_and_rooms_that_take_sur(case: Case) -> None:
    assert _sentence(case, person="Anna", kind="room", room="B") == ("Elle était dans la Bibliothèque.", "She was in the Library.")
    assert _sentence(case, person="Anna", kind="room", room="T") == ("Elle était sur la Terrasse.", "She was on the Terrace.")
    assert _cells(case, Clue("Anna", "room", room="T")) == {(0, 3), (0, 4), (1, 3), (1, 4)}


def test_not_room_is_any_cell_outside_it(case: Case) -> None:
    assert _sentence(case, person="Hugo", kind="not_room", room="K") == ("Il n'était pas dans la Cuisine.", "He was not in the Kitchen.")
    assert _cells(case, Clue("Hugo", "not_room", room="K")) == {c for c in case.cells() if case.room_of(c) != "K"}


def test_on_means_the_cell_holds_that_kind(case: Case) -> None:
    assert _sentence(case, person="Anna", kind="on", object="fauteuil") == ("Elle était sur un fauteuil.", "She was on an armchair.")
    assert _sentence(case, person="Anna", kind="on", object="chaise")[0] == "Elle était sur une chaise."
    assert _cells(case, Clue("Anna", "on", object="chaise")) == {(1, 2), (2, 3)}


def test_not_on_allows_another_object(case: Case) -> None:
    assert _sentence(case, person="Hugo", kind="not_on", object="canapé") == ("Il n'était pas sur un canapé.", "He was not on a sofa.")
    cells = _cells(case, Clue("Hugo", "not_on", object="canapé"))
    assert (3, 3) not in cells
    assert (1, 2) in cells and (2, 2) in cells  # on a chair, on bare floor: both fine


def test_beside_is_orthogonal_and_inside_the_room(case: Case) -> None:
    assert _sentence(case, person="Anna", kind="beside", object="plante") == ("Elle était à côté d'une plante.", "She was next to a plant.")
    assert _sentence(case, person="Anna", kind="beside", object="arbre")[0] == "Elle était à côté d'un arbre."
    # the plant at (0,3) is on the Terrace: (0,2) is across a wall, (1,2) and (1,4) are diagonal
    assert _cells(case, Clue("Anna", "beside", object="plante")) == {(0, 4), (1, 3)}
    # standing on a rug next to another rug of the room counts (any neighbour in the room with that kind)
    assert case.is_beside((4, 0), "tapis") and case.is_beside((3, 0), "tapis")
    assert not case.is_beside((0, 0), "fauteuil")  # one's own cell is not beside


def test_not_beside_ignores_objects_across_a_wall(case: Case) -> None:
    assert _sentence(case, person="Hugo", kind="not_beside", object="chaise") == (
        "Il n'était à côté d'aucune chaise.", "He was next to no chair.")
    assert _sentence(case, person="Hugo", kind="not_beside", object="arbre")[0] == "Il n'était à côté d'aucun arbre."
    cells = _cells(case, Clue("Hugo", "not_beside", object="chaise"))
    assert (1, 3) in cells  # chairs at (1,2) and (2,3) are in other rooms
    assert (1, 1) not in cells and (0, 2) not in cells  # the chair at (1,2) is in the Library with them


def test_corner_is_a_side_wall_plus_top_or_bottom_with_the_edge_a_wall(case: Case) -> None:
    assert _sentence(case, person="Anna", kind="corner") == ("Elle était dans un coin de la pièce.", "She was in a corner of the room.")
    corners = _cells(case, Clue("Anna", "corner"))
    assert (0, 0) in corners  # board edge on two sides
    assert {(1, 2), (2, 1)} <= corners  # outer corners of the L-shaped Library
    assert (1, 1) not in corners  # the inner bend of the L touches walls only diagonally
    corridor = make_case(["AAAA", "CCCB", "DDDB", "DDDB"])
    assert corridor.is_corner((1, 0)) and corridor.is_corner((1, 2))
    assert not corridor.is_corner((1, 1))  # walls above and below, but no side wall
    assert not corridor.is_corner((2, 3))  # walls left and right, but neither top nor bottom
    assert corridor.is_corner((3, 3))


def test_not_corner_is_any_other_cell(case: Case) -> None:
    assert _sentence(case, person="Hugo", kind="not_corner") == ("Il n'était pas dans un coin de la pièce.",
                                                                  "He was not in a corner of the room.")
    assert _cells(case, Clue("Hugo", "not_corner")) == set(case.cells()) - _cells(case, Clue("Hugo", "corner"))


def test_with_another_man_means_exactly_one_other_man_women_allowed(case: Case) -> None:
    assert _sentence(case, person="Hugo", kind="with_one_other", room="O", gender="m") == (
        "Il était dans le Bureau avec un autre homme.", "He was in the Study with another man.")
    assert _sentence(case, person="Anna", kind="with_one_other", room="O", gender="f")[0] == (
        "Elle était dans le Bureau avec une autre femme.")
    clue = Clue("Hugo", "with_one_other", room="O", gender="m")
    elsewhere = {"Vera": (0, 0), "Jules": (1, 1)}
    assert clue_holds(case, clue, {"Hugo": (2, 2), "Igor": (3, 4), "Anna": (4, 3), **elsewhere}) is True
    assert clue_holds(case, clue, {"Hugo": (2, 2), "Igor": (3, 4), "Jules": (4, 3), "Vera": (0, 0), "Anna": (1, 1)}) is False
    assert clue_holds(case, clue, {"Hugo": (2, 2), "Anna": (3, 4), "Igor": (0, 0), "Jules": (1, 1), "Vera": (4, 0)}) is False
    assert clue_holds(case, clue, {"Hugo": (0, 0), "Igor": (3, 4), "Anna": (4, 3), **{"Vera": (1, 1), "Jules": (2, 2)}}) is False
    # with exactly one other man, but in the Library, not in the Study
    assert clue_holds(case, clue, {"Hugo": (0, 0), "Igor": (1, 1), "Anna": (4, 3), "Vera": (3, 4), "Jules": (2, 2)}) is False
    # a partial board already breaks it once two other men are there; one other man so far is not yet known
    assert clue_holds(case, clue, {"Hugo": (2, 2), "Igor": (3, 4), "Jules": (4, 3)}) is False
    assert clue_holds(case, clue, {"Hugo": (2, 2), "Igor": (3, 4)}) is None


def test_alone_means_nobody_else_in_the_room(case: Case) -> None:
    assert _sentence(case, person="Anna", kind="alone") == ("Elle était seule dans la pièce.", "She was alone in the room.")
    assert _sentence(case, person="Hugo", kind="alone")[0] == "Il était seul dans la pièce."
    clue = Clue("Anna", "alone")
    board = {"Anna": (0, 3), "Hugo": (1, 1), "Igor": (2, 2), "Jules": (3, 4), "Vera": (4, 0)}
    assert clue_holds(case, clue, board) is True
    assert clue_holds(case, clue, {**board, "Hugo": (1, 4)}) is False  # someone on the Terrace with her


def test_victim_card_and_room_with_exactly_the_murderer(case: Case) -> None:
    assert card_sentences(case, case.victim)[0].fr == "La victime. Elle était seule avec l'assassin."
    male = make_case(ROWS, objects=OBJECTS, people=[("Vic", "m", True), *PEOPLE[:4]],
                     clues=[{"person": "Vic", "kind": "corner"}])
    lines = card_sentences(male, male.victim)
    assert lines[0].fr == "La victime. Elle était seule avec l'assassin."  # « Elle » is « la victime »
    assert lines[0].en == "The victim. He was alone with the murderer."
    assert lines[1].fr == "Il était dans un coin de la pièce."  # one more clue, in the person's gender
    good = {"Vera": (4, 0), "Anna": (3, 1), "Hugo": (0, 2), "Igor": (1, 3), "Jules": (2, 4)}
    assert violations(case, good) == []
    alone = {"Vera": (4, 0), "Anna": (3, 2), "Hugo": (0, 1), "Igor": (1, 3), "Jules": (2, 4)}
    assert [v.code for v in violations(case, alone)] == ["victim_room"]
    big_kitchen = make_case(["KKKTT", "KKKTT", "KKOOO", "KKOOO", "KKOOO"], people=PEOPLE)
    assert violations(big_kitchen, good) != []  # Hugo at (0,2) is now in the Kitchen too: three people
    partial = {"Vera": (4, 0), "Anna": (3, 1), "Hugo": (0, 2)}
    assert [v.code for v in violations(big_kitchen, partial)] == ["victim_room"]


def test_people_stand_on_floor_or_standable_objects_only(case: Case) -> None:
    # the page's two lists, word for word
    assert [k.key for k in STANDABLE_KINDS] == [
        "chaise", "fauteuil", "canapé", "lit", "banc", "tabouret", "tapis", "carpette"]
    assert [k.key for k in BLOCKING_KINDS] == [
        "plante", "table", "arbre", "buisson", "rocher", "caisse", "étagère", "fontaine", "statue", "poubelle"]
    assert all(k.standable for k in STANDABLE_KINDS) and not any(k.standable for k in BLOCKING_KINDS)
    board = {"Anna": (4, 4), "Hugo": (1, 2), "Igor": (0, 0), "Jules": (2, 3), "Vera": (3, 1)}
    codes = [v.code for v in violations(case, board)]
    assert codes.count("blocked") == 1  # the table at (4,4); chair and armchair are fine
    assert not case.standable_mask >> case.index((0, 3)) & 1  # the plant blocks too


def test_two_people_never_share_a_row_or_a_column(case: Case) -> None:
    codes = [v.code for v in violations(case, {"Anna": (0, 1), "Hugo": (0, 4), "Igor": (2, 1)})]
    assert codes.count("row") == 1 and codes.count("column") == 1
