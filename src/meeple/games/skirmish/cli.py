"""``meeple skirmish …``: movement adjudication and games on the command line.

SCENARIO is a shipped scenario name (``meeple skirmish scenarios``), a scenario file, or a game record
saved by ``play --save`` (then ``reach`` and ``check`` work on the position where the record stops).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from meeple.core.cli_i18n import cli_help, written
from meeple.core.cli_json import JsonOpt, print_json
from meeple.core.errors import IllegalMoveError, MeepleError
from meeple.core.files import read_json
from meeple.core.i18n import Msg, counted
from meeple.core.progress import track
from meeple.core.rng import fresh_seed, make_rng
from meeple.games.skirmish import INFO
from meeple.games.skirmish.ai import DEFAULT_LEVEL, LEVELS, choose_move
from meeple.games.skirmish.engine import Action, SkirmishGame, parse_cell
from meeple.games.skirmish.movement import Adjudicator, Reach
from meeple.games.skirmish.render import destinations_table, fighters_table, legend, render_grid, render_svg
from meeple.games.skirmish.scenario import (
    MAX_SIDE,
    load_scenario,
    parse_scenario,
    random_scenario,
    shipped_scenarios,
)

app = typer.Typer(
    name="skirmish",
    help=cli_help(  # the first paragraph is the game's line in ``meeple --help``
        f"{INFO.title.fr} — {INFO.summary.fr}\n\n"
        "Scénarios, déplacements autorisés et vérification des chemins, parties contre l'ordinateur.",
        f"{INFO.title.en} — {INFO.summary.en}\n\n"
        "Scenarios, legal moves and path checks, games against the computer.",
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)
error_console = Console(stderr=True, highlight=False)

def complete_scenario(incomplete: str) -> list[str]:
    """Shell completion of SCENARIO: the shipped scenario names that start with what is typed (none: the
    shell offers file names instead)."""
    return [name for name in shipped_scenarios() if name.startswith(incomplete)]


ScenarioArg = Annotated[str, typer.Argument(help=cli_help(
    "nom d'un scénario fourni, fichier de scénario ou partie enregistrée",
    "a shipped scenario's name, a scenario file or a saved game",
), autocompletion=complete_scenario)]
FighterArg = Annotated[str, typer.Argument(help=cli_help("identifiant du combattant (R1, B2…)", "fighter id (R1, B2…)"))]
SvgOpt = Annotated[Path | None, typer.Option(help=cli_help(
    "écrit aussi l'image dans ce fichier SVG", "also draw the picture in this SVG file"
))]
COLON = Msg(" :", ":")
"""A colon as each language writes it (French puts a space before it)."""


def open_game(source: str) -> SkirmishGame:
    """A game from a shipped scenario name, a scenario file or a game record file."""
    if source in shipped_scenarios():
        return SkirmishGame.new({"scenario": source})
    path = Path(source)
    if not path.exists():
        load_scenario(source)  # raises the error naming the known scenarios
    data: Any = read_json(path)
    if isinstance(data, dict) and data.get("format") == "meeple-record":
        return SkirmishGame.from_record(data, source)
    parse_scenario(data, source)  # errors name the file and the field
    return SkirmishGame.new({"scenario": data})


def _wrote(path: Path, as_json: bool = False) -> None:
    """« Écrit : FILE » after a file is written; on standard error when standard output carries JSON."""
    (error_console if as_json else console).print(written(path), markup=False)


def _print_board(game: SkirmishGame, reach: Any = None) -> None:
    console.print(render_grid(game.field, game.scenario.objectives, reach))
    console.print(legend())


def _parse_path(words: list[str]) -> list[tuple[int, int]]:
    try:
        cells = [parse_cell(word) for text in words for word in text.replace(";", " ").split()]
    except IllegalMoveError as error:  # a malformed cell is a usage error (exit 2), not an illegal move
        raise typer.BadParameter(error.reason.text(), param_hint="PATH") from None
    if not cells:
        raise typer.BadParameter(str(Msg("chemin vide", "empty path")), param_hint="PATH")
    return cells


@app.command(help=cli_help("Liste les scénarios fournis.", "List the shipped scenarios."))
def scenarios(as_json: JsonOpt = False) -> None:
    """List the shipped scenarios."""
    loaded = [load_scenario(name) for name in shipped_scenarios()]
    if as_json:
        print_json({"scenarios": [_scenario_json(scenario) for scenario in loaded]})
        return
    for name, scenario in zip(shipped_scenarios(), loaded, strict=True):
        fighters = counted(len(scenario.fighters), ("combattant", "combattants"), ("fighter", "fighters"))
        rounds = counted(scenario.rounds, ("manche", "manches"), ("round", "rounds"))
        size = f"{fighters}, {rounds}"
        console.print(f"[bold]{name}[/bold]  {scenario.title}  ({scenario.ground.width}×{scenario.ground.height}, {size})")


@app.command(help=cli_help("Vérifie un fichier de scénario.", "Check a scenario file."))
def validate(file: Annotated[Path, typer.Argument(help=cli_help("fichier de scénario", "scenario file"))],
             as_json: JsonOpt = False) -> None:
    """Check a scenario file (an invalid one is an error naming the field: exit 1)."""
    scenario = load_scenario(str(file))
    if as_json:
        print_json({"valid": True, **_scenario_json(scenario)})
        return
    fighters = counted(len(scenario.fighters), ("combattant", "combattants"), ("fighter", "fighters"))
    console.print(str(Msg(f"valide : {scenario.name}, {scenario.ground.width}×{scenario.ground.height}, {fighters.fr}",
                          f"valid: {scenario.name}, {scenario.ground.width}×{scenario.ground.height}, {fighters.en}")))


def _scenario_json(scenario: Any) -> dict[str, Any]:
    """The fields ``scenarios --json`` and ``validate --json`` give for one scenario (docs/cli.md)."""
    return {"name": scenario.name, "title": str(scenario.title), "width": scenario.ground.width,
            "height": scenario.ground.height, "fighters": len(scenario.fighters), "rounds": scenario.rounds}


@app.command(help=cli_help("Crée un scénario aléatoire (JSON).", "Make a random scenario (JSON)."))
def generate(
    seed: Annotated[int, typer.Option(help=cli_help("graine du hasard", "random seed"))] = 1,
    width: Annotated[int, typer.Option(help=cli_help("largeur du terrain (6 à 32)", "width of the ground (6 to 32)"))]
    = 16,
    height: Annotated[int, typer.Option(help=cli_help("hauteur du terrain (4 à 32)", "height of the ground (4 to 32)"))]
    = 10,
    per_side: Annotated[int, typer.Option(help=cli_help(
        "combattants par camp (au plus la hauteur, et 8)", "fighters per side (at most the height, and 8)"
    ))] = 4,
    rounds: Annotated[int, typer.Option(min=1, max=99, help=cli_help(
        "nombre de manches (1 à 99)", "number of rounds (1 to 99)"
    ))] = 6,
    out: Annotated[Path | None, typer.Option(help=cli_help(
        "fichier de sortie (sinon la sortie standard)", "output file (else standard output)"
    ))] = None,
) -> None:
    """Make a random scenario (JSON)."""
    try:
        data = random_scenario(seed, width, height, per_side, rounds)
    except ValueError:
        raise typer.BadParameter(str(Msg(
            f"il faut 6 ≤ largeur ≤ {MAX_SIDE}, 4 ≤ hauteur ≤ {MAX_SIDE} et 1 ≤ combattants par camp ≤ hauteur (et 8)",
            f"need 6 ≤ width ≤ {MAX_SIDE}, 4 ≤ height ≤ {MAX_SIDE} and 1 ≤ fighters per side ≤ height (and 8)"))) from None
    parse_scenario(data, "generated")
    text = json.dumps(data, ensure_ascii=False, indent=1)
    if out is None:
        print(text)
    else:
        out.write_text(text + "\n", encoding="utf-8")
        _wrote(out)


@app.command(help=cli_help(
    "Affiche le terrain, les zones de contrôle et les combattants.",
    "Show the battlefield, its zones of control and its fighters.",
))
def show(scenario: ScenarioArg, svg: SvgOpt = None) -> None:
    """Show the battlefield, its zones of control and its fighters."""
    game = open_game(scenario)
    title = f"{game.scenario.title} — {Msg('manche', 'round')} {min(game.state.round, game.scenario.rounds)}/" \
            f"{game.scenario.rounds}, {Msg('score', 'score')} {game.score()[0]}–{game.score()[1]}"
    if svg is not None:
        svg.write_text(render_svg(game.field, game.scenario.objectives, caption=title), encoding="utf-8")
        _wrote(svg)
    console.print(f"[bold]{title}[/bold]")
    if str(game.scenario.description):
        console.print(str(game.scenario.description))
    _print_board(game)
    console.print(fighters_table(game.field, game.scenario.sides))


@app.command(help=cli_help(
    "Montre où un combattant peut aller (zones de contrôle grisées, issues marquées).",
    "Show where a fighter may go (zones of control shaded, outcomes marked).",
))
def reach(
    scenario: ScenarioArg,
    fighter: FighterArg,
    as_json: JsonOpt = False,
    listing: Annotated[bool, typer.Option("--list", help=cli_help(
        "liste les chemins et leurs coûts", "list the paths and their costs"
    ))] = False,
    svg: SvgOpt = None,
    to: Annotated[str | None, typer.Option(help=cli_help(
        "montre le chemin vers la case x,y", "show the path to cell x,y"
    ))] = None,
) -> None:
    """Show where a fighter may go (zones of control shaded, outcomes marked)."""
    game = open_game(scenario)
    result = game.reachable(fighter)
    path: tuple[tuple[int, int], ...] = ()
    if to is not None:
        path = _path_to(game, fighter, result, to)
    summary = _reach_summary(result)
    if svg is not None:
        svg.write_text(render_svg(game.field, game.scenario.objectives, result, path, caption=summary), encoding="utf-8")
        _wrote(svg, as_json)
    if as_json:
        print_json(result.to_json())
        return
    console.print(render_grid(game.field, game.scenario.objectives, result, path))
    console.print(legend())
    console.print(summary)
    if path:
        destination = result.destinations[path[-1]]
        console.print(f"{Msg('vers', 'to')} {to}{COLON} {destination.cost} {Msg('PM', 'MP')}, {destination.outcome.text()}"
                      f"{Msg(' ;', ';')} "
                      f"{Msg('chemin', 'path')} {' '.join(f'{x},{y}' for x, y in path)}")
    if listing:
        console.print(destinations_table(result))


def _reach_summary(result: Reach) -> str:
    """``R1: 23 destinations, 14 MP  held by B1  ignores B2`` in the current language."""
    held = f"  {Msg('tenu par', 'held by')} {', '.join(result.held_by)}" if result.held_by else ""
    ignoring = f"  {Msg('ignore', 'ignores')} {', '.join(result.ignoring)}" if result.ignoring else ""
    return (f"{result.fighter}{COLON} {len(result.destinations)} {Msg('destinations', 'destinations')}, "
            f"{result.allowance} {Msg('PM', 'MP')}{held}{ignoring}")


def _path_to(game: SkirmishGame, fighter: str, result: Reach, text: str) -> tuple[tuple[int, int], ...]:
    """The path ``reachable()`` found to the cell ``text``; an error naming the rule when it is out of reach."""
    try:
        cell = parse_cell(text)
    except IllegalMoveError as error:  # an option, not a move: name the option
        raise typer.BadParameter(error.reason.text(), param_hint="--to") from None
    destination = result.destinations.get(cell)
    if destination is None:
        rule, reason = Adjudicator(game.field, fighter).why_unreachable(cell)
        raise IllegalMoveError(f"{fighter} {text}", Msg(f"hors d'atteinte : règle {rule} : {reason.fr}",
                                                        f"out of reach: rule {rule}: {reason.en}"))
    return destination.path


@app.command("check", help=cli_help(
    "Dit si un chemin est légal ; sinon, donne le premier pas illégal et la règle enfreinte.",
    "Tell whether a path is legal; if not, give the first illegal step and the rule it breaks.",
))
def check_path(
    scenario: ScenarioArg,
    fighter: FighterArg,
    path: Annotated[list[str], typer.Argument(help=cli_help(
        "cases après le départ : 3,4 4,5 …", "cells after the start: 3,4 4,5 …"
    ))],
    as_json: JsonOpt = False,
    svg: Annotated[Path | None, typer.Option(help=cli_help(
        "dessine le chemin dans ce fichier SVG", "draw the path in this SVG file"
    ))] = None,
) -> None:
    """Tell whether a path is legal; if not, the first illegal step and the rule it breaks."""
    game = open_game(scenario)
    cells = _parse_path(path)
    if len(cells) > 1 and cells[0] == game.fighter(fighter).cell:
        cells = cells[1:]  # the start cell may be given too
    result = game.check(fighter, cells)
    if svg is not None:
        bad_step = None if result.error is None or result.error.at_end else result.error.step
        svg.write_text(render_svg(game.field, game.scenario.objectives, None, cells, bad_step,
                                  f"{fighter}: {result.message()}", fighter), encoding="utf-8")
        _wrote(svg, as_json)
    if as_json:
        print_json(result.to_json())
    if result.error is not None:
        raise IllegalMoveError(f"{fighter} {' '.join(path)}", result.error.message())
    if not as_json:
        console.print(str(result.message()))


HELP = Msg(
    "coups : « R1 5,3 » (case d'arrivée), « R1 2,3 3,3 4,3 » (chemin), « R1 hold », « R1 attack B2 » ;\n"
    "commandes : reach ID, hint (conseil de l'ordinateur), board, undo, help, quit",
    "moves: 'R1 5,3' (end cell), 'R1 2,3 3,3 4,3' (path), 'R1 hold', 'R1 attack B2';\n"
    "commands: reach ID, hint (the computer's advice), board, undo, help, quit",
)


def _describe(game: SkirmishGame) -> str:
    view = game.view(None)
    last = view["last_move"]
    if not last:
        return ""
    if last["outcome"]:
        return f"{last['text']} → {Msg(**last['outcome']['text'])}"
    if last["damage"] is not None:
        removed = f", {last['removed']} {Msg('hors de combat', 'out of action')}" if last["removed"] else ""
        return f"{last['text']} ({last['damage']} {Msg('dégât', 'damage')}{removed})"
    return str(last["text"])


def _status(game: SkirmishGame) -> str:
    side = game.to_move()
    assert side is not None
    score = game.score()
    return (f"{Msg('manche', 'round')} {game.state.round}/{game.scenario.rounds}  "
            f"{Msg('score', 'score')} {score[0]}–{score[1]}  {game.scenario.sides[side]} "
            f"({' '.join(game.can_act())})")


def _human_turn(game: SkirmishGame, computer: frozenset[int] = frozenset(), level: str = DEFAULT_LEVEL) -> bool:
    """Read and play one human command; returns False when the player quits.

    ``undo`` takes back the computer's replies too, down to the player's own last action (else the
    computer would at once play its undone action again); ``hint`` shows what the computer would play
    at ``level``.
    """
    try:
        line = console.input(f"{_status(game)} > ").strip()
    except EOFError:
        console.print()  # Ctrl-D: what follows starts on a line of its own
        return False
    if line in ("quit", "exit", "q"):
        return False
    if line in ("help", "?", ""):
        console.print(str(HELP))
    elif line == "board":
        _print_board(game)
    elif line == "hint":
        side = game.to_move()
        assert side is not None
        advice = choose_move(game, side, make_rng(len(game.move_stack)), level)
        console.print(f"{Msg('conseil', 'hint')}{COLON} {game.move_text(advice)}")
    elif line == "undo":
        while game.move_stack:
            game.pop()
            if game.to_move() not in computer:
                break
        _print_board(game)
    elif line.split()[0] == "reach":
        try:
            if len(line.split()) != 2:
                raise MeepleError(Msg("« reach ID » attendu (un combattant)", "'reach ID' expected (one fighter)"))
            _print_board(game, game.reachable(line.split()[1]))
        except MeepleError as error:
            console.print(f"[red]{error}[/red]")
    else:
        try:
            game.push(game.parse_move(line))
        except MeepleError as error:
            console.print(f"[red]{error}[/red]")
            return True
        console.print(_describe(game))
        _print_board(game)
    return True


def _finish(game: SkirmishGame, save: Path | None) -> None:
    outcome = game.outcome()
    if outcome is not None:
        winners = ", ".join(str(game.scenario.sides[seat]) for seat in sorted(outcome.winners))
        console.print(f"[bold]{outcome.reason}[/bold]" + (f"{COLON} {winners}" if winners else ""))
    if save is not None:
        save.write_text(json.dumps(game.record(), ensure_ascii=False, indent=1), encoding="utf-8")
        _wrote(save)


@app.command(help=cli_help(
    "Joue une partie, contre l'ordinateur ou non.", "Play a game, against the computer or not."
))
def play(
    scenario: ScenarioArg,
    ai: Annotated[str, typer.Option(help=cli_help(
        "camp(s) joué(s) par l'ordinateur : 0, 1, both (les deux) ou none (aucun)",
        "side(s) played by the computer: 0, 1, both or none",
    ))] = "1",
    seed: Annotated[int | None, typer.Option(help=cli_help(
        "graine du hasard de l'ordinateur (défaut : tirée au hasard)", "the computer's random seed (default: a fresh one)"
    ))] = None,
    save: Annotated[Path | None, typer.Option(help=cli_help(
        "enregistre la partie dans ce fichier (JSON)", "save the game record to this file (JSON)"
    ))] = None,
    ai_level: Annotated[str, typer.Option(help=cli_help(
        f"niveau de l'ordinateur : {', '.join(LEVELS)}", f"the computer's level: {', '.join(LEVELS)}"
    ))] = DEFAULT_LEVEL,
) -> None:
    """Play a game, against the computer or not."""
    choices = {"0": {0}, "1": {1}, "both": {0, 1}, "none": set()}
    if ai not in choices:
        raise typer.BadParameter("0 | 1 | both | none", param_hint="--ai")
    if ai_level not in LEVELS:
        raise typer.BadParameter(" | ".join(LEVELS), param_hint="--ai-level")
    computer = choices[ai]
    game = open_game(scenario)
    rng = make_rng(fresh_seed() if seed is None else seed)
    if computer == {0, 1}:
        _autoplay(game, rng, ai_level)
    else:
        console.print(f"[bold]{game.scenario.title}[/bold] — {game.scenario.description}")
        console.print(str(HELP))
        _print_board(game)
        while not game.is_over():
            side = game.to_move()
            assert side is not None
            if side in computer:
                game.push(choose_move(game, side, rng.derive(str(len(game.move_stack))), ai_level))
                console.print(f"{game.scenario.sides[side]}{COLON} {_describe(game)}")
                _print_board(game)
            elif not _human_turn(game, frozenset(computer), ai_level):
                break
    _print_board(game)
    _finish(game, save)


def _autoplay(game: SkirmishGame, rng: Any, level: str) -> None:
    total = game.scenario.rounds * len(game.field.fighters)
    for _ in track(range(total), total, str(Msg("l'ordinateur joue les deux camps", "the computer plays both sides"))):
        side = game.to_move()
        if side is None:
            break
        game.push(choose_move(game, side, rng.derive(str(len(game.move_stack))), level))


__all__ = ["Action", "app", "open_game"]
