"""The server's refusals: :class:`ServerError` (a code for programs, an HTTP status, a message in French and
English) and the few kinds every part of the server raises."""

from __future__ import annotations

from meeple.core.errors import MeepleError
from meeple.core.game import JSON
from meeple.core.i18n import Msg
from meeple.core.limits import TooLargeError
from meeple.core.modules import MissingPartError


class ServerError(MeepleError):
    """A request the server refuses; ``code`` names the kind of problem for programs, ``status`` for HTTP."""

    def __init__(self, code: str, message: Msg, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status

    def to_json(self) -> dict[str, JSON]:
        """The error as the browser receives it."""
        return {"type": "error", "error": self.code, "message": self.message.to_json()}



def refusal(code: str, fr: str, en: str, status: int = 400) -> ServerError:
    """A :class:`ServerError` from its two texts."""
    return ServerError(code, Msg(fr, en), status)


def query_error(error: MeepleError) -> ServerError:
    """A game's refusal of a question: ``missing_part`` (501) when an optional part of meeple is not installed
    (the PDF of a printed sheet without the ``pdf`` extra: a client can offer something else), else
    ``bad_query``."""
    if isinstance(error, MissingPartError):
        return ServerError("missing_part", error.message, 501)
    return ServerError("bad_query", error.message)


def too_large(error: TooLargeError) -> ServerError:
    """Content over one of its documented limits: 413, the message naming the limit."""
    return ServerError("too_large", error.message, 413)


def busy() -> ServerError:
    """The server cannot take the work now (its queue is full): 503, try again."""
    return refusal("busy", "serveur occupé : réessayez dans un instant", "server busy: try again in a moment", 503)
