"""The ``meeple`` command: one sub-command per game, plus ``serve`` for the browser app.

Errors print one line on standard error and exit non-zero; no traceback reaches the user
(set ``MEEPLE_DEBUG=1`` to see one).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping
from functools import partial
from typing import Annotated

import typer

from meeple import __version__
from meeple.core.cli_i18n import cli_help, localize_tree, usage_error_text
from meeple.core.cli_lazy import LazyCommand, LazyGroup
from meeple.core.errors import MeepleError, os_error_reason
from meeple.core.i18n import LANGUAGE_VARIABLE, LANGUAGES, Msg, language_named, set_language
from meeple.core.interrupts import in_command_line
from meeple.games.registry import GamePlugin, UnknownGameError, plugin, plugins, problems

app = typer.Typer(
    name="meeple",
    cls=LazyGroup,
    help=cli_help("meeple — cinq systèmes de jeu au tour par tour.", "meeple — five turn-based game systems."),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)
_LANG_HELP = cli_help("langue : fr (défaut) ou en", "language: fr (default) or en")
_VERSION_HELP = cli_help("Affiche la version et quitte.", "Show the version and exit.")
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
    ctx: typer.Context,
    lang: Annotated[str, typer.Option("--lang", help=_LANG_HELP, envvar=LANGUAGE_VARIABLE)] = "fr",
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help=_VERSION_HELP)] = False,
) -> None:
    """Choose the interface language (the options and sub-commands come from the games)."""
    source = ctx.get_parameter_source("lang")
    from_environment = source is not None and source.name == "ENVIRONMENT"
    # the variable may hold a locale (en_GB.UTF-8), as LANG does; the option is fr or en
    chosen = language_named(lang) if from_environment else lang.lower() if lang.lower() in LANGUAGES else None
    if chosen is None:
        raise typer.BadParameter(Msg(f"« {lang} » : fr ou en", f"'{lang}': fr or en").text(),
                                 param_hint=LANGUAGE_VARIABLE if from_environment else "--lang")
    set_language(chosen)


SERVE_HELP = cli_help(
    "Lance l'application web ; ouvrez l'adresse affichée dans un navigateur.",
    "Start the browser app; open the address it prints in a browser.",
)


def _serve_command() -> typer.core.TyperCommand:
    from meeple.server.cli import app as serve_app

    return typer.main.get_command(serve_app)  # type: ignore[return-value]


def _game_app(game: GamePlugin) -> typer.Typer:
    loaded = game.load("cli")
    if not isinstance(loaded, typer.Typer):
        raise MeepleError(Msg(f"{game.source} : parts.cli ne désigne pas une application Typer",
                              f"{game.source}: parts.cli does not name a Typer app"))
    return loaded


class LazyCommands(Mapping[str, LazyCommand]):
    """``serve`` and one command per game that has a command line, none of them imported yet. Looking one
    up by name (to run it) reads only meeple's own games when it is one of them; listing them all (the help,
    completion) reads the plug-ins too."""

    warned = False

    def __getitem__(self, name: str) -> LazyCommand:
        if name == "serve":
            return LazyCommand(SERVE_HELP, _serve_command)
        try:
            game = plugin(name)
        except UnknownGameError:
            self._warn_about_plugins()
            raise KeyError(name) from None
        if not game.has("cli"):
            raise KeyError(name)
        line = game.help_line
        return LazyCommand(cli_help(line.fr, line.en), partial(_game_app, game))

    def __iter__(self) -> Iterator[str]:
        yield "serve"
        games = plugins()
        self._warn_about_plugins()
        yield from (name for name, game in games.items() if game.has("cli"))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    @classmethod
    def _warn_about_plugins(cls) -> None:
        """A game that could not be read is left out, with one line each on standard error (once)."""
        if not cls.warned:
            cls.warned = True
            for problem in problems():
                _say(f"meeple: {Msg('jeu ignoré', 'game left out').text()}: {_one_line(problem.text())}")


def root_command(load_all: bool = False) -> LazyGroup:
    """The click command of ``meeple``: its own options, the commands added to :data:`app`, the lazy ones
    (each imported when it is called; all at once with ``load_all``, for tools that walk the whole tree)."""
    command = typer.main.get_command(app)
    assert isinstance(command, LazyGroup)
    command.lazy = LazyCommands()
    if load_all:
        for name in command.lazy:
            command.add_command(command.load(name), name)
    localize_tree(command)
    return command


def _say(line: str) -> None:
    """One line on standard error (plain: a message may hold brackets that are not markup)."""
    print(line, file=sys.stderr, flush=True)


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
    given = _root_language(argv)
    value = given.lower() if given is not None else language_named(os.environ.get(LANGUAGE_VARIABLE))
    if value in LANGUAGES:
        set_language(value)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 on success)."""
    _apply_language_early(sys.argv[1:] if argv is None else argv)
    try:
        command = root_command()
        # Outside standalone mode, click returns a typer.Exit's code instead of raising it.
        result = command.main(args=argv, prog_name="meeple", standalone_mode=False)
    except typer.Exit as done:
        return int(done.exit_code or 0)
    except typer.Abort:
        _say("meeple: interrompu / interrupted")
        return 130
    except typer.TyperException as error:
        if type(error).__name__ == "NoArgsIsHelpError":
            return 0  # the help was printed: asking for nothing is not an error
        _say(f"meeple: {usage_error_text(_one_line(error.format_message()))}")
        return 2
    except MeepleError as error:
        _say(f"meeple: {_one_line(str(error))}")
        return 1
    except OSError as error:
        where = f" {error.filename}" if getattr(error, "filename", None) else ""
        _say(f"meeple:{where}: {os_error_reason(error).text()}")
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as error:
        if os.environ.get("MEEPLE_DEBUG"):
            raise
        message = Msg("erreur interne", "internal error").text()
        _say(f"meeple: {message}: {type(error).__name__}: {_one_line(str(error))}")
        return 1
    return result if isinstance(result, int) and not isinstance(result, bool) else 0


def run() -> None:
    """Entry point of the console script (and of ``python -m meeple``)."""
    in_command_line()
    sys.exit(main())
