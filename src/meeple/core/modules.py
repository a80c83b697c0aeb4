"""Importing parts that may not exist: a game without a command line, and the optional extras of
``pip install meeple`` (PDF, PostgreSQL, Ray…), whose absence is one line naming the pip command."""

from __future__ import annotations

import importlib
from types import ModuleType

from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg


def import_optional(name: str) -> ModuleType | None:
    """The module ``name``, or ``None`` if it does not exist (errors inside it still propagate)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            return None
        raise


class MissingPartError(MeepleError):
    """A part of meeple that is not installed; the message names the pip command that installs it."""

    def __init__(self, what: Msg, module: str, extra: str | None) -> None:
        command = f"pip install 'meeple[{extra}]'" if extra else "pip install --force-reinstall meeple"
        super().__init__(Msg(f"{what.fr} demande {module}, qui n'est pas installé : {command}",
                             f"{what.en} needs {module}, which is not installed: {command}"))
        self.module = module
        self.extra = extra
        self.command = command

    def __reduce__(self) -> tuple[type[MissingPartError], tuple[Msg, str, str | None]]:
        """Crosses process boundaries as itself."""
        what = Msg(self.message.fr.split(" demande ")[0], self.message.en.split(" needs ")[0])
        return (type(self), (what, self.module, self.extra))


def require_optional(name: str, extra: str | None, what: Msg) -> ModuleType:
    """The module ``name``, or :class:`MissingPartError` saying that ``what`` needs it and how to install it:
    ``pip install 'meeple[extra]'`` (``extra`` None: a part of the default install, so a broken install)."""
    module = import_optional(name)
    if module is None:
        raise MissingPartError(what, name.split(".")[0], extra)
    return module
