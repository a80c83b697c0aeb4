"""JSON functions for the browser: movement adjudication on a game or on a sandbox scenario, and AI moves.

Every function takes and returns plain JSON values (dicts, lists, strings, numbers). Bad input raises a
:class:`~meeple.core.errors.MeepleError` (a :class:`~meeple.core.errors.FormatError` naming the field).

``reach_json(game, fighter)`` → the fighter's legal destinations now::

    {"fighter": "R1", "start": [x, y], "allowance": 10,
     "held_by": ["B1"],          # opponents whose ZOC holds it where it stands (it can only engage them)
     "ignoring": ["B2"],         # opponents in contact at the start: leaving them, it ignores their ZOC
     "destinations": [{"cell": [x, y], "cost": 8, "path": [[x, y], …],
                       "outcome": {"kind": "free" | "stopped" | "engaged", "opponents": ["B1"],
                                   "text": {"fr": "…", "en": "…"}},
                       "bound_to": ["B1"] | null}, …],
     "zocs": {"B1": [[x, y], …], …}}   # the ZOCs that exist now (R7), for shading

``check_json(game, fighter, path)`` → ``{"fighter", "path", "legal": bool, "cost", "outcome": {…} | null,
"error": {"step": i, "cell": [x, y] | null, "rule": "R12", "reason": {"fr", "en"}, "at_end": bool} | null}``
where ``path`` is the list of cells after the start, ``step`` the 0-based index of the first illegal one and
``at_end`` true when every step is legal and only stopping there is not (a longer path may be legal).

``sandbox_reach(scenario, fighter)`` and ``sandbox_check(scenario, fighter, path)`` do the same on a
scenario JSON value (the format of :mod:`meeple.games.skirmish.scenario`), for a sandbox where the user
places fighters freely; fighters in contact start engaged.

``ai_move_json(game, seat, seed, level=None)`` → the move JSON the computer plays for ``seat`` at
``level`` (``random``, ``greedy`` — the default — or ``tactical``, see :mod:`meeple.games.skirmish.ai`);
push it with ``game.push(game.move_from_json(...))``. ``ai_move(game, seed=0, level=None)`` → the same
move as an engine object for the side to move (what the server's adapter calls).
"""

from __future__ import annotations

from typing import Any

from meeple.core.boards import Cell
from meeple.core.errors import FormatError, MeepleError
from meeple.core.game import JSON
from meeple.core.i18n import Msg
from meeple.core.rng import make_rng
from meeple.games.skirmish.ai import DEFAULT_LEVEL, choose_move
from meeple.games.skirmish.battlefield import Battlefield
from meeple.games.skirmish.engine import Action, SkirmishGame
from meeple.games.skirmish.movement import check, reachable
from meeple.games.skirmish.scenario import parse_scenario


def _path(data: Any) -> list[Cell]:
    if not isinstance(data, list):
        raise FormatError("check", "path", Msg("une liste de cases [x, y] est attendue", "a list of cells [x, y] is expected"))
    cells = []
    for index, item in enumerate(data):
        if not (isinstance(item, list | tuple) and len(item) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in item)):
            raise FormatError("check", f"path[{index}]", Msg("une case [x, y] est attendue", "a cell [x, y] is expected"))
        cells.append((item[0], item[1]))
    return cells


def _known(field: Battlefield, fighter: Any) -> str:
    if not isinstance(fighter, str) or fighter not in field.by_id:
        raise FormatError("request", "fighter", Msg(f"aucun combattant « {fighter} »", f"no fighter '{fighter}'"))
    return fighter


def _zocs(field: Battlefield) -> dict[str, JSON]:
    return {f.id: [list(cell) for cell in field.zoc_cells(f.id)] for f in field.fighters if field.has_zoc(f.id)}


def reach_json(game: SkirmishGame, fighter: str) -> dict[str, JSON]:
    """The legal destinations of ``fighter`` in the game's current position (shape in the module docstring)."""
    return game.reachable(_known(game.field, fighter)).to_json() | {"zocs": _zocs(game.field)}


def check_json(game: SkirmishGame, fighter: str, path: Any) -> dict[str, JSON]:
    """Whether ``fighter`` may follow ``path`` now: legal with cost and outcome, or the first illegal step."""
    return game.check(_known(game.field, fighter), _path(path)).to_json()


def sandbox_reach(scenario: Any, fighter: str) -> dict[str, JSON]:
    """:func:`reach_json` on the starting position of a scenario JSON value."""
    field = parse_scenario(scenario, "scenario").battlefield()
    return reachable(field, _known(field, fighter)).to_json() | {"zocs": _zocs(field)}


def sandbox_check(scenario: Any, fighter: str, path: Any) -> dict[str, JSON]:
    """:func:`check_json` on the starting position of a scenario JSON value."""
    field = parse_scenario(scenario, "scenario").battlefield()
    return check(field, _known(field, fighter), _path(path)).to_json()


def ai_move(game: SkirmishGame, seed: int = 0, level: str | None = None) -> Action:
    """The move (an engine object, ready for ``game.push``) the computer plays for the side to move.

    ``level``: a key of :data:`meeple.games.skirmish.ai.LEVELS` (``random``, ``greedy``, ``tactical``);
    ``None`` is the default level (greedy). An unknown level is a :class:`MeepleError` naming the choices.
    """
    seat = game.to_move()
    if seat is None:
        raise MeepleError(Msg("la partie est finie", "the game is over"))
    return choose_move(game, seat, make_rng(seed).derive(f"ai:{len(game.move_stack)}"), level or DEFAULT_LEVEL)


def ai_move_json(game: SkirmishGame, seat: int, seed: int = 0, level: str | None = None) -> JSON:
    """The move the computer plays for ``seat`` (the side to move) at ``level``, as move JSON."""
    if game.to_move() != seat:
        raise MeepleError(Msg(f"ce n'est pas au camp {seat} de jouer", f"it is not side {seat}'s turn"))
    return game.move_to_json(ai_move(game, seed, level))
