"""A Hive move in words for the move history: « Fourmi blanche 1 posée à côté de la Reine noire »,
"White Ant 1 placed next to the black Queen", « Mille-pattes noir échange sa place avec Fourmi blanche 2 »."""

from __future__ import annotations

from meeple.core.i18n import Msg
from meeple.games.hive.game import HiveGame
from meeple.games.hive.notation import _reference_at
from meeple.games.hive.pieces import BUG_NAMES, Piece
from meeple.games.hive.state import Move

FEMININE = frozenset("QSGAL")
"""Bugs whose French name is feminine (Reine, Araignée, Sauterelle, Fourmi, Coccinelle): colours agree."""


def piece_words(piece: Piece) -> Msg:
    """« Fourmi blanche 1 » / "White Ant 1"."""
    bug = BUG_NAMES[piece.bug]
    feminine = piece.bug in FEMININE
    colour_fr = ("blanche", "noire")[piece.colour] if feminine else ("blanc", "noir")[piece.colour]
    number = f" {piece.number}" if piece.number else ""
    return Msg(f"{bug.fr} {colour_fr}{number}", f"{('White', 'Black')[piece.colour]} {bug.en}{number}")


def _with_article(piece: Piece, preposition: str) -> str:
    """« de la Reine noire », « du Scarabée blanc 1 », « de l'Araignée noire 2 » (``preposition`` de/sur)."""
    words = piece_words(piece).fr
    if words[0] in "AEIOUÉ":
        return f"{preposition} l'{words}"
    if piece.bug in FEMININE:
        return f"{preposition} la {words}"
    return "du " + words if preposition == "de" else f"{preposition} le {words}"


def _lower_first(text: str) -> str:
    return text[0].lower() + text[1:]


def describe_move(game: HiveGame, move: Move) -> Msg:
    """``move`` in words, ``game`` being the position before it."""
    piece_id, dest, swap = move
    if piece_id < 0:
        return Msg("Passe (aucun coup possible)", "Pass (no possible move)")
    pieces = game.game_type.pieces
    state = game.state
    piece = pieces[piece_id]
    who = piece_words(piece)
    placed = state.board.where[piece_id] == -1
    agree = "e" if piece.bug in FEMININE else ""
    if state.ply == 0:
        return Msg(f"{who.fr} posé{agree} en premier", f"{who.en} placed first")
    stacks = state.board.stacks
    if swap:
        partner = pieces[stacks[dest][0]]
        return Msg(f"{who.fr} échange sa place avec {piece_words(partner).fr}",
                   f"{who.en} swaps places with {_lower_first(piece_words(partner).en)}")
    if dest in stacks:
        below = pieces[stacks[dest][-1]]
        verb = ("posé" + agree) if placed else "monte"
        return Msg(f"{who.fr} {verb} {_with_article(below, 'sur')}", f"{who.en} climbs onto the {_lower_first(piece_words(below).en)}")
    reference = _neighbour(game, dest, piece_id)
    verb_fr = f"posé{agree}" if placed else "va"
    verb_en = "placed" if placed else "moves"
    if reference is None:
        return Msg(f"{who.fr} {verb_fr}", f"{who.en} {verb_en}")
    return Msg(f"{who.fr} {verb_fr} à côté {_with_article(reference, 'de')}",
               f"{who.en} {verb_en} next to the {_lower_first(piece_words(reference).en)}")


def _neighbour(game: HiveGame, dest: int, moving: int) -> Piece | None:
    """A piece next to ``dest`` other than the moving one (the one UHP notation would name)."""
    from meeple.games.hive.board import DIRS

    for offset in DIRS:
        found = _reference_at(game.state, dest - offset, moving)
        if found >= 0:
            return game.game_type.pieces[found]
    return None
