"""The games' heavy work, kept out of the server's process: making a game, and answering a game's questions.

A game is made in a thread, unless it may take long (murder generates its case) or is built from a document
a client sent inline (a level, a scenario, a case: checked against its format's limits first, so that over
one nothing is built): then it is made in a game worker process (:class:`~meeple.server.workers.TimedWorkers`,
each call within its time limit). A question a game names heavy (a hint, an editor's check) is answered in
a game worker too, the others in a thread.

In front of the game workers stands a fair queue (:class:`~meeple.server.fairuse.FairQueue`), as in front of
the computer's: addresses are served in turn, one call each at a time, a few under way at most, so one
address's flood neither fills the queue the others wait in nor holds the workers. A call cancelled because
its client left leaves the queue, or stops its worker (replaced by a fork of a process that has the games
loaded: milliseconds).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from meeple.core.errors import MeepleError
from meeple.core.game import JSON, Game
from meeple.core.i18n import Msg
from meeple.core.limits import ContentLimits, TooLargeError
from meeple.server.errors import ServerError, busy, query_error, refusal, too_large
from meeple.server.fairuse import GAME_CALLS_RUNNING_PER_CLIENT, FairQueue, Limits, QueueFull, RateLimited
from meeple.server.registry import GameEntry, GameRegistry
from meeple.server.rooms import Room
from meeple.server.workers import (
    MAX_WAITING,
    AiWorkers,
    SearchFailed,
    TimedWorkers,
    TimeLimitExceeded,
    WorkersBusy,
    preload_in_workers,
)

log = logging.getLogger("meeple.server")

T = TypeVar("T")

GAME_PROCESSES = max(1, (os.cpu_count() or 1) // 2)
"""How many worker processes run the heavy game calls (cases, hints), beside the AI's own workers."""
OPTIONS_LIMITS = ContentLimits(max_bytes=40_000, max_depth=8, max_text=500, max_items=300)
"""Any game's options, whatever the game: checked before anything else. Each format's own limits for a
document sent inline (a level, a scenario, a case: 32 kB) are stricter and come next."""


class GameCalls:
    """The game workers of a server, the fair queue in front of them, and the calls that go through them."""

    def __init__(self, registry: GameRegistry, limits: Limits,
                 workers: AiWorkers | TimedWorkers | None = None) -> None:
        self.registry = registry
        self.limits = limits
        preload_in_workers(worker_modules(registry))
        self.workers = workers or TimedWorkers(processes=GAME_PROCESSES)
        """With a time limit per call: a new case, a hint or a game built from content a client sent never
        waits behind an AI search, nor runs on for ever."""
        self.queue = FairQueue(
            slots=self.workers.processes, per_owner=GAME_CALLS_RUNNING_PER_CLIENT,
            per_owner_in_flight=limits.game_calls_per_client, max_waiting=MAX_WAITING, name="game workers")

    def close(self) -> None:
        """Stop the workers (a call under way gets :class:`SearchFailed`)."""
        self.workers.close()

    async def new_game(self, entry: GameEntry, options: Mapping[str, JSON], seed: int, owner: str = "") -> Game[Any]:
        """The game's factory, for the client at address ``owner``: in a game worker, with a time limit, when
        it may take long or builds a document sent inline (checked against the format's limits first: over
        one, nothing is built); in a thread otherwise. A game's errors come back as they are."""
        try:
            OPTIONS_LIMITS.check(dict(options), "options")
            inline = entry.adapter.inline_options(options)
        except TooLargeError as error:
            raise too_large(error) from error
        if not (entry.adapter.factory_in_worker or inline):
            return await asyncio.to_thread(entry.info.factory, options, seed)
        try:
            game: Game[Any] = await self.call(owner, entry.info.factory, options, seed)
        except TooLargeError as error:  # a limit only the format's reader checks (a map's width…)
            raise too_large(error) from error
        except TimeLimitExceeded as error:
            limit = f"{error.seconds:g}"
            raise refusal("too_slow", f"la partie n'a pas pu être préparée en {limit} s (limite) : abandon",
                          f"the game could not be made within {limit} s (the limit): given up", 422) from error
        except WorkersBusy as error:
            raise busy() from error
        except SearchFailed as error:
            log.error("a game could not be made in a worker: %s", error)
            raise refusal("internal", "erreur du jeu : la partie n'a pas pu être préparée",
                          "game error: the game could not be made", 500) from error
        return game

    async def query(self, room: Room, seats: Sequence[int], name: str, params: JSON, owner: str = "") -> JSON:
        """Ask the game a question about this room's position (a preview, reachable cells, a hint…), for the
        client at address ``owner`` (whose turn of the fair queue a heavy question takes)."""
        function = room.entry.adapter.queries.get(name)
        if function is None:
            raise refusal("unknown_query", f"question inconnue « {name} »", f"unknown query '{name}'", 404)
        async with room.lock:
            snapshot = room.game.copy()
            seat = room.active_seat(seats)
        try:
            return await self._ask(name in room.entry.adapter.worker_queries, owner, function, snapshot, seat, params)
        except ServerError:
            raise
        except MeepleError as error:
            raise query_error(error) from error
        except Exception as error:
            log.exception("query %s failed in room %s", name, room.code)
            raise refusal("internal", f"erreur du jeu : question « {name} » sans réponse",
                          f"game error: query '{name}' got no answer", 500) from error

    async def catalog(self, game: str, name: str, params: JSON, owner: str = "") -> JSON:
        """Ask a game a question that needs no room (its levels, its game types…), for the client at
        ``owner``."""
        entry = self.registry.get(game)
        function = entry.adapter.catalog.get(name)
        if function is None:
            raise refusal("unknown_query", f"question inconnue « {name} »", f"unknown query '{name}'", 404)
        heavy = name in entry.adapter.worker_queries
        try:
            if heavy and isinstance(params, dict):
                # A document sent inline (the editors' level or case) is measured against its format's limits
                # here, before it takes a worker's time: an oversized one costs the server one walk of it.
                entry.adapter.inline_options(params, "params")
            return await self._ask(heavy, owner, function, params)
        except ServerError:
            raise
        except TooLargeError as error:  # a document sent inline over its format's limits
            raise too_large(error) from error
        except MeepleError as error:
            raise query_error(error) from error
        except Exception as error:
            log.exception("catalog query %s of %s failed", name, game)
            raise refusal("internal", f"erreur du jeu : question « {name} » sans réponse",
                          f"game error: query '{name}' got no answer", 500) from error

    async def _ask(self, heavy: bool, owner: str, function: Callable[..., JSON], *args: Any) -> JSON:
        """A game's answer, computed in a worker process (with a time limit, in ``owner``'s turn) when
        ``heavy``, else in a thread; a game's error (:class:`MeepleError`) is raised as itself either way."""
        if not heavy:
            return await asyncio.to_thread(function, *args)
        try:
            return await self.call(owner, function, *args)
        except TimeLimitExceeded as error:
            limit = f"{error.seconds:g}"
            raise refusal("too_slow", f"pas de réponse en {limit} s (limite) : question abandonnée",
                          f"no answer within {limit} s (the limit): question given up", 503) from error
        except WorkersBusy as error:
            raise busy() from error

    async def call(self, owner: str, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a game worker, when ``owner``'s turn of :attr:`queue` comes.

        :class:`RateLimited` (429 ``too_many_calls``) when that address already has its
        :attr:`Limits.game_calls_per_client` calls under way, :class:`WorkersBusy` when the queue is full for
        everyone. Cancelled (its client left), a waiting call leaves the queue and a running one stops its
        worker."""
        try:
            return await self.queue.run(owner, lambda: self.workers.run(function, *args))
        except QueueFull as full:
            if full.whose == "all":
                raise WorkersBusy(str(full)) from full
            cap = self.limits.game_calls_per_client
            raise RateLimited("too_many_calls", Msg(
                f"déjà {cap} calculs en cours depuis votre adresse : attendez leur réponse",
                f"already {cap} computations under way from your address: wait for their answer"), 2) from full


def worker_modules(registry: GameRegistry) -> set[str]:
    """The modules a worker process calls into: each game's factory, AI and questions (and the workers' own)."""
    modules = {"meeple.server.workers"}
    for entry in registry.entries():
        adapter = entry.adapter
        for function in (entry.info.factory, adapter.choose_move, *adapter.queries.values(),
                         *adapter.catalog.values()):
            module = getattr(function, "__module__", None)
            if isinstance(module, str):
                modules.add(module)
    return modules
