"""Passwords, hashed with argon2id (argon2-cffi), and the names accounts may take.

Hashing is deliberately slow (tens of milliseconds of CPU and 64 MiB of memory a hash): it runs in a thread,
at most :data:`HASHES_AT_ONCE` at a time for the whole process, so that a flood of sign-ins costs the
server a bounded share of its cores and memory; the others wait, at most :data:`MAX_HASHES_WAITING`, and
beyond are refused at once (503). A name that matches no account is checked against a hash made with the
same parameters, so that a wrong name and a wrong password take the same time and get the same answer.
"""

from __future__ import annotations

import asyncio
import re
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from meeple.server.errors import busy, refusal

NAME_PATTERN = re.compile(r"[A-Za-z0-9_-]{3,20}")
"""An account's name: 3 to 20 letters (ASCII), digits, ``-`` or ``_`` — readable aloud, safe in an address."""
MIN_PASSWORD = 8
MAX_PASSWORD_BYTES = 128
"""A password is at most 128 bytes (UTF-8): longer ones are refused before any hashing."""
HASHES_AT_ONCE = 2
MAX_HASHES_WAITING = 32

HASHER = PasswordHasher()  # argon2id, RFC 9106's second recommended set: t=3, m=64 MiB, p=4
_DUMMY_HASH = HASHER.hash("meeple: no such account")


def name_key(name: str) -> str:
    """The form under which names are unique: ``Ana``, ``ana`` and ``ANA`` are one name."""
    return name.casefold()


def check_name(name: object) -> str:
    """``name`` if an account may take it, else 422 naming the rule."""
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise refusal("bad_name", "nom : 3 à 20 lettres (sans accents), chiffres, « - » ou « _ »",
                      "name: 3 to 20 letters (no accents), digits, '-' or '_'", 422)
    return name


def check_password(password: object, field: str = "password") -> str:
    """``password`` if it may be one (8 characters to 128 bytes, no control character), else 422."""
    if not isinstance(password, str) or len(password.encode()) > MAX_PASSWORD_BYTES:
        raise refusal("bad_password", f"{field} : {MAX_PASSWORD_BYTES} octets au plus",
                      f"{field}: at most {MAX_PASSWORD_BYTES} bytes", 422)
    if len(password) < MIN_PASSWORD:
        raise refusal("bad_password", f"{field} : {MIN_PASSWORD} caractères au moins",
                      f"{field}: at least {MIN_PASSWORD} characters", 422)
    if any(unicodedata.category(ch) == "Cc" for ch in password):
        raise refusal("bad_password", f"{field} : pas de caractère de contrôle", f"{field}: no control character", 422)
    return password


class Hashing:
    """The process's bounded share of password hashing."""

    def __init__(self, at_once: int = HASHES_AT_ONCE, max_waiting: int = MAX_HASHES_WAITING) -> None:
        self._slots = asyncio.Semaphore(at_once)
        self._waiting = 0
        self.max_waiting = max_waiting

    async def _run(self, function: object, *args: str) -> object:
        if self._waiting >= self.max_waiting:
            raise busy()
        self._waiting += 1
        try:
            async with self._slots:
                return await asyncio.to_thread(function, *args)  # type: ignore[arg-type]
        finally:
            self._waiting -= 1

    async def hash(self, password: str) -> str:
        """The argon2id hash of ``password`` (salted)."""
        result = await self._run(HASHER.hash, password)
        assert isinstance(result, str)
        return result

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored`` (None: no such account — checked against a dummy hash all
        the same, and False)."""
        matched = await self._run(_verify, stored or _DUMMY_HASH, password)
        return bool(matched) and stored is not None


def _verify(stored: str, password: str) -> bool:
    try:
        return HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False

