"""What the browser needs to turn clicks into ILYOS actions (rules 3, 8, 10, 15, 16).

A selection is interface state only: nothing here changes the game, so abandoning a selection (clicking
the start cell again, rule 15, or clicking another action, rule 8) spends no card. Only the move finally
sent to ``push`` spends anything.

``targets(game, guardian)`` answers the second click of rule 3: for the selected guardian, every cell it
can act on, each with its actions, the first one being what a plain click does::

    [{"cell": [x, y], "primary": "move",
      "actions": [{"action": "move", "cost": 2, "move": {...}},
                  {"action": "push", "forces": [1, 2], "moves": {"1": {...}, "2": {...}}}]}, ...]

The priority of the plain click is take > give > move > push (a push needs its force chosen with the
− / + buttons of the Push card, rule 10). ``selection(game, guardian)`` adds the guardian's buttons
(putting its crown down) and the cell that cancels the selection. ``magic_targets(game, cell)`` lists
the rotations of the island under an island cell (rule 3, second sentence): a first click on one of the
mover's guardians selects it; a first click on any other island cell opens the magic choice.
``placement_targets(game)`` lists where the island of the turn may go.
"""

from __future__ import annotations

from typing import Any

from meeple.core.boards import Cell
from meeple.core.game import JSON
from meeple.games.ilyos.engine import Action, IlyosGame

PRIORITY = ("take", "give", "move", "push")


def _commanded(game: IlyosGame, guardian: int) -> bool:
    mover = game.to_move()
    return mover is not None and guardian in game.state.guardians and game.commands(mover, guardian)


def targets(game: IlyosGame, guardian: int) -> list[dict[str, JSON]]:
    """Every target cell of the selected guardian with its actions (empty if it is not the mover's)."""
    if not _commanded(game, guardian):
        return []
    by_cell: dict[Cell, dict[str, Any]] = {}
    for move in game.legal_moves():
        if move.guardian != guardian or move.kind == "drop":
            continue
        entry = by_cell.setdefault(move.cell, {})
        if move.kind == "push":
            push = entry.setdefault("push", {"action": "push", "forces": [], "moves": {}})
            push["forces"].append(move.amount)
            push["moves"][str(move.amount)] = game.move_to_json(move)
        else:
            action: dict[str, JSON] = {"action": move.kind, "move": game.move_to_json(move)}
            if move.kind == "move":
                action["cost"] = game.reachable(guardian)[move.cell]
            elif move.kind == "take":
                action["cost"] = game.take_cost
            else:
                action["cost"] = 0
            entry[move.kind] = action
    result: list[dict[str, JSON]] = []
    for cell in sorted(by_cell):
        actions = [by_cell[cell][kind] for kind in PRIORITY if kind in by_cell[cell]]
        result.append({"cell": list(cell), "primary": actions[0]["action"], "actions": actions})
    return result


def selection(game: IlyosGame, guardian: int) -> dict[str, JSON]:
    """The whole answer to a first click on a guardian: its targets, its buttons, its cancel cell."""
    if not _commanded(game, guardian):
        return {"guardian": guardian, "targets": [], "drop": None, "cancel": None}
    drop = Action("drop", guardian)
    cell = game.state.guardians[guardian].cell
    return {
        "guardian": guardian,
        "targets": targets(game, guardian),
        "drop": game.move_to_json(drop) if drop in game.legal_moves() else None,
        "cancel": list(cell),
    }


def magic_targets(game: IlyosGame, cell: Cell) -> list[dict[str, JSON]]:
    """The rotations (90°, 180°, 270°, 360°) the mover may cast on the island under ``cell``."""
    pivot = game.state.cells.get(cell)
    if pivot is None:
        return []
    return [
        {"degrees": 90 * move.amount, "move": game.move_to_json(move)}
        for move in game.legal_moves()
        if move.kind == "magic" and move.cell == pivot
    ]


def placement_targets(game: IlyosGame) -> list[dict[str, JSON]]:
    """Where the mover may place its island: each pivot with the orientations that fit."""
    spots: dict[Cell, list[int]] = {}
    for move in game.legal_moves():
        if move.kind == "place":
            spots.setdefault(move.cell, []).append(move.amount)
    return [{"pivot": list(p), "orientations": sorted(o)} for p, o in sorted(spots.items())]
