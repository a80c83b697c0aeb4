"""``meeple murder``: solve, hint, generate and render Sudoku Murder cases."""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from meeple.core.batch import Backend, run_batch
from meeple.core.batch_cli import JobsOpt, RayAddressOpt, RayOpt
from meeple.core.cli_i18n import cli_help, written
from meeple.core.cli_json import JsonOpt, print_json
from meeple.core.errors import IllegalMoveError, MeepleError
from meeple.core.game import JSON
from meeple.core.i18n import Msg, get_language
from meeple.core.progress import track
from meeple.games.murder import INFO
from meeple.games.murder.api import hint_for
from meeple.games.murder.book import MAX_BOOK_CASES, book_plan, make_entries, write_book
from meeple.games.murder.caseio import case_to_json, load_case
from meeple.games.murder.exact import answer_board, count_solutions
from meeple.games.murder.game import parse_move_text
from meeple.games.murder.generate import generate_case
from meeple.games.murder.logic import LEVEL_NAMES, parse_difficulty, solve_logically
from meeple.games.murder.model import MAX_SIZE, MIN_SIZE, Case, Cell, murderer
from meeple.games.murder.render import PAPERS, default_paper, write_render
from meeple.games.murder.text import cell_name

app = typer.Typer(
    help=cli_help(  # the first paragraph is the game's line in ``meeple --help``
        f"{INFO.title.fr} — {INFO.summary.fr}\n\nRésoudre une enquête, donner un indice, en générer, la dessiner.",
        f"{INFO.title.en} — {INFO.summary.en}\n\nSolve a case, give a hint, generate cases, draw one.",
    ),
    no_args_is_help=True,
    add_completion=False,
)


def _say(fr: str, en: str) -> None:
    typer.echo(Msg(fr, en).text())


CaseArg = Annotated[Path, typer.Argument(help=cli_help("fichier d'enquête (JSON)", "case file (JSON)"))]
LangOpt = Annotated[str | None, typer.Option("--lang", help=cli_help(
    "langue du dessin : fr ou en (défaut : la langue courante)",
    "language of the picture: fr or en (default: the current language)",
))]
PaperOpt = Annotated[str | None, typer.Option("--paper", help=cli_help(
    "papier du PDF : a4 ou letter (défaut : letter pour une locale des États-Unis ou du Canada, sinon a4)",
    "PDF paper: a4 or letter (default: letter for a United States or Canada locale, else a4)",
))]

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
    return "\n".join([line.rstrip() for line in lines] + [f"    {legend}", f"    {MARKS_LEGEND.text()}"])


MARKS_LEGEND = Msg("après la pièce : Ab = une personne (ses deux premières lettres), # = décor (on ne s'y tient pas), "
                   "o = siège (on s'y tient), . = sol libre",
                   "after the room: Ab = a person (first two letters of the name), # = decor (no one stands there), "
                   "o = seat (one may stand there), . = bare floor")
"""What the marks of :func:`board_text` mean."""


@app.command(help=cli_help(
    "Donne la solution et l'assassin, dit si la solution est unique et si on l'atteint sans deviner.",
    "Give the solution and the murderer, and tell whether the solution is unique and found without guessing.",
))
def solve(
    case_file: CaseArg,
    steps: Annotated[bool, typer.Option("--steps", help=cli_help("explique chaque déduction", "explain each deduction"))]
    = False,
    as_json: JsonOpt = False,
) -> None:
    """The solution, the murderer, whether it is unique, and the steps that reach it without guessing."""
    case = load_case(case_file)
    exact = count_solutions(case, 2)
    if exact.count == 0:
        if as_json:
            print_json({"case": str(case_file), "solutions": 0})
        raise MeepleError(Msg(f"{case_file} : aucune solution", f"{case_file}: no solution"))
    solution = exact.solutions[0]
    if as_json:
        _print_solve_json(case, str(case_file), solution, exact.unique, steps)
        return
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


def _print_solve_json(case: Case, source: str, solution: dict[str, Cell], unique: bool, steps: bool) -> None:
    """``murder solve --json`` (fields: docs/cli.md)."""
    killer = murderer(case, solution)
    logic = solve_logically(case)
    print_json({
        "case": source, "solutions": 1 if unique else 2, "unique": unique,
        "solution": {person.id: cell_name(solution[person.id]) for person in case.people},
        "murderer": killer.id if killer else None,
        "logic": {"solved": logic.solved, "difficulty": logic.difficulty, "contradiction": logic.contradiction,
                  "steps": len(logic.steps)},
        **({"steps": [step.to_json(case) for step in logic.steps]} if steps else {}),
    })


def _given_board(case: Case, given: list[str]) -> dict[str, Cell]:
    """The board ``--given`` describes; a malformed item is a usage error (exit 2) naming it."""
    board: dict[str, Cell] = {}
    for item in given:
        for part in item.split(","):
            if not part.strip():
                continue
            try:
                move = parse_move_text(part)
            except IllegalMoveError as error:
                raise _bad_given(part, error.reason) from None
            person = case.find_person(move.person)
            if move.cell is None or person is None or not case.in_bounds(move.cell):
                raise _bad_given(part, Msg("personne et case du plateau attendues (Nom@R2C3)",
                                           "a person and a cell on the board are expected (Name@R2C3)"))
            if person in board:
                raise _bad_given(part, Msg(f"{person} est donné deux fois", f"{person} is given twice"))
            board[person] = move.cell
    return board


def _bad_given(part: str, reason: Msg) -> typer.BadParameter:
    text = part.strip()
    return typer.BadParameter(Msg(f"{text} : {reason.fr}", f"{text}: {reason.en}").text(), param_hint="--given")


@app.command(help=cli_help(
    "Donne la prochaine déduction à partir d'un plateau partiellement rempli.",
    "Give the next deduction from a partly filled board.",
))
def hint(
    case_file: CaseArg,
    given: Annotated[list[str] | None, typer.Option("--given", help=cli_help(
        "personne déjà placée, Nom@R2C3 (option répétable, ou plusieurs séparées par des virgules)",
        "a person already placed, Name@R2C3 (repeatable, or several separated by commas)",
    ))] = None,
    as_json: JsonOpt = False,
) -> None:
    """The next deduction from a partly filled board."""
    case = load_case(case_file)
    board = _given_board(case, given or [])
    found = hint_for(case, board)
    if as_json:  # the document the browser gets; a broken board still exits 1
        print_json(found.to_json(case))
        if found.status == "broken":
            raise MeepleError(found.message)
        return
    for number, step in enumerate(found.steps, 1):
        typer.echo(f"{number:3}. [{LEVEL_NAMES[step.level].text()}] {step.text.text()}")
    if found.status == "broken":  # one line on stderr, exit code 1
        raise MeepleError(found.message)
    typer.echo(found.message.text())


def generated_case_json(size: int, level: int, seed: int, with_solution: bool) -> dict[str, object]:
    """One generated case as its file's JSON: a batch task (module-level, so a worker process or a Ray
    node can run it; the case depends on its seed alone, wherever it runs)."""
    return case_to_json(generate_case(size, level, seed), with_solution=with_solution)


def _already_written(target: Path) -> bool:
    """Whether ``target`` holds a readable case (kept by ``--resume``; a file cut short is made again)."""
    try:
        load_case(target)
    except (MeepleError, OSError):
        return False
    return True


@app.command(help=cli_help(
    "Génère des enquêtes à solution unique, résolubles sans deviner, sans indice superflu. Compter de 0,1 à "
    "quelques secondes par enquête et par cœur (9×9 difficile : les plus longues).",
    "Generate cases with a unique solution, solvable without guessing, with no needless clue. Expect 0.1 s to "
    "a few seconds per case and per core (9×9 hard: the longest).",
))
def generate(
    size: Annotated[int, typer.Option("--size", help=cli_help(
        f"côté N du plateau N×N ({MIN_SIZE} à {MAX_SIZE})", f"side N of the N×N board ({MIN_SIZE} to {MAX_SIZE})"
    ))] = 6,
    difficulty: Annotated[str, typer.Option("--difficulty", help=cli_help(
        "difficulté : 1 ou facile, 2 ou moyen, 3 ou difficile, 4 ou expert",
        "difficulty: 1 or easy, 2 or medium, 3 or hard, 4 or expert"
    ))] = "1",
    seed: Annotated[int, typer.Option("--seed", help=cli_help("graine du hasard", "random seed"))] = 0,
    count: Annotated[int, typer.Option("--count", help=cli_help("nombre d'enquêtes", "number of cases"))] = 1,
    out: Annotated[Path | None, typer.Option("--out", help=cli_help(
        "fichier (.json) ou dossier de sortie (défaut : la sortie standard pour une enquête, le dossier courant "
        "pour plusieurs)",
        "output file (.json) or folder (default: standard output for one case, the current folder for several)",
    ))] = None,
    no_solution: Annotated[bool, typer.Option("--no-solution", help=cli_help(
        "n'écrit pas la réponse dans l'enquête", "leave the answer out of the case"
    ))] = False,
    jobs: JobsOpt = None,
    ray: RayOpt = False,
    ray_address: RayAddressOpt = None,
    resume: Annotated[bool, typer.Option("--resume", help=cli_help(
        "garde les enquêtes déjà écrites dans le dossier (reprend un lot interrompu)",
        "keep the cases already written in the folder (resume an interrupted batch)",
    ))] = False,
    as_json: JsonOpt = False,
) -> None:
    """Generate cases with a unique solution, solvable without guessing, with no needless clue."""
    try:
        level = parse_difficulty(difficulty)
    except MeepleError as error:
        raise typer.BadParameter(str(error), param_hint="--difficulty") from None
    # bad values are usage errors (exit 2), checked here so that the message comes in both languages
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise typer.BadParameter(Msg(f"{size} : de {MIN_SIZE} à {MAX_SIZE}", f"{size}: from {MIN_SIZE} to {MAX_SIZE}").text(),
                                 param_hint="--size")
    if count < 1:
        raise typer.BadParameter(Msg(f"{count} : au moins 1", f"{count}: at least 1").text(), param_hint="--count")
    if count > 1 and out is not None and out.suffix == ".json":
        raise typer.BadParameter(Msg(f"{out} : un dossier est attendu pour --count {count}",
                                     f"{out}: a folder is expected for --count {count}").text(), param_hint="--out")
    if count == 1 and out is None:
        try:
            data = generated_case_json(size, level, seed, not no_solution)
        except KeyboardInterrupt:
            _interrupted(as_json, {"count": 1, "written": 0, "files": []},
                         Msg("Interrompu : aucune enquête écrite.", "Interrupted: no case written."))
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
        return
    folder = out or Path(".")
    single_file = count == 1 and _names_a_file(folder)
    if not single_file:
        folder.mkdir(parents=True, exist_ok=True)
    targets = {str(seed + index): folder if single_file else folder / f"murder-{size}x{size}-d{level}-s{seed + index}.json"
               for index in range(count)}
    kept = {key for key, target in targets.items() if resume and _already_written(target)}
    tasks = [(key, (size, level, int(key), not no_solution)) for key in targets if key not in kept]
    backend = Backend.choose(ray, ray_address, jobs if jobs is not None or count > 1 else 1)
    written: list[str] = [key for key in targets if key in kept]
    try:
        results = run_batch(generated_case_json, tasks, backend)
        for key, data in track(results, len(tasks), Msg("Génération", "Generating").text()):
            targets[key].write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            written.append(key)
    except KeyboardInterrupt:
        done = len(written)
        _interrupted(as_json, {"folder": str(folder), "count": count, "kept": len(kept), "written": done,
                               "files": [str(targets[key]) for key in written]},
                     Msg(f"Interrompu : {done} sur {_cases(count, 'fr')} écrite{'s' if done > 1 else ''} dans {folder} ; "
                         "--resume continue le lot.",
                         f"Interrupted: {done} of {_cases(count, 'en')} written to {folder}; --resume continues the batch."))
    if as_json:
        print_json({"folder": str(folder), "count": count, "kept": len(kept), "written": count,
                    "files": [str(targets[key]) for key in targets], "interrupted": False})
        return
    _say(f"{_cases(count, 'fr')} écrite{'s' if count > 1 else ''} dans {folder}"
         + (f" (dont {len(kept)} déjà là)" if kept else ""),
         f"{_cases(count, 'en')} written to {folder}" + (f" ({len(kept)} already there)" if kept else ""))


def _names_a_file(out: Path) -> bool:
    """Whether ``--out`` names the one case's file (``case.json``) rather than a folder: a path with another
    suffix (``case.txt``) is neither, and a usage error rather than a folder made by mistake."""
    if out.is_dir():
        return False
    if out.suffix.lower() == ".json":
        return True
    if out.suffix:
        raise typer.BadParameter(Msg(f"{out} : un fichier .json ou un dossier est attendu",
                                     f"{out}: a .json file or a folder is expected").text(), param_hint="--out")
    return False


def _interrupted(as_json: bool, document: dict[str, JSON], message: Msg) -> NoReturn:
    """Ctrl-C: with ``--json`` still one document on standard output (``interrupted: true``), the sentence on
    standard error; exit 130 (docs/cli.md)."""
    if as_json:
        print_json({**document, "interrupted": True})
    typer.echo(message.text(), err=as_json)
    raise typer.Exit(130)


def _cases(count: int, language: str) -> str:
    """« 1 enquête », « 3 enquêtes » / "1 case", "3 cases"."""
    word = {"fr": "enquête", "en": "case"}[language]
    return f"{count} {word}{'s' if count > 1 else ''}"


@app.command(help=cli_help("Dessine l'enquête en SVG ou en PDF.", "Draw the case as SVG or PDF."))
def render(
    case_file: CaseArg,
    out: Annotated[Path, typer.Option("--out", help=cli_help(
        "fichier à écrire : .svg ou .pdf", "file to write: .svg or .pdf"
    ))],
    solution: Annotated[bool, typer.Option("--solution", help=cli_help("dessine aussi la réponse", "draw the answer too"))]
    = False,
    lang: LangOpt = None,
    paper: PaperOpt = None,
) -> None:
    """Draw the case as SVG or PDF."""
    _check_lang_and_paper(lang, paper)
    case = load_case(case_file)
    board = None
    if solution:
        board = answer_board(case)
        if board is None:
            raise MeepleError(Msg(f"{case_file} : aucune solution", f"{case_file}: no solution"))
    path = write_render(case, out, board, lang, paper)
    typer.echo(written(path))


def _check_lang_and_paper(lang: str | None, paper: str | None) -> None:
    if lang not in (None, "fr", "en"):
        raise typer.BadParameter(Msg(f"{lang} : fr ou en attendu", f"{lang}: fr or en expected").text(), param_hint="--lang")
    if paper not in (None, *PAPERS):
        raise typer.BadParameter(Msg(f"{paper} : a4 ou letter attendu", f"{paper}: a4 or letter expected").text(),
                                 param_hint="--paper")


def _parse_sizes(text: str) -> list[int]:
    """« 6-9 » or « 5,7,9 »."""
    try:
        if "-" in text:
            low, high = (int(part) for part in text.split("-"))
            sizes = list(range(low, high + 1))
        else:
            sizes = [int(part) for part in text.split(",")]
    except ValueError:
        sizes = []
    if not sizes or any(not MIN_SIZE <= size <= MAX_SIZE for size in sizes):
        raise typer.BadParameter(Msg(f"{text} : des tailles de {MIN_SIZE} à {MAX_SIZE}, comme 6-9 ou 5,7,9",
                                     f"{text}: sizes from {MIN_SIZE} to {MAX_SIZE}, such as 6-9 or 5,7,9").text(),
                                 param_hint="--sizes")
    return sizes


@app.command(help=cli_help(
    "Fait un livre PDF : page de titre, enquêtes de la plus facile à la plus difficile (une par page), "
    "solutions à la fin avec le nombre d'étapes. Même graine, même livre. Compter quelques secondes par enquête.",
    "Make a PDF book: a title page, cases from the easiest to the hardest (one a page), the solutions at the "
    "end with their number of steps. Same seed, same book. Expect a few seconds per case.",
))
def book(
    out: Annotated[Path, typer.Option("--out", help=cli_help("fichier .pdf à écrire", ".pdf file to write"))],
    count: Annotated[int, typer.Option("--count", help=cli_help(
        f"nombre d'enquêtes (1 à {MAX_BOOK_CASES})", f"number of cases (1 to {MAX_BOOK_CASES})"))] = 12,
    sizes: Annotated[str, typer.Option("--sizes", help=cli_help(
        "tailles, prises tour à tour : 6-9 ou 5,7,9", "sizes, taken in turn: 6-9 or 5,7,9"))] = "6-9",
    difficulty: Annotated[str, typer.Option("--difficulty", help=cli_help(
        "mixed (1, 2, 3, 4 tour à tour), 1 ou facile, 2 ou moyen, 3 ou difficile, 4 ou expert",
        "mixed (1, 2, 3, 4 in turn), 1 or easy, 2 or medium, 3 or hard, 4 or expert"))] = "mixed",
    seed: Annotated[int, typer.Option("--seed", help=cli_help("graine du hasard", "random seed"))] = 0,
    lang: LangOpt = None,
    paper: PaperOpt = None,
) -> None:
    """Make a PDF book of cases with their solutions at the end."""
    _check_lang_and_paper(lang, paper)
    level: int | None = None
    if difficulty.strip().lower() not in ("mixed", "mélangé", "melange"):
        try:
            level = parse_difficulty(difficulty)
        except MeepleError as error:
            raise typer.BadParameter(str(error), param_hint="--difficulty") from None
    if not 1 <= count <= MAX_BOOK_CASES:
        raise typer.BadParameter(Msg(f"{count} : de 1 à {MAX_BOOK_CASES}", f"{count}: from 1 to {MAX_BOOK_CASES}").text(),
                                 param_hint="--count")
    if out.suffix.lower() != ".pdf":
        raise typer.BadParameter(Msg(f"{out} : un fichier .pdf est attendu", f"{out}: a .pdf file is expected").text(),
                                 param_hint="--out")
    plan = book_plan(count, _parse_sizes(sizes), level, seed)
    entries = make_entries(plan, lambda items: track(items, len(plan), Msg("Enquêtes", "Cases").text()))
    pages = write_book(entries, out, paper or default_paper(), lang or get_language())
    typer.echo(f"{written(out)} ({pages} pages)")
