"""The command line's own words in French (default) and English.

Typer and Rich write the chrome of every help page ("Usage:", "Options", "Commands", "Show this message
and exit.", "[default: …]") and the usage errors ("No such command", "Missing argument", "Invalid value")
in English only. Nothing here patches them: the ``meeple`` command gives every command of its tree a
:class:`LocalizedContext` (click's ``context_class`` hook), which sets Typer's documented ``rich_utils``
texts (and its type-column highlighter, for ``<entier>``, ``<chemin>``…), the usage prefix and the
``--help`` text in the current language just before a help page is drawn;
:func:`usage_error_text` translates a usage error's message.

Help texts of commands and options can be bilingual too: ``help=cli_help("Résoudre", "Solve")`` shows
"Résoudre / Solve" wherever it is read raw, and only the current language's half in ``meeple … --help``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import typer

from meeple.core.i18n import Msg, get_language

USAGE_PREFIX = Msg("Utilisation : ", "Usage: ")
HELP_OPTION = Msg("Affiche cette aide et quitte.", "Show this message and exit.")
OPTIONS_METAVAR = Msg("[OPTIONS]", "[OPTIONS]")
SUBCOMMAND_METAVAR = Msg("COMMANDE [ARGUMENTS]...", "COMMAND [ARGS]...")

# The texts typer.rich_utils reads at drawing time (its documented customisation points).
RICH_TEXTS: dict[str, Msg] = {
    "ARGUMENTS_PANEL_TITLE": Msg("Arguments", "Arguments"),
    "OPTIONS_PANEL_TITLE": Msg("Options", "Options"),
    "COMMANDS_PANEL_TITLE": Msg("Commandes", "Commands"),
    "ERRORS_PANEL_TITLE": Msg("Erreur", "Error"),
    "DEPRECATED_STRING": Msg("(obsolète) ", "(deprecated) "),
    "DEFAULT_STRING": Msg("[défaut : {}]", "[default: {}]"),
    "ENVVAR_STRING": Msg("[variable d'environnement : {}]", "[env var: {}]"),
    "REQUIRED_LONG_STRING": Msg("[obligatoire]", "[required]"),
    "ABORTED_TEXT": Msg("Interrompu.", "Aborted."),
    "RICH_HELP": Msg(
        "Essayez [blue]'{command_path} {help_option}'[/] pour l'aide.",
        "Try [blue]'{command_path} {help_option}'[/] for help.",
    ),
}

# The value types shown beside each option and argument (``<int>``, ``<path>``…), in French.
_TYPES_IN_FRENCH: dict[str, str] = {
    "int range": "entier",
    "float range": "nombre",
    "str": "texte",
    "int": "entier",
    "float": "nombre",
    "bool": "booléen",
    "path": "chemin",
    "file": "fichier",
    "dir": "dossier",
    "directory": "dossier",
}
# Only a whole type name is translated: ``<duel|2v2>`` (the choices a user types) is left alone.
_TYPE_LABEL = re.compile(r"^<(list\[)?(" + "|".join(re.escape(word) for word in _TYPES_IN_FRENCH) + r")(\])?>")

_BILINGUAL: dict[str, Msg] = {}


def _key(text: str) -> str:
    return " ".join(text.split())


def cli_help(fr: str, en: str) -> str:
    """A help text for a command or an option, shown in the current language by ``meeple``.

    Returns ``"fr / en"`` (what a tool that reads it raw shows) and remembers both halves.
    """
    message = Msg(fr, en)
    combined = f"{fr} / {en}"
    for text in (combined, fr, en):
        _BILINGUAL[_key(text)] = message
    return combined


def localized_help(text: str | None) -> str | None:
    """``text`` in the current language if it was made by :func:`cli_help`, else unchanged."""
    if not text:
        return text
    message = _BILINGUAL.get(_key(text))
    return text if message is None else message.text()


# Usage errors of Typer (and of pydantic, which converts its values), phrase by phrase.
_USAGE_IN_FRENCH: tuple[tuple[str, str], ...] = (
    (r"No such command '(.+?)'\.", "commande inconnue « \\1 »"),
    (r"Missing command\.", "commande manquante"),
    (r"No such option: (\S+?)\.?(?=\s|$)", "option inconnue : \\1"),
    (r"Missing argument '(.+?)'\.", "argument manquant : \\1"),
    (r"Missing option '(.+?)'\.", "option manquante : \\1"),
    (r"Missing parameter: (\S+)", "paramètre manquant : \\1"),
    (r"Option '(.+?)' requires an argument\.", "l'option \\1 attend une valeur"),
    (r"Option '(.+?)' requires (\d+) arguments\.", "l'option \\1 attend \\2 valeurs"),
    (r"Argument '(.+?)' takes (\d+) values\.", "l'argument \\1 attend \\2 valeurs"),
    (r"\(Possible options: (.+)\)", "(options possibles : \\1)"),
    (r"\.? ?Did you mean (.+)\?", " (vouliez-vous dire \\1 ?)"),
    (r"Option '(.+?)' does not take a value\.", "l'option \\1 ne prend pas de valeur"),
    (r"Got unexpected extra argument(?:\(s\)|s)? \((.+?)\)", "argument(s) en trop : \\1"),
    (r"Input should be a valid integer.*$", "un nombre entier est attendu"),
    (r"Input should be a valid number.*$", "un nombre est attendu"),
    (r"Input should be a valid boolean.*$", "oui ou non (true/false) est attendu"),
    (r"Input should be greater than or equal to (\S+)$", "au moins \\1 est attendu"),
    (r"Input should be less than or equal to (\S+)$", "au plus \\1 est attendu"),
    (r"Input should be greater than (\S+)$", "plus de \\1 est attendu"),
    (r"Input should be less than (\S+)$", "moins de \\1 est attendu"),
    (r"Input should be (.+) or (.+)$", "valeur attendue : \\1 ou \\2"),
    (r"Input should be (.+)$", "valeur attendue : \\1"),
    (r"Invalid value for (.+?): ", "valeur invalide pour \\1 : "),
    (r"Invalid value: ", "valeur invalide : "),
    (r"Could not open file '(.+?)': ", "impossible d'ouvrir « \\1 » : "),
    (r"Value '(.+?)' is not a valid (.+?)\.", "« \\1 » n'est pas valide (\\2 attendu)."),
    (r"'(.+?)' is not a valid integer( range)?\.", "« \\1 » n'est pas un nombre entier valide."),
    (r"'(.+?)' is not a valid float( range)?\.", "« \\1 » n'est pas un nombre valide."),
    (r"'(.+?)' is not one of (.+?)\.", "« \\1 » n'est pas parmi \\2."),
    (r"(?:Path|File|Directory) '(.+?)' does not exist\.", "« \\1 » n'existe pas."),
    (r"(?:Path|File) '(.+?)' is a directory\.", "« \\1 » est un dossier."),
    (r"Directory '(.+?)' is a file\.", "« \\1 » est un fichier."),
    (r"(?:Path|File|Directory) '(.+?)' is not readable\.", "« \\1 » n'est pas lisible."),
    (r"(?:Path|File|Directory) '(.+?)' is not writable\.", "« \\1 » n'est pas accessible en écriture."),
)


def usage_error_text(message: str) -> str:
    """A usage error of the command-line library in the current language (French: phrase by phrase)."""
    if get_language() == "en":
        return message
    for pattern, french in _USAGE_IN_FRENCH:
        message = re.sub(pattern, french, message)
    return message


def type_label(label: str) -> str:
    """A value type as Typer shows it (``<int range>``, ``<list[str]>``) in the current language."""
    if get_language() == "en":
        return label

    def french(found: re.Match[str]) -> str:
        name = _TYPES_IN_FRENCH[found.group(2)]
        return f"<liste[{name}]>" if found.group(1) and found.group(3) else f"<{name}>"

    return _TYPE_LABEL.sub(french, label, count=1)


def _localize_type_column(rich_utils: Any) -> None:
    """Typer draws the type column through ``rich_utils.types_highlighter``: translate it there (Rich is
    imported here, when a Rich help page is about to be drawn, not when the command line starts)."""
    from rich.highlighter import Highlighter
    from rich.text import Text

    class LocalizedTypes(Highlighter):
        """Typer's highlighter of the type column, fed the type names in the current language."""

        localized = True

        def __init__(self, inner: Highlighter) -> None:
            self.inner = inner

        def highlight(self, text: Text) -> None:
            """Translate the type names, then colour them as Typer does."""
            text.plain = type_label(text.plain)
            self.inner.highlight(text)

    inner = getattr(rich_utils, "types_highlighter", None)
    if isinstance(inner, Highlighter) and not getattr(inner, "localized", False):
        rich_utils.types_highlighter = LocalizedTypes(inner)


def _sub_commands(command: Any) -> Iterator[Any]:
    commands = getattr(command, "commands", None)
    if isinstance(commands, dict):
        yield from commands.values()


def _show_as_flag(param: Any) -> None:
    """A plain flag (``--doubling``, ``--help``) takes no value: its type column stays empty instead of
    showing ``<bool>`` as if a value had to follow (Typer shows a flag's metavar when it has one)."""
    if getattr(param, "is_flag", False) and not getattr(param, "count", False):
        param.metavar = ""


def _localize_texts(command: Any, ctx: typer.Context) -> None:
    """The command's own words, its parameters' and its sub-commands' help in the current language."""
    if not getattr(command, "draws_own_help", False):  # a group that draws its help without Typer's Rich
        from typer import rich_utils

        for name, message in RICH_TEXTS.items():
            setattr(rich_utils, name, message.text())
        _localize_type_column(rich_utils)
    command.help = localized_help(command.help)
    if getattr(command, "options_metavar", None):
        command.options_metavar = OPTIONS_METAVAR.text()
    if getattr(command, "subcommand_metavar", None) == SUBCOMMAND_METAVAR.en:
        command.subcommand_metavar = SUBCOMMAND_METAVAR.text()
    help_option = command.get_help_option(ctx)
    if help_option is not None:
        help_option.help = HELP_OPTION.text()
        _show_as_flag(help_option)
    for param in command.params:
        param.help = localized_help(getattr(param, "help", None))
        _show_as_flag(param)
    for sub in _sub_commands(command):
        sub.help = localized_help(sub.help)
        sub.short_help = localized_help(sub.short_help)


_BaseFormatter = typer.Context.formatter_class


class LocalizedFormatter(_BaseFormatter):  # type: ignore[misc,valid-type]
    """Click's help formatter, whose usage line starts with the current language's "Usage:"."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        """The usage line, prefixed in the current language."""
        super().write_usage(prog, args, USAGE_PREFIX.text() if prefix is None else prefix)


class _AsParsed:
    """An option's value as click parsed it (a text, a flag): no further coercion."""

    @staticmethod
    def coerce(value: Any, param: Any, ctx: Any) -> Any:
        """``value`` unchanged."""
        return value


def take_options_as_parsed(command: Any, ctx: Any) -> None:
    """Typer (since 0.2x) coerces each option's value through a Pydantic adapter, whose import alone costs
    about 0.1 s of CPU (``meeple hive uhp``'s whole budget): ``command``'s text and flag options, ``--help``
    included, skip it, their value being click's already. Typer versions without it are left as they are."""
    for param in [*command.params, command.get_help_option(ctx)]:
        annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
        if annotation in (str, bool) and getattr(param, "_runtime_param", "none here") is None:
            param._runtime_param = _AsParsed()


class LocalizedContext(typer.Context):
    """A command's context whose help page speaks the current language (and whose text and flag options
    are taken as parsed: :func:`take_options_as_parsed`)."""

    formatter_class = LocalizedFormatter

    def __init__(self, command: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(command, *args, **kwargs)
        take_options_as_parsed(command, self)

    def get_help(self) -> str:
        """The help page of this context's command, in the current language."""
        _localize_texts(self.command, self)
        return super().get_help()

    def get_usage(self) -> str:
        """The usage line of this context's command, in the current language."""
        _localize_texts(self.command, self)
        return super().get_usage()


def localize_tree(command: Any) -> None:
    """Make ``command`` and all its sub-commands use :class:`LocalizedContext` (from now on)."""
    command.context_class = LocalizedContext
    for sub in _sub_commands(command):
        localize_tree(sub)


def written(path: object) -> str:
    """« Écrit : FILE » / "Written: FILE": the one line every command prints after writing a file."""
    return Msg(f"Écrit : {path}", f"Written: {path}").text()
