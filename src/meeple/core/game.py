"""The Game protocol: the one way the server, the AIs, the solvers and the tools drive every engine.

An engine is a subclass of :class:`Game`. Its API follows python-chess: a position plus a move stack,
``legal_moves()``, ``push(move)`` that raises :class:`IllegalMoveError` and changes nothing when the move
is illegal, and ``pop()`` that undoes the last move exactly.

A whole game is recorded as options + seed + moves (``record()``), and ``Game.from_record`` replays it.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar

from meeple.core.errors import FormatError, IllegalMoveError, MeepleError
from meeple.core.i18n import Msg
from meeple.core.rng import SeededRandom, fresh_seed

JSON = Any
"""A value that ``json.dumps`` accepts: dict, list, str, int, float, bool or None."""

M = TypeVar("M")

RECORD_FORMAT = "meeple-record"
RECORD_VERSION = 1


def canonical_json(value: JSON) -> str:
    """One text for one JSON value: sorted keys, no spaces (used for hashes and move identity)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def stable_hash(value: JSON) -> int:
    """A 64-bit hash of a JSON value that is the same in every run and on every machine.

    >>> stable_hash({"a": 1, "b": [2, 3]}) == stable_hash({"b": [2, 3], "a": 1})
    True
    """
    digest = hashlib.blake2b(canonical_json(value).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winners`` holds the seats that won (teammates win together). A draw has ``draw=True`` and no
    winners; a one-player puzzle that is solved has ``winners={0}``, one that is lost has none.
    """

    winners: frozenset[int]
    reason: Msg
    draw: bool = False
    details: Mapping[str, JSON] = field(default_factory=dict)

    def reward(self, seat: int) -> float:
        """1 for a winner, 0.5 for everyone in a draw, 0 otherwise."""
        if self.draw:
            return 0.5
        return 1.0 if seat in self.winners else 0.0

    def to_json(self) -> dict[str, JSON]:
        """The outcome for a record or a browser."""
        return {
            "winners": sorted(self.winners),
            "draw": self.draw,
            "reason": self.reason.to_json(),
            "details": dict(self.details),
        }


class Game(ABC, Generic[M]):
    """The protocol every engine implements.

    Subclasses set ``name`` and implement the abstract methods; the rest (records, replay, identity of
    moves, views) comes from here and may be overridden for speed.
    """

    name: ClassVar[str] = "game"
    options: dict[str, JSON]
    seed: int

    # --- creation -------------------------------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, options: Mapping[str, JSON] | None = None, seed: int | None = None) -> Self:
        """A game in its starting position. Bad options raise :class:`FormatError` naming the option."""

    @staticmethod
    def choose_seed(seed: int | None) -> int:
        """The seed to use: the given one, or a fresh one when none was given."""
        return fresh_seed() if seed is None else seed

    # --- the position ---------------------------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many seats the game has (1 for a one-player puzzle)."""

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` when the game is over (a puzzle's single player is seat 0)."""

    @abstractmethod
    def legal_moves(self) -> list[M]:
        """Every legal move in the current position (empty when the game is over)."""

    @abstractmethod
    def push(self, move: M) -> None:
        """Play ``move``. Raises :class:`IllegalMoveError` (and changes nothing) if it is illegal."""

    @abstractmethod
    def pop(self) -> M:
        """Undo the last move and return it. Raises :class:`MeepleError` when there is nothing to undo."""

    @property
    @abstractmethod
    def move_stack(self) -> Sequence[M]:
        """The moves played since the start, oldest first."""

    @abstractmethod
    def copy(self) -> Self:
        """An independent copy, move stack included (undo works on the copy)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def position_json(self) -> dict[str, JSON]:
        """The whole position as JSON, hidden information included (never send it to a client)."""

    # --- moves as data --------------------------------------------------------------------------
    @abstractmethod
    def move_to_json(self, move: M) -> JSON:
        """A move as JSON (what a browser sends and what a record stores)."""

    @abstractmethod
    def move_from_json(self, data: JSON) -> M:
        """The move a JSON value describes. Malformed data raises :class:`IllegalMoveError`."""

    def move_text(self, move: M) -> str:
        """A short human-readable form of ``move`` (for the command line)."""
        return canonical_json(self.move_to_json(move))

    def parse_move(self, text: str) -> M:
        """The move that ``text`` names (the inverse of :meth:`move_text`)."""
        try:
            return self.move_from_json(json.loads(text))
        except json.JSONDecodeError as error:
            raise IllegalMoveError(text, Msg("texte de coup illisible", "unreadable move text")) from error

    def move_key(self, move: M) -> str:
        """A string that identifies ``move`` in this position (equal moves, equal keys)."""
        return canonical_json(self.move_to_json(move))

    def is_legal(self, move: M) -> bool:
        """Whether ``move`` is among the legal moves."""
        key = self.move_key(move)
        return any(self.move_key(candidate) == key for candidate in self.legal_moves())

    # --- derived facts --------------------------------------------------------------------------
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.outcome() is not None

    def position_hash(self) -> int:
        """A stable 64-bit hash of the position (same position, same hash, in every run)."""
        return stable_hash(self.position_json())

    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may see (``None``: a spectator). Games with hidden information override this."""
        return self.position_json()

    def determinize(self, seat: int, rng: SeededRandom) -> Self:
        """A copy in which what ``seat`` cannot see is re-drawn at random, consistently with its view.

        Perfect-information games return a plain copy; games with hidden cards override this so that
        an AI searching from ``seat`` never reads the cards it could not see.
        """
        return self.copy()

    # --- records --------------------------------------------------------------------------------
    def record(self) -> dict[str, JSON]:
        """The whole game as replayable JSON: options, seed and moves."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.name,
            "options": self.options,
            "seed": self.seed,
            "moves": [self.move_to_json(move) for move in self.move_stack],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, JSON], source: str = "record") -> Self:
        """Replay a record made by :meth:`record`. A bad record raises :class:`FormatError`."""
        _check_record_header(record, cls.name, source)
        game = cls.new(record.get("options") or {}, seed=record["seed"])
        for index, data in enumerate(record["moves"]):
            try:
                game.push(game.move_from_json(data))
            except MeepleError as error:
                raise FormatError(source, f"moves[{index}]", error.message) from error
        return game

    def replay(self, moves: Iterable[M]) -> Self:
        """Push every move in order; returns ``self`` for chaining."""
        for move in moves:
            self.push(move)
        return self


def _check_record_header(record: Mapping[str, JSON], game_name: str, source: str) -> None:
    if not isinstance(record, Mapping):
        raise FormatError(source, "", Msg("un objet JSON est attendu", "a JSON object is expected"))
    if record.get("format") != RECORD_FORMAT:
        raise FormatError(source, "format", Msg(f"« {RECORD_FORMAT} » attendu", f"'{RECORD_FORMAT}' expected"))
    if record.get("version") != RECORD_VERSION:
        raise FormatError(source, "version", Msg("version inconnue", "unknown version"))
    if record.get("game") != game_name:
        raise FormatError(source, "game", Msg(f"« {game_name} » attendu", f"'{game_name}' expected"))
    if not isinstance(record.get("seed"), int):
        raise FormatError(source, "seed", Msg("un entier est attendu", "an integer is expected"))
    if not isinstance(record.get("moves"), list):
        raise FormatError(source, "moves", Msg("une liste est attendue", "a list is expected"))


@dataclass(frozen=True)
class GameInfo:
    """How a game package presents itself to the command line, the server and the conformance kit.

    Each package under ``meeple.games`` exposes one as ``INFO`` in its ``__init__``.
    """

    name: str
    title: Msg
    summary: Msg
    factory: Callable[[Mapping[str, JSON] | None, int | None], Game[Any]]
    conformance_options: Sequence[Mapping[str, JSON]] = ({},)
    """Option sets the conformance kit plays (every mode a game has should appear)."""
    max_playout_moves: int = 400
    """Random play-outs in the kit stop after this many moves even if the game goes on."""
