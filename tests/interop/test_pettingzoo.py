"""PettingZoo AEC environments for ILYOS, Hive and skirmish: PettingZoo's own API test, masks, rewards, errors."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed (pip install 'meeple[rl]')")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

from meeple.core.errors import FormatError, IllegalMoveError  # noqa: E402
from meeple.core.i18n import set_language  # noqa: E402
from meeple.interop.pettingzoo import env  # noqa: E402

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
