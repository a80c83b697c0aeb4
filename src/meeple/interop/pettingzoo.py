"""PettingZoo AEC environments for meeple's multi-player games: ILYOS, Hive, skirmish, and any registered game
of two or more seats whose ``game.toml`` names an action space (a plug-in).

    from meeple.interop.pettingzoo import env
    game = env("ilyos", mode="2v2")          # or env("hive", game_type="Base+MLPC"), env("skirmish", scenario="ford")
    game.reset(seed=7)                       # the seed is the engine's (ILYOS: the deal)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        action = None if terminated or truncated else game.action_space(agent).sample(observation["action_mask"])
        game.step(action)

Agents are ``player_0`` … ``player_3`` (the engine's seats; Hive: player_0 is White). An agent's
observation is ``{"observation": float32 vector, "action_mask": int8 vector}`` from
:mod:`meeple.interop.spaces`: built from ``view(seat)`` only, the mask is the legal ids for the agent
to move and all zeros for the others. ILYOS turns are sequences of atomic actions: the same agent is
selected again until it plays ``end``. Rewards come at the end: +1 to the winners, -1 to the losers, 0
to all in a draw. Hive can go on forever: after ``max_plies`` (default 400) every agent is truncated.

An action outside the mask raises :class:`~meeple.core.errors.IllegalMoveError` with the engine's
reason and changes nothing (wrap the env in ``pettingzoo.utils.wrappers.TerminateIllegalWrapper`` to
turn it into a lost game instead).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.core.game import Game, canonical_json
from meeple.core.i18n import Msg
from meeple.core.modules import require_optional
from meeple.core.rng import fresh_seed

for _needed in ("numpy", "pettingzoo", "gymnasium"):
    require_optional(_needed, "rl", Msg("Le module meeple.interop.pettingzoo", "meeple.interop.pettingzoo"))
# after the checks: a missing library is one line naming the extra
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402

from meeple.games import plugins  # noqa: E402
from meeple.interop.spaces import ILYOS_SIZE, ActionSpace, space_for  # noqa: E402

MULTI_PLAYER_GAMES = ("ilyos", "hive", "skirmish")
"""meeple's own multi-player games; any other registered game of two or more seats with an action space (a
plug-in) is an environment too."""
ONE_PLAYER_GAMES = ("stealth", "murder")
DEFAULT_HIVE_MAX_PLIES = 400


class MeepleAECEnv(AECEnv):  # type: ignore[misc]
    """One meeple multi-player game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "meeple_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, game: str, render_mode: str | None = None, max_plies: int | None = None,
                 **options: Any) -> None:
        super().__init__()
        found = plugins().get(game)
        if found is None or not found.has("space") or game in ONE_PLAYER_GAMES:
            choices = [name for name, entry in plugins().items() if entry.has("space") and name not in ONE_PLAYER_GAMES]
            raise ValueError(f"unknown game {game!r}: choose one of {', '.join(choices)} "
                             "(stealth and murder are Gymnasium environments)")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.game_name = game
        # ILYOS's action space is the 11 × 11 board's (spaces.ILYOS_SIZE); the game's default is 15 × 15
        self.options = {"size": ILYOS_SIZE, **options} if game == "ilyos" else dict(options)
        if game == "hive":  # Hive's moves from the native core, proven equal to its Python rules: RL speed
            self.options.setdefault("native_rules", True)
        self.render_mode = render_mode
        self._factory = found.info().factory
        template = self._factory(self.options, 0)  # bad options fail here, with the engine's FormatError
        if template.num_players < 2:
            raise ValueError(f"{game!r} is a one-player game: a Gymnasium environment, not a PettingZoo one")
        self.space: ActionSpace[Any] = space_for(template)
        self.max_plies = max_plies if max_plies is not None else (DEFAULT_HIVE_MAX_PLIES if game == "hive" else None)
        if self.max_plies is not None and self.max_plies < 1:
            raise ValueError("max_plies must be at least 1")
        self.possible_agents = [f"player_{seat}" for seat in range(template.num_players)]
        self.metadata = {**self.metadata, "name": f"meeple_{game}_v0"}
        observation = spaces.Box(self.space.observation_low, self.space.observation_high,
                                 self.space.observation_shape, np.float32)
        mask = spaces.Box(0, 1, (self.space.num_actions,), np.int8)
        self.observation_spaces = {agent: spaces.Dict({"observation": observation, "action_mask": mask})
                                   for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.space.num_actions) for agent in self.possible_agents}
        self.engine: Game[Any] = template
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_actions)``: the ids of docs/interop.md."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game dealt from ``seed`` (a fresh one when ``None``)."""
        self.engine = self._factory(self.options, fresh_seed() if seed is None else seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._plies = 0
        self._legal: Mapping[int, Any] | None = None
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        seat = self.engine.to_move()
        return self.possible_agents[0 if seat is None else seat]

    def _legal_now(self) -> Mapping[int, Any]:
        if self._legal is None:
            self._legal = self.space.legal(self.engine)
        return self._legal

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees, and its action mask (zeros unless it is to move)."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.space.num_actions, dtype=np.int8)
        if agent == self.agent_selection and not self.engine.is_over() and not self.truncations.get(agent, False):
            mask[list(self._legal_now())] = 1
        return {"observation": self.space.observe(self.engine, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play ``action`` for the selected agent (``None`` for an agent that is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self.space.decode(self.engine, int(action), self._legal_now())
        self.engine.push(move)
        self._legal = None
        self._plies += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        outcome = self.engine.outcome()
        if outcome is not None:
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = 2.0 * outcome.reward(seat) - 1.0
                self.terminations[name] = True
            self.agent_selection = self.possible_agents[(self.possible_agents.index(agent) + 1) % self.num_agents]
        elif self.max_plies is not None and self._plies >= self.max_plies:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """``ansi``: the position as text (Hive: its UHP GameString)."""
        if self.render_mode is None:
            return None
        if self.game_name == "hive":
            return str(self.engine.view(None)["game_string"])
        return canonical_json(self.engine.view(None))

    def close(self) -> None:
        """Nothing to release."""


def env(game: str, render_mode: str | None = None, **options: Any) -> MeepleAECEnv:
    """The AEC environment of ``game`` ("ilyos", "hive" or "skirmish") with the engine's ``options``
    (``mode="2v2"``, ``game_type="Base+MLPC"``, ``scenario="ford"`` …; Hive also ``max_plies``)."""
    return MeepleAECEnv(game, render_mode=render_mode, **options)


__all__ = ["MULTI_PLAYER_GAMES", "MeepleAECEnv", "env"]
