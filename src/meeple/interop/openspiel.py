"""meeple's games as OpenSpiel (``pyspiel``) Python games: the five with tuned parameters (:data:`SPECS`), and
every other registered game that has an action space (a plug-in) with :func:`generic_spec`.

After ``import meeple.interop.openspiel``::

    pyspiel.load_game("meeple_ilyos")                                 # mode, islands, guardians, …, deals
    pyspiel.load_game("meeple_hive", {"game_type": "Base+MLPC"})      # any UHP GameTypeString, max_plies
    pyspiel.load_game("meeple_skirmish", {"scenario": "ford"})
    pyspiel.load_game("meeple_stealth", {"level": "1-5"})             # one player; max_turns
    pyspiel.load_game("meeple_murder", {"size": 5, "difficulty": 1, "seed": 3})   # one player; max_moves

Actions are the ids of :mod:`meeple.interop.spaces`; the engine is the only authority: an action that
is not legal raises :class:`pyspiel.SpielError` with the engine's reason and changes nothing.

ILYOS is an imperfect-information game with one chance node at the start: the *deal*, one of ``deals``
equally likely seeds (default 1024) from which the engine shuffles every deck and every reshuffle, as it
always does. Modelling each card drawn as its own chance node would need the engine to deal on request
(it deals from a seeded order when a turn starts); the seeded deal keeps the engine untouched and the
information hidden: no information state or observation shows the seed, a deck's order or another
seat's hand — only what ``view(seat)`` shows. ``resample_from_infostate`` re-deals what the player
cannot see (the engine's ``determinize``), so OpenSpiel's ISMCTS plays ILYOS.

Returns: two-seat and 2 vs 2 games are zero-sum, +1 for the winners, -1 for the losers, 0 for all in a
draw; one-player games return 1 when solved, 0 otherwise. Games that could go on forever (Hive, stealth,
murder) end after ``max_plies`` / ``max_turns`` / ``max_moves`` actions, as a draw (Hive) or unsolved.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from meeple.core.errors import MeepleError
from meeple.core.game import Game, canonical_json
from meeple.core.i18n import Msg
from meeple.core.modules import require_optional
from meeple.core.rng import make_rng

for _needed in ("numpy", "pyspiel"):
    require_optional(_needed, "openspiel", Msg("Le module meeple.interop.openspiel", "meeple.interop.openspiel"))
# after the checks, so that a missing numpy or OpenSpiel is one line naming the extra
import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from meeple.games import game_info, plugins  # noqa: E402
from meeple.interop.spaces import ILYOS_SIZE, ActionSpace, space_for  # noqa: E402

ILYOS_DEALS = 1024
"""Default number of equally likely deals at ILYOS's chance node."""
ILYOS_MAX_ACTIONS = 36 * 70
"""A bound on an ILYOS game's actions: every turn places one island over void (at most 35 turns on
the 104 void cells), and a turn holds at most 20 paid actions (5 cards in hand, 5 of each kind in stock),
at most 44 free gives and drops (each crown once, crowns appear only when one is picked up), a place
and an end."""


class EngineBox:
    """An engine that OpenSpiel's ``clone`` copies with ``Game.copy`` (fast) instead of ``deepcopy``,
    and that pickles as its record (options, seed, moves) — or whole, once re-dealt by ISMCTS."""

    def __init__(self, engine: Game[Any], exact: bool = True) -> None:
        self.engine = engine
        self.exact = exact
        self._legal: Mapping[int, Any] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> EngineBox:
        return EngineBox(self.engine.copy(), self.exact)

    def __reduce__(self) -> tuple[Any, ...]:
        if self.exact:
            return (_box_from_record, (self.engine.record(),))
        return (EngineBox, (self.engine, False))

    def legal(self, space: ActionSpace[Any]) -> Mapping[int, Any]:
        """The legal moves by action id (computed once per position)."""
        if self._legal is None:
            self._legal = space.legal(self.engine)
        return self._legal

    def push(self, move: Any) -> None:
        """Play a move and forget the cached legal moves."""
        self.engine.push(move)
        self._legal = None


def _box_from_record(record: Mapping[str, Any]) -> EngineBox:
    engine = _factory(record["game"])(record["options"], record["seed"])
    return EngineBox(type(engine).from_record(record))


@dataclass(frozen=True)
class Spec:
    """How one meeple game becomes an OpenSpiel game."""

    game: str
    long_name: str
    parameters: dict[str, Any]
    options: Callable[[Mapping[str, Any]], tuple[dict[str, Any], int]]
    """OpenSpiel parameters -> the engine's options and seed."""
    limit: str | None
    """The parameter that bounds the number of actions (the game ends there, unfinished), if any."""
    bound: Callable[[Game[Any]], int] | None = None
    """For games that end by themselves: a proven bound on their number of actions."""
    min_players: int = 2
    max_players: int = 2
    chance: bool = False

    @property
    def short_name(self) -> str:
        """The name ``pyspiel.load_game`` knows."""
        return f"meeple_{self.game}"

    @property
    def imperfect(self) -> bool:
        """Whether the game hides information (ILYOS)."""
        return self.chance

    def game_type(self) -> pyspiel.GameType:
        """The registered GameType."""
        kind = pyspiel.GameType
        return kind(
            short_name=self.short_name,
            long_name=self.long_name,
            dynamics=kind.Dynamics.SEQUENTIAL,
            chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC if self.chance else kind.ChanceMode.DETERMINISTIC,
            information=kind.Information.IMPERFECT_INFORMATION if self.imperfect
            else kind.Information.PERFECT_INFORMATION,
            utility=kind.Utility.ZERO_SUM if self.max_players > 1 else kind.Utility.GENERAL_SUM,
            reward_model=kind.RewardModel.TERMINAL,
            max_num_players=self.max_players,
            min_num_players=self.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=self.parameters,
        )


class MeepleGame(pyspiel.Game):  # type: ignore[misc]
    """A meeple game seen by OpenSpiel (one subclass per game, registered under ``meeple_<game>``)."""

    spec: Spec

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        merged = {**self.spec.parameters, **dict(params or {})}
        try:
            self.engine_options, self.engine_seed = self.spec.options(merged)
            template = game_info(self.spec.game).factory(self.engine_options, self.engine_seed)
        except MeepleError as error:
            raise pyspiel.SpielError(f"{self.spec.short_name}: {error.text('en')}") from None
        self.space: ActionSpace[Any] = space_for(template)
        self.engine_players = template.num_players
        if self.spec.limit is not None:
            self.max_actions = int(merged[self.spec.limit])
            if self.max_actions < 1:
                raise pyspiel.SpielError(f"{self.spec.short_name}: {self.spec.limit} must be at least 1")
        else:
            assert self.spec.bound is not None
            self.max_actions = self.spec.bound(template)
        self.config = (self.spec.game, canonical_json(self.engine_options), self.engine_seed)
        self.deals = int(merged.get("deals", 0))
        if self.spec.chance and self.deals < 1:
            raise pyspiel.SpielError(f"{self.spec.short_name}: deals must be at least 1")
        one = self.engine_players == 1
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.num_actions,
            max_chance_outcomes=self.deals if self.spec.chance else 0,
            num_players=self.engine_players,
            min_utility=0.0 if one else -1.0,
            max_utility=1.0,
            utility_sum=None if one else 0.0,
            max_game_length=self.max_actions,
        )
        super().__init__(self.spec.game_type(), info, {key: _spelled(value) for key, value in merged.items()})

    def new_initial_state(self) -> MeepleState:
        """The start of a game (ILYOS: the chance node of the deal)."""
        return MeepleState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observer OpenSpiel asks for observation and information-state strings and tensors."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self, perfect_recall)


class MeepleState(pyspiel.State):  # type: ignore[misc]
    """A position: the engine (in an :class:`EngineBox`) and, for ILYOS, what each seat has seen."""

    # Only small immutable values, the (immutable) action space and the EngineBox live on the state:
    # OpenSpiel's clone deep-copies every attribute and its serialization pickles them.
    def __init__(self, game: MeepleGame) -> None:
        super().__init__(game)
        self._config = game.config
        self._chance = game.spec.chance
        self._deals = game.deals
        self._max_actions = game.max_actions
        self._players = game.engine_players
        self._actions = 0
        self._space = game.space  # immutable: OpenSpiel's deep copy of a state shares it
        self._box: EngineBox | None = None if game.spec.chance else EngineBox(_new_engine(self._config))
        self._seen: tuple[tuple[str, ...], ...] = tuple(() for _ in range(game.engine_players))

    # --- the engine -----------------------------------------------------------------------------
    @property
    def engine(self) -> Game[Any] | None:
        """The meeple engine (``None`` before ILYOS's deal)."""
        return None if self._box is None else self._box.engine

    def current_player(self) -> int:
        """The seat to move, CHANCE before the deal, TERMINAL at the end."""
        if self._box is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self._box.engine.to_move()
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        """The engine's game is over, or the action limit is reached."""
        return self._box is not None and (self._box.engine.is_over() or self._actions >= self._max_actions)

    def _legal_actions(self, player: int) -> list[int]:
        assert self._box is not None
        return list(self._box.legal(self._space))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """ILYOS's deal: ``deals`` equally likely seeds."""
        probability = 1.0 / self._deals
        return [(deal, probability) for deal in range(self._deals)]

    def _apply_action(self, action: int) -> None:
        if self._box is None:
            self._box = EngineBox(_new_engine(self._config, deal=int(action)))
            self._record_views()
            return
        box = self._box
        try:
            move = self._space.decode(box.engine, int(action), box.legal(self._space))
        except MeepleError as error:
            raise pyspiel.SpielError(error.text("en")) from None
        box.push(move)
        self._actions += 1
        if self._chance:
            self._seen = tuple((*seen, str(int(action))) for seen in self._seen)
            self._record_views()

    def _record_views(self) -> None:
        """Append, for each seat, what it now sees of the cards if that changed (perfect recall)."""
        engine = self.engine
        assert engine is not None
        seen = []
        for seat, past in enumerate(self._seen):
            now = _cards_seen(engine, seat)
            seen.append(past if past and past[-1] == now else (*past, now))
        self._seen = tuple(seen)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        engine = self.engine
        return f"#{action}" if engine is None else self._space.action_text(engine, action)

    def returns(self) -> list[float]:
        """Per seat: +1 / -1 / 0 (zero-sum games), 1 / 0 (one player); 0 until the end."""
        engine = self.engine
        players = self._players
        if engine is None or not self.is_terminal():
            return [0.0] * players
        outcome = engine.outcome()
        if outcome is None:  # the action limit: a draw, or a puzzle left unsolved
            return [0.0] * players
        if players == 1:
            return [outcome.reward(0)]
        return [2.0 * outcome.reward(seat) - 1.0 for seat in range(players)]

    def __str__(self) -> str:
        engine = self.engine
        if engine is None:
            return "deal pending"
        if self._config[0] == "hive":
            return str(engine.view(0)["game_string"])
        return canonical_json(engine.position_json())

    # --- ISMCTS ---------------------------------------------------------------------------------
    def resample_from_infostate(self, player: int, probability_sampler: Any) -> MeepleState:
        """A state ``player`` cannot tell from this one: what it cannot see is re-dealt."""
        clone = self.clone()
        engine = self.engine
        if engine is None:
            return clone  # type: ignore[no-any-return]
        rng = make_rng(int(probability_sampler() * (1 << 53)))
        clone._box = EngineBox(engine.determinize(player, rng), exact=not self._chance)
        # The other seats' past hands are not re-dealt, so what they saw is reset to what ``player`` knows.
        clone._seen = tuple(seen if seat == player else ("resampled",) for seat, seen in enumerate(self._seen))
        return clone  # type: ignore[no-any-return]

    # --- what each player knows -----------------------------------------------------------------
    def information_state_text(self, player: int) -> str:
        """Perfect recall: every action (all are public) and, for ILYOS, what ``player`` saw of the cards."""
        if not self._chance:
            return f"p{player} {self.history_str()}"
        # The deal (the first, chance, action) is nobody's to see: only the players' actions are listed.
        actions = ",".join(str(action) for action in self.history()[1:])
        return f"p{player} {actions}\n" + "\n".join(self._seen[player])

    def observation_text(self, player: int) -> str:
        """What ``player`` sees now: ILYOS ``view(player)``; the others the whole position."""
        engine = self.engine
        if engine is None:
            return f"p{player} deal pending"
        if self._chance:
            return canonical_json(engine.view(player))
        return f"p{player} to_move={engine.to_move()} " + canonical_json(engine.position_json())


def _spelled(value: Any) -> Any:
    """A parameter as an OpenSpiel game string can hold it: a text of digits and dashes (a stealth level
    such as ``1-5``) would be read back as a number, so its dashes become underscores (``1_5``)."""
    if isinstance(value, str) and value and not value.strip("+-0123456789"):
        return value.replace("-", "_")
    return value


def _new_engine(config: tuple[str, str, int], deal: int = 0) -> Game[Any]:
    name, options, seed = config
    return _factory(name)(json.loads(options), seed + deal)


@cache
def _factory(name: str) -> Callable[..., Game[Any]]:
    factory: Callable[..., Game[Any]] = game_info(name).factory
    return factory


def _cards_seen(engine: Game[Any], seat: int) -> str:
    """What ``seat``'s view shows of the cards in ILYOS: its own hand and every seat's public counts."""
    view = engine.view(seat)
    return canonical_json({"hand": view["hand"], "players": view["players"]})


class Observer:
    """OpenSpiel's PyObserver: strings (observation or information state) and the observation tensor."""

    def __init__(self, game: MeepleGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.space = game.space
        if perfect_recall:
            self.tensor = None
            self.dict: dict[str, Any] = {}
        else:
            self.tensor = np.zeros(int(np.prod(game.space.observation_shape)), np.float32)
            self.dict = {"observation": self.tensor.reshape(game.space.observation_shape)}

    def set_from(self, state: MeepleState, player: int) -> None:
        """Fill the tensor with ``player``'s observation of ``state``."""
        if self.tensor is None:
            return
        engine = state.engine
        if engine is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.space.observe(engine, player).reshape(-1)

    def string_from(self, state: MeepleState, player: int) -> str:
        """The information-state string (perfect recall) or the observation string."""
        return state.information_state_text(player) if self.perfect_recall else state.observation_text(player)


# --- the five games ------------------------------------------------------------------------------------
def _ilyos_options(params: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    keys = ("mode", "team_diagonal", "islands", "guardians", "sacrificed_guardian")
    # the action space is the 11 × 11 board's (spaces.ILYOS_SIZE); the game's default board is 15 × 15
    return {"size": ILYOS_SIZE, **{key: params[key] for key in keys}}, int(params["seed"])


def _stealth_options(params: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    return {"level": str(params["level"]).replace("_", "-")}, 0


def _only(*keys: str) -> Callable[[Mapping[str, Any]], tuple[dict[str, Any], int]]:
    def options(params: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
        return {key: params[key] for key in keys}, int(params.get("seed", 0))

    return options


def _hive_options(params: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    """Hive's game type, its moves listed by the native core (proven equal to the Python rules): RL speed."""
    return {"game_type": params["game_type"], "native_rules": True}, 0


def _skirmish_bound(game: Any) -> int:
    """Each fighter acts at most once a round (R18): rounds × fighters activations."""
    return int(game.scenario.rounds * len(game.scenario.fighters))


SPECS: tuple[Spec, ...] = (
    Spec("ilyos", "meeple ILYOS",
         {"mode": "duel", "team_diagonal": False, "islands": 8, "guardians": 2, "sacrificed_guardian": False,
          "deals": ILYOS_DEALS, "seed": 0},
         _ilyos_options, None, lambda game: ILYOS_MAX_ACTIONS, min_players=2, max_players=4, chance=True),
    Spec("hive", "meeple Hive (UHP, with the Centipede)", {"game_type": "Base+MLPC", "max_plies": 400},
         _hive_options, "max_plies"),
    Spec("skirmish", "meeple skirmish", {"scenario": "ford"}, _only("scenario"), None, _skirmish_bound),
    Spec("stealth", "meeple stealth", {"level": "1-1", "max_turns": 100}, _stealth_options, "max_turns",
         min_players=1, max_players=1),
    Spec("murder", "meeple Sudoku Murder", {"size": 6, "difficulty": 1, "seed": 0, "max_moves": 100},
         _only("size", "difficulty"), "max_moves", min_players=1, max_players=1),
)


def generic_spec(name: str) -> Spec:
    """The OpenSpiel form of a game with an action space but no tuned :data:`SPECS` entry (a plug-in): its
    default options, parameters ``seed`` (0) and ``max_moves`` (the game's play-out bound, ``INFO``), as
    many players as its default game has."""
    info = game_info(name)
    players = info.factory({}, 0).num_players
    return Spec(name, f"meeple {info.title.en}", {"seed": 0, "max_moves": info.max_playout_moves}, _only(),
                "max_moves", min_players=players, max_players=players)


def _register(spec: Spec) -> type[MeepleGame]:
    game_class = type(f"Meeple{spec.game.capitalize()}Game", (MeepleGame,), {"spec": spec})
    pyspiel.register_game(spec.game_type(), game_class)
    return game_class


GAME_CLASSES: dict[str, type[MeepleGame]] = {}
_tuned = {spec.game for spec in SPECS}
for _spec in [*SPECS, *(generic_spec(name) for name, game in plugins().items()
                        if name not in _tuned and game.has("space"))]:
    if _spec.short_name not in pyspiel.registered_names():
        GAME_CLASSES[_spec.game] = _register(_spec)


def load(game: str, **params: Any) -> Any:
    """``pyspiel.load_game("meeple_<game>", params)``."""
    return pyspiel.load_game(f"meeple_{game}", params)


__all__ = ["GAME_CLASSES", "SPECS", "EngineBox", "MeepleGame", "MeepleState", "load"]
