"""Hive for the server: the AI at five strengths (:func:`meeple.games.hive.ai.best_move` and baselines),
the targets of a piece as a query, the game types for the new-game page, a UHP GameString read into
moves (catalogue ``read_game``: a game imported by the page, to replay or continue), and the engine's
analysis of a room's position (query ``analyse``: best move, score, principal variation), both in a
worker process with the limits below (docs/security.md)."""

from __future__ import annotations

from typing import Any

from meeple.core.errors import FormatError, MeepleError
from meeple.core.game import JSON, Game
from meeple.core.i18n import Msg
from meeple.core.rng import make_rng
from meeple.server.history import history_queries
from meeple.server.registry import GameAdapter, Level

LEVELS = (
    Level("random", Msg("Débutant (hasard)", "Beginner (random)")),
    Level("greedy", Msg("Facile", "Easy")),
    Level("medium", Msg("Moyen", "Medium")),
    Level("hard", Msg("Difficile", "Hard")),
    Level("expert", Msg("Expert", "Expert")),
)
GAME_TYPES = ("Base", "Base+M", "Base+L", "Base+P", "Base+MLP", "Base+C", "Base+MLPC")
MAX_GAME_STRING = 16_000
"""The longest GameString ``read_game`` reads (characters): 500 moves of ~12 characters and some room."""
MAX_ANALYSIS_SECONDS = 5.0
"""The longest search ``analyse`` runs (seconds); the default is 1 s."""
MAX_ANALYSIS_DEPTH = 6
"""The deepest search ``analyse`` runs when asked for a depth instead of a time (plies)."""
PV_SHOWN = 8
"""At most this many moves of the principal variation are returned, each with its position."""


def choose_move(game: Game[Any], seat: int, level: str | None, seed: int) -> Any:
    """The computer's move at ``level``: random, one-ply greedy, or alpha-beta search (2 plies, 1 s, 2.5 s)."""
    from meeple.games.hive import ai

    rng = make_rng(seed)
    if level == "random":
        return ai.random_move(game, rng)  # type: ignore[arg-type]
    if level == "greedy":
        return ai.greedy_move(game, rng)  # type: ignore[arg-type]
    if level == "medium":
        return ai.best_move(game, depth=2)  # type: ignore[arg-type]
    if level == "hard":
        return ai.best_move(game, time_limit=1.0)  # type: ignore[arg-type]
    return ai.best_move(game, time_limit=2.5)  # type: ignore[arg-type]


def targets(game: Game[Any], _seat: int | None, params: JSON) -> JSON:
    """Where a piece (``wA1``) or the next piece of a reserve kind (``wA``) may go now."""
    from meeple.games.hive import legal_targets

    piece = params.get("piece") if isinstance(params, dict) else None
    if not isinstance(piece, str):
        raise FormatError("params", "piece", Msg("un nom de pièce est attendu (wA1)", "a piece name is expected (wA1)"))
    return legal_targets(game, piece)  # type: ignore[arg-type]


def game_types(_params: JSON) -> JSON:
    """The game types the new-game page offers (UHP GameTypeStrings, C for the Centipede)."""
    return list(GAME_TYPES)


def describe(game: Game[Any], move: Any) -> Msg:
    """A move in words for the history (:func:`meeple.games.hive.describe.describe_move`)."""
    from meeple.games.hive.describe import describe_move

    return describe_move(game, move)  # type: ignore[arg-type]


def read_game(params: JSON) -> JSON:
    """A UHP GameString (``Base+MLP;InProgress;White[3];wS1;bG1 -wS1;…``) read into what a new room needs:
    ``{game_type, moves: [move JSON], state, turn}``. A move the rules refuse is named by its number."""
    from meeple.games.hive.game import HiveGame
    from meeple.games.hive.notation import (
        game_state_string,
        normalise_move_string,
        parse_game_string,
        turn_string,
    )
    from meeple.games.hive.pieces import GameType
    from meeple.server.rooms import MAX_START_MOVES

    text = params.get("game_string") if isinstance(params, dict) else None
    if not isinstance(text, str) or not text.strip():
        raise FormatError("params", "game_string", Msg("une GameString UHP est attendue", "a UHP GameString is expected"))
    if len(text) > MAX_GAME_STRING:
        raise FormatError("params", "game_string", Msg(f"{len(text)} caractères, la limite est {MAX_GAME_STRING}",
                                                       f"{len(text)} characters, the limit is {MAX_GAME_STRING}"))
    game_type, texts = parse_game_string(text, "params.game_string")
    if len(texts) > MAX_START_MOVES:
        raise FormatError("params", "game_string", Msg(f"{len(texts)} coups, la limite est {MAX_START_MOVES}",
                                                       f"{len(texts)} moves, the limit is {MAX_START_MOVES}"))
    game = HiveGame(GameType.parse(str(game_type)), 0)
    moves: list[JSON] = []
    for number, move_text in enumerate(texts, start=1):
        try:
            move = game.parse_move(normalise_move_string(move_text))
            game.push(move)
        except MeepleError as error:
            raise FormatError("params", f"game_string, coup {number} « {move_text} »", error.message) from error
        moves.append(game.move_to_json(move))
    return {"game_type": str(game_type), "moves": moves, "state": game_state_string(game.state),
            "turn": turn_string(game.state.ply)}


def _number(params: JSON, key: str, low: float, high: float) -> float | None:
    value = params.get(key) if isinstance(params, dict) else None
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise FormatError("params", key, Msg(f"un nombre de {low:g} à {high:g} est attendu",
                                             f"a number from {low:g} to {high:g} is expected"))
    return float(value)


def analyse(game: Game[Any], _seat: int | None, params: JSON) -> JSON:
    """The engine's view of the room's position (:func:`meeple.games.hive.ai.analyse`): for ``seconds``
    (default 1, at most :data:`MAX_ANALYSIS_SECONDS`) or ``depth`` plies (at most :data:`MAX_ANALYSIS_DEPTH`):
    ``{best, move, score, depth, forced_in, colour, seconds, pv: [{uhp, move, view}]}`` — ``score`` for the
    side to move (``colour``), the first :data:`PV_SHOWN` moves of the principal variation each with the
    position after it (its view without the targets: a read-only board)."""
    from meeple.games.hive import ai
    from meeple.games.hive.game import HiveGame

    assert isinstance(game, HiveGame)
    if game.outcome() is not None:
        raise FormatError("params", "position", Msg("la partie est finie : rien à analyser", "the game is over: nothing to analyse"))
    depth = _number(params, "depth", 1, MAX_ANALYSIS_DEPTH)
    seconds = _number(params, "seconds", 0.1, MAX_ANALYSIS_SECONDS)
    if depth is None and seconds is None:
        seconds = 1.0
    found = ai.analyse(game, time_limit=seconds, depth=None if depth is None else int(depth))
    colour = game.view(None)["colour_to_move"]
    line: list[JSON] = []
    walk = game.copy()
    for move in found.principal_variation[:PV_SHOWN]:
        if move not in walk.legal_moves():
            break  # a line the search cut short or a stale table entry: shown up to there
        uhp = walk.move_text(move)
        data = walk.move_to_json(move)
        walk.push(move)
        view = walk.view(None)
        for key in ("targets", "placeable"):
            view.pop(key, None)
        line.append({"uhp": uhp, "move": data, "view": view})
    return {"best": game.move_text(found.move), "move": game.move_to_json(found.move), "score": found.score,
            "depth": found.depth, "forced_in": found.forced_in, "colour": colour, "seconds": round(found.seconds, 3),
            "pv": line}


def make_adapter() -> GameAdapter:
    """Hive: the view already lists every piece's targets, so no legal-move list is sent."""
    return GameAdapter(public_view=True, choose_move=choose_move, levels=LEVELS, default_level="medium",
                       queries={"targets": targets, "analyse": analyse, **history_queries(describe)},
                       catalog={"game_types": game_types, "read_game": read_game}, send_legal_moves=False,
                       worker_queries=frozenset({"analyse", "read_game"}), assisting_queries=frozenset({"analyse"}))
