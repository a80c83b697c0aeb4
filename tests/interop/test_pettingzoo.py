"""PettingZoo environments for ILYOS, Hive and skirmish: PettingZoo's own API, seed, max-cycles and parallel tests,
masks, rewards, errors."""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed (pip install 'meeple[rl]')")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402

from meeple.core.errors import FormatError, IllegalMoveError  # noqa: E402
from meeple.core.i18n import set_language  # noqa: E402
from meeple.interop.pettingzoo import env, parallel_env  # noqa: E402

CASES: list[tuple[str, dict[str, Any]]] = [
    ("ilyos", {"islands": 4, "guardians": 1}),
    ("ilyos", {"mode": "2v2"}),
    ("hive", {"game_type": "Base+MLPC", "max_plies": 60}),
    ("skirmish", {"scenario": "gauntlet"}),
]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
def test_pettingzoos_api_test_passes(game: str, options: dict[str, Any]) -> None:
    api_test(env(game, **options), num_cycles=300)


def _play_out(environment: Any, seed: int) -> dict[str, float]:
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(legal)))
    return totals


def test_a_duel_ends_with_opposite_rewards_and_2v2_teammates_share_them() -> None:
    duel = _play_out(env("ilyos", islands=4, guardians=1), seed=3)
    assert sorted(duel.values()) in ([-1.0, 1.0], [0.0, 0.0])
    teams = _play_out(env("ilyos", mode="2v2"), seed=5)
    assert teams["player_0"] == teams["player_2"] and teams["player_1"] == teams["player_3"]
    assert teams["player_0"] == -teams["player_1"]


def test_hive_is_truncated_after_max_plies() -> None:
    environment = env("hive", game_type="Base", max_plies=10)
    environment.reset(seed=1)
    for _ in range(10):
        observation, *_ = environment.last()
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert all(environment.truncations.values()) and not any(environment.terminations.values())


def test_only_the_agent_to_move_has_a_mask_and_ilyos_keeps_the_turn_until_end() -> None:
    environment = env("ilyos")
    environment.reset(seed=2)
    mover = environment.agent_selection
    other = next(agent for agent in environment.possible_agents if agent != mover)
    assert environment.observe(other)["action_mask"].sum() == 0
    mask = environment.observe(mover)["action_mask"]
    place = int(np.flatnonzero(mask)[0])  # the lowest ids are island placements
    environment.step(place)
    assert environment.agent_selection == mover  # a turn is several atomic actions


def test_an_action_outside_the_mask_raises_the_engines_reason_and_changes_nothing() -> None:
    environment = env("ilyos")
    environment.reset(seed=2)
    before = environment.engine.position_hash()
    set_language("en")
    with pytest.raises(IllegalMoveError, match=r"place an island first \(rule 2\)"):
        environment.step(21_538)  # end, before any island is placed
    assert environment.engine.position_hash() == before and not environment.engine.move_stack


def test_observations_hide_the_other_seats_hands() -> None:
    from meeple.core.rng import make_rng

    environment = env("ilyos")
    environment.reset(seed=4)
    seen = environment.observe("player_1")["observation"]
    environment.engine = environment.engine.determinize(1, make_rng(3))
    assert np.array_equal(environment.observe("player_1")["observation"], seen)


def test_bad_options_and_one_player_games_are_refused() -> None:
    with pytest.raises(FormatError):
        env("hive", game_type="Base+Q")
    with pytest.raises(ValueError, match="Gymnasium"):
        env("stealth")


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
def test_pettingzoos_seed_test_passes(game: str, options: dict[str, Any]) -> None:
    """The same seed, the same game: deals, observations, masks, rewards (PettingZoo's own check)."""
    seed_test(partial(env, game, **options), num_cycles=60)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game", "options"), [("hive", {"game_type": "Base"}), ("skirmish", {"scenario": "ford"})],
                         ids=["hive", "skirmish"])
def test_pettingzoos_max_cycles_test_passes(game: str, options: dict[str, Any]) -> None:
    """On the games of one action a turn (ILYOS's turns are several actions: the test's count of cycles
    does not describe them). Its random actions are unmasked: illegal="random" plays a legal one instead."""
    module = SimpleNamespace(env=partial(env, game, illegal="random", **options),
                             parallel_env=partial(parallel_env, game, illegal="random", **options))
    for _ in range(3):  # the test resets without a seed: three different games
        max_cycles_test(module)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
def test_the_parallel_api_passes_pettingzoos_tests(game: str, options: dict[str, Any]) -> None:
    parallel_api_test(parallel_env(game, max_cycles=40, **options), num_cycles=40)
    parallel_seed_test(partial(parallel_env, game, max_cycles=40, illegal="random", **options), num_cycles=40)


def test_an_illegal_action_can_be_a_penalised_random_legal_move() -> None:
    first, second = (env("hive", game_type="Base", illegal="random", illegal_reward=-0.5) for _ in range(2))
    for environment in (first, second):
        environment.reset(seed=9)
        environment.step(environment.space.num_actions - 1)  # pass, illegal on the first move
    assert len(first.engine.move_stack) == 1 and first.engine.move_stack == second.engine.move_stack  # seeded
    assert first.rewards["player_0"] == -0.5 and first.infos["player_0"]["illegal_move"]["en"]
    legal = int(np.flatnonzero(first.observe(first.agent_selection)["action_mask"])[0])
    first.step(legal)
    assert first.rewards["player_1"] == 0.0 and "illegal_move" not in first.infos["player_1"]
    with pytest.raises(ValueError, match="illegal must be"):
        env("hive", illegal="ignore")


def test_max_cycles_truncates_once_each_agent_has_acted_that_many_times() -> None:
    environment = env("hive", game_type="Base", max_cycles=3)
    environment.reset(seed=1)
    plies = 0
    while not any(environment.truncations.values()):
        observation, *_ = environment.last()
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
        plies += 1
    assert plies == 6 and not any(environment.terminations.values())
