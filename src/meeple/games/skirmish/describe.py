"""A skirmish activation in words for the move history: « R1 va en 5,3 : engagé avec B2 »,
"R1 moves to 5,3: engaged with B2", « R1 frappe B2 (−1) : B2 hors de combat »."""

from __future__ import annotations

from meeple.core.i18n import Msg
from meeple.games.skirmish.engine import Action, SkirmishGame


def describe_move(game: SkirmishGame, move: Action) -> Msg:
    """``move`` in words with its outcome, ``game`` being the position before it (left unchanged)."""
    after = game.copy()
    after.push(move)
    last = after.view(None)["last_move"]
    assert isinstance(last, dict)
    if move.kind == "hold":
        return Msg(f"{move.fighter} ne bouge pas", f"{move.fighter} holds")
    if move.kind == "attack":
        damage = last.get("damage")
        head = Msg(f"{move.fighter} frappe {move.target}", f"{move.fighter} strikes {move.target}")
        if damage:
            head = Msg(f"{head.fr} (−{damage})", f"{head.en} (−{damage})")
        if last.get("removed"):
            return Msg(f"{head.fr} : {last['removed']} hors de combat", f"{head.en}: {last['removed']} out of action")
        return head
    end = move.path[-1] if move.path else move.to
    where = f"{end[0]},{end[1]}" if end else "?"
    outcome = last.get("outcome")
    text = outcome.get("text") if isinstance(outcome, dict) else None
    if isinstance(text, dict):
        return Msg(f"{move.fighter} va en {where} : {text['fr']}", f"{move.fighter} moves to {where}: {text['en']}")
    return Msg(f"{move.fighter} va en {where}", f"{move.fighter} moves to {where}")
