"""``meeple tictactoe``: the template game's command line (every text in French and English)."""

from __future__ import annotations

from typing import Annotated

import typer

from meeple.core.cli_i18n import cli_help
from meeple.core.cli_json import JsonOpt, print_json
from meeple.core.errors import FormatError, MeepleError
from meeple.core.i18n import Msg

app = typer.Typer(
    help=cli_help("Morpion — le jeu modèle de docs/adding-a-game.md.",
                  "Tic-tac-toe — the template game of docs/adding-a-game.md."),
    no_args_is_help=True,
    add_completion=False,
)


@app.command(help=cli_help(
    "Donne la valeur d'une position avec le meilleur jeu des deux côtés, et les coups qui la gardent.",
    "Give a position's value with best play on both sides, and the moves that keep it.",
))
def solve(
    moves: Annotated[list[str] | None, typer.Argument(help=cli_help(
        "les coups joués depuis le début (a1 … c3)", "the moves played from the start (a1 … c3)"))] = None,
    as_json: JsonOpt = False,
) -> None:
    """The value of the position after ``moves`` for the side to move."""
    from meeple_tictactoe.game import TicTacToe, cell_name
    from meeple_tictactoe.game import solve as solve_position

    game = TicTacToe.new()
    for index, text in enumerate(moves or []):
        try:
            game.push(game.parse_move(text))
        except MeepleError as error:  # a bad move on the command line is a usage error (exit 2), named
            raise typer.BadParameter(FormatError("", f"moves[{index}]", error.message).text(),
                                     param_hint="MOVES") from None
    value, best = solve_position(game)
    words = {1.0: Msg("gagné", "won"), 0.5: Msg("nul", "drawn"), 0.0: Msg("perdu", "lost")}[value]
    if as_json:
        print_json({"to_move": "XO"[game.to_move() or 0], "value": value, "best": [cell_name(m) for m in best]})
        return
    typer.echo(Msg(f"{'XO'[game.to_move() or 0]} à jouer : {words.fr} ; meilleurs coups : ",
                   f"{'XO'[game.to_move() or 0]} to move: {words.en}; best moves: ").text()
               + " ".join(cell_name(move) for move in best))
