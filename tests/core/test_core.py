"""Boards, search, AIs, seeds and errors of the shared core."""

from __future__ import annotations

import doctest
import errno
import json
from pathlib import Path

import pytest

import meeple.core.boards
import meeple.core.errors
import meeple.core.files
import meeple.core.game
import meeple.core.i18n
import meeple.core.rng
import meeple.core.search
import meeple.core.stats
import meeple.core.svg
from meeple.core.ai import MCTS, AlphaBeta
from meeple.core.boards import (
    HEX_DIRECTIONS,
    Graph,
    HexDirection,
    SquareGrid,
    hex_direction_between,
    hex_distance,
    hex_neighbours,
    rotate_cell,
)
from meeple.core.errors import FormatError, IllegalMoveError, MeepleError, os_error_reason
from meeple.core.files import read_json
from meeple.core.i18n import Msg, set_language
from meeple.core.rng import make_rng
from meeple.core.search import astar, bfs, explore
from meeple.core.stats import wilson_interval
from tests.core.tiny_games import Take


@pytest.mark.parametrize(
    "module",
    [meeple.core.boards, meeple.core.errors, meeple.core.files, meeple.core.game, meeple.core.i18n, meeple.core.rng,
     meeple.core.search, meeple.core.stats, meeple.core.svg],
)
def test_docstring_examples(module: object) -> None:
    failures, _tried = doctest.testmod(module)  # type: ignore[arg-type]
    assert failures == 0


def test_square_grid_neighbours_and_distance() -> None:
    four, eight = SquareGrid(5, 4), SquareGrid(5, 4, diagonal=True)
    assert len(list(four.neighbours((2, 2)))) == 4
    assert len(list(eight.neighbours((2, 2)))) == 8
    assert sorted(eight.neighbours((0, 0))) == [(0, 1), (1, 0), (1, 1)]
    assert four.distance((0, 0), (3, 2)) == 5 and eight.distance((0, 0), (3, 2)) == 3
    assert len(list(four.cells())) == 20
    with pytest.raises(ValueError, match="positive"):
        SquareGrid(0, 3)


def test_rotating_four_quarter_turns_is_identity() -> None:
    assert rotate_cell((3, 1), (1, 1), 4) == (3, 1)
    assert rotate_cell((3, 1), (1, 1), 2) == (-1, 1)


def test_hex_directions_are_six_opposite_pairs() -> None:
    assert len(HEX_DIRECTIONS) == 6
    assert {d.offset for d in HEX_DIRECTIONS} == set(hex_neighbours((0, 0)))
    for direction in HEX_DIRECTIONS:
        assert direction.opposite.opposite is direction
        assert direction.opposite.offset == (-direction.dq, -direction.dr)
        assert hex_distance((0, 0), direction.offset) == 1
        assert hex_direction_between((0, 0), direction.offset) is direction
    assert HexDirection.E.turned(1) is HexDirection.SE
    assert hex_distance((0, 0), (3, -3)) == 3


def test_graph_one_way_edges() -> None:
    graph: Graph[str] = Graph()
    graph.add_edge("a", "b")
    graph.add_edge("b", "c", directed=True)
    assert graph.has_edge("b", "c") and not graph.has_edge("c", "b")
    assert graph.predecessors("c") == ["b"]
    assert graph.distances_from("a") == {"a": 0, "b": 1, "c": 2}
    assert graph.shortest_path("c", "a") is None


def test_bfs_finds_shortest_path_and_respects_budget() -> None:
    step = lambda n: [("+1", n + 1), ("*2", n * 2)]  # noqa: E731
    found = bfs(1, step, lambda n: n == 10)
    assert found.found and len(found.actions) == 4  # 1→2→4→5→10
    assert found.stats.states_seen > 0 and found.stats.states_per_second > 0
    starved = bfs(1, step, lambda n: n == 10_000, max_states=20)
    assert not starved.found and starved.stats.budget_exhausted


def test_astar_prefers_the_cheaper_path() -> None:
    edges = {"s": [("a", 1.0), ("b", 5.0)], "a": [("g", 10.0)], "b": [("g", 1.0)], "g": []}
    result = astar("s", lambda n: [(m, m, c) for m, c in edges[n]], lambda n: n == "g")
    assert result.actions == ["b", "g"] and result.cost == 6.0


def test_explore_counts_reachable_states() -> None:
    seen, stats = explore(0, lambda n: [(1, (n + 1) % 7), (2, (n + 3) % 7)])
    assert len(seen) == 7 and stats.states_seen == 7


def test_alpha_beta_plays_the_winning_take() -> None:
    for pile in (5, 6, 7, 9, 10, 11):
        game = Take.new({"pile": pile}, seed=1)
        result = AlphaBeta(lambda g: 0.0).search(game, max_depth=12)
        assert result.move == pile % 4, f"pile {pile}"
        assert game.pile == pile and not game.move_stack  # left unchanged


class FakeClock:
    """A clock that moves ``step`` seconds each time it is read: what a time limit allows is exact."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.reads = 0.0, step, 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now


def test_alpha_beta_stops_at_its_time_limit() -> None:
    clock = FakeClock(step=0.01)  # each clock read costs 10 ms: 0.2 s are about 20 reads
    game = Take.new({"pile": 400}, seed=1)
    engine = AlphaBeta(lambda g: 0.0, table_size=10, clock_interval=16, clock=clock)
    result = engine.search(game, time_limit=0.2)
    assert result.move in (1, 2, 3)
    assert clock.reads <= 23  # began, ≈20 reads inside, the final one
    assert result.nodes <= 16 * 22 and 0.2 <= result.seconds <= 0.25
    assert game.pile == 400 and not game.move_stack  # an interrupted pass leaves the game as it was


def test_alpha_beta_without_a_time_limit_never_stops_early() -> None:
    clock = FakeClock(step=1000.0)
    result = AlphaBeta(lambda g: 0.0, clock=clock).search(Take.new({"pile": 9}, 1), max_depth=12)
    assert result.move == 1 and result.depth >= 1  # 9 % 4: a proven win, whatever the clock says


def test_mcts_finds_the_winning_take_and_is_reproducible() -> None:
    moves = [MCTS(rng=make_rng(seed)).search(Take.new({"pile": 7}, 1), iterations=3000).move for seed in (1, 1)]
    assert moves == [3, 3]


def test_seeded_rng_is_reproducible_and_derives_streams() -> None:
    assert make_rng(5).random() == make_rng(5).random()
    assert make_rng(5).derive("a").random() != make_rng(5).derive("b").random()
    assert isinstance(make_rng(None).seed_value, int)


def test_errors_say_what_went_wrong_in_both_languages() -> None:
    error = IllegalMoveError("n3", Msg("un ennemi vous voit", "an enemy sees you"))
    assert error.text("fr") == "coup illégal n3 : un ennemi vous voit"
    assert error.text("en") == "illegal move n3: an enemy sees you"
    bad = FormatError("level.json", "nodes[2]", Msg("nœud inconnu", "unknown node"))
    set_language("en")
    try:
        assert str(bad) == "level.json: nodes[2]: unknown node"
    finally:
        set_language("fr")
    assert str(bad) == "level.json : nodes[2] : nœud inconnu"


def test_records_replay_and_bad_records_are_refused() -> None:
    game = Take.new({"pile": 9}, seed=3).replay([2, 3])
    record = json.loads(json.dumps(game.record()))
    assert Take.from_record(record).position_hash() == game.position_hash()
    record["moves"].append(9)
    with pytest.raises(FormatError, match=r"moves\[2\]"):
        Take.from_record(record)
    with pytest.raises(FormatError, match="game"):
        Take.from_record({**record, "game": "hive"})


def test_illegal_push_changes_nothing() -> None:
    game = Take.new({"pile": 2}, seed=0)
    before = game.position_hash()
    with pytest.raises(IllegalMoveError, match=r"illegal move 3|coup illégal 3"):
        game.push(3)
    assert game.position_hash() == before and not game.move_stack


def test_read_json_names_the_file_and_the_problem(tmp_path: Path) -> None:
    folder = tmp_path
    (folder / "ok.json").write_text('{"a": [1, 2]}', encoding="utf-8")
    assert read_json(folder / "ok.json") == {"a": [1, 2]}
    (folder / "bad.json").write_text('{\n "a": ,\n}', encoding="utf-8")
    with pytest.raises(FormatError, match=r"bad\.json : ligne 2"):
        read_json(folder / "bad.json")
    with pytest.raises(FormatError, match=r"missing\.json"):
        read_json(folder / "missing.json")


def test_alpha_beta_reads_the_clock_as_often_as_asked() -> None:
    clock = FakeClock(step=0.0)

    def slow_evaluation(_game: Take) -> float:
        clock.now += 0.02  # a game whose positions are slow to judge
        return 0.0

    with pytest.raises(ValueError, match="clock_interval"):
        AlphaBeta(slow_evaluation, clock_interval=0)
    result = AlphaBeta(slow_evaluation, clock_interval=1, clock=clock).search(
        Take.new({"pile": 60}, 1), time_limit=0.2
    )
    assert result.move in (1, 2, 3)
    assert result.nodes <= 40 and clock.now < 0.3
    clock.now = 0.0
    lax = AlphaBeta(slow_evaluation, clock=clock)  # reads the clock every 256 nodes
    lax.search(Take.new({"pile": 60}, 1), time_limit=0.2)
    assert lax.nodes == 256 and clock.now > 1.0  # the first read comes after 256 nodes: far too late


def test_mcts_stops_at_its_time_limit_and_its_iterations() -> None:
    clock = FakeClock(step=0.01)
    result = MCTS(rng=make_rng(3), clock=clock).search(Take.new({"pile": 7}, 1), time_limit=0.1)
    assert result.iterations <= 10 and result.move in (1, 2, 3)
    counted = MCTS(rng=make_rng(3), clock=FakeClock(step=1e-9)).search(
        Take.new({"pile": 7}, 1), iterations=50, time_limit=60.0
    )
    assert counted.iterations == 50


def test_hex_directions_write_the_uhp_notation() -> None:
    """UHP: ``P-`` east, ``P\\`` south-east, ``/P`` south-west, ``-P`` west, ``\\P`` north-west, ``P/`` north-east."""
    written = {d.name: f"{d.uhp_prefix}P{d.uhp_suffix}" for d in HEX_DIRECTIONS}
    assert written == {"E": "P-", "SE": "P\\", "SW": "/P", "W": "-P", "NW": "\\P", "NE": "P/"}
    assert [d.name for d in HEX_DIRECTIONS] == ["E", "SE", "SW", "W", "NW", "NE"]  # clockwise
    assert HexDirection.SE.offset == (0, 1) and HexDirection.NE.offset == (1, -1)


def test_astar_and_explore_respect_their_state_budget() -> None:
    def step(n: int) -> list[tuple[str, int, float]]:
        return [("+1", n + 1, 1.0), ("+2", n + 2, 1.0)]

    starved = astar(0, step, lambda n: n == 1000, max_states=50)
    assert not starved.found and starved.stats.budget_exhausted and starved.stats.states_seen <= 51
    found = astar(0, step, lambda n: n == 10, heuristic=lambda n: (10 - n) / 2)
    assert found.found and found.cost == 5.0 and not found.stats.budget_exhausted
    seen, stats = explore(0, lambda n: [(1, n + 1)], max_states=30)
    assert stats.budget_exhausted and len(seen) <= 31


def test_an_unreadable_file_is_explained_in_both_languages(tmp_path: Path) -> None:
    with pytest.raises(FormatError) as missing:
        read_json(tmp_path / "missing.json")
    assert missing.value.text("fr").endswith("missing.json : lecture impossible : fichier ou dossier introuvable")
    assert missing.value.text("en").endswith("missing.json: cannot read: no such file or directory")
    with pytest.raises(FormatError) as folder:
        read_json(tmp_path)
    assert folder.value.text("fr").endswith("lecture impossible : c'est un dossier")
    odd = os_error_reason(OSError(errno.EIO, "Input/output error"))
    assert odd.fr == odd.en == "Input/output error"  # an unusual failure keeps the system's words


def test_wilson_interval_brackets_the_observed_rate_and_narrows_with_more_games() -> None:
    low, high = wilson_interval(8, 10)
    assert low < 0.8 < high
    wide, narrow = wilson_interval(5, 10), wilson_interval(50, 100)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(10, 10)[1] == 1.0 and wilson_interval(0, 10)[0] == 0.0


def test_errors_survive_pickling_with_their_bilingual_message() -> None:
    """An AI worker process sends its errors back pickled: they must come back whole."""
    import pickle

    illegal = IllegalMoveError("a1-a3", Msg("la case est occupée", "the cell is occupied"))
    bad_file = FormatError("levels/1-1.json", "nodes[3].id", Msg("identifiant en double", "duplicate id"))
    for error in (illegal, bad_file, MeepleError(Msg("bonjour", "hello"))):
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error)
        assert copy.text("fr") == error.text("fr") and copy.text("en") == error.text("en")
    assert pickle.loads(pickle.dumps(illegal)).move == "a1-a3"
    assert pickle.loads(pickle.dumps(bad_file)).field == "nodes[3].id"


def test_bad_json_reads_in_french_too(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{\n "a" 1\n}', encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        read_json(tmp_path / "bad.json")
    assert caught.value.text("fr") == f"{tmp_path / 'bad.json'} : ligne 2 : JSON invalide : deux-points attendu"
    assert caught.value.text("en") == f"{tmp_path / 'bad.json'}: line 2: invalid JSON: Expecting ':' delimiter"
