"""ILYOS boards drawn as text, for the command line (``meeple ilyos setups`` and ``play``).

Legend: ``.`` void, ``#`` island, ``+`` sanctuary, ``v`` village, ``*`` a crown on the ground,
a digit the seat owning a guardian (in brackets when it carries a crown).
"""

from __future__ import annotations

from meeple.core.boards import Cell
from meeple.core.i18n import Msg
from meeple.games.ilyos import board
from meeple.games.ilyos.engine import KINDS, IlyosGame, cell_name

LEGEND = Msg(
    ". vide  # île  + sanctuaire  v village  * couronne au sol  0-3 gardien du joueur  [0] gardien portant une couronne",
    ". void  # island  + sanctuary  v village  * crown on the ground  0-3 guardian of seat  [0] guardian carrying a crown",
)


def _ground(cell: Cell, islands: set[Cell], geo: board.Geometry) -> str:
    if cell in geo.sanctuary:
        return "+"
    if any(cell in cells for cells in geo.villages.values()):
        return "v"
    return "#" if cell in islands else "."


def draw_cells(islands: set[Cell], guardians: dict[Cell, tuple[int, bool]], crowns: set[Cell],
               geo: board.Geometry) -> str:
    """The board as lines of text with column letters and row numbers."""
    header = "    " + " ".join(f" {chr(ord('a') + x)} " for x in range(geo.size))
    lines = [header]
    for y in range(geo.size):
        row = []
        for x in range(geo.size):
            cell = (x, y)
            if cell in guardians:
                seat, carrying = guardians[cell]
                row.append(f"[{seat}]" if carrying else f" {seat} ")
            elif cell in crowns:
                row.append(" * ")
            else:
                row.append(f" {_ground(cell, islands, geo)} ")
        lines.append(f"{y + 1:>3} " + " ".join(row))
    return "\n".join(lines)


def draw_game(game: IlyosGame) -> str:
    """The position: board, scores and whose turn it is."""
    state = game.state
    guardians = {g.cell: (g.owner, g.crown >= 0) for g in state.guardians.values()}
    text = draw_cells(set(state.cells), guardians, set(state.ground), game.geo)
    colon = Msg(" :", ":")
    scores = "  ".join(f"P{seat + 1}{colon} {score}" for seat, score in enumerate(state.scores))
    mover = game.to_move()
    turn = Msg("partie terminée", "game over") if mover is None else Msg(f"au tour de P{mover + 1}", f"P{mover + 1} to play")
    named = "  ".join(f"#{gid} {cell_name(g.cell)} (P{g.owner + 1}{'*' if g.crown >= 0 else ''})"
                      for gid, g in sorted(state.guardians.items()))
    return (f"{text}\n{Msg('Gardiens :', 'Guardians:')} {named}\n"
            f"{Msg('Couronnes', 'Crowns')} — {scores} — {turn}")


def draw_hand(game: IlyosGame, seat: int) -> str:
    """What ``seat`` may spend now (its own hand and stock)."""
    points = game.points(seat)
    names = {"move": Msg("déplacements :", "moves:"), "push": Msg("poussées :", "pushes:"),
             "magic": Msg("magies :", "magic:")}
    return ", ".join(f"{names[k]} {points[k]}" for k in KINDS)


def draw_setup(chosen: board.Setup) -> str:
    """A symmetric duel setup as text."""
    islands = {c for p, o in chosen.islands for c in board.island_cells(p, o)}
    guardians = {c: (0, False) for c in chosen.team_a} | {c: (1, False) for c in chosen.team_b}
    geo = board.geometry(chosen.size)
    return draw_cells(islands, guardians, {geo.heart}, geo)
