"""A command group whose sub-commands are imported only when one is called, and whose own help page is drawn
without Typer's Rich help machinery (whose import alone costs more CPU than the whole ``meeple --help``
budget, docs/cli.md), nor Rich itself.

``meeple`` lists its games and ``serve`` as :class:`LazyCommand` entries: a name, a one-line help, and a
function that imports the real command. Listing them (``meeple --help``, shell completion of a command
name) imports nothing; resolving one to run it (``meeple hive uhp``, ``meeple hive --help``, completion of
its options) imports that one only.
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from difflib import get_close_matches
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from meeple.core.cli_i18n import RICH_TEXTS, localize_tree, localized_help, type_label

UsageError: Any = typer.BadParameter.__mro__[1]
"""click's UsageError, whichever click Typer uses (its own copy since 0.2x, the click package before)."""


@dataclass(frozen=True)
class LazyCommand:
    """A sub-command known by its name and help before it is imported."""

    help: str
    """Its line in the parent's help (a :func:`~meeple.core.cli_i18n.cli_help` text: shown in one language)."""
    load: Callable[[], Any]
    """Imports the command: a Typer app (a group of sub-commands) or a click command."""


class LazyGroup(TyperGroup):
    """A Typer group with :class:`LazyCommand` sub-commands besides its ordinary ones (set ``lazy``)."""

    lazy: Mapping[str, LazyCommand] = {}  # replaced per instance by the command line
    draws_own_help = True

    def list_commands(self, ctx: Any) -> list[str]:
        """The ordinary commands, then the lazy ones, in their order."""
        names = super().list_commands(ctx)
        return names + [name for name in self.lazy if name not in names]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """An ordinary command, or a lazy one as a stand-in that only carries its name and help."""
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in self.lazy:
            text = localized_help(self.lazy[cmd_name].help)
            return TyperCommand(cmd_name, help=text, short_help=text)
        return command

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """Before the command line is run into a lazy command, import that command (and only it)."""
        if args and args[0] in self.lazy and args[0] not in self.commands:
            self.add_command(self.load(args[0]), args[0])
        try:
            return super().resolve_command(ctx, args)
        except UsageError as error:  # Typer suggests among the loaded commands only: among all of them
            known = self.list_commands(ctx)
            matches = get_close_matches(args[0], known) if self.suggest_commands and args else []
            message = error.message.split(". Did you mean")[0].rstrip(".") + "."
            if matches:
                message = f"{message[:-1]}. Did you mean {', '.join(repr(match) for match in matches)}?"
            error.message = message
            raise

    def load(self, name: str) -> Any:
        """Import the lazy command ``name``: its click command, speaking the current language."""
        entry = self.lazy[name]
        target = entry.load()
        if isinstance(target, typer.Typer):  # a group, added as ``add_typer`` adds one (no completion options)
            holder = typer.Typer(add_completion=False)
            holder.add_typer(target, name=name)
            command = typer.main.get_command(holder).commands[name]  # type: ignore[attr-defined]
        else:
            command = target
        command.name = name
        if not command.help or localized_help(command.help) == command.help:
            command.help = entry.help  # a plug-in's own help in one language: the registry's line instead
        localize_tree(command)
        return command

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """This group's help page, drawn as Typer draws it (panels of options and commands) without Rich."""
        print(help_page(self, ctx), end="")


def help_page(group: LazyGroup, ctx: Any, width: int | None = None) -> str:
    """Usage, description, options and commands of ``group``, in rounded panels like Typer's."""
    width = max(40, width or shutil.get_terminal_size((100, 24)).columns)
    paint = _painter()
    lines = ["", f" {paint(group.get_usage(ctx), '1')}", ""]
    if group.help:
        text = localized_help(group.help) or ""
        lines += [f" {line}" for line in textwrap.wrap(text, width - 2, break_on_hyphens=False)] + [""]
    options = []
    param: Any
    for param in group.get_params(ctx):
        if getattr(param, "hidden", False) or not getattr(param, "opts", None):
            continue
        flag = getattr(param, "is_flag", False)
        options.append([(",".join(o for o in param.opts if o.startswith("--")), "1;36"),
                        (",".join(o for o in param.opts if not o.startswith("--")), "1;32"),
                        ("" if flag else type_label(param.display_type_rich(ctx) or ""), "1;33"),
                        (_option_help(param, flag), "")])
    lines += _panel(_rich_text("OPTIONS_PANEL_TITLE"), options, width, paint)
    commands = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is not None and not command.hidden:
            text = localized_help(command.short_help or command.help) or ""
            commands.append([(name, "1;36"), (" ".join(text.split("\n\n")[0].split()), "")])
    lines += _panel(_rich_text("COMMANDS_PANEL_TITLE"), commands, width, paint)
    return "\n".join(lines) + "\n"


def _painter() -> Callable[[str, str], str]:
    """Colours for a terminal (as Rich would: not in a pipe, not with NO_COLOR), none otherwise."""
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
    return (lambda text, code: f"\033[{code}m{text}\033[0m" if code and text else text) if colour \
        else (lambda text, code: text)


def _panel(title: str, rows: list[list[tuple[str, str]]], width: int, paint: Callable[[str, str], str]) -> list[str]:
    """A rounded panel titled ``title`` holding a table whose last column wraps."""
    if not rows:
        return []
    inner = width - 4  # the borders and one space inside each
    fixed = [max(len(row[i][0]) for row in rows) for i in range(len(rows[0]) - 1)]
    used = sum(size + 2 for size in fixed if size)  # two spaces after each column, as Rich's padding
    wrap = max(10, inner - used)
    border = paint("│", "2")
    out = [paint(f"╭─ {title} " + "─" * max(0, width - len(title) - 5) + "╮", "2")]
    for row in rows:
        pieces = textwrap.wrap(row[-1][0], wrap, break_on_hyphens=False) or [""]
        for index, piece in enumerate(pieces):
            cells = [paint(text.ljust(size), code) if index == 0 else " " * size
                     for (text, code), size in zip(row[:-1], fixed, strict=True) if size]
            body = "  ".join([*cells, piece])
            visible = used + len(piece)
            out.append(f"{border} {body}{' ' * max(0, inner - visible)} {border}")
    out.append(paint("╰" + "─" * (width - 2) + "╯", "2"))
    return out


def _option_help(param: Any, flag: bool) -> str:
    text = localized_help(param.help) or ""
    envvar = getattr(param, "envvar", None)
    if envvar:
        text += " " + _rich_text("ENVVAR_STRING").format(envvar)
    if not flag and param.default is not None and getattr(param, "show_default", True) is not False:
        text += " " + _rich_text("DEFAULT_STRING").format(param.default)
    return text


def _rich_text(name: str) -> str:
    return RICH_TEXTS[name].text()
