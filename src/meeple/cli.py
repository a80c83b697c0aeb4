"""The ``meeple`` command: one sub-command per game, plus ``serve`` for the browser app.

Errors print one line on standard error and exit non-zero; no traceback reaches the user
(set ``MEEPLE_DEBUG=1`` to see one).
"""

from __future__ import annotations

import os
import re
import sys
from typing import Annotated

import typer
from rich.console import Console

from meeple import __version__
from meeple.core.errors import MeepleError
from meeple.core.i18n import LANGUAGES, Msg, get_language, set_language
from meeple.core.modules import import_optional
from meeple.games import game_cli_modules

app = typer.Typer(
    name="meeple",
    help="meeple — cinq systèmes de jeu au tour par tour / five turn-based game systems.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)
error_console = Console(stderr=True, highlight=False, soft_wrap=True)


def _version(value: bool) -> None:
    if value:
        print(f"meeple {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    lang: Annotated[str, typer.Option("--lang", help="fr (défaut/default) ou/or en", envvar="MEEPLE_LANG")] = "fr",
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help="Version")] = False,
) -> None:
    """meeple — cinq systèmes de jeu au tour par tour / five turn-based game systems."""
    if lang not in LANGUAGES:
        raise typer.BadParameter(f"{lang!r}: fr | en", param_hint="--lang")
    set_language(lang)


def _register_sub_commands() -> None:
    for name, module in game_cli_modules().items():
        app.add_typer(module.app, name=name)
    server_cli = import_optional("meeple.server.cli")
    if server_cli is not None:
        server_cli.register(app)


_register_sub_commands()


def _one_line(text: str) -> str:
    return " ".join(text.split())


# The command-line library speaks English only: its usage errors are translated here, phrase by phrase.
_USAGE_IN_FRENCH: tuple[tuple[str, str], ...] = (
    (r"No such command '(.+?)'\.", "commande inconnue « \\1 »"),
    (r"No such option: (\S+?)\.?$", "option inconnue : \\1"),
    (r"Missing argument '(.+?)'\.", "argument manquant : \\1"),
    (r"Missing option '(.+?)'\.", "option manquante : \\1"),
    (r"Missing parameter: (\S+)", "paramètre manquant : \\1"),
    (r"Option '(.+?)' requires an argument\.", "l'option \\1 attend une valeur"),
    (r"Got unexpected extra argument(?:\(s\)|s)? \((.+?)\)", "argument(s) en trop : \\1"),
    (r"Input should be a valid integer.*$", "un nombre entier est attendu"),
    (r"Input should be a valid number.*$", "un nombre est attendu"),
    (r"Input should be (.+)$", "valeur attendue : \\1"),
    (r"Invalid value for (.+?): ", "valeur invalide pour \\1 : "),
    (r"'(.+?)' is not a valid integer( range)?\.", "« \\1 » n'est pas un nombre entier valide."),
    (r"'(.+?)' is not a valid float( range)?\.", "« \\1 » n'est pas un nombre valide."),
    (r"'(.+?)' is not one of (.+?)\.", "« \\1 » n'est pas parmi \\2."),
    (r"Path '(.+?)' does not exist\.", "le chemin « \\1 » n'existe pas."),
    (r"File '(.+?)' does not exist\.", "le fichier « \\1 » n'existe pas."),
)


def _usage_text(message: str) -> str:
    """A usage error in the current language (French: translated phrase by phrase)."""
    if get_language() == "en":
        return message
    for pattern, french in _USAGE_IN_FRENCH:
        message = re.sub(pattern, french, message)
    return message


def _apply_language_early(argv: list[str]) -> None:
    """Honour ``--lang`` before the command is parsed, so that usage errors speak it too."""
    for index, word in enumerate(argv):
        value = word.split("=", 1)[1] if word.startswith("--lang=") else None
        if word == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        if value in LANGUAGES:
            set_language(value)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 on success)."""
    command = typer.main.get_command(app)
    _apply_language_early(sys.argv[1:] if argv is None else argv)
    try:
        # Outside standalone mode, click returns a typer.Exit's code instead of raising it.
        result = command.main(args=argv, prog_name="meeple", standalone_mode=False)
    except typer.Exit as done:
        return int(done.exit_code or 0)
    except typer.Abort:
        error_console.print("meeple: interrompu / interrupted")
        return 130
    except typer.TyperException as error:
        if type(error).__name__ == "NoArgsIsHelpError":
            return 0  # the help was printed: asking for nothing is not an error
        error_console.print(f"meeple: {_usage_text(_one_line(error.format_message()))}", markup=False)
        return 2
    except MeepleError as error:
        error_console.print(f"meeple: {_one_line(str(error))}", markup=False)
        return 1
    except OSError as error:
        where = f" {error.filename}" if getattr(error, "filename", None) else ""
        error_console.print(f"meeple:{where}: {_one_line(error.strerror or str(error))}", markup=False)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as error:
        if os.environ.get("MEEPLE_DEBUG"):
            raise
        message = Msg("erreur interne", "internal error").text()
        error_console.print(f"meeple: {message}: {type(error).__name__}: {_one_line(str(error))}", markup=False)
        return 1
    return result if isinstance(result, int) and not isinstance(result, bool) else 0


def run() -> None:
    """Entry point of the console script."""
    sys.exit(main())
