"""A stealth move in words for the move history: « Vers le nord-est : sentinelle neutralisée »,
"North-east: sentry neutralised", « Pierre lancée vers le sud : patrouille 2 part vers le bruit ».

The map shows no node names (they are the level file's, not the player's), so a move is told by the compass
direction it goes on the map: the way the leader walked, or where the stone flew from the leader.
"""

from __future__ import annotations

import math
import re
from typing import Any

from meeple.core.i18n import Msg
from meeple.games.stealth.engine import Move, StealthGame

KINDS = {
    "sentry": Msg("sentinelle", "sentry"),
    "pivot": Msg("sentinelle pivotante", "pivoting sentry"),
    "patrol": Msg("patrouille", "patrol"),
    "tracker": Msg("traqueur", "tracker"),
}


def enemy_words(enemy_id: str) -> Msg:
    """Levels name enemies after their kind ("sentry", "patrol2"): « patrouille 2 » / "patrol 2"."""
    match = re.fullmatch(r"(sentry|pivot|patrol|tracker)(\d*)", enemy_id)
    if not match:
        return Msg(enemy_id, enemy_id)
    kind, number = KINDS[match.group(1)], f" {match.group(2)}" if match.group(2) else ""
    return Msg(f"{kind.fr}{number}", f"{kind.en}{number}")


COMPASS = (Msg("l'est", "east"), Msg("le nord-est", "north-east"), Msg("le nord", "north"),
           Msg("le nord-ouest", "north-west"), Msg("l'ouest", "west"), Msg("le sud-ouest", "south-west"),
           Msg("le sud", "south"), Msg("le sud-est", "south-east"))
"""The eight directions, counter-clockwise from the east (the map's y grows downward)."""


def direction(game: StealthGame, frm: str, to: str) -> Msg:
    """The compass direction from node ``frm`` to node ``to`` on the level's drawing."""
    positions, index = game.level.graph.positions, game.level.index
    (x1, y1), (x2, y2) = positions[index[frm]], positions[index[to]]
    angle = math.degrees(math.atan2(y1 - y2, x2 - x1)) % 360
    return COMPASS[round(angle / 45) % 8]


def _event_words(event: dict[str, Any]) -> Msg | None:
    kind = event["type"]
    if kind == "neutralise":
        who = enemy_words(event["enemy"])
        return Msg(f"{who.fr} neutralisée" if who.fr.startswith(("sentinelle", "patrouille")) else f"{who.fr} neutralisé",
                   f"{who.en} neutralised")
    if kind == "capture":
        by = [enemy_words(enemy) for enemy in event["by"]]
        return Msg("capturé par " + ", ".join(w.fr for w in by), "captured by " + ", ".join(w.en for w in by))
    if kind == "key":
        return Msg(f"clé {event['key']} ramassée", f"{event['key']} key picked up")
    if kind == "exit":
        return Msg("sortie atteinte", "exit reached")
    if kind == "divert":
        who = enemy_words(event["enemy"])
        return Msg(f"{who.fr} part vers le bruit", f"{who.en} heads for the noise")
    if kind == "alert":
        who = enemy_words(event["enemy"])
        return Msg(f"{who.fr} donne l'alerte", f"{who.en} raises the alarm")
    return None


def describe_move(game: StealthGame, move: Move) -> Msg:
    """``move`` in words with what it caused, ``game`` being the position before it (left unchanged)."""
    after = game.copy()
    after.push(move)
    said = [words for words in map(_event_words, after.reports[-1]) if words is not None]
    way = direction(game, game.level.name(game.state.leader), move.node)
    head = Msg(f"Vers {way.fr}", way.en[0].upper() + way.en[1:]) if move.kind == "go" else \
        Msg(f"Pierre lancée vers {way.fr}", f"Stone thrown {way.en}")
    if not said:
        return head
    return Msg(f"{head.fr} : " + ", ".join(w.fr for w in said), f"{head.en}: " + ", ".join(w.en for w in said))
