"""The stealth rules as pure functions on immutable states: the one implementation of a turn.

:func:`step` plays one turn — the leader's action, the caravan following, the resolution at the entered
node, the enemy phase, then vision and contact — and returns the next :class:`State`. The engine, its
``preview``, the solver and the validator all call it; there is no second copy of the rules.

Nodes and enemies are indices into the :class:`~meeple.games.stealth.level.Level`. An action is
``(GO, node)`` (the leader walks one edge) or ``(THROW, node)`` (a noise stone lands on ``node``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from meeple.games.stealth.level import NO_NODE, EnemySpec, Level

GO = 0
THROW = 1
Action = tuple[int, int]

PLAY, WON, CAUGHT = "play", "won", "caught"
DUTY, ALERT, DIVERTED, RETURNING, OUT = "duty", "alert", "diverted", "returning", "out"
ALL_NEUTRALISABLE = -1
"""Bit mask of the enemies that can be neutralised (all of them in a real game)."""

Events = list[dict[str, Any]] | None


class Foe(NamedTuple):
    """One enemy's state. ``facing`` is the neighbour it looks at (-1 when it has none)."""

    node: int
    facing: int
    mode: str
    target: int = NO_NODE
    """The node of the sound a diverted enemy heads for."""
    home: int = NO_NODE
    """Where an enemy off duty goes back to (its post, or the route node where it left its route)."""
    phase: int = 0
    """Pivoting sentry: index in its cycle; patrol: index in its route."""
    heading: int = 1
    """Patrol going back and forth: +1 forward, -1 backward."""


GONE = Foe(NO_NODE, NO_NODE, OUT)
"""Every neutralised enemy: off the board, in the tray."""


class State(NamedTuple):
    """A whole position. ``tray`` is the Neutralised count; ``keys`` is a bit mask of keys taken."""

    leader: int
    members: tuple[int, ...]
    foes: tuple[Foe, ...]
    keys: int
    stones: int
    tray: int
    status: str


def initial_state(level: Level) -> State:
    """The position at the start of ``level``."""
    foes = tuple(Foe(spec.node, spec.facing, DUTY) for spec in level.enemies)
    return State(level.start, level.caravan, foes, 0, level.stones, 0, PLAY)


def legal_actions(level: Level, state: State) -> list[Action]:
    """Every action the player may take (none once the level is won or lost).

    The leader walks along any edge it may pass (one-way edges forward only, doors once their key is
    taken) to a node no caravan member stands on; with a stone left it may throw to any node 1 to
    ``stone_range`` edges away that is not a hide node.
    """
    if state.status != PLAY:
        return []
    here, keys, members = state.leader, state.keys, state.members
    actions = [(GO, node) for node, door in level.walks_from(here)
               if (not door or keys & door) and node not in members]
    if state.stones > 0:
        actions += [(THROW, node) for node in level.throw_targets(here)]
    return actions


def step(level: Level, state: State, action: Action, events: Events = None,
         neutralisable: int = ALL_NEUTRALISABLE) -> State:
    """The state after ``action`` (assumed legal). Appends what happened to ``events`` when given."""
    kind, node = action
    leader, members, foes, keys, stones, tray, _status = state
    caught = False
    if kind == GO:
        origin, leader = leader, node
        if events is not None:
            _log(events, "move", frm=level.name(origin), to=level.name(node))
        for foe in foes:  # most moves enter an empty node
            if foe.node == node:
                caught, tray, foes = _resolve_leader(level, foes, origin, node, tray, events, neutralisable)
                break
        if members:
            members = (origin, *members[:-1])
            caught = caught or _resolve_members(level, foes, members, events)
        if not caught and node in level.keys_at:
            keys |= 1 << level.keys_at[node]
            _log(events, "key", key=level.key_names[level.keys_at[node]], node=level.name(node))
        if not caught and node == level.exit:
            _log(events, "exit", node=level.name(node))
            return State(leader, members, foes, keys, stones, tray, WON)
    else:
        stones -= 1
        if events is not None:
            _log(events, "throw", node=level.name(node))
        foes = _divert(level, foes, node, keys, events)
    if caught:
        return State(leader, members, foes, keys, stones, tray, CAUGHT)
    after, danger, alarm = _enemy_phase(level, foes, leader, keys)
    if danger >> leader & 1 or (members and any(danger >> member & 1 for member in members)):
        _vision_and_contact(level, after, leader, members, keys, events)
        return State(leader, members, after, keys, stones, tray, CAUGHT)
    if alarm >> leader & 1:
        after = _alert_trackers(level, after, leader, keys, events)
    return State(leader, members, after, keys, stones, tray, PLAY)


def _log(events: Events, kind: str, **data: Any) -> None:
    if events is not None:
        events.append({"type": kind, **data})


def _capture(level: Level, events: Events, who: str, how: str, by: list[int], node: int) -> bool:
    _log(events, "capture", who=who, how=how, by=[level.enemies[i].id for i in by], node=level.name(node))
    return True


# --- resolution at the entered node ----------------------------------------------------------------
def _resolve_leader(level: Level, foes: tuple[Foe, ...], origin: int, node: int, tray: int, events: Events,
                    neutralisable: int) -> tuple[bool, int, tuple[Foe, ...]]:
    """Neutralise the one enemy on ``node`` or be captured; returns (caught, tray, enemies after)."""
    here = [i for i, foe in enumerate(foes) if foe.node == node and foe.mode != OUT]
    if not here:
        return False, tray, foes
    if len(here) > 1:
        return _capture(level, events, "leader", "crowd", here, node), tray, foes
    index = here[0]
    foe = foes[index]
    if foe.mode == ALERT:
        return _capture(level, events, "leader", "alert", here, node), tray, foes
    if not (neutralisable >> index) & 1:
        return _capture(level, events, "leader", "untouchable", here, node), tray, foes
    if foe.facing == origin and (foe.mode != DIVERTED or not level.diverted_any_side):
        return _capture(level, events, "leader", "front", here, node), tray, foes
    _log(events, "neutralise", enemy=level.enemies[index].id, node=level.name(node), diverted=foe.mode == DIVERTED)
    return False, tray + 1, (*foes[:index], GONE, *foes[index + 1:])


def _resolve_members(level: Level, foes: Sequence[Foe], members: tuple[int, ...], events: Events) -> bool:
    """A caravan member that steps onto an active enemy's node is captured: only the leader neutralises."""
    for number, member in enumerate(members, start=1):
        here = [i for i, foe in enumerate(foes) if foe.node == member and foe.mode != OUT]
        if here:
            return _capture(level, events, f"member {number}", "member", here, member)
    return False


# --- the noise stone -------------------------------------------------------------------------------
def _divert(level: Level, before: tuple[Foe, ...], target: int, keys: int, events: Events) -> tuple[Foe, ...]:
    """Turn every active, non-alert enemy 1 to ``noise_radius`` enemy steps from ``target`` toward it."""
    distance, hop = level.enemy_paths(keys)
    foes = list(before)
    for index, foe in enumerate(foes):
        if foe.mode in (OUT, ALERT):
            continue
        steps = distance[foe.node][target]
        if steps < 1 or steps > level.noise_radius:
            continue
        home = foe.home if foe.mode in (DIVERTED, RETURNING) else foe.node
        foes[index] = foe._replace(facing=hop[foe.node][target], mode=DIVERTED, target=target, home=home)
        _log(events, "divert", enemy=level.enemies[index].id, toward=level.name(target))
    return tuple(foes)


# --- the enemy phase -------------------------------------------------------------------------------
def duty_facing(spec: EnemySpec, foe: Foe) -> int:
    """The node an enemy on duty faces: its front, its cycle's current orientation, its route's next node."""
    if spec.kind == "pivot":
        return spec.cycle[foe.phase]
    if spec.kind == "patrol":
        return spec.route[_next_route_index(spec, foe.phase, foe.heading)]
    return spec.facing


def next_facing(spec: EnemySpec, foe: Foe) -> int:
    """The orientation a pivoting sentry on duty turns to at the end of this turn (else its facing)."""
    if spec.kind == "pivot" and foe.mode == DUTY:
        return spec.cycle[(foe.phase + 1) % len(spec.cycle)]
    return foe.facing


def _next_route_index(spec: EnemySpec, index: int, heading: int) -> int:
    return (index + 1) % len(spec.route) if spec.loop else index + heading


class Phase(NamedTuple):
    """The enemies after their phase, with what follows from them alone (computed once, remembered)."""

    foes: tuple[Foe, ...]
    danger: int
    """Bit mask of the nodes where the leader or a member is caught: an active enemy stands there (contact) or a watching
    enemy faces it and it is not a hide node (seen) — R13."""
    alarm: int
    """Bit mask of the nodes where the leader alerts a tracker on duty or going home (within its radius, not hide) — R11."""


MEMO_LIMIT = 50_000
"""Enemy phases remembered per level before the memo starts afresh (bounds a long-lived server's memory)."""
_BY_LEADER = Phase((), 0, 0)
"""Memo marker: with an alert tracker among them, the enemies' moves also depend on the leader's node."""


def _enemy_phase(level: Level, foes: tuple[Foe, ...], leader: int, keys: int) -> Phase:
    """Every active enemy acts once, in the order of the level file; returns the :class:`Phase` after.

    The phase depends only on the enemies, the keys taken and — when a tracker is alert — the leader's
    node, so it is remembered in ``level.foe_moves``: the solver meets the same phases again and again.
    """
    memo = level.foe_moves
    key: tuple[Any, ...] = (foes, keys)
    phase = memo.get(key)
    if phase is _BY_LEADER:
        key = (foes, keys, leader)
        phase = memo.get(key)
    if phase is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        enemies = level.enemies
        moved = tuple(foe if foe.mode == OUT else _act(level, enemies[index], foe, leader, keys)
                      for index, foe in enumerate(foes))
        phase = Phase(moved, _danger(level, moved, keys), _alarm(level, moved, keys))
        if any(foe.mode == ALERT for foe in foes):
            memo[(foes, keys)] = _BY_LEADER
            key = (foes, keys, leader)
        memo[key] = phase
    return phase


def _act(level: Level, spec: EnemySpec, foe: Foe, leader: int, keys: int) -> Foe:
    mode = foe.mode
    if mode == DUTY:
        return _on_duty(spec, foe)
    distance, hop = level.enemy_paths(keys)
    if mode == ALERT:
        if leader in level.hide or distance[foe.node][leader] == NO_NODE:
            return _walk_home(level, spec, Foe(foe.node, foe.facing, RETURNING, NO_NODE, spec.node, foe.phase,
                                               foe.heading), keys)
        node = hop[foe.node][leader]
        facing = hop[node][leader] if node != leader else foe.facing
        return Foe(node, facing, ALERT, NO_NODE, NO_NODE, foe.phase, foe.heading)
    if mode == DIVERTED:
        target = foe.target
        if foe.node == target:
            return _walk_home(level, spec, Foe(foe.node, foe.facing, RETURNING, NO_NODE, foe.home, foe.phase,
                                               foe.heading), keys)
        node = hop[foe.node][target]
        if node == NO_NODE:
            return foe
        if node != target:
            facing = hop[node][target]
        elif foe.home != node:
            facing = hop[node][foe.home]
        else:
            facing = duty_facing(spec, foe)
        return Foe(node, facing, DIVERTED, target, foe.home, foe.phase, foe.heading)
    return _walk_home(level, spec, foe, keys)


def _on_duty(spec: EnemySpec, foe: Foe) -> Foe:
    kind = spec.kind
    if kind == "pivot":
        phase = (foe.phase + 1) % len(spec.cycle)
        return Foe(foe.node, spec.cycle[phase], DUTY, NO_NODE, NO_NODE, phase, foe.heading)
    if kind != "patrol":
        return foe
    route = spec.route
    index = _next_route_index(spec, foe.phase, foe.heading)
    heading = foe.heading
    if not spec.loop and not 0 <= index + heading < len(route):
        heading = -heading
    return Foe(route[index], route[_next_route_index(spec, index, heading)], DUTY, NO_NODE, NO_NODE, index, heading)


def _walk_home(level: Level, spec: EnemySpec, foe: Foe, keys: int) -> Foe:
    """One step back toward ``home``; on arrival the enemy is on duty again, facing as its duty says."""
    node, home = foe.node, foe.home
    if node != home:
        hop = level.enemy_paths(keys)[1]
        node = hop[node][home]
        if node == NO_NODE:
            return foe
        if node != home:
            return Foe(node, hop[node][home], RETURNING, NO_NODE, home, foe.phase, foe.heading)
    back = Foe(node, NO_NODE, DUTY, NO_NODE, NO_NODE, foe.phase, foe.heading)
    return Foe(node, duty_facing(spec, back), DUTY, NO_NODE, NO_NODE, foe.phase, foe.heading)


# --- vision, contact and alert ----------------------------------------------------------------------
def _vision_and_contact(level: Level, foes: Sequence[Foe], leader: int, members: tuple[int, ...], keys: int,
                        events: Events) -> bool:
    """An enemy on a caravan node (contact) or watching one that is not a hide node (vision) captures.

    A diverted enemy listens for the sound and sees nobody; it still captures by contact. Nobody sees
    through a closed door (:func:`watching`). Call it once :class:`Phase` ``danger`` says someone is caught.
    """
    people = [("leader", leader)] + [(f"member {n}", m) for n, m in enumerate(members, start=1)]
    for who, node in people:
        contact = [i for i, foe in enumerate(foes) if foe.mode != OUT and foe.node == node]
        if contact:
            return _capture(level, events, who, "contact", contact, node)
        if node in level.hide:
            continue
        seen = [i for i, foe in enumerate(foes) if foe.facing == node and watching(level, foe, keys)]
        if seen:
            return _capture(level, events, who, "seen", seen, node)
    return False


def watching(level: Level, foe: Foe, keys: int) -> bool:
    """Whether ``foe`` sees the node it faces: it is on the board, not listening to a sound (diverted), and
    no closed door stands between them (R13: a door whose key has not been taken blocks the view)."""
    if foe.mode in (OUT, DIVERTED) or foe.facing < 0:
        return False
    door = level.doors.get((foe.node, foe.facing), level.doors.get((foe.facing, foe.node)))
    return door is None or bool(keys >> door & 1)


def _danger(level: Level, foes: Sequence[Foe], keys: int) -> int:
    """The nodes (bit mask) where R13 catches the leader or a member; :func:`_vision_and_contact` says who and how."""
    contact = {foe.node for foe in foes if foe.mode != OUT}
    seen = {foe.facing for foe in foes if watching(level, foe, keys)} - level.hide
    return _mask(contact | seen)


def _mask(nodes: Iterable[int]) -> int:
    return sum(1 << node for node in set(nodes) if node >= 0)


def _alarm(level: Level, foes: Sequence[Foe], keys: int) -> int:
    """The nodes (bit mask) where the leader alerts a waiting or returning tracker (:func:`_alert_trackers` acts)."""
    distance = level.enemy_paths(keys)[0]
    return _mask(
        node for index in level.trackers if foes[index].mode in (DUTY, RETURNING)
        for node, steps in enumerate(distance[foes[index].node])
        if 0 < steps <= level.enemies[index].radius and node not in level.hide
    )


def _alert_trackers(level: Level, foes: tuple[Foe, ...], leader: int, keys: int, events: Events) -> tuple[Foe, ...]:
    """A tracker waiting or going back to its post turns alert when the leader is within its radius."""
    trackers = level.trackers
    if not trackers or leader in level.hide:
        return foes
    distance, hop = level.enemy_paths(keys)
    alerted = None
    for index in trackers:
        foe, spec = foes[index], level.enemies[index]
        if foe.mode not in (DUTY, RETURNING) or not 0 < distance[foe.node][leader] <= spec.radius:
            continue
        alerted = alerted or list(foes)
        alerted[index] = foe._replace(mode=ALERT, facing=hop[foe.node][leader], target=NO_NODE, home=NO_NODE)
        _log(events, "alert", enemy=spec.id)
    return foes if alerted is None else tuple(alerted)


# --- stars -----------------------------------------------------------------------------------------
def earned_stars(level: Level, state: State, moves: int) -> list[str]:
    """The declared stars a finished run earns (none unless the level is won)."""
    if state.status != WON:
        return []
    earned = {"finish"}
    if level.par is not None and moves <= level.par:
        earned.add("par")
    if state.tray == 0:
        earned.add("ghost")
    if state.tray == len(level.enemies):
        earned.add("sweep")
    return [star for star in level.stars if star in earned]
