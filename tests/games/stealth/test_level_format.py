"""Level files: a malformed or inconsistent level is refused with the field and the reason (R19)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.core.errors import FormatError
from meeple.games.stealth.engine import StealthGame
from meeple.games.stealth.level import parse_level
from meeple.games.stealth.shipped import load_level_file, shipped_level_data, shipped_level_ids


def _base() -> dict[str, Any]:
    return copy.deepcopy(shipped_level_data("1-12"))


def _patrol(doc: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in doc["enemies"] if e["kind"] == "patrol")


BROKEN = [
    ("format", lambda d: d.update(format="other"), "format", "expected"),
    ("version", lambda d: d.update(version=2), "version", "unknown version"),
    ("dangling edge", lambda d: d["edges"].append(["a1", "zz"]), r"edges\[\d+\]\.b", "unknown node 'zz'"),
    ("self loop", lambda d: d["edges"].append(["a1", "a1"]), r"edges\[\d+\]\.b", "itself"),
    ("duplicate edge", lambda d: d["edges"].append(["a2", "a1"]), r"edges\[\d+\]", "duplicate edge"),
    ("duplicate node", lambda d: d["nodes"].append({"id": "a1", "x": 9, "y": 9}), r"nodes\[\d+\]\.id", "duplicate"),
    ("node without x", lambda d: d["nodes"][0].pop("x"), r"nodes\[0\]\.x", "required field missing"),
    ("bad x", lambda d: d["nodes"][0].update(x="left"), r"nodes\[0\]\.x", "expected"),
    ("unknown start", lambda d: d.update(start="nowhere"), "start", "unknown node"),
    ("exit is start", lambda d: d.update(exit=d["start"]), "exit", "differ"),
    ("door without key", lambda d: d["edges"].append({"a": "a1", "b": "b2", "door": "gold"}), r"edges\[\d+\]\.door",
     "no node holds the key"),
    ("facing not a neighbour", lambda d: d["enemies"][0].update(facing="a3"), r"enemies\[0\]\.facing",
     "not a neighbour"),
    ("enemy on hide", lambda d: d["enemies"][1].update(node="e3", facing="f3"), r"enemies\[1\]\.node",
     "never stands on a hide node"),
    ("route not a path", lambda d: _patrol(d).update(route=["e1", "e2", "d1"]), r"enemies\[2\]\.route\[2\]",
     "not a path"),
    ("route through a door", lambda d: _patrol(d).update(route=["d2", "e2"]), r"enemies\[2\]\.route\[1\]",
     "not a path"),
    ("short route", lambda d: _patrol(d).update(route=["e1"]), r"enemies\[2\]\.route", "at least two"),
    ("unknown kind", lambda d: d["enemies"][0].update(kind="dragon"), r"enemies\[0\]\.kind", "unknown kind"),
    ("duplicate enemy", lambda d: d["enemies"][1].update(id="tracker"), r"enemies\[1\]\.id", "duplicate"),
    ("enemy on start", lambda d: d["enemies"][1].update(node="b3", facing="c3"), "start", "stands there"),
    ("caravan off trail", lambda d: d.update(caravan=["f1"]), r"caravan\[0\]", "trail"),
    ("unknown star", lambda d: d.update(stars=["finish", "gold"]), r"stars\[1\]", "unknown star"),
    ("no finish star", lambda d: d.update(stars=["par"]), "stars", "finish"),
    ("negative stones", lambda d: d.update(stones=-1), "stones", "from 0 to 5"),
    ("tracker radius", lambda d: d["enemies"][0].update(radius=0), r"enemies\[0\]\.radius", "from 1 to 4"),
    # the size limits (a level may come from the network)
    ("too many stones", lambda d: d.update(stones=6), "stones", "from 0 to 5"),
    ("stones thrown too far", lambda d: d.update(stone_range=5), "stone_range", "from 1 to 4"),
    ("noise heard too far", lambda d: d.update(noise_radius=99), "noise_radius", "from 1 to 4"),
    ("tracker sees too far", lambda d: d["enemies"][0].update(radius=5), r"enemies\[0\]\.radius", "from 1 to 4"),
    ("too many nodes", lambda d: d["nodes"].extend({"id": f"n{i}", "x": 50 + i, "y": 0} for i in range(64)), "nodes",
     "the limit is 64"),
    ("too many edges", lambda d: d["edges"].extend([f"x{i}", f"y{i}"] for i in range(160)), "edges", "the limit is 160"),
    ("too many enemies", lambda d: d["enemies"].extend(dict(d["enemies"][0], id=f"s{i}") for i in range(12)),
     "enemies", "the limit is 12"),
    ("too long a title", lambda d: d.update(title={"fr": "x" * 501, "en": "x"}), "title.fr", "the limit is 500"),
    ("too deep", lambda d: d["nodes"][0].update(key=[[[[["red"]]]]]), r"nodes\[0\]\.key.*", "levels deep"),
    ("too many edges at one node", lambda d: d.update(
        nodes=[*d["nodes"], *({"id": f"n{i}", "x": 50 + i, "y": 0} for i in range(7))],
        edges=[*d["edges"], *(["a1", f"n{i}"] for i in range(7))]), r"edges\[\d+\]", "more than 6 edges at node 'a1'"),
    ("a huge number", lambda d: d.update(par=10**30), "par", "64 bits"),
    ("a long par", lambda d: d.update(par=10**6), "par", "from 1 to 9999"),
    ("pivot one orientation", lambda d: d["enemies"][1].update(kind="pivot", cycle=["a1"]), r"enemies\[1\]\.cycle",
     "at least two"),
    ("star twice", lambda d: d.update(stars=["finish", "par", "finish"]), r"stars\[2\]", "declared twice"),
    ("same position", lambda d: d["nodes"][1].update(x=d["nodes"][0]["x"], y=d["nodes"][0]["y"]), r"nodes\[1\]\.y",
     "same position as"),
    ("misspelt loop", lambda d: _patrol(d).update(lopo=True), r"enemies\[2\]\.lopo", "unknown field"),
    ("field of another kind", lambda d: d["enemies"][0].update(cycle=["a1", "b1"]), r"enemies\[0\]\.cycle",
     "unknown field"),
    ("unknown level field", lambda d: d.update(stone=1), "stone", "unknown field"),
    ("unknown node field", lambda d: d["nodes"][0].update(hidden=True), r"nodes\[0\]\.hidden", "unknown field"),
    ("unknown edge field", lambda d: d["edges"].append({"a": "a1", "b": "b2", "one_way": True}),
     r"edges\[\d+\]\.one_way", "unknown field"),
]


@pytest.mark.parametrize(("name", "breaks", "field", "reason"), BROKEN, ids=[case[0] for case in BROKEN])
def test_a_broken_level_names_the_field_and_the_reason(name: str, breaks: Any, field: str, reason: str) -> None:
    doc = _base()
    breaks(doc)
    with pytest.raises(FormatError) as caught:
        parse_level(doc, "1-12.json")
    assert caught.value.source == "1-12.json"
    assert caught.value.field and re.fullmatch(field, caught.value.field), caught.value.field
    assert reason in caught.value.reason.en


def test_a_broken_level_file_reports_path_and_json_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "meeple-stealth-level",\n "version": 1,\n oops}', encoding="utf-8")
    with pytest.raises(FormatError, match=r"bad\.json: line 3: invalid JSON"):
        load_level_file(path)


def test_unknown_level_option_and_unknown_level_id() -> None:
    with pytest.raises(FormatError, match="options: level: unknown level '9-9'"):
        StealthGame.new({"level": "9-9"})
    with pytest.raises(FormatError, match="options: colour: unknown option"):
        StealthGame.new({"colour": "red"})


def test_every_shipped_level_loads_and_round_trips_through_json() -> None:
    ids = shipped_level_ids()
    assert len(ids) >= 12 and ids[:2] == ["1-1", "1-2"]
    for level_id in ids:
        doc = shipped_level_data(level_id)
        assert doc["id"] == level_id and doc["version"] == 1
        again = parse_level(json.loads(json.dumps(doc)))
        assert again.node_ids == parse_level(doc).node_ids


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.floats(allow_nan=False), st.text(max_size=4),
                 st.lists(st.text(max_size=3), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(level_id=st.sampled_from(["1-7", "1-12", "1-13", "1-14"]), data=st.data())
def test_any_corrupted_level_is_a_format_error_or_a_level(level_id: str, data: st.DataObject) -> None:
    """Replace or delete any one value of a shipped level: the reader never fails with anything else."""
    doc = _base() if level_id == "1-12" else copy.deepcopy(shipped_level_data(level_id))
    path = data.draw(st.sampled_from(_paths(doc)[1:]))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(JUNK)
    try:
        parse_level(doc, "fuzz.json")
    except FormatError as error:
        assert error.source == "fuzz.json" and str(error).startswith("fuzz.json: ")
