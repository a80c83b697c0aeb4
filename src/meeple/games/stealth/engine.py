"""The stealth engine: a one-player puzzle on a node graph (Game protocol), with undo, preview and stars.

Options: ``{"level": "1-1"}`` (a shipped level, the default) or ``{"level_data": {...}}`` (a level
document, see :mod:`meeple.games.stealth.level`). The seed plays no part: the puzzle is deterministic.

Moves are :class:`Move` values; as JSON ``{"to": "b"}`` (the leader walks to node ``b``) or
``{"throw": "c"}`` (a noise stone lands on ``c``); as text ``b`` or ``throw c``.

``view(seat)`` (the same for every seat: nothing is hidden) is JSON of this shape::

    {
      "game": "stealth",
      "level": {"id", "title": {fr, en}, "hint": {fr, en}, "teaches", "tutorial", "par", "stars": [...]},
      "nodes": [{"id", "x", "y", "hide", "exit", "start", "key"}],      # x, y: drawing positions
      "edges": [{"a", "b", "oneway", "door", "open"}],                   # oneway: only a→b
      "leader": "a", "members": ["z", ...],                              # caravan, first right behind
      "enemies": [{"id", "kind", "node", "facing", "next_facing", "state", "neutralisable", "watching",
                    "target", "home", "cycle_index", "heading"}],        # state: duty|alert|diverted|returning|out
      "tray": 0, "stones": 1, "keys": ["red"], "turn": 3, "to_move": 0 | null,
      "last_move": {"to": "b"} | null, "events": [...],                  # what the last turn did
      "outcome": null | {...}, "stars": {"declared": [...], "earned": [...]},
      "legal_moves": [{"to": "b"}, {"throw": "c"}],
      "previews": [{"move", "text", "neutralises": [ids], "capture": null | {"who", "how", "by", "node"},
                    "win": bool, "tray": n}]                             # one per legal move
    }

``preview(move)`` returns one element of ``previews`` plus ``"after"``, the view after the move; it
plays the move on a copy with the same :func:`~meeple.games.stealth.rules.step` the engine uses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from meeple.core.errors import FormatError, IllegalMoveError, MeepleError
from meeple.core.game import JSON, Game, Outcome
from meeple.core.i18n import Msg
from meeple.games.stealth import rules
from meeple.games.stealth.level import Level, parse_level
from meeple.games.stealth.rules import CAUGHT, GO, OUT, PLAY, THROW, WON, Action, State
from meeple.games.stealth.shipped import load_shipped_level


@dataclass(frozen=True)
class Move:
    """The leader walks to ``node`` (``kind="go"``) or throws a noise stone onto it (``kind="throw"``)."""

    kind: str
    node: str

    def __str__(self) -> str:
        return self.node if self.kind == "go" else f"throw {self.node}"


def level_from_options(options: Mapping[str, JSON]) -> Level:
    """The level the options name. Unknown options or a bad level raise FormatError."""
    unknown = set(options) - {"level", "level_data"}
    if unknown:
        raise FormatError("options", sorted(unknown)[0], Msg("option inconnue", "unknown option"))
    if "level_data" in options:
        return parse_level(options["level_data"], "options.level_data")
    level_id = options.get("level", "1-1")
    if not isinstance(level_id, str):
        raise FormatError("options", "level", Msg("un identifiant de niveau est attendu", "a level id is expected"))
    return load_shipped_level(level_id)


class StealthGame(Game[Move]):
    """One stealth level being played; ``history[i]`` is the state after ``i`` moves."""

    name = "stealth"

    def __init__(self, level: Level, options: dict[str, JSON], seed: int) -> None:
        self.level = level
        self.options = options
        self.seed = seed
        self.history: list[State] = [rules.initial_state(level)]
        self.reports: list[list[dict[str, Any]]] = [[]]
        self.moves: list[Move] = []

    @classmethod
    def new(cls, options: Mapping[str, JSON] | None = None, seed: int | None = None) -> Self:
        """A level at its start: ``{"level": "1-1"}`` or ``{"level_data": {...}}``."""
        options = dict(options or {})
        return cls(level_from_options(options), options, cls.choose_seed(seed))

    @classmethod
    def from_level(cls, level: Level) -> Self:
        """A game on an already compiled level (its document is kept as ``level_data``)."""
        return cls(level, {"level_data": level.data}, 0)

    # --- protocol ---------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current state."""
        return self.history[-1]

    @property
    def num_players(self) -> int:
        return 1

    def to_move(self) -> int | None:
        return 0 if self.outcome() is None else None

    def legal_moves(self) -> list[Move]:
        return [self.move_of(action) for action in rules.legal_actions(self.level, self.state)]

    def push(self, move: Move) -> None:
        action = self._action(move)
        if self.state.status != PLAY:
            raise IllegalMoveError(move, Msg("la partie est finie", "the game is over"))
        if action not in rules.legal_actions(self.level, self.state):
            raise IllegalMoveError(move, self._why_illegal(action))
        events: list[dict[str, Any]] = []
        self.history.append(rules.step(self.level, self.state, action, events))
        self.reports.append(events)
        self.moves.append(move)

    def pop(self) -> Move:
        if not self.moves:
            raise MeepleError(Msg("rien à annuler", "nothing to undo"))
        self.history.pop()
        self.reports.pop()
        return self.moves.pop()

    def undo_to(self, turn: int) -> None:
        """Undo back to the position after ``turn`` moves (0: the start)."""
        if not 0 <= turn <= len(self.moves):
            raise MeepleError(Msg(f"tour {turn} hors de 0..{len(self.moves)}", f"turn {turn} outside 0..{len(self.moves)}"))
        while len(self.moves) > turn:
            self.pop()

    @property
    def move_stack(self) -> Sequence[Move]:
        return self.moves

    def copy(self) -> Self:
        clone = type(self)(self.level, self.options, self.seed)
        clone.history, clone.reports, clone.moves = list(self.history), list(self.reports), list(self.moves)
        return clone

    def outcome(self) -> Outcome | None:
        state = self.state
        details = {"tray": state.tray, "moves": len(self.moves), "stars": self.stars()}
        if state.status == WON:
            return Outcome(frozenset({0}), Msg("sortie atteinte", "exit reached"), details=details)
        if state.status == CAUGHT:
            return Outcome(frozenset(), Msg("capturé", "captured"), details={**details, "capture": self.capture()})
        if not rules.legal_actions(self.level, state):
            return Outcome(frozenset(), Msg("bloqué : aucun coup possible", "stuck: no move left"), details=details)
        return None

    def position_json(self) -> dict[str, JSON]:
        state, name = self.state, self.level.name
        return {
            "level": self.level.id,
            "leader": name(state.leader),
            "members": [name(m) for m in state.members],
            "enemies": [self._foe_json(i, foe) for i, foe in enumerate(state.foes)],
            "keys": self._key_names(state.keys),
            "stones": state.stones,
            "tray": state.tray,
            "status": state.status,
        }

    def move_to_json(self, move: Move) -> JSON:
        return {"to": move.node} if move.kind == "go" else {"throw": move.node}

    def move_from_json(self, data: JSON) -> Move:
        if not isinstance(data, dict) or len(data) != 1 or not ({"to", "throw"} & set(data)):
            raise IllegalMoveError(data, Msg("{\"to\": nœud} ou {\"throw\": nœud} attendu",
                                             "{\"to\": node} or {\"throw\": node} expected"))
        kind, node = ("go", data["to"]) if "to" in data else ("throw", data["throw"])
        if not isinstance(node, str) or node not in self.level.index:
            raise IllegalMoveError(data, Msg(f"nœud inconnu « {node} »", f"unknown node '{node}'"))
        return Move(kind, node)

    def move_text(self, move: Move) -> str:
        return str(move)

    def parse_move(self, text: str) -> Move:
        words = text.split()
        try:
            if len(words) == 1 and not words[0].startswith("{"):
                return self.move_from_json({"to": words[0]})
            if len(words) == 2 and words[0] == "throw":
                return self.move_from_json({"throw": words[1]})
        except IllegalMoveError as error:
            raise IllegalMoveError(text, error.reason) from None
        return super().parse_move(text)

    # --- stealth specifics ------------------------------------------------------------------------
    def capture(self) -> dict[str, Any] | None:
        """The capture that ended the game (who, how, by which enemies, where), or None."""
        return next((event for event in self.reports[-1] if event["type"] == "capture"), None)

    def stars(self) -> list[str]:
        """The declared stars earned so far (empty until the level is won)."""
        return rules.earned_stars(self.level, self.state, len(self.moves))

    def preview(self, move: Move) -> dict[str, Any]:
        """What ``move`` would do, computed by playing it on a copy (the same resolution code).

        Returns ``{"move", "text", "neutralises": [enemy ids], "capture": None | {who, how, by, node},
        "win": bool, "tray": n, "after": view after the move}``. An illegal move raises IllegalMoveError.
        """
        trial = self.copy()
        trial.push(move)
        return {**trial._last_turn_summary(), "after": trial.view(None)}

    def _last_turn_summary(self) -> dict[str, Any]:
        events = self.reports[-1]
        return {
            "move": self.move_to_json(self.moves[-1]),
            "text": self.move_text(self.moves[-1]),
            "neutralises": [event["enemy"] for event in events if event["type"] == "neutralise"],
            "capture": self.capture(),
            "win": self.state.status == WON,
            "tray": self.state.tray,
        }

    def previews(self) -> list[dict[str, Any]]:
        """A preview (without the ``after`` view) of every legal move."""
        summaries = []
        for move in self.legal_moves():
            trial = self.copy()
            trial.push(move)
            summaries.append(trial._last_turn_summary())
        return summaries

    def view(self, seat: int | None) -> dict[str, JSON]:
        outcome = self.outcome()
        return {
            **self.position_json(),
            "game": self.name,
            "level": self._level_json(),
            "nodes": self._nodes_json(),
            "edges": self._edges_json(),
            "turn": len(self.moves),
            "to_move": self.to_move(),
            "last_move": self.move_to_json(self.moves[-1]) if self.moves else None,
            "events": self.reports[-1],
            "outcome": outcome.to_json() if outcome else None,
            "stars": {"declared": list(self.level.stars), "earned": self.stars()},
            "legal_moves": [self.move_to_json(move) for move in self.legal_moves()],
            "previews": self.previews(),
        }

    # --- helpers ----------------------------------------------------------------------------------
    def move_of(self, action: Action) -> Move:
        """The move of a rules action ``(GO|THROW, node index)``."""
        return Move("go" if action[0] == GO else "throw", self.level.name(action[1]))

    def _action(self, move: Move) -> Action:
        if not isinstance(move, Move) or move.kind not in ("go", "throw") or move.node not in self.level.index:
            raise IllegalMoveError(move, Msg("coup inconnu", "unknown move"))
        return (GO if move.kind == "go" else THROW, self.level.index[move.node])

    def _why_illegal(self, action: Action) -> Msg:
        kind, node = action
        state = self.state
        if kind == THROW:
            if state.stones == 0:
                return Msg("plus de pierre sonore", "no noise stone left")
            return Msg(f"hors de portée (1 à {self.level.stone_range} arêtes, pas une cachette)",
                       f"out of range (1 to {self.level.stone_range} edges, not a hide node)")
        if node in state.members:
            return Msg("un membre de la caravane s'y tient", "a caravan member stands there")
        if self.level.graph.has_edge(state.leader, node):
            return Msg("la porte est fermée", "the door is closed")
        if self.level.graph.has_edge(node, state.leader):
            return Msg("arête à sens unique prise à contresens", "one-way edge taken the wrong way")
        return Msg("aucune arête vers ce nœud", "no edge to that node")

    def _key_names(self, keys: int) -> list[str]:
        return [name for bit, name in enumerate(self.level.key_names) if keys & (1 << bit)]

    def _foe_json(self, index: int, foe: rules.Foe) -> dict[str, JSON]:
        spec, name = self.level.enemies[index], self.level.name

        def node_name(node: int) -> str | None:
            return None if node < 0 else name(node)

        return {
            "id": spec.id,
            "kind": spec.kind,
            "node": node_name(foe.node),
            "facing": node_name(foe.facing),
            "next_facing": node_name(rules.next_facing(spec, foe)) if foe.mode != OUT else None,
            "state": foe.mode,
            "neutralisable": foe.mode not in (OUT, rules.ALERT),
            "watching": rules.watching(self.level, foe, self.state.keys),
            "target": node_name(foe.target),
            "home": node_name(foe.home),
            "cycle_index": foe.phase if spec.kind in ("pivot", "patrol") else None,
            "heading": foe.heading if spec.kind == "patrol" and not spec.loop else None,
        }

    def _level_json(self) -> dict[str, JSON]:
        level = self.level
        return {
            "id": level.id, "title": level.title.to_json(), "hint": level.hint.to_json(),
            "teaches": list(level.teaches), "tutorial": level.tutorial, "par": level.par, "stars": list(level.stars),
            "enemies": len(level.enemies), "stone_range": level.stone_range, "noise_radius": level.noise_radius,
        }

    def _nodes_json(self) -> list[JSON]:
        level = self.level
        return [
            {
                "id": node_id, "x": level.graph.positions[i][0], "y": level.graph.positions[i][1],
                "hide": i in level.hide, "exit": i == level.exit, "start": i == level.start,
                "key": level.key_names[level.keys_at[i]] if i in level.keys_at else None,
            }
            for i, node_id in enumerate(level.node_ids)
        ]

    def _edges_json(self) -> list[JSON]:
        level, keys = self.level, self.state.keys
        edges: list[JSON] = []
        for a in level.graph.nodes:
            for b in level.graph.successors(a):
                both = level.graph.has_edge(b, a)
                if both and b < a:
                    continue
                door = level.doors.get((a, b))
                edges.append({
                    "a": level.name(a), "b": level.name(b), "oneway": not both,
                    "door": None if door is None else level.key_names[door],
                    "open": door is None or bool(keys & (1 << door)),
                })
        return edges
