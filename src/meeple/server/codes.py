"""Room codes: 10 letters and digits (50 bits), read aloud in groups, forgiving case, dashes and spaces."""

from __future__ import annotations

import secrets

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Room codes avoid letters and digits that look alike (0/O, 1/I)."""
CODE_GROUPS = (4, 4, 2)
"""A room code is 10 letters of :data:`CODE_ALPHABET` (50 bits), read aloud in groups: ``ABCD-EFGH-JK``."""
CODE_LENGTH = sum(CODE_GROUPS)


def normalize_code(text: str) -> str:
    """A room code as typed (any case, with or without dashes and spaces) in its one written form:
    ``abcd efgh jk`` → ``ABCD-EFGH-JK``; a code of another length (the six letters of older rooms) is
    kept as it is, upper-cased. Anything but letters and digits in between is dropped."""
    letters = "".join(ch for ch in text.upper() if ch.isascii() and ch.isalnum())
    if len(letters) != CODE_LENGTH:
        return letters
    groups, start = [], 0
    for size in CODE_GROUPS:
        groups.append(letters[start:start + size])
        start += size
    return "-".join(groups)


def new_code() -> str:
    """A fresh random room code (50 bits from the system's secure generator)."""
    return normalize_code("".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH)))

