"""``meeple stealth``: solve, validate, play in the terminal, and draw levels as SVG.

LEVEL is a shipped level id (``1-1``) or the path of a level file.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from meeple.core.cli_i18n import cli_help, written
from meeple.core.cli_json import JsonOpt, print_json
from meeple.core.errors import FormatError, MeepleError, os_error_reason
from meeple.core.files import natural_key
from meeple.core.i18n import Msg, counted
from meeple.core.progress import track
from meeple.games.stealth import INFO
from meeple.games.stealth.analysis import BY_CODE, Analysis, analyse
from meeple.games.stealth.daily import daily_request, make_daily, parse_date
from meeple.games.stealth.engine import StealthGame
from meeple.games.stealth.generator import (
    DEFAULT_ATTEMPTS,
    MAX_ATTEMPTS,
    MAX_COUNT,
    RequestError,
    check_request,
    generate,
)
from meeple.games.stealth.level import MECHANIC_CODES, Level, parse_level
from meeple.games.stealth.measures import Measures
from meeple.games.stealth.render import capture_words, event_text, render_svg, render_text
from meeple.games.stealth.shipped import (
    load_level_file,
    load_shipped_level,
    shipped_level_ids,
    shipped_level_paths,
)
from meeple.games.stealth.solver import (
    DEFAULT_BUDGET,
    OBJECTIVES,
    STAR_WORDS,
    DoublingCheck,
    Solution,
    Transitions,
    action_text,
    doubling_check,
    hint,
    solve,
)
from meeple.games.stealth.validator import THRESHOLDS, design_applies, threshold_broken, validate

app = typer.Typer(
    help=cli_help(  # the first paragraph is the game's line in ``meeple --help``
        f"{INFO.title.fr} — {INFO.summary.fr}\n\nRésoudre, valider, dessiner et jouer des niveaux.",
        f"{INFO.title.en} — {INFO.summary.en}\n\nSolve, validate, draw and play levels.",
    ),
    no_args_is_help=True,
)
console = Console(highlight=False, soft_wrap=True)

def complete_level(incomplete: str) -> list[str]:
    """Shell completion of LEVEL: the shipped level ids that start with what is typed (none: the shell
    offers file names instead)."""
    return [level_id for level_id in shipped_level_ids() if level_id.startswith(incomplete)]


LevelArg = Annotated[str, typer.Argument(help=cli_help(
    "identifiant d'un niveau livré (1-1) ou chemin d'un fichier de niveau",
    "a shipped level id (1-1) or the path of a level file",
), autocompletion=complete_level)]
Budget = Annotated[int, typer.Option("--budget", min=1, help=cli_help(
    "nombre maximal d'états à explorer", "maximum number of states to explore"
))]
COLON = Msg(" :", ":")
"""A colon as each language writes it (French puts a space before it)."""


def open_level(name: str) -> Level:
    """A shipped level by id, or a level file by path."""
    path = Path(name)
    if path.suffix == ".json" or path.exists():
        return load_level_file(path)
    if name not in shipped_level_ids():
        raise MeepleError(Msg(f"{name} : ni un niveau livré ({', '.join(shipped_level_ids())}) ni un fichier",
                              f"{name}: neither a shipped level ({', '.join(shipped_level_ids())}) nor a file"))
    return load_shipped_level(name)




def _stars_text(stars: list[str]) -> str:
    return ", ".join(str(STAR_WORDS[star]) for star in stars)


def _moves_list(level: Level, solution: Solution) -> list[str]:
    return [action_text(level, action) for action in solution.actions]


def _moves_text(level: Level, solution: Solution) -> str:
    return " ".join(_moves_list(level, solution))


def solution_stars(level: Level, solution: Solution) -> list[str]:
    """The stars a solution earns when played."""
    game = StealthGame.from_level(level)
    for action in solution.actions:
        game.push(game.move_of(action))
    return game.stars()


@app.command("solve", help=cli_help(
    "Trouve la solution la plus courte, les étoiles qu'elle rapporte et la plus courte pour chaque objectif.",
    "Find the shortest solution, the stars it earns and the shortest one for each objective.",
))
def solve_command(level_name: LevelArg, budget: Budget = DEFAULT_BUDGET, as_json: JsonOpt = False) -> None:
    """The shortest solution, its stars, and the shortest solution for each objective."""
    level = open_level(level_name)
    cache: Transitions = {}  # the objectives share the moves already played out
    shortest = solve(level, "finish", budget, cache=cache)
    if not shortest.found:
        if as_json:
            print_json({"level": level.id, "title": str(level.title), "found": False,
                        "states_seen": shortest.stats.states_seen})
        raise MeepleError(Msg(f"{level.id} : aucune solution ({shortest.stats.states_seen} états explorés)",
                              f"{level.id}: no solution ({shortest.stats.states_seen} states explored)"))
    stars = solution_stars(level, shortest)
    others = {objective: solve(level, objective, budget, cache=cache) for objective in OBJECTIVES[1:]}
    if as_json:
        print_json({
            "level": level.id, "title": str(level.title), "found": True,
            "length": shortest.length, "moves": _moves_list(level, shortest), "stars": stars,
            "states_seen": shortest.stats.states_seen, "seconds": round(shortest.stats.seconds, 3),
            "objectives": {objective: {"found": best.found, "length": best.length if best.found else None,
                                       "moves": _moves_list(level, best) if best.found else None}
                           for objective, best in others.items()},
            "par": level.par, "par_reached": None if level.par is None else shortest.length <= level.par,
        })
        return
    console.print(f"{level.id} — {level.title}")
    console.print(f"{Msg('solution', 'solution')} ({shortest.length} {Msg('coups', 'moves')}){COLON} "
                  f"{_moves_text(level, shortest)}")
    console.print(f"{Msg('étoiles', 'stars')}{COLON} {_stars_text(stars)}")
    console.print(f"{Msg('états explorés', 'states explored')}{COLON} {shortest.stats.states_seen} "
                  f"({shortest.stats.seconds:.3f} s)")
    for objective, best in others.items():
        text = f"{best.length} {Msg('coups', 'moves')}{COLON} {_moves_text(level, best)}" if best.found else str(
            Msg("aucune solution", "no solution"))
        console.print(f"  {STAR_WORDS[objective]}{COLON} {text}")
    if level.par is not None:
        verdict = Msg("atteint", "reached") if shortest.length <= level.par else Msg("hors de portée", "out of reach")
        console.print(f"  par ({Msg('au plus', 'at most')} {level.par}){COLON} {shortest.length} {Msg('coups', 'moves')}, {verdict}")


@app.command("validate", help=cli_help(
    "Vérifie les règles de validation des niveaux et donne la raison de chaque échec.",
    "Check levels against the validation rules, giving the reason for each failure.",
))
def validate_command(
    target: Annotated[str | None, typer.Argument(help=cli_help(
        "niveau, fichier ou dossier (défaut : les niveaux livrés)", "level, file or folder (default: the shipped levels)"
    ), autocompletion=complete_level)] = None,
    budget: Budget = DEFAULT_BUDGET,
    doubling: Annotated[bool, typer.Option("--doubling", help=cli_help(
        "compte aussi les états atteignables selon que chaque ennemi neutralisable est intouchable ou retiré",
        "also count the reachable states with each neutralisable enemy untouchable or removed",
    ))] = False,
    as_json: JsonOpt = False,
) -> None:
    """Check levels against the validation rules, with the reason for each failure."""
    levels = _levels_of(target)
    failures = 0
    documents: list[dict[str, Any]] = []
    for level in track(levels, len(levels), str(Msg("validation", "validating"))):
        report = validate(level, budget)
        finish = report.solutions.get("finish")
        shortest = finish.length if finish and finish.found else None
        failures += not report.ok
        checks = doubling_check(level, budget) if doubling and report.solutions else []
        if as_json:
            documents.append({
                "level": level.id, "source": str(level.source), "ok": report.ok, "reachable": report.reachable,
                "neutralisable": list(report.neutralisable), "shortest": shortest,
                "problems": [str(problem) for problem in report.problems],
                **({"doubling": [_doubling_json(check) for check in checks]} if doubling else {}),
            })
            continue
        figures = (f"{Msg('états atteignables', 'reachable states')} {report.reachable}, "
                   f"{Msg('neutralisables', 'neutralisable')} {len(report.neutralisable)}, "
                   f"{Msg('plus courte', 'shortest')} {'—' if shortest is None else shortest}")
        mark = "[green]✓[/green]" if report.ok else "[red]✗[/red]"
        console.print(f"{mark} {level.id} ({figures})")
        for problem in report.problems:
            console.print(f"    {level.source}: {problem}", markup=False)
        _print_doubling(checks)
    if as_json:
        print_json({"levels": documents, "total": len(levels), "invalid": failures})
    if failures:
        invalid = counted(failures, ("niveau invalide", "niveaux invalides"), ("", ""))
        total = counted(len(levels), ("", ""), ("level", "levels"))
        raise MeepleError(Msg(f"{invalid.fr} sur {len(levels)}", f"{failures} of {total.en} invalid"))


def _doubling_json(check: DoublingCheck) -> dict[str, Any]:
    return {"enemy": check.enemy, "reachable": check.reachable, "untouchable": check.untouchable,
            "removed": check.removed, "holds": check.holds, "ratio": round(check.ratio, 4)}


def _print_doubling(checks: list[DoublingCheck]) -> None:
    for check in checks:
        mark = "✓" if check.holds else "✗"
        seed = str(Msg(f"{check.seed_ratio:.2f}".replace(".", ","), f"{check.seed_ratio:.2f}"))
        ratio = str(Msg(f"{check.ratio:.2f}".replace(".", ","), f"{check.ratio:.2f}"))
        console.print(f"    {mark} {check.enemy}: R={check.reachable} ≤ 2 × max({check.untouchable} "
                      f"{Msg('si intouchable', 'if untouchable')}, {check.removed} {Msg('si retiré', 'if removed')}) "
                      f"— {Msg('rapport', 'ratio')} {ratio}, {Msg('contre intouchable seul', 'against untouchable alone')} {seed}",
                      markup=False)


def _levels_of(target: str | None) -> list[Level]:
    if target is None:
        return [load_level_file(path) for path in shipped_level_paths()]
    path = Path(target)
    if path.is_dir():
        # number order, as the shipped levels: 1-2 before 1-10
        files = sorted(path.rglob("*.json"), key=lambda file: natural_key(str(file.relative_to(path))))
        if not files:
            raise MeepleError(Msg(f"{target} : aucun fichier .json", f"{target}: no .json file"))
        return [load_level_file(file) for file in files]
    if not path.exists() and path.suffix != ".json" and target not in shipped_level_ids():
        shipped = ", ".join(shipped_level_ids())
        raise MeepleError(Msg(f"{target} : ni un niveau livré ({shipped}), ni un fichier, ni un dossier",
                              f"{target}: neither a shipped level ({shipped}) nor a file nor a folder"))
    return [open_level(target)]


@app.command("analyse", help=cli_help(
    "Dit quelles mécaniques du niveau sont nécessaires (résolu sans chacune) et donne les chiffres du solveur.",
    "Tell which of the level's mechanics are needed (solved without each one) and give the solver's figures.",
))
def analyse_command(
    level_name: LevelArg,
    budget: Budget = DEFAULT_BUDGET,
    as_json: JsonOpt = False,
) -> None:
    """The mechanic table (present, needed, par with and without) and the solver's figures."""
    level = open_level(level_name)
    result = analyse(level, budget)
    if as_json:
        print_json(result.to_json())
        return
    console.print(f"{level.id} — {level.title}")
    figures = result.figures
    if figures.par is None:
        raise MeepleError(Msg(f"{level.id} : aucune solution ({figures.reachable} états atteignables)",
                              f"{level.id}: no solution ({figures.reachable} reachable states)"))
    console.print(analysis_table(result))
    for line in _transformations_text(result):
        console.print(line, markup=False)
    yes, no = str(Msg("oui", "yes")), str(Msg("non", "no"))
    lines = [
        (Msg("états atteignables", "reachable states"), f"{figures.reachable}"),
        (Msg("par (plus courte solution)", "par (shortest solution)"), f"{figures.par}"),
        (Msg("solutions optimales distinctes", "distinct optimal solutions"), f"{figures.optimal_solutions}"),
        (Msg("impasses (positions sans issue)", "dead ends (positions with no way out)"),
         str(Msg(f"{figures.dead_ends * 100:.1f} %", f"{figures.dead_ends * 100:.1f}%"))),
        (Msg("branchement moyen", "mean branching"), f"{figures.branching:.2f}"),
        (Msg("enseigne", "teaches"), ", ".join(level.teaches) or "—"),
    ]
    for label, value in lines:
        console.print(f"{label}{COLON} {value}", markup=False)
    missing = [code for code in level.teaches if code not in result.needed()]
    console.print(f"{Msg('leçons nécessaires', 'lessons needed')}{COLON} {no if missing else yes}"
                  + (f" ({', '.join(missing)})" if missing else ""), markup=False)
    if result.measures is not None:
        for line in measures_text(level, result.measures):
            console.print(line, markup=False)


def _percent(share: float) -> str:
    return str(Msg(f"{share * 100:.0f} %", f"{share * 100:.0f}%"))


def measures_text(level: Level, found: Measures) -> list[str]:
    """The design measures (R26) and the thresholds, one line each, in the player's language."""
    yes, no = str(Msg("oui", "yes")), str(Msg("non", "no"))
    greedy = (Msg("gagne", "wins") if found.greedy.won else Msg("perd", "loses"))
    lines = [
        str(Msg("mesures de conception", "design measures")) + COLON.text(),
        f"  {Msg('joueur prudent au hasard', 'random cautious player')} "
        f"({Msg('en', 'within')} {found.horizon} {Msg('coups', 'moves')}){COLON} {_percent(found.random_cautious)} "
        f"{Msg('de victoires', 'wins')}",
        f"  {Msg('joueur glouton vers la sortie', 'greedy exit-seeker')}{COLON} {greedy} ({' '.join(found.greedy.path) or '—'})",
        f"  {Msg('solutions optimales', 'optimal solutions')}{COLON} {found.optimal_solutions}",
        f"  {Msg('avec un aller-retour de remplissage', 'with a back-and-forth filler step')}{COLON} "
        f"{found.filler.solutions} ({Msg('au moins', 'at least')} {found.filler.least} {Msg('par solution', 'per solution')})",
        f"  {Msg('nœuds sur une solution optimale', 'nodes on some optimal solution')}{COLON} {_percent(found.node_share)}",
        f"  {Msg('culs-de-sac inutiles', 'dead stubs')}{COLON} {', '.join(found.dead_stubs) or '—'}",
    ]
    for star in found.stars:
        if star.declared:
            shortest = "—" if star.shortest is None else str(star.shortest)
            lines.append(f"  {Msg('étoile', 'star')} {STAR_WORDS[star.star]}{COLON} {Msg('plus courte', 'shortest')} {shortest}, "
                         f"{Msg('gagnée par une course au par', 'earned by a par run')} {yes if star.by_par_run else no}")
    pairs = ", ".join(f"{STAR_WORDS[a]} + {STAR_WORDS[b]}" for a, b in found.exclusive) or "—"
    lines.append(f"  {Msg('étoiles qui s’excluent', 'stars that exclude each other')}{COLON} {pairs}")
    broken = threshold_broken(level, found)
    applies = design_applies(level)
    lines.append(str(Msg("seuils de conception", "design thresholds"))
                 + ("" if applies else str(Msg(" (non exigés ici : ils valent après l'acte 1)",
                                               " (not required here: they hold beyond act 1)"))) + COLON.text())
    for code, limit in THRESHOLDS.items():
        mark = "✗" if code in broken else "✓"
        waived = level.waivers.get(code)
        note = f" — {Msg('dérogation', 'waiver')}{COLON} {waived}" if waived else ""
        lines.append(f"  {mark} {code}{COLON} {limit}{note}")
    return lines


def analysis_table(result: Analysis) -> Table:
    """The mechanic table as Rich draws it: one row per mechanic, what taking it away does below it."""
    table = Table(show_header=True, header_style="bold")
    for title in (Msg("mécanique", "mechanic"), Msg("présente", "present"), Msg("nécessaire", "needed"),
                  Msg("par avec", "par with"), Msg("par sans", "par without")):
        table.add_column(str(title))
    yes, no = str(Msg("oui", "yes")), str(Msg("non", "no"))
    for row in result.mechanics:
        if not row.present:
            table.add_row(row.code, no, "—", "—", "—", style="dim")
            continue
        without = str(row.par_without) if row.solvable_without else str(Msg("insoluble", "unsolvable"))
        table.add_row(row.code, yes, f"[bold green]{yes}[/]" if row.needed else no, str(row.par_with), without)
    return table


def _transformations_text(result: Analysis) -> list[str]:
    return [f"  {row.code}{COLON} {BY_CODE[row.code].name} — {Msg('sans', 'without')}{COLON} {BY_CODE[row.code].without}"
            for row in result.mechanics if row.present]


@app.command("generate", help=cli_help(
    "Crée des niveaux au hasard et ne garde que ceux que le validateur accepte et où chaque mécanique demandée est "
    "nécessaire ; même graine, mêmes niveaux.",
    "Make random levels and keep only those the validator accepts and where every requested mechanic is needed; "
    "same seed, same levels.",
))
def generate_command(
    mechanics: Annotated[str, typer.Option("--mechanics", help=cli_help(
        f"mécaniques nécessaires, séparées par des virgules, parmi {', '.join(MECHANIC_CODES)}",
        f"mechanics that must be needed, comma-separated, among {', '.join(MECHANIC_CODES)}"))],
    out: Annotated[Path, typer.Option("--out", help=cli_help("dossier où écrire les niveaux", "folder to write the levels to"))],
    seed: Annotated[int, typer.Option("--seed", help=cli_help("graine du hasard", "random seed"))] = 1,
    difficulty: Annotated[int, typer.Option("--difficulty", help=cli_help("difficulté de 1 à 5", "difficulty 1 to 5"))] = 1,
    count: Annotated[int, typer.Option("--count", help=cli_help(
        f"nombre de niveaux (1 à {MAX_COUNT})", f"number of levels (1 to {MAX_COUNT})"))] = 1,
    attempts: Annotated[int, typer.Option("--attempts", help=cli_help(
        f"essais au plus par niveau (1 à {MAX_ATTEMPTS})", f"attempts at most per level (1 to {MAX_ATTEMPTS})"))
    ] = DEFAULT_ATTEMPTS,
    conflict: Annotated[bool, typer.Option("--conflict", help=cli_help(
        "seulement des niveaux où l'étoile par exclut une étoile bonus (fantôme ou rafle)",
        "only levels where the par star excludes a bonus star (ghost or sweep)"))] = False,
    as_json: JsonOpt = False,
) -> None:
    """Generate validated levels into ``out``."""
    codes = [code.strip() for code in mechanics.split(",") if code.strip()]
    try:
        request = check_request(seed, codes, difficulty, count, attempts, conflict)
    except RequestError as error:  # a bad option value is a usage error (docs/cli.md)
        raise typer.BadParameter(error.reason.text(), param_hint=error.option) from None
    if out.exists() and not out.is_dir():
        raise typer.BadParameter(str(Msg(f"{out} : un dossier est attendu", f"{out}: a folder is expected")),
                                 param_hint="--out")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = os_error_reason(error)
        raise MeepleError(Msg(f"{out} : création impossible ({reason.fr})", f"{out}: cannot create ({reason.en})")) from None
    started = time.perf_counter()
    levels = generate(request)
    made_json: list[dict[str, Any]] = []
    interrupted = False
    try:
        for made in track(levels, count, str(Msg("génération", "generating"))):
            path = out / f"{made.document['id']}.json"
            path.write_text(json.dumps(made.document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            made_json.append({"file": str(path), "level": made.document["id"], "difficulty": made.difficulty,
                              "par": made.figures.par, "reachable": made.figures.reachable, "attempts": made.attempts})
            if not as_json:
                console.print(f"{written(path)} — {Msg('difficulté', 'difficulty')} {made.difficulty}, "
                              f"par {made.figures.par}, {counted(made.figures.reachable, ('état', 'états'), ('state', 'states'))}, "
                              f"{counted(made.attempts, ('essai', 'essais'), ('attempt', 'attempts'))}", markup=False)
    except KeyboardInterrupt:  # Ctrl-C: the levels written so far are kept, and said (docs/cli.md)
        interrupted = True
    seconds = time.perf_counter() - started
    if as_json:
        print_json({"levels": made_json, "count": len(made_json), "seconds": round(seconds, 1),
                    "interrupted": interrupted})
    else:
        made_count = counted(len(made_json), ("niveau", "niveaux"), ("level", "levels"))
        console.print(str(Msg(f"{made_count.fr} en {seconds:.1f} s".replace(".", ","), f"{made_count.en} in {seconds:.1f} s"))
                      + (Msg(" — interrompu", " — interrupted").text() if interrupted else ""))
    if interrupted:
        raise typer.Exit(130)


@app.command("daily", help=cli_help(
    "Le niveau du jour : le même pour tout le monde à une date (généré, validé) ; l'écrit dans un fichier avec --out.",
    "The daily level: the same for everyone on a date (generated, validated); written to a file with --out.",
))
def daily_command(
    date: Annotated[str | None, typer.Option("--date", help=cli_help(
        "la date AAAA-MM-JJ (défaut : aujourd'hui)", "the date YYYY-MM-DD (default: today)"))] = None,
    out: Annotated[Path | None, typer.Option("--out", help=cli_help(
        "fichier où écrire le niveau (JSON)", "file to write the level to (JSON)"))] = None,
    as_json: JsonOpt = False,
) -> None:
    """Print (or write) the daily level of a date."""
    try:
        day = parse_date(date, "--date") if date is not None else dt.date.today()
    except FormatError as error:
        raise typer.BadParameter(error.reason.text(), param_hint="--date") from None
    made = make_daily(day)
    level = parse_level(made.document, f"daily {day.isoformat()}")
    if out is not None:
        try:
            out.write_text(json.dumps(made.document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            reason = os_error_reason(error)
            raise MeepleError(Msg(f"{out} : écriture impossible ({reason.fr})", f"{out}: cannot write ({reason.en})")) from None
    mechanics, difficulty, _seed = daily_request(day)
    if as_json:
        print_json({"date": day.isoformat(), "mechanics": list(mechanics), "difficulty": difficulty,
                    "par": level.par, "stars": list(level.stars), "reachable": made.figures.reachable,
                    "file": str(out) if out is not None else None, "level": made.document})
        return
    console.print(f"{level.title} — {Msg('difficulté', 'difficulty')} {difficulty}, par {level.par}, "
                  f"{Msg('étoiles', 'stars')}{COLON} {_stars_text(list(level.stars))}", markup=False)
    console.print(str(level.hint), markup=False)
    if out is not None:
        console.print(written(out), markup=False)
    else:
        console.print(render_text(StealthGame.from_level(level)), markup=False)


@app.command("show", help=cli_help("Dessine un niveau en texte ou en SVG.", "Draw a level as text or SVG."))
def show_command(
    level_name: LevelArg,
    svg: Annotated[Path | None, typer.Option("--svg", help=cli_help(
        "écrit le plateau dans ce fichier SVG", "write the board to this SVG file"
    ))] = None,
    moves: Annotated[str, typer.Option("--moves", help=cli_help(
        "coups à jouer d'abord, séparés par des virgules", "moves to play first, comma-separated"
    ))] = "",
) -> None:
    """Draw a level as text or SVG."""
    game = StealthGame.from_level(open_level(level_name))
    for text in filter(None, (part.strip() for part in moves.split(","))):
        game.push(game.parse_move(text))
    if svg is None:
        console.print(render_text(game), markup=False)
    else:
        svg.write_text(render_svg(game), encoding="utf-8")
        console.print(written(svg), markup=False)


HELP = Msg(
    "Coups : NŒUD | throw NŒUD | undo [TOUR] | preview NŒUD | preview throw NŒUD | hint | svg FICHIER | quit",
    "Moves: NODE | throw NODE | undo [TURN] | preview NODE | preview throw NODE | hint | svg FILE | quit",
)


@app.command("play", help=cli_help("Joue un niveau dans le terminal.", "Play a level in the terminal."))
def play_command(level_name: LevelArg) -> None:
    """Play a level in the terminal."""
    game = StealthGame.from_level(open_level(level_name))
    console.print(str(game.level.hint), markup=False)
    console.print(str(HELP), markup=False)
    console.print(render_text(game), markup=False)
    while True:
        try:
            command = input("> ").strip()
        except EOFError:
            console.print()  # Ctrl-D: the shell's prompt starts on a line of its own
            break
        if command in ("quit", "q"):
            break
        if not command:
            continue
        try:
            _play_one(game, command)
        except MeepleError as error:
            console.print(f"[red]{error}[/red]")
    outcome = game.outcome()
    if outcome is not None and outcome.winners:
        console.print(f"{Msg('étoiles', 'stars')}{COLON} {_stars_text(game.stars())}")


def _play_one(game: StealthGame, command: str) -> None:
    words = command.split()
    if words[0] == "help":
        console.print(str(HELP), markup=False)
        return
    if words[0] == "undo":
        if len(words) > 2 or (len(words) == 2 and not words[1].isdigit()):
            raise MeepleError(Msg("« undo » ou « undo TOUR » (un nombre)", "'undo' or 'undo TURN' (a number)"))
        if len(words) == 2:
            game.undo_to(int(words[1]))
        else:
            game.pop()
    elif words[0] == "preview":
        if len(words) == 1:
            raise MeepleError(Msg("« preview NŒUD » ou « preview throw NŒUD » attendu",
                                  "'preview NODE' or 'preview throw NODE' expected"))
        console.print(_preview_text(game.preview(game.parse_move(" ".join(words[1:])))), markup=False)
        return
    elif words[0] == "hint":
        action = hint(game.level, game.state)
        text = game.move_text(game.move_of(action)) if action else Msg("la sortie est hors d'atteinte", "the exit is out of reach")
        console.print(f"{Msg('indice', 'hint')}{COLON} {text}", markup=False)
        return
    elif words[0] == "svg":
        if len(words) != 2:
            raise MeepleError(Msg("« svg FICHIER » attendu (un fichier)", "'svg FILE' expected (one file)"))
        try:
            Path(words[1]).write_text(render_svg(game), encoding="utf-8")
        except OSError as error:
            reason = os_error_reason(error)
            raise MeepleError(Msg(f"{words[1]} : écriture impossible ({reason.fr})",
                                  f"{words[1]}: cannot write ({reason.en})")) from None
        console.print(written(words[1]), markup=False)
        return
    else:
        game.push(game.parse_move(command))
        for event in game.reports[-1]:
            console.print(f"  · {event_text(event)}", markup=False)
    console.print(render_text(game), markup=False)
    outcome = game.outcome()
    if outcome is not None:
        console.print(f"{outcome.reason} — {Msg('« undo » pour revenir', 'type undo to go back')}")


def _preview_text(preview: dict[str, Any]) -> str:
    parts = [f"{Msg('aperçu', 'preview')} {preview['text']}{COLON}"]
    if preview["neutralises"]:
        parts.append(f"✋ {Msg('neutralise', 'neutralises')} {', '.join(preview['neutralises'])}")
    if preview["capture"]:
        who, how = capture_words(preview["capture"])
        capture = preview["capture"]
        parts.append(f"{Msg('CAPTURE', 'CAPTURE')} ({who}, {how}) "
                     f"{Msg('par', 'by')} {', '.join(capture['by'])}")
    if preview["win"]:
        parts.append(str(Msg("sortie atteinte", "exit reached")))
    if len(parts) == 1:
        parts.append(str(Msg("rien de notable", "nothing happens")))
    return " ".join(parts)
