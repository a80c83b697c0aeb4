"""``meeple murder``: solve, hint, generate and render Sudoku Murder cases."""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Annotated

import typer

from meeple.core.errors import IllegalMoveError, MeepleError
from meeple.core.i18n import Msg
from meeple.core.progress import track
from meeple.games.murder.api import hint_for
from meeple.games.murder.caseio import case_to_json, load_case, save_case
from meeple.games.murder.exact import count_solutions
from meeple.games.murder.game import parse_move_text
from meeple.games.murder.generate import generate_case
from meeple.games.murder.logic import LEVEL_NAMES, parse_difficulty, solve_logically
from meeple.games.murder.model import MAX_SIZE, MIN_SIZE, Case, Cell, murderer, violations
from meeple.games.murder.render import write_render
from meeple.games.murder.text import cell_name

app = typer.Typer(
    help="Sudoku Murder : résoudre, indices, générer, imprimer / solve, hint, generate, print.",
    no_args_is_help=True,
    add_completion=False,
)


def _say(fr: str, en: str) -> None:
    typer.echo(Msg(fr, en).text())


ROOM_SYMBOLS = string.ascii_uppercase + string.ascii_lowercase + string.digits


def room_symbols(case: Case) -> dict[str, str]:
    """One mark per room for text boards: its id when every id is one character, else A, B, C… in order."""
    ids = [room.id for room in case.rooms]
    if all(len(room) == 1 for room in ids):
        return {room: room for room in ids}
    if len(ids) <= len(ROOM_SYMBOLS):
        return {room: ROOM_SYMBOLS[number] for number, room in enumerate(ids)}
    width = max(len(room) for room in ids)
    return {room: room.ljust(width) for room in ids}


def board_text(case: Case, board: dict[str, Cell]) -> str:
    """The board as text, rows R1… and columns C1… numbered as moves write them: each cell shows its room's
    mark, then a person's first two letters, « # » for decor, « o » for a seat or « . » for bare floor."""
    who = {cell: pid for pid, cell in board.items()}
    symbols = room_symbols(case)
    width = len(next(iter(symbols.values()))) + 2
    lines = ["    " + " ".join(f"C{c + 1}".ljust(width) for c in range(case.size))]
    for r in range(case.size):
        cells = []
        for c in range(case.size):
            if (r, c) in who:
                mark = case.person_by_id[who[(r, c)]].name[:2]
            elif (r, c) in case.objects:
                mark = "o" if case.standable_mask >> case.index((r, c)) & 1 else "#"
            else:
                mark = "."
            cells.append(f"{symbols[case.room_of((r, c))]}{mark:<2}")
        lines.append(f"R{r + 1:<2} " + " ".join(cells))
    legend = ", ".join(f"{symbols[room.id].strip()} = {room.name.text()}" for room in case.rooms)
    return "\n".join([line.rstrip() for line in lines] + [f"    {legend}"])


@app.command()
def solve(
    case_file: Annotated[Path, typer.Argument(help="Fichier d'enquête JSON / case file")],
    steps: Annotated[bool, typer.Option("--steps", help="Expliquer chaque déduction / explain each step")] = False,
) -> None:
    """La solution, l'assassin, l'unicité et les étapes / the solution, murderer, uniqueness and steps."""
    case = load_case(case_file)
    exact = count_solutions(case, 2)
    if exact.count == 0:
        raise MeepleError(Msg(f"{case_file} : aucune solution", f"{case_file}: no solution"))
    solution = exact.solutions[0]
    if not exact.unique:  # said first: the board below is only one of them
        _say("ATTENTION : au moins deux solutions ; en voici une.", "WARNING: at least two solutions; here is one.")
    typer.echo(board_text(case, solution))
    for person in case.people:
        room = case.room_by_id[case.room_of(solution[person.id])].located
        where = cell_name(solution[person.id])
        _say(f"  {person.name} : {where} ({room.fr})", f"  {person.name}: {where} ({room.en})")
    killer = murderer(case, solution)
    if killer and exact.unique:
        _say(f"Assassin : {killer.name}", f"Murderer: {killer.name}")
    elif killer:
        _say(f"Assassin dans cette solution-ci : {killer.name}", f"Murderer in this solution: {killer.name}")
    if exact.unique:
        _say("Solution unique (prouvée par le solveur exact).", "Unique solution (proved by the exact solver).")
    logic = solve_logically(case)
    if steps:
        for number, step in enumerate(logic.steps, 1):
            typer.echo(f"{number:3}. [{LEVEL_NAMES[step.level].text()}] {step.text.text()}")
    if logic.solved and logic.difficulty is not None:
        level = LEVEL_NAMES[logic.difficulty]
        _say(f"Résolue pas à pas sans deviner : difficulté {logic.difficulty} ({level.fr}).",
             f"Solved step by step without guessing: difficulty {logic.difficulty} ({level.en}).")
    elif logic.contradiction:
        _say("Le solveur logique aboutit à une contradiction.", "The logical solver reaches a contradiction.")
    else:
        done = len(logic.steps)
        _say(f"Il faut deviner : le solveur logique s'arrête après {done} étape{'s' if done > 1 else ''}.",
             f"Needs a guess: the logical solver stops after {done} step{'' if done == 1 else 's'}.")


def _given_board(case: Case, given: list[str]) -> dict[str, Cell]:
    board: dict[str, Cell] = {}
    for item in given:
        for part in item.split(","):
            if not part.strip():
                continue
            move = parse_move_text(part)
            person = case.find_person(move.person)
            if move.cell is None or person is None or not case.in_bounds(move.cell):
                raise IllegalMoveError(part.strip(), Msg("personne et case du plateau attendues (Nom@R2C3)",
                                                         "a person and a cell on the board are expected (Name@R2C3)"))
            if person in board:
                raise IllegalMoveError(part.strip(), Msg(f"{person} est donné deux fois (--given)",
                                                         f"{person} is given twice (--given)"))
            board[person] = move.cell
    return board


@app.command()
def hint(
    case_file: Annotated[Path, typer.Argument(help="Fichier d'enquête JSON / case file")],
    given: Annotated[list[str] | None, typer.Option("--given", help="Nom@R2C3 (répétable, ou séparé par des virgules)")] = None,
) -> None:
    """La prochaine déduction depuis un plateau partiel / the next deduction from a partial board."""
    case = load_case(case_file)
    board = _given_board(case, given or [])
    found = hint_for(case, board)
    for number, step in enumerate(found.steps, 1):
        typer.echo(f"{number:3}. [{LEVEL_NAMES[step.level].text()}] {step.text.text()}")
    if found.status == "broken":  # one line on stderr, exit code 1
        raise MeepleError(found.message)
    typer.echo(found.message.text())


@app.command()
def generate(
    size: Annotated[int, typer.Option("--size", help="N (4-9)")] = 6,
    difficulty: Annotated[str, typer.Option("--difficulty", help="1/facile/easy, 2/moyen/medium, 3/difficile/hard")] = "1",
    seed: Annotated[int, typer.Option("--seed", help="Graine / seed")] = 0,
    count: Annotated[int, typer.Option("--count", help="Nombre d'enquêtes / number of cases")] = 1,
    out: Annotated[Path | None, typer.Option("--out", help="Fichier (.json) ou dossier / file or folder")] = None,
    no_solution: Annotated[bool, typer.Option("--no-solution", help="Sans la réponse / without the answer")] = False,
) -> None:
    """Générer des enquêtes uniques, sans deviner, minimales / generate unique, guess-free, minimal cases."""
    level = parse_difficulty(difficulty)
    if not MIN_SIZE <= size <= MAX_SIZE:  # checked here so that the message comes in both languages
        raise MeepleError(Msg(f"--size {size} : de {MIN_SIZE} à {MAX_SIZE}", f"--size {size}: from {MIN_SIZE} to {MAX_SIZE}"))
    if count < 1:
        raise MeepleError(Msg(f"--count {count} : au moins 1", f"--count {count}: at least 1"))
    if count > 1 and out is not None and out.suffix == ".json":
        raise MeepleError(Msg(f"--out {out} : un dossier est attendu pour --count {count}",
                              f"--out {out}: a folder is expected for --count {count}"))
    if count == 1 and out is None:
        data = case_to_json(generate_case(size, level, seed), with_solution=not no_solution)
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
        return
    folder = out or Path(".")
    single_file = count == 1 and folder.suffix == ".json"
    if not single_file:
        folder.mkdir(parents=True, exist_ok=True)
    for index in track(range(count), count, Msg("Génération", "Generating").text()):
        case = generate_case(size, level, seed + index)
        target = folder if single_file else folder / f"murder-{size}x{size}-d{level}-s{seed + index}.json"
        save_case(case, target, with_solution=not no_solution)
    _say(f"{count} enquête(s) écrite(s) dans {folder}", f"{count} case(s) written to {folder}")


@app.command()
def render(
    case_file: Annotated[Path, typer.Argument(help="Fichier d'enquête JSON / case file")],
    out: Annotated[Path, typer.Option("--out", help="case.svg ou/or case.pdf")],
    solution: Annotated[bool, typer.Option("--solution", help="Dessiner la réponse / draw the answer")] = False,
    lang: Annotated[str | None, typer.Option("--lang", help="fr | en (défaut : la langue courante)")] = None,
) -> None:
    """Dessiner l'enquête en SVG ou PDF / draw the case as SVG or PDF."""
    if lang not in (None, "fr", "en"):
        raise MeepleError(Msg(f"--lang {lang} : fr ou en attendu", f"--lang {lang}: fr or en expected"))
    case = load_case(case_file)
    board = None
    if solution:
        board = dict(case.solution) if case.solution else None
        if board is None or violations(case, board):
            found = count_solutions(case, 1)
            if not found.solutions:
                raise MeepleError(Msg(f"{case_file} : aucune solution", f"{case_file}: no solution"))
            board = found.solutions[0]
    path = write_render(case, out, board, lang)
    _say(f"Écrit : {path}", f"Written: {path}")
