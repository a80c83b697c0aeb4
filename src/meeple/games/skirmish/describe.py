"""A skirmish activation in words for the move history: « R1 va en f4 : engagé avec B2 »,
"R1 moves to f4: engaged with B2", « R1 frappe B2 (−1) : B2 hors de combat ».

Cells are named as the board's labels show them: the column's letter (a, b, … z, then aa, ab …) and the
row's number from 1 at the top, so (5, 3) is « f4 »."""

from __future__ import annotations

from meeple.core.i18n import Msg
from meeple.games.skirmish.engine import Action, SkirmishGame


def column_name(x: int) -> str:
    """The letters of column ``x`` (0 → ``a``, 25 → ``z``, 26 → ``aa``), as a spreadsheet names them."""
    letters = ""
    x += 1
    while x > 0:
        x, rest = divmod(x - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def cell_name(cell: tuple[int, int]) -> str:
    """A cell as the board's labels name it: ``(5, 3)`` → ``f4``."""
    return f"{column_name(cell[0])}{cell[1] + 1}"


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
    where = cell_name(end) if end else "?"
    outcome = last.get("outcome")
    text = outcome.get("text") if isinstance(outcome, dict) else None
    if isinstance(text, dict):
        return Msg(f"{move.fighter} va en {where} : {text['fr']}", f"{move.fighter} moves to {where}: {text['en']}")
    return Msg(f"{move.fighter} va en {where}", f"{move.fighter} moves to {where}")
