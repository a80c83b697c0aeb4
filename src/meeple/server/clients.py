"""One connected browser (or bot) and its bounded, ordered outbox."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Mapping, Sequence

from meeple.core.game import JSON, canonical_json

MAX_OUTBOX_MESSAGES = 256
"""A client's outgoing queue holds at most this many messages (its states count once: see :class:`Client`)."""
MAX_OUTBOX_BYTES = 4 * 1024 * 1024
"""…and at most this many bytes (4 MiB); a client past either limit does not read and is disconnected."""


class Client:
    """One connected browser (or bot): the seats it holds and its bounded, ordered outbox of messages.

    Only the newest state matters to a client, so a state queued while an older one still waits takes the
    older one's place (and position: the client never sees an acknowledgement before a state at least as
    new): a slow reader is never dropped for a burst of moves. Other messages (acknowledgements, answers,
    errors) all wait their turn; a client with more than :data:`MAX_OUTBOX_MESSAGES` messages or
    :data:`MAX_OUTBOX_BYTES` bytes waiting does not read what it asks for: its queue is dropped at once
    and :attr:`overflowed` is set, for the connection to be closed.
    """

    def __init__(self, seats: Sequence[int], send: Callable[[str], Awaitable[None]], address: str = "",
                 max_messages: int = MAX_OUTBOX_MESSAGES, max_bytes: int = MAX_OUTBOX_BYTES) -> None:
        self.seats: tuple[int, ...] = tuple(sorted(set(seats)))
        self.address = address
        """Where it connects from (the key of its fair-use limits)."""
        self._send = send
        self.max_messages = max_messages
        self.max_bytes = max_bytes
        self._outbox: deque[list[str]] = deque()
        """Each message in a box of its own, so that a waiting state can be replaced where it stands."""
        self._state: list[str] | None = None
        """The box of the state waiting in the outbox, if any."""
        self._bytes = 0
        self._wake = asyncio.Event()
        self._closed = False
        self.overflowed = asyncio.Event()
        """Set once the client fell too far behind; nothing is queued for it any more."""

    @property
    def queued(self) -> tuple[int, int]:
        """How many messages, and how many bytes, wait to be sent."""
        return len(self._outbox), self._bytes

    def push(self, message: Mapping[str, JSON] | str) -> None:
        """Queue a message; messages leave in the order they were queued."""
        text = message if isinstance(message, str) else canonical_json(message)
        if self._closed or self.overflowed.is_set():
            return
        self._outbox.append([text])
        self._grew(len(text))

    def push_state(self, text: str) -> None:
        """Queue a state message (JSON text), in place of the state still waiting if there is one."""
        if self._closed or self.overflowed.is_set():
            return
        if self._state is not None:
            self._bytes -= len(self._state[0])
            self._state[0] = text
            self._grew(len(text))
            return
        self._state = [text]
        self._outbox.append(self._state)
        self._grew(len(text))

    def _grew(self, size: int) -> None:
        self._bytes += size
        if len(self._outbox) > self.max_messages or self._bytes > self.max_bytes:
            self._outbox.clear()
            self._state = None
            self._bytes = 0
            self.overflowed.set()
        self._wake.set()

    def close(self) -> None:
        """Stop the writer once the queued messages are sent."""
        self._closed = True
        self._wake.set()

    async def run_writer(self) -> None:
        """Send queued messages until :meth:`close` (or an overflow, or a failed send)."""
        while not self.overflowed.is_set():
            if not self._outbox:
                if self._closed:
                    return
                self._wake.clear()
                await self._wake.wait()
                continue
            box = self._outbox.popleft()
            if box is self._state:
                self._state = None
            self._bytes -= len(box[0])
            await self._send(box[0])


