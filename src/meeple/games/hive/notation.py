"""Universal Hive Protocol text: MoveStrings, GameStrings and TurnStrings.

A MoveString names the moving piece, then where it goes, relative to a reference piece: ``bS1 wS1-``
(east of wS1), ``bS1 wS1\\`` (south-east), ``bS1 /wS1`` (south-west), ``bS1 -wS1`` (west),
``bS1 \\wS1`` (north-west), ``bS1 wS1/`` (north-east); ``wB1 bQ`` climbs on top of bQ; the first move
is just the piece (``wS1``); ``pass`` passes.

The Centipede (``C``) never climbs, so ``wC bA1`` can only mean that wC swaps places with bA1. A
Mosquito copying a Centipede could also climb as a Beetle, so its swap is written with a tilde before
the partner: ``wM ~bA1`` (``wM bA1`` keeps its UHP meaning: climb on top).
"""

from __future__ import annotations

import re

from meeple.core.boards import HEX_DIRECTIONS
from meeple.core.errors import FormatError, IllegalMoveError
from meeple.core.i18n import Msg
from meeple.games.hive.board import DIRS, ORIGIN
from meeple.games.hive.pieces import CENTIPEDE, COLOUR_NAMES, GameType
from meeple.games.hive.state import BLACK_WINS, DRAW, PASS, WHITE_WINS, HiveState, Move

SWAP_MARK = "~"
_SYMBOLS = "-/\\"


def move_string(state: HiveState, move: Move) -> str:
    """The UHP MoveString of ``move`` in ``state`` (before it is played)."""
    piece, dest, swap = move
    if piece < 0:
        return "pass"
    pieces = state.game_type.pieces
    name = pieces[piece].name
    if state.ply == 0:
        return name
    stacks = state.board.stacks
    if swap:
        partner = pieces[stacks[dest][0]].name
        mark = "" if state.bug_of[piece] == CENTIPEDE else SWAP_MARK
        return f"{name} {mark}{partner}"
    if dest in stacks:
        return f"{name} {pieces[stacks[dest][-1]].name}"
    for index, direction in enumerate(HEX_DIRECTIONS):
        reference = _reference_at(state, dest - DIRS[index], piece)
        if reference >= 0:
            ref_name = pieces[reference].name
            return f"{name} {direction.uhp_prefix}{ref_name}{direction.uhp_suffix}"
    raise IllegalMoveError(name, Msg("aucune pièce voisine de la destination", "no piece next to the destination"))


def _reference_at(state: HiveState, cell: int, moving: int) -> int:
    """A piece on ``cell`` other than the moving one (the top one when possible), or -1."""
    stack = state.board.stacks.get(cell)
    if not stack:
        return -1
    for piece in reversed(stack):
        if piece != moving:
            return piece
    return -1


def parse_move_string(state: HiveState, text: str) -> Move:
    """The move a MoveString names in ``state``; raises :class:`IllegalMoveError` naming the text."""
    words = text.split()
    if len(words) == 1 and words[0].lower() == "pass":
        return PASS
    if not words or len(words) > 2:
        raise IllegalMoveError(text, Msg("« pièce [référence] » attendu", "'piece [reference]' expected"))
    piece = state.game_type.piece_named(_canonical(words[0]))
    if piece is None:
        raise IllegalMoveError(text, Msg(f"pièce inconnue {words[0]} pour {state.game_type}", f"unknown piece {words[0]} in {state.game_type}"))
    if len(words) == 1:
        if state.ply != 0:
            raise IllegalMoveError(text, Msg("il manque la position de référence", "the reference position is missing"))
        return (piece.id, ORIGIN, 0)
    return _relative_move(state, text, piece.id, words[1])


def normalise_move_string(text: str) -> str:
    """``text`` with single spaces and UHP's letter cases: ``"ws1  -BQ"`` -> ``"wS1 -bQ"``, ``"PASS"`` -> ``"pass"``."""
    words = text.split()
    if len(words) == 1 and words[0].lower() == "pass":
        return "pass"
    tidy = []
    for word in words:
        parts = re.fullmatch(r"(~?[-/\\]?)([wWbB][A-Za-z][0-9]?)([-/\\]?)", word)
        tidy.append(parts[1] + _canonical(parts[2]) + parts[3] if parts else word)
    return " ".join(tidy)


def _canonical(name: str) -> str:
    """A piece name with UHP's letter cases (``WS1`` and ``ws1`` are read as ``wS1``, as Mzinga does)."""
    return name[:1].lower() + name[1:].upper()


def _relative_move(state: HiveState, text: str, piece: int, where: str) -> Move:
    swap_mark = where.startswith(SWAP_MARK)
    if swap_mark:
        where = where[1:]
    prefix = where[0] if where and where[0] in _SYMBOLS else ""
    suffix = where[-1] if len(where) > 1 and where[-1] in _SYMBOLS else ""
    ref_name = where[len(prefix) : len(where) - len(suffix)]
    if prefix and suffix:
        raise IllegalMoveError(text, Msg("une seule direction est permise", "only one direction is allowed"))
    reference = state.game_type.piece_named(_canonical(ref_name))
    if reference is None:
        raise IllegalMoveError(text, Msg(f"pièce de référence inconnue {ref_name}", f"unknown reference piece {ref_name}"))
    ref_cell = state.board.where[reference.id]
    if ref_cell == -1:
        raise IllegalMoveError(text, Msg(f"{ref_name} n'est pas sur le plateau", f"{ref_name} is not on the board"))
    if not prefix and not suffix:
        swap = swap_mark or state.bug_of[piece] == CENTIPEDE
        return (piece, ref_cell, 1 if swap else 0)
    if swap_mark:
        raise IllegalMoveError(text, Msg("un échange désigne une pièce, sans direction", "a swap names a piece, with no direction"))
    for index, direction in enumerate(HEX_DIRECTIONS):
        if direction.uhp_prefix == prefix and direction.uhp_suffix == suffix:
            return (piece, ref_cell + DIRS[index], 0)
    raise IllegalMoveError(text, Msg("direction inconnue", "unknown direction"))


# --- GameStrings ---------------------------------------------------------------------------------
def game_state_string(state: HiveState) -> str:
    """``NotStarted``, ``InProgress``, ``Draw``, ``WhiteWins`` or ``BlackWins``."""
    result = state.result()
    if result == WHITE_WINS:
        return "WhiteWins"
    if result == BLACK_WINS:
        return "BlackWins"
    if result == DRAW:
        return "Draw"
    return "NotStarted" if state.ply == 0 else "InProgress"


def turn_string(ply: int) -> str:
    """``White[1]``, ``Black[1]``, ``White[2]`` … for the position after ``ply`` moves."""
    return f"{COLOUR_NAMES[ply & 1]}[{ply // 2 + 1}]"


def move_strings(state: HiveState) -> list[str]:
    """The MoveStrings of every move played so far, each written in the position it was played in."""
    replay = HiveState(state.game_type)
    texts = []
    for move, *_ in state.history:
        texts.append(move_string(replay, move))
        replay.play(move)
    return texts


def game_string(state: HiveState) -> str:
    """The whole game as a UHP GameString."""
    parts = [str(state.game_type), game_state_string(state), turn_string(state.ply), *move_strings(state)]
    return ";".join(parts)


def parse_game_string(text: str, source: str = "GameString") -> tuple[GameType, list[str]]:
    """The game type and the MoveStrings of a GameTypeString or a whole GameString.

    The state and turn parts are checked for form here; the caller replays the moves and compares.
    """
    parts = [part.strip() for part in text.strip().split(";")]
    game_type = GameType.parse(parts[0], source)
    if len(parts) == 1:
        return game_type, []
    if len(parts) < 3:
        raise FormatError(source, text, Msg("« Type;État;Tour[;coups] » attendu", "'Type;State;Turn[;moves]' expected"))
    if parts[1] not in ("NotStarted", "InProgress", "Draw", "WhiteWins", "BlackWins"):
        raise FormatError(source, parts[1], Msg("état de partie inconnu", "unknown game state"))
    return game_type, parts[3:]
