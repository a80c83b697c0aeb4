"""Sudoku Murder as a one-player :class:`~meeple.core.game.Game`: a move places or removes a person.

Options: ``{"size": 4..9, "difficulty": 1..4 | "facile"/"easy"...}`` (a case generated from the seed;
default 6, 1), ``{"daily": "YYYY-MM-DD"}`` (that date's daily case, :mod:`meeple.games.murder.daily`; the
seed is unused) or ``{"case": <a meeple-murder-case JSON value>}`` (that case; the seed is unused).

Moves: ``{"person": "Anna", "cell": [row, col]}`` places Anna (rows and columns from 0);
``{"person": "Anna", "cell": null}`` takes her off the board. As text: ``Anna@R2C3`` (counted from 1) and
``-Anna``. A placement is legal when the person is off the board and the cell is one a person may stand on,
in a row and a column nobody occupies; a removal when the person is on the board. Clues are *not* checked
by legality (the player may be wrong); the game ends, won, when the full board obeys every rule.

``view(seat)`` (the same for everyone; the answer is never in it)::

    {"game": "murder", "size": N, "title": {"fr", "en"} | null,
     "grid": [[room id per cell]...],
     "rooms": [{"id", "name": {"fr","en"}, "located": {"fr","en"}, "preposition", "floor",
                "floor_name": {"fr","en"}, "colour", "cells": [[r, c]...]}],
     "floors": {room id: floor key},
     "objects": [{"cell": [r, c], "kind", "name": {"fr","en"}, "blocking": bool}],
     "people": [{"id", "name", "gender", "victim", "cell": [r, c] | null,
                 "card": [{"fr","en"}...],          the victim's line first, then each clue's sentence
                 "allowed": [[r, c]...]}],          the cells their own clues allow, one may stand on (what
                                                    the cards say, for automatic notes: no answer in it)
     "to_move": 0 | null, "moves": int, "last_move": move JSON | null,
     "violations": [{"code", "person", "message": {"fr","en"}}],   rules the board breaks for sure
     "complete": bool, "solved": bool, "murderer": person id | null,
     "outcome": Outcome JSON | null,
     "daily": {"date", "size", "difficulty", "level", "title", "options"} | null}   a daily case's date
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Self

from meeple.core.errors import FormatError, IllegalMoveError, MeepleError
from meeple.core.game import JSON, Game, Outcome, stable_hash
from meeple.core.i18n import Msg
from meeple.games.murder.caseio import case_from_json, case_to_json
from meeple.games.murder.daily import daily_case, parse_day
from meeple.games.murder.generate import generate_case
from meeple.games.murder.logic import parse_difficulty
from meeple.games.murder.model import (
    FLOORS,
    MAX_SIZE,
    MIN_SIZE,
    Case,
    Cell,
    bits,
    murderer,
    violations,
)
from meeple.games.murder.text import card_sentences

DEFAULT_SIZE = 6
DEFAULT_DIFFICULTY = 1


@dataclass(frozen=True)
class MurderMove:
    """Place ``person`` on ``cell``, or take them off the board when ``cell`` is ``None``."""

    person: str
    cell: Cell | None


@lru_cache(maxsize=64)
def _generated(size: int, difficulty: int, seed: int) -> Case:
    return generate_case(size, difficulty, seed)


def case_for_options(options: Mapping[str, JSON], seed: int) -> Case:
    """The case that ``options`` and ``seed`` describe. Bad options raise :class:`FormatError`."""
    unknown = sorted(set(options) - {"size", "difficulty", "case", "daily"})
    if unknown:
        raise FormatError("options", unknown[0], Msg("option inconnue", "unknown option"))
    if "case" in options:
        return case_from_json(options["case"], "options.case")
    if "daily" in options:  # the date's case, the same for everyone: the room's seed is not used
        try:
            day = daily_case(parse_day(options["daily"]))
        except MeepleError as error:
            raise FormatError("options", "daily", error.message) from error
        return _generated(day.size, day.difficulty, day.seed).rebuilt(title=day.title)
    size = options.get("size", DEFAULT_SIZE)
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise FormatError("options", "size", Msg(f"un entier de {MIN_SIZE} à {MAX_SIZE}", f"an integer from {MIN_SIZE} to {MAX_SIZE}"))
    try:
        difficulty = parse_difficulty(options.get("difficulty", DEFAULT_DIFFICULTY))
    except MeepleError as error:
        raise FormatError("options", "difficulty", error.message) from error
    return _generated(size, difficulty, seed)


class MurderGame(Game[MurderMove]):
    """One case being solved by one player (seat 0)."""

    name = "murder"

    def __init__(self, case: Case, options: dict[str, JSON], seed: int) -> None:
        self.case = case
        self.options = options
        self.seed = seed
        self.board: dict[str, Cell] = {}
        self._stack: list[tuple[MurderMove, Cell | None]] = []
        self._case_json = case_to_json(case, with_solution=False)
        self._order = {p.id: i for i, p in enumerate(case.people)}
        self._case_hash = stable_hash(self._case_json)

    @classmethod
    def new(cls, options: Mapping[str, JSON] | None = None, seed: int | None = None) -> Self:
        """A fresh board for the case the options describe."""
        chosen = cls.choose_seed(seed)
        opts = dict(options or {})
        return cls(case_for_options(opts, chosen), opts, chosen)

    @classmethod
    def from_case(cls, case: Case) -> Self:
        """A fresh board for ``case``."""
        return cls(case, {"case": case_to_json(case, with_solution=False)}, 0)

    # --- position -------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 1

    def is_solved(self) -> bool:
        """Every person placed and no rule broken."""
        return len(self.board) == len(self.case.people) and not violations(self.case, self.board)

    def to_move(self) -> int | None:
        return None if self.is_solved() else 0

    def legal_moves(self) -> list[MurderMove]:
        if self.is_solved():
            return []
        size = self.case.size
        rows = {cell[0] for cell in self.board.values()}
        cols = {cell[1] for cell in self.board.values()}
        free = [
            (r, c) for r in range(size) if r not in rows for c in range(size)
            if c not in cols and self.case.standable_mask >> (r * size + c) & 1
        ]
        moves = [MurderMove(p.id, None) for p in self.case.people if p.id in self.board]
        for person in self.case.people:
            if person.id not in self.board:
                moves += [MurderMove(person.id, cell) for cell in free]
        return moves

    def _why_illegal(self, move: MurderMove) -> Msg | None:
        if move.person not in self.case.person_by_id:
            return Msg("personne inconnue", "unknown person")
        if self.is_solved():  # the game is over: no move at all, as legal_moves() says
            return Msg("l'enquête est résolue", "the case is solved")
        if move.cell is None:
            return None if move.person in self.board else Msg("cette personne n'est pas sur le plateau", "that person is not on the board")
        if move.person in self.board:
            return Msg("cette personne est déjà placée", "that person is already placed")
        if not self.case.in_bounds(move.cell):
            return Msg("case hors du plateau", "cell off the board")
        if not self.case.standable_mask >> self.case.index(move.cell) & 1:
            kind = self.case.kind(self.case.objects[move.cell])
            return Msg(f"on ne se tient pas sur {kind.indefinite_fr}", f"nobody stands on {kind.indefinite_en}")
        for other, cell in self.board.items():
            if cell[0] == move.cell[0]:
                return Msg(f"{other} occupe déjà cette rangée", f"{other} already holds that row")
            if cell[1] == move.cell[1]:
                return Msg(f"{other} occupe déjà cette colonne", f"{other} already holds that column")
        return None

    def push(self, move: MurderMove) -> None:
        reason = self._why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(self.move_text(move), reason)
        previous = self.board.get(move.person)
        if move.cell is None:
            del self.board[move.person]
        else:
            self.board[move.person] = move.cell
        self._stack.append((move, previous))

    def pop(self) -> MurderMove:
        if not self._stack:
            raise MeepleError(Msg("aucun coup à annuler", "no move to undo"))
        move, previous = self._stack.pop()
        if previous is None:
            del self.board[move.person]
        else:
            self.board[move.person] = previous
        return move

    @property
    def move_stack(self) -> Sequence[MurderMove]:
        return [move for move, _ in self._stack]

    def copy(self) -> Self:
        clone = type(self)(self.case, dict(self.options), self.seed)
        clone.board = dict(self.board)
        clone._stack = list(self._stack)
        return clone

    def outcome(self) -> Outcome | None:
        if not self.is_solved():
            return None
        killer = murderer(self.case, self.board)
        name = killer.name if killer else "?"
        return Outcome(frozenset({0}), Msg(f"Enquête résolue : {name} est l'assassin.", f"Case solved: {name} is the murderer."),
                       details={"murderer": killer.id if killer else None})

    def position_json(self) -> dict[str, JSON]:
        return {
            "case": self._case_json,
            "board": {pid: list(self.board[pid]) for pid in sorted(self.board, key=self._order.__getitem__)},
        }

    def position_hash(self) -> int:
        return stable_hash({"case": self._case_hash, "board": self.position_json()["board"]})

    # --- moves as data --------------------------------------------------------------------------
    def move_to_json(self, move: MurderMove) -> JSON:
        return {"person": move.person, "cell": None if move.cell is None else list(move.cell)}

    def move_from_json(self, data: JSON) -> MurderMove:
        if not isinstance(data, dict) or not isinstance(data.get("person"), str) or "cell" not in data:
            raise IllegalMoveError(data, Msg("{\"person\": ..., \"cell\": [r, c] | null} attendu",
                                             "{\"person\": ..., \"cell\": [r, c] | null} expected"))
        cell = data["cell"]
        if cell is None:
            return MurderMove(data["person"], None)
        if not (isinstance(cell, list) and len(cell) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            raise IllegalMoveError(data, Msg("case [rangée, colonne] attendue", "cell [row, col] expected"))
        return MurderMove(data["person"], (cell[0], cell[1]))

    def move_text(self, move: MurderMove) -> str:
        if move.cell is None:
            return f"-{move.person}"
        return f"{move.person}@R{move.cell[0] + 1}C{move.cell[1] + 1}"

    def parse_move(self, text: str) -> MurderMove:
        """``Hélène@R2C3`` or ``-Hélène``; the name may be typed without accents or capitals (``helene``)."""
        move = parse_move_text(text)
        return MurderMove(self.case.find_person(move.person) or move.person, move.cell)

    # --- view -----------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        return board_view(self.case, self.board, self)


_MOVE_TEXT = re.compile(r"^\s*(?:-(?P<off>[^@\s]+)|(?P<person>[^@\s]+)\s*[@ ]\s*[RrLl](?P<row>\d+)\s*[Cc](?P<col>\d+))\s*$")


def parse_move_text(text: str) -> MurderMove:
    """``Anna@R2C3`` (row 2, column 3, from 1) or ``-Anna`` (take Anna off the board)."""
    match = _MOVE_TEXT.match(text)
    if match is None:
        raise IllegalMoveError(text, Msg("« Nom@R2C3 » ou « -Nom » attendu", "'Name@R2C3' or '-Name' expected"))
    if match["off"]:
        return MurderMove(match["off"], None)
    return MurderMove(match["person"], (int(match["row"]) - 1, int(match["col"]) - 1))


def board_view(case: Case, board: Mapping[str, Cell], game: MurderGame | None = None) -> dict[str, Any]:
    """Everything a browser needs to draw ``case`` with ``board`` (see the module docstring)."""
    broken = violations(case, board)
    complete = len(board) == len(case.people)
    solved = complete and not broken
    killer = murderer(case, board) if solved else None
    last = game.move_stack[-1] if game and game.move_stack else None
    outcome = game.outcome() if game else None
    return {
        "game": "murder",
        "size": case.size,
        "title": case.title.to_json() if case.title else None,
        "grid": [list(row) for row in case.grid],
        "rooms": [
            {
                "id": room.id, "name": room.name.to_json(), "located": room.located.to_json(),
                "preposition": room.preposition, "floor": room.floor,
                "floor_name": FLOORS[room.floor].name.to_json(), "colour": FLOORS[room.floor].colour,
                "cells": [list(cell) for cell in case.cells() if case.room_of(cell) == room.id],
            }
            for room in case.rooms
        ],
        "floors": {room.id: room.floor for room in case.rooms},
        "objects": [
            {"cell": list(cell), "kind": kind, "blocking": not case.kind(kind).standable,
             "name": {"fr": case.kind(kind).name_fr, "en": case.kind(kind).english}}
            for cell, kind in sorted(case.objects.items())
        ],
        "people": [
            {"id": p.id, "name": p.name, "gender": p.gender, "victim": p.victim,
             "cell": list(board[p.id]) if p.id in board else None,
             "card": [sentence.to_json() for sentence in card_sentences(case, p)],
             "allowed": [list(case.cell(i)) for i in bits(case.person_mask(p.id))]}
            for p in case.people
        ],
        "to_move": None if solved else 0,
        "moves": len(game.move_stack) if game else 0,
        "last_move": game.move_to_json(last) if game and last else None,
        "violations": [v.to_json() for v in broken],
        "complete": complete,
        "solved": solved,
        "murderer": killer.id if killer else None,
        "outcome": outcome.to_json() if outcome else None,
        "daily": daily_case(parse_day(game.options["daily"])).to_json() if game and "daily" in game.options else None,
    }
