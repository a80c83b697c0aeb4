"""A fixed action space and an observation tensor per game, for OpenSpiel, PettingZoo and Gymnasium.

An :class:`ActionSpace` is built for one game *configuration* (a Hive game type, a skirmish scenario, a
stealth level, a murder board size) and gives:

* ``num_actions`` — the size of the action space, fixed for the configuration;
* ``legal(game)`` — ``{action id: move}`` for every legal move, ids ascending: a bijection, each legal
  move has exactly one id (its *canonical* id);
* ``decode(game, action)`` — the legal move an id names, or :class:`IllegalMoveError` with the engine's
  own reason (an id that names no move at all, or names an illegal one, or a non-canonical id);
* ``observe(game, seat)`` — a float32 vector of ``observation_shape`` built only from ``game.view(seat)``
  facts: what the view hides (ILYOS hands and decks) never reaches it.

The encodings are documented, with examples, in docs/interop.md. Nothing here imports OpenSpiel,
PettingZoo or Gymnasium; numpy is the only outside dependency.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from meeple.core.errors import IllegalMoveError
from meeple.core.game import JSON, Game
from meeple.core.i18n import Msg
from meeple.core.modules import require_optional

require_optional("numpy", "rl", Msg("Le module meeple.interop.spaces", "meeple.interop.spaces"))
import numpy as np  # noqa: E402  (after the check: a missing numpy is one line naming the extra)

M = TypeVar("M")
Vector = np.ndarray[Any, np.dtype[np.float32]]


class ActionSpace(ABC, Generic[M]):
    """The action ids and observations of one game configuration (see the module docstring)."""

    game_name: ClassVar[str] = ""
    num_actions: int
    observation_shape: tuple[int, ...]
    observation_low: float = -1.0
    observation_high: float = 1.0
    """Bounds every entry of :meth:`observe` stays within (Gymnasium's Box needs them)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionSpace[M]:
        return self  # a space never changes once built: copies of a game state share it

    # --- actions --------------------------------------------------------------------------------
    @abstractmethod
    def encode(self, game: Game[M], move: M) -> int:
        """The canonical action id of ``move`` (legal in ``game``'s current position)."""

    @abstractmethod
    def structural(self, game: Game[M], action: int) -> M | None:
        """The move ``action`` describes in this position, legal or not; ``None`` if it names none."""

    def legal(self, game: Game[M]) -> Mapping[int, M]:
        """Every legal move by its canonical id, ids ascending."""
        table: dict[int, M] = {}
        for move in game.legal_moves():
            action = self.encode(game, move)
            if action in table:  # two moves, one id: the encoding is broken, say so loudly
                raise AssertionError(f"{self.game_name}: moves {table[action]!r} and {move!r} share id {action}")
            table[action] = move
        return dict(sorted(table.items()))

    def legal_actions(self, game: Game[M]) -> list[int]:
        """The canonical ids of the legal moves, ascending."""
        return list(self.legal(game))

    def mask(self, game: Game[M]) -> np.ndarray[Any, np.dtype[np.int8]]:
        """1 for each legal action id, 0 elsewhere (length ``num_actions``)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[self.legal_actions(game)] = 1
        return mask

    def decode(self, game: Game[M], action: int, legal: Mapping[int, M] | None = None) -> M:
        """The legal move ``action`` names; :class:`IllegalMoveError` with the reason otherwise."""
        if isinstance(action, bool) or not isinstance(action, int | np.integer) or not 0 <= action < self.num_actions:
            raise IllegalMoveError(f"#{action}", Msg(f"identifiant d'action hors de 0..{self.num_actions - 1}",
                                                     f"action id outside 0..{self.num_actions - 1}"))
        action = int(action)
        table = self.legal(game) if legal is None else legal
        if action in table:
            return table[action]
        if game.is_over():
            raise IllegalMoveError(f"#{action}", Msg("la partie est finie", "the game is over"))
        candidate = self.structural(game, action)
        if candidate is None:
            raise IllegalMoveError(f"#{action}", Msg("cet identifiant ne désigne aucun coup dans cette position",
                                                     "this action id names no move in this position"))
        trial = game.copy()
        try:
            trial.push(candidate)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"#{action} ({game.move_text(candidate)})", error.reason) from None
        canonical = self.encode(game, candidate)
        raise IllegalMoveError(f"#{action} ({game.move_text(candidate)})",
                               Msg(f"ce coup a l'identifiant {canonical}", f"this move's action id is {canonical}"))

    def action_text(self, game: Game[M], action: int) -> str:
        """The engine's text of the move ``action`` names here (``#id`` when it names none)."""
        move = self.structural(game, action) if 0 <= action < self.num_actions else None
        return f"#{action}" if move is None else game.move_text(move)

    # --- observations ---------------------------------------------------------------------------
    @abstractmethod
    def observe(self, game: Game[M], seat: int) -> Vector:
        """What ``seat`` sees, as a float32 vector of ``observation_shape``."""

    def _vector(self) -> Vector:
        return np.zeros(self.observation_shape, dtype=np.float32)


def space_for(game: Game[Any]) -> ActionSpace[Any]:
    """The action space of ``game``'s configuration (one per game type, scenario, level or board size), built
    by the function its ``game.toml`` names (``[parts] space``: ``module:Class.for_game``)."""
    from meeple.games.registry import plugin

    builder = plugin(game.name).load("space")
    if builder is None:
        raise ValueError(f"{game.name} has no action space: its game.toml names none ([parts] space)")
    space = builder(game)
    if not isinstance(space, ActionSpace):
        raise TypeError(f"{game.name}: [parts] space returned {type(space).__name__}, not an ActionSpace")
    return space


# --- Hive -----------------------------------------------------------------------------------------------
HIVE_SLOTS = 8
"""Per (piece, reference) pair: 6 directions from the reference's cell (E, SE, SW, W, NW, NE), 6 on top
of the reference's stack, 7 a Centipede swap with the reference."""


class HiveSpace(ActionSpace[Any]):
    """Hive moves as UHP-like (piece, reference piece, position) triples over the game type's P pieces.

    ``id = (piece * P + reference) * 8 + slot`` for a move next to, onto or swapping with a piece on the
    board; ``8 P²  + piece`` places ``piece`` alone on the empty board (the first move); ``8 P² + P`` is
    ``pass``. The canonical reference of a move to an empty cell is the lowest-id piece in the six cells
    around it other than the mover; onto a stack, its top piece. Observation: per piece (in id order)
    ``[in hand, on board, q, r, level, on top, moved last]`` with ``q, r`` relative to the lowest-id piece
    on the board, divided by P; then ``[colour to move, turn 1, 2, 3, 4, later]``.
    """

    game_name = "hive"
    PIECE_FEATURES = 7

    def __init__(self, game_type: str, pieces: int) -> None:
        self.game_type = game_type
        self.pieces = pieces
        self.lone = HIVE_SLOTS * pieces * pieces
        self.pass_id = self.lone + pieces
        self.num_actions = self.pass_id + 1
        self.observation_shape = (pieces * self.PIECE_FEATURES + 6,)

    @classmethod
    def for_game(cls, game: Any) -> HiveSpace:
        """The space of a :class:`~meeple.games.hive.game.HiveGame`'s game type."""
        return cls(str(game.game_type), len(game.game_type.pieces))

    def legal(self, game: Any) -> Mapping[int, Any]:
        if game.native is not None:  # the native core encodes the moves itself (the same ids)
            return NativeLegal(game.native)
        return super().legal(game)

    def encode(self, game: Any, move: Any) -> int:
        from meeple.games.hive.board import DIRS

        piece, dest, swap = move
        if piece < 0:
            return self.pass_id
        board = game.state.board
        if not board.stacks:
            return int(self.lone + piece)
        if swap:
            return int((piece * self.pieces + board.top(dest)) * HIVE_SLOTS + 7)
        if dest in board.stacks:
            return int((piece * self.pieces + board.top(dest)) * HIVE_SLOTS + 6)
        reference = min(p for step in DIRS for p in board.stacks.get(dest + step, ()) if p != piece)
        return int((piece * self.pieces + reference) * HIVE_SLOTS + DIRS.index(dest - board.where[reference]))

    def structural(self, game: Any, action: int) -> Any:
        from meeple.games.hive.board import DIRS, ORIGIN
        from meeple.games.hive.state import PASS

        board = game.state.board
        if action == self.pass_id:
            return PASS
        if action >= self.lone:
            return (action - self.lone, ORIGIN, 0) if not board.stacks else None
        pair, slot = divmod(action, HIVE_SLOTS)
        piece, reference = divmod(pair, self.pieces)
        where = board.where[reference]
        if where < 0 or piece == reference:
            return None
        if slot == 7:
            return (piece, where, 1)
        return (piece, where if slot == 6 else where + DIRS[slot], 0)

    def observe(self, game: Any, seat: int) -> Vector:
        from meeple.games.hive.board import axial

        state, size = game.state, self.pieces
        out = self._vector()
        if game.native is not None:
            game.native.observe(out)
            return out
        board = state.board
        placed = [p for p in range(size) if board.where[p] >= 0]
        anchor = axial(board.where[placed[0]]) if placed else (0, 0)
        for piece in range(size):
            base = piece * self.PIECE_FEATURES
            cell = board.where[piece]
            if cell < 0:
                out[base] = 1.0
                continue
            q, r = axial(cell)
            stack = board.stacks[cell]
            out[base + 1] = 1.0
            out[base + 2] = (q - anchor[0]) / size
            out[base + 3] = (r - anchor[1]) / size
            out[base + 4] = stack.index(piece) / size
            out[base + 5] = float(stack[-1] == piece)
            out[base + 6] = float(piece in state.last_moved)
        tail = size * self.PIECE_FEATURES
        out[tail] = float(state.ply & 1)
        out[tail + 1 + min(state.ply // 2, 4)] = 1.0
        return out


class NativeLegal(Mapping[int, Any]):
    """Hive's legal moves by action id as the native core lists them (ids ascending), each move made
    only when asked for: an RL step looks at one of them. It answers for the position it was made in."""

    __slots__ = ("_hash", "_ids", "_position")

    def __init__(self, position: Any) -> None:
        self._position = position
        self._ids: list[int] = position.legal_actions()
        self._hash = position.hash()

    def __getitem__(self, action: int) -> Any:
        if self._position.hash() != self._hash:
            raise RuntimeError("the position changed since its legal moves were listed")
        return self._position.move_of_action(action)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, int):
            return False
        index = bisect_left(self._ids, action)
        return index < len(self._ids) and self._ids[index] == action

    def __iter__(self) -> Iterator[int]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)


# --- ILYOS ----------------------------------------------------------------------------------------------
ILYOS_SIZE = 11
ILYOS_CELLS = ILYOS_SIZE * ILYOS_SIZE
ILYOS_MAX_FORCE = 10
"""A push's force is at most the push cards in hand plus the stock (5 + 5)."""
ILYOS_DIRECTIONS = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""N, E, S, W: the order of the engine's ``DIRECTIONS``."""
_ILYOS_BLOCKS = (
    ("place", ILYOS_CELLS * 4),            # pivot cell × orientation 0-3
    ("move", ILYOS_CELLS * ILYOS_CELLS),   # guardian's cell × target cell
    ("push", ILYOS_CELLS * 4 * ILYOS_MAX_FORCE),  # guardian's cell × direction × force 1-10
    ("take", ILYOS_CELLS * 4),             # guardian's cell × direction of the carrier
    ("give", ILYOS_CELLS * 4),             # guardian's cell × direction of the ally
    ("drop", ILYOS_CELLS),                 # guardian's cell
    ("magic", ILYOS_CELLS * 4),            # pivot cell × quarter turns 1-4
    ("end", 1),
)
ILYOS_OFFSETS: dict[str, int] = {}
_offset = 0
for _kind, _count in _ILYOS_BLOCKS:
    ILYOS_OFFSETS[_kind] = _offset
    _offset += _count
ILYOS_NUM_ACTIONS = _offset
ILYOS_PLANES = 13
ILYOS_SEAT_FEATURES = 14


def _cell_index(cell: tuple[int, int]) -> int:
    return cell[1] * ILYOS_SIZE + cell[0]


def _index_cell(index: int) -> tuple[int, int]:
    return (index % ILYOS_SIZE, index // ILYOS_SIZE)


class IlyosSpace(ActionSpace[Any]):
    """ILYOS atomic actions; a guardian is named by the cell it stands on (ids of guardians grow).

    Blocks, in order (cells are ``y * 11 + x``): place (pivot × orientation), move (from × to), push
    (from × direction N/E/S/W × force 1-10), take and give (from × direction), drop (cell), magic (pivot ×
    quarter turns 1-4), end: 21 539 ids. Observation (from ``view(seat)`` only, relative to the viewer):
    13 planes of 11 × 11 (fixed land, island cells, island pivots by orientation ×4, the viewer's
    guardians, its teammates', its opponents', carried crowns, lying crowns, the viewer's validation
    villages, the opponents'), then per seat from the viewer on 14 numbers (stock ×3, discard ×3, played
    this turn ×3, deck, hand size, hand left, score, is to move), then the viewer's own hand (cards left by
    kind ×3), whether an island is placed, and the turn; counts are divided by 13.
    """

    game_name = "ilyos"

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        self.num_actions = ILYOS_NUM_ACTIONS
        self.observation_shape = (ILYOS_PLANES * ILYOS_CELLS + ILYOS_SEAT_FEATURES * num_players + 5,)
        self.observation_high = 10.0

    @classmethod
    def for_game(cls, game: Any) -> IlyosSpace:
        """The space of an :class:`~meeple.games.ilyos.engine.IlyosGame` (duel or 2 vs 2) on the 11 × 11
        board (option ``size`` = 11; the interop layers ask for it, the game's default board being 15 × 15)."""
        if game.geo.size != ILYOS_SIZE:
            raise ValueError(f"the ILYOS action space is written for the {ILYOS_SIZE} × {ILYOS_SIZE} board "
                             f"(option size={ILYOS_SIZE}), not {game.geo.size} × {game.geo.size}")
        return cls(game.num_players)

    def encode(self, game: Any, move: Any) -> int:
        kind = move.kind
        base = ILYOS_OFFSETS[kind]
        if kind == "end":
            return base
        if kind in ("place", "magic"):
            turn = move.amount if kind == "place" else move.amount - 1
            return int(base + _cell_index(move.cell) * 4 + turn)
        origin = _cell_index(game.state.guardians[move.guardian].cell)
        if kind == "drop":
            return base + origin
        if kind == "move":
            return base + origin * ILYOS_CELLS + _cell_index(move.cell)
        here = game.state.guardians[move.guardian].cell
        direction = ILYOS_DIRECTIONS.index((move.cell[0] - here[0], move.cell[1] - here[1]))
        if kind == "push":
            return int(base + (origin * 4 + direction) * ILYOS_MAX_FORCE + move.amount - 1)
        return base + origin * 4 + direction

    def structural(self, game: Any, action: int) -> Any:
        from meeple.games.ilyos.engine import Action

        kind = next(k for k, _ in reversed(_ILYOS_BLOCKS) if ILYOS_OFFSETS[k] <= action)
        rest = action - ILYOS_OFFSETS[kind]
        if kind == "end":
            return Action("end")
        if kind in ("place", "magic"):
            cell, turn = divmod(rest, 4)
            return Action(kind, cell=_index_cell(cell), amount=turn if kind == "place" else turn + 1)
        amount = 0
        if kind == "push":
            rest, force = divmod(rest, ILYOS_MAX_FORCE)
            amount = force + 1
        if kind == "move":
            origin, target_index = divmod(rest, ILYOS_CELLS)
            target = _index_cell(target_index)
        elif kind == "drop":
            origin, target = rest, (-1, -1)
        else:
            origin, direction = divmod(rest, 4)
            x, y = _index_cell(origin)
            dx, dy = ILYOS_DIRECTIONS[direction]
            target = (x + dx, y + dy)
        guardian = game.state.at.get(_index_cell(origin))
        if guardian is None:
            return None
        return Action(kind, guardian, target, amount)

    def observe(self, game: Any, seat: int) -> Vector:
        view = game.view(seat)
        out = self._vector()
        planes = out[: ILYOS_PLANES * ILYOS_CELLS].reshape(ILYOS_PLANES, ILYOS_SIZE, ILYOS_SIZE)
        teams = view["teams"]
        for cell in view["sanctuary"]:
            planes[0, cell[1], cell[0]] = 1
        for village in view["villages"]:
            mine = seat in village["seats"]
            theirs = village["team"] != teams[seat]  # a teammate's own village (2 vs 2) is neither
            for x, y in village["cells"]:
                planes[0, y, x] = 1
                if mine or theirs:
                    planes[11 if mine else 12, y, x] = 1
        for island in view["islands"]:
            for x, y in island["cells"]:
                planes[1, y, x] = 1
            px, py = island["pivot"]
            planes[2 + island["orientation"], py, px] = 1
        for guardian in view["guardians"]:
            x, y = guardian["cell"]
            owner = guardian["seat"]
            plane = 6 if owner == seat else 7 if teams[owner] == teams[seat] else 8
            planes[plane, y, x] = 1
        for crown in view["crowns"]:
            x, y = crown["cell"]
            planes[9 if crown["carried_by"] is not None else 10, y, x] = 1
        position = ILYOS_PLANES * ILYOS_CELLS
        count = view["num_players"]
        for offset in range(count):
            other = (seat + offset) % count
            player = view["players"][other]
            played = player["played"]
            numbers = [player["stock"][k] for k in ("move", "push", "magic")]
            numbers += [player["discard"][k] for k in ("move", "push", "magic")]
            numbers += [played.count(k) for k in ("move", "push", "magic")]
            numbers += [player["deck_size"], player["hand_size"], player["hand_left"], view["scores"][other]]
            out[position: position + 13] = np.asarray(numbers, dtype=np.float32) / 13.0
            out[position + 13] = float(view["to_move"] == other)
            position += ILYOS_SEAT_FEATURES
        hand = view["hand"]
        if hand is not None:
            out[position: position + 3] = np.asarray([hand["left"][k] for k in ("move", "push", "magic")]) / 13.0
        out[position + 3] = float(view["placed"])
        out[position + 4] = view["turn"] / 13.0
        return out


# --- skirmish -------------------------------------------------------------------------------------------
SKIRMISH_FIGHTER_FEATURES = 13


class SkirmishSpace(ActionSpace[Any]):
    """Skirmish activations over the scenario's F fighters (sorted by id) and its W × H cells.

    ``id = fighter * (1 + F + W H) + k`` with k = 0 hold, ``1 + target`` attack, ``1 + F + y W + x``
    move to ``(x, y)`` (the path the engine finds; any legal path to a cell is the same move). Observation:
    the terrain as 4 planes W × H (open, difficult, blocking, objective), per fighter 13 numbers (present,
    side, x / W, y / H, hits, max hits, move / 20, zoc, strike, harmless, keeps zoc, acted this round,
    has a ZOC now), the F × F engagement matrix, then round / rounds and the side to move.
    """

    game_name = "skirmish"

    def __init__(self, fighters: tuple[str, ...], width: int, height: int) -> None:
        self.fighters = fighters
        self.index = {fighter: i for i, fighter in enumerate(fighters)}
        self.width, self.height = width, height
        self.per_fighter = 1 + len(fighters) + width * height
        self.num_actions = len(fighters) * self.per_fighter
        count = len(fighters)
        self.observation_shape = (4 * width * height + count * SKIRMISH_FIGHTER_FEATURES + count * count + 2,)
        self.observation_high = 100.0

    @classmethod
    def for_game(cls, game: Any) -> SkirmishSpace:
        """The space of a :class:`~meeple.games.skirmish.engine.SkirmishGame`'s scenario."""
        ground = game.scenario.ground
        return cls(tuple(sorted(f.id for f in game.scenario.fighters)), ground.width, ground.height)

    def encode(self, game: Any, move: Any) -> int:
        base = self.index[move.fighter] * self.per_fighter
        if move.kind == "hold":
            return base
        if move.kind == "attack":
            return base + 1 + self.index[move.target]
        x, y = move.to
        return int(base + 1 + len(self.fighters) + y * self.width + x)

    def structural(self, game: Any, action: int) -> Any:
        from meeple.games.skirmish.engine import Action

        fighter_index, rest = divmod(action, self.per_fighter)
        fighter = self.fighters[fighter_index]
        if rest == 0:
            return Action("hold", fighter)
        if rest <= len(self.fighters):
            return Action("attack", fighter, target=self.fighters[rest - 1])
        y, x = divmod(rest - 1 - len(self.fighters), self.width)
        return Action("move", fighter, (x, y))

    def observe(self, game: Any, seat: int) -> Vector:
        out = self._vector()
        width, height = self.width, self.height
        cells = width * height
        terrain = out[: 4 * cells].reshape(4, height, width)
        for y, row in enumerate(game.scenario.ground.rows):
            for x, char in enumerate(row):
                terrain[".~#".index(char), y, x] = 1
        for x, y in game.scenario.objectives:
            terrain[3, y, x] = 1
        field = game.field
        state = game.state
        base = 4 * cells
        count = len(self.fighters)
        for fighter in field.fighters:
            i = self.index[fighter.id]
            at = base + i * SKIRMISH_FIGHTER_FEATURES
            out[at: at + SKIRMISH_FIGHTER_FEATURES] = (
                1, fighter.side, fighter.cell[0] / width, fighter.cell[1] / height, fighter.hits, fighter.max_hits,
                fighter.move / 20, fighter.zoc, fighter.strike, fighter.harmless, fighter.keeps_zoc,
                fighter.id in state.activated, field.has_zoc(fighter.id))
        matrix = base + count * SKIRMISH_FIGHTER_FEATURES
        for engagement in field.engagements:
            a, b = (self.index[f] for f in engagement)
            out[matrix + a * count + b] = out[matrix + b * count + a] = 1
        out[-2] = min(state.round, game.scenario.rounds) / game.scenario.rounds
        out[-1] = -1.0 if state.to_move is None else float(state.to_move)
        return out


# --- stealth --------------------------------------------------------------------------------------------
STEALTH_NODE_FEATURES = 10


class StealthSpace(ActionSpace[Any]):
    """Stealth moves over the level's nodes (in file order), for levels of up to ``capacity`` nodes and
    ``key_capacity`` keys (one level: its own counts; a set of levels: the largest): ``id = node`` walks
    there, ``capacity + node`` throws a noise stone there. Observation: per node 10 numbers (leader,
    caravan member, exit, hide, a key still lying there, an enemy on duty, alert, diverted or returning,
    looked at by an enemy, a door still closed out of it), the ``capacity × capacity`` edge matrix (1 an
    edge the leader may walk, 0.5 one behind a closed door), then stones left and neutralised enemies
    (each / 10) and each key taken; nodes and keys past the level's own are zeros.
    """

    game_name = "stealth"

    def __init__(self, capacity: int, key_capacity: int) -> None:
        self.capacity = capacity
        self.key_capacity = key_capacity
        self.num_actions = 2 * capacity
        self.observation_shape = (capacity * STEALTH_NODE_FEATURES + capacity * capacity + 2 + key_capacity,)
        self.observation_high = 10.0

    @classmethod
    def for_game(cls, game: Any) -> StealthSpace:
        """The space of a :class:`~meeple.games.stealth.engine.StealthGame`'s level."""
        return cls(len(game.level.node_ids), len(game.level.key_names))

    def encode(self, game: Any, move: Any) -> int:
        index = game.level.index[move.node]
        return int(index if move.kind == "go" else self.capacity + index)

    def structural(self, game: Any, action: int) -> Any:
        from meeple.games.stealth.engine import Move

        kind, node = divmod(action, self.capacity)
        names = game.level.node_ids
        return Move("go" if kind == 0 else "throw", names[node]) if node < len(names) else None

    def observe(self, game: Any, seat: int) -> Vector:
        from meeple.games.stealth.rules import ALERT, DUTY, OUT

        level, state, size = game.level, game.state, self.capacity
        out = self._vector()
        nodes = out[: size * STEALTH_NODE_FEATURES].reshape(size, STEALTH_NODE_FEATURES)
        nodes[state.leader, 0] = 1
        for member in state.members:
            nodes[member, 1] = 1
        nodes[level.exit, 2] = 1
        for node in level.hide:
            nodes[node, 3] = 1
        for node, key in level.keys_at.items():
            nodes[node, 4] = float(not state.keys & (1 << key))
        for foe in state.foes:
            if foe.mode == OUT:
                continue
            nodes[foe.node, 5 if foe.mode == DUTY else 6 if foe.mode == ALERT else 7] = 1
            if foe.facing >= 0:
                nodes[foe.facing, 8] = 1
        for (a, _b), key in level.doors.items():
            if not state.keys & (1 << key):
                nodes[a, 9] = 1
        start = size * STEALTH_NODE_FEATURES
        edges = out[start: start + size * size].reshape(size, size)
        for a in range(len(level.node_ids)):
            for b, door in level.walks_from(a):
                edges[a, b] = 1.0 if not door or state.keys & door else 0.5
        tail = start + size * size
        out[tail] = state.stones / 10
        out[tail + 1] = state.tray / 10
        for key in range(len(level.key_names)):
            out[tail + 2 + key] = float(bool(state.keys & (1 << key)))
        return out


# --- murder ---------------------------------------------------------------------------------------------
class MurderSpace(ActionSpace[Any]):
    """Murder moves over the case's N people (case order) and N × N cells.

    ``id = person * (N² + 1) + row * N + col`` places a person, ``person * (N² + 1) + N²`` takes them off
    the board. Observation, N × N planes: per person where they stand (N planes), per person the cells
    their clues and the standing rules allow, each clue taken alone (N planes), then the standable cells,
    a wall to the right, a wall below; then per person: victim, woman, « alone » clue, « with one other »
    clue. The answer is never in it.
    """

    game_name = "murder"

    def __init__(self, size: int) -> None:
        self.size = size
        self.per_person = size * size + 1
        self.num_actions = size * self.per_person
        self.observation_shape = ((2 * size + 3) * size * size + 4 * size,)

    @classmethod
    def for_game(cls, game: Any) -> MurderSpace:
        """The space of a :class:`~meeple.games.murder.game.MurderGame`'s board size."""
        return cls(game.case.size)

    def encode(self, game: Any, move: Any) -> int:
        person = next(i for i, p in enumerate(game.case.people) if p.id == move.person)
        spot = self.size * self.size if move.cell is None else move.cell[0] * self.size + move.cell[1]
        return person * self.per_person + spot

    def structural(self, game: Any, action: int) -> Any:
        from meeple.games.murder.game import MurderMove

        person, spot = divmod(action, self.per_person)
        who = game.case.people[person].id
        return MurderMove(who, None if spot == self.size * self.size else divmod(spot, self.size))

    def observe(self, game: Any, seat: int) -> Vector:
        case, size = game.case, self.size
        out = self._vector()
        area = size * size
        planes = out[: (2 * size + 3) * area].reshape(2 * size + 3, size, size)
        for i, person in enumerate(case.people):
            if person.id in game.board:
                row, col = game.board[person.id]
                planes[i, row, col] = 1
            allowed = case.person_mask(person.id)
            for index in range(area):
                planes[size + i, index // size, index % size] = allowed >> index & 1
        for row, col in case.cells():
            planes[2 * size, row, col] = case.standable_mask >> case.index((row, col)) & 1
            planes[2 * size + 1, row, col] = float(case.is_wall((row, col), (row, col + 1)))
            planes[2 * size + 2, row, col] = float(case.is_wall((row, col), (row + 1, col)))
        tail = (2 * size + 3) * area
        for i, person in enumerate(case.people):
            kinds = {clue.kind for clue in case.clues_of(person.id)}
            out[tail + 4 * i: tail + 4 * i + 4] = (person.victim, person.gender == "f", "alone" in kinds,
                                                  "with_one_other" in kinds)
        return out


def describe(space: ActionSpace[Any]) -> dict[str, JSON]:
    """A summary of a space for documentation and error messages."""
    return {"game": space.game_name, "num_actions": space.num_actions, "observation_shape": list(space.observation_shape)}
