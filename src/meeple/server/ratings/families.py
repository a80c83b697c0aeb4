"""Which rating family a game belongs to: one rating per account and per family."""

from __future__ import annotations

from collections.abc import Mapping

FAMILIES = ("hive-base", "hive-mlp", "hive-centipede", "ilyos-duel", "skirmish")
"""Every rated family. Solo games (stealth, murder) and ILYOS 2 versus 2 are not rated."""


def family_of(game: str, options: Mapping[str, object]) -> str | None:
    """The rating family of a game with these options, or None when such a game is not rated.

    Hive by its UHP game type: ``Base`` → hive-base, expansions among M, L, P → hive-mlp, any with the
    Centipede (C) → hive-centipede. ILYOS duel → ilyos-duel. Skirmish → skirmish."""
    if game == "hive":
        from meeple.games.hive.game import DEFAULT_GAME_TYPE

        text = options.get("game_type", DEFAULT_GAME_TYPE)
        if not isinstance(text, str):
            return None
        expansions = text.partition("+")[2]
        if "C" in expansions:
            return "hive-centipede"
        return "hive-mlp" if expansions else "hive-base"
    if game == "ilyos":
        from meeple.games.ilyos.engine import DEFAULT_OPTIONS

        return "ilyos-duel" if options.get("mode", DEFAULT_OPTIONS["mode"]) == "duel" else None
    if game == "skirmish":
        return "skirmish"
    return None
