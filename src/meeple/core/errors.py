"""Errors that say what went wrong: the move, the file, the field and the reason.

Every error of meeple derives from :class:`MeepleError` and carries its message in French and English.
The command line prints ``str(error)`` on one line and exits non-zero.
"""

from __future__ import annotations

import errno

from meeple.core.i18n import Msg


class MeepleError(Exception):
    """Base class of every error meeple reports to a user."""

    def __init__(self, message: Msg | str) -> None:
        self.message = message if isinstance(message, Msg) else Msg(message, message)
        super().__init__(str(self.message))

    def __str__(self) -> str:
        return self.message.text()

    def text(self, language: str | None = None) -> str:
        """The message in ``language`` (default: the current language)."""
        return self.message.text(language)


class IllegalMoveError(MeepleError):
    """A move that the rules forbid in the current position; the position is left unchanged.

    >>> e = IllegalMoveError("a1-a3", Msg("la case est occupée", "the cell is occupied"))
    >>> e.text("en")
    'illegal move a1-a3: the cell is occupied'
    """

    def __init__(self, move: object, reason: Msg | str) -> None:
        self.move = move
        self.reason = reason if isinstance(reason, Msg) else Msg(reason, reason)
        super().__init__(
            Msg(f"coup illégal {move} : {self.reason.fr}", f"illegal move {move}: {self.reason.en}")
        )

    def __reduce__(self) -> tuple[type[IllegalMoveError], tuple[object, Msg]]:
        # Rebuilt from its own arguments, so the error crosses a process boundary (an AI worker's answer).
        return (type(self), (self.move, self.reason))


class FormatError(MeepleError):
    """A file or document that cannot be read: names the source, the field and the reason.

    >>> FormatError("levels/1-1.json", "nodes[3].id", Msg("identifiant en double", "duplicate id")).text("en")
    'levels/1-1.json: nodes[3].id: duplicate id'
    """

    def __init__(self, source: str, field: str, reason: Msg | str) -> None:
        self.source = source
        self.field = field
        self.reason = reason if isinstance(reason, Msg) else Msg(reason, reason)
        parts = [part for part in (source, field) if part]
        super().__init__(Msg(" : ".join([*parts, self.reason.fr]), ": ".join([*parts, self.reason.en])))

    def __reduce__(self) -> tuple[type[FormatError], tuple[str, str, Msg]]:
        return (type(self), (self.source, self.field, self.reason))


class BudgetExceededError(MeepleError):
    """A search stopped because it reached its state or time budget before an answer."""


_OS_REASONS: dict[int, Msg] = {
    errno.ENOENT: Msg("fichier ou dossier introuvable", "no such file or directory"),
    errno.EISDIR: Msg("c'est un dossier", "is a directory"),
    errno.ENOTDIR: Msg("un élément du chemin n'est pas un dossier", "not a directory"),
    errno.EACCES: Msg("permission refusée", "permission denied"),
    errno.EPERM: Msg("opération non permise", "operation not permitted"),
    errno.EEXIST: Msg("existe déjà", "already exists"),
    errno.ENOSPC: Msg("plus de place sur le disque", "no space left on device"),
    errno.EROFS: Msg("système de fichiers en lecture seule", "read-only file system"),
    errno.ENAMETOOLONG: Msg("nom de fichier trop long", "file name too long"),
    errno.EADDRINUSE: Msg("adresse déjà utilisée (un autre serveur écoute sur ce port ?)",
                          "address already in use (is another server listening on this port?)"),
    errno.EADDRNOTAVAIL: Msg("adresse non disponible sur cette machine", "address not available on this machine"),
}


def os_error_reason(error: OSError) -> Msg:
    """Why a file operation failed, in French and English (the system's own words are English only).

    >>> os_error_reason(FileNotFoundError(2, "No such file or directory")).fr
    'fichier ou dossier introuvable'
    """
    known = _OS_REASONS.get(error.errno or -1)
    if known is not None:
        return known
    reason = error.strerror or type(error).__name__
    return Msg(reason, reason)
