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
turn it into a lost game instead). With ``illegal="random"`` it is replaced by a legal move drawn from the
environment's seeded source (the reset's seed), the agent gets ``illegal_reward`` on top of the step's
reward and ``info["illegal_move"]`` gives the engine's reason: training without masks, with a penalty.

``max_cycles=N`` truncates every agent once the agent to move has acted N times (for games of one action a
turn — Hive, skirmish, tic-tac-toe — N full cycles). ``parallel_env(game, …)`` is the same game under
PettingZoo's parallel API: at each step every live agent gives an action and the agent to move's is played
(the game is turn-based: the others' are read and ignored); ``max_cycles`` there counts steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.core.errors import IllegalMoveError
from meeple.core.game import Game, canonical_json
from meeple.core.i18n import Msg
from meeple.core.modules import require_optional
from meeple.core.rng import fresh_seed, make_rng

for _needed in ("numpy", "pettingzoo", "gymnasium"):
    require_optional(_needed, "rl", Msg("Le module meeple.interop.pettingzoo", "meeple.interop.pettingzoo"))
# after the checks: a missing library is one line naming the extra
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv, ParallelEnv  # noqa: E402

from meeple.games import plugins  # noqa: E402
from meeple.interop.spaces import ILYOS_SIZE, ActionSpace, space_for  # noqa: E402

MULTI_PLAYER_GAMES = ("ilyos", "hive", "skirmish")
"""meeple's own multi-player games; any other registered game of two or more seats with an action space (a
plug-in) is an environment too."""
ONE_PLAYER_GAMES = ("stealth", "murder")
ILLEGAL_POLICIES = ("raise", "random")
"""What an action outside the mask does: raise the engine's IllegalMoveError, or play a random legal move."""
DEFAULT_HIVE_MAX_PLIES = 400


class MeepleAECEnv(AECEnv):  # type: ignore[misc]
    """One meeple multi-player game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "meeple_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, game: str, render_mode: str | None = None, max_plies: int | None = None,
                 max_cycles: int | None = None, illegal: str = "raise", illegal_reward: float = 0.0,
                 **options: Any) -> None:
        super().__init__()
        if illegal not in ILLEGAL_POLICIES:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL_POLICIES)}, not {illegal!r}")
        if max_cycles is not None and max_cycles < 1:
            raise ValueError("max_cycles must be at least 1")
        self.max_cycles = max_cycles
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
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
        seed = fresh_seed() if seed is None else seed
        self.engine = self._factory(self.options, seed)
        self._replacements = make_rng(seed).derive("illegal actions")  # illegal="random": the same each run
        self._acted = dict.fromkeys(self.possible_agents, 0)
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
        legal = self._legal_now()
        info: dict[str, Any] = {}
        try:
            move = self.space.decode(self.engine, action, legal)
        except IllegalMoveError as error:
            if self.illegal == "raise":
                raise
            move = legal[self._replacements.choice(sorted(legal))]  # illegal="random": a legal move instead
            info = {"illegal_move": error.message.to_json()}
        self.engine.push(move)
        self._legal = None
        self._plies += 1
        self._acted[agent] += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos = {name: {} for name in self.agents}
        self.infos[agent] = info
        outcome = self.engine.outcome()
        if outcome is not None:
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = 2.0 * outcome.reward(seat) - 1.0
                self.terminations[name] = True
            self.agent_selection = self.possible_agents[(self.possible_agents.index(agent) + 1) % self.num_agents]
        elif (self.max_plies is not None and self._plies >= self.max_plies) or \
                (self.max_cycles is not None and self._acted[self._agent_to_move()] >= self.max_cycles):
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent_to_move()
        if info:
            self.rewards[agent] += self.illegal_reward
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
    (``mode="2v2"``, ``game_type="Base+MLPC"``, ``scenario="ford"`` …; Hive also ``max_plies``; every game
    ``max_cycles``, ``illegal`` and ``illegal_reward``: see the module docstring)."""
    return MeepleAECEnv(game, render_mode=render_mode, **options)


class MeepleParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A meeple game under PettingZoo's parallel API (see the module docstring): one step, one action, the
    agent to move's; the other agents' actions are read and ignored."""

    def __init__(self, game: str, render_mode: str | None = None, max_cycles: int | None = None,
                 **options: Any) -> None:
        if max_cycles is not None and max_cycles < 1:
            raise ValueError("max_cycles must be at least 1")
        self.aec = MeepleAECEnv(game, render_mode=render_mode, **options)
        self.max_cycles = max_cycles
        self.metadata = {**self.aec.metadata, "name": f"meeple_{game}_parallel_v0"}
        self.render_mode = render_mode
        self.possible_agents = list(self.aec.possible_agents)
        self.observation_spaces = self.aec.observation_spaces
        self.action_spaces = self.aec.action_spaces
        self.agents: list[str] = []
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the AEC environment's)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_actions)``: the ids of docs/interop.md."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game dealt from ``seed``; every agent's observation and info."""
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.aec.agents)
        self._steps = 0
        return {agent: self.aec.observe(agent) for agent in self.agents}, {agent: {} for agent in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
        """Play the agent to move's action; returns observations, rewards, terminations, truncations, infos."""
        mover = self.aec.agent_selection
        if actions.get(mover) is None:
            raise ValueError(f"{mover} is to move: its action is missing")
        self.aec.step(actions[mover])
        self._steps += 1
        done = self.max_cycles is not None and self._steps >= self.max_cycles
        live = self.agents
        rewards = {agent: float(self.aec.rewards.get(agent, 0.0)) for agent in live}
        terminations = {agent: bool(self.aec.terminations.get(agent, False)) for agent in live}
        truncations = {agent: bool(self.aec.truncations.get(agent, False)) or done for agent in live}
        observations = {agent: self.aec.observe(agent) for agent in live}
        infos = {agent: dict(self.aec.infos.get(agent, {})) for agent in live}
        self.agents = [agent for agent in live if not (terminations[agent] or truncations[agent])]
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """As the AEC environment."""
        return self.aec.render()

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(game: str, render_mode: str | None = None, **options: Any) -> MeepleParallelEnv:
    """The parallel-API environment of ``game`` (same options as :func:`env`; ``max_cycles`` counts steps)."""
    return MeepleParallelEnv(game, render_mode=render_mode, **options)


__all__ = ["MULTI_PLAYER_GAMES", "MeepleAECEnv", "MeepleParallelEnv", "env", "parallel_env"]
