"""The versioned JSON case format: round trips, and bad files rejected with the field and the reason."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.core.errors import FormatError
from meeple.games.murder.caseio import case_from_json, case_to_json, load_case, save_case
from meeple.games.murder.generate import generate_case
from meeple.games.murder.text import card_sentences

from .builders import case_json

GOOD = case_json(
    ["BBTT", "BBTT", "KKCC", "KKCC"],
    objects={(0, 0): "chaise", (3, 3): "plante"},
    people=[("Anna", "f", True), ("Hugo", "m", False), ("Igor", "m", False), ("Jade", "f", False)],
    clues=[{"person": "Hugo", "kind": "row", "index": 0}, {"person": "Anna", "kind": "corner"}],
)


def test_generated_case_round_trips_through_a_file(tmp_path: Path) -> None:
    case = generate_case(6, 2, 11)
    save_case(case, tmp_path / "c.json")
    again = load_case(tmp_path / "c.json")
    assert case_to_json(again) == case_to_json(case)
    assert again.solution == case.solution


def _broken(path: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    target = data
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    last = keys[-1]
    if value is KeyError:
        del target[last]
    elif isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "field", "reason"),
    [
        ("format", "other", "format", "expected"),
        ("version", 2, "version", "unknown version"),
        ("size", 3, "size", "from 4 to 9"),
        ("size", 10, "size", "from 4 to 9"),
        ("people", [{"id": "Anna", "gender": "f", "victim": True}], "people", "4 people are expected"),
        ("grid.1", ["B", "B", "T"], "grid[1]", "4 cells"),
        ("grid.2.0", "Z", "grid[2][0]", "unknown room"),
        ("rooms.0.floor", "lava", "rooms[0].floor", "unknown floor"),
        ("rooms.0.name", {"fr": "", "en": "the Library"}, "rooms[0].name", "non-empty strings"),
        ("rooms.0.preposition", "sous", "rooms[0].preposition", "'dans' or 'sur'"),
        ("objects.0.kind", "piano", "objects[0].kind", "unknown object"),
        ("objects.0.cell", [4, 0], "objects[0].cell", "outside"),
        ("people.0.gender", "x", "people[0].gender", "'m' or 'f'"),
        ("people.0.victim", False, "people", "exactly one victim"),
        ("clues.0.person", "Zoe", "clues[0].person", "unknown person"),
        ("clues.0.index", 7, "clues[0].index", "from 0 to 3"),
        ("clues.1.kind", "near", "clues[1].kind", "unknown clue kind"),
    ],
)
def test_bad_field_is_named_with_its_reason(path: str, value: Any, field: str, reason: str) -> None:
    with pytest.raises(FormatError) as error:
        case_from_json(_broken(path, value), "case.json")
    assert error.value.field == field
    assert reason in error.value.text("en")
    assert str(error.value).startswith("case.json : ")


def test_neighbouring_rooms_must_have_different_floors() -> None:
    data = copy.deepcopy(GOOD)
    for room in data["rooms"]:
        room["floor"] = "parquet"
    with pytest.raises(FormatError, match=r"share a floor|même sol"):
        case_from_json(data)


def test_a_room_in_two_separate_parts_is_refused() -> None:
    with pytest.raises(FormatError) as error:
        case_from_json(case_json(["ABAA", "BBBB", "CCDD", "CCDD"]))  # A's corner cell is cut off by B
    assert error.value.field == "grid" and "room A is split" in error.value.text("en")
    case_from_json(case_json(["ABBB", "AAAB", "CCDD", "CCDD"]))  # an L shape is one piece


def test_on_a_blocking_decor_is_refused() -> None:
    data = copy.deepcopy(GOOD)
    data["clues"].append({"person": "Igor", "kind": "on", "object": "plante"})
    with pytest.raises(FormatError) as error:
        case_from_json(data)
    assert error.value.field == "clues[2].object"


def test_the_victims_one_more_clue_may_take_several_records() -> None:
    # « Elle était dans la Cuisine, à côté d'une plante. » is one clue of the card but two records (the
    # reference cases split clues joined by "and" the same way): a file may give the victim several
    data = copy.deepcopy(GOOD)
    data["clues"].append({"person": "Anna", "kind": "row", "index": 3})
    case = case_from_json(data)
    lines = [line.fr for line in card_sentences(case, case.victim)]
    assert lines == ["La victime. Elle était seule avec l'assassin.", "Elle était dans un coin de la pièce.",
                     "Elle était dans la rangée du bas."]


def test_a_solution_that_breaks_the_rules_is_refused() -> None:
    data = copy.deepcopy(GOOD)
    data["solution"] = {"Anna": [0, 1], "Hugo": [0, 2], "Igor": [2, 0], "Jade": [3, 3]}
    with pytest.raises(FormatError) as error:
        case_from_json(data)
    assert error.value.field == "solution"


def test_unreadable_file_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(FormatError, match=r"bad\.json"):
        load_case(bad)
    (tmp_path / "ok.json").write_text(json.dumps(GOOD), encoding="utf-8")
    assert load_case(tmp_path / "ok.json").size == 4


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.text(max_size=4) | st.sampled_from(["A", "B", "m", "chaise", "row"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=5,
)


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(where=st.sampled_from(_paths(GOOD)), junk=JUNK)
def test_any_corrupted_field_gives_a_format_error_or_a_valid_case(where: tuple[Any, ...], junk: Any) -> None:
    data = copy.deepcopy(GOOD)
    target = data
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = junk
    try:
        case = case_from_json(data, "fuzz.json")
    except FormatError as error:
        assert str(error).startswith("fuzz.json")
    else:
        assert case_to_json(case)["size"] == 4
