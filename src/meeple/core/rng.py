"""Seeded random sources: every game, generator and AI run is reproducible from its seed.

>>> a, b = make_rng(7), make_rng(7)
>>> [a.randrange(100) for _ in range(3)] == [b.randrange(100) for _ in range(3)]
True
>>> make_rng(7).derive("deck").random() == make_rng(7).derive("deck").random()
True
"""

from __future__ import annotations

import hashlib
import random
import secrets


class SeededRandom(random.Random):
    """A ``random.Random`` that remembers its seed and derives independent, named child streams."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seed_value = seed

    def derive(self, label: str) -> SeededRandom:
        """A child stream fixed by this stream's seed and ``label`` (not by how much was drawn)."""
        return SeededRandom(derive_seed(self.seed_value, label))


def derive_seed(seed: int, label: str) -> int:
    """A 63-bit seed computed from ``seed`` and ``label``, stable across runs and platforms."""
    digest = hashlib.blake2b(f"{seed}:{label}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def fresh_seed() -> int:
    """A new random seed, for runs where the user gave none (record it to reproduce the run)."""
    return secrets.randbits(63)


def make_rng(seed: int | None = None) -> SeededRandom:
    """A seeded random source; ``None`` draws a fresh seed, kept in ``seed_value``."""
    return SeededRandom(fresh_seed() if seed is None else seed)
