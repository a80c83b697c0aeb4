"""A case's own object kinds (a TV, a window, a path…): read, written, judged, solved, explained and drawn."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from meeple.core.errors import FormatError
from meeple.games.murder.caseio import MAX_OWN_KINDS, case_from_json, case_to_json
from meeple.games.murder.exact import count_solutions
from meeple.games.murder.game import MurderGame
from meeple.games.murder.logic import solve_logically
from meeple.games.murder.render import render_svg, write_render
from meeple.games.murder.text import card_sentences

from .builders import case_json
from .cpsat import cpsat_solutions

TV = {"id": "télé", "name": {"fr": "télé", "en": "TV"}, "feminine": True, "standable": False, "icon": "shelf"}
PATH = {"id": "allée", "name": {"fr": "allée", "en": "path"}, "feminine": True, "standable": True, "icon": "rug"}


def own_case() -> dict[str, Any]:
    """A 5×5 case with a TV (blocking) and a garden path (one may stand on it), both in clues."""
    data = case_json(
        ["AAABB", "AAABB", "CCDDD", "CCDDD", "CCDDD"],
        objects={(0, 1): "télé", (0, 3): "allée", (3, 0): "allée", (4, 4): "plante"},
        clues=[{"person": "P1", "kind": "on", "object": "allée"}, {"person": "P2", "kind": "beside", "object": "télé"},
               {"person": "P3", "kind": "not_beside", "object": "télé"}, {"person": "P4", "kind": "room", "room": "D"}])
    data["object_kinds"] = [copy.deepcopy(TV), copy.deepcopy(PATH)]
    return data


def test_own_kinds_round_trip_through_json_and_obey_the_rules() -> None:
    data = own_case()
    case = case_from_json(data)
    assert case.kind("télé").standable is False and case.kind("allée").standable is True
    assert not case.standable_mask >> case.index((0, 1)) & 1  # nobody stands on the TV
    assert case.standable_mask >> case.index((0, 3)) & 1  # a path is stood on
    assert case_to_json(case)["object_kinds"] == [TV, PATH]
    assert case_to_json(case_from_json(case_to_json(case))) == case_to_json(case)
    game = MurderGame.from_case(case)
    assert all(move.cell != (0, 1) for move in game.legal_moves())
    view = game.view(0)
    tv = next(o for o in view["objects"] if o["kind"] == "télé")
    assert tv["blocking"] and tv["name"] == {"fr": "télé", "en": "TV"}  # the browser draws it from the view


def test_solvers_and_cpsat_agree_on_a_case_with_its_own_kinds() -> None:
    data = own_case()
    case = case_from_json(data)
    exact = count_solutions(case, 2)
    solutions, _ = cpsat_solutions(data)
    assert exact.count == len(solutions)
    for solution in exact.solutions:
        assert solution["P1"] in ((0, 3), (3, 0))  # on the path
        assert solution["P2"] in ((0, 0), (0, 2), (1, 1))  # beside the TV, in its room
    logic = solve_logically(case)
    assert logic.solved or logic.needs_guess
    decor = next(step for step in logic.steps if step.rule == "decor")
    assert "télé" in decor.text.fr and "TV" in decor.text.en


def test_clue_sentences_use_the_french_gender_and_both_names() -> None:
    case = case_from_json(own_case())
    people = {p.id: p for p in case.people}
    sentences = {pid: card_sentences(case, people[pid])[-1] for pid in ("P1", "P2", "P3")}
    assert sentences["P1"].fr == "Il était sur une allée." and sentences["P1"].en == "He was on a path."
    assert sentences["P2"].fr == "Elle était à côté d'une télé." and sentences["P2"].en == "She was next to a TV."
    assert sentences["P3"].fr == "Il n'était à côté d'aucune télé." and sentences["P3"].en == "He was next to no TV."


def test_own_kinds_are_drawn_with_their_picture_and_in_the_legend(tmp_path: Path) -> None:
    case = case_from_json(own_case())
    svg = render_svg(case, language="en")
    stand, block = svg.index("One may stand on:"), svg.index("Blocks its cell:")
    assert stand < svg.index(">path<", stand) < block < svg.index(">TV<", block)
    assert "#6f6a8f" in svg  # drawn, in the colour of a case's own kinds
    out = tmp_path / "own.pdf"
    write_render(case, out, language="fr", paper="a4")
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(("change", "field", "fr"), [
    (lambda d: d["object_kinds"][0].pop("standable"), "object_kinds[0].standable", "vrai si l'on peut s'y tenir"),
    (lambda d: d["object_kinds"][0].pop("feminine"), "object_kinds[0].feminine", "féminin"),
    (lambda d: d["object_kinds"][0].update(icon="spaceship"), "object_kinds[0].icon", "dessin inconnu"),
    (lambda d: d["object_kinds"][0].update(id="chaise"), "object_kinds[0].id", "existe déjà"),
    (lambda d: d["object_kinds"][0].update(name={"fr": "télé"}), "object_kinds[0].name", "non vides"),
    (lambda d: d["object_kinds"][1].update(id="télé"), "object_kinds[1].id", "existe déjà"),
    (lambda d: d["clues"].append({"person": "P0", "kind": "beside", "object": "fenêtre"}), "clues[4].object",
     "objet inconnu 'fenêtre'"),
    (lambda d: d["clues"].append({"person": "P0", "kind": "on", "object": "télé"}), "clues[4].object",
     "on ne se tient pas sur ce décor"),
    (lambda d: d.update(object_kinds=[dict(TV, id=f"k{i}") for i in range(MAX_OWN_KINDS + 1)]), "object_kinds",
     f"la limite est {MAX_OWN_KINDS}"),
])
def test_a_bad_own_kind_or_a_clue_naming_an_unknown_object_is_named(change: Any, field: str, fr: str) -> None:
    data = own_case()
    change(data)
    with pytest.raises(FormatError) as raised:
        case_from_json(data, "own.json")
    assert field in raised.value.message.fr and fr in raised.value.message.fr
