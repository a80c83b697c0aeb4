"""``meeple hive``: the UHP engine, perft and AI tournaments."""

from __future__ import annotations

import sys
import time
from typing import Annotated

import typer
from rich.console import Console

from meeple.core.i18n import Msg
from meeple.core.progress import track
from meeple.games.hive.perft import perft, perft_by_root
from meeple.games.hive.pieces import GameType
from meeple.games.hive.state import HiveState
from meeple.games.hive.tournament import BASELINES, MatchSummary, alpha_beta_player, match

app = typer.Typer(
    help="Hive et le Mille-pattes / Hive with the Centipede: uhp, perft, tournament.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console(highlight=False)


def _game_type(text: str) -> GameType:
    try:
        return GameType.parse(text, "--game-type")
    except Exception as error:
        raise typer.BadParameter(str(error), param_hint="--game-type") from error


@app.command()
def uhp() -> None:
    """Moteur UHP sur l'entrée/sortie standard / a Universal Hive Protocol engine on stdin/stdout."""
    from meeple.games.hive.uhp import run

    def write(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    run(sys.stdin, write)


@app.command(name="perft")
def perft_command(
    depth: Annotated[int, typer.Argument(min=1, max=9, help="profondeur / depth")],
    game_type: Annotated[str, typer.Option("--game-type", "-t", help="Base, Base+MLP, Base+MLPC…")] = "Base",
) -> None:
    """Compte les feuilles à chaque profondeur / leaf count at each depth (from the start)."""
    state = HiveState(_game_type(game_type))
    for level in range(1, depth + 1):
        began = time.perf_counter()
        if level >= 5:
            roots = len(state.moves())
            leaves = sum(track(perft_by_root(state, level), roots, f"perft {level}"))
        else:
            leaves = perft(state, level)
        seconds = time.perf_counter() - began
        rate = leaves / seconds if seconds > 0 else float(leaves)
        console.print(f"{game_type} perft {level}: {leaves}  ({seconds:.2f} s, {rate:,.0f} leaves/s)")


@app.command()
def tournament(
    opponent: Annotated[str, typer.Option(help="random | greedy | ai")] = "greedy",
    games: Annotated[int, typer.Option(min=1, help="parties / games")] = 50,
    time_limit: Annotated[float | None, typer.Option("--time", help="secondes par coup / seconds per move")] = None,
    depth: Annotated[int | None, typer.Option(min=1, max=8, help="profondeur max / max depth")] = 2,
    game_type: Annotated[str, typer.Option("--game-type", "-t")] = "Base+MLPC",
    seed: Annotated[int, typer.Option()] = 0,
    max_plies: Annotated[int, typer.Option(min=2, help="coups max par partie / move cap per game")] = 300,
) -> None:
    """L'IA contre un adversaire, couleurs alternées / the AI against an opponent, colours alternating."""
    _game_type(game_type)
    ai = alpha_beta_player(time_limit, depth)
    if opponent == "ai":
        other = ai
    elif opponent in BASELINES:
        other = BASELINES[opponent]
    else:
        raise typer.BadParameter(f"{opponent!r}: random | greedy | ai", param_hint="--opponent")
    summary = MatchSummary()
    results = match(ai, other, games, game_type, seed, max_plies)
    for result in track(results, games, Msg(f"IA contre {opponent}", f"AI vs {opponent}").text()):
        summary.games.append(result)
    rate = 100 * summary.wins / games
    console.print(
        Msg(
            f"IA contre {opponent} : {summary.wins} victoires, {summary.losses} défaites, {summary.draws} nulles ({rate:.0f} %)",
            f"AI vs {opponent}: {summary.wins} wins, {summary.losses} losses, {summary.draws} draws ({rate:.0f}%)",
        ).text()
    )
