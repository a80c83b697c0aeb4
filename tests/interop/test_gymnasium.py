"""Gymnasium environments for stealth and murder: Gymnasium's own env checker, rewards, illegal actions."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="Gymnasium is not installed (pip install 'meeple[rl]')")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import meeple.interop.gymnasium  # noqa: E402, F401  (registers meeple/Stealth-v0 and meeple/Murder-v0)
from meeple.core.errors import MeepleError  # noqa: E402
from meeple.games.murder.exact import count_solutions  # noqa: E402
from meeple.games.murder.game import MurderMove  # noqa: E402
from meeple.games.stealth.solver import solve  # noqa: E402
from meeple.interop.spaces import space_for  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("env_id", "kwargs"), [
    ("meeple/Stealth-v0", {"level": "1-5"}),
    ("meeple/Stealth-v0", {"level": "1-14"}),
    ("meeple/Murder-v0", {"size": 4}),
    ("meeple/Murder-v0", {"size": 6, "difficulty": 2}),
])
def test_gymnasiums_env_checker_passes(env_id: str, kwargs: dict[str, object]) -> None:
    environment = gymnasium.make(env_id, **kwargs)
    check_env(environment.unwrapped)


def test_the_solvers_moves_win_the_stealth_episode_with_reward_one() -> None:
    environment = gymnasium.make("meeple/Stealth-v0", level="1-5")
    _, info = environment.reset(seed=0)
    game = environment.unwrapped.engine
    plan = [game.move_of(action) for action in solve(game.level).actions]
    space = space_for(game)
    total, terminated = 0.0, False
    for move in plan:
        action = space.encode(environment.unwrapped.engine, move)
        assert info["action_mask"][action] == 1
        _, reward, terminated, _, info = environment.step(action)
        total += reward
    assert terminated and total == 1.0 and info["outcome"]["winners"] == [0]


def test_an_illegal_action_changes_nothing_and_says_why() -> None:
    environment = gymnasium.make("meeple/Stealth-v0", level="1-1")
    observation, info = environment.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = environment.step(illegal)
    assert np.array_equal(after, observation) and reward == 0.0 and not terminated and not truncated
    assert info["illegal_move"]["en"].startswith(f"illegal move #{illegal}")
    assert info["illegal_move"]["fr"].startswith(f"coup illégal #{illegal}")


def test_an_episode_is_truncated_after_max_steps() -> None:
    environment = gymnasium.make("meeple/Murder-v0", size=4, max_steps=3)
    environment.reset(seed=1)
    results = [environment.step(0)[2:4] for _ in range(3)]
    assert results[-1] == (False, True)


def test_murder_draws_a_new_case_per_seed_unless_one_is_fixed() -> None:
    environment = gymnasium.make("meeple/Murder-v0", size=5)
    environment.reset(seed=1)
    first = environment.unwrapped.engine.case
    environment.reset(seed=1)
    assert environment.unwrapped.engine.case.clues == first.clues
    environment.reset(seed=2)
    assert environment.unwrapped.engine.case.clues != first.clues
    fixed = gymnasium.make("meeple/Murder-v0", size=5, case_seed=11)
    fixed.reset(seed=1)
    clues = fixed.unwrapped.engine.case.clues
    fixed.reset(seed=2)
    assert fixed.unwrapped.engine.case.clues == clues


def test_placing_the_answer_solves_the_case() -> None:
    environment = gymnasium.make("meeple/Murder-v0", size=4, case_seed=3)
    environment.reset(seed=0)
    game = environment.unwrapped.engine
    answer = count_solutions(game.case, limit=1).solutions[0]  # the exact solver's answer
    rewards = []
    for person, cell in answer.items():
        _, reward, terminated, _, _ = environment.step(space_for(game).encode(game, MurderMove(person, cell)))
        rewards.append(reward)
    assert terminated and rewards[-1] == 1.0 and sum(rewards) == 1.0


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_a_set_of_levels_is_a_task_distribution_over_one_padded_space() -> None:
    environment = gymnasium.make("meeple/Stealth-v0", levels=["1-1", "1-5", "1-14"])
    check_env(environment.unwrapped)
    seen = set()
    for seed in range(12):
        observation, info = environment.reset(seed=seed)
        seen.add(info["level"])
        assert observation.shape == environment.observation_space.shape
        legal = np.flatnonzero(info["action_mask"])
        game = environment.unwrapped.engine
        assert sorted(game.move_key(environment.unwrapped.space.decode(game, int(a))) for a in legal) == sorted(
            game.move_key(m) for m in game.legal_moves())
    assert seen == {"1-1", "1-5", "1-14"}
    _, first = environment.reset(seed=3)
    _, again = environment.reset(seed=3)
    assert first["level"] == again["level"]
    with pytest.raises(MeepleError, match="9-9"):
        gymnasium.make("meeple/Stealth-v0", levels=["1-1", "9-9"])


def test_action_masks_is_the_legal_ids_as_maskable_ppo_reads_them() -> None:
    environment = gymnasium.make("meeple/Stealth-v0", level="1-5")
    _, info = environment.reset(seed=0)
    masks = environment.get_wrapper_attr("action_masks")()  # through gymnasium.make's wrappers
    assert masks.dtype == np.bool_ and np.array_equal(masks, info["action_mask"].astype(bool))
    action = int(np.flatnonzero(masks)[0])
    _, _, _, _, info = environment.step(action)
    assert np.array_equal(environment.unwrapped.action_masks(), info["action_mask"] == 1)


@pytest.mark.parametrize(("env_id", "kwargs"), [("meeple/Stealth-v0", {"level": "1-5"}),
                                                ("meeple/Murder-v0", {"size": 4})])
def test_vector_environments_step_with_masks_across_episode_ends(env_id: str, kwargs: dict[str, object]) -> None:
    """gymnasium.make_vec (docs/interop.md's example): the masks come per environment, the infos gather (an
    episode that ends in one environment while another goes on), and episodes restart on their own."""
    envs = gymnasium.make_vec(env_id, num_envs=3, vectorization_mode="sync", **kwargs)
    observations, infos = envs.reset(seed=0)
    rng, ended = np.random.default_rng(0), 0
    for _ in range(120):
        masks = envs.call("action_masks")
        assert np.array_equal(np.stack(masks), infos["action_mask"] == 1)
        actions = np.array([rng.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in masks])
        observations, _rewards, terminations, truncations, infos = envs.step(actions)
        ended += int(np.sum(terminations | truncations))
    assert observations.shape[0] == 3 and ended > 0
    envs.close()
