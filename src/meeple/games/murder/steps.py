"""The logical solver's state and steps: each person's cells, what has been stated so far, and one deduction
with its sentence, its rung of the ladder and its weight. The rules live in :mod:`~meeple.games.murder.line_rules`
(levels 1-2) and :mod:`~meeple.games.murder.room_rules` (levels 3-4); :mod:`~meeple.games.murder.logic` runs them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from meeple.core.i18n import Msg
from meeple.games.murder.ladder import RUNGS, level_of
from meeple.games.murder.model import Case, Clue, bits
from meeple.games.murder.text import cell_name


@dataclass(frozen=True)
class Step:
    """One deduction: which rule of :data:`DEDUCTIONS` made it, its rung of the ladder
    (:data:`meeple.games.murder.ladder.RUNGS`) with its weight and level, the sentence, and the new cell sets."""

    rule: str
    level: int
    text: Msg
    updates: Mapping[int, int]
    technique: str = ""
    weight: float = 0.0

    def to_json(self, case: Case) -> dict[str, object]:
        """For the browser: rule, rung, weight, level, sentence, and each touched person's remaining cells."""
        ids = [p.id for p in case.people]
        return {
            "rule": self.rule,
            "technique": self.technique,
            "weight": self.weight,
            "level": self.level,
            "text": self.text.to_json(),
            "cells": {ids[p]: [list(case.cell(i)) for i in bits(mask)] for p, mask in self.updates.items()},
        }


@dataclass
class SolverState:
    """What the logical solver knows: every person's possible cells (bit masks) and what it has stated."""

    case: Case
    domains: list[int]
    given: Collection[int] = ()
    ids: list[str] = field(init=False)
    names: list[str] = field(init=False)
    clue_masks: list[tuple[int, int, Clue]] = field(init=False)
    own: list[list[int]] = field(init=False)
    """Each person's clues alone, as cells one may stand on (what placements are rated against)."""
    placed: set[int] = field(default_factory=set)
    """The people whose placement was stated (a placement step), in order."""
    claimed: list[int] = field(default_factory=list)
    """The rows and columns someone was found confined to (the lines a placement may lean on besides the placed
    people's)."""
    decor_done: bool = False

    def __post_init__(self) -> None:
        self.ids = [p.id for p in self.case.people]
        self.names = [p.name for p in self.case.people]
        self.clue_masks = [(self.ids.index(c.person), self.case.clue_mask(c), c) for c in self.case.clues]
        standable = self.case.standable_mask
        self.own = [[] for _ in self.ids]
        for person, mask, _clue in self.clue_masks:
            self.own[person].append(mask & standable)

    def fixed(self, person: int) -> int | None:
        domain = self.domains[person]
        return domain.bit_length() - 1 if domain and domain & (domain - 1) == 0 else None

    def cell(self, index: int) -> str:
        return cell_name(self.case.cell(index))

    def room_name(self, room: str) -> Msg:
        return self.case.room_by_id[room].name

    def step(self, rule: str, technique: str, text: Msg, updates: dict[int, int], size: int = 1) -> Step:
        """A step of ``rule`` rated as ``technique`` of the ladder (at ``size``: lines, group members)."""
        weight = RUNGS[technique].weight_for(size)
        return Step(rule, level_of(weight), text, updates, technique, weight)


def de_name(name: str) -> str:
    """« d'Alex », « de Bernd »."""
    return f"d'{name}" if name[:1].lower() in "aeiouyéèêh" else f"de {name}"


def join_names(state: SolverState, people: list[int]) -> Msg:
    """« Anna, Bruno et Chloé » / "Anna, Bruno and Chloé"."""
    names = [state.names[p] for p in people]
    if len(names) == 1:
        return Msg(names[0], names[0])
    head = ", ".join(names[:-1])
    return Msg(f"{head} et {names[-1]}", f"{head} and {names[-1]}")


def alone_word(state: SolverState, person: int) -> str:
    return "seule" if state.case.people[person].gender == "f" else "seul"


def only_name(state: SolverState, person: int) -> str:
    """« Seule Anna », « Seul Bernd »."""
    return f"{alone_word(state, person).capitalize()} {state.names[person]}"


def count_removed(removed: int) -> Msg:
    n = removed.bit_count()
    return Msg(f"{n} case{'s' if n > 1 else ''} en moins", f"{n} cell{'s' if n > 1 else ''} fewer")

def room_within(state: SolverState, person: int) -> str | None:
    """The room holding every remaining cell of ``person``, if there is one."""
    domain = state.domains[person]
    if not domain:
        return None
    room = state.case.room_index_of[(domain & -domain).bit_length() - 1]
    return room if domain & ~state.case.room_masks[room] == 0 else None


def alone_people(state: SolverState) -> list[int]:
    return [state.ids.index(c.person) for c in state.case.clues if c.kind == "alone"]

def lines_named(axis: str, indices: list[int]) -> Msg:
    """« la colonne 5 » / "column 5", « les colonnes 2 et 5 » / "columns 2 and 5" (counted from 1)."""
    numbers = number_list(indices)
    fr, en = ("rangée", "row") if axis == "row" else ("colonne", "column")
    if len(indices) == 1:
        return Msg(f"la {fr} {numbers.fr}", f"{en} {numbers.en}")
    return Msg(f"les {fr}s {numbers.fr}", f"{en}s {numbers.en}")


def number_list(indices: list[int]) -> Msg:
    """« 2, 3 et 5 » / "2, 3 and 5" (counted from 1)."""
    digits = [str(i + 1) for i in indices]
    if len(digits) == 1:
        return Msg(digits[0], digits[0])
    return Msg(f"{', '.join(digits[:-1])} et {digits[-1]}", f"{', '.join(digits[:-1])} and {digits[-1]}")
