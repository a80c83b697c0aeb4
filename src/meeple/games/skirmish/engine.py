"""The skirmish game: two sides, alternate activations, zones of control, engagements (rules R17–R21).

Options: ``{"scenario": NAME}`` (a shipped scenario, default ``"ford"``; a name, never a file path: options
may come from the network) or ``{"scenario": {…}}`` (a whole scenario, see :mod:`meeple.games.skirmish.scenario`). The seed is recorded but the game has no chance.

Moves (``move_to_json``)::

    {"kind": "hold", "fighter": "R1"}
    {"kind": "attack", "fighter": "R1", "target": "B2"}
    {"kind": "move", "fighter": "R1", "to": [x, y], "path": [[x, y], …]}   # "path" optional

A move is identified by fighter and end cell (``move_key``); its path is any legal path there (checked by
:func:`~meeple.games.skirmish.movement.check`), or the one ``reachable()`` found when none is given.
Text form (``move_text``/``parse_move``): ``R1 hold``, ``R1 attack B2``, ``R1 5,3`` or ``R1 2,3 3,3 4,3 5,3``.

``view(seat)`` (the same for every seat: no hidden information)::

    {
      "format": "meeple-skirmish-view", "version": 1,
      "scenario": name, "title": {fr, en}, "sides": [{fr, en}, {fr, en}],
      "width": W, "height": H,
      "map": ["..~#", …],                      # rows: . open, ~ difficult (×2 MP), # blocking
      "objectives": [[x, y], …],
      "round": r, "rounds": n,                  # round r of n (n + 1 after the last round)
      "to_move": 0 | 1 | null,
      "activated": [ids that already acted this round],
      "can_act": [ids of the side to move that may still act],
      "fighters": [{"id", "side", "at": [x, y], "move", "zoc", "harmless", "keeps_zoc", "hits",
                    "max_hits", "strike", "has_zoc": bool, "engaged_with": [ids], "activated": bool}],
      "zocs": {id: [[x, y], …]},               # only fighters that have a ZOC now (R7)
      "engagements": [[id, id], …],
      "eliminated": [n0, n1],                    # enemy fighters each side has put out of action
      "score": [s0, s1],                         # R21: eliminated + objectives held now
      "last_move": null | {"move": move JSON, "text": "R1 5,3", "outcome": {…} | null, "damage": int | null,
                           "removed": id | null},
      "outcome": null | Outcome.to_json()
    }
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, Self

from meeple.core.boards import Cell
from meeple.core.errors import FormatError, IllegalMoveError, MeepleError
from meeple.core.game import JSON, Game, Outcome
from meeple.core.i18n import Msg
from meeple.games.skirmish.battlefield import Battlefield, Fighter, in_contact, pair
from meeple.games.skirmish.movement import Adjudicator, CheckResult, MoveOutcome, Reach, check, reachable
from meeple.games.skirmish.scenario import Scenario, parse_scenario, shipped_scenario

DEFAULT_SCENARIO = "ford"


@dataclass(frozen=True)
class Action:
    """One activation: a fighter holds, attacks an opponent it is engaged with, or moves."""

    kind: Literal["hold", "move", "attack"]
    fighter: str
    to: Cell | None = None
    path: tuple[Cell, ...] | None = None
    target: str | None = None


@dataclass(frozen=True)
class State:
    """Everything a position is: the battlefield, the round, whose turn, who acted, the tallies."""

    field: Battlefield
    round: int
    to_move: int | None
    activated: frozenset[str]
    eliminated: tuple[int, int]


@dataclass(frozen=True)
class LogEntry:
    """What the last action did (for ``view``)."""

    outcome: MoveOutcome | None = None
    damage: int | None = None
    removed: str | None = None


@dataclass
class _Ply:
    state: State
    action: Action | None = None
    log: LogEntry | None = None
    reach: dict[str, Reach] = field(default_factory=dict)


def _scenario_from_options(options: Mapping[str, JSON]) -> Scenario:
    for key in options:
        if key != "scenario":
            raise FormatError("options", key, Msg("option inconnue (seule « scenario » existe)",
                                                  "unknown option (only 'scenario' exists)"))
    chosen = options.get("scenario", DEFAULT_SCENARIO)
    if isinstance(chosen, str):  # a shipped scenario's name, never a path: the options may come from the network
        return shipped_scenario(chosen)
    if isinstance(chosen, Mapping):
        return parse_scenario(chosen, "options.scenario")
    raise FormatError("options", "scenario", Msg("un nom de scénario ou un scénario JSON est attendu",
                                                 "a scenario name or a scenario JSON object is expected"))


class SkirmishGame(Game[Action]):
    """A skirmish on a square grid; see the module docstring and ``docs/rules/skirmish.md``."""

    name = "skirmish"

    def __init__(self, scenario: Scenario, options: dict[str, JSON], seed: int) -> None:
        self.scenario = scenario
        self.options = options
        self.seed = seed
        start = State(scenario.battlefield(), 1, scenario.first, frozenset(), (0, 0))
        self._plies: list[_Ply] = [_Ply(start)]

    @classmethod
    def new(cls, options: Mapping[str, JSON] | None = None, seed: int | None = None) -> Self:
        """A game in the scenario's starting position."""
        options = dict(options or {})
        scenario = _scenario_from_options(options)
        return cls(scenario, options, cls.choose_seed(seed))

    # --- position ------------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current position."""
        return self._plies[-1].state

    @property
    def field(self) -> Battlefield:
        """The current battlefield."""
        return self.state.field

    @property
    def num_players(self) -> int:
        return 2

    def to_move(self) -> int | None:
        return self.state.to_move

    @property
    def move_stack(self) -> Sequence[Action]:
        return [ply.action for ply in self._plies[1:] if ply.action is not None]

    def copy(self) -> Self:
        clone = type(self)(self.scenario, dict(self.options), self.seed)
        clone._plies = [_Ply(ply.state, ply.action, ply.log) for ply in self._plies]
        return clone

    # --- movement adjudication on the current position ----------------------------------------------
    def reachable(self, fighter_id: str) -> Reach:
        """:func:`~meeple.games.skirmish.movement.reachable` for a fighter now (cached per position)."""
        self.fighter(fighter_id)
        cache = self._plies[-1].reach
        if fighter_id not in cache:
            cache[fighter_id] = reachable(self.field, fighter_id)
        return cache[fighter_id]

    def check(self, fighter_id: str, path: Sequence[Cell]) -> CheckResult:
        """:func:`~meeple.games.skirmish.movement.check` for a fighter now."""
        self.fighter(fighter_id)
        return check(self.field, fighter_id, path)

    def fighter(self, fighter_id: str) -> Fighter:
        """The fighter called ``fighter_id`` now; raises :class:`MeepleError` if there is none."""
        if fighter_id not in self.field.by_id:
            raise MeepleError(Msg(f"aucun combattant « {fighter_id} » sur le terrain",
                                  f"no fighter '{fighter_id}' on the battlefield"))
        return self.field.fighter(fighter_id)

    # --- moves -----------------------------------------------------------------------------------------
    def can_act(self) -> list[str]:
        """Ids of the fighters of the side to move that have not acted this round (R18)."""
        state = self.state
        return [f.id for f in state.field.fighters if f.side == state.to_move and f.id not in state.activated]

    def legal_moves(self) -> list[Action]:
        moves: list[Action] = []
        for fighter_id in self.can_act():
            moves.append(Action("hold", fighter_id))
            moves.extend(Action("attack", fighter_id, target=target) for target in self._targets(fighter_id))
            reach = self.reachable(fighter_id)
            for cell in sorted(reach.destinations, key=lambda c: (c[1], c[0])):
                moves.append(Action("move", fighter_id, cell, reach.destinations[cell].path))
        return moves

    def _targets(self, fighter_id: str) -> list[str]:
        fighter = self.field.fighter(fighter_id)
        return [] if fighter.harmless or fighter.strike <= 0 else self.field.engaged_with(fighter_id)

    def _refuse(self, action: Action, fr: str, en: str) -> IllegalMoveError:
        return IllegalMoveError(self.move_text(action), Msg(fr, en))

    def _validate(self, action: Action) -> tuple[Action, MoveOutcome | None]:
        state = self.state
        if state.to_move is None:
            raise self._refuse(action, "la partie est finie", "the game is over")
        fighter = state.field.by_id.get(action.fighter)
        if fighter is None:
            raise self._refuse(action, f"aucun combattant « {action.fighter} »", f"no fighter '{action.fighter}'")
        if fighter.side != state.to_move:
            raise self._refuse(action, f"{fighter.id} n'est pas du camp qui joue", f"{fighter.id} is not on the side to move")
        if fighter.id in state.activated:
            raise self._refuse(action, f"{fighter.id} a déjà agi cette manche", f"{fighter.id} already acted this round")
        if action.kind == "hold":
            return action, None
        if action.kind == "attack":
            if action.target not in self._targets(fighter.id):
                raise self._refuse(action, "on n'attaque qu'un adversaire engagé, et pas si l'on est inoffensif (R20)",
                                   "one attacks only an opponent one is engaged with, and not when harmless (R20)")
            return action, None
        return self._validate_path(action)

    def _validate_path(self, action: Action) -> tuple[Action, MoveOutcome | None]:
        reach = self.reachable(action.fighter)
        known = reach.destinations.get(action.path[-1]) if action.path else None
        if known is not None and known.path == action.path and action.to in (None, known.cell):
            return replace(action, to=known.cell), known.outcome  # the path reachable() found: legal
        if action.path is not None:
            result = self.check(action.fighter, action.path)
            if result.error is not None:
                raise IllegalMoveError(self.move_text(action), result.error.message())
            if action.to is not None and action.path[-1] != action.to:
                raise self._refuse(action, "le chemin ne finit pas sur la case visée", "the path does not end on its target cell")
            return replace(action, to=action.path[-1]), result.outcome
        if action.to is None:
            raise self._refuse(action, "un déplacement a besoin de « to » ou « path »", "a move needs 'to' or 'path'")
        destination = reach.destinations.get(action.to)
        if destination is None:
            rule, reason = Adjudicator(self.field, action.fighter).why_unreachable(action.to)
            raise IllegalMoveError(self.move_text(action), Msg(f"{rule}: {reason.fr}", f"{rule}: {reason.en}"))
        return replace(action, path=destination.path), destination.outcome

    def push(self, move: Action) -> None:
        action, outcome = self._validate(move)
        state = self.state
        field_now, eliminated, log = state.field, state.eliminated, LogEntry(outcome)
        if action.kind == "move":
            assert action.to is not None
            field_now = _moved(field_now, action.fighter, action.to)
        elif action.kind == "attack":
            assert action.target is not None
            field_now, removed, damage = _attacked(field_now, action.fighter, action.target)
            log = LogEntry(None, damage, removed)
            if removed is not None:
                side = field_now.fighter(action.fighter).side
                eliminated = (eliminated[0] + (side == 0), eliminated[1] + (side == 1))
        next_state = _advance(self.scenario, state, field_now, action.fighter, eliminated)
        self._plies.append(_Ply(next_state, action, log))

    def pop(self) -> Action:
        if len(self._plies) == 1:
            raise MeepleError(Msg("aucun coup à annuler", "no move to undo"))
        ply = self._plies.pop()
        assert ply.action is not None
        return ply.action

    # --- outcome and score ---------------------------------------------------------------------------------
    def score(self) -> tuple[int, int]:
        """R21: enemy fighters put out of action plus objective cells held by one's fighters now."""
        held = [0, 0]
        for cell in self.scenario.objectives:
            occupant = self.field.occupant.get(cell)
            if occupant is not None:
                held[self.field.fighter(occupant).side] += 1
        return (self.state.eliminated[0] + held[0], self.state.eliminated[1] + held[1])

    def outcome(self) -> Outcome | None:
        if self.state.to_move is not None:
            return None
        scores = self.score()
        standing = [any(f.side == side and not f.harmless for f in self.field.fighters) for side in (0, 1)]
        details: dict[str, JSON] = {"scores": list(scores)}
        if not all(standing):
            winner = 0 if standing[0] else 1
            return Outcome(frozenset({winner}), Msg("l'adversaire n'a plus de combattant dangereux",
                                                    "the enemy has no fighter left that is not harmless"), False, details)
        if scores[0] == scores[1]:
            return Outcome(frozenset(), Msg(f"égalité aux points {scores[0]}–{scores[1]}",
                                            f"tie on points {scores[0]}–{scores[1]}"), True, details)
        winner = 0 if scores[0] > scores[1] else 1
        return Outcome(frozenset({winner}), Msg(f"victoire aux points {scores[0]}–{scores[1]}",
                                                f"win on points {scores[0]}–{scores[1]}"), False, details)

    # --- JSON ------------------------------------------------------------------------------------------------
    def position_json(self) -> dict[str, JSON]:
        state = self.state
        return {
            "scenario": self.scenario.name,
            "map": list(self.scenario.ground.rows),
            "objectives": [list(cell) for cell in self.scenario.objectives],
            "rounds": self.scenario.rounds,
            "round": state.round,
            "to_move": state.to_move,
            "activated": sorted(state.activated),
            "fighters": [f.to_json() for f in state.field.fighters],
            "engagements": sorted(sorted(engagement) for engagement in state.field.engagements),
            "eliminated": list(state.eliminated),
        }

    def view(self, seat: int | None) -> dict[str, JSON]:
        """What everyone sees (no hidden information); the shape is in the module docstring."""
        state, field_now = self.state, self.field
        position = self.position_json()
        fighters = []
        for fighter, data in zip(field_now.fighters, position["fighters"], strict=True):
            fighters.append(data | {
                "has_zoc": field_now.has_zoc(fighter.id),
                "engaged_with": field_now.engaged_with(fighter.id),
                "activated": fighter.id in state.activated,
            })
        outcome = self.outcome()
        return position | {
            "format": "meeple-skirmish-view",
            "version": 1,
            "title": self.scenario.title.to_json(),
            "sides": [side.to_json() for side in self.scenario.sides],
            "width": self.scenario.ground.width,
            "height": self.scenario.ground.height,
            "can_act": self.can_act(),
            "fighters": fighters,
            "zocs": {f.id: [list(cell) for cell in field_now.zoc_cells(f.id)] for f in field_now.fighters
                     if field_now.has_zoc(f.id)},
            "score": list(self.score()),
            "last_move": self._last_move_json(),
            "outcome": None if outcome is None else outcome.to_json(),
        }

    def _last_move_json(self) -> JSON:
        ply = self._plies[-1]
        if ply.action is None or ply.log is None:
            return None
        return {
            "move": self.move_to_json(ply.action),
            "text": self.move_text(ply.action),
            "outcome": None if ply.log.outcome is None else ply.log.outcome.to_json(),
            "damage": ply.log.damage,
            "removed": ply.log.removed,
        }

    def move_to_json(self, move: Action) -> JSON:
        data: dict[str, JSON] = {"kind": move.kind, "fighter": move.fighter}
        if move.kind == "attack":
            data["target"] = move.target
        if move.kind == "move":
            data["to"] = None if move.to is None else list(move.to)
            if move.path is not None:
                data["path"] = [list(cell) for cell in move.path]
        return data

    def move_key(self, move: Action) -> str:
        """Fighter, kind and end cell (or target): two paths to the same cell are the same move."""
        where = move.target if move.kind == "attack" else (move.to or (move.path[-1] if move.path else None))
        return f"{move.fighter}:{move.kind}:{where}"

    def move_from_json(self, data: JSON) -> Action:
        return action_from_json(data)

    def move_text(self, move: Action) -> str:
        if move.kind == "hold":
            return f"{move.fighter} hold"
        if move.kind == "attack":
            return f"{move.fighter} attack {move.target}"
        cells = move.path if move.path else ((move.to,) if move.to else ())
        return " ".join([move.fighter, *(f"{x},{y}" for x, y in cells)])

    def parse_move(self, text: str) -> Action:
        """``R1 hold``, ``R1 attack B2``, ``R1 5,3`` (end cell) or ``R1 2,3 3,3 4,3`` (whole path), or JSON."""
        stripped = text.strip()
        if stripped.startswith(("{", "[")):
            return super().parse_move(stripped)
        words = stripped.replace(";", " ").split()
        if len(words) < 2:
            raise IllegalMoveError(text, Msg("« ID hold », « ID attack CIBLE » ou « ID x,y … » attendu",
                                             "'ID hold', 'ID attack TARGET' or 'ID x,y …' expected"))
        fighter, rest = words[0], words[1:]
        if rest == ["hold"]:
            return Action("hold", fighter)
        if len(rest) == 2 and rest[0] == "attack":
            return Action("attack", fighter, target=rest[1])
        cells = tuple(parse_cell(word, text) for word in rest)
        if len(cells) == 1:
            return Action("move", fighter, cells[0])
        return Action("move", fighter, cells[-1], cells)


_CELL = re.compile(r"^\(?(-?\d+),(-?\d+)\)?$")


def parse_cell(word: str, context: str = "") -> Cell:
    """``"3,4"`` → ``(3, 4)``; raises :class:`IllegalMoveError` otherwise."""
    match = _CELL.match(word)
    if not match:
        raise IllegalMoveError(context or word, Msg(f"« {word} » n'est pas une case x,y", f"'{word}' is not a cell x,y"))
    return (int(match.group(1)), int(match.group(2)))


def _json_cell(value: JSON, data: JSON) -> Cell:
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return (value[0], value[1])
    raise IllegalMoveError(data, Msg("une case [x, y] est attendue", "a cell [x, y] is expected"))


def action_from_json(data: JSON) -> Action:
    """The action a JSON value describes (the shapes in the module docstring)."""
    if not isinstance(data, Mapping):
        raise IllegalMoveError(data, Msg("un objet JSON est attendu", "a JSON object is expected"))
    kind, fighter = data.get("kind"), data.get("fighter")
    if not isinstance(fighter, str):
        raise IllegalMoveError(data, Msg("« fighter » manque", "'fighter' is missing"))
    if kind == "hold":
        return Action("hold", fighter)
    if kind == "attack":
        target = data.get("target")
        if not isinstance(target, str):
            raise IllegalMoveError(data, Msg("« target » manque", "'target' is missing"))
        return Action("attack", fighter, target=target)
    if kind != "move":
        raise IllegalMoveError(data, Msg("« kind » vaut hold, attack ou move", "'kind' is hold, attack or move"))
    raw_path = data.get("path")
    path = None
    if raw_path is not None:
        if not isinstance(raw_path, list) or not raw_path:
            raise IllegalMoveError(data, Msg("« path » est une liste non vide de cases", "'path' is a non-empty list of cells"))
        path = tuple(_json_cell(cell, data) for cell in raw_path)
    raw_to = data.get("to")
    to = _json_cell(raw_to, data) if raw_to is not None else (path[-1] if path else None)
    if to is None:
        raise IllegalMoveError(data, Msg("« to » ou « path » manque", "'to' or 'path' is missing"))
    return Action("move", fighter, to, path)


# --- applying actions -------------------------------------------------------------------------------------
def _moved(field: Battlefield, fighter_id: str, to: Cell) -> Battlefield:
    """The battlefield after a move: the mover's old engagements end, contact at ``to`` engages (R8, R14)."""
    mover = field.fighter(fighter_id).moved_to(to)
    fighters = [mover if f.id == fighter_id else f for f in field.fighters]
    engagements = {e for e in field.engagements if fighter_id not in e}
    for other in fighters:
        if other.side != mover.side and in_contact(other.cell, to):
            engagements.add(pair(fighter_id, other.id))
    return field.with_fighters(fighters, frozenset(engagements))


def _attacked(field: Battlefield, attacker_id: str, target_id: str) -> tuple[Battlefield, str | None, int]:
    """R20: the target loses the attacker's strike in hits; at 0 it is out of action (removed)."""
    damage = field.fighter(attacker_id).strike
    target = field.fighter(target_id)
    hits = target.hits - damage
    if hits > 0:
        fighters = [replace(f, hits=hits) if f.id == target_id else f for f in field.fighters]
        return field.with_fighters(fighters, field.engagements), None, damage
    fighters = [f for f in field.fighters if f.id != target_id]
    engagements = frozenset(e for e in field.engagements if target_id not in e)
    return field.with_fighters(fighters, engagements), target_id, damage


def _advance(scenario: Scenario, state: State, field: Battlefield, actor: str, eliminated: tuple[int, int]) -> State:
    """R18, R21: whose turn next, a new round when everyone acted, the end of the game."""
    activated = state.activated | {actor}
    standing = [any(f.side == side and not f.harmless for f in field.fighters) for side in (0, 1)]
    if not all(standing):
        return State(field, state.round, None, activated, eliminated)
    mover_side = field.fighter(actor).side

    def waiting(side: int) -> bool:
        return any(f.side == side and f.id not in activated for f in field.fighters)

    for side in (1 - mover_side, mover_side):
        if waiting(side):
            return State(field, state.round, side, activated, eliminated)
    if state.round >= scenario.rounds:
        return State(field, state.round + 1, None, frozenset(), eliminated)
    next_round = state.round + 1
    return State(field, next_round, (scenario.first + next_round - 1) % 2, frozenset(), eliminated)

