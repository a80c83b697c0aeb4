"""Hive with the Mosquito, Ladybug, Pillbug and Centipede, behind the :class:`~meeple.core.game.Game` protocol.

Options: ``{"game_type": "Base+MLPC"}`` — any UHP GameTypeString, ``C`` adding the Centipede
(default ``Base+MLPC``); ``"native_rules": true`` lets the native core (:mod:`meeple.games.hive.native`,
proven equal to :mod:`state`) list the legal moves, for the speed of RL loops (the OpenSpiel and
PettingZoo environments set it; the server and the UHP engine keep the Python rules). Seat 0 is White,
seat 1 is Black; White moves first.

Moves as JSON: ``{"piece": "wS1", "to": [q, r]}`` (placement, movement or Pillbug throw, which end the
same way), ``{"piece": "wC", "to": [q, r], "swap": true}`` (a Centipede swap with the piece on
``to``), ``{"pass": true}``. ``move_text``/``parse_move`` use UHP MoveStrings (``wS1 -bQ``).
Axial ``(q, r)``: east is ``(1, 0)``, south-east ``(0, 1)`` (pointy-top hexes), the first piece at
``(0, 0)``.

``view(seat)`` (the same for every seat: Hive hides nothing) is::

    {
      "game": "hive", "game_type": "Base+MLPC", "ply": 7, "turn": 4,
      "to_move": 1,                      # seat to move, null once the game is over
      "colour_to_move": "b",
      "stacks": [{"q": 0, "r": 0, "pieces": ["wS1", "bB1"]}, ...],   # bottom first; top = last
      "reserves": {"w": {"Q": 0, "S": 1, ...}, "b": {...}},          # pieces left in hand per bug
      "placeable": {"S": "bS2", ...},     # for the side to move: reserve kind -> the piece it places
      "targets": {"bS2": [[1, -1, false], ...], "bC": [[0, 1, true], ...]},  # legal [q, r, swap]
      "last_move": {"uhp": "wA1 bS1/", "piece": "wA1", "from": [q, r] | null, "to": [q, r],
                    "swap": false, "partner": null} | null,
      "game_string": "Base+MLPC;InProgress;Black[4];...",
      "state": "InProgress",            # UHP GameStateString
      "outcome": null | Outcome.to_json()
    }

``legal_targets(game, name)`` lists the targets of one piece (or reserve kind such as ``"wS"``) for a
browser that asks piece by piece; :func:`meeple.games.hive.ai.best_move` is the AI entry point.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from meeple.core.errors import FormatError, IllegalMoveError, MeepleError
from meeple.core.game import JSON, Game, Outcome
from meeple.core.i18n import Msg
from meeple.games.hive.board import axial, cell_at
from meeple.games.hive.native import native_position
from meeple.games.hive.notation import game_state_string, move_string, parse_move_string, turn_string
from meeple.games.hive.pieces import COLOUR_LETTERS, GameType
from meeple.games.hive.state import DRAW, ONGOING, PASS, WHITE_WINS, HiveState, Move

DEFAULT_GAME_TYPE = "Base+MLPC"


class HiveGame(Game[Move]):
    """A game of Hive (see the module docstring for options, moves and the view)."""

    name = "hive"

    def __init__(self, game_type: GameType, seed: int, native_rules: bool = False) -> None:
        self.options: dict[str, JSON] = {"game_type": str(game_type)}
        self.seed = seed
        self.state = HiveState(game_type)
        self._legal_cache: list[tuple[list[Move], set[Move]] | None] = []
        self.native: Any = None
        """The native core's copy of the position, kept in step, when the game uses the native rules."""
        if native_rules:
            self.options["native_rules"] = True
            self.native = native_position(self.state)
        self._move_texts: list[tuple[Move, str]] = []
        """The MoveStrings of the moves played so far (each with its move), kept between views so that
        a view writes only the new ones instead of replaying the whole game (:meth:`game_string`)."""

    @classmethod
    def new(cls, options: Mapping[str, JSON] | None = None, seed: int | None = None) -> Self:
        """A new game; ``options["game_type"]`` is a GameTypeString such as ``Base+MLPC``."""
        options = dict(options or {})
        unknown = set(options) - {"game_type", "native_rules"}
        if unknown:
            raise FormatError("options", sorted(unknown)[0], Msg("option inconnue", "unknown option"))
        text = options.get("game_type", DEFAULT_GAME_TYPE)
        if not isinstance(text, str):
            raise FormatError("options", "game_type", Msg("un texte est attendu", "a string is expected"))
        native_rules = options.get("native_rules", False)
        if not isinstance(native_rules, bool):
            raise FormatError("options", "native_rules", Msg("un booléen est attendu", "a boolean is expected"))
        return cls(GameType.parse(text, "options.game_type"), cls.choose_seed(seed), native_rules)

    @property
    def game_type(self) -> GameType:
        """The pieces in play."""
        return self.state.game_type

    # --- the position ---------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    def to_move(self) -> int | None:
        result = self.state.result() if self.native is None else self.native.result()
        return None if result != ONGOING else self.state.ply & 1

    def _legal(self) -> tuple[list[Move], set[Move]]:
        ply = self.state.ply
        cache = self._legal_cache
        if len(cache) > ply and cache[ply] is not None:
            entry = cache[ply]
            assert entry is not None
            return entry
        moves = self.state.moves() if self.native is None else self.native.moves()
        entry = (moves, set(moves))
        while len(cache) <= ply:
            cache.append(None)
        cache[ply] = entry
        return entry

    def legal_moves(self) -> list[Move]:
        return list(self._legal()[0])

    def push(self, move: Move) -> None:
        if self.native is not None:  # the native core checks the move against its own list (N2)
            try:
                self.native.play(*move)
            except (ValueError, TypeError):
                raise IllegalMoveError(self._describe(move), self._why_illegal(move)) from None
            del self._legal_cache[self.state.ply + 1 :]
            self.state.play(move)
            return
        if move not in self._legal()[1]:
            raise IllegalMoveError(self._describe(move), self._why_illegal(move))
        self.push_unchecked(move)

    def push_unchecked(self, move: Move) -> None:
        """Play a move taken from :meth:`legal_moves` without checking it again (for searches)."""
        del self._legal_cache[self.state.ply + 1 :]
        self.state.play(move)
        if self.native is not None:
            self.native.play(*move)

    def pop(self) -> Move:
        if not self.state.history:
            raise MeepleError(Msg("aucun coup à annuler", "no move to undo"))
        if self.native is not None:
            self.native.undo()
        return self.state.undo()

    @property
    def move_stack(self) -> Sequence[Move]:
        return [entry[0] for entry in self.state.history]

    def copy(self) -> Self:
        clone = type(self).__new__(type(self))
        clone.options = dict(self.options)
        clone.seed = self.seed
        clone.state = self.state.copy()
        clone._legal_cache = []
        clone.native = None if self.native is None else self.native.copy()
        clone._move_texts = list(self._move_texts)
        return clone

    def game_string(self) -> str:
        """The whole game as a UHP GameString (:func:`~meeple.games.hive.notation.game_string`), writing
        only the MoveStrings of the moves played since the last call."""
        state = self.state
        texts = self._move_texts
        history = state.history
        known = 0  # the cached texts still describe the moves played (a move taken back and replaced: not)
        while known < len(texts) and known < len(history) and texts[known][0] == history[known][0]:
            known += 1
        del texts[known:]
        if known < len(history):
            pending = [entry[0] for entry in history[known:]]
            for _ in pending:  # back to the position before the first move not written yet…
                state.undo()
            for move in pending:  # …then forward again, writing each move in the position it was played in
                texts.append((move, move_string(state, move)))
                state.play(move)
        return ";".join([str(state.game_type), game_state_string(state), turn_string(state.ply),
                         *(text for _move, text in texts)])

    def outcome(self) -> Outcome | None:
        result = self.state.result() if self.native is None else self.native.result()
        if result == ONGOING:
            return None
        if result == DRAW:
            return Outcome(frozenset(), Msg("les deux reines sont encerclées", "both queens are surrounded"), draw=True)
        winner = 0 if result == WHITE_WINS else 1
        loser = "noire" if result == WHITE_WINS else "blanche"
        return Outcome(
            frozenset({winner}),
            Msg(f"la reine {loser} est encerclée", f"the {'black' if winner == 0 else 'white'} queen is surrounded"),
        )

    def position_hash(self) -> int:
        return self.state.hash()

    def position_json(self) -> dict[str, JSON]:
        state = self.state
        names = [piece.name for piece in self.game_type.pieces]
        stacks = []
        for cell, stack in sorted(state.board.stacks.items()):
            q, r = axial(cell)
            stacks.append({"q": q, "r": r, "pieces": [names[piece] for piece in stack]})
        return {
            "game_type": str(self.game_type),
            "ply": state.ply,
            "stacks": stacks,
            "last_moved": [names[piece] for piece in state.last_moved],
            "last_swap": state.last_swap,
        }

    # --- moves as data --------------------------------------------------------------------------
    def move_to_json(self, move: Move) -> JSON:
        piece, dest, swap = move
        if piece < 0:
            return {"pass": True}
        data: dict[str, JSON] = {"piece": self.game_type.pieces[piece].name, "to": list(axial(dest))}
        if swap:
            data["swap"] = True
        return data

    def move_from_json(self, data: JSON) -> Move:
        if isinstance(data, dict) and data.get("pass") is True and len(data) == 1:
            return PASS
        if not isinstance(data, dict) or set(data) - {"piece", "to", "swap"}:
            raise IllegalMoveError(data, Msg("{piece, to[, swap]} ou {pass: true} attendu", "{piece, to[, swap]} or {pass: true} expected"))
        piece = self.game_type.piece_named(str(data.get("piece")))
        if piece is None:
            raise IllegalMoveError(data, Msg("pièce inconnue", "unknown piece"))
        to = data.get("to")
        if not (isinstance(to, list) and len(to) == 2 and all(type(v) is int and abs(v) < 10_000 for v in to)):
            raise IllegalMoveError(data, Msg("« to » doit être [q, r]", "'to' must be [q, r]"))
        swap = data.get("swap", False)
        if not isinstance(swap, bool):
            raise IllegalMoveError(data, Msg("« swap » doit être un booléen", "'swap' must be a boolean"))
        return (piece.id, cell_at(to[0], to[1]), int(swap))

    def move_text(self, move: Move) -> str:
        """The UHP MoveString of ``move`` in the current position."""
        try:
            return move_string(self.state, move)
        except (IndexError, KeyError):
            return str(self.move_to_json(move))

    def parse_move(self, text: str) -> Move:
        """The move a UHP MoveString (``wS1 -bQ``, ``wC bA1``, ``pass``) names here."""
        return parse_move_string(self.state, text)

    def move_key(self, move: Move) -> str:
        return f"{move[0]}:{move[1]}:{move[2]}"

    def is_legal(self, move: Move) -> bool:
        return move in self._legal()[1]

    def _describe(self, move: object) -> str:
        if isinstance(move, tuple) and len(move) == 3 and all(isinstance(v, int) for v in move):
            try:
                return str(self.move_to_json(move))
            except (IndexError, KeyError):
                pass
        return repr(move)

    def _why_illegal(self, move: object) -> Msg:
        if self.outcome() is not None:
            return Msg("la partie est finie", "the game is over")
        if move == PASS:
            return Msg("on ne passe que faute d'autre coup", "a pass is allowed only when no other move exists")
        piece = move[0] if isinstance(move, tuple) and len(move) == 3 and isinstance(move[0], int) else -1
        if 0 <= piece < len(self.game_type.pieces):
            placing = self.state.board.where[piece] == -1
            reason = self._placement_rule(piece) if placing else self._movement_rule(piece)
            if reason is not None:
                return reason
        return Msg("les règles l'interdisent ici", "the rules forbid it here")

    def _placement_rule(self, piece: int) -> Msg | None:
        """The rule a placement of ``piece`` breaks before its cell is even looked at, if any."""
        state = self.state
        colour, turn = state.ply & 1, state.ply // 2 + 1
        queen_in_hand = state.board.where[state.queen[colour]] == -1
        if self.game_type.pieces[piece].colour != colour:
            return Msg("ce n'est pas le tour de cette couleur", "it is not this colour's turn")
        if piece == state.queen[colour] and turn == 1:
            return Msg("la reine ne se pose pas au premier tour", "the Queen may not be placed on the first turn")
        if piece != state.queen[colour] and turn == 4 and queen_in_hand:
            return Msg("la reine doit être posée au plus tard au 4e tour", "the Queen must be placed by the fourth turn")
        if piece not in state.in_hand(colour):
            first = next(p for p in state.in_hand(colour) if state.bug_of[p] == state.bug_of[piece])
            name = self.game_type.pieces[first].name
            return Msg(f"poser d'abord {name}", f"place {name} first")
        return Msg(
            "une pièce se pose contre les siennes, sans toucher l'adversaire",
            "a piece is placed touching its own colour and none of the opponent's",
        )

    def _movement_rule(self, piece: int) -> Msg | None:
        """The rule a movement of ``piece`` breaks whatever its destination, if any."""
        state = self.state
        colour = state.ply & 1
        if state.board.where[state.queen[colour]] == -1:
            return Msg("rien ne bouge avant que la reine soit posée", "nothing moves before its owner's Queen is placed")
        if state.board.stacks[state.board.where[piece]][-1] != piece:
            return Msg("cette pièce est recouverte", "this piece is covered")
        return None

    # --- what a browser sees --------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        state = self.state
        names = [piece.name for piece in self.game_type.pieces]
        data = self.position_json()
        outcome = self.outcome()
        colour = state.ply & 1
        data.update(
            game="hive",
            turn=state.ply // 2 + 1,
            to_move=self.to_move(),
            colour_to_move=COLOUR_LETTERS[colour],
            reserves=self._reserves(),
            placeable={self.game_type.pieces[p].bug: names[p] for p in state.in_hand(colour)},
            targets=self._targets(),
            last_move=self._last_move_json(),
            game_string=self.game_string(),
            state=game_state_string(state),
            outcome=None if outcome is None else outcome.to_json(),
        )
        return data

    def _reserves(self) -> dict[str, JSON]:
        reserves: dict[str, dict[str, int]] = {"w": {}, "b": {}}
        for piece in self.game_type.pieces:
            counts = reserves[COLOUR_LETTERS[piece.colour]]
            counts[piece.bug] = counts.get(piece.bug, 0) + (self.state.board.where[piece.id] == -1)
        return dict(reserves)

    def _targets(self) -> dict[str, JSON]:
        targets: dict[str, list[JSON]] = {}
        names = self.game_type.pieces
        for piece, dest, swap in self._legal()[0]:
            if piece >= 0:
                q, r = axial(dest)
                targets.setdefault(names[piece].name, []).append([q, r, bool(swap)])
        for entry in targets.values():
            entry.sort()
        return dict(targets)

    def _last_move_json(self) -> JSON:
        if not self.state.history:
            return None
        move, source, _, _ = self.state.history[-1]
        self.state.undo()
        try:
            text = move_string(self.state, move)
        finally:
            self.state.play(move)
        piece, dest, swap = move
        data: dict[str, Any] = {"uhp": text, "piece": None, "from": None, "to": None, "swap": bool(swap), "partner": None}
        if piece >= 0:
            data.update(piece=self.game_type.pieces[piece].name, to=list(axial(dest)))
            data["from"] = None if source == -1 else list(axial(source))
            if swap:
                data["partner"] = self.game_type.pieces[self.state.last_moved[1]].name
        return data


def legal_targets(game: HiveGame, name: str) -> list[dict[str, JSON]]:
    """Where the piece ``name`` (``"wA1"``), or the next piece of a reserve kind (``"wA"``), may go now.

    Each target is ``{"to": [q, r], "swap": bool, "move": <move JSON>}``; empty when it cannot move.
    """
    piece = game.game_type.piece_named(name)
    if piece is None and len(name) == 2:
        colour = COLOUR_LETTERS.index(name[0]) if name[0] in COLOUR_LETTERS else -1
        for candidate in game.state.in_hand(colour) if colour >= 0 else []:
            if game.game_type.pieces[candidate].bug == name[1]:
                piece = game.game_type.pieces[candidate]
    if piece is None:
        return []
    found = []
    for move in game.legal_moves():
        if move[0] == piece.id:
            found.append({"to": list(axial(move[1])), "swap": bool(move[2]), "move": game.move_to_json(move)})
    return sorted(found, key=lambda item: (item["to"], item["swap"]))
