"""``meeple ilyos``: the symmetric setups, terminal play against the AI, and AI tournaments."""

from __future__ import annotations

import itertools
from typing import Annotated, cast

import typer
from rich.console import Console
from rich.table import Table

from meeple.core.batch import Backend, run_batch
from meeple.core.batch_cli import JobsOpt, JournalOpt, RayAddressOpt, RayOpt, ResumeOpt, check_journal
from meeple.core.cli_i18n import cli_help
from meeple.core.cli_json import JsonOpt, print_json
from meeple.core.errors import FormatError, MeepleError
from meeple.core.game import JSON
from meeple.core.i18n import Msg, counted
from meeple.core.progress import track
from meeple.core.rng import make_rng
from meeple.games.ilyos import INFO, board
from meeple.games.ilyos.ai import LEVELS, choose_move
from meeple.games.ilyos.engine import IlyosGame
from meeple.games.ilyos.text import LEGEND, draw_game, draw_hand, draw_setup
from meeple.games.ilyos.tournament import MatchResult, add_game, match_jobs, tournament_game

app = typer.Typer(
    help=cli_help(  # the first paragraph is the game's line in ``meeple --help``
        f"{INFO.title.fr} — {INFO.summary.fr}\n\n"
        "Configurations symétriques, partie au terminal contre l'IA, tournois de l'IA.",
        f"{INFO.title.en} — {INFO.summary.en}\n\nSymmetric setups, terminal play against the AI, AI tournaments.",
    ),
    no_args_is_help=True,
)
console = Console(highlight=False)

ModeOption = Annotated[str, typer.Option("--mode", help=cli_help(
    "mode de jeu : duel ou 2v2 (deux contre deux)", "game mode: duel or 2v2 (two against two)"
))]
IslandsOption = Annotated[int, typer.Option("--islands", help=cli_help(
    "nombre d'îles : 4, 6, 8, 10 ou 12", "number of islands: 4, 6, 8, 10 or 12"
))]
GuardiansOption = Annotated[int, typer.Option("--guardians", help=cli_help(
    "gardiens par équipe (1 à 4)", "guardians per team (1 to 4)"
))]
DiagonalOption = Annotated[bool, typer.Option("--team-diagonal", help=cli_help(
    "en 2v2, la variante « Diagonale d'équipe »", "in 2v2, the Team diagonal variant"
))]
SacrificedOption = Annotated[bool, typer.Option("--sacrificed", help=cli_help(
    "la variante « Gardien sacrifié »", "the Sacrificed guardian variant"
))]
SeedOption = Annotated[int | None, typer.Option("--seed", help=cli_help(
    "graine du hasard (défaut : tirée au hasard)", "random seed (default: a fresh one)"
))]


def _options(mode: str, islands: int, guardians: int, team_diagonal: bool, sacrificed: bool) -> dict[str, JSON]:
    return {"mode": mode, "islands": islands, "guardians": guardians, "team_diagonal": team_diagonal,
            "sacrificed_guardian": sacrificed}


COLON = Msg(" :", ":")
"""A colon as each language writes it (French puts a space before it)."""
OPTION_NAMES = {"team_diagonal": "--team-diagonal", "sacrificed_guardian": "--sacrificed"}
"""The command-line option behind each game option whose name differs from ``--<name>``."""


def _level(level: str, option: str = "--level") -> str:
    if level not in LEVELS:
        raise typer.BadParameter(Msg(f"« {level} » : {' | '.join(LEVELS)}", f"'{level}': {' | '.join(LEVELS)}").text(),
                                 param_hint=option)
    return level


def _new_game(options: dict[str, JSON], seed: int | None) -> IlyosGame:
    """A new game; a bad option is reported under its command-line name (``--islands``), not the option key."""
    try:
        return IlyosGame.new(options, seed)
    except FormatError as error:
        if error.source != "options" or not error.field:
            raise
        name = OPTION_NAMES.get(error.field, f"--{error.field}")
        raise typer.BadParameter(error.reason.text(), param_hint=name) from None  # a usage error: exit 2


def setup_names() -> list[str]:
    """The names of the symmetric Duel setups (``4i-1g`` … ``12i-4g``), for ``setups NAME`` and its completion."""
    return [item.name for item in board.all_setups()]


def _setup_json(item: board.Setup) -> dict[str, JSON]:
    """One setup as ``setups --json`` gives it (docs/cli.md): cells are ``[x, y]``, (0, 0) the top-left corner."""
    return {"name": item.name, "size": item.size, "islands": [{"cell": list(cell), "orientation": turn}
                                                               for cell, turn in item.islands],
            "team_a": [list(cell) for cell in item.team_a], "team_b": [list(cell) for cell in item.team_b]}


@app.command(help=cli_help(
    "Dessine les configurations symétriques du Duel (4 à 12 îles).", "Draw the symmetric Duel setups (4 to 12 islands)."
))
def setups(
    name: Annotated[str | None, typer.Argument(help=cli_help(
        "seulement cette configuration (8i-2g : 8 îles, 2 gardiens par équipe)",
        "only this setup (8i-2g: 8 islands, 2 guardians per team)",
    ), autocompletion=setup_names)] = None,
    islands: Annotated[int | None, typer.Option("--islands", help=cli_help(
        "seulement les configurations à ce nombre d'îles", "only the setups with this number of islands"
    ))] = None,
    guardians: Annotated[int | None, typer.Option("--guardians", help=cli_help(
        "seulement les configurations à ce nombre de gardiens par équipe",
        "only the setups with this number of guardians per team",
    ))] = None,
    as_json: JsonOpt = False,
) -> None:
    """Draw the symmetric Duel setups (4 to 12 islands)."""
    if name is not None and name not in setup_names():
        raise typer.BadParameter(Msg(f"« {name} » : une configuration parmi {', '.join(setup_names())}",
                                     f"'{name}': one of the setups {', '.join(setup_names())}").text(),
                                 param_hint="NAME")
    chosen = [s for s in board.all_setups()
              if (islands is None or len(s.islands) == islands) and (guardians is None or len(s.team_a) == guardians)
              and name in (None, s.name)]
    if not chosen:
        raise MeepleError(Msg("aucune configuration ne correspond", "no setup matches"))
    if as_json:
        print_json({"setups": [_setup_json(item) for item in chosen]})
        return
    for item in chosen:
        guardians_text = counted(len(item.team_a), ("gardien", "gardiens"), ("guardian", "guardians"))
        console.print(f"[bold]{item.name}[/bold] — {counted(len(item.islands), ('île', 'îles'), ('island', 'islands'))}, "
                      f"{guardians_text} {Msg('par équipe', 'per team')}")
        console.print(draw_setup(item), markup=False)
        console.print()
    console.print(LEGEND.text(), markup=False)


@app.command(help=cli_help(
    "Joue contre l'ordinateur dans le terminal.\n\n"
    "L'IA joue les places absentes de --seats.\n\n"
    "Les actions s'écrivent « place e4/0 », « move #3 d4 », « push #3 d5 x2 », « take #3 d5 », « give #3 d5 », "
    "« drop #3 », « magic c4 q1 » (en quarts de tour), « end » ; « ? » liste les actions légales.",
    "Play against the computer in the terminal.\n\n"
    "The AI plays the seats not listed in --seats.\n\n"
    "Actions are typed as 'place e4/0', 'move #3 d4', 'push #3 d5 x2', 'take #3 d5', 'give #3 d5', "
    "'drop #3', 'magic c4 q1' (in quarter turns), 'end'; '?' lists the legal ones.",
))
def play(
    seats: Annotated[str, typer.Option("--seats", help=cli_help(
        "places humaines, p. ex. 0 ou 0,2 (0 = P1) ; l'IA joue les autres",
        "human seats, e.g. 0 or 0,2 (0 = P1); the AI plays the others",
    ))] = "0",
    level: Annotated[str, typer.Option("--level", help=cli_help(
        f"niveau de l'IA : {', '.join(LEVELS)}", f"the AI's level: {', '.join(LEVELS)}"
    ))] = "medium",
    seed: SeedOption = None,
    mode: ModeOption = "duel",
    islands: IslandsOption = 8,
    guardians: GuardiansOption = 2,
    team_diagonal: DiagonalOption = False,
    sacrificed: SacrificedOption = False,
) -> None:
    """Play against the computer in the terminal.

    Seats not listed in --seats are the AI.

    Actions are typed as ``place e4/0``, ``move #3 d4``, ``push #3 d5 x2``, ``take #3 d5``, ``give #3 d5``,
    ``drop #3``, ``magic c4 q1`` (quarter turns), ``end``; ``?`` lists the legal ones."""
    game = _new_game(_options(mode, islands, guardians, team_diagonal, sacrificed), seed)
    humans = _seats(seats, game.num_players)
    level = _level(level)
    rng = make_rng(game.seed)
    console.print(LEGEND.text(), markup=False)
    while not game.is_over():
        mover = game.to_move()
        assert mover is not None
        if mover not in humans:
            move = choose_move(game, mover, level, rng)
            console.print(f"P{mover + 1}{COLON} {game.move_text(move)}", markup=False)
            game.push(move)
            continue
        console.print(draw_game(game), markup=False)
        console.print(f"P{mover + 1} — {Msg('vous pouvez dépenser :', 'you may spend:')} {draw_hand(game, mover)}",
                      markup=False)
        if not _human_action(game):
            return
    console.print(draw_game(game), markup=False)
    outcome = game.outcome()
    assert outcome is not None
    console.print(f"{outcome.reason} — {Msg('gagnants :', 'winners:')} "
                  f"{', '.join(f'P{s + 1}' for s in sorted(outcome.winners)) or '—'}", markup=False)


def _seats(text: str, num_players: int) -> set[int]:
    last = num_players - 1
    wrong = typer.BadParameter(Msg(f"« {text} » : places de 0 à {last} attendues, séparées par des virgules",
                                   f"'{text}': seats from 0 to {last} expected, comma-separated").text(),
                               param_hint="--seats")
    try:
        chosen = {int(part) for part in text.split(",") if part.strip()}
    except ValueError as error:
        raise wrong from error
    if not chosen or not chosen <= set(range(num_players)):
        raise wrong
    return chosen


def _human_action(game: IlyosGame) -> bool:
    """Read and play one action; False when the player quits."""
    prompt = Msg("action (? = liste, q = quitter)", "action (? = list, q = quit)").text()
    try:
        text = input(f"{prompt}> ").strip()
    except EOFError:
        console.print()  # Ctrl-D: the shell's prompt starts on a line of its own
        return False
    if text in ("q", "quit"):
        return False
    if text in ("?", "help", ""):
        console.print("  ".join(game.move_text(m) for m in game.legal_moves()), markup=False)
        return True
    try:
        game.push(game.parse_move(text))
    except MeepleError as error:
        console.print(str(error), markup=False)
    return True


@app.command(help=cli_help(
    "Fait jouer l'IA contre elle-même, niveau contre niveau : table des victoires avec intervalles de confiance "
    "à 95 %.",
    "Play the AI against itself, level against level: the win table with 95% confidence intervals.",
))
def tournament(
    games: Annotated[int, typer.Option("--games", help=cli_help(
        "parties par paire de niveaux", "games per pair of levels"
    ))] = 10,
    levels: Annotated[str, typer.Option("--levels", help=cli_help(
        "niveaux séparés par des virgules, le plus faible d'abord", "levels, comma-separated, weakest first"
    ))] = ",".join(LEVELS),
    all_pairs: Annotated[bool, typer.Option("--all-pairs", help=cli_help(
        "toutes les paires de niveaux, pas seulement les voisins", "every pair of levels, not only neighbours"
    ))] = False,
    seed: Annotated[int, typer.Option("--seed", help=cli_help("graine du hasard", "random seed"))] = 1,
    mode: ModeOption = "duel",
    islands: IslandsOption = 8,
    guardians: GuardiansOption = 2,
    clock: Annotated[bool, typer.Option("--clock/--no-clock", help=cli_help(
        "l'IA respecte ses délais d'horloge (avec --no-clock, seules ses limites de positions comptent : "
        "parties reproductibles)",
        "the AI keeps to its wall-clock deadlines (with --no-clock only its position limits count: "
        "reproducible games)",
    ))] = True,
    jobs: JobsOpt = None,
    ray: RayOpt = False,
    ray_address: RayAddressOpt = None,
    journal: JournalOpt = None,
    resume: ResumeOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """The AI against itself, level against level: the win table with 95 % confidence intervals."""
    if games < 1:
        raise typer.BadParameter(Msg("au moins 1", "at least 1").text(), param_hint="--games")
    chosen = [_level(name.strip(), "--levels") for name in levels.split(",") if name.strip()]
    if len(chosen) < 2:
        raise typer.BadParameter(Msg("au moins deux niveaux", "at least two levels").text(), param_hint="--levels")
    pairs = ([(a, b) for i, a in enumerate(chosen) for b in chosen[i + 1:]] if all_pairs
             else list(itertools.pairwise(chosen)))
    options = _options(mode, islands, guardians, False, False)
    _new_game(options, 0)  # bad options fail here, before any game
    check_journal(journal, resume)
    tasks = [(f"{first}-{second}-{index}", (first, second, index, options, seed, clock))
             for first, second, index in match_jobs(pairs, games)]
    # what decides each game's result (not --games or --levels: a resumed run may play more games or pairs)
    header: dict[str, JSON] = {"job": "ilyos tournament", "options": options, "seed": seed, "clock": clock}
    results = {pair: MatchResult(*pair) for pair in pairs}  # the table's rows in the pairs' order
    played = 0
    try:
        batch = run_batch(tournament_game, tasks, Backend.choose(ray, ray_address, jobs), journal, header)
        for _key, game in track(batch, len(tasks), "ILYOS"):
            assert isinstance(game, dict)
            add_game(results[(str(game["first"]), str(game["second"]))], str(game["outcome"]),
                     cast(dict[str, float], game["slowest"]))
            played += 1
    except KeyboardInterrupt:
        _print_table(list(results.values()), played, len(tasks), as_json)
        raise typer.Exit(130) from None
    _print_table(list(results.values()), played, len(tasks), as_json)


def _print_table(results: list[MatchResult], played: int, total: int, as_json: bool = False) -> None:
    """The win table; a line under it says when the tournament was interrupted before its last game."""
    if as_json:
        print_json({"games": total, "played": played, "interrupted": played < total, "pairs": [
            {"first": result.first, "second": result.second, "wins": result.wins, "losses": result.losses,
             "draws": result.draws, "score": round(result.score, 4),
             "interval": [round(bound, 4) for bound in result.interval()],
             "slowest_turn": {level: round(seconds, 3) for level, seconds in sorted(result.slowest_turn.items())}}
            for result in results]})
        return
    table = Table(title=Msg("ILYOS — tournoi des IA", "ILYOS — AI tournament").text())
    for column in ("A", "B", Msg("A gagne", "A wins").text(), Msg("B gagne", "B wins").text(),
                   Msg("nuls", "draws").text()):
        table.add_column(column)
    for column in (Msg("score A", "A score").text(), Msg("IC à 95 %", "95% CI").text()):
        table.add_column(column, no_wrap=True)  # a percentage is never cut in two
    table.add_column(Msg("tour le plus long (s)", "slowest turn (s)").text())
    for result in results:
        low, high = result.interval()
        slow = "\n".join(f"{k} {_seconds(v)}" for k, v in sorted(result.slowest_turn.items()))
        table.add_row(result.first, result.second, str(result.wins), str(result.losses), str(result.draws),
                      _percent(result.score), f"[{_percent(low)}, {_percent(high)}]", slow)
    console.print(table)
    if played < total:
        console.print(Msg(f"interrompu après {played} parties sur {total}",
                          f"interrupted after {played} of {total} games").text())


def _percent(rate: float) -> str:
    """``42 %`` in French, ``42%`` in English."""
    return f"{rate * 100:.0f}{Msg(' %', '%')}"


def _seconds(duration: float) -> str:
    """``0,25`` in French, ``0.25`` in English."""
    return Msg(f"{duration:.2f}".replace(".", ","), f"{duration:.2f}").text()
