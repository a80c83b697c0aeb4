"""The ``meeple`` command: one sub-command per game, plus ``serve`` for the browser app.

Errors print one line on standard error and exit non-zero; no traceback reaches the user
(set ``MEEPLE_DEBUG=1`` to see one).
"""

from __future__ import annotations

import os
import sys
from types import ModuleType
from typing import Annotated

import typer
from rich.console import Console

from meeple import __version__
from meeple.core.cli_i18n import cli_help, localize_tree, localized_help, usage_error_text
from meeple.core.errors import MeepleError, os_error_reason
from meeple.core.game import GameInfo
from meeple.core.i18n import LANGUAGES, Msg, set_language
from meeple.core.modules import import_optional
from meeple.games import discover, game_cli_modules

app = typer.Typer(
    name="meeple",
    help=cli_help("meeple — cinq systèmes de jeu au tour par tour.", "meeple — five turn-based game systems."),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)
_LANG_HELP = cli_help("langue : fr (défaut) ou en", "language: fr (default) or en")
_VERSION_HELP = cli_help("Affiche la version et quitte.", "Show the version and exit.")
error_console = Console(stderr=True, highlight=False, soft_wrap=True)
# Typer's own completion options (add_completion=True), in French too: their English help texts as keys
cli_help("Installe la complétion pour le shell courant.", "Install completion for the current shell.")
cli_help("Affiche le script de complétion du shell courant, pour le copier ou adapter l'installation.",
         "Show completion for the current shell, to copy it or customize the installation.")


def _version(value: bool) -> None:
    if value:
        print(f"meeple {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    lang: Annotated[str, typer.Option("--lang", help=_LANG_HELP, envvar="MEEPLE_LANG")] = "fr",
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help=_VERSION_HELP)] = False,
) -> None:
    """Choose the interface language (the options and sub-commands come from the games)."""
    lang = lang.lower()
    if lang not in LANGUAGES:
        raise typer.BadParameter(Msg(f"« {lang} » : fr ou en", f"'{lang}': fr or en").text(), param_hint="--lang")
    set_language(lang)


def _game_help(name: str, module: ModuleType, infos: dict[str, GameInfo]) -> str | None:
    """A game's line in ``meeple --help``: its own help if bilingual (:func:`cli_help`), else its
    title and summary from ``INFO``, in the current language."""
    own = module.app.info.help
    info = infos.get(name)
    if info is None or (isinstance(own, str) and localized_help(own) != own):
        return None
    return cli_help(f"{info.title.fr} — {info.summary.fr}", f"{info.title.en} — {info.summary.en}")


def _register_sub_commands() -> None:
    infos = discover()
    for name, module in game_cli_modules().items():
        help_text = _game_help(name, module, infos)
        if help_text is None:
            app.add_typer(module.app, name=name)
        else:
            app.add_typer(module.app, name=name, help=help_text)
    server_cli = import_optional("meeple.server.cli")
    if server_cli is not None:
        server_cli.register(app)


_register_sub_commands()


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _root_language(argv: list[str]) -> str | None:
    """The value of the root ``--lang`` option (before the first command word), if any."""
    words = iter(argv)
    for word in words:
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
        if word == "--lang":
            return next(words, None)
        if not word.startswith("-"):
            return None  # a command: a later --lang is that command's own option
    return None


def _apply_language_early(argv: list[str]) -> None:
    """Honour ``--lang`` (or ``MEEPLE_LANG``) before the command is parsed, so that help pages and
    usage errors speak it too."""
    value = (_root_language(argv) or os.environ.get("MEEPLE_LANG") or "").lower()
    if value in LANGUAGES:
        set_language(value)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 on success)."""
    _apply_language_early(sys.argv[1:] if argv is None else argv)
    command = typer.main.get_command(app)
    localize_tree(command)
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
        error_console.print(f"meeple: {usage_error_text(_one_line(error.format_message()))}", markup=False)
        return 2
    except MeepleError as error:
        error_console.print(f"meeple: {_one_line(str(error))}", markup=False)
        return 1
    except OSError as error:
        where = f" {error.filename}" if getattr(error, "filename", None) else ""
        error_console.print(f"meeple:{where}: {os_error_reason(error).text()}", markup=False)
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
