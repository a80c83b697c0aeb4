"""Which games the server offers, and what it needs from each beyond the :class:`Game` protocol.

The server drives every engine through the protocol alone. A few things are not in the protocol: how
the computer picks a move, what the turn timer does at 0:00, and the extra questions a game page asks
(a stealth move preview, the skirmish reachable cells, a murder hint…). Each game answers them through
a :class:`GameAdapter`, found in ``meeple.server.adapters.<game>`` (a ``make_adapter()`` function);
a game without one gets :func:`default_adapter`: a seeded random legal move for the AI, no timer
action, no queries.

The games themselves come from the one registry of :mod:`meeple.games.registry` (each game's
``game.toml`` names its adapter: ``[parts] adapter``, a ``make_adapter`` function or a ``GameAdapter``), so
a game added as a package, an entry point or through ``MEEPLE_GAME_PLUGINS`` is offered here with nothing
else to change; tests also add games in code with ``GameRegistry.with_game``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from meeple.core.errors import MeepleError
from meeple.core.game import JSON, Game, GameInfo
from meeple.core.i18n import Msg
from meeple.core.limits import ContentLimits
from meeple.core.rng import make_rng
from meeple.games.registry import GamePlugin, UnknownGameError, plugin, plugins

ChooseMove = Callable[[Game[Any], int, str | None, int], Any]
"""``(game, seat, level, seed) -> move``: the computer's move for ``seat`` (a move object of the game).

It receives a copy of the game; it must only use what ``seat`` may see (``determinize``)."""

TimeoutMoves = Callable[[Game[Any]], Sequence[Any]]
"""``(game) -> moves``: what happens when the turn timer reaches 0:00, as moves to push in order."""

RoomQuery = Callable[[Game[Any], int | None, JSON], JSON]
"""``(game, seat, params) -> answer``: a question about a room's position, asked by ``seat``.

It receives a copy of the game. ``seat`` is ``None`` for a spectator; a query must not reveal to a seat
what its view hides."""

CatalogQuery = Callable[[JSON], JSON]
"""``(params) -> answer``: a question about a game that needs no room (levels, game types…)."""


@dataclass(frozen=True)
class Level:
    """A strength of the computer player, named for the lobby."""

    key: str
    title: Msg

    def to_json(self) -> dict[str, JSON]:
        """The level for the browser."""
        return {"key": self.key, "title": self.title.to_json()}


RANDOM_LEVEL = Level("random", Msg("Hasard", "Random"))


def random_move(game: Game[Any], seat: int, level: str | None, seed: int) -> Any:
    """A legal move drawn with a seeded generator: the computer of a game that has no AI yet."""
    moves = game.legal_moves()
    if not moves:
        raise MeepleError(Msg("aucun coup légal", "no legal move"))
    return make_rng(seed).choice(moves)


@dataclass(frozen=True)
class GameAdapter:
    """What the server needs from one game beyond the Game protocol."""

    choose_move: ChooseMove = random_move
    levels: Sequence[Level] = (RANDOM_LEVEL,)
    default_level: str | None = None
    """The level the new-game page proposes (the first level when None)."""
    timeout_moves: TimeoutMoves | None = None
    turn_seconds: Callable[[Mapping[str, JSON]], int | None] | None = None
    """The turn limit some games keep in their options (ILYOS "Time per turn"), in seconds."""
    queries: Mapping[str, RoomQuery] = field(default_factory=dict)
    catalog: Mapping[str, CatalogQuery] = field(default_factory=dict)
    send_legal_moves: bool = True
    """Whether the seat to move receives the list of its legal moves with each state."""
    public_view: bool = False
    """True when ``view(seat)`` is the same for every seat (no hidden information): computed once."""
    factory_in_worker: bool = False
    """True when making a game may take long (murder generates its case): the factory then runs in a worker
    process (:mod:`meeple.server.workers`), for a new room and for a room rebuilt from the store."""
    worker_queries: frozenset[str] = frozenset()
    """The queries and catalog questions heavy enough to run in a worker process (the others, cheap, run
    in a thread of the server). Their functions must be module-level, their arguments and answers picklable."""
    stored_options: Callable[[Mapping[str, JSON]], Mapping[str, JSON]] | None = None
    """How a saved room's options are read back when the room is rebuilt (default: as they are). A game whose
    defaults changed since a room was saved completes the keys that room lacks with the values of its time."""
    recorded_options: Callable[[Game[Any]], Mapping[str, JSON]] | None = None
    """The options a new room stores to rebuild this very game later (default: the game's own ``options``).
    A game that draws its content from its seed (murder generates its case) records the content itself, so
    that its rooms replay the same game after an upgrade of the generator."""
    assisting_queries: frozenset[str] = frozenset()
    """The queries that are the computer's help to a player (Hive's ``analyse``: the engine's best move): refused
    to everyone while a rated game goes on (issue 23: rated games forbid the computer's help)."""
    inline_content: Mapping[str, ContentLimits] = field(default_factory=dict)
    """The options that may carry a whole document sent by the client (a level, a scenario, a case), with
    the limits the game's format sets for it. Such a document is checked against its limits before any
    other work (over a limit: nothing is built), and the game is then built in a worker process, with a
    time limit, never in the server's own process. A text value of such an option is a shipped content's
    id (the game looks it up in its closed list), not a document."""

    def inline_options(self, options: Mapping[str, JSON], source: str = "options") -> list[str]:
        """The options of ``options`` that carry a document sent inline, each checked against its limits
        (raises :class:`~meeple.core.limits.TooLargeError` naming the first limit crossed, its field under
        ``source``: ``options.case`` for a room's options, ``params.case`` for a catalogue question's)."""
        found = []
        for key, limits in self.inline_content.items():
            value = options.get(key)
            if value is not None and not isinstance(value, str):
                limits.check(value, f"{source}.{key}")
                found.append(key)
        return found

    def to_json(self) -> dict[str, JSON]:
        """What the lobby needs to know."""
        return {
            "levels": [level.to_json() for level in self.levels],
            "default_level": self.default_level or (self.levels[0].key if self.levels else None),
            "timer": self.timeout_moves is not None,
            "queries": sorted(self.queries),
            "catalog": sorted(self.catalog),
            "assisting": sorted(self.assisting_queries),
        }


def default_adapter() -> GameAdapter:
    """The adapter of a game that documents nothing beyond the protocol."""
    return GameAdapter()


@dataclass(frozen=True)
class GameEntry:
    """One game the server offers: its package's ``INFO``, its adapter, and where the registry found it
    (its page and rules modules for the browser; ``None`` for a game added in code only)."""

    info: GameInfo
    adapter: GameAdapter
    plugin: GamePlugin | None = None

    def to_json(self) -> dict[str, JSON]:
        """The game as the lobby lists it, with the URLs of its page and rules modules (``None``: the app's
        generic page, no rules dialog)."""
        found = self.plugin
        return {
            "name": self.info.name,
            "title": self.info.title.to_json(),
            "summary": self.info.summary.to_json(),
            "page": found.web_url("page") if found is not None else None,
            "rules": found.web_url("rules") if found is not None else None,
            **self.adapter.to_json(),
        }


class GameRegistry:
    """The games a server offers, by name, in lobby order."""

    def __init__(self, entries: Mapping[str, GameEntry] | None = None) -> None:
        self._entries: dict[str, GameEntry] = dict(entries or {})

    def with_game(self, info: GameInfo, adapter: GameAdapter | None = None) -> GameRegistry:
        """A registry with one more game (or a game replaced)."""
        entries = dict(self._entries)
        entries[info.name] = GameEntry(info, adapter or default_adapter(), plugins().get(info.name))
        return GameRegistry(entries)

    def get(self, name: str) -> GameEntry:
        """The game called ``name``; :class:`UnknownGameError` if there is none."""
        try:
            return self._entries[name]
        except KeyError:
            raise UnknownGameError(name) from None

    def names(self) -> list[str]:
        """The names of the games, in lobby order."""
        return list(self._entries)

    def entries(self) -> list[GameEntry]:
        """Every game, in lobby order."""
        return list(self._entries.values())

    @classmethod
    def from_environment(cls) -> GameRegistry:
        """Every game of :mod:`meeple.games.registry` (the packages, the ``meeple.games`` entry points and
        ``MEEPLE_GAME_PLUGINS``), each with its adapter."""
        registry = cls()
        for name, game in plugins().items():
            registry = registry.with_game(game.info(), adapter_for(name))
        return registry


def adapter_for(name: str) -> GameAdapter:
    """The adapter of game ``name`` (its manifest's ``[parts] adapter``, or a plug-in module's ``ADAPTER``),
    or the default one."""
    found = plugin(name).load("adapter")
    if found is None:
        return default_adapter()
    adapter = found if isinstance(found, GameAdapter) else found()
    if not isinstance(adapter, GameAdapter):
        raise MeepleError(Msg(f"{name} : l'adaptateur n'est pas un GameAdapter",
                              f"{name}: the adapter is not a GameAdapter"))
    return adapter


__all__ = ["GameAdapter", "GameEntry", "GameRegistry", "Level", "UnknownGameError", "adapter_for",
           "default_adapter", "random_move"]
