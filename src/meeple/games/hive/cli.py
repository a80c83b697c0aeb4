"""``meeple hive``: the UHP engine, perft and AI tournaments."""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated

import typer

from meeple.core.batch_cli import JobsOpt, JournalOpt, RayAddressOpt, RayOpt, ResumeOpt, check_journal
from meeple.core.cli_i18n import cli_help
from meeple.core.cli_json import JsonOpt, print_json
from meeple.core.errors import FormatError
from meeple.core.game import JSON
from meeple.core.i18n import Msg
from meeple.games.hive import INFO
from meeple.games.hive.pieces import GameType

if TYPE_CHECKING:
    from meeple.games.hive.state import HiveState
    from meeple.games.hive.tournament import MatchSummary

# Each command imports what it alone needs (perft, the AI, the batch machinery, Rich's progress bars):
# ``meeple hive uhp``, started by a Hive GUI for every game, answers ``id`` without loading them.

app = typer.Typer(
    help=cli_help(  # the first paragraph is the game's line in ``meeple --help``
        f"{INFO.title.fr} — {INFO.summary.fr}\n\nMoteur UHP, comptage perft et tournois de l'IA.",
        f"{INFO.title.en} — {INFO.summary.en}\n\nUHP engine, perft counts and AI tournaments.",
    ),
    no_args_is_help=True,
    add_completion=False,
)


def _print(text: str) -> None:
    from rich.console import Console

    Console(highlight=False).print(text)


def _game_type(text: str) -> GameType:
    try:
        return GameType.parse(text, "--game-type")
    except FormatError as error:
        # the option is named once, by click: only the value and the reason here
        raise typer.BadParameter(FormatError("", error.field, error.reason).text(), param_hint="--game-type") from None


GameTypeOpt = Annotated[str, typer.Option("--game-type", "-t", help=cli_help(
    "variante : Base, suivi de + et des extensions parmi M, L, P, C (Base+MLPC…)",
    "variant: Base, then + and the expansions among M, L, P, C (Base+MLPC…)",
))]


@app.command(help=cli_help(
    "Moteur UHP (Universal Hive Protocol) sur l'entrée et la sortie standard.",
    "A Universal Hive Protocol (UHP) engine on standard input and output.",
))
def uhp() -> None:
    """A Universal Hive Protocol engine on stdin/stdout."""
    from meeple.games.hive.uhp import run

    # UTF-8 both ways whatever the locale, invalid bytes read as U+FFFD: no input can stop the engine, and
    # lines end at "\n" only (a "\r" inside a line is part of it, so one line always gets one answer)
    source = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace", newline="\n")
    out = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", errors="replace", newline="\n")

    def write(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    run(source, write)


@app.command(name="perft", help=cli_help(
    "Compte les positions atteignables depuis le début de partie, à chaque profondeur jusqu'à celle donnée.",
    "Count the positions reachable from the start, at each depth up to the given one.",
))
def perft_command(
    depth: Annotated[int, typer.Argument(min=1, max=9, help=cli_help("profondeur maximale", "maximum depth"))],
    game_type: GameTypeOpt = "Base",
    python: Annotated[bool, typer.Option("--python", help=cli_help(
        "compter avec les règles Python (la référence, bien plus lente) au lieu du cœur natif",
        "count with the Python rules (the reference, much slower) instead of the native core",
    ))] = False,
    as_json: JsonOpt = False,
) -> None:
    """The leaf count at each depth from the start (perft)."""
    from meeple.core.progress import track
    from meeple.games.hive.native import native_position
    from meeple.games.hive.perft import perft, perft_by_root
    from meeple.games.hive.state import HiveState

    state = HiveState(_game_type(game_type))
    counts: list[JSON] = []
    position = None if python else native_position(state)
    for level in range(1, depth + 1):
        began = time.perf_counter()
        if position is not None and level < 7:
            leaves = position.perft(level)
        elif level >= 5:
            roots = len(state.moves())
            by_root = _native_by_root(state, level) if position is not None else perft_by_root(state, level)
            leaves = sum(track(by_root, roots, f"perft {level}"))
        else:
            leaves = perft(state, level)
        seconds = time.perf_counter() - began
        rate = leaves / seconds if seconds > 0 else float(leaves)
        counts.append({"depth": level, "leaves": leaves, "seconds": round(seconds, 3)})
        if not as_json:
            _print(f"{game_type} perft {level}: {leaves}  ({seconds:.2f} s, {rate:,.0f} leaves/s)")
    if as_json:
        print_json({"game_type": game_type, "depths": counts})


def _native_by_root(state: HiveState, depth: int) -> Iterator[int]:
    """The native leaf count under each root move in turn (for a progress bar)."""
    from meeple.games.hive.native import native_position

    for move in state.moves():
        state.play(move)
        try:
            yield native_position(state).perft(depth - 1)
        finally:
            state.undo()


@app.command(help=cli_help(
    "Fait jouer l'IA contre un adversaire, en alternant les couleurs, et compte les résultats.",
    "Play the AI against an opponent, alternating colours, and count the results.",
))
def tournament(
    opponent: Annotated[str, typer.Option(help=cli_help(
        "adversaire : random (au hasard), greedy (glouton) ou ai (l'IA elle-même)",
        "opponent: random, greedy or ai (the AI itself)",
    ))] = "greedy",
    games: Annotated[int, typer.Option(min=1, help=cli_help(
        "nombre de parties (profondeur 2 : de 5 à 15 s par partie et par cœur)",
        "number of games (depth 2: 5 to 15 s per game and per core)",
    ))] = 50,
    time_limit: Annotated[float | None, typer.Option("--time", help=cli_help(
        "secondes de réflexion de l'IA par coup", "the AI's thinking time per move, in seconds"
    ))] = None,
    depth: Annotated[int | None, typer.Option(min=1, max=8, help=cli_help(
        "profondeur maximale de recherche de l'IA", "the AI's maximum search depth"
    ))] = 2,
    game_type: GameTypeOpt = "Base+MLPC",
    seed: Annotated[int, typer.Option(help=cli_help("graine du hasard", "random seed"))] = 0,
    max_plies: Annotated[int, typer.Option(min=2, help=cli_help(
        "nombre maximal de coups par partie (au-delà : partie nulle)", "move cap per game (beyond it: a draw)"
    ))] = 300,
    jobs: JobsOpt = None,
    ray: RayOpt = False,
    ray_address: RayAddressOpt = None,
    journal: JournalOpt = None,
    resume: ResumeOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """The AI against an opponent, colours alternating."""
    from meeple.core.batch import Backend, run_batch
    from meeple.core.progress import track
    from meeple.games.hive.tournament import BASELINES, GameResult, MatchSummary, tournament_game

    _game_type(game_type)
    if opponent not in (*BASELINES, "ai"):
        raise typer.BadParameter(f"{opponent!r}: random | greedy | ai", param_hint="--opponent")
    check_journal(journal, resume)
    tasks = [(str(index), (index, opponent, time_limit, depth, game_type, seed, max_plies)) for index in range(games)]
    # what decides each game's result (not --games: a resumed run may play more games)
    header: dict[str, JSON] = {"job": "hive tournament", "opponent": opponent, "time": time_limit, "depth": depth,
                               "game_type": game_type, "seed": seed, "max_plies": max_plies}
    summary = MatchSummary()
    try:
        results = run_batch(tournament_game, tasks, Backend.choose(ray, ray_address, jobs), journal, header)
        for _key, result in track(results, games, Msg(f"IA contre {opponent}", f"AI vs {opponent}").text()):
            summary.games.append(GameResult(**result))
    except KeyboardInterrupt:
        _print_summary(opponent, summary, games, as_json)
        raise typer.Exit(130) from None
    _print_summary(opponent, summary, games, as_json)


def _print_summary(opponent: str, summary: MatchSummary, games: int, as_json: bool = False) -> None:
    played = len(summary.games)
    if as_json:
        print_json({"opponent": opponent, "games": games, "played": played, "wins": summary.wins,
                    "losses": summary.losses, "draws": summary.draws, "interrupted": played < games})
        return
    rate = 100 * summary.wins / played if played else 0.0
    partial = Msg(f" — interrompu après {played} parties sur {games}", f" — interrupted after {played} of {games} games")
    _print(
        Msg(
            f"IA contre {opponent} : {summary.wins} victoires, {summary.losses} défaites, {summary.draws} nulles ({rate:.0f} %)",
            f"AI vs {opponent}: {summary.wins} wins, {summary.losses} losses, {summary.draws} draws ({rate:.0f}%)",
        ).text() + (partial.text() if played < games else "")
    )
