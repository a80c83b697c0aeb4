"""Size limits of a document a client may send (a stealth level, a skirmish scenario, a murder case).

A game's format module declares its :class:`ContentLimits` beside the format (the limits are part of it,
documented there and in ``docs/security.md``); its reader checks them first, and the server checks them
again before it hands the document to a worker, so content over a limit costs no more than one cheap
walk: :meth:`ContentLimits.check` looks at each value once and stops at the first limit crossed, so its
own work is bounded by ``max_bytes`` whatever it is given (a deep or huge value is never walked whole,
and never recursively).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from meeple.core.errors import FormatError
from meeple.core.i18n import Msg


class TooLargeError(FormatError):
    """A document over one of its documented limits; ``limit`` names it, ``maximum`` is its value."""

    def __init__(self, source: str, where: str, limit: str, maximum: int, reason: Msg) -> None:
        super().__init__(source, where, reason)
        self.limit = limit
        self.maximum = maximum

    def __reduce__(self) -> Any:
        """Crosses process boundaries as itself (a worker's error comes back to the server unchanged)."""
        return (type(self), (self.source, self.field, self.limit, self.maximum, self.reason))


@dataclass(frozen=True)
class ContentLimits:
    """How large a document may be: JSON size, nesting, any one text, any one list, and named top-level lists.

    ``counts`` maps a top-level field to the most elements its list may hold (``{"nodes": 100}``), with
    the words that name them in ``words`` (``{"nodes": Msg("nœuds", "nodes")}``)."""

    max_bytes: int
    max_depth: int = 8
    max_text: int = 200
    max_items: int = 200
    counts: Mapping[str, int] = field(default_factory=dict)
    words: Mapping[str, Msg] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The limits as a page or a document lists them."""
        return {"bytes": self.max_bytes, "depth": self.max_depth, "text": self.max_text, "list": self.max_items,
                **self.counts}

    def check(self, value: Any, source: str) -> None:
        """Raise :class:`TooLargeError` naming the first limit ``value`` crosses; cheap: stops there."""
        if isinstance(value, Mapping):
            for key, most in self.counts.items():
                items = value.get(key)
                if isinstance(items, list) and len(items) > most:
                    word = self.words.get(key, Msg(key, key))
                    raise TooLargeError(source, key, key, most, Msg(
                        f"{len(items)} {word.fr}, la limite est {most}", f"{len(items)} {word.en}, the limit is {most}"))
        self._walk(value, source)

    def _walk(self, value: Any, source: str) -> None:
        size = 0
        stack: list[tuple[Any, int, str]] = [(value, 1, "")]
        while stack:
            item, depth, where = stack.pop()
            if depth > self.max_depth:
                raise TooLargeError(source, where, "depth", self.max_depth, Msg(
                    f"imbriqué sur plus de {self.max_depth} niveaux (limite)",
                    f"nested more than {self.max_depth} levels deep (the limit)"))
            if isinstance(item, str):
                if len(item) > self.max_text:
                    raise TooLargeError(source, where, "text", self.max_text, Msg(
                        f"texte de {len(item)} caractères, la limite est {self.max_text}",
                        f"a text of {len(item)} characters, the limit is {self.max_text}"))
                size += len(item) + 2
            elif isinstance(item, Mapping | list):
                if len(item) > self.max_items:
                    raise TooLargeError(source, where, "list", self.max_items, Msg(
                        f"{len(item)} éléments, la limite est {self.max_items} par liste ou objet",
                        f"{len(item)} elements, the limit is {self.max_items} per list or object"))
                size += 2 + len(item)
                children = item.items() if isinstance(item, Mapping) else enumerate(item)
                for key, child in children:
                    if isinstance(key, str):
                        size += len(key) + 3
                    place = (f"{where}.{key}" if where else str(key)) if isinstance(key, str) else f"{where}[{key}]"
                    stack.append((child, depth + 1, place))
            elif isinstance(item, int | float) and not isinstance(item, bool):
                if isinstance(item, int) and item.bit_length() > 64:  # before str(): digits cost time to write
                    raise TooLargeError(source, where, "number", 64, Msg(
                        "un nombre de plus de 64 bits", "a number of more than 64 bits"))
                size += len(str(item))
            else:  # true, false, null
                size += 5
            if size > self.max_bytes:
                raise TooLargeError(source, "", "bytes", self.max_bytes, Msg(
                    f"plus de {self.max_bytes} octets de JSON (limite)",
                    f"more than {self.max_bytes} bytes of JSON (the limit)"))
