"""Gymnasium environments for meeple's one-player games: ``meeple/Stealth-v0`` and ``meeple/Murder-v0``.

After ``import meeple.interop.gymnasium``::

    env = gymnasium.make("meeple/Stealth-v0", level="1-5")             # a shipped level is the task
    env = gymnasium.make("meeple/Stealth-v0", levels=["1-1", "1-2", "1-3"])   # one drawn per reset
    env = gymnasium.make("meeple/Murder-v0", size=5, difficulty=2)    # a new generated case each reset

Observations are the float32 vectors of :mod:`meeple.interop.spaces`; actions are ``Discrete`` ids
(docs/interop.md). ``info["action_mask"]`` (int8) marks the legal ids, and so does ``action_masks()``
(booleans: what sb3-contrib's MaskablePPO calls); ``info["outcome"]``, there once the episode ends, is
the engine's outcome.

Rewards: 1 when the level is won (the exit reached) or the case solved, else 0. An episode ends
(``terminated``) when the engine's game ends — won, captured, stuck, solved — and is ``truncated`` after
``max_steps`` steps (stealth 100, murder 100).

An action outside the mask changes nothing: the step returns the same observation, reward 0 (or
``illegal_reward``), and ``info["illegal_move"]`` with the engine's reason (``{"fr": …, "en": …}``); it
counts as a step toward ``max_steps``. (Gymnasium's own checker samples actions without a mask, so an
exception would break the standard tooling.)
"""

from __future__ import annotations

from typing import Any

from meeple.core.errors import IllegalMoveError
from meeple.core.game import Game
from meeple.core.i18n import Msg
from meeple.core.modules import require_optional

for _needed in ("numpy", "gymnasium"):
    require_optional(_needed, "rl", Msg("Le module meeple.interop.gymnasium", "meeple.interop.gymnasium"))
# after the checks, so that a missing numpy or Gymnasium is one line naming the extra
import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402

from meeple.games.murder.game import MurderGame  # noqa: E402
from meeple.games.stealth.engine import StealthGame  # noqa: E402
from meeple.games.stealth.render import render_text  # noqa: E402
from meeple.interop.spaces import ActionSpace, StealthSpace, space_for  # noqa: E402

DEFAULT_MAX_STEPS = 100


class MeeplePuzzleEnv(gymnasium.Env[Any, Any]):
    """A one-player meeple game as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium's own attribute)

    def __init__(self, engine: Game[Any], max_steps: int, illegal_reward: float, render_mode: str | None,
                 space: ActionSpace[Any] | None = None) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        if max_steps < 1:
            raise ValueError("max_steps must be at least 1")
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal_reward = float(illegal_reward)
        self.engine = engine
        self.space: ActionSpace[Any] = space or space_for(engine)
        self.observation_space = spaces.Box(self.space.observation_low, self.space.observation_high,
                                            self.space.observation_shape, np.float32)
        self.action_space = spaces.Discrete(self.space.num_actions)
        self._steps = 0

    def _new_engine(self) -> Game[Any]:
        raise NotImplementedError

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new episode (for murder, a new case drawn from the environment's seeded generator)."""
        super().reset(seed=seed)
        self.engine = self._new_engine()
        self._steps = 0
        return self.space.observe(self.engine, 0), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play ``action``; an illegal one changes nothing (see the module docstring)."""
        self._steps += 1
        reward, extra = 0.0, {}
        try:
            self.engine.push(self.space.decode(self.engine, int(action)))
        except IllegalMoveError as error:
            reward, extra = self.illegal_reward, {"illegal_move": error.message.to_json()}
        outcome = self.engine.outcome()
        terminated = outcome is not None
        if outcome is not None and not extra:
            reward = outcome.reward(0)
        truncated = not terminated and self._steps >= self.max_steps
        return self.space.observe(self.engine, 0), reward, terminated, truncated, {**self._info(), **extra}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal action ids of the position, as booleans: what sb3-contrib's ``MaskablePPO`` asks an
        environment for (through ``gymnasium.make``'s wrappers: ``env.unwrapped.action_masks()`` or
        ``env.get_wrapper_attr("action_masks")()``; for a vector env, ``envs.call("action_masks")``)."""
        return self.space.mask(self.engine).astype(bool)

    def _info(self) -> dict[str, Any]:
        # "outcome" only once there is one: a vector env gathers each key across its environments, and a
        # key that is None in one and a dict in another breaks its gathering (gymnasium.make_vec)
        outcome = self.engine.outcome()
        info: dict[str, Any] = {"action_mask": self.space.mask(self.engine)}
        if outcome is not None:
            info["outcome"] = outcome.to_json()
        return info

    def render(self) -> str | None:
        """``ansi``: the position as text."""
        return None if self.render_mode is None else self._text()

    def _text(self) -> str:
        raise NotImplementedError


class StealthEnv(MeeplePuzzleEnv):
    """``meeple/Stealth-v0``: one stealth level as the task (``level="1-1"`` … ``"1-14"``, or
    ``level_data`` a level document), or a set of them (``levels=[…]``, ids or documents — the
    generator's levels, say), one drawn at each reset from the environment's seeded random source."""

    def __init__(self, level: str = "1-1", level_data: dict[str, Any] | None = None,
                 levels: list[str | dict[str, Any]] | None = None, max_steps: int = DEFAULT_MAX_STEPS,
                 illegal_reward: float = 0.0, render_mode: str | None = None) -> None:
        if levels is not None and not levels:
            raise ValueError("levels: give at least one level")
        chosen: list[str | dict[str, Any]] = levels if levels is not None else [
            level_data if level_data is not None else level]
        games = [StealthGame.new({"level": item} if isinstance(item, str) else {"level_data": item}, 0)
                 for item in chosen]  # a bad level raises the engine's FormatError here
        self.levels = [game.level for game in games]
        space = StealthSpace(max(len(g.level.node_ids) for g in games), max(len(g.level.key_names) for g in games))
        super().__init__(games[0], max_steps, illegal_reward, render_mode, space)

    def _new_engine(self) -> Game[Any]:
        index = int(self.np_random.integers(len(self.levels))) if len(self.levels) > 1 else 0
        return StealthGame.from_level(self.levels[index])

    def _info(self) -> dict[str, Any]:
        game: Any = self.engine
        return {**super()._info(), "level": game.level.id}

    def _text(self) -> str:
        return render_text(self.engine)


class MurderEnv(MeeplePuzzleEnv):
    """``meeple/Murder-v0``: Sudoku Murder cases of one size, a new generated case at each reset
    (drawn from the environment's seeded generator), or always the case of ``case_seed``."""

    def __init__(self, size: int = 6, difficulty: int | str = 1, case_seed: int | None = None,
                 max_steps: int = DEFAULT_MAX_STEPS, illegal_reward: float = 0.0,
                 render_mode: str | None = None) -> None:
        self.case_options: dict[str, Any] = {"size": size, "difficulty": difficulty}
        self.case_seed = case_seed
        super().__init__(MurderGame.new(self.case_options, case_seed or 0), max_steps, illegal_reward, render_mode)

    def _new_engine(self) -> Game[Any]:
        seed = self.case_seed if self.case_seed is not None else int(self.np_random.integers(0, 2**62))
        return MurderGame.new(self.case_options, seed)

    def _text(self) -> str:
        game: Any = self.engine
        size = game.case.size
        at = {cell: person for person, cell in game.board.items()}
        rows = [" ".join(at.get((r, c), "·")[:3].ljust(3) for c in range(size)) for r in range(size)]
        return "\n".join(rows)


gymnasium.register(id="meeple/Stealth-v0", entry_point="meeple.interop.gymnasium:StealthEnv")
gymnasium.register(id="meeple/Murder-v0", entry_point="meeple.interop.gymnasium:MurderEnv")

__all__ = ["MeeplePuzzleEnv", "MurderEnv", "StealthEnv"]
