"""The logical solver: solves a case step by step without guessing, and rates its difficulty.

Each person has a set of possible cells. A *deduction* is a named pattern that removes cells for sure;
deductions form a ladder from the simplest to the hardest (:data:`DEDUCTIONS`). The solver always applies
the lowest applicable deduction, then starts again from the bottom, so the difficulty of a case is the
level of the hardest deduction it needed (the method of Simon Tatham's puzzle collection). There is no
trial and error anywhere: when no deduction applies before the board is filled, the case *needs a guess*.

Every step carries a sentence in French and English. Because every deduction is sound, a case the solver
finishes has exactly one solution (the exact solver proves it independently).

Levels: 1 facile/easy (a decor cell; a clue; a person with one place left; a person confined to one row
or column; a row or column only one person can reach), 2 moyen/medium (room rules: « seul », the victim's
room, « avec un autre homme », room capacity: two people need two rows and two columns of the room), 3
difficile/hard (a cell whose row and column cover all of someone's places; closed groups of 2-4 people
confined to as many rows or columns; the room census: when the rooms the people need are all the rooms
they can reach, each of those rooms holds somebody; the crowded room: k rows that reach a room with
places outside it in only j columns put k - j people in it, too many for the victim's room or for
someone « alone »). ``docs/rules/murder.md`` rule 15 lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import combinations

from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg
from meeple.games.murder.model import Case, Cell, Clue, bits, fold, is_solution, lines_filling
from meeple.games.murder.text import cell_name, clue_sentence

LEVEL_NAMES: dict[int, Msg] = {1: Msg("facile", "easy"), 2: Msg("moyen", "medium"), 3: Msg("difficile", "hard")}
MAX_LEVEL = 3


def parse_difficulty(text: str | int) -> int:
    """A difficulty from ``1``-``3`` or its name in either language (facile/easy, moyen/medium, ...)."""
    value = str(text).strip().lower()
    for level, name in LEVEL_NAMES.items():
        if value in (str(level), name.fr, name.en):
            return level
    raise MeepleError(Msg(f"difficulté inconnue « {text} » : 1/facile, 2/moyen, 3/difficile",
                          f"unknown difficulty {text!r}: 1/easy, 2/medium, 3/hard"))


@dataclass(frozen=True)
class Step:
    """One deduction: which rule, its level, the sentence, and the new cell sets it leaves."""

    rule: str
    level: int
    text: Msg
    updates: Mapping[int, int]

    def to_json(self, case: Case) -> dict[str, object]:
        """For the browser: rule, level, sentence, and each touched person's remaining cells."""
        ids = [p.id for p in case.people]
        return {
            "rule": self.rule,
            "level": self.level,
            "text": self.text.to_json(),
            "cells": {ids[p]: [list(case.cell(i)) for i in bits(mask)] for p, mask in self.updates.items()},
        }


@dataclass
class LogicResult:
    """What the logical solver reached."""

    steps: list[Step]
    domains: list[int]
    solved: bool
    contradiction: bool
    solution: dict[str, Cell] | None = None
    difficulty: int | None = None
    """The hardest level used, when solved."""

    @property
    def needs_guess(self) -> bool:
        """Stuck before the end, without a contradiction: only a guess would go on."""
        return not self.solved and not self.contradiction


@dataclass
class _State:
    case: Case
    domains: list[int]
    ids: list[str] = field(init=False)
    names: list[str] = field(init=False)
    clue_masks: list[tuple[int, int, Clue]] = field(init=False)
    decor_done: bool = False

    def __post_init__(self) -> None:
        self.ids = [p.id for p in self.case.people]
        self.names = [p.name for p in self.case.people]
        self.clue_masks = [(self.ids.index(c.person), self.case.clue_mask(c), c) for c in self.case.clues]

    def fixed(self, person: int) -> int | None:
        domain = self.domains[person]
        return domain.bit_length() - 1 if domain and domain & (domain - 1) == 0 else None

    def cell(self, index: int) -> str:
        return cell_name(self.case.cell(index))

    def room_name(self, room: str) -> Msg:
        return self.case.room_by_id[room].name

    def step(self, rule: str, level: int, text: Msg, updates: dict[int, int]) -> Step:
        return Step(rule, level, text, updates)


Rule = Callable[[_State], Step | None]


def _de_name(name: str) -> str:
    """« d'Alex », « de Bernd »."""
    return f"d'{name}" if name[:1].lower() in "aeiouyéèêh" else f"de {name}"


def _join(state: _State, people: list[int]) -> Msg:
    """« Anna, Bruno et Chloé » / "Anna, Bruno and Chloé"."""
    names = [state.names[p] for p in people]
    if len(names) == 1:
        return Msg(names[0], names[0])
    head = ", ".join(names[:-1])
    return Msg(f"{head} et {names[-1]}", f"{head} and {names[-1]}")


def _alone_word(state: _State, person: int) -> str:
    return "seule" if state.case.people[person].gender == "f" else "seul"


def _only(state: _State, person: int) -> str:
    """« Seule Anna », « Seul Bernd »."""
    return f"{_alone_word(state, person).capitalize()} {state.names[person]}"


def _count(removed: int) -> Msg:
    n = removed.bit_count()
    return Msg(f"{n} case{'s' if n > 1 else ''} en moins", f"{n} cell{'s' if n > 1 else ''} fewer")


# --- level 1 ------------------------------------------------------------------------------------
def _decor(state: _State) -> Step | None:
    if state.decor_done:  # domains only shrink: once applied, this never applies again
        return None
    standable = state.case.standable_mask
    updates = {p: d & standable for p, d in enumerate(state.domains) if d & ~standable}
    if not updates:
        state.decor_done = True
        return None
    case = state.case
    kinds = sorted({case.kind(k).name_fr for k in case.objects.values() if not case.kind(k).standable}, key=fold)
    english = sorted({case.kind(k).english for k in case.objects.values() if not case.kind(k).standable}, key=fold)
    return state.step("decor", 1, Msg(
        f"Le décor bloque sa case ({', '.join(kinds)}) : personne ne s'y tient.",
        f"Decor blocks its cell ({', '.join(english)}): nobody stands there.",
    ), updates)


def _clue(state: _State) -> Step | None:
    while state.clue_masks:
        person, mask, clue = state.clue_masks[0]
        removed = state.domains[person] & ~mask
        if not removed:  # applied for good: domains only shrink
            state.clue_masks.pop(0)
            continue
        sentence = clue_sentence(state.case, clue)
        name = state.names[person]
        left = _count(removed)
        return state.step("clue", 1, Msg(
            f"{name} : « {sentence.fr} » — {left.fr}.", f"{name}: \"{sentence.en}\" — {left.en}.",
        ), {person: state.domains[person] & mask})
    return None


def _taken(state: _State) -> Step | None:
    size = state.case.size
    for person in range(len(state.ids)):
        cell = state.fixed(person)
        if cell is None:
            continue
        cut = state.case.row_masks[cell // size] | state.case.column_masks[cell % size]
        updates = {q: d & ~cut for q, d in enumerate(state.domains) if q != person and d & cut}
        if updates:
            name, where = state.names[person], state.cell(cell)
            return state.step("taken", 1, Msg(
                f"{name} ne peut être qu'en {where} : personne d'autre dans sa rangée ni sa colonne.",
                f"{name} can only be at {where}: nobody else in that row or column.",
            ), updates)
    return None


def _line_claimed(state: _State) -> Step | None:
    case = state.case
    for person, domain in enumerate(state.domains):
        if state.fixed(person) is not None:
            continue
        for kind, lines in (("row", case.row_masks), ("column", case.column_masks)):
            for index, line in enumerate(lines):
                if domain & ~line:
                    continue
                updates = {q: d & ~line for q, d in enumerate(state.domains) if q != person and d & line}
                if updates:
                    fr, en = ("rangée", "row") if kind == "row" else ("colonne", "column")
                    name = state.names[person]
                    return state.step("line_claimed", 1, Msg(
                        f"{name} ne peut être que dans la {fr} {index + 1} : personne d'autre n'y est.",
                        f"{name} can only be in {en} {index + 1}: nobody else is there.",
                    ), updates)
    return None


def _line_single(state: _State) -> Step | None:
    case = state.case
    for kind, lines in (("row", case.row_masks), ("column", case.column_masks)):
        for index, line in enumerate(lines):
            reach = [p for p, d in enumerate(state.domains) if d & line]
            if len(reach) == 1 and state.domains[reach[0]] & ~line:
                person = reach[0]
                name = state.names[person]
                fr, en = ("rangée", "row") if kind == "row" else ("colonne", "column")
                return state.step(f"{kind}_single", 1, Msg(
                    f"{_only(state, person)} peut occuper la {fr} {index + 1} : {name} y est.",
                    f"Only {name} can fill {en} {index + 1}: {name} is there.",
                ), {person: state.domains[person] & line})
    return None


# --- level 2: rooms -----------------------------------------------------------------------------
def _room_within(state: _State, person: int) -> str | None:
    """The room holding every remaining cell of ``person``, if there is one."""
    domain = state.domains[person]
    if not domain:
        return None
    room = state.case.room_index_of[(domain & -domain).bit_length() - 1]
    return room if domain & ~state.case.room_masks[room] == 0 else None


def _alone_people(state: _State) -> list[int]:
    return [state.ids.index(c.person) for c in state.case.clues if c.kind == "alone"]


def _alone(state: _State) -> Step | None:
    case = state.case
    for person in _alone_people(state):
        room = _room_within(state, person)
        if room is None:
            continue
        mask = case.room_masks[room]
        updates = {q: d & ~mask for q, d in enumerate(state.domains) if q != person and d & mask}
        if updates:
            name, where = state.names[person], case.room_by_id[room].located
            return state.step("alone", 2, Msg(
                f"{name} était {_alone_word(state, person)} {where.fr} : personne d'autre n'y est.",
                f"{name} was alone {where.en}: nobody else is there.",
            ), updates)
    for holder in range(len(state.ids)):
        room = _room_within(state, holder)
        if room is None:
            continue
        mask = case.room_masks[room]
        for person in _alone_people(state):
            if person != holder and state.domains[person] & mask:
                who, where = state.names[holder], case.room_by_id[room].located
                return state.step("alone", 2, Msg(
                    f"{who} est {where.fr} : {state.names[person]}, {_alone_word(state, person)} dans sa pièce, n'y est pas.",
                    f"{who} is {where.en}: {state.names[person]}, alone in the room, is not there.",
                ), {person: state.domains[person] & ~mask})
    return None


def _victim_room(state: _State) -> Step | None:
    case = state.case
    victim = next(i for i, p in enumerate(case.people) if p.victim)
    others = [q for q in range(len(state.ids)) if q != victim]
    vname = state.names[victim]
    room = _room_within(state, victim)
    if room is not None:
        mask = case.room_masks[room]
        where = case.room_by_id[room].located
        inside = [q for q in others if _room_within(state, q) == room]
        if inside:
            updates = {q: state.domains[q] & ~mask for q in others if q != inside[0] and state.domains[q] & mask}
            if updates:
                killer = state.names[inside[0]]
                return state.step("victim_room", 2, Msg(
                    f"La victime ({vname}) et {killer} sont {where.fr} : personne d'autre n'y entre.",
                    f"The victim ({vname}) and {killer} are {where.en}: nobody else goes there.",
                ), updates)
        reach = [q for q in others if state.domains[q] & mask]
        if len(reach) == 1 and state.domains[reach[0]] & ~mask:
            killer = state.names[reach[0]]
            return state.step("victim_room", 2, Msg(
                f"La victime ({vname}) est {where.fr} avec une autre personne : {_alone_word(state, reach[0])} {state.names[reach[0]]} peut y être.",
                f"The victim ({vname}) is {where.en} with one other person: only {killer} can be there.",
            ), {reach[0]: state.domains[reach[0]] & mask})
    removed = 0
    for index in bits(state.domains[victim]):
        mask = case.room_masks[case.room_index_of[index]]
        fixed_inside = sum(1 for q in others if _room_within(state, q) == case.room_index_of[index])
        if fixed_inside >= 2 or not _company_possible(state, index, others):
            removed |= 1 << index
    if removed:
        return state.step("victim_room", 2, Msg(
            f"La victime ({vname}) était seule avec exactement une personne : sur certaines cases, personne ne pourrait"
            f" la rejoindre, ou la pièce a déjà deux personnes ({_count(removed).fr}).",
            f"The victim ({vname}) was alone with exactly one person: on some cells nobody could join, or the room"
            f" already holds two people ({_count(removed).en}).",
        ), {victim: state.domains[victim] & ~removed})
    return None


def _with_other(state: _State) -> Step | None:
    case = state.case
    for clue in case.clues:
        if clue.kind != "with_one_other":
            continue
        owner = state.ids.index(clue.person)
        mask = case.room_masks[clue.room or ""]
        where = case.room_by_id[clue.room or ""].located
        group = [q for q, p in enumerate(case.people) if q != owner and p.gender == clue.gender]
        kind = Msg("homme", "man") if clue.gender == "m" else Msg("femme", "woman")
        inside = [q for q in group if _room_within(state, q) == clue.room]
        if inside:
            updates = {q: state.domains[q] & ~mask for q in group if q != inside[0] and state.domains[q] & mask}
            if updates:
                return state.step("with_other", 2, Msg(
                    f"{state.names[owner]} était {where.fr} avec exactement {'un' if clue.gender == 'm' else 'une'} {kind.fr}, {state.names[inside[0]]} : {'aucun autre' if clue.gender == 'm' else 'aucune autre'} n'y est.",
                    f"{state.names[owner]} was {where.en} with exactly one {kind.en}, {state.names[inside[0]]}: no other is there.",
                ), updates)
        reach = [q for q in group if state.domains[q] & mask]
        if len(reach) == 1 and state.domains[reach[0]] & ~mask:
            return state.step("with_other", 2, Msg(
                f"{state.names[owner]} était {where.fr} avec {'un' if clue.gender == 'm' else 'une'} {kind.fr} : {_alone_word(state, reach[0])} {state.names[reach[0]]} peut y être.",
                f"{state.names[owner]} was {where.en} with a {kind.en}: only {state.names[reach[0]]} can be there.",
            ), {reach[0]: state.domains[reach[0]] & mask})
        lonely = sum(1 << i for i in bits(state.domains[owner] & mask) if not _company_possible(state, i, group))
        if lonely:
            return state.step("with_other", 2, Msg(
                f"{state.names[owner]} était {where.fr} avec {'un autre homme' if clue.gender == 'm' else 'une autre femme'} :"
                f" sur certaines cases, personne ne pourrait le ou la rejoindre ({_count(lonely).fr}).",
                f"{state.names[owner]} was {where.en} with another {kind.en}: on some cells nobody could join"
                f" ({_count(lonely).en}).",
            ), {owner: state.domains[owner] & ~lonely})
    return None


def _company_possible(state: _State, index: int, candidates: list[int]) -> bool:
    """Whether one of ``candidates`` can stand in the room of cell ``index``, outside its row and column."""
    case = state.case
    size = case.size
    elsewhere = case.room_masks[case.room_index_of[index]] & ~(
        case.row_masks[index // size] | case.column_masks[index % size])
    return any(state.domains[q] & elsewhere for q in candidates)


# --- level 3 ------------------------------------------------------------------------------------
def _cross(state: _State) -> Step | None:
    case = state.case
    size = case.size
    alone = set(_alone_people(state))
    for index in range(size * size):
        holders = [p for p, d in enumerate(state.domains) if d >> index & 1 and state.fixed(p) is None]
        if not holders:
            continue
        cross = case.row_masks[index // size] | case.column_masks[index % size]
        where = state.cell(index)
        for other, other_domain in enumerate(state.domains):
            if other_domain & ~cross:
                continue
            out = [p for p in holders if p != other]
            if out:
                who = _join(state, out)
                return state.step("cross", 3, Msg(
                    f"Toutes les places {_de_name(state.names[other])} sont dans la rangée ou la colonne de {where} :"
                    f" quiconque s'y tiendrait bloquerait {state.names[other]}, donc {who.fr} n'y"
                    f" {'sont' if len(out) > 1 else 'est'} pas.",
                    f"Every place left for {state.names[other]} is in the row or column of {where}: whoever stood"
                    f" there would block {state.names[other]}, so {who.en} cannot be there.",
                ), {p: state.domains[p] & ~(1 << index) for p in out})
        for person in (p for p in holders if p in alone):
            blocked = cross | case.room_masks[case.room_index_of[index]]
            for other, other_domain in enumerate(state.domains):
                if other != person and other_domain & ~blocked == 0:
                    name = state.names[person]
                    return state.step("cross", 3, Msg(
                        f"Toutes les places {_de_name(state.names[other])} sont dans la rangée ou la colonne de {where}"
                        f" ou dans sa pièce : {name}, {_alone_word(state, person)} dans sa pièce, n'est donc pas en {where}.",
                        f"Every place left for {state.names[other]} is in the row or column of {where} or in its room:"
                        f" so {name}, alone in the room, is not at {where}.",
                    ), {person: state.domains[person] & ~(1 << index)})
    return None


def _lines_of(domain: int, lines: tuple[int, ...]) -> int:
    return sum(1 << i for i, line in enumerate(lines) if domain & line)


def _closed_group(state: _State) -> Step | None:
    case = state.case
    free = [p for p in range(len(state.ids)) if state.fixed(p) is None]
    for kind, lines in (("row", case.row_masks), ("column", case.column_masks)):
        en = "rows" if kind == "row" else "columns"
        for k in range(2, min(4, len(free) - 1) + 1):
            for group in combinations(free, k):
                covered = 0
                for p in group:
                    covered |= _lines_of(state.domains[p], lines)
                if covered.bit_count() != k:
                    continue
                mask = sum(lines[i] for i in bits(covered))
                updates = {q: d & ~mask for q, d in enumerate(state.domains) if q not in group and d & mask}
                if updates:
                    who = _join(state, list(group))
                    where = _lines_named(kind, list(bits(covered)))
                    return state.step("closed_group", 3, Msg(
                        f"{who.fr} n'ont de place que dans {where.fr} : elles leur reviennent, les autres n'y sont pas.",
                        f"{who.en} only have places in {where.en}: those {en} are theirs, nobody else is there.",
                    ), updates)
    return None


def _room_census(state: _State) -> Step | None:
    """Count the rooms the people need; when every room someone can reach is needed, each gets somebody.

    The victim and the murderer share one room; each « alone » person needs a room of their own; anyone else
    needs at least one more room. When that minimum equals the number of rooms anybody can still reach, each
    of those rooms holds somebody, so a room that only one person can reach is theirs.
    """
    case = state.case
    victim = next(i for i, p in enumerate(case.people) if p.victim)
    alone = set(_alone_people(state)) - {victim}
    rest = len(state.ids) - 2 - len(alone)
    needed = 1 + len(alone) + (1 if rest > 0 else 0)
    reachable = [room.id for room in case.rooms if any(d & case.room_masks[room.id] for d in state.domains)]
    if needed != len(reachable):
        return None
    for room in reachable:
        mask = case.room_masks[room]
        reach = [q for q, d in enumerate(state.domains) if d & mask]
        if len(reach) == 1 and state.domains[reach[0]] & ~mask:
            person = reach[0]
            name, where = state.names[person], case.room_by_id[room].located
            others = Msg(", une pour les autres", ", one for the others") if rest > 0 else Msg("", "")
            return state.step("room_census", 3, Msg(
                f"Il faut au moins {needed} pièces occupées (une pour la victime et l'assassin, une pour chaque"
                f" personne seule dans sa pièce{others.fr}) et seules {needed} sont accessibles : chacune a"
                f" quelqu'un. {_only(state, person)} peut être {where.fr}, donc {name} y est.",
                f"At least {needed} rooms must be occupied (one for the victim and the murderer, one for each person"
                f" alone in the room{others.en}) and only {needed} can be reached: each has somebody. Only {name}"
                f" can be {where.en}, so {name} is there.",
            ), {person: state.domains[person] & mask})
    return None


def _crowded_room(state: _State) -> Step | None:
    """A room that lines must fill with more people than someone's room holds is not theirs.

    If k rows that can reach a room have, outside it, places in only j columns, at least k - j people stand
    in it (the same with columns and rows swapped). The victim's room holds two people, an « alone »
    person's one: a room bound to hold more is closed to them.
    """
    case = state.case
    victim = next(i for i, p in enumerate(case.people) if p.victim)
    limits = [(victim, 2)] + [(p, 1) for p in _alone_people(state) if p != victim]
    reach = 0
    for domain in state.domains:
        reach |= domain
    for person, head_count in limits:
        for room in sorted({case.room_index_of[i] for i in bits(state.domains[person])}):
            for axis in ("row", "column"):
                lines, others = lines_filling(case, reach, case.room_masks[room], axis)
                if len(lines) - others.bit_count() > head_count:
                    return _crowded_step(state, person, room, axis, lines, others)
    return None


def _crowded_step(state: _State, person: int, room: str, axis: str, lines: list[int], others: int) -> Step:
    case = state.case
    room_name = case.room_by_id[room].name
    forced = len(lines) - others.bit_count()
    line_fr, line_en = ("rangées", "rows") if axis == "row" else ("colonnes", "columns")
    numbers = _numbers(sorted(lines))
    name = state.names[person]
    if case.people[person].victim:
        who = Msg(f"la victime ({name}), seule avec l'assassin,", f"the victim ({name}), alone with the murderer,")
    else:
        who = Msg(f"{name}, {_alone_word(state, person)} dans sa pièce,", f"{name}, alone in the room,")
    if others:
        outside = _lines_named("column" if axis == "row" else "row", list(bits(others)))
        hors = f"n'ont de places hors de la pièce que dans {outside.fr}"
        out = f"have places outside it only in {outside.en}"
    else:
        hors, out = "n'ont aucune place hors de la pièce", "have no place outside it"
    return state.step("crowded_room", 3, Msg(
        f"Les {line_fr} {numbers.fr} atteignent {room_name.fr} et {hors} : au moins {forced} personnes s'y"
        f" trouvent, donc {who.fr} n'y est pas.",
        f"{line_en.capitalize()} {numbers.en} reach {room_name.en} and {out}: at least {forced} people are"
        f" there, so {who.en} is not there.",
    ), {person: state.domains[person] & ~case.room_masks[room]})


def _lines_named(axis: str, indices: list[int]) -> Msg:
    """« la colonne 5 » / "column 5", « les colonnes 2 et 5 » / "columns 2 and 5" (counted from 1)."""
    numbers = _numbers(indices)
    fr, en = ("rangée", "row") if axis == "row" else ("colonne", "column")
    if len(indices) == 1:
        return Msg(f"la {fr} {numbers.fr}", f"{en} {numbers.en}")
    return Msg(f"les {fr}s {numbers.fr}", f"{en}s {numbers.en}")


def _numbers(indices: list[int]) -> Msg:
    """« 2, 3 et 5 » / "2, 3 and 5" (counted from 1)."""
    digits = [str(i + 1) for i in indices]
    if len(digits) == 1:
        return Msg(digits[0], digits[0])
    return Msg(f"{', '.join(digits[:-1])} et {digits[-1]}", f"{', '.join(digits[:-1])} and {digits[-1]}")


@dataclass(frozen=True)
class Deduction:
    """A rung of the ladder: its key, level and name."""

    key: str
    level: int
    name: Msg
    rule: Rule


DEDUCTIONS: tuple[Deduction, ...] = (
    Deduction("decor", 1, Msg("décor bloquant", "blocking decor"), _decor),
    Deduction("clue", 1, Msg("un indice élimine des cases", "a clue removes cells"), _clue),
    Deduction("taken", 1, Msg("dernière place, rangée et colonne prises", "last place, row and column taken"), _taken),
    Deduction("line_claimed", 1, Msg("une personne confinée à une rangée ou colonne", "a person confined to a row or column"), _line_claimed),
    Deduction("line_single", 1, Msg("rangée ou colonne à une seule personne", "row or column with one person left"), _line_single),
    Deduction("alone", 2, Msg("seul dans la pièce", "alone in the room"), _alone),
    Deduction("victim_room", 2, Msg("la pièce de la victime", "the victim's room"), _victim_room),
    Deduction("with_other", 2, Msg("avec un autre homme / une autre femme", "with another man / woman"), _with_other),
    Deduction("cross", 3, Msg("croix qui bloque une personne", "a cross that blocks someone"), _cross),
    Deduction("closed_group", 3, Msg("groupe fermé de rangées ou de colonnes", "closed group of rows or columns"), _closed_group),
    Deduction("room_census", 3, Msg("recensement des pièces", "room census"), _room_census),
    Deduction("crowded_room", 3, Msg("pièce trop pleine", "crowded room"), _crowded_room),
)
"""The ladder, simplest first."""


def _apply(state: _State, step: Step) -> None:
    for person, mask in step.updates.items():
        state.domains[person] = mask


def iterate_steps(case: Case, domains: list[int], max_level: int = MAX_LEVEL) -> Iterator[Step]:
    """Yield deductions one by one (lowest level first), applying each to ``domains`` in place."""
    state = _State(case, domains)
    ladder = [d for d in DEDUCTIONS if d.level <= max_level]
    while True:
        if any(d == 0 for d in state.domains):
            return
        for deduction in ladder:
            step = deduction.rule(state)
            if step is not None:
                _apply(state, step)
                yield step
                break
        else:
            return


def start_domains(case: Case, given: Mapping[str, Cell] | None = None) -> list[int]:
    """Every person may start anywhere on the board; ``given`` people are fixed to their cell."""
    domains = [case.full_mask for _ in case.people]
    for pid, cell in (given or {}).items():
        domains[[p.id for p in case.people].index(pid)] = 1 << case.index(cell)
    return domains


def solve_logically(
    case: Case, max_level: int = MAX_LEVEL, given: Mapping[str, Cell] | None = None, keep_steps: bool = True
) -> LogicResult:
    """Solve ``case`` by deductions up to ``max_level``; see :class:`LogicResult`."""
    domains = start_domains(case, given)
    steps: list[Step] = []
    hardest = 0
    for step in iterate_steps(case, domains, max_level):
        hardest = max(hardest, step.level)
        if keep_steps:
            steps.append(step)
    if any(d == 0 for d in domains):
        return LogicResult(steps, domains, False, True)
    if any(d & (d - 1) for d in domains):
        return LogicResult(steps, domains, False, False)
    board = {p.id: case.cell(d.bit_length() - 1) for p, d in zip(case.people, domains, strict=True)}
    if not is_solution(case, board):
        return LogicResult(steps, domains, False, True)
    return LogicResult(steps, domains, True, False, board, max(hardest, 1))
