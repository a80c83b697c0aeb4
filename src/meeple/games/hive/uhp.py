"""A Universal Hive Protocol engine (answers in English, as the protocol is): one command per line in, answers out, each closed by ``ok``.

Commands: ``info``, ``newgame [GameTypeString|GameString]``, ``play MoveString``, ``pass``,
``validmoves``, ``bestmove [time hh:mm:ss | depth N]``, ``undo [N]``, ``options [get Name | set Name
Value]``, ``exit``. A well-formed move the rules refuse is answered ``invalidmove <reason>``; any other
bad input (an unreadable MoveString, a move once the game is over, an unknown command) ``err <reason>``,
as the reference engine Mzinga does; the engine keeps its state and goes on.

The engine never dies of its input: every line, a blank one included, gets an answer closed by ``ok``
(``err`` for anything it cannot read, an internal error included); numbers are ASCII digits only
(``undo ²`` is an error, not a crash); a line longer than :data:`MAX_LINE` characters is refused unread;
``bestmove depth`` goes to :data:`MAX_DEPTH` at most and ``bestmove time`` to :data:`MAX_SECONDS`; the
text echoed in an answer has its control characters replaced (a command never writes to the terminal).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from meeple import __version__
from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg
from meeple.games.hive.game import HiveGame
from meeple.games.hive.notation import (
    game_state_string,
    move_string,
    normalise_move_string,
    parse_game_string,
    turn_string,
)
from meeple.games.hive.pieces import GameType

ENGINE_ID = f"id meeple-hive v{__version__}"
CAPABILITIES = "Mosquito;Ladybug;Pillbug"
"""Exactly UHP's recognised flags: the spec defines no flag for the Centipede and existing tools compare
this line as a whole, so the Centipede is an unadvertised extension, reached with ``newgame Base+C…``."""
TIME_MARGIN = 0.95
"""The share of the allowed time the search may use (the rest covers reading the position and the output)."""
TIME_RESERVE = 0.03
"""Seconds kept back besides: the native search looks at the clock every millisecond or so, and a loaded
machine's scheduling can overrun."""
MAX_DEPTH = 8
"""The deepest ``bestmove depth`` (and ``DefaultDepth``): the native search takes about a second to depth 5
in a mid-game and a minute or more to depth 8, each ply several times longer; ``bestmove time`` bounds a
search by the clock instead."""
MAX_SECONDS = 600
"""The longest ``bestmove time`` (00:10:00)."""
MAX_LINE = 65_536
"""The longest command line read, in characters (a GameString of a thousand moves is about 10 000)."""
_NUMBER = re.compile(r"[0-9]{1,9}", re.ASCII)
_TIME = re.compile(r"([0-9]{1,4}):([0-5]?[0-9]):([0-5]?[0-9](?:\.[0-9]{1,6})?)", re.ASCII)


class UhpError(Exception):
    """A command that cannot be carried out (answered ``err``)."""


class InvalidMove(Exception):
    """A move the rules refuse (answered ``invalidmove``)."""


@dataclass
class Option:
    """One engine option: an integer with bounds."""

    name: str
    value: int
    default: int
    low: int
    high: int

    def line(self) -> str:
        """The UHP description ``Name;int;Value;Default;Min;Max``."""
        return f"{self.name};int;{self.value};{self.default};{self.low};{self.high}"


class UhpEngine:
    """The engine's state: the current game (if any) and the options."""

    def __init__(self) -> None:
        self.game: HiveGame | None = None
        self.texts: list[str] = []
        """The MoveStrings of the current game as they were given (the GameString echoes them)."""
        self.options = {"DefaultDepth": Option("DefaultDepth", 3, 3, 1, MAX_DEPTH)}
        self.commands: dict[str, Callable[[list[str]], list[str]]] = {
            "info": self._info,
            "newgame": self._newgame,
            "play": self._play,
            "pass": lambda args: self._play(["pass"]),
            "validmoves": self._validmoves,
            "bestmove": self._bestmove,
            "undo": self._undo,
            "options": self._options,
        }

    def handle(self, line: str) -> list[str]:
        """The answer lines to one command line, ``ok`` included, whatever the line holds."""
        try:
            return self._handle(line)
        except Exception as error:  # a bug must not end the session: the driver waits for its ok
            return [f"err internal error: {_one_line(f'{type(error).__name__}: {error}')}", "ok"]

    def _handle(self, line: str) -> list[str]:
        if len(line) > MAX_LINE:
            return [f"err The line is longer than {MAX_LINE} characters.", "ok"]
        if not line.strip():
            return ["err Empty command. Commands: " + ", ".join(self.commands) + ", exit.", "ok"]
        words = line.strip().split(" ", 1)
        name = words[0].lower()
        args = words[1].split() if len(words) > 1 else []
        if name == "play" and len(words) > 1:
            args = [words[1].strip()]
        if name == "newgame" and len(words) > 1:
            args = [words[1].strip()]
        command = self.commands.get(name)
        try:
            if command is None:
                raise UhpError(f"Invalid command '{name}'. Commands: {', '.join(self.commands)}, exit.")
            return [*command(args), "ok"]
        except InvalidMove as error:
            return [f"invalidmove {error}", "ok"]
        except UhpError as error:
            return [f"err {_one_line(str(error))}", "ok"]
        except MeepleError as error:
            return [f"err {_one_line(error.text('en'))}", "ok"]

    # --- commands ---------------------------------------------------------------------------------
    def _info(self, args: list[str]) -> list[str]:
        return [ENGINE_ID, CAPABILITIES]

    def _newgame(self, args: list[str]) -> list[str]:
        text = args[0] if args else "Base"
        game_type, moves = parse_game_string(text)
        game = HiveGame(GameType.parse(str(game_type)), 0)
        texts = [normalise_move_string(move_text) for move_text in moves]
        for index, move_text in enumerate(texts):
            try:
                game.push(game.parse_move(move_text))
            except MeepleError as error:
                raise UhpError(f"move {index + 1} '{move_text}': {error.text('en')}") from error
        parts = text.split(";")
        if len(parts) >= 3:
            state, turn = game_state_string(game.state), turn_string(game.state.ply)
            if parts[1].strip() != state or parts[2].strip() != turn:
                raise UhpError(f"the GameString says {parts[1]};{parts[2]} but its moves give {state};{turn}")
        self.game, self.texts = game, texts
        return [self._game_string()]

    def _game_string(self) -> str:
        """The current GameString, with the MoveStrings as the viewer (or bestmove) wrote them."""
        game = self._current()
        head = [str(game.game_type), game_state_string(game.state), turn_string(game.state.ply)]
        return ";".join(head + self.texts)

    def _current(self) -> HiveGame:
        if self.game is None:
            raise UhpError("No game in progress. Try 'newgame' to start a new game.")
        return self.game

    def _play(self, args: list[str]) -> list[str]:
        game = self._current()
        if not args:
            raise UhpError("play needs a MoveString")
        if game.outcome() is not None:
            raise UhpError("The game is over. Try 'newgame' to start a new game.")
        text = normalise_move_string(args[0])
        try:
            move = game.parse_move(text)
        except MeepleError as error:
            raise UhpError(f"Unable to parse '{text}': {_reason(error)}") from error
        try:
            game.push(move)
        except MeepleError as error:
            raise InvalidMove(f"Unable to play '{text}': {_reason(error)}") from error
        self.texts.append(text)
        return [self._game_string()]

    def _validmoves(self, args: list[str]) -> list[str]:
        game = self._current()
        if game.outcome() is not None:
            raise UhpError("The game is over: there are no valid moves.")
        texts = sorted(move_string(game.state, move) for move in game.legal_moves())
        return [";".join(texts)]

    def _bestmove(self, args: list[str]) -> list[str]:
        game = self._current()
        if game.outcome() is not None:
            raise UhpError("The game is over: there is no best move.")
        time_limit, depth = self._limits(args)
        from meeple.games.hive.ai import best_move  # the search, loaded at the first bestmove only

        move = best_move(game, time_limit=time_limit, depth=depth)
        return [move_string(game.state, move)]

    def _limits(self, args: list[str]) -> tuple[float | None, int | None]:
        if not args:
            return None, self.options["DefaultDepth"].value
        if len(args) == 2 and args[0] == "depth" and _NUMBER.fullmatch(args[1]):
            depth = int(args[1])
            if depth > MAX_DEPTH:
                raise UhpError(f"bestmove depth goes to {MAX_DEPTH} at most (or use 'bestmove time hh:mm:ss').")
            return None, max(1, depth)  # UHP allows 0; a move needs at least one ply
        if len(args) == 2 and args[0] == "time":
            match = _TIME.fullmatch(args[1])
            if match:
                seconds = int(match[1]) * 3600 + int(match[2]) * 60 + float(match[3])
                if seconds > MAX_SECONDS:
                    raise UhpError(f"bestmove time goes to {MAX_SECONDS // 60:02d}:00 minutes at most.")
                if seconds > 0:
                    return search_seconds(seconds), None
        raise UhpError(f"Use 'bestmove time hh:mm:ss' (up to 00:{MAX_SECONDS // 60:02d}:00) "
                       f"or 'bestmove depth N' (N up to {MAX_DEPTH}).")

    def _undo(self, args: list[str]) -> list[str]:
        game = self._current()
        if len(args) > 1 or (args and not _NUMBER.fullmatch(args[0])):
            raise UhpError("Use 'undo' or 'undo N' with N a whole number (digits 0-9).")
        count = int(args[0]) if args else 1
        if count < 1 or count > len(game.move_stack):
            raise UhpError(f"Unable to undo {count} move(s): {len(game.move_stack)} played.")
        for _ in range(count):
            game.pop()
            self.texts.pop()
        return [self._game_string()]

    def _options(self, args: list[str]) -> list[str]:
        if not args:
            return [option.line() for option in self.options.values()]
        option = self.options.get(args[1]) if len(args) > 1 else None
        if args[0] == "get" and len(args) == 2 and option is not None:
            return [option.line()]
        if args[0] == "set" and len(args) == 3 and option is not None:
            value = args[2]
            if not _NUMBER.fullmatch(value.removeprefix("-")) or not option.low <= int(value) <= option.high:
                raise UhpError(f"{option.name} takes a whole number from {option.low} to {option.high}.")
            option.value = int(value)
            return [option.line()]
        raise UhpError(f"Use 'options', 'options get Name' or 'options set Name Value'; options: {', '.join(self.options)}.")


def search_seconds(allowed: float) -> float:
    """The search's hard limit for ``bestmove time`` of ``allowed`` seconds: max(T/2, 0.95 T - 0.03 s)."""
    return max(allowed / 2, allowed * TIME_MARGIN - TIME_RESERVE)


def _one_line(text: str) -> str:
    """``text`` on one line, its control characters (escape sequences…) shown as ``?``."""
    return "".join(char if char.isprintable() else "?" for char in " ".join(text.split()))


def _reason(error: MeepleError) -> str:
    """Why a move was refused, without repeating the move."""
    reason = getattr(error, "reason", None)
    return _one_line(reason.en if isinstance(reason, Msg) else error.text("en"))


def run(lines: Iterable[str], write: Callable[[str], None]) -> None:
    """Speak UHP: print ``info`` at start-up, then answer each line until ``exit`` or end of input."""
    engine = UhpEngine()
    for answer in engine.handle("info"):
        write(answer)
    for line in lines:
        if line.strip().lower() in ("exit", "quit"):
            break
        for answer in engine.handle(line):
            write(answer)

