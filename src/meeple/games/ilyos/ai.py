"""The ILYOS computer player: Easy, Medium, Hard and Expert (rule 17).

Entry point for the server and the CLI::

    choose_move(game, seat, level, rng=None) -> Action

It plays from ``seat``'s view only: every plan is searched on ``game.determinize(seat, rng)``, in which
the cards ``seat`` cannot see are re-dealt, so the hidden hands and deck order are never read.

How each level plays a turn (a turn is several atomic actions; the AI plans the whole turn at once and
replays the plan action by action, so its time budget is per turn):

* **Easy**: random legal actions (ends its turn as soon as it may, one time in three).
* **Medium**: greedy: a beam of width 1 (each step keeps the single best action by the heuristic),
  with a random error on each judgement (it blunders now and then).
* **Hard**: a beam search over the turn's action sequences (width 2), scored by the heuristic.
* **Expert**: a wider beam (width 10, more placements tried), and every finished turn is also scored
  by :func:`threat_penalty`: the crowns the opponents can reach before its next turn (carriers an enemy
  can stand beside, crowns lying at home an enemy can walk onto); then its four best plans are played
  out against a simulated reply of the next seat (a width-2 beam) and re-scored (two turns deep).

How long a level thinks: each search evaluates at most ``LevelSettings.nodes`` positions (a deterministic
limit: the same position and seed give the same move) and, with :data:`WALL_CLOCK`, stops at its
deadline (``LevelSettings.seconds``, the Expert's 0.8 s), read at every evaluated position; a search
cut short still returns a whole legal turn, so the Expert's turn stays under :data:`TURN_LIMIT_SECONDS`.

The heuristic (:func:`evaluate`) counts validated crowns, how near each crown is to a village of each
side and who carries it, crowns lying in a village (points at the start of the owner's next turn),
carriers next to an enemy (a crown can be taken for one move), guardians, and banked actions. Putting a
crown down in a village, passing it to an ally nearer home and pushing it toward a village all raise it,
so Hard and Expert find those plays when they are right.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cache

from meeple.core.boards import Cell
from meeple.core.game import stable_hash
from meeple.core.rng import SeededRandom, make_rng
from meeple.games.ilyos import board
from meeple.games.ilyos.engine import Action, IlyosGame, State

LEVELS = ("easy", "medium", "hard", "expert")
TURN_LIMIT_SECONDS = 2.0
"""The issue's limit: the Expert answers within 2 s per turn."""
EXPECTED_HAND_MOVES = 3
"""Move cards in an average hand of 5 (8 of 13 cards are moves)."""
WIN_VALUE = 100_000.0

WALL_CLOCK = True
"""Whether searches also stop at their level's wall-clock deadline. The node limits alone decide how far
a search goes on an idle machine; the deadline only cuts a search short on a loaded one. Tests switch it
off, so that a position and a seed always give the same move whatever the load."""


@contextmanager
def wall_clock(enabled: bool) -> Iterator[None]:
    """Within the block, searches stop at their wall-clock deadlines (``True``) or only at their node
    limits (``False``: reproducible games, e.g. for a tournament)."""
    global WALL_CLOCK
    before, WALL_CLOCK = WALL_CLOCK, enabled
    try:
        yield
    finally:
        WALL_CLOCK = before


def _now() -> float:
    """The clock the deadlines read (a function, so a test can replace it with a simulated clock)."""
    return time.perf_counter()


@dataclass
class Budget:
    """What a search may still spend: positions to evaluate (``nodes``) and a wall-clock ``deadline``
    (``None``: no clock). Every evaluated position costs one node and one look at the clock, so the
    search stops within one evaluation of either limit. A :meth:`part` also charges its parent."""

    nodes: int
    deadline: float | None = None
    parent: Budget | None = None

    def __post_init__(self) -> None:
        # a chain without any deadline only counts nodes: spent and checked without recursion
        self._chain: tuple[Budget, ...] | None = None
        if self.deadline is None:
            if self.parent is None:
                self._chain = (self,)
            elif self.parent._chain is not None:
                self._chain = (self, *self.parent._chain)

    def spend(self) -> bool:
        """Count one evaluated position; False once the budget is exhausted."""
        if self._chain is not None:
            left = True
            for budget in self._chain:
                budget.nodes -= 1
                left = left and budget.nodes > 0
            return left
        self.nodes -= 1
        if self.parent is not None:
            self.parent.spend()
        return not self.exhausted()

    def exhausted(self) -> bool:
        """Whether no node is left (here or in a parent) or the deadline has passed."""
        if self._chain is not None:
            for budget in self._chain:  # noqa: SIM110 (a plain loop: called at every node, any() is slower)
                if budget.nodes <= 0:
                    return True
            return False
        if self.nodes <= 0 or (self.parent is not None and self.parent.exhausted()):
            return True
        return self.deadline is not None and _now() > self.deadline

    def part(self, nodes: int) -> Budget:
        """A budget of at most ``nodes`` of these, with the same deadline, whose spending counts here too."""
        return Budget(nodes, self.deadline, self)


@dataclass(frozen=True)
class LevelSettings:
    """How wide and how far a level searches, and whether it weighs the opponent's threats."""

    width: int
    placements: int
    max_actions: int
    threats: bool
    nodes: int
    """The most positions one turn's search evaluates (its deterministic limit)."""
    seconds: float
    """The wall-clock deadline of one turn's search (a safety net on a loaded machine)."""
    replies: int = 0
    """How many of the best plans are checked against a simulated reply of the next seat."""
    noise: float = 0.0
    """Spread of the random error added to each judgement (how often the level blunders)."""


SETTINGS: dict[str, LevelSettings] = {
    "medium": LevelSettings(width=1, placements=3, max_actions=12, threats=False, nodes=3_000, seconds=1.0,
                            noise=8.0),
    "hard": LevelSettings(width=2, placements=4, max_actions=12, threats=False, nodes=6_000, seconds=1.0),
    "expert": LevelSettings(width=10, placements=10, max_actions=12, threats=True, nodes=16_000, seconds=0.8,
                            replies=4),
}
EXPERT_BEAM_NODES = 10_000
"""The Expert's own beam stops after this many positions; the rest of its nodes go to the replies."""
QUICK_SETTINGS = LevelSettings(width=2, placements=4, max_actions=12, threats=True, nodes=1_500, seconds=0.0)
"""The Expert first searches like Hard (with the threats weighed), on its own 1 500 positions: on a machine
so loaded that the deadline cuts the wide beam short, these whole plans compete with the wide beam's."""
REPLY_SETTINGS = LevelSettings(width=2, placements=4, max_actions=10, threats=False, nodes=1_000, seconds=0.0)
"""How the Expert imagines the next seat's reply (each reply's search gets ``nodes`` positions at most)."""


@contextmanager
def divided_budget(divisor: int) -> Iterator[None]:
    """Within the block, every node limit of the Expert is divided by ``divisor`` (≥ 1): the same search,
    shallower and cheaper (for studies and tests that need many Expert games; 1 changes nothing)."""
    global EXPERT_BEAM_NODES, QUICK_SETTINGS, REPLY_SETTINGS
    if divisor < 1:
        raise ValueError(f"divisor must be at least 1, not {divisor}")
    saved = SETTINGS["expert"], EXPERT_BEAM_NODES, QUICK_SETTINGS, REPLY_SETTINGS
    expert = SETTINGS["expert"]
    SETTINGS["expert"] = replace(expert, nodes=expert.nodes // divisor)
    EXPERT_BEAM_NODES //= divisor
    QUICK_SETTINGS = replace(QUICK_SETTINGS, nodes=QUICK_SETTINGS.nodes // divisor)
    REPLY_SETTINGS = replace(REPLY_SETTINGS, nodes=REPLY_SETTINGS.nodes // divisor)
    try:
        yield
    finally:
        SETTINGS["expert"], EXPERT_BEAM_NODES, QUICK_SETTINGS, REPLY_SETTINGS = saved


# --- the heuristic -----------------------------------------------------------------------------------
@cache
def _distances(size: int, targets: frozenset[Cell]) -> dict[Cell, int]:
    """Every cell's distance (in orthogonal steps) to the nearest of ``targets``, computed once per board."""
    return {(x, y): min(board.manhattan((x, y), t) for t in targets) for x in range(size) for y in range(size)}


@cache
def _sides(size: int, team_villages: tuple[frozenset[Cell], ...], mine: int) -> tuple[dict[Cell, int], dict[Cell, int]]:
    """The distance tables to team ``mine``'s villages and to the other team's."""
    return _distances(size, team_villages[mine]), _distances(size, team_villages[1 - mine])


def evaluate(game: IlyosGame, seat: int) -> float:
    """How good the position is for ``seat``'s team (higher is better)."""
    state = game.state
    if state.over:
        outcome = game.outcome()
        assert outcome is not None
        return 0.0 if outcome.draw else (WIN_VALUE if seat in outcome.winners else -WIN_VALUE)
    teams = game.teams
    mine = teams[seat]
    size = game.geo.size
    home, away = _sides(size, game.team_villages, mine)
    scores = state.scores
    my_score = max([scores[s] for s in game.team_seats[mine]])
    their_score = max([scores[s] for s in game.team_seats[1 - mine]])
    value = 120.0 * (my_score - their_score) + 60.0 * (my_score == 2) - 60.0 * (their_score == 2)
    free_guardians: dict[int, list[Cell]] = {0: [], 1: []}
    guardians = state.guardians.values()
    carriers = False
    for g in guardians:
        team = teams[g.owner]
        value += 5.0 if team == mine else -5.0
        if g.crown < 0:
            free_guardians[team].append(g.cell)
        else:
            carriers = True
    if carriers:
        at, pieces, neighbours = state.at, state.guardians, game.geo.neighbours
        for g in guardians:
            if g.crown >= 0:  # _carried_value, written out (the hottest loop of the search)
                carrier_team = teams[g.owner]
                ours = carrier_team == mine
                distance = (home if ours else away)[g.cell]
                worth = 30.0 + 4.0 * max(0, size + 1 - distance) + (45.0 if distance == 0 else 0.0)
                for neighbour in neighbours[g.cell]:
                    other = at.get(neighbour, -1)
                    if other >= 0 and teams[pieces[other].owner] != carrier_team:
                        worth -= 25.0
                        break
                value += worth if ours else -worth
    for cell in state.ground:
        value += _lying_value(cell, mine, home, away, free_guardians)
    player = state.players[seat]
    stock = player.stock
    cards = stock["move"] + stock["push"] + stock["magic"]  # KINDS
    if state.current == seat:
        cards += len(player.hand) - len(player.played)  # the unplayed cards of the hand (all of KINDS)
    value += 0.6 * cards
    return value


def _carried_value(game: IlyosGame, cell: Cell, carrier_team: int, mine: int, home: dict[Cell, int],
                   away: dict[Cell, int]) -> float:
    """The worth of a crown carried on ``cell`` (``home``/``away``: distances to ``mine``'s villages and
    to the other team's, from :func:`_distances`)."""
    ours = carrier_team == mine
    distance = (home if ours else away)[cell]
    worth = 30.0 + 4.0 * max(0, game.geo.size + 1 - distance) + (45.0 if distance == 0 else 0.0)
    state, teams = game.state, game.teams
    for neighbour in game.geo.neighbours[cell]:
        other = state.at.get(neighbour, -1)
        if other >= 0 and teams[state.guardians[other].owner] != carrier_team:
            worth -= 25.0  # an enemy beside the carrier may take the crown for one move
            break
    return worth if ours else -worth


def _lying_value(cell: Cell, mine: int, home: dict[Cell, int], away: dict[Cell, int],
                 free_guardians: dict[int, list[Cell]]) -> float:
    to_home, to_away = home[cell], away[cell]
    value = 2.5 * (to_away - to_home)
    if to_home == 0:
        value += 95.0
    if to_away == 0:
        value -= 95.0
    x, y = cell
    ours = theirs = -1  # the nearest free guardian of each side (20 if it has none)
    for gx, gy in free_guardians[mine]:
        d = abs(x - gx) + abs(y - gy)
        if ours < 0 or d < ours:
            ours = d
    for gx, gy in free_guardians[1 - mine]:
        d = abs(x - gx) + abs(y - gy)
        if theirs < 0 or d < theirs:
            theirs = d
    ours = 20 if ours < 0 else ours
    theirs = 20 if theirs < 0 else theirs
    return value + 2.0 * max(-6, min(6, theirs - ours))


# --- candidate actions ---------------------------------------------------------------------------------
def _candidates(game: IlyosGame, seat: int, placements: int, budget: Budget) -> list[Action]:
    """The legal actions worth searching: every guardian action, the best few placements, useful magic."""
    places: list[Action] = []
    others: list[Action] = []
    magic: list[Action] = []
    busy: dict[Cell, bool] = {}
    for m in game.legal_moves():  # one pass; each list keeps the legal moves' order
        kind = m.kind
        if kind == "place":
            places.append(m)
        elif kind != "magic":
            others.append(m)
        elif m.amount != 4:
            if m.cell not in busy:
                busy[m.cell] = _busy_island(game, m.cell)
            if busy[m.cell]:
                magic.append(m)
    if places:
        places = _best(game, seat, places, placements, budget)
    return others + magic + places


def _busy_island(game: IlyosGame, pivot: Cell) -> bool:
    cells = board.island_cells(pivot, game.state.islands[pivot])
    return any(c in game.state.at or c in game.state.ground for c in cells)


def _best(game: IlyosGame, seat: int, moves: list[Action], keep: int, budget: Budget) -> list[Action]:
    """The ``keep`` best of ``moves`` by the heuristic (those judged before the budget ran out; if none
    was, the first ``keep``)."""
    scored = []
    values: dict[Cell | None, float] = {}
    brings = game.placement_brings_guardian()
    for move in moves:
        if budget.exhausted():
            break
        scored.append((_placement_value(game, seat, move, values, brings), (move.cell, move.amount), move))
        budget.spend()
    if not scored:
        return moves[:keep]
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [move for _, _, move in scored[:keep]]


def _placement_value(game: IlyosGame, seat: int, move: Action, values: dict[Cell | None, float],
                     brings: bool) -> float:
    """``evaluate`` after the placement ``move``. The heuristic reads the pieces, not the islands: when the
    engine can give the pieces after the placement without drawing the island in, those are evaluated,
    and the value is shared (``values``) by every placement that leaves the same pieces: the same pivot
    if the island ``brings`` a guardian there, else all of them (the same value, computed once)."""
    key = move.cell if brings else None
    known = values.get(key)
    if known is not None:
        return known
    preview = game.pieces_after_placement(move, brings) if move.kind == "place" else None
    if preview is None:
        game.push_trusted(move)
        value = evaluate(game, seat)
        game.pop()
        return value
    state, game.state = game.state, preview
    try:
        value = values[key] = evaluate(game, seat)
    finally:
        game.state = state
    return value


# --- planning a turn -----------------------------------------------------------------------------------
Line = tuple[float, list[Action]]
Node = tuple[float, list[Action], tuple[State, ...]]
"""A line of the beam: its value, its actions and the positions they lead to one after the other."""


def plan_turn(game: IlyosGame, seat: int, settings: LevelSettings, rng: SeededRandom,
              began: float | None = None) -> list[Action]:
    """The best sequence of actions ending with ``end`` that the level's search finds.

    The search evaluates at most ``settings.nodes`` positions and, with :data:`WALL_CLOCK`, stops at
    ``settings.seconds`` after ``began`` (default: now); whatever stops it, the plan is a whole legal
    turn (the best line found, completed by a placement if needed and ``end``)."""
    start = _now() if began is None else began
    budget = Budget(settings.nodes, start + settings.seconds if WALL_CLOCK else None)
    if not settings.replies:
        return _beam(game, seat, settings, budget, rng)[0][1]
    quick = _beam(game, seat, QUICK_SETTINGS, Budget(QUICK_SETTINGS.nodes, budget.deadline), rng)
    wide = budget.part(EXPERT_BEAM_NODES)
    finals = _beam(game, seat, settings, wide, rng)
    if wide.exhausted():  # cut short, its plans may be shallow: the quick search's whole plans compete
        finals = sorted(finals + quick, key=lambda item: -item[0])
    if len(finals) > 1:
        finals = _check_replies(game, seat, finals[: settings.replies], rng, budget)
    return finals[0][1]


def _check_replies(game: IlyosGame, seat: int, finals: list[Line], rng: SeededRandom, budget: Budget) -> list[Line]:
    """Re-score the best plans by the positions after the next seat's reply (two turns deep).

    Every plan meets the same imagined worlds (this determinisation and one more), so the plans are
    compared on the same hidden cards and only their merits differ. Plans left unchecked when the budget
    runs out keep their place behind the checked ones only if they scored worse before."""
    worlds = [game, game.determinize(seat, rng)]
    rescored: list[Line] = []
    for _, line in finals:
        values = []
        for world in worlds:
            if budget.exhausted():
                break
            values.append(_after_reply(world, seat, line, budget))
        if not values:
            break
        rescored.append((sum(values) / len(values), line))
    rescored.sort(key=lambda item: -item[0])
    return rescored or finals


def _after_reply(world: IlyosGame, seat: int, line: list[Action], budget: Budget) -> float:
    trial = world.copy()
    for move in line:
        trial.push_trusted(move)
    replier = trial.to_move()
    if replier is not None and world.teams[replier] != world.teams[seat]:
        reply = _beam(trial, replier, REPLY_SETTINGS, budget.part(REPLY_SETTINGS.nodes))
        for move in reply[0][1]:
            trial.push_trusted(move)
    budget.spend()
    return evaluate(trial, seat)


def _beam(game: IlyosGame, seat: int, settings: LevelSettings, budget: Budget,
          rng: SeededRandom | None = None) -> list[Line]:
    """Finished turns (best first) found by a beam search over the turn's actions, never empty."""
    beam: list[Node] = [(evaluate(game, seat), [], ())]
    finals: list[Line] = []
    for _ in range(settings.max_actions):
        children: dict[object, Node] = {}
        for _, line, states in beam:
            if budget.exhausted():
                break
            game.push_reached(line, states)  # the line's positions, kept from its evaluation
            _expand(game, seat, settings, line, states, children, finals, budget, rng)
            for _ in line:
                game.pop()
        beam = sorted(children.values(), key=lambda item: -item[0])[: settings.width]
        if not beam or budget.exhausted():
            break
    if budget.exhausted() or not finals:
        finals.extend(_completed(game, seat, settings, [line for _, line, _ in beam[:1]]))
    finals.sort(key=lambda item: -item[0])
    return finals


def _expand(game: IlyosGame, seat: int, settings: LevelSettings, line: list[Action], states: tuple[State, ...],
            children: dict[object, Node], finals: list[Line], budget: Budget, rng: SeededRandom | None) -> None:
    """Score every candidate action after ``line`` (whose positions are ``states``): finished turns go to
    ``finals``, the rest to ``children``, with their positions."""
    for move in _candidates(game, seat, settings.placements, budget):
        if budget.exhausted():
            return
        game.push_trusted(move)
        value = evaluate(game, seat)
        budget.spend()
        if settings.noise and rng is not None:
            value += rng.gauss(0.0, settings.noise)
        if move.kind == "end" or game.is_over():
            if settings.threats and not game.is_over():
                value -= threat_penalty(game, seat)
            finals.append((value, [*line, move]))
        else:
            key = _quick_key(game)
            if key not in children or children[key][0] < value:
                children[key] = (value, [*line, move], (*states, game.state))
        game.pop()


def threat_penalty(game: IlyosGame, seat: int) -> float:
    """What ``seat``'s team may lose before its next turn: crowns its carriers hold or that lie at home,
    within reach of an opponent with empty hands (a take costs one move; picking up costs the walk)."""
    state = game.state
    mine = game.teams[seat]
    home_cells = game.team_villages[mine]
    home = _distances(game.geo.size, home_cells)
    away = _distances(game.geo.size, game.team_villages[1 - mine])
    reach: dict[Cell, int] = {}
    for gid, g in state.guardians.items():
        if game.teams[g.owner] == mine or g.crown >= 0:
            continue
        budget = state.players[g.owner].stock["move"] + EXPECTED_HAND_MOVES
        reach[g.cell] = 0
        for cell, cost in game._reach(gid, budget).items():
            reach[cell] = min(cost, reach.get(cell, cost))
    if not reach:
        return 0.0
    penalty = 0.0
    moves = EXPECTED_HAND_MOVES + max(p.stock["move"] for s, p in enumerate(state.players) if game.teams[s] != mine)
    for g in state.guardians.values():
        if g.crown >= 0 and game.teams[g.owner] == mine:
            near = [reach[n] for n in game.geo.neighbours[g.cell] if n in reach]
            if near and min(near) <= moves - game.take_cost:
                penalty += 0.7 * _carried_value(game, g.cell, mine, mine, home, away)
    for cell in state.ground:
        if cell in home_cells and cell in reach:
            penalty += 0.7 * 95.0
    return penalty


def _quick_key(game: IlyosGame) -> object:
    """A key equal for equal positions within one turn (same seat, same hand)."""
    state = game.state
    player = state.players[state.current]
    # Equal exactly when the sorted items are: the guardians are always in the order of their ids (ids
    # only grow, and a guardian keeps its place in the dictionary), the stocks' kinds in the order of
    # KINDS; lying crowns may come in any order, hence a frozenset.
    return (tuple(state.guardians.items()), frozenset(state.ground.items()),
            game.islands_memo()[0], tuple(sorted(player.played)),
            tuple(player.stock.items()), state.placed, state.free_used)


FALLBACK_PLACEMENTS = 24
"""How many placements, spread over the board, a plan completed without search chooses from."""


def _completed(game: IlyosGame, seat: int, settings: LevelSettings, lines: list[list[Action]]) -> list[Line]:
    """The search ran out of budget: complete each line into a whole turn at a small bounded cost: the
    best of a few placements if none was made, then ``end``."""
    done: list[Line] = []
    for line in lines or [[]]:
        line = list(line)
        for move in line:
            game.push_trusted(move)
        while not game.is_over() and game.to_move() == seat:
            moves = game.legal_moves()
            chosen = next((m for m in moves if m.kind == "end"), None)
            if chosen is None:
                places = [m for m in moves if m.kind == "place"]
                spread = places[:: max(1, len(places) // FALLBACK_PLACEMENTS)]
                chosen = _best(game, seat, spread, 1, Budget(FALLBACK_PLACEMENTS))[0]
            game.push_trusted(chosen)
            line.append(chosen)
        value = evaluate(game, seat)
        if settings.threats and not game.is_over():
            value -= threat_penalty(game, seat)
        done.append((value, line))
        for _ in line:
            game.pop()
    return done


# --- the entry point -----------------------------------------------------------------------------------
_PLANS: dict[tuple[int, str, int], list[Action]] = {}


def choose_move(game: IlyosGame, seat: int, level: str, rng: SeededRandom | None = None) -> Action:
    """The action the computer plays for ``seat`` at ``level`` (easy, medium, hard or expert).

    Plans are cached by the seat's own view, so the rest of a planned turn costs nothing. A turn's
    search stops at its level's node limit or, with :data:`WALL_CLOCK`, its deadline (the Expert's is
    0.8 s after this call), whichever comes first.
    """
    began = _now()
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    if game.to_move() != seat:
        raise ValueError(f"seat {seat} is not to move")
    rng = rng or make_rng(stable_hash(game.view(seat)) & 0xFFFFFFFF)
    if level == "easy":
        return _easy(game, rng)
    key = (stable_hash(game.view(seat)), level, seat)
    planned = _PLANS.pop(key, None)
    if planned and planned[0] in game.legal_moves():
        move = planned[0]
    else:
        planned = plan_turn(game.determinize(seat, rng), seat, SETTINGS[level], rng, began)
        move = planned[0]
        if move not in game.legal_moves():
            return _easy(game, rng)
    _remember(game, seat, level, move, planned[1:])
    return move


def _remember(game: IlyosGame, seat: int, level: str, move: Action, rest: list[Action]) -> None:
    if not rest or move.kind == "end":
        return
    game.push(move)
    try:
        if len(_PLANS) > 256:
            _PLANS.clear()
        _PLANS[(stable_hash(game.view(seat)), level, seat)] = rest
    finally:
        game.pop()


def _easy(game: IlyosGame, rng: SeededRandom) -> Action:
    moves = game.legal_moves()
    end = next((m for m in moves if m.kind == "end"), None)
    if end is not None and rng.random() < 1 / 3:
        return end
    useful = [m for m in moves if not (m.kind == "magic" and m.amount == 4)]
    return rng.choice(useful or moves)
