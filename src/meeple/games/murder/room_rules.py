"""The rules of levels 3 and 4 of the logical solver: the rooms (« seul », the victim's room, « avec un autre
homme », room capacity), then the cross, closed groups, the room census and the crowded room."""

from __future__ import annotations

from itertools import combinations

from meeple.core.i18n import Msg
from meeple.games.murder.model import bits, lines_filling
from meeple.games.murder.steps import (
    SolverState,
    Step,
    alone_people,
    alone_word,
    count_removed,
    de_name,
    join_names,
    lines_named,
    number_list,
    only_name,
    room_within,
)


def _alone(state: SolverState) -> Step | None:
    case = state.case
    for person in alone_people(state):
        room = room_within(state, person)
        if room is None:
            continue
        mask = case.room_masks[room]
        updates = {q: d & ~mask for q, d in enumerate(state.domains) if q != person and d & mask}
        if updates:
            name, where = state.names[person], case.room_by_id[room].located
            return state.step("alone", "alone", Msg(
                f"{name} était {alone_word(state, person)} {where.fr} : personne d'autre n'y est.",
                f"{name} was alone {where.en}: nobody else is there.",
            ), updates)
    for holder in range(len(state.ids)):
        room = room_within(state, holder)
        if room is None:
            continue
        mask = case.room_masks[room]
        for person in alone_people(state):
            if person != holder and state.domains[person] & mask:
                who, where = state.names[holder], case.room_by_id[room].located
                return state.step("alone", "alone", Msg(
                    f"{who} est {where.fr} : {state.names[person]}, {alone_word(state, person)} dans sa pièce, n'y est pas.",
                    f"{who} is {where.en}: {state.names[person]}, alone in the room, is not there.",
                ), {person: state.domains[person] & ~mask})
    return None


def _victim_room(state: SolverState) -> Step | None:
    case = state.case
    victim = next(i for i, p in enumerate(case.people) if p.victim)
    others = [q for q in range(len(state.ids)) if q != victim]
    vname = state.names[victim]
    room = room_within(state, victim)
    if room is not None:
        mask = case.room_masks[room]
        where = case.room_by_id[room].located
        inside = [q for q in others if room_within(state, q) == room]
        if inside:
            updates = {q: state.domains[q] & ~mask for q in others if q != inside[0] and state.domains[q] & mask}
            if updates:
                killer = state.names[inside[0]]
                return state.step("victim_room", "victim_room", Msg(
                    f"La victime ({vname}) et {killer} sont {where.fr} : personne d'autre n'y entre.",
                    f"The victim ({vname}) and {killer} are {where.en}: nobody else goes there.",
                ), updates)
        reach = [q for q in others if state.domains[q] & mask]
        if len(reach) == 1 and state.domains[reach[0]] & ~mask:
            killer = state.names[reach[0]]
            return state.step("victim_room", "victim_room", Msg(
                f"La victime ({vname}) est {where.fr} avec une autre personne : {alone_word(state, reach[0])} {state.names[reach[0]]} peut y être.",
                f"The victim ({vname}) is {where.en} with one other person: only {killer} can be there.",
            ), {reach[0]: state.domains[reach[0]] & mask})
    removed = 0
    for index in bits(state.domains[victim]):
        mask = case.room_masks[case.room_index_of[index]]
        fixed_inside = sum(1 for q in others if room_within(state, q) == case.room_index_of[index])
        if fixed_inside >= 2 or not _company_possible(state, index, others):
            removed |= 1 << index
    if removed:
        return state.step("victim_room", "room_capacity", Msg(
            f"La victime ({vname}) était seule avec exactement une personne : sur certaines cases, personne ne pourrait"
            f" la rejoindre, ou la pièce a déjà deux personnes ({count_removed(removed).fr}).",
            f"The victim ({vname}) was alone with exactly one person: on some cells nobody could join, or the room"
            f" already holds two people ({count_removed(removed).en}).",
        ), {victim: state.domains[victim] & ~removed})
    return None


def _with_other(state: SolverState) -> Step | None:
    case = state.case
    for clue in case.clues:
        if clue.kind != "with_one_other":
            continue
        owner = state.ids.index(clue.person)
        mask = case.room_masks[clue.room or ""]
        where = case.room_by_id[clue.room or ""].located
        group = [q for q, p in enumerate(case.people) if q != owner and p.gender == clue.gender]
        kind = Msg("homme", "man") if clue.gender == "m" else Msg("femme", "woman")
        inside = [q for q in group if room_within(state, q) == clue.room]
        if inside:
            updates = {q: state.domains[q] & ~mask for q in group if q != inside[0] and state.domains[q] & mask}
            if updates:
                return state.step("with_other", "with_other", Msg(
                    f"{state.names[owner]} était {where.fr} avec exactement {'un' if clue.gender == 'm' else 'une'} {kind.fr}, {state.names[inside[0]]} : {'aucun autre' if clue.gender == 'm' else 'aucune autre'} n'y est.",
                    f"{state.names[owner]} was {where.en} with exactly one {kind.en}, {state.names[inside[0]]}: no other is there.",
                ), updates)
        reach = [q for q in group if state.domains[q] & mask]
        if len(reach) == 1 and state.domains[reach[0]] & ~mask:
            return state.step("with_other", "with_other", Msg(
                f"{state.names[owner]} était {where.fr} avec {'un' if clue.gender == 'm' else 'une'} {kind.fr} : {alone_word(state, reach[0])} {state.names[reach[0]]} peut y être.",
                f"{state.names[owner]} was {where.en} with a {kind.en}: only {state.names[reach[0]]} can be there.",
            ), {reach[0]: state.domains[reach[0]] & mask})
        lonely = sum(1 << i for i in bits(state.domains[owner] & mask) if not _company_possible(state, i, group))
        if lonely:
            return state.step("with_other", "room_capacity", Msg(
                f"{state.names[owner]} était {where.fr} avec {'un autre homme' if clue.gender == 'm' else 'une autre femme'} :"
                f" sur certaines cases, personne ne pourrait le ou la rejoindre ({count_removed(lonely).fr}).",
                f"{state.names[owner]} was {where.en} with another {kind.en}: on some cells nobody could join"
                f" ({count_removed(lonely).en}).",
            ), {owner: state.domains[owner] & ~lonely})
    return None


def _company_possible(state: SolverState, index: int, candidates: list[int]) -> bool:
    """Whether one of ``candidates`` can stand in the room of cell ``index``, outside its row and column."""
    case = state.case
    size = case.size
    elsewhere = case.room_masks[case.room_index_of[index]] & ~(
        case.row_masks[index // size] | case.column_masks[index % size])
    return any(state.domains[q] & elsewhere for q in candidates)


# --- level 3 ------------------------------------------------------------------------------------
# --- level 3 ------------------------------------------------------------------------------------
def _cross(state: SolverState) -> Step | None:
    case = state.case
    size = case.size
    alone = set(alone_people(state))
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
                who = join_names(state, out)
                return state.step("cross", "cross", Msg(
                    f"Toutes les places {de_name(state.names[other])} sont dans la rangée ou la colonne de {where} :"
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
                    return state.step("cross", "cross", Msg(
                        f"Toutes les places {de_name(state.names[other])} sont dans la rangée ou la colonne de {where}"
                        f" ou dans sa pièce : {name}, {alone_word(state, person)} dans sa pièce, n'est donc pas en {where}.",
                        f"Every place left for {state.names[other]} is in the row or column of {where} or in its room:"
                        f" so {name}, alone in the room, is not at {where}.",
                    ), {person: state.domains[person] & ~(1 << index)})
    return None


def _lines_of(domain: int, lines: tuple[int, ...]) -> int:
    return sum(1 << i for i, line in enumerate(lines) if domain & line)


def _closed_group(state: SolverState) -> Step | None:
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
                    who = join_names(state, list(group))
                    where = lines_named(kind, list(bits(covered)))
                    return state.step("closed_group", "closed_group", Msg(
                        f"{who.fr} n'ont de place que dans {where.fr} : elles leur reviennent, les autres n'y sont pas.",
                        f"{who.en} only have places in {where.en}: those {en} are theirs, nobody else is there.",
                    ), updates, k - 1)
    return None


def _room_census(state: SolverState) -> Step | None:
    """Count the rooms the people need; when every room someone can reach is needed, each gets somebody.

    The victim and the murderer share one room; each « alone » person needs a room of their own; anyone else
    needs at least one more room. When that minimum equals the number of rooms anybody can still reach, each
    of those rooms holds somebody, so a room that only one person can reach is theirs.
    """
    case = state.case
    victim = next(i for i, p in enumerate(case.people) if p.victim)
    alone = set(alone_people(state)) - {victim}
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
            return state.step("room_census", "room_census", Msg(
                f"Il faut au moins {needed} pièces occupées (une pour la victime et l'assassin, une pour chaque"
                f" personne seule dans sa pièce{others.fr}) et seules {needed} sont accessibles : chacune a"
                f" quelqu'un. {only_name(state, person)} peut être {where.fr}, donc {name} y est.",
                f"At least {needed} rooms must be occupied (one for the victim and the murderer, one for each person"
                f" alone in the room{others.en}) and only {needed} can be reached: each has somebody. Only {name}"
                f" can be {where.en}, so {name} is there.",
            ), {person: state.domains[person] & mask})
    return None


def _crowded_room(state: SolverState) -> Step | None:
    """A room that lines must fill with more people than someone's room holds is not theirs.

    If k rows that can reach a room have, outside it, places in only j columns, at least k - j people stand
    in it (the same with columns and rows swapped). The victim's room holds two people, an « alone »
    person's one: a room bound to hold more is closed to them.
    """
    case = state.case
    victim = next(i for i, p in enumerate(case.people) if p.victim)
    limits = [(victim, 2)] + [(p, 1) for p in alone_people(state) if p != victim]
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


def _crowded_step(state: SolverState, person: int, room: str, axis: str, lines: list[int], others: int) -> Step:
    case = state.case
    room_name = case.room_by_id[room].name
    forced = len(lines) - others.bit_count()
    line_fr, line_en = ("rangées", "rows") if axis == "row" else ("colonnes", "columns")
    numbers = number_list(sorted(lines))
    name = state.names[person]
    if case.people[person].victim:
        who = Msg(f"la victime ({name}), seule avec l'assassin,", f"the victim ({name}), alone with the murderer,")
    else:
        who = Msg(f"{name}, {alone_word(state, person)} dans sa pièce,", f"{name}, alone in the room,")
    if others:
        outside = lines_named("column" if axis == "row" else "row", list(bits(others)))
        hors = f"n'ont de places hors de la pièce que dans {outside.fr}"
        out = f"have places outside it only in {outside.en}"
    else:
        hors, out = "n'ont aucune place hors de la pièce", "have no place outside it"
    return state.step("crowded_room", "crowded_room", Msg(
        f"Les {line_fr} {numbers.fr} atteignent {room_name.fr} et {hors} : au moins {forced} personnes s'y"
        f" trouvent, donc {who.fr} n'y est pas.",
        f"{line_en.capitalize()} {numbers.en} reach {room_name.en} and {out}: at least {forced} people are"
        f" there, so {who.en} is not there.",
    ), {person: state.domains[person] & ~case.room_masks[room]})
