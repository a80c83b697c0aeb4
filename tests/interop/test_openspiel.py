"""meeple's games as OpenSpiel games: OpenSpiel's own checks, serialization, hidden information, MCTS."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install 'meeple[openspiel]')")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from meeple.interop import openspiel  # noqa: E402
from meeple.interop.spaces import space_for  # noqa: E402

SMALL: list[tuple[str, dict[str, Any]]] = [
    ("meeple_ilyos", {"islands": 4, "guardians": 1}),
    ("meeple_ilyos", {"mode": "2v2", "team_diagonal": True, "islands": 12}),
    ("meeple_hive", {"game_type": "Base+MLPC", "max_plies": 40}),
    ("meeple_hive", {"game_type": "Base", "max_plies": 40}),
    ("meeple_skirmish", {"scenario": "gauntlet"}),
    ("meeple_stealth", {"level": "1-5"}),
    ("meeple_murder", {"size": 4, "max_moves": 40}),
]


def _ids(cases: list[tuple[str, dict[str, Any]]]) -> list[str]:
    return [f"{name}-{i}" for i, (name, _) in enumerate(cases)]


def _play_randomly(state: Any, actions: int, seed: int = 0) -> Any:
    rng = np.random.RandomState(seed)
    for _ in range(actions):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_every_game_loads_by_its_name_with_the_right_game_type() -> None:
    kinds = pyspiel.GameType
    expected = {
        "meeple_ilyos": (2, kinds.Information.IMPERFECT_INFORMATION, kinds.ChanceMode.EXPLICIT_STOCHASTIC),
        "meeple_hive": (2, kinds.Information.PERFECT_INFORMATION, kinds.ChanceMode.DETERMINISTIC),
        "meeple_skirmish": (2, kinds.Information.PERFECT_INFORMATION, kinds.ChanceMode.DETERMINISTIC),
        "meeple_stealth": (1, kinds.Information.PERFECT_INFORMATION, kinds.ChanceMode.DETERMINISTIC),
        "meeple_murder": (1, kinds.Information.PERFECT_INFORMATION, kinds.ChanceMode.DETERMINISTIC),
    }
    for name, (players, information, chance) in expected.items():
        game = pyspiel.load_game(name)
        game_type = game.get_type()
        assert (game.num_players(), game_type.information, game_type.chance_mode) == (players, information, chance)
        assert game_type.utility == (kinds.Utility.ZERO_SUM if players == 2 else kinds.Utility.GENERAL_SUM)
    assert pyspiel.load_game("meeple_ilyos", {"mode": "2v2"}).num_players() == 4
    assert pyspiel.load_game("meeple_hive", {"game_type": "Base"}).num_distinct_actions() == 8 * 22 * 22 + 23


@pytest.mark.parametrize(("name", "params"), SMALL, ids=_ids(SMALL))
def test_openspiels_random_simulation_test_passes_with_serialization(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params"), SMALL, ids=_ids(SMALL))
def test_a_mid_game_state_survives_serialization_and_pickling(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    state = _play_randomly(game.new_initial_state(), 12, seed=5)
    text = pyspiel.serialize_game_and_state(game, state)
    game_back, state_back = pyspiel.deserialize_game_and_state(text)
    assert str(game_back) == str(game)
    assert (str(state_back), state_back.history(), state_back.legal_actions()) == (
        str(state), state.history(), state.legal_actions())
    unpickled = pickle.loads(pickle.dumps(state))
    assert (str(unpickled), unpickled.history()) == (str(state), state.history())


def test_an_illegal_action_raises_the_engines_reason_and_changes_nothing() -> None:
    game = pyspiel.load_game("meeple_hive", {"game_type": "Base"})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    before = (str(state), state.history())
    space = space_for(state.engine)
    queen = state.engine.game_type.piece_named("bQ").id
    reference = next(p for p in range(space.pieces) if state.engine.state.board.where[p] >= 0)
    with pytest.raises(pyspiel.SpielError, match="the Queen may not be placed on the first turn"):
        state.apply_action((queen * space.pieces + reference) * 8 + 0)
    with pytest.raises(pyspiel.SpielError, match=r"outside 0\.\.3894"):
        state.apply_action(3895)
    with pytest.raises(pyspiel.SpielError, match="names no move in this position"):
        state.apply_action(game.num_distinct_actions() - 2)  # a piece alone on a board that is not empty
    assert (str(state), state.history()) == before


def test_the_observation_tensor_is_the_spaces_observation() -> None:
    game = pyspiel.load_game("meeple_skirmish", {"scenario": "ford"})
    state = _play_randomly(game.new_initial_state(), 5)
    engine = state.engine
    for player in (0, 1):
        assert np.array_equal(np.asarray(state.observation_tensor(player)), space_for(engine).observe(engine, player))
    assert game.observation_tensor_shape() == [space_for(engine).observation_shape[0]]


def test_bad_parameters_are_refused_with_the_engines_reason() -> None:
    with pytest.raises(pyspiel.SpielError, match="game_type"):
        pyspiel.load_game("meeple_hive", {"game_type": "Base+X"})
    with pytest.raises(pyspiel.SpielError, match="level"):
        pyspiel.load_game("meeple_stealth", {"level": "9-99"})
    with pytest.raises(pyspiel.SpielError, match="max_plies"):
        pyspiel.load_game("meeple_hive", {"max_plies": 0})


def _first_decision(game: Any, deal: int) -> Any:
    state = game.new_initial_state()
    state.apply_action(deal)
    return state


def test_ilyos_information_states_show_what_the_seat_saw_and_never_the_deal() -> None:
    game = pyspiel.load_game("meeple_ilyos", {"islands": 4, "guardians": 1, "deals": 64})
    by_hand: dict[str, list[int]] = {}
    for deal in range(64):
        hand = sorted(_first_decision(game, deal).engine.state.players[0].hand)
        by_hand.setdefault(" ".join(hand), []).append(deal)
    first, second = next(deals for deals in by_hand.values() if len(deals) > 1)[:2]
    a, b = _first_decision(game, first), _first_decision(game, second)
    assert a.engine.state.players[0].deck != b.engine.state.players[0].deck or \
        a.engine.state.players[1].hand != b.engine.state.players[1].hand
    # seat 0 holds the same hand in both deals: it cannot tell them apart, and neither can OpenSpiel's views
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert np.array_equal(a.observation_tensor(0), b.observation_tensor(0))
    later_a, later_b = a.clone(), b.clone()
    action = next(x for x in later_a.legal_actions() if x in later_b.legal_actions())
    later_a.apply_action(action)
    later_b.apply_action(action)
    assert later_a.information_state_string(0) == later_b.information_state_string(0)


def test_ilyos_resampling_keeps_the_players_information_state() -> None:
    game = pyspiel.load_game("meeple_ilyos", {"islands": 4, "guardians": 1})
    state = _play_randomly(game.new_initial_state(), 20, seed=3)
    player = state.current_player()
    sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(player) == state.information_state_string(player)
    assert sample.observation_string(player) == state.observation_string(player)
    assert sample.legal_actions() == state.legal_actions()
    assert str(sample) != str(state)  # the hidden cards were dealt again


def _mcts_game(game: Any, bots: list[Any], seed: int) -> Any:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


@pytest.mark.parametrize(("name", "params"), [
    ("meeple_hive", {"game_type": "Base", "max_plies": 16}),
    ("meeple_skirmish", {"scenario": "gauntlet"}),
    ("meeple_stealth", {"level": "1-5"}),
    ("meeple_murder", {"size": 4, "max_moves": 12}),
])
def test_openspiel_mcts_plays_each_game_to_the_end(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=4)
    bot = mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=rng)
    state = _mcts_game(game, [bot] * game.num_players(), 1)
    assert state.is_terminal() and len(state.history()) <= game.max_game_length()
    assert all(game.min_utility() <= value <= game.max_utility() for value in state.returns())


def test_openspiel_mcts_solves_an_easy_stealth_level() -> None:
    game = pyspiel.load_game("meeple_stealth", {"level": "1-1"})
    rng = np.random.RandomState(2)
    bot = mcts.MCTSBot(game, 2.0, 60, mcts.RandomRolloutEvaluator(2, rng), random_state=rng)
    assert _mcts_game(game, [bot], 2).returns() == [1.0]


def test_openspiel_ismcts_plays_ilyos_to_the_end() -> None:
    game = pyspiel.load_game("meeple_ilyos", {"islands": 4, "guardians": 1})
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=3)
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 2, random_state=rng) for _ in range(2)]
    state = _mcts_game(game, bots, 4)
    assert state.is_terminal() and sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert state.engine.is_over()  # ended by the rules, not by the action bound


def test_the_module_names_match_the_issue() -> None:
    assert {spec.short_name for spec in openspiel.SPECS} <= set(pyspiel.registered_names())
    assert openspiel.load("stealth", level="1-3").get_parameters()["level"] == "1_3"


def test_openspiels_rl_environment_plays_an_episode() -> None:
    from open_spiel.python import rl_environment

    environment = rl_environment.Environment("meeple_ilyos", islands=4, guardians=1)
    step = environment.reset()
    rng = np.random.default_rng(0)
    while not step.last():
        player = step.observations["current_player"]
        step = environment.step([int(rng.choice(step.observations["legal_actions"][player]))])
    assert sorted(step.rewards) in ([-1.0, 1.0], [0.0, 0.0])
    assert len(step.observations["info_state"][0]) == environment.observation_spec()["info_state"][0]
