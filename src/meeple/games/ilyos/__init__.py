"""ILYOS: islands placed each turn, guardians that move and push, crowns carried to the villages.

The rules are in ``docs/rules/ilyos.md``; the engine in :mod:`meeple.games.ilyos.engine` (its docstring
describes the options, the move JSON and the view JSON); the click helpers for the browser in
:mod:`meeple.games.ilyos.interface`; the AI in :mod:`meeple.games.ilyos.ai`.

What the web server calls::

    game = IlyosGame.new(options, seed)              # or INFO.factory
    game.view(seat)                                  # JSON to draw, per seat (hands stay private)
    targets(game, guardian_id)                       # second click of rule 3: cells, actions, costs, forces
    selection(game, guardian_id)                     # targets + "put down" button + cancel cell
    magic_targets(game, cell)                        # rotations of the island under a clicked cell
    game.push(game.move_from_json(data))             # a move; IllegalMoveError changes nothing
    game.apply_timeout()                             # rule 16, when the turn's clock reaches 0:00
    choose_move(game, seat, level, rng)              # an AI seat (easy, medium, hard, expert)
"""

from __future__ import annotations

from meeple.core.game import GameInfo
from meeple.core.i18n import Msg
from meeple.games.ilyos.ai import LEVELS, choose_move
from meeple.games.ilyos.engine import Action, IlyosGame
from meeple.games.ilyos.interface import magic_targets, placement_targets, selection, targets

INFO = GameInfo(
    name="ilyos",
    title=Msg("ILYOS", "ILYOS"),
    summary=Msg(
        "Posez une île par tour, déplacez et poussez vos gardiens, ramenez trois couronnes au village.",
        "Place an island each turn, move and push your guardians, bring three crowns home.",
    ),
    factory=IlyosGame.new,
    conformance_options=[
        {},
        {"mode": "2v2"},
        {"mode": "2v2", "team_diagonal": True, "islands": 12, "guardians": 4},
        {"islands": 4, "guardians": 1, "sacrificed_guardian": True, "time_per_turn": 2},
        {"size": 15, "village_refuge": True, "crowns": 3, "compensation": 0, "take_cost": 2},
        {"size": 13, "anchored_carriers": True, "escort": True, "village_refuge": True, "no_retake": True,
         "compensation": 5, "first_diagonal": "NE-SW"},
    ],
    max_playout_moves=150,
)

__all__ = [
    "INFO",
    "LEVELS",
    "Action",
    "IlyosGame",
    "choose_move",
    "magic_targets",
    "placement_targets",
    "selection",
    "targets",
]
