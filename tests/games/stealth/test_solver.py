"""The solver and validator (R20–R22) and the command line."""

from __future__ import annotations

import copy
import itertools
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from meeple.cli import main
from meeple.core.errors import BudgetExceededError
from meeple.core.search import explore
from meeple.games.stealth.engine import StealthGame
from meeple.games.stealth.level import parse_level
from meeple.games.stealth.rules import ALL_NEUTRALISABLE, initial_state
from meeple.games.stealth.shipped import load_shipped_level, shipped_level_data, shipped_level_ids
from meeple.games.stealth.solver import (
    Transitions,
    doubling_check,
    neutralisable_enemies,
    reachable,
    solve,
    untouchable_successors,
)
from meeple.games.stealth.validator import validate
from tests.games.stealth.helpers import CROSS, Done, level, level_doc, sentry


@pytest.mark.parametrize("level_id", shipped_level_ids())
def test_every_shipped_level_validates(level_id: str) -> None:
    report = validate(load_shipped_level(level_id))
    assert report.ok, [problem.en for problem in report.problems]
    assert report.solutions["finish"].length == load_shipped_level(level_id).par


@pytest.mark.parametrize("level_id", shipped_level_ids())
def test_each_neutralisable_enemy_at_most_doubles_the_reachable_states(level_id: str) -> None:
    lv = load_shipped_level(level_id)
    checks = doubling_check(lv)
    states, _ = reachable(lv)
    assert len(checks) == len(neutralisable_enemies(states.values())), "one check per neutralisable enemy"
    for check in checks:
        assert check.holds, check


@pytest.mark.parametrize("level_id", ["1-2", "1-11", "1-14"])
def test_the_shared_untouchable_exploration_is_the_masked_one(level_id: str) -> None:
    # doubling_check reuses the level's transitions; it must find exactly what a masked step finds
    lv = parse_level(shipped_level_data(level_id))
    cache: Transitions = {}
    states, _ = reachable(lv, cache=cache)
    for index in neutralisable_enemies(states.values()):
        masked, _ = reachable(lv, ALL_NEUTRALISABLE & ~(1 << index))
        shared, _ = explore(initial_state(lv), untouchable_successors(lv, index, cache))
        assert shared == masked
        assert any(state.status == "caught" and state.leader == state.foes[index].node for state in shared.values())


@pytest.mark.parametrize("level_id", shipped_level_ids())
def test_the_shortest_solution_really_wins_with_the_stars_it_claims(level_id: str) -> None:
    lv = load_shipped_level(level_id)
    solution = solve(lv, "sweep") if "sweep" in lv.stars else solve(lv)
    g = StealthGame.from_level(lv)
    for action in solution.actions:
        g.push(g.move_of(action))
    assert g.outcome() is not None and g.outcome().winners == frozenset({0})  # type: ignore[union-attr]
    if "sweep" in lv.stars:
        assert "sweep" in g.stars()


def test_tutorials_1_1_and_1_2_leave_no_neutralisation_free_shortcut() -> None:
    for level_id in ("1-1", "1-2"):
        lv = load_shipped_level(level_id)
        assert lv.tutorial
        ghost, finish = solve(lv, "ghost"), solve(lv, "finish")
        assert not ghost.found or ghost.length >= finish.length + 3


def test_a_tutorial_with_a_near_pacifist_route_is_refused() -> None:
    edges = [*CROSS, ["w", "sw"], ["sw", "s"]]  # the south arm leads round: c need not be crossed
    edges += [["ss", "sse"], ["sse", "ee"]]
    lv = level(edges, [sentry(facing="n")], "w", tutorial=True)
    report = validate(lv)
    assert any("tutorial level" in problem.en for problem in report.problems)


@pytest.mark.parametrize(("detour", "refused"), [(4, True), (5, False)])
def test_a_tutorial_pacifist_route_exactly_three_moves_longer_is_accepted(detour: int, refused: bool) -> None:
    # "à moins de trois coups": a route that neutralises nobody is refused at +2, accepted at +3
    ring = ["s0", *[f"d{i}" for i in range(1, detour + 1)], "x"]
    edges = [["s0", "a"], ["a", "g"], ["g", "x"], ["g", "f"], *[[p, q] for p, q in itertools.pairwise(ring)]]
    report = validate(level(edges, [sentry("g", "f")], "s0", tutorial=True))
    assert (report.solutions["finish"].length, report.solutions["ghost"].length) == (3, detour + 1)
    assert any("tutorial level" in problem.en for problem in report.problems) is refused


def test_more_than_four_neutralisable_enemies_is_refused() -> None:
    edges = [["s0", "a1"], ["a1", "a2"], ["a2", "a3"], ["a3", "a4"], ["a4", "a5"], ["a5", "x"]]
    for i in range(1, 6):
        edges.append([f"a{i}", f"side{i}"])
    enemies = [sentry(f"a{i}", f"side{i}", f"g{i}") for i in range(1, 6)]
    report = validate(level(edges, enemies, "s0"))
    assert report.solutions["finish"].found and len(report.neutralisable) == 5
    assert "5 neutralisable enemies (at most 4): g1, g2, g3, g4, g5" in [problem.en for problem in report.problems]


def test_wrong_par_unreachable_star_and_unsolvable_level_are_reported() -> None:
    lv = level(CROSS, [sentry(facing="n")], "w", par=3, stars=["finish", "par", "ghost"])
    problems = [problem.en for problem in validate(lv).problems]
    assert any("par 3 recorded, but the shortest solution is 4 moves" in p for p in problems)
    assert any("'ghost' star is declared but cannot be earned" in p for p in problems)
    walled = level([["s0", "a"], ["b", "x"]], [], "s0")
    assert [p.en for p in validate(walled).problems] == ["the level has no solution"]


def test_the_solver_budget_is_enforced() -> None:
    with pytest.raises(BudgetExceededError, match="budget of 50 states"):
        solve(load_shipped_level("1-11"), "ghost", max_states=50)


# --- command line (the ``cli`` fixture is in conftest.py) -----------------------------------------
def test_cli_solve_prints_solution_stars_states_and_each_objective(cli: Callable[..., Done]) -> None:
    done = cli("solve", "1-6")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "solution (4 moves): a h b exit" in out and "stars: finish, par, ghost" in out
    assert "states explored:" in out and "ghost: 4 moves" in out and "sweep: 6 moves" in out


def test_cli_solve_says_when_an_objective_has_no_solution(cli: Callable[..., Done]) -> None:
    assert "ghost: no solution" in cli("solve", "1-1").stdout


def test_cli_validate_directory_fails_with_reasons(cli: Callable[..., Done], tmp_path: Path) -> None:
    good = shipped_level_data("1-1")
    bad: dict[str, Any] = copy.deepcopy(good)
    bad["par"] = 2
    (tmp_path / "good.json").write_text(json.dumps(good), encoding="utf-8")
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    done = cli("validate", str(tmp_path))
    assert done.returncode == 1
    assert "par 2 recorded, but the shortest solution is 6 moves" in done.stdout
    assert done.stderr.strip().splitlines()[-1] == "meeple: 1 of 2 levels invalid"


def test_cli_validate_shipped_act_passes() -> None:
    assert main(["stealth", "validate"]) == 0


def test_cli_bad_level_file_is_one_line_error(tmp_path: Path) -> None:
    # the one test that starts the real command (a new interpreter): no traceback reaches the user
    doc = level_doc(CROSS, [sentry(facing="nn")], "w")
    (tmp_path / "broken.json").write_text(json.dumps(doc), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "meeple", "--lang", "en", "stealth", "solve",
                           str(tmp_path / "broken.json")], capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip() == f"meeple: {tmp_path / 'broken.json'}: enemies[0].facing: 'nn' is not a neighbour of 'c'"


def test_cli_play_moves_preview_undo_and_win(cli: Callable[..., Done]) -> None:
    script = "a\npreview b\nb\nundo\nd\ne\npreview post\npost\nwhatever\nc\nexit\n"
    done = cli("play", "1-1", stdin=script)
    out = done.stdout
    assert done.returncode == 0
    assert "preview b: CAPTURE (leader, seen) by sentry" in out
    assert "captured" in out and "preview post: ✋ neutralises sentry" in out
    assert "unknown node 'whatever'" in out and "stars: finish, par, sweep" in out


def test_cli_show_writes_svg(tmp_path: Path) -> None:
    target = tmp_path / "board.svg"
    assert main(["stealth", "show", "1-5", "--svg", str(target), "--moves", "throw a"]) == 0
    assert target.read_text(encoding="utf-8").startswith("<svg")


def test_solve_accepts_a_level_file(cli: Callable[..., Done], tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(level_doc(CROSS, [sentry(facing="n")], "w")), encoding="utf-8")
    assert parse_level(json.loads(path.read_text(encoding="utf-8"))).id == "test"
    assert "solution (4 moves)" in cli("solve", str(path)).stdout


def test_cli_unknown_level_is_one_line_error(cli: Callable[..., Done]) -> None:
    done = cli("solve", "9-9")
    assert done.returncode == 1
    assert done.stderr.strip().startswith("meeple: 9-9: neither a shipped level (1-1, 1-2")
    assert len(done.stderr.strip().splitlines()) == 1


def test_cli_speaks_french_by_default_and_reports_par(cli: Callable[..., Done]) -> None:
    done = cli("solve", "1-1", lang=None)
    assert "solution (6 coups) : a d e post c exit" in done.stdout
    assert "fantôme : aucune solution" in done.stdout and "par (au plus 6) : 6 coups, atteint" in done.stdout
    assert "étoiles : sortie, par, rafle" in done.stdout and "rafle : 6 coups" in done.stdout  # no English star names


def test_cli_play_in_french_translates_captures_and_kinds_and_refuses_a_bad_undo(cli: Callable[..., Done]) -> None:
    done = cli("play", "1-1", stdin="a\npreview b\nb\nundo x\nfoo\n", lang=None)
    out = done.stdout
    assert "aperçu b : CAPTURE (chef, vu) par sentry" in out and "capture : chef (vu) par sentry" in out
    assert "(sentinelle, en poste)" in out and "(sentry," not in out
    assert "« undo » ou « undo TOUR » (un nombre)" in out and "tour 1 " not in out.split("undo TOUR")[1]
    assert "coup illégal foo : nœud inconnu « foo »" in out and "{'to'" not in out


def test_cli_play_survives_an_svg_it_cannot_write(cli: Callable[..., Done], tmp_path: Path) -> None:
    done = cli("play", "1-1", stdin=f"svg {tmp_path}/no/such/dir/x.svg\na\n")
    assert done.returncode == 0 and "cannot write" in done.stdout and "turn 1" in done.stdout


def test_hint_gives_the_next_move_of_a_shortest_way_out(cli: Callable[..., Done]) -> None:
    from meeple.games.stealth.solver import hint

    g = StealthGame.new({"level": "1-1"})
    assert hint(g.level, g.state) is not None and g.move_text(g.move_of(hint(g.level, g.state))) == "a"  # type: ignore[arg-type]
    g.push(g.parse_move("a"))
    g.push(g.parse_move("b"))  # seen: captured
    assert hint(g.level, g.state) is None
    out = cli("play", "1-1", stdin="a\nhint\n").stdout
    assert "hint: d" in out


def test_cli_validate_reports_the_doubling_figures(cli: Callable[..., Done]) -> None:
    out = cli("validate", "1-2", "--doubling").stdout
    assert "✓ 1-2 (reachable states 27, neutralisable 2, shortest 7)" in out
    assert "✓ west: R=27 ≤ 2 × max(8 if untouchable, 20 if removed) — ratio 1.35, against untouchable alone 3.38" in out
    french = cli("validate", "1-2", "--doubling", lang="fr").stdout
    assert "rapport 1,35, contre intouchable seul 3,38" in french
