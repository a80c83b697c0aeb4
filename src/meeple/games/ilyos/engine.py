"""The ILYOS engine: islands placed each turn, guardians that move and push, crowns carried to villages.

The rules are written, numbered, in ``docs/rules/ilyos.md``. A turn is a sequence of atomic actions
(:class:`Action`); ``to_move()`` stays the same seat until it plays ``end``.

Options (``IlyosGame.new(options, seed)``)::

    mode                 "duel" (2 seats, default) or "2v2" (4 seats, teams 0+2 and 1+3)
    team_diagonal        bool, 2v2 only: teammates share guardians and crowns, team score (rule 14)
    islands              4, 6, 8 (default), 10 or 12 starting islands (symmetric setup, rule 5)
    guardians            1, 2 (default), 3 or 4 starting guardians per team
    sacrificed_guardian  bool: the guardian that validates a crown leaves play (rule 24)
    time_per_turn        0 (untimed, default), 1, 2, 3 or 5 minutes (rule 16; the server keeps the clock)
    size                 11, 13 or 15 (default): the board is size × size cells (rule R1)
    compensation         0 to 5 moves (default 2) in the starting stock of P2 (and P4) (rule R47)
    compensation_pushes  0 to 5 pushes (default 1) in the starting stock of P2 (and P4) (rule R47)
    take_cost            1 (default), 2 or 3 moves to take an adjacent opponent's crown (rule R36)
    crowns               2 (default, seed 21) or 3: crowns in play at most, new ones appearing on the heart (R33)
    village_refuge       bool (default false, a variant): a carrier standing in one of its own villages cannot be taken from (R36)
    anchored_carriers    bool (default true): a push never makes a guardian carrying a crown fall into the void (R49)
    escort               bool (default false, a variant): a carrier orthogonally beside an allied guardian cannot be taken (R50)
    no_retake            bool (default false, a variant): a crown taken from an opponent cannot be taken back before the taker's team
                         plays again (R51)
    first_diagonal       "NW-SE" (default) or "NE-SW": the villages of the first seat (R52; the board's mirror
                         image, for measuring the turn order apart from any bias of the AI for one side)

Moves as JSON (``move_to_json``)::

    {"kind": "place", "at": [x, y], "orientation": 0-3}      place an L island, pivot at [x, y]
    {"kind": "move",  "guardian": id, "to": [x, y]}          walk; costs the path's move points
    {"kind": "push",  "guardian": id, "to": [x, y], "force": f}   push what stands on the adjacent cell
    {"kind": "take",  "guardian": id, "to": [x, y]}          take the crown of the adjacent opponent (take_cost moves)
    {"kind": "give",  "guardian": id, "to": [x, y]}          pass the crown to the adjacent ally (free)
    {"kind": "drop",  "guardian": id}                        put the crown down on its cell (free)
    {"kind": "magic", "at": [x, y], "quarter_turns": 1-4}    rotate the island whose pivot is [x, y]
    {"kind": "end"}                                          end the turn (only once an island is placed)

The view of a seat (``view(seat)``, JSON; ``None`` is a spectator)::

    {"game": "ilyos", "size": 11, "options": {...}, "num_players": 2|4,
     "to_move": seat|null, "turn": n, "placed": bool, "can_end_turn": bool,
     "heart": [5, 5], "sanctuary": [[x, y], ...],
     "villages": [{"corner": "NW", "cells": [[x, y], ...], "seats": [0], "team": 0}, ...],
     "islands": [{"pivot": [x, y], "orientation": o, "cells": [[x, y], [x, y], [x, y]]}, ...],
     "guardians": [{"id": g, "number": n (1..6 within its team, kept while in play), "seat": s, "team": t, "cell": [x, y], "crown": c|null}, ...],
     "crowns": [{"id": c, "cell": [x, y], "carried_by": g|null}, ...],
     "scores": [per seat], "team_scores": [team 0, team 1], "teams": [team of each seat],
     "players": [{"seat": s, "team": t, "stock": {"move": n, "push": n, "magic": n},
                  "deck_size": n, "discard": {"move": n, ...}, "played": [kinds played this turn],
                  "hand_size": n, "hand_left": n}, ...],
     "hand": {"cards": [...], "left": {"move": n, "push": n, "magic": n}} | null,   (the viewer's own)
     "points": {"move": n, "push": n, "magic": n} | null,  (what the viewer may spend now: hand + stock)
     "last_move": move JSON | null, "outcome": outcome JSON | null, "time_per_turn": minutes,
     "viewer": seat|null, "free_used": [crowns already passed or put down this turn],
     "next_ids": [next guardian id, next crown id]}

Each player entry also has ``"reshuffles"`` (how many times its discard became its deck). With the
``no_retake`` option the view also has ``"truce": {"now": [crowns no one may take this turn],
"next_turn": [crowns taken this turn, protected during the next one]}`` (R51). Cells are
``[x, y]`` with ``[0, 0]`` the top-left; ``move_text`` writes them ``a1`` (column letter, row from 1).

``hand`` and ``points`` appear only in the view of the seat to whom they belong; no view carries a deck's
order or another seat's unplayed cards (``position_json`` does: never send it to a client).

The time-out of rule 16 is :meth:`IlyosGame.timeout_moves` (the moves to push, deterministic given the
seed and the position) and :meth:`IlyosGame.apply_timeout` (pushes them).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple, Self

from meeple.core.boards import Cell
from meeple.core.errors import FormatError, IllegalMoveError, MeepleError
from meeple.core.game import JSON, Game, Outcome, stable_hash
from meeple.core.i18n import Msg
from meeple.core.rng import SeededRandom, derive_seed, make_rng
from meeple.games.ilyos import board
from meeple.games.ilyos.board import DIRECTIONS

KINDS = ("move", "push", "magic")
DECK: tuple[str, ...] = ("move",) * 8 + ("push",) * 4 + ("magic",)
HAND_SIZE = 5
STOCK_CAP = 5
MAX_TEAM_GUARDIANS = 6
CROWNS_TO_WIN = 3
MAX_CROWNS_IN_PLAY = 2

DEFAULT_OPTIONS: dict[str, JSON] = {
    "mode": "duel",
    "team_diagonal": False,
    "islands": 8,
    "guardians": 2,
    "sacrificed_guardian": False,
    "time_per_turn": 0,
    "size": board.DEFAULT_SIZE,
    "compensation": 2,
    "compensation_pushes": 1,  # R47: 2 moves and 1 push for P2 (P4), chosen by the Expert study (§14)
    "take_cost": 1,
    "crowns": MAX_CROWNS_IN_PLAY,
    "village_refuge": False,  # R36, R50, R51 narrow rule 15: variants, off by default (issue 28)
    "anchored_carriers": True,  # R49 and the 15 × 15 board fill silences of the page (docs/rules/ilyos.md §14)
    "escort": False,
    "no_retake": False,
    "first_diagonal": "NW-SE",
}
DIAGONALS = ("NW-SE", "NE-SW")
NARROWING_VARIANTS = ("village_refuge", "escort", "no_retake")
"""Options that narrow a sentence the rules page states (rule 15: a take needs only an adjacent guardian):
variants a player may turn on, never on by default (docs/rules/ilyos.md, tests/games/ilyos/test_options.py)."""
OPTIONS_BEFORE_THEY_EXISTED: dict[str, JSON] = {
    "size": 11,
    "compensation": 2,
    "compensation_pushes": 0,
    "take_cost": 1,
    "crowns": MAX_CROWNS_IN_PLAY,
    "village_refuge": False,
    "anchored_carriers": False,
    "escort": False,
    "no_retake": False,
    "first_diagonal": "NW-SE",
}
"""How the game was played before each of these options was added (11 × 11, no carrier protection): a game
saved then has no key for them and must be rebuilt under the rules it was played with, not today's defaults
(:func:`stored_options`)."""
MIRRORED_CORNER = {"NW": "NE", "NE": "NW", "SE": "SW", "SW": "SE"}
"""Each village's mirror image across the vertical axis (option ``first_diagonal`` = ``NE-SW``)."""
TAKE_COST_CHOICES = (1, 2, 3)
CROWNS_CHOICES = (2, 3)
TIME_CHOICES = (0, 1, 2, 3, 5)
ACTION_KINDS = ("place", "move", "push", "take", "give", "drop", "magic", "end")


class Action(NamedTuple):
    """One atomic action. ``guardian`` is an id; ``cell`` a target or pivot; ``amount`` a force,
    a number of quarter turns or an island orientation, depending on ``kind``. (A named tuple: the
    searches build hundreds of thousands of them, and a tuple is the cheapest to build and to hash.)"""

    kind: str
    guardian: int = -1
    cell: Cell = (-1, -1)
    amount: int = 0


class Guardian(NamedTuple):
    """A guardian on the board: its owner seat, its cell and the crown it carries (or -1). (A named
    tuple: positions are copied and rebuilt at every searched action, and a tuple is the cheapest.)"""

    owner: int
    cell: Cell
    crown: int = -1


@dataclass(slots=True)
class Player:
    """One seat's cards: deck (top last), hand (cards drawn this turn), what it played, its stock."""

    deck: list[str]
    discard: list[str]
    hand: list[str]
    played: list[str]
    stock: dict[str, int]
    reshuffles: int = 0

    def copy(self) -> Player:
        """An independent copy."""
        return Player(self.deck[:], self.discard[:], self.hand[:], self.played[:], self.stock.copy(), self.reshuffles)

    def hand_left(self, kind: str) -> int:
        """Cards of ``kind`` still unplayed in the hand."""
        return self.hand.count(kind) - self.played.count(kind)


@dataclass(slots=True)
class State:
    """The whole position (hidden cards included)."""

    islands: dict[Cell, int]  # pivot -> orientation
    guardians: dict[int, Guardian]
    ground: dict[Cell, int]  # lying crowns: cell -> crown id
    players: list[Player]
    scores: list[int]
    current: int = 0
    turn: int = 1
    placed: bool = False
    free_used: frozenset[int] = frozenset()
    stock_used: frozenset[str] = frozenset()
    next_guardian: int = 0
    next_crown: int = 0
    salt: int = 0
    over: bool = False
    end_reason: str = ""
    cells: dict[Cell, Cell] = field(default_factory=dict)  # island cell -> pivot
    at: dict[Cell, int] = field(default_factory=dict)  # cell -> guardian id
    numbers: dict[int, int] = field(default_factory=dict)  # guardian id -> its number 1..6 in its team
    legal: list[Action] | None = None  # cache, never copied
    legal_set: frozenset[Action] | None = None  # built from ``legal`` when a move is checked
    json_cache: dict[str, JSON] | None = None
    reach_cache: dict[tuple[int, int], dict[Cell, int]] = field(default_factory=dict)  # (guardian, budget)
    hash_cache: int = -1
    islands_memo: tuple[frozenset[tuple[Cell, int]], int] | None = None  # see IlyosGame.islands_memo
    shared_players: bool = False  # see child()
    shared_islands: bool = False
    shared_numbers: bool = False
    owned_players: int = 0  # bit s: players[s] (with its played cards and stock) belongs to this state alone
    owned_cards: int = 0  # bit s: and so do its deck, discard and hand
    taken: frozenset[int] = frozenset()  # crowns taken during this turn (option no_retake, R51)
    truce: frozenset[int] = frozenset()  # crowns taken during the previous turn: none may be taken now (R51)

    def copy(self) -> State:
        """An independent copy."""
        return State(
            self.islands.copy(), self.guardians.copy(), self.ground.copy(), [p.copy() for p in self.players],
            self.scores[:], self.current, self.turn, self.placed, self.free_used, self.stock_used,
            self.next_guardian, self.next_crown, self.salt, self.over, self.end_reason,
            self.cells.copy(), self.at.copy(), self.numbers.copy(), islands_memo=self.islands_memo,
            taken=self.taken, truce=self.truce,
        )

    def child(self) -> State:
        """A copy for the next action that shares with this state the players' cards, the islands and the
        guardians' numbers: the engine gives a state its own copy of those (:meth:`own_player`,
        :meth:`own_islands`, :meth:`own_numbers`) before changing them, so this state, kept in the
        history, never changes (most actions change no card, or one player's, and no island)."""
        child = State(
            self.islands, self.guardians.copy(), self.ground.copy(), self.players[:],
            self.scores[:], self.current, self.turn, self.placed, self.free_used, self.stock_used,
            self.next_guardian, self.next_crown, self.salt, self.over, self.end_reason,
            self.cells, self.at.copy(), self.numbers, islands_memo=self.islands_memo,
            taken=self.taken, truce=self.truce,
        )
        child.shared_players = child.shared_islands = child.shared_numbers = True
        return child

    def own_islands(self) -> None:
        """Give this state its own ``islands`` and ``cells`` (before changing them; see :meth:`child`)."""
        if self.shared_islands:
            self.islands, self.cells, self.shared_islands = self.islands.copy(), self.cells.copy(), False

    def own_numbers(self) -> None:
        """Give this state its own ``numbers`` (before changing them; see :meth:`child`)."""
        if self.shared_numbers:
            self.numbers, self.shared_numbers = self.numbers.copy(), False

    def own_player(self, seat: int, cards: bool = True) -> Player:
        """``seat``'s player, copied first if this state may share it with another (see :meth:`child`).
        With ``cards`` False the caller changes only ``played`` and ``stock`` (spending), and the copy
        shares the deck, discard and hand lists (never changed in place by a state that does not own
        them all)."""
        player = self.players[seat]
        if not self.shared_players:
            return player
        bit = 1 << seat
        if cards and not self.owned_cards & bit:
            player = self.players[seat] = player.copy()
            self.owned_cards |= bit
            self.owned_players |= bit
        elif not self.owned_players & bit:
            player = self.players[seat] = Player(player.deck, player.discard, player.hand, player.played[:],
                                                 player.stock.copy(), player.reshuffles)
            self.owned_players |= bit
        return player


COMPENSATION_CHOICES = (0, 1, 2, 3, 4, 5)
"""The ``compensation`` and ``compensation_pushes`` options: moves and pushes in the starting stock of each
seat of the team playing second (the stock's cap, 5, bounds both)."""


def starting_stock(seat: int, compensation: int, pushes: int = 0) -> dict[str, int]:
    """The stock a seat starts with: the seats of the team playing second (P2, P4) get ``compensation``
    moves and ``pushes`` pushes (rule R47, visible setup options; their defaults come from the balance
    study: a push is a finer unit than a move, §14)."""
    stock = dict.fromkeys(KINDS, 0)
    if seat % 2 == 1:
        stock["move"] = compensation
        stock["push"] = pushes
    return stock


def _option_error(name: str, reason: str, raison: str) -> FormatError:
    return FormatError("options", name, Msg(raison, reason))


def normalize_options(options: Mapping[str, JSON] | None) -> dict[str, JSON]:
    """The options with defaults filled in; a bad option raises :class:`FormatError` naming it."""
    given = dict(options or {})
    unknown = sorted(set(given) - set(DEFAULT_OPTIONS))
    if unknown:
        raise _option_error(unknown[0], f"unknown option (known: {', '.join(DEFAULT_OPTIONS)})",
                            f"option inconnue (connues : {', '.join(DEFAULT_OPTIONS)})")
    merged = {**DEFAULT_OPTIONS, **given}
    if merged["mode"] not in ("duel", "2v2"):
        raise _option_error("mode", "'duel' or '2v2' expected", "« duel » ou « 2v2 » attendu")
    for flag in ("team_diagonal", "sacrificed_guardian", "village_refuge", "anchored_carriers", "escort",
                 "no_retake"):
        if not isinstance(merged[flag], bool):
            raise _option_error(flag, "true or false expected", "true ou false attendu")
    if merged["first_diagonal"] not in DIAGONALS:
        raise _option_error("first_diagonal", "'NW-SE' or 'NE-SW' expected", "« NW-SE » ou « NE-SW » attendu")
    if merged["team_diagonal"] and merged["mode"] != "2v2":
        raise _option_error("team_diagonal", "only in mode 2v2", "seulement en mode 2v2")
    checks = (("islands", board.SETUP_ISLANDS), ("guardians", board.SETUP_GUARDIANS),
              ("time_per_turn", TIME_CHOICES), ("size", board.SIZES), ("compensation", COMPENSATION_CHOICES),
              ("compensation_pushes", COMPENSATION_CHOICES),
              ("take_cost", TAKE_COST_CHOICES), ("crowns", CROWNS_CHOICES))
    for name, allowed in checks:
        value = merged[name]
        if isinstance(value, bool) or value not in allowed:
            text = ", ".join(str(a) for a in allowed)
            raise _option_error(name, f"one of {text} expected", f"une valeur parmi {text} attendue")
    return merged


def stored_options(options: Mapping[str, JSON] | None) -> dict[str, JSON]:
    """The options of a game saved earlier, completed with the values in force before each later option existed.

    A saved game records the options it was made with; one saved before ``size`` or the carrier protections
    existed lacks their keys, and today's defaults (15 × 15, protections on) would replay its moves under
    other rules. Its missing keys take :data:`OPTIONS_BEFORE_THEY_EXISTED` instead; a game saved with every
    key (all games made since) is unchanged.
    """
    given = dict(options or {})
    return normalize_options({**OPTIONS_BEFORE_THEY_EXISTED, **given})


class IlyosGame(Game[Action]):
    """ILYOS for 2 or 4 seats (see the module docstring for options, moves and views)."""

    name = "ilyos"

    def __init__(self, options: dict[str, JSON], seed: int, state: State) -> None:
        self.options = options
        self.seed = seed
        self.state = state
        self._history: list[State] = []
        self._stack: list[Action] = []
        duel = options["mode"] == "duel"
        self._num = 2 if duel else 4
        self.teams: tuple[int, ...] = tuple(seat % 2 for seat in range(self._num))
        self.team_diagonal = bool(options["team_diagonal"])
        self.sacrificed = bool(options["sacrificed_guardian"])
        self.geo = board.geometry(int(options["size"]))
        self.take_cost = int(options["take_cost"])
        self.max_crowns = int(options["crowns"])
        self.village_refuge = bool(options["village_refuge"])
        self.anchored = bool(options["anchored_carriers"])
        self.escort = bool(options["escort"])
        self.no_retake = bool(options["no_retake"])
        self.mirrored = options["first_diagonal"] == "NE-SW"
        self.validation: tuple[frozenset[Cell], ...] = tuple(
            frozenset().union(*(self.geo.villages[c] for c in self.village_corners(seat))) for seat in range(self._num)
        )
        self.team_villages: tuple[frozenset[Cell], ...] = tuple(
            frozenset().union(*(self.validation[s] for s in range(self._num) if self.teams[s] == team)) for team in (0, 1)
        )
        """Where each team's crowns score: the villages of all its seats."""
        self.team_seats: tuple[tuple[int, ...], ...] = tuple(
            tuple(s for s in range(self._num) if self.teams[s] == team) for team in (0, 1))
        """The seats of each team."""

    # --- creation -------------------------------------------------------------------------------
    @classmethod
    def new(cls, options: Mapping[str, JSON] | None = None, seed: int | None = None) -> Self:
        """A game at the start of the first seat's first turn."""
        merged = normalize_options(options)
        seed = cls.choose_seed(seed)
        num = 2 if merged["mode"] == "duel" else 4
        rng = make_rng(seed)
        players = []
        for seat in range(num):
            deck = list(DECK)
            rng.derive(f"deck:{seat}").shuffle(deck)
            players.append(Player(deck, [], [], [], starting_stock(seat, int(merged["compensation"]),
                                                                     int(merged["compensation_pushes"]))))
        state = State({}, {}, {}, players, [0] * num, salt=derive_seed(seed, "salt"))
        game = cls(merged, seed, state)
        game._lay_out(board.setup(int(merged["islands"]), int(merged["guardians"]), int(merged["size"])))
        game._spawn_crowns(state)
        game._start_turn(state)
        return game

    def _lay_out(self, chosen: board.Setup) -> None:
        state = self.state
        for pivot, orientation in chosen.islands:
            self._add_island(state, pivot, orientation)
        first, second = (1, 0) if self.mirrored else (0, 1)  # team_a stands in the NW and SE villages
        for team, cells in ((first, chosen.team_a), (second, chosen.team_b)):
            for cell in cells:
                self._add_guardian(state, self.start_owner(team, cell), cell)

    def start_owner(self, team: int, cell: Cell) -> int:
        """The seat owning a starting guardian of ``team`` on ``cell`` (its village's seat in 2 vs 2)."""
        if self._num == 2:
            return team
        corner = next(c for c, cells in self.geo.villages.items() if cell in cells)
        return board.CORNERS.index(MIRRORED_CORNER[corner] if self.mirrored else corner)

    def village_corners(self, seat: int) -> tuple[str, ...]:
        """The villages where ``seat`` validates crowns (rules 14 and 20; mirrored with R52)."""
        if self._num == 2:
            corners: tuple[str, ...] = ("NW", "SE") if seat == 0 else ("NE", "SW")
        elif self.team_diagonal:
            corners = ("NW", "SE") if seat % 2 == 0 else ("NE", "SW")
        else:
            corners = (board.CORNERS[seat],)
        return tuple(MIRRORED_CORNER[c] for c in corners) if self.mirrored else corners

    # --- small queries --------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        """2 in a duel, 4 in 2 vs 2."""
        return self._num

    def to_move(self) -> int | None:
        """The seat playing the current turn, or None once the game is over."""
        return None if self.state.over else self.state.current

    def is_land(self, cell: Cell) -> bool:
        """Whether a guardian may stand on ``cell`` (island, sanctuary or village)."""
        return cell in self.geo.fixed_land or cell in self.state.cells

    def team_of(self, seat: int) -> int:
        """The team of a seat (a duel's seats are teams 0 and 1)."""
        return self.teams[seat]

    def commands(self, seat: int, guardian: int) -> bool:
        """Whether ``seat`` may act with ``guardian`` (its own, or its team's with Team diagonal)."""
        owner = self.state.guardians[guardian].owner
        return owner == seat or (self.team_diagonal and self.teams[owner] == self.teams[seat])

    def allied(self, guardian: int, seat: int) -> bool:
        """Whether ``guardian`` belongs to ``seat``'s team."""
        return self.teams[self.state.guardians[guardian].owner] == self.teams[seat]

    def team_guardians(self, team: int, state: State | None = None) -> int:
        """How many guardians ``team`` has on the board."""
        state = state or self.state
        return sum(1 for g in state.guardians.values() if self.teams[g.owner] == team)

    def points(self, seat: int | None = None) -> dict[str, int]:
        """Actions ``seat`` (default: the mover) may still spend this turn: unplayed hand + stock."""
        seat = self.state.current if seat is None else seat
        player = self.state.players[seat]
        if seat != self.state.current:
            return dict(player.stock)
        hand, played, stock = player.hand, player.played, player.stock
        return {kind: hand.count(kind) - played.count(kind) + stock[kind] for kind in KINDS}

    def _points_of(self, kind: str) -> int:
        """``points()[kind]`` for the mover, without building the dictionary."""
        player = self.state.players[self.state.current]
        return player.hand.count(kind) - player.played.count(kind) + player.stock[kind]

    def crowns_in_play(self, state: State | None = None) -> int:
        """Crowns lying on the ground or carried."""
        state = state or self.state
        return len(state.ground) + sum([g.crown >= 0 for g in state.guardians.values()])

    def crown_cells(self) -> dict[int, Cell]:
        """Every crown in play and the cell where it is (lying or carried)."""
        cells = {crown: cell for cell, crown in self.state.ground.items()}
        for g in self.state.guardians.values():
            if g.crown >= 0:
                cells[g.crown] = g.cell
        return cells

    # --- turn structure -------------------------------------------------------------------------
    def _start_turn(self, state: State) -> None:
        """Rule 23 scoring, rule 25 victory, rule 4 drawing, rule 13 end when no island fits."""
        self._score(state)
        if state.over:
            return
        self._draw(state)
        if not self._placements(state, first_only=True):
            self._finish(state, "blocked")

    def _score(self, state: State) -> None:
        seat = state.current
        villages = self.validation[seat]
        validated: list[tuple[int, int]] = []  # (crown, validating guardian or -1)
        for cell, crown in sorted(state.ground.items()):
            if cell in villages:
                standing = state.at.get(cell, -1)
                keeper = standing if standing >= 0 and self._ally_of(state, standing, seat) else -1
                validated.append((crown, keeper))
        for gid, g in sorted(state.guardians.items()):
            if g.crown >= 0 and g.cell in villages:  # whoever carries it (seed 23: "elle se trouve")
                validated.append((g.crown, gid if self._ally_of(state, gid, seat) else -1))
        for crown, keeper in validated:
            self._validate(state, crown, keeper)
        if validated:
            self._spawn_crowns(state)
        if state.scores[seat] >= CROWNS_TO_WIN:
            self._finish(state, "three")

    def _ally_of(self, state: State, gid: int, seat: int) -> bool:
        return self.teams[state.guardians[gid].owner] == self.teams[seat]

    def _validate(self, state: State, crown: int, keeper: int) -> None:
        seat = state.current
        for cell, lying in list(state.ground.items()):
            if lying == crown:
                del state.ground[cell]
        for gid, g in list(state.guardians.items()):
            if g.crown == crown:
                state.guardians[gid] = Guardian(g.owner, g.cell, -1)
        scorers = [s for s in range(self._num) if self.teams[s] == self.teams[seat]] if self.team_diagonal else [seat]
        for scorer in scorers:
            state.scores[scorer] += 1
        if self.sacrificed and keeper >= 0 and keeper in state.guardians:
            self._remove_guardian(state, keeper)

    def _draw(self, state: State) -> None:
        player = state.own_player(state.current)
        player.hand, player.played = [], []
        for _ in range(HAND_SIZE):
            if not player.deck:
                player.deck, player.discard = player.discard, []
                player.reshuffles += 1
                make_rng(derive_seed(state.salt, f"{state.current}:{player.reshuffles}")).shuffle(player.deck)
            if player.deck:
                player.hand.append(player.deck.pop())

    def _end_turn(self, state: State) -> None:
        player = state.own_player(state.current)
        for kind in KINDS:
            player.stock[kind] = min(STOCK_CAP, player.stock[kind] + player.hand_left(kind))
        player.discard.extend(player.hand)
        player.hand, player.played = [], []
        state.current = (state.current + 1) % self._num
        if state.current == 0:
            state.turn += 1
        state.placed = False
        state.free_used = frozenset()
        state.stock_used = frozenset()
        if self.no_retake:  # R51: what this turn's team took stays its own during the other team's next turn
            state.truce, state.taken = state.taken, frozenset()
        self._start_turn(state)

    def _finish(self, state: State, reason: str) -> None:
        state.over = True
        state.end_reason = reason

    def _spend(self, state: State, kind: str, amount: int) -> None:
        """Spend ``amount`` actions of ``kind``: the hand's cards first, then the stock (rule 4)."""
        player = state.own_player(state.current, cards=False)
        from_hand = min(amount, player.hand_left(kind))
        player.played.extend([kind] * from_hand)
        if amount > from_hand:
            player.stock[kind] -= amount - from_hand
            state.stock_used = state.stock_used | {kind}

    # --- pieces ---------------------------------------------------------------------------------
    def _add_island(self, state: State, pivot: Cell, orientation: int) -> None:
        state.own_islands()
        memo = state.islands_memo
        if memo is not None and pivot not in state.islands:  # the memo follows a new island at once
            cells = board.island_cells(pivot, orientation)
            state.islands_memo = (memo[0] | {(pivot, orientation % 4)}, memo[1] | self.geo.mask(cells))
        else:
            state.islands_memo = None
        state.islands[pivot] = orientation % 4
        for cell in board.island_cells(pivot, orientation):
            state.cells[cell] = pivot

    def _add_guardian(self, state: State, owner: int, cell: Cell) -> int:
        gid = state.next_guardian
        state.next_guardian += 1
        state.guardians[gid] = Guardian(owner, cell)
        state.at[cell] = gid
        state.own_numbers()
        # the number players read on it: the smallest of 1..6 no guardian of its team carries now (a team
        # never has more than 6), kept until it leaves play
        team = self.teams[owner]
        taken = {state.numbers.get(other) for other, g in state.guardians.items() if other != gid and self.teams[g.owner] == team}
        state.numbers[gid] = next(number for number in range(1, MAX_TEAM_GUARDIANS + 2) if number not in taken)
        return gid

    def _remove_guardian(self, state: State, gid: int) -> None:
        g = state.guardians.pop(gid)
        state.own_numbers()
        state.numbers.pop(gid, None)
        if state.at.get(g.cell) == gid:
            del state.at[g.cell]

    def _set_cell(self, state: State, gid: int, cell: Cell) -> None:
        g = state.guardians[gid]
        if state.at.get(g.cell) == gid:
            del state.at[g.cell]
        state.guardians[gid] = Guardian(g.owner, cell, g.crown)
        state.at[cell] = gid

    def _arrive(self, state: State, gid: int) -> None:
        """A guardian that ends an action on a lying crown picks it up if its hands are free."""
        g = state.guardians[gid]
        if g.crown < 0 and g.cell in state.ground:
            state.guardians[gid] = Guardian(g.owner, g.cell, state.ground.pop(g.cell))
            self._spawn_crowns(state)

    def _spawn_crowns(self, state: State) -> None:
        """Rule 21 (R33): while fewer crowns than the limit are in play and none lies on the heart, one
        appears on the heart at once; an empty-handed guardian standing there picks it up. Never under a
        carrier (seed 22): if a carrier stands on the heart, the crown appears on the first free arm of the
        sanctuary instead (N, S, E, W; free: no guardian, no crown), or, if none is free, as soon as one
        is."""
        heart = self.geo.heart
        if heart in state.ground or len(state.ground) >= self.max_crowns:  # (quick exits of the loop)
            return
        carried = 0
        for g in state.guardians.values():
            if g.crown >= 0:
                carried += 1
        if len(state.ground) + carried >= self.max_crowns:  # the loop's first test, without a call
            return
        while self.crowns_in_play(state) < self.max_crowns and heart not in state.ground:
            standing = state.at.get(heart, -1)
            crown = state.next_crown
            if standing >= 0 and state.guardians[standing].crown >= 0:
                free = [c for c in self.geo.sanctuary_arms if c not in state.at and c not in state.ground]
                if free:
                    state.next_crown += 1
                    state.ground[free[0]] = crown
                return
            state.next_crown += 1
            if standing < 0:
                state.ground[heart] = crown
            else:
                g = state.guardians[standing]
                state.guardians[standing] = Guardian(g.owner, g.cell, crown)

    # --- islands --------------------------------------------------------------------------------
    def island_fits(self, cells: Sequence[Cell], state: State | None = None, pivot: Cell | None = None) -> bool:
        """Whether island ``cells`` lie on the board over void (or over the island ``pivot`` itself)."""
        state = state or self.state
        for cell in cells:
            if not self.geo.in_bounds(cell) or cell in self.geo.fixed_land:
                return False
            owner = state.cells.get(cell)
            if owner is not None and owner != pivot:
                return False
        return True

    def _placements(self, state: State, first_only: bool = False) -> list[Action]:
        """Every legal island placement (rule 31 of the rules file): over void, touching land."""
        taken = self.geo.mask(state.cells) if state.islands_memo is None else state.islands_memo[1]
        known = _PLACEMENTS.get((self.geo.size, taken))
        if known is not None:
            return list(known[:1] if first_only else known)
        return self._placements_over(taken, first_only)

    def _placements_over(self, taken: int, first_only: bool = False) -> list[Action]:
        """The placements when the island cells are ``taken`` (a mask of ``geo.bits``): each shape of the
        table whose cells are all free and one of whose surrounding cells is land."""
        found: list[Action] = []
        land = taken | self.geo.fixed_mask
        for action, cells, around in _shape_masks(self.geo.size):
            if not cells & taken and around & land:
                found.append(action)
                if first_only:
                    return found
        return found

    def _still_placeable(self, pivot: Cell, quarter_turns: int, taken: int | None = None) -> bool:
        """Rule 2: before its island is placed, the mover may not turn an island so that none fits (the
        caller has checked that the rotation fits; ``taken``: the mask of the island cells, if known)."""
        if self.state.placed or quarter_turns % 4 == 0:
            return True
        orientation = self.state.islands[pivot]
        taken = self.geo.mask(self.state.cells) if taken is None else taken
        turned = self.geo.mask(board.island_cells(pivot, orientation + quarter_turns))
        old = self.geo.mask(board.island_cells(pivot, orientation))
        return bool(self._placements_over(taken & ~old | turned, first_only=True))

    def _rotation_fits(self, pivot: Cell, quarter_turns: int, taken: int | None = None) -> bool:
        """Whether the island ``pivot`` turned by ``quarter_turns`` lies on the board over void or over
        itself (``taken``: the mask of the island cells, if known)."""
        orientation = self.state.islands[pivot]
        turned = _island_masks(self.geo.size).get((pivot, (orientation + quarter_turns) % 4))
        if turned is None:  # off the board or over the sanctuary or a village
            return False
        taken = self.geo.mask(self.state.cells) if taken is None else taken
        return not turned & taken & ~self.geo.mask(board.island_cells(pivot, orientation))

    # --- moving ---------------------------------------------------------------------------------
    def reachable(self, gid: int, budget: int | None = None) -> dict[Cell, int]:
        """Cells ``gid`` can walk to with ``budget`` move points (default: what the mover has), with costs.

        Orthogonal steps cost 1, diagonal steps 2 (rule 9); guardians block the way, crowns do not; a
        guardian carrying a crown cannot stop on a lying crown (rule 22).
        """
        return dict(self._reach(gid, self._points_of("move") if budget is None else budget))

    def _reach(self, gid: int, budget: int) -> dict[Cell, int]:
        """:meth:`reachable` with its budget given, cached per position: the caller must not change it."""
        state = self.state
        found = state.reach_cache.get((gid, budget))
        if found is not None:
            return found
        g = state.guardians[gid]
        best = {g.cell: 0}
        # Dijkstra with one bucket per cost (steps cost 1 or 2): the cells reached at each cost, in turn
        buckets: list[list[Cell]] = [[g.cell]]
        steps, fixed, cells, at = self.geo.steps, self.geo.fixed_land, state.cells, state.at
        far = 1 << 30
        cost = 0
        while cost < len(buckets):
            for cell in buckets[cost]:
                if best[cell] != cost:  # reached cheaper since
                    continue
                for nxt, step in steps[cell]:
                    total = cost + step
                    if total > budget or nxt in at or not (nxt in cells or nxt in fixed):
                        continue
                    if total < best.get(nxt, far):
                        best[nxt] = total
                        while len(buckets) <= total:
                            buckets.append([])
                        buckets[total].append(nxt)
            cost += 1
        del best[g.cell]
        if g.crown >= 0:
            best = {cell: cost for cell, cost in best.items() if cell not in state.ground}
        state.reach_cache[(gid, budget)] = best
        return best

    def push_result(self, gid: int, target: Cell, force: int) -> State | None:
        """The state after ``gid`` pushes what stands on ``target`` with ``force``, or None if illegal."""
        state = self.state
        pusher = state.guardians[gid].cell
        d = (target[0] - pusher[0], target[1] - pusher[1])
        if abs(d[0]) + abs(d[1]) != 1 or force < 1:
            return None
        if target in state.at:
            return self._push_line(state.at[target], d, force)
        if target in state.ground:
            return self._push_crown(target, d, force)
        return None

    def _push_line(self, first: int, d: Cell, force: int) -> State | None:
        """Rule 6: the target and every guardian aligned behind it advance ``force`` cells."""
        state = self.state.child()
        line = [first]
        moved: set[int] = set()
        for _ in range(force):
            if not line:
                return None  # nothing left to push: this force is not offered
            head = state.guardians[line[-1]].cell
            ahead = (head[0] + d[0], head[1] + d[1])
            while ahead in state.at:
                line.append(state.at[ahead])
                ahead = (ahead[0] + d[0], ahead[1] + d[1])
            for gid in reversed(line):
                g = state.guardians[gid]
                self._set_cell(state, gid, (g.cell[0] + d[0], g.cell[1] + d[1]))
            moved.update(line)
            survivors = []
            for gid in line:
                if self.board_has_land(state, state.guardians[gid].cell):
                    survivors.append(gid)
                elif self.anchored and state.guardians[gid].crown >= 0:
                    return None  # R49: a carrier is never pushed into the void, so this force is not offered
                else:
                    self._remove_guardian(state, gid)  # into the void, with any crown it carries
            line = survivors
        if any(gid in state.guardians and state.guardians[gid].crown >= 0 and state.guardians[gid].cell in state.ground
               for gid in moved):
            return None  # rule 22: a carrier never stops on a lying crown, pushed or walking
        for gid in sorted(moved):
            if gid in state.guardians:
                self._arrive(state, gid)
        self._spawn_crowns(state)
        return state

    def board_has_land(self, state: State, cell: Cell) -> bool:
        """Whether ``cell`` is land in ``state``."""
        return cell in self.geo.fixed_land or cell in state.cells

    def _push_crown(self, start: Cell, d: Cell, force: int) -> State | None:
        """Rule 7: a lying crown flies ``force`` cells over void and free cells and lands on a free island cell."""
        state = self.state
        cell = start
        for _ in range(force):
            cell = (cell[0] + d[0], cell[1] + d[1])
            if not self.geo.in_bounds(cell) or cell in state.at:
                return None
        if cell not in state.cells or cell in state.ground:
            return None
        new = state.child()
        new.ground[cell] = new.ground.pop(start)
        self._spawn_crowns(new)  # a crown pushed off the heart is replaced at once (rule 33)
        return new

    def push_forces(self, gid: int, target: Cell) -> list[int]:
        """The forces ``gid`` may push ``target`` with, given the mover's push points."""
        return self._push_forces(gid, target, self.points()["push"])

    def _push_forces(self, gid: int, target: Cell, pushes: int) -> list[int]:
        return [f for f in range(1, pushes + 1) if self.push_result(gid, target, f) is not None]

    # --- legal moves ----------------------------------------------------------------------------
    def legal_moves(self) -> list[Action]:
        """Every legal atomic action of the seat to move."""
        if self.state.over:
            return []
        if self.state.legal is None:
            self.state.legal = list(self._generate())
            self.state.legal_set = None
        return list(self.state.legal)

    def _generate(self) -> Iterator[Action]:
        state = self.state
        seat = state.current
        points = self.points()
        islands, taken = self.islands_memo()
        size = self.geo.size
        if not state.placed:
            places = _PLACEMENTS.get((size, taken))
            if places is None:
                places = _remember(_PLACEMENTS, (size, taken), tuple(self._placements_over(taken)))
            yield from places
        for gid in sorted(state.guardians):
            if self.commands(seat, gid):
                yield from self.guardian_actions(gid, points)
        if points["magic"] > 0:
            magic = _MAGIC.get((size, islands, state.placed))
            if magic is None:
                magic = _remember(_MAGIC, (size, islands, state.placed), tuple(self._magic_actions(taken)))
            yield from magic
        if state.placed:
            yield Action("end")

    def islands_memo(self) -> tuple[frozenset[tuple[Cell, int]], int]:
        """The islands as a frozenset of (pivot, orientation) and their cells as a mask of ``geo.bits``,
        computed once per arrangement of the islands (the searches' states share it until one changes)."""
        memo = self.state.islands_memo
        if memo is None:
            memo = self.state.islands_memo = (frozenset(self.state.islands.items()), self.geo.mask(self.state.cells))
        return memo

    def _magic_actions(self, taken: int) -> Iterator[Action]:
        """Every legal rotation (``taken``: the mask of the island cells): the turned island fits over void
        or over itself, and, before the mover's island is placed, an island still fits afterwards (rule 2)."""
        state = self.state
        masks = _island_masks(self.geo.size)
        for pivot in sorted(state.islands):
            orientation = state.islands[pivot]
            own = masks.get((pivot, orientation))
            if own is None:  # an island off the table (never placed by the rules): the general check
                for quarter in (1, 2, 3, 4):
                    if self._rotation_fits(pivot, quarter, taken) and self._still_placeable(pivot, quarter, taken):
                        yield Action("magic", cell=pivot, amount=quarter)
                continue
            others = taken & ~own
            for quarter in (1, 2, 3, 4):
                turned = masks.get((pivot, (orientation + quarter) % 4))
                if turned is None or turned & others:
                    continue
                if quarter == 4 or state.placed or self._placements_over(others | turned, first_only=True):
                    yield Action("magic", cell=pivot, amount=quarter)

    def guardian_actions(self, gid: int, points: Mapping[str, int] | None = None) -> Iterator[Action]:
        """Every action of one guardian (the caller checks the mover commands it; ``points``: the
        mover's :meth:`points`, if known)."""
        state = self.state
        g = state.guardians[gid]
        points = self.points() if points is None else points
        for cell in sorted(self._reach(gid, points["move"])):
            yield Action("move", gid, cell)
        pushes = points["push"]
        for dx, dy in DIRECTIONS.values():
            target = (g.cell[0] + dx, g.cell[1] + dy)
            if pushes and (target in state.at or target in state.ground):  # else nothing to push
                for force in self._push_forces(gid, target, pushes):
                    yield Action("push", gid, target, force)
            other = state.at.get(target, -1)
            if other < 0:
                continue
            carried = state.guardians[other].crown
            if (g.crown < 0 and carried >= 0 and not self.allied(other, state.current)
                    and points["move"] >= self.take_cost and not self._in_refuge(other)
                    and not (self.escort and self._escorted(other)) and carried not in state.truce):
                yield Action("take", gid, target)
            if g.crown >= 0 and carried < 0 and self.allied(other, state.current) and g.crown not in state.free_used:
                yield Action("give", gid, target)
        if g.crown >= 0 and g.cell not in state.ground and g.crown not in state.free_used:
            yield Action("drop", gid)

    # --- playing --------------------------------------------------------------------------------
    def _in_refuge(self, gid: int) -> bool:
        """With the ``village_refuge`` option: whether ``gid`` stands in a village where it validates."""
        g = self.state.guardians[gid]
        return self.village_refuge and g.cell in self.validation[g.owner]

    def _escorted(self, gid: int) -> bool:
        """Whether ``gid`` has an allied guardian orthogonally beside it (the ``escort`` option, R50)."""
        state = self.state
        team = self.teams[state.guardians[gid].owner]
        for neighbour in self.geo.orthogonal_neighbours(state.guardians[gid].cell):
            other = state.at.get(neighbour, -1)
            if other >= 0 and self.teams[state.guardians[other].owner] == team:
                return True
        return False

    def push(self, move: Action) -> None:
        """Play one action; an illegal one raises :class:`IllegalMoveError` and changes nothing."""
        if self.state.legal is None:
            self.legal_moves()
        if self.state.legal_set is None:
            self.state.legal_set = frozenset(self.state.legal or ())
        if not isinstance(move, Action) or move not in self.state.legal_set:
            raise IllegalMoveError(self._describe(move), self._why_illegal(move))
        new = self._apply(move)
        self._history.append(self.state)
        self._stack.append(move)
        self.state = new

    def push_trusted(self, move: Action) -> None:
        """Play ``move`` without checking it (for searches replaying moves that ``legal_moves`` gave in
        this very position): an illegal move here corrupts the game, so everyone else calls ``push``."""
        new = self._apply(move)
        self._history.append(self.state)
        self._stack.append(move)
        self.state = new

    def push_reached(self, moves: Sequence[Action], states: Sequence[State]) -> None:
        """Push ``moves`` again without playing them: ``states`` are the positions they led to one after
        the other when this game pushed them from this very position before (a search that kept them;
        states never change once played past). ``pop`` undoes them as usual."""
        if len(moves) != len(states):
            raise ValueError("one position per move")
        for move, state in zip(moves, states, strict=True):
            self._history.append(self.state)
            self._stack.append(move)
            self.state = state

    def _describe(self, move: object) -> str:
        return self.move_text(move) if isinstance(move, Action) else repr(move)

    def _why_illegal(self, move: object) -> Msg:
        if self.state.over:
            return Msg("la partie est terminée", "the game is over")
        if not isinstance(move, Action):
            return Msg("ce n'est pas une action d'ILYOS", "not an ILYOS action")
        if move.kind == "end" and not self.state.placed:
            return Msg("posez d'abord une île (règle 2)", "place an island first (rule 2)")
        if move.kind == "place" and self.state.placed:
            return Msg("une seule île par tour", "one island per turn")
        if move.guardian >= 0 and move.guardian not in self.state.guardians:
            return Msg("ce gardien n'est pas sur le plateau", "no such guardian on the board")
        if move.guardian >= 0 and not self.commands(self.state.current, move.guardian):
            return Msg("ce gardien n'est pas à vous", "this guardian is not yours")
        return self._why_too_costly(move) or self._why_protected(move) or Msg(
            "action impossible dans cette position", "this action is not possible here")

    def _why_protected(self, move: Action) -> Msg | None:
        """Why ``move`` is refused when a protection option (R36 refuge, R49, R50) forbids it (None otherwise)."""
        if move.kind == "take" and move.cell in self.state.at:
            other = self.state.at[move.cell]
            if self.state.guardians[other].crown >= 0 and self._in_refuge(other):
                return Msg("ce porteur est dans son village : on ne peut pas lui prendre sa couronne (Refuge au village)",
                           "this carrier stands in its own village: its crown cannot be taken (Village refuge)")
            if self.state.guardians[other].crown in self.state.truce:
                return Msg("cette couronne vient d'être prise : on ne peut pas la reprendre avant le prochain tour "
                           "de l'équipe qui l'a prise (Pas de reprise immédiate)",
                           "this crown has just been taken: it cannot be taken back before the taking team's next "
                           "turn (No immediate retake)")
            if self.state.guardians[other].crown >= 0 and self.escort and self._escorted(other):
                return Msg("ce porteur est escorté par un allié : on ne peut pas lui prendre sa couronne (Escorte)",
                           "an ally escorts this carrier: its crown cannot be taken (Escort)")
        if move.kind == "push" and self.anchored and move.guardian >= 0:
            self.anchored = False  # would the push be legal if carriers could fall?
            try:
                unanchored = self.push_result(move.guardian, move.cell, move.amount)
            finally:
                self.anchored = True
            if unanchored is not None:
                return Msg("cette poussée ferait tomber un porteur de couronne dans le vide (Porteurs ancrés)",
                           "this push would make a crown carrier fall into the void (Anchored carriers)")
        return None

    def _why_too_costly(self, move: Action) -> Msg | None:
        """Why ``move`` is refused when only the cards to spend are missing (None otherwise)."""
        points = self.points()
        if move.kind == "move" and move.guardian >= 0:
            cost = self.reachable(move.guardian, budget=1 << 10).get(move.cell)
            if cost is not None and cost > points["move"]:
                return Msg(f"ce déplacement coûte {cost}, vous avez {points['move']} déplacement(s)",
                           f"this move costs {cost}, you have {points['move']} move(s)")
        if move.kind == "take" and points["move"] < self.take_cost:
            return Msg(f"reprendre une couronne coûte {self.take_cost} déplacement(s)",
                       f"taking a crown costs {self.take_cost} move(s)")
        possible = (move.kind == "push" and move.guardian >= 0
                    and self.push_result(move.guardian, move.cell, move.amount) is not None) or (
            move.kind == "magic" and move.cell in self.state.islands and 1 <= move.amount <= 4
            and self._rotation_fits(move.cell, move.amount))
        if possible and move.kind == "push" and 0 < points["push"] < move.amount:
            return Msg(f"force {move.amount}, mais vous avez {points['push']} poussée(s)",
                       f"force {move.amount}, but you have {points['push']} push(es)")
        if possible and points[move.kind] == 0:
            return Msg("aucune carte de ce type à dépenser", "no card of this kind to spend")
        return None

    def _apply(self, move: Action) -> State:
        kind = move.kind
        if kind == "push":
            result = self.push_result(move.guardian, move.cell, move.amount)
            assert result is not None
            self._spend(result, "push", move.amount)
            return result
        state = self.state.child()
        if kind == "place":
            self._add_island(state, move.cell, move.amount)
            state.placed = True
            self._place_guardian(state, move.cell)
        elif kind == "move":
            self._spend(state, "move", self._reach(move.guardian, self._points_of("move"))[move.cell])
            self._set_cell(state, move.guardian, move.cell)
            self._arrive(state, move.guardian)
        elif kind in ("take", "give"):
            self._hand_over(state, move)
        elif kind == "drop":
            g = state.guardians[move.guardian]
            state.ground[g.cell] = g.crown
            state.free_used = state.free_used | {g.crown}
            state.guardians[move.guardian] = Guardian(g.owner, g.cell, -1)
        elif kind == "magic":
            self._spend(state, "magic", 1)
            self._rotate(state, move.cell, move.amount)
        elif kind == "end":
            self._end_turn(state)
            return state
        self._spawn_crowns(state)  # a carrier may have left the heart (R33)
        return state

    def _place_guardian(self, state: State, pivot: Cell) -> None:
        """Rule 2: the island placed on ``pivot`` brings a guardian of the mover, while its team has fewer
        than 6."""
        if self.team_guardians(self.teams[state.current], state) < MAX_TEAM_GUARDIANS:
            self._add_guardian(state, state.current, pivot)

    def placement_brings_guardian(self) -> bool:
        """Whether an island placed now brings a guardian (the mover's team has fewer than 6: rule 2)."""
        return self.team_guardians(self.teams[self.state.current]) < MAX_TEAM_GUARDIANS

    def pieces_after_placement(self, move: Action, brings: bool | None = None) -> State | None:
        """For a search that only weighs the pieces: the position after the placement ``move`` (legal
        here) with its guardians, crowns and cards exactly as :meth:`push` leaves them, but the island
        itself not drawn in (``islands``, ``cells``, ``placed`` and the guardians' numbers are this
        position's; ``brings``: :meth:`placement_brings_guardian`, if known). None when the placement
        would also make a crown appear (then push it): a crown is missing and none lies on the heart.
        It shares this position's dictionaries: never change it, never make it the game's state."""
        state = self.state
        if state.over or not (self.geo.heart in state.ground or self.crowns_in_play(state) >= self.max_crowns):
            return None
        # everything shared but the pieces (the numbers players read are left out: no search reads them)
        preview = State(state.islands, state.guardians.copy(), state.ground, state.players, state.scores,
                        state.current, state.turn, state.placed, state.free_used, state.stock_used,
                        state.next_guardian, state.next_crown, state.salt, state.over, state.end_reason,
                        state.cells, state.at.copy(), state.numbers, taken=state.taken, truce=state.truce)
        if self.placement_brings_guardian() if brings is None else brings:
            preview.guardians[preview.next_guardian] = Guardian(state.current, move.cell)
            preview.at[move.cell] = preview.next_guardian
            preview.next_guardian += 1
        return preview

    def _hand_over(self, state: State, move: Action) -> None:
        other = state.at[move.cell]
        giver, taker = (other, move.guardian) if move.kind == "take" else (move.guardian, other)
        crown = state.guardians[giver].crown
        if move.kind == "take":
            self._spend(state, "move", self.take_cost)
            if self.no_retake:
                state.taken = state.taken | {crown}
        else:
            state.free_used = state.free_used | {crown}
        a, b = state.guardians[giver], state.guardians[taker]
        state.guardians[giver] = Guardian(a.owner, a.cell, -1)
        state.guardians[taker] = Guardian(b.owner, b.cell, crown)

    def _rotate(self, state: State, pivot: Cell, quarter_turns: int) -> None:
        """Rule 10: turn the island and what stands on it (guardians, lying crowns) around its pivot."""
        old_cells = board.island_cells(pivot, state.islands[pivot])
        riders = [(state.at[c], c) for c in old_cells if c in state.at]
        lying = [(state.ground.pop(c), c) for c in old_cells if c in state.ground]
        for gid, _ in riders:
            del state.at[state.guardians[gid].cell]
        memo, before = state.islands_memo, state.islands[pivot]
        state.own_islands()
        for cell in old_cells:
            del state.cells[cell]
        self._add_island(state, pivot, before + quarter_turns)
        if memo is not None:  # the memo follows the turned island
            after = state.islands[pivot]
            turned = board.island_cells(pivot, after)
            state.islands_memo = ((memo[0] - {(pivot, before)}) | {(pivot, after)},
                                  memo[1] & ~self.geo.mask(old_cells) | self.geo.mask(turned))
        for gid, cell in riders:
            g = state.guardians[gid]
            new_cell = board.rotated(cell, pivot, quarter_turns)
            state.guardians[gid] = Guardian(g.owner, new_cell, g.crown)
            state.at[new_cell] = gid
        for crown, cell in lying:
            state.ground[board.rotated(cell, pivot, quarter_turns)] = crown

    def pop(self) -> Action:
        """Undo the last action exactly."""
        if not self._stack:
            raise MeepleError(Msg("aucun coup à annuler", "nothing to undo"))
        self.state = self._history.pop()
        return self._stack.pop()

    @property
    def move_stack(self) -> Sequence[Action]:
        """The actions played since the start."""
        return self._stack

    def copy(self) -> Self:
        """An independent copy (the history is shared safely: states are never mutated once stored)."""
        clone = type(self)(self.options, self.seed, self.state.copy())
        clone._history = list(self._history)
        clone._stack = list(self._stack)
        return clone

    # --- the end --------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """Rule 25 (three crowns) or rule 13 (no island fits: most crowns, then nearest crown, else draw)."""
        state = self.state
        if not state.over:
            return None
        details: dict[str, JSON] = {"scores": list(state.scores), "reason": state.end_reason}
        if state.end_reason == "three":
            return Outcome(self._team_seats(state.current), Msg("trois couronnes validées", "three crowns validated"),
                           details=details)
        contenders = self._scorers()
        best = max(state.scores[s] for s in contenders)
        leaders = [s for s in contenders if state.scores[s] == best]
        if len({self.teams[s] for s in leaders}) == 1:
            return Outcome(self._team_seats(leaders[0]), Msg("plus de couronnes validées", "most crowns validated"),
                           details=details)
        distances = {s: self.crown_distance(s) for s in leaders}
        details["distances"] = {str(s): d for s, d in distances.items()}
        nearest = min(distances.values())
        closest = [s for s, d in distances.items() if d == nearest]
        if len({self.teams[s] for s in closest}) == 1 and nearest < 1 << 20:
            return Outcome(self._team_seats(closest[0]), Msg("couronne la plus proche du village",
                                                             "crown nearest to the village"), details=details)
        return Outcome(frozenset(), Msg("égalité parfaite : match nul", "perfect tie: a draw"), draw=True,
                       details=details)

    def _scorers(self) -> list[int]:
        """One seat per scoring unit: each seat, or one seat per team with Team diagonal."""
        return [0, 1] if self.team_diagonal else list(range(self._num))

    def _team_seats(self, seat: int) -> frozenset[int]:
        return frozenset(s for s in range(self._num) if self.teams[s] == self.teams[seat])

    def crown_distance(self, seat: int) -> int:
        """Rule 13: cells from the crown nearest to ``seat``'s villages to the nearest validation cell."""
        cells = self.crown_cells().values()
        return min((board.manhattan(c, v) for c in cells for v in self.validation[seat]), default=1 << 20)

    # --- JSON -----------------------------------------------------------------------------------
    def position_json(self) -> dict[str, JSON]:
        """Everything, hidden cards and deck order included (never send it to a client)."""
        if self.state.json_cache is None:
            self.state.json_cache = self._full_json()
        return self.state.json_cache

    def position_hash(self) -> int:
        """A stable 64-bit hash of the whole position (cached per position)."""
        if self.state.hash_cache < 0:
            self.state.hash_cache = stable_hash(self.position_json())
        return self.state.hash_cache

    def _full_json(self) -> dict[str, JSON]:
        data = self._public_json()
        state = self.state
        data["secret"] = {
            "salt": state.salt,
            "decks": [list(p.deck) for p in state.players],
            "hands": [list(p.hand) for p in state.players],
            "stock_used": sorted(state.stock_used),
        }
        return data

    def _public_json(self) -> dict[str, JSON]:
        state = self.state
        outcome = self.outcome()
        return self._with_truce({
            "game": self.name,
            "size": self.geo.size,
            "options": dict(self.options),
            "num_players": self._num,
            "to_move": self.to_move(),
            "turn": state.turn,
            "placed": state.placed,
            "can_end_turn": state.placed and not state.over,
            "heart": list(self.geo.heart),
            "sanctuary": [list(c) for c in sorted(self.geo.sanctuary)],
            "villages": [self._village_json(corner) for corner in board.CORNERS],
            "islands": [{"pivot": list(p), "orientation": o, "cells": [list(c) for c in board.island_cells(p, o)]}
                        for p, o in sorted(state.islands.items())],
            "guardians": [{"id": gid, "number": state.numbers.get(gid, gid + 1), "seat": g.owner, "team": self.teams[g.owner], "cell": list(g.cell),
                           "crown": None if g.crown < 0 else g.crown} for gid, g in sorted(state.guardians.items())],
            "crowns": self._crowns_json(),
            "scores": list(state.scores),
            "team_scores": self.team_scores(),
            "teams": list(self.teams),
            "players": [self._player_json(seat) for seat in range(self._num)],
            "free_used": sorted(state.free_used),
            "next_ids": [state.next_guardian, state.next_crown],
            "last_move": self.move_to_json(self._stack[-1]) if self._stack else None,
            "outcome": outcome.to_json() if outcome else None,
            "time_per_turn": self.options["time_per_turn"],
        })

    def _with_truce(self, data: dict[str, JSON]) -> dict[str, JSON]:
        """With the ``no_retake`` option, the view also says which crowns may not be taken now (R51)."""
        if self.no_retake:
            data["truce"] = {"now": sorted(self.state.truce), "next_turn": sorted(self.state.taken)}
        return data

    def team_scores(self) -> list[int]:
        """Crowns validated by each team (a shared score with Team diagonal)."""
        if self.team_diagonal:
            return [self.state.scores[0], self.state.scores[1]]
        return [sum(self.state.scores[s] for s in range(self._num) if self.teams[s] == t) for t in (0, 1)]

    def _village_json(self, corner: str) -> dict[str, JSON]:
        seats = [s for s in range(self._num) if corner in self.village_corners(s)]
        return {"corner": corner, "cells": [list(c) for c in sorted(self.geo.villages[corner])], "seats": seats,
                "team": self.teams[seats[0]]}

    def _crowns_json(self) -> list[JSON]:
        state = self.state
        carriers = {g.crown: gid for gid, g in state.guardians.items() if g.crown >= 0}
        return [{"id": crown, "cell": list(cell), "carried_by": carriers.get(crown)}
                for crown, cell in sorted(self.crown_cells().items())]

    def _player_json(self, seat: int) -> dict[str, JSON]:
        player = self.state.players[seat]
        return {
            "seat": seat,
            "team": self.teams[seat],
            "stock": dict(player.stock),
            "deck_size": len(player.deck),
            "discard": {kind: player.discard.count(kind) for kind in KINDS},
            "played": list(player.played),
            "hand_size": len(player.hand),
            "hand_left": len(player.hand) - len(player.played),
            "reshuffles": player.reshuffles,
        }

    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may see: the board, scores, stocks, and its own hand only (never deck order)."""
        data = self._public_json()
        data["viewer"] = seat
        data["hand"] = None
        data["points"] = None
        if seat is not None and 0 <= seat < self._num:
            player = self.state.players[seat]
            data["hand"] = {"cards": sorted(player.hand),
                            "left": {kind: player.hand_left(kind) for kind in KINDS}}
            data["points"] = self.points(seat)
        return data

    def determinize(self, seat: int, rng: SeededRandom) -> Self:
        """A copy where every card ``seat`` cannot see is re-dealt: other seats' unplayed hands, every
        deck's order, and the future reshuffles (a fresh salt)."""
        clone = self.copy()
        state = clone.state
        state.salt = rng.getrandbits(62)
        for other, player in enumerate(state.players):
            if other == seat:
                player.deck.sort()
                rng.shuffle(player.deck)
                continue
            self._redeal(player, other == state.current, state.stock_used, rng)
        return clone

    @staticmethod
    def _redeal(player: Player, is_mover: bool, stock_used: frozenset[str], rng: SeededRandom) -> None:
        unplayed = list(player.hand)
        for kind in player.played:
            unplayed.remove(kind)
        pool = sorted(unplayed + player.deck)  # sorted: the result depends on the view only
        rng.shuffle(pool)
        # A mover who spent from its stock had no such card left in hand: keep that true.
        banned = stock_used if is_mover else frozenset()
        allowed = [c for c in pool if c not in banned]
        rest = [c for c in pool if c in banned]
        new_unplayed = allowed[: len(unplayed)]
        player.deck = allowed[len(unplayed):] + rest
        rng.shuffle(player.deck)
        player.hand = list(player.played) + new_unplayed

    # --- moves as data --------------------------------------------------------------------------
    def move_to_json(self, move: Action) -> JSON:
        """A move as JSON (see the module docstring)."""
        data: dict[str, JSON] = {"kind": move.kind}
        if move.kind in ("move", "push", "take", "give", "drop"):
            data["guardian"] = move.guardian
        if move.kind in ("move", "push", "take", "give"):
            data["to"] = list(move.cell)
        if move.kind in ("place", "magic"):
            data["at"] = list(move.cell)
        if move.kind == "push":
            data["force"] = move.amount
        if move.kind == "place":
            data["orientation"] = move.amount
        if move.kind == "magic":
            data["quarter_turns"] = move.amount
        return data

    def move_from_json(self, data: JSON) -> Action:
        """The action a JSON object describes; malformed data raises :class:`IllegalMoveError`."""
        if not isinstance(data, dict) or data.get("kind") not in ACTION_KINDS:
            raise IllegalMoveError(data, Msg(f"un objet avec « kind » parmi {', '.join(ACTION_KINDS)} est attendu",
                                             f"an object with 'kind' among {', '.join(ACTION_KINDS)} is expected"))
        kind = data["kind"]
        template = self.move_to_json(Action(kind))
        missing = sorted(set(template) - set(data))
        extra = sorted(set(data) - set(template))
        if missing or extra:
            field_name = (missing or extra)[0]
            raise IllegalMoveError(data, Msg(f"champ « {field_name} » manquant ou en trop",
                                             f"field '{field_name}' missing or unexpected"))
        cell_key = "to" if "to" in data else "at" if "at" in data else None
        cell = _cell(data, cell_key) if cell_key else (-1, -1)
        guardian = _int(data, "guardian") if "guardian" in data else -1
        amount_key = next((k for k in ("force", "orientation", "quarter_turns") if k in data), None)
        amount = _int(data, amount_key) if amount_key else 0
        return Action(kind, guardian, cell, amount)

    def move_text(self, move: Action) -> str:
        """A short text: ``place e5/1``, ``move #3 d4``, ``push #3 d5 x2``, ``take #3 d5``, ``drop #3``,
        ``magic c4 q1``, ``end`` (``#3`` is guardian 3, ``d4`` a cell, ``/1`` an orientation)."""
        kind = move.kind
        if kind == "end":
            return "end"
        if kind == "place":
            return f"place {cell_name(move.cell)}/{move.amount}"
        if kind == "magic":
            return f"magic {cell_name(move.cell)} q{move.amount}"
        if kind == "drop":
            return f"drop #{move.guardian}"
        text = f"{kind} #{move.guardian} {cell_name(move.cell)}"
        return f"{text} x{move.amount}" if kind == "push" else text

    def parse_move(self, text: str) -> Action:
        """The action ``text`` names (the inverse of :meth:`move_text`; JSON is accepted too)."""
        stripped = text.strip()
        if stripped.startswith("{"):
            return super().parse_move(stripped)
        try:
            return _parse_text(stripped, self.geo.size)
        except (ValueError, IndexError) as error:
            raise IllegalMoveError(text, Msg("texte d'action illisible (ex. « move #3 d4 »)",
                                             "unreadable action text (e.g. 'move #3 d4')")) from error

    # --- rule 16: the time-out ------------------------------------------------------------------
    def timeout_moves(self) -> list[Action]:
        """The moves that end the turn when its time runs out (rule 16): an island placed at a seeded
        random legal spot if none was placed yet, then ``end``. Deterministic given the seed and ply."""
        if self.state.over:
            return []
        moves: list[Action] = []
        if not self.state.placed:
            choices = self._placements(self.state)
            rng = make_rng(derive_seed(self.seed, f"timeout:{len(self._stack)}"))
            moves.append(rng.choice(choices))
        moves.append(Action("end"))
        return moves

    def apply_timeout(self) -> list[Action]:
        """Push :meth:`timeout_moves` and return them (what the server's clock calls at 0:00)."""
        moves = self.timeout_moves()
        for move in moves:
            self.push(move)
        return moves


@cache
def _shape_table(size: int) -> tuple[tuple[Action, tuple[Cell, ...], tuple[Cell, ...]], ...]:
    """Every island placement that fits the empty board: the action, its cells, the cells around it."""
    geo = board.geometry(size)
    table: list[tuple[Action, tuple[Cell, ...], tuple[Cell, ...]]] = []
    for y in range(size):
        for x in range(size):
            for orientation in range(4):
                cells = board.island_cells((x, y), orientation)
                if not all(geo.in_bounds(c) and c not in geo.fixed_land for c in cells):
                    continue
                around = {n for c in cells for n in geo.orthogonal_neighbours(c)} - set(cells)
                table.append((Action("place", cell=(x, y), amount=orientation), cells, tuple(sorted(around))))
    return tuple(table)


_PLACEMENTS: dict[tuple[int, int], tuple[Action, ...]] = {}
"""The legal placements for a board size and a mask of island cells (they depend on nothing else)."""
_MAGIC: dict[tuple[int, frozenset[tuple[Cell, int]], bool], tuple[Action, ...]] = {}
"""The legal rotations for a board size, the islands and whether the mover has placed its island."""
MEMO_LIMIT = 1024
"""The most entries each of these memos keeps (it is emptied when full). A search adds a few tens of
placement lists a turn (its own island not yet placed) and a few hundred rotation lists; a placement list
holds at most 704 actions (15 × 15), so the memos stay under ≈ 10 MB per process."""


def _remember(memo: dict[Any, tuple[Action, ...]], key: Any, actions: tuple[Action, ...]) -> tuple[Action, ...]:
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = actions
    return actions


@cache
def _shape_masks(size: int) -> tuple[tuple[Action, int, int], ...]:
    """:func:`_shape_table` with the cells and the cells around as masks of ``geometry(size).bits``."""
    geo = board.geometry(size)
    return tuple((action, geo.mask(cells), geo.mask(around)) for action, cells, around in _shape_table(size))


@cache
def _island_masks(size: int) -> dict[tuple[Cell, int], int]:
    """The cells (a mask) of every island (pivot, orientation 0-3) that fits the empty board."""
    geo = board.geometry(size)
    return {(action.cell, action.amount): geo.mask(cells) for action, cells, _ in _shape_table(size)}


def _int(data: Mapping[str, Any], key: str) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalMoveError(data, Msg(f"« {key} » doit être un entier", f"'{key}' must be an integer"))
    return value


def _cell(data: Mapping[str, Any], key: str) -> Cell:
    value = data[key]
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise IllegalMoveError(data, Msg(f"« {key} » doit être [x, y]", f"'{key}' must be [x, y]"))
    return (value[0], value[1])


def cell_name(cell: Cell) -> str:
    """A cell as text: column letter then row number from 1 (``(0, 0)`` is ``a1``)."""
    return f"{chr(ord('a') + cell[0])}{cell[1] + 1}"


def parse_cell(text: str, size: int = board.DEFAULT_SIZE) -> Cell:
    """The inverse of :func:`cell_name` on a ``size`` × ``size`` board."""
    column = ord(text[0].lower()) - ord("a")
    row = int(text[1:]) - 1
    if not (0 <= column < size and 0 <= row < size):
        raise ValueError(text)
    return (column, row)


_TEXT_WORDS = {"end": 1, "place": 2, "drop": 2, "magic": 3, "move": 3, "take": 3, "give": 3, "push": 4}
"""How many words each action's text has (``push #3 d5 x2`` has four)."""


def _parse_text(text: str, size: int) -> Action:
    words = text.split()
    kind = words[0].lower()
    if len(words) != _TEXT_WORDS.get(kind):
        raise ValueError(text)
    if kind == "end":
        return Action("end")
    if kind == "place":
        at, orientation = words[1].split("/")
        return Action("place", cell=parse_cell(at, size), amount=int(orientation))
    if kind == "magic":
        return Action("magic", cell=parse_cell(words[1], size), amount=int(words[2].lstrip("q")))
    guardian = int(words[1].lstrip("#g"))
    if kind == "drop":
        return Action("drop", guardian)
    if kind in ("move", "take", "give"):
        return Action(kind, guardian, parse_cell(words[2], size))
    if kind == "push":
        return Action("push", guardian, parse_cell(words[2], size), int(words[3].lstrip("x")))
    raise ValueError(text)
