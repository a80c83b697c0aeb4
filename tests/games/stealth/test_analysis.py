"""Mechanic analysis (R23): each mechanic needed or not, in both directions; the solver's figures; the lessons check."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from meeple.core.errors import FormatError
from meeple.games.stealth.analysis import MECHANICS, figures, mechanic_needed, present, transformed
from meeple.games.stealth.level import parse_level
from meeple.games.stealth.shipped import load_shipped_level, shipped_level_data, shipped_level_ids
from meeple.games.stealth.solver import solve
from meeple.games.stealth.validator import validate
from tests.games.stealth.helpers import Done, level, level_doc, sentry

# A sentry on g faces a; the exit x lies behind it. Around: s-a-g, s-b-g.
GUARDED = [["s", "a"], ["a", "g"], ["g", "x"], ["s", "b"], ["b", "g"]]


def _needed(lv: Any, code: str) -> bool:
    return mechanic_needed(lv, code, solve(lv).length).needed


# --- each mechanic, needed and not needed ------------------------------------------------------------
def test_sentry_needed_when_the_only_way_is_through_it_and_not_when_a_way_round_exists() -> None:
    through = level(GUARDED, [sentry("g", "a")], "s")
    assert _needed(through, "sentry")  # untouchable: no way to x
    around = level([*GUARDED, ["b", "x"]], [sentry("g", "a")], "s")
    assert not _needed(around, "sentry")  # s b x never meets it


def test_hide_needed_when_the_watched_node_is_the_short_way() -> None:
    edges = [["s", "h"], ["h", "x"], ["g", "h"], ["s", "p"], ["p", "q"], ["q", "r"], ["r", "x"]]
    hidden = level(edges, [sentry("g", "h")], "s", hide=("h",))
    row = mechanic_needed(hidden, "hide", solve(hidden).length)
    assert row.needed and (row.par_with, row.par_without) == (2, 4)  # without it: the long way
    off_path = level([*edges, ["s", "t"]], [sentry("g", "h")], "s", hide=("t",))
    assert not _needed(off_path, "hide")  # the hide node t is nowhere near


def test_door_needed_when_the_key_opens_the_short_way() -> None:
    edges = [["s", "k"], {"a": "s", "b": "x", "door": "red"}, ["s", "a"], ["a", "b"], ["b", "c"], ["c", "x"]]
    lv = level(edges, [], "s", keys={"k": "red"})
    row = mechanic_needed(lv, "door", solve(lv).length)
    assert row.needed and (row.par_with, row.par_without) == (3, 1)
    dead_end = [["s", "k"], ["s", "a"], ["a", "x"], ["k", "z"], {"a": "s", "b": "d", "door": "red"}]
    assert not _needed(level(dead_end, [], "s", keys={"k": "red"}), "door")


def test_oneway_needed_when_the_arrow_forbids_a_shortcut_and_not_when_two_way_changes_nothing() -> None:
    behind = [["s", "a"], ["a", "g"], ["g", "x"], ["s", "c"], {"a": "c", "b": "d", "oneway": True}, ["d", "g"]]
    plain = level(behind, [sentry("g", "a")], "s")
    assert not _needed(plain, "oneway")  # 1-8 as it was: two-way gives the same way round
    shortcut = level([*behind, ["g", "e"], {"a": "e", "b": "s", "oneway": True}], [sentry("g", "a")], "s")
    row = mechanic_needed(shortcut, "oneway", solve(shortcut).length)
    assert row.needed and (row.par_with, row.par_without) == (4, 3)


def test_caravan_needed_when_the_member_blocks_the_way_back() -> None:
    edges = [["m", "s"], ["m", "x"], ["s", "a"], ["a", "b"], ["b", "m"]]  # the exit is behind the member
    lv = level(edges, [], "s", caravan=["m"])
    row = mechanic_needed(lv, "caravan", solve(lv).length)
    assert row.needed and (row.par_with, row.par_without) == (4, 2)  # round the loop, or straight through m
    free = level([["m", "s"], ["s", "a"], ["a", "x"]], [], "s", caravan=["m"])
    assert not _needed(free, "caravan")


def test_stone_and_diverted_front_needed_in_1_5_and_diverted_front_not_in_the_old_1_5() -> None:
    lv = load_shipped_level("1-5")
    assert _needed(lv, "stone") and _needed(lv, "diverted-front")
    old = level([["start", "a"], ["a", "post"], ["post", "b"], ["b", "exit"], ["start", "well"]],
                [sentry("post", "a", id="sentry")], "start", exit="exit", stones=1, noise_radius=3)
    assert _needed(old, "stone") and not _needed(old, "diverted-front")  # a stone in front does as well


def test_tracker_alert_pivot_and_patrol_rows_on_the_act_1_levels() -> None:
    assert _needed(load_shipped_level("1-9"), "tracker")
    assert not _needed(load_shipped_level("1-9"), "tracker-alert")  # it is never lured away
    assert _needed(load_shipped_level("1-3"), "pivot-turn") and _needed(load_shipped_level("1-4"), "patrol-walk")
    assert not _needed(load_shipped_level("1-12"), "tracker")
    assert not _needed(load_shipped_level("1-13"), "pivot")


def test_an_absent_mechanic_is_never_needed() -> None:
    lv = level(GUARDED, [sentry("g", "a")], "s")
    assert present(lv) == ["sentry"]
    row = mechanic_needed(lv, "door", solve(lv).length)
    assert not row.present and not row.needed


def test_each_transformation_does_what_the_docs_say() -> None:
    lv = load_shipped_level("1-14")
    assert transformed(lv, "oneway")[0].data["edges"] != lv.data["edges"]
    two_way, _ = transformed(lv, "oneway")
    assert all(two_way.graph.has_edge(b, a) for a in range(len(two_way.node_ids)) for b in two_way.graph.successors(a))
    assert transformed(lv, "door")[0].doors == {}
    assert transformed(lv, "caravan")[0].caravan == ()
    assert transformed(lv, "stone")[0].stones == 0
    assert transformed(lv, "hide")[0].hide == frozenset()
    assert {spec.kind for spec in transformed(lv, "pivot-turn")[0].enemies} == {"sentry", "patrol"}
    frozen = transformed(lv, "patrol-walk")[0].enemies[0]
    assert (frozen.kind, frozen.node, frozen.facing) == ("sentry", lv.enemies[0].route[0], lv.enemies[0].route[1])
    _, mask = transformed(lv, "sentry")
    assert [(mask >> i) & 1 for i in range(3)] == [1, 1, 0]  # the sentry is enemy 2
    assert transformed(lv, "diverted-front")[0].diverted_any_side is False
    assert lv.diverted_any_side is True


# --- figures ----------------------------------------------------------------------------------------
def test_figures_count_states_optimal_solutions_dead_ends_and_branching() -> None:
    corridor = figures(level([["s", "a"], ["a", "x"]], [], "s"))
    assert (corridor.reachable, corridor.par, corridor.optimal_solutions) == (3, 2, 1)
    assert corridor.dead_ends == 0 and corridor.branching == pytest.approx(1.5)  # s: 1 move, a: 2
    diamond = figures(level([["s", "a"], ["a", "x"], ["s", "b"], ["b", "x"]], [], "s"))
    assert (diamond.par, diamond.optimal_solutions) == (2, 2)
    trap = figures(level([["s", "a"], ["a", "x"], {"a": "s", "b": "d", "oneway": True}], [], "s"))
    assert trap.dead_ends == pytest.approx(1 / 3)  # d: stuck for good, among s, a, d
    stuck = figures(level([{"a": "s", "b": "d", "oneway": True}, ["x", "y"]], [], "s"))
    assert stuck.par is None and stuck.optimal_solutions == 0 and stuck.dead_ends == 1


@pytest.mark.parametrize("level_id", shipped_level_ids())
def test_every_shipped_level_teaches_only_needed_mechanics(level_id: str) -> None:
    lv = load_shipped_level(level_id)
    assert lv.teaches
    for code in lv.teaches:  # what validate checks too, said here in so many words
        assert mechanic_needed(lv, code, lv.par).needed, code


# --- the validator and the level format --------------------------------------------------------------
def test_validate_refuses_a_level_that_claims_a_lesson_it_does_not_need() -> None:
    doc = level_doc([*GUARDED, ["b", "x"]], [sentry("g", "a")], "s", teaches=["sentry"])
    report = validate(parse_level(doc, "t"))
    assert [p.en for p in report.problems] == [
        "teaches 'sentry' (neutralising a sentry), which is not needed: without it the shortest solution is still 2 moves"]
    absent = validate(parse_level({**doc, "teaches": "door"}, "t"))
    assert [p.en for p in absent.problems] == ["teaches 'door' (keys and doors), which the level does not contain"]
    assert validate(parse_level({**doc, "edges": GUARDED, "teaches": ["sentry"]}, "t")).ok


@pytest.mark.parametrize(("teaches", "where", "reason"), [
    ("lockpick", "teaches", "unknown mechanic"),
    (["sentry", "sentry"], "teaches[1]", "mechanic 'sentry' listed twice"),
    (["stone", 3], "teaches[1]", "unknown mechanic"),
    (7, "teaches", "a list or a string expected"),
])
def test_a_bad_teaches_field_names_the_field_and_the_reason(teaches: Any, where: str, reason: str) -> None:
    doc = shipped_level_data("1-1")
    with pytest.raises(FormatError) as caught:
        parse_level({**doc, "teaches": teaches}, "1-1.json")
    assert caught.value.field == where and reason in caught.value.reason.en


def test_every_mechanic_has_both_words_and_a_transformation() -> None:
    for mechanic in MECHANICS:
        assert mechanic.name.fr and mechanic.name.en and mechanic.without.fr and mechanic.without.en


# --- the command line --------------------------------------------------------------------------------
def test_cli_analyse_prints_the_table_and_figures_in_french_by_default(cli: Callable[..., Done]) -> None:
    done = cli("analyse", "1-5", lang=None)
    assert done.returncode == 0
    out = done.stdout
    assert "diverted-front" in out and "insoluble" in out and "états atteignables : 30" in out
    assert "solutions optimales distinctes : 1" in out and "leçons nécessaires : oui" in out
    row = next(line for line in out.splitlines() if line.startswith("│ diverted-front"))
    assert [cell.strip() for cell in row.split("│")[2:6]] == ["oui", "oui", "5", "insoluble"]


def test_cli_analyse_in_english_and_as_json(cli: Callable[..., Done]) -> None:
    done = cli("analyse", "1-8")
    assert "one-way edges become two-way" in done.stdout and "reachable states: 15" in done.stdout
    data = json.loads(cli("analyse", "1-8", "--json").stdout)
    rows = {row["mechanic"]: row for row in data["mechanics"]}
    assert rows["oneway"] == {"mechanic": "oneway", "present": True, "needed": True, "par_with": 4, "par_without": 3,
                              "solvable_without": True}
    assert rows["door"]["present"] is False and data["figures"]["par"] == 4 and data["teaches"] == ["oneway"]


def test_cli_analyse_of_an_unsolvable_level_or_unknown_level_is_one_line(cli: Callable[..., Done], tmp_path: Any) -> None:
    path = tmp_path / "stuck.json"
    path.write_text(json.dumps(level_doc([{"a": "s", "b": "d", "oneway": True}, ["x", "y"]], [], "s")))
    done = cli("analyse", str(path))
    assert done.returncode == 1 and done.stderr.strip() == "meeple: test: no solution (2 reachable states)"
    unknown = cli("analyse", "9-9")
    assert unknown.returncode == 1 and len(unknown.stderr.strip().splitlines()) == 1 and "9-9" in unknown.stderr
