"""The rules of levels 1 and 2 of the logical solver: decor, clues, placements (rated by what they take to
see), a row or column someone is confined to, a row or column only one person can reach."""

from __future__ import annotations

from itertools import combinations

from meeple.core.i18n import Msg
from meeple.games.murder.ladder import RUNGS, lines_to_cover
from meeple.games.murder.model import fold
from meeple.games.murder.steps import SolverState, Step, count_removed, only_name
from meeple.games.murder.text import clue_sentence


# --- level 1 ------------------------------------------------------------------------------------
def _decor(state: SolverState) -> Step | None:
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
    return state.step("decor", "decor", Msg(
        f"Le décor bloque sa case ({', '.join(kinds)}) : personne ne s'y tient.",
        f"Decor blocks its cell ({', '.join(english)}): nobody stands there.",
    ), updates)


def _clue(state: SolverState) -> Step | None:
    while state.clue_masks:
        person, mask, clue = state.clue_masks[0]
        removed = state.domains[person] & ~mask
        if not removed:  # applied for good: domains only shrink
            state.clue_masks.pop(0)
            continue
        sentence = clue_sentence(state.case, clue)
        name = state.names[person]
        left = count_removed(removed)
        return state.step("clue", "clue", Msg(
            f"{name} : « {sentence.fr} » — {left.fr}.", f"{name}: \"{sentence.en}\" — {left.en}.",
        ), {person: state.domains[person] & mask})
    return None


def _taken(state: SolverState, heaviest: float) -> Step | None:
    """Say who is placed: of the people left with one cell whose placement is not said yet, the one easiest to
    see (:func:`_placement`), when it weighs at most ``heaviest``; their row and column close to everyone else.
    Every person gets this step once, even when nobody else could still use their row or column."""
    size = state.case.size
    candidates = []
    for person in range(len(state.ids)):
        cell = state.fixed(person)
        if cell is None or person in state.placed:
            continue
        technique, lines = _placement(state, person, cell)
        weight = RUNGS[technique].weight_for(lines)
        if weight <= heaviest:
            candidates.append((weight, person, cell, technique, lines))
    if not candidates:
        return None
    _, person, cell, technique, lines = min(candidates)
    state.placed.add(person)
    cut = state.case.row_masks[cell // size] | state.case.column_masks[cell % size]
    updates = {q: d & ~cut for q, d in enumerate(state.domains) if q != person and d & cut}
    return state.step("taken", technique, _placement_text(state, person, cell, technique), updates, lines)


def _placement(state: SolverState, person: int, cell: int) -> tuple[str, int]:
    """How a player sees that ``person`` stands on ``cell``, as a rung of the ladder and its size: given on
    the board; the last person left; one of their clues alone; their clues crossed (how many); or their clues
    and ``k`` rows and columns already held — by the people placed or claimed by someone confined to them (with
    ``u`` people left, the ``u`` free rows and columns tell as much: at most ``u`` lines)."""
    if person in state.given:
        return "given", 1
    left = len(state.ids) - len(state.placed)
    if left == 1:
        return "last_person", 1
    target = 1 << cell
    own = state.own[person]
    if any(mask == target for mask in own):
        return "direct", 1
    together = state.case.standable_mask
    for mask in own:
        together &= mask
    if together == target:
        two = any(a & b == target for a, b in combinations(own, 2))
        return "crossed", 1 if two else 2
    size = state.case.size
    facts = [state.case.row_masks[c // size] | state.case.column_masks[c % size]
             for c in (state.fixed(q) for q in state.placed) if c is not None] + state.claimed
    lines = lines_to_cover(together & ~target, facts)
    if lines is None:  # the rooms and groups removed cells: the harder step before it is rated
        return "last_place", 1
    return "last_place", max(1, min(lines, left))


def _placement_text(state: SolverState, person: int, cell: int, technique: str) -> Msg:
    name, where = state.names[person], state.cell(cell)
    rest = Msg("personne d'autre dans sa rangée ni sa colonne.", "nobody else in that row or column.")
    if technique == "given":
        return Msg(f"{name} est placé·e en {where} : {rest.fr}", f"{name} is placed at {where}: {rest.en}")
    if technique == "last_person":
        return Msg(f"{name}, la dernière personne, prend la rangée et la colonne restées libres : {where}.",
                   f"{name}, the last person, takes the row and column left free: {where}.")
    if technique == "direct":
        return Msg(f"Un indice de {name} ne laisse que {where} : {rest.fr}",
                   f"One of {name}'s clues leaves only {where}: {rest.en}")
    if technique == "crossed":
        return Msg(f"Les indices de {name} ne se croisent qu'en {where} : {rest.fr}",
                   f"{name}'s clues meet only at {where}: {rest.en}")
    return Msg(f"{name} ne peut être qu'en {where} (les rangées et colonnes prises ôtées) : {rest.fr}",
               f"{name} can only be at {where} (the rows and columns taken left out): {rest.en}")


def _line_claimed(state: SolverState) -> Step | None:
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
                    state.claimed.append(line)
                    return state.step("line_claimed", "line_claimed", Msg(
                        f"{name} ne peut être que dans la {fr} {index + 1} : personne d'autre n'y est.",
                        f"{name} can only be in {en} {index + 1}: nobody else is there.",
                    ), updates)
    return None


def _line_single(state: SolverState) -> Step | None:
    case = state.case
    for kind, lines in (("row", case.row_masks), ("column", case.column_masks)):
        for index, line in enumerate(lines):
            reach = [p for p, d in enumerate(state.domains) if d & line]
            if len(reach) == 1 and state.domains[reach[0]] & ~line:
                person = reach[0]
                name = state.names[person]
                fr, en = ("rangée", "row") if kind == "row" else ("colonne", "column")
                return state.step(f"{kind}_single", "line_single", Msg(
                    f"{only_name(state, person)} peut occuper la {fr} {index + 1} : {name} y est.",
                    f"Only {name} can fill {en} {index + 1}: {name} is there.",
                ), {person: state.domains[person] & line})
    return None
