"""Property tests on random battlefields: reachable() and check() agree exactly (R8–R16).

Derandomized (the examples depend only on the test), so that CI runs the same cases every time.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.games.skirmish.battlefield import SHORTEST_RULES, ZOC_RULES, Battlefield, Fighter, Ground
from meeple.games.skirmish.movement import Adjudicator, CheckResult, check, reachable
from tests.games.skirmish.reference import reference_destinations

Cell = tuple[int, int]


@st.composite
def battlefields(draw: st.DrawFn, max_move: int = 14) -> Battlefield:
    """A small random battlefield (either ZOC rule, either shortest-path measure); fighter ``m`` (side 0)
    is the one that moves."""
    width, height = draw(st.integers(4, 7)), draw(st.integers(4, 7))
    chars = draw(st.lists(st.sampled_from("......~#"), min_size=width * height, max_size=width * height))
    rows = ["".join(chars[y * width:(y + 1) * width]) for y in range(height)]
    open_cells = [(x, y) for y in range(height) for x in range(width) if rows[y][x] != "#"]
    if len(open_cells) < 3:
        rows = ["." * width] * height
        open_cells = [(x, y) for y in range(height) for x in range(width)]
    count = draw(st.integers(2, min(9, len(open_cells))))
    cells = draw(st.lists(st.sampled_from(open_cells), min_size=count, max_size=count, unique=True))
    fighters = [Fighter("m", 0, cells[0], move=draw(st.integers(2, max_move)), zoc=draw(st.integers(0, 3)),
                        harmless=draw(st.booleans()))]
    for index, cell in enumerate(cells[1:]):
        side = 1 if index == 0 else min(1, draw(st.integers(0, 2)))
        harmless = draw(st.integers(0, 4)) == 0
        fighters.append(Fighter(f"f{index}", side, cell, move=6, zoc=draw(st.integers(0, 3)), harmless=harmless,
                                keeps_zoc=draw(st.integers(0, 5)) == 0, strike=0 if harmless else 1))
    ground = Ground.parse(rows, zoc=draw(st.sampled_from(ZOC_RULES)), shortest=draw(st.sampled_from(SHORTEST_RULES)))
    field = Battlefield(ground, tuple(sorted(fighters, key=lambda f: f.id)))
    return Battlefield(field.ground, field.fighters, field.contact_engagements())


def _extendable(result: CheckResult, length: int) -> bool:
    """Whether a longer path may still be legal: the prefix is legal or only its end is wrong."""
    error = result.error
    if error is None:
        return True
    return error.at_end and error.step == length - 1


def _all_legal_paths(field: Battlefield, mover: str) -> dict[Cell, CheckResult]:
    """Every legal path (by brute force through check()), cheapest per end cell."""
    best: dict[Cell, CheckResult] = {}
    ground = field.ground
    adjudicator = Adjudicator(field, mover)  # check() is Adjudicator(field, mover).check(path)

    def extend(path: list[Cell]) -> None:
        last = path[-1] if path else field.fighter(mover).cell
        for cell in ground.neighbours(last):
            candidate = [*path, cell]
            result = adjudicator.check(candidate)
            if result.legal:
                known = best.get(cell)
                if known is None or result.cost < known.cost:
                    best[cell] = result
            if _extendable(result, len(candidate)):
                extend(candidate)

    extend([])
    return best


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(battlefields())
def test_every_path_reachable_returns_passes_check_with_the_same_outcome(field: Battlefield) -> None:
    reach = reachable(field, "m")
    for cell, destination in reach.destinations.items():
        result = check(field, "m", destination.path)
        assert result.legal, (cell, destination, result.error)
        assert result.outcome == destination.outcome
        assert result.cost == destination.cost
        assert destination.path[-1] == cell


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(battlefields(), st.integers(0, 2**32))
def test_every_path_check_accepts_ends_on_a_reachable_cell_with_that_outcome(field: Battlefield, seed: int) -> None:
    reach = reachable(field, "m")
    adjudicator = Adjudicator(field, "m")  # what check() builds, built once for the 40 paths
    rng = random.Random(seed)
    for _ in range(40):
        path: list[Cell] = []
        here = field.fighter("m").cell
        for _ in range(rng.randint(1, 8)):
            here = rng.choice(list(field.ground.neighbours(here)))
            path.append(here)
            result = adjudicator.check(path)
            if result.legal:
                destination = reach.destinations.get(here)
                assert destination is not None, (path, result)
                assert destination.outcome == result.outcome
                assert destination.cost <= result.cost


@settings(max_examples=80, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(battlefields(max_move=8))
def test_reachable_is_exactly_what_brute_force_through_check_finds(field: Battlefield) -> None:
    brute = _all_legal_paths(field, "m")
    reach = reachable(field, "m")
    assert set(reach.destinations) == set(brute)
    for cell, result in brute.items():
        assert reach.destinations[cell].cost == result.cost
        assert reach.destinations[cell].outcome == result.outcome


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(battlefields(max_move=9))
def test_reachable_agrees_with_an_independent_reference_that_enumerates_paths(field: Battlefield) -> None:
    expected = reference_destinations(field, "m")
    found = {cell: (d.cost, d.outcome.kind, d.outcome.opponents) for cell, d in reachable(field, "m").destinations.items()}
    assert found == expected


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(battlefields())
def test_a_fighter_that_moved_bound_stops_only_in_its_groups_zoc_or_in_contact(field: Battlefield) -> None:
    reach = reachable(field, "m")
    for cell, destination in reach.destinations.items():
        if destination.bound_to is not None and destination.outcome.kind != "engaged":
            holders = {other.id for other in field.fighters if cell in field.zoc_cells(other.id)}
            assert holders & set(destination.bound_to), (cell, destination)
