"""One test (or more) per sentence of the seed's Behaviour section (see docs/rules/stealth.md)."""

from __future__ import annotations

import pytest

from meeple.core.errors import FormatError, IllegalMoveError
from meeple.games.stealth import rules
from meeple.games.stealth.engine import StealthGame
from meeple.games.stealth.rules import ALERT, DIVERTED, GO, OUT, RETURNING, Foe
from tests.games.stealth.helpers import CROSS, capture, enemy, game, level, play, sentry

SIDES = ("n", "e", "s", "w")


# --- "if you walk onto an enemy's node from any direction other than the one it is facing, you remove it"
@pytest.mark.parametrize("start", ["e", "s", "w"])
def test_walking_onto_an_enemy_from_another_direction_removes_it(start: str) -> None:
    g = play(game(CROSS, [sentry(facing="n")], start), "c")
    assert g.state.tray == 1
    assert enemy(g, "g")["state"] == "out" and enemy(g, "g")["node"] is None
    assert g.outcome() is None


# --- "You cannot touch an alert tracker, nor two enemies standing on the same node." (see below)
# --- "An enemy's direction is the neighbouring node it looks at."
def test_an_enemys_direction_is_a_neighbouring_node() -> None:
    g = game(CROSS, [sentry(facing="n")], "w")
    assert enemy(g, "g")["facing"] == "n"
    with pytest.raises(FormatError, match=r"enemies\[0\]\.facing.*not a neighbour"):
        level(CROSS, [sentry(facing="nn")], "w")


# --- "Arrive from that neighbour ... capture; arrive from any other neighbour and the enemy is neutralised."
@pytest.mark.parametrize("facing", SIDES)
@pytest.mark.parametrize("start", SIDES)
def test_front_neighbour_captures_every_other_neighbour_neutralises(facing: str, start: str) -> None:
    g = play(game(CROSS, [sentry(facing=facing)], start), "c")
    if start == facing:
        assert g.state.status == rules.CAUGHT
        assert capture(g) == {"type": "capture", "who": "leader", "how": "front", "by": ["g"], "node": "c"}
    else:
        assert g.state.status == rules.PLAY and g.state.tray == 1


# --- Sentry: "Arriving from the front is a capture; arriving from any other direction is not."
def test_sentry_front_is_a_capture_and_other_directions_are_not() -> None:
    assert play(game(CROSS, [sentry(facing="e")], "e"), "c").outcome().winners == frozenset()  # type: ignore[union-attr]
    for start in ("n", "s", "w"):
        assert play(game(CROSS, [sentry(facing="e")], start), "c").capture() is None


# --- Pivoting sentry: the current orientation counts, not the next; the ring shows the next one.
def _pivot_game(start: str) -> object:
    return game(CROSS, [{"id": "p", "kind": "pivot", "node": "c", "cycle": ["n", "e"]}], start)


def test_pivoting_sentry_current_orientation_decides_not_the_next() -> None:
    from_next = play(_pivot_game("e"), "c")  # it will face e at the end of the turn: too late
    assert from_next.state.tray == 1
    from_current = play(_pivot_game("n"), "c")  # it faces n now, even though it will turn to e
    assert from_current.capture()["how"] == "front"  # type: ignore[index]


def test_pivoting_sentry_next_orientation_is_shown_and_taken_at_the_end_of_the_turn() -> None:
    g = _pivot_game("ww")
    assert (enemy(g, "p")["facing"], enemy(g, "p")["next_facing"]) == ("n", "e")
    play(g, "w")
    assert (enemy(g, "p")["facing"], enemy(g, "p")["next_facing"]) == ("e", "n")


# --- Patrol: it faces the next node of its route; from that node is the front; behind or side is not.
def _patrol_game(start: str) -> object:
    return game(CROSS, [{"id": "r", "kind": "patrol", "route": ["c", "e", "ee"]}], start)


def test_patrol_faces_the_next_node_of_its_route() -> None:
    g = _patrol_game("ww")
    assert enemy(g, "r")["facing"] == "e"
    play(g, "w")
    assert (enemy(g, "r")["node"], enemy(g, "r")["facing"]) == ("e", "ee")


@pytest.mark.parametrize(("start", "caught"), [("e", True), ("w", False), ("n", False), ("s", False)])
def test_patrol_front_is_the_node_it_heads_to(start: str, caught: bool) -> None:
    g = play(_patrol_game(start), "c")
    assert (g.state.status == rules.CAUGHT) is caught
    assert g.state.tray == (0 if caught else 1)


# --- Tracker: neutralisable while it waits or returns; alert, walking onto it is a capture.
def _tracker_state(mode: str) -> tuple[object, rules.State]:
    lv = level(CROSS, [{"id": "t", "kind": "tracker", "node": "c", "facing": "n", "radius": 1}], "ww")
    facing = lv.index["n"]
    foe = Foe(lv.index["c"], facing, mode, home=lv.index["ee"] if mode == RETURNING else -1)
    return lv, rules.State(lv.index["w"], (), (foe,), 0, 0, 0, rules.PLAY)


@pytest.mark.parametrize("mode", [rules.DUTY, RETURNING])
def test_tracker_waiting_or_returning_is_neutralised_like_the_others(mode: str) -> None:
    lv, state = _tracker_state(mode)
    after = rules.step(lv, state, (GO, lv.index["c"]))  # type: ignore[arg-type]
    assert after.tray == 1 and after.foes[0].mode == OUT


@pytest.mark.parametrize("mode", [rules.DUTY, RETURNING])
def test_tracker_waiting_or_returning_arrived_at_from_its_front_captures(mode: str) -> None:
    lv, state = _tracker_state(mode)
    events: list[dict[str, object]] = []
    after = rules.step(lv, state._replace(leader=lv.index["n"]), (GO, lv.index["c"]), events)  # type: ignore[arg-type]
    assert after.status == rules.CAUGHT and after.tray == 0 and events[-1]["how"] == "front"


def test_a_returning_tracker_turns_alert_again() -> None:
    lv = level(CROSS, [{"id": "t", "kind": "tracker", "node": "c", "facing": "n", "radius": 2}], "ww")
    foe = Foe(lv.index["c"], lv.index["e"], RETURNING, home=lv.index["ee"])
    state = rules.State(lv.index["nn"], (), (foe,), 0, 0, 0, rules.PLAY)
    after = rules.step(lv, state, (GO, lv.index["n"]))  # type: ignore[arg-type]
    assert (after.foes[0].node, after.foes[0].mode) == (lv.index["e"], rules.ALERT)  # e-c-n: two steps


def test_alert_tracker_cannot_be_neutralised_from_any_direction() -> None:
    lv, state = _tracker_state(ALERT)
    events: list[dict[str, object]] = []
    after = rules.step(lv, state, (GO, lv.index["c"]), events)  # type: ignore[arg-type]
    assert after.status == rules.CAUGHT and after.tray == 0
    assert events[-1]["how"] == "alert"


def test_a_tracker_turns_alert_in_play_and_then_cannot_be_touched() -> None:
    edges = [["s0", "a"], ["a", "p"], ["p", "b"], ["b", "x"], ["a", "q"], ["q", "p"]]
    g = game(edges, [{"id": "t", "kind": "tracker", "node": "p", "facing": "b", "radius": 2}], "s0")
    play(g, "a")
    assert enemy(g, "t")["state"] == "alert" and enemy(g, "t")["neutralisable"] is False


# --- Diverted enemy: neutralisable from any direction; it already looks toward the sound.
def _diverted_game() -> object:
    edges = [["l0", "f"], ["f", "m"], ["m", "c"], ["c", "x"]]
    return game(edges, [sentry("c", "x")], "f", stones=1, noise_radius=3)


def test_diverted_enemy_faces_the_sound() -> None:
    g = play(_diverted_game(), "throw l0")
    assert enemy(g, "g")["state"] == "diverted"
    assert (enemy(g, "g")["node"], enemy(g, "g")["facing"]) == ("m", "f")  # one step, looking toward l0


def test_diverted_enemy_is_neutralised_even_from_the_node_it_faces() -> None:
    g = play(_diverted_game(), "throw l0", "m")  # arrive from f, the node it faces
    assert g.state.tray == 1 and g.capture() is None


def test_level_1_5_teaches_walking_into_the_face_of_a_diverted_sentry() -> None:
    g = play(StealthGame.new({"level": "1-5"}), "throw well")  # behind the leader: the sentry comes on
    assert (enemy(g, "sentry")["node"], enemy(g, "sentry")["facing"], g.state.status) == ("a", "start", "play")
    assert g.preview(g.parse_move("a"))["neutralises"] == ["sentry"]
    play(g, "a", "post", "b", "exit")
    assert g.stars() == ["finish", "par"]  # the watchman is still at his lodge
    front = play(StealthGame.new({"level": "1-5"}), "throw a", "a")  # in front: the watchman hears it too
    assert front.capture()["how"] == "contact" and front.capture()["by"] == ["watchman"]  # type: ignore[index]


# --- "A single enemy. If a node holds more than one active enemy, it is a capture."
def test_two_active_enemies_on_one_node_capture_from_any_direction() -> None:
    for start in SIDES:
        g = play(game(CROSS, [sentry(facing="n"), sentry(facing="n", id="h")], start), "c")
        assert g.capture()["how"] in ("crowd",) and g.state.tray == 0  # type: ignore[index]


# --- "No chain reaction. A neutralised enemy takes no part in the enemy phase, in vision, or in contact."
def test_neutralised_enemy_takes_no_part_in_enemy_phase_vision_or_contact() -> None:
    edges = [["w", "c"], ["c", "e"], ["e", "x"]]
    g = play(game(edges, [{"id": "r", "kind": "patrol", "route": ["c", "e"]}], "w"), "c")
    assert g.state.tray == 1
    before = g.state.foes
    play(g, "e")  # a patrol still on duty would have walked here (contact) or faced this node (vision)
    assert g.state.foes == before and g.state.status == rules.PLAY
    play(g, "x")
    assert g.state.status == rules.WON


# --- "Neutralising one does not alert the others."
def test_neutralising_one_alerts_nobody() -> None:
    edges = [["w", "c"], ["c", "e"], ["e", "f"], ["f", "t"], ["t", "x"]]
    enemies = [sentry("c", "e"), {"id": "t", "kind": "tracker", "node": "t", "facing": "x", "radius": 1},
               {"id": "s2", "kind": "sentry", "node": "f", "facing": "t"}]
    g = play(game(edges, enemies, "w"), "c")
    assert g.state.tray == 1
    assert [enemy(g, i)["state"] for i in ("t", "s2")] == ["duty", "duty"]


# --- Hideout: from a hide node onto an enemy the rule applies as usual; enemies never step onto hide nodes.
def test_from_a_hide_node_the_rule_applies_as_usual() -> None:
    assert play(game(CROSS, [sentry(facing="n")], "w", hide=("w",)), "c").state.tray == 1
    caught = play(game(CROSS, [sentry(facing="w")], "w", hide=("w",)), "c")
    assert caught.capture()["how"] == "front"  # type: ignore[index]


def test_enemies_never_step_onto_a_hide_node() -> None:
    with pytest.raises(FormatError, match=r"enemies\[0\]\.node.*hide"):
        level(CROSS, [sentry(node="n", facing="c")], "w", hide=("n",))
    with pytest.raises(FormatError, match=r"enemies\[0\]\.route\[1\].*hide"):
        level(CROSS, [{"id": "r", "kind": "patrol", "route": ["c", "n"]}], "w", hide=("n",))
    # a tracker chasing the leader stops at the hide node's edge and goes back to its post
    edges = [["s0", "a"], ["a", "h"], ["h", "p"], ["a", "p"], ["p", "x"]]
    g = game(edges, [{"id": "t", "kind": "tracker", "node": "p", "facing": "x", "radius": 1}], "s0", hide=("h",))
    play(g, "a", "h")
    assert enemy(g, "t")["node"] != "h" and enemy(g, "t")["state"] == "duty"


# --- "Stone. The stone neutralises nobody; it only lifts the direction restriction."
def test_the_stone_neutralises_nobody() -> None:
    g = play(game(CROSS, [sentry(facing="e")], "nn", stones=1), "throw c")  # lands on the enemy's own node
    assert g.state.tray == 0 and enemy(g, "g")["state"] == "duty"
    g = play(game(CROSS, [sentry(facing="e")], "nn", stones=1), "throw n")
    assert g.state.tray == 0 and enemy(g, "g")["state"] == "diverted"


# --- "Door and one-way edge. You cannot pass a closed door, nor go against a one-way edge."
def test_closed_door_and_wrong_way_are_illegal_and_change_nothing() -> None:
    edges = [{"a": "s0", "b": "d", "door": "red"}, {"a": "o", "b": "s0", "oneway": True}, ["s0", "k"], ["d", "x"]]
    g = game(edges, [], "s0", keys={"k": "red"})
    before = g.position_json()
    for text, reason in (("d", "door is closed"), ("o", "one-way edge")):
        with pytest.raises(IllegalMoveError, match=reason):
            g.push(g.parse_move(text))
        assert g.position_json() == before
    play(g, "k", "s0", "d")
    assert g.state.leader == g.level.index["d"]


# --- "Caravan members. Only the caravan leader can neutralise an enemy. A member stepping on one is captured."
def test_a_member_stepping_onto_an_enemys_node_is_captured() -> None:
    lv = level([["m2", "m1"], ["m1", "s0"], ["s0", "a"], ["a", "x"]], [sentry("a", "x")], "s0", caravan=["m1", "m2"])
    # contact captures first, so no play reaches this: a position built by hand, with an enemy standing on
    # the node that member 2 walks onto when member 1 leaves it
    index = lv.index
    foe = Foe(index["s0"], index["m1"], rules.DUTY)
    state = rules.State(index["a"], (index["s0"], index["m1"]), (foe,), 0, 0, 0, rules.PLAY)
    events: list[dict[str, object]] = []
    after = rules.step(lv, state, (GO, index["x"]), events)
    assert after.status == rules.CAUGHT and after.tray == 0
    assert events[-1] == {"type": "capture", "who": "member 2", "how": "member", "by": ["g"], "node": "s0"}


def test_only_the_leader_neutralises_members_just_follow() -> None:
    g = play(game(CROSS, [sentry(facing="n")], "w", caravan=["ww"]), "c")
    assert g.state.tray == 1
    assert g.view(None)["members"] == ["w"]


# --- "The only way to put a neutralised enemy back on the board is to undo." / "a wrong approach costs one click"
def test_only_undo_brings_a_neutralised_enemy_back() -> None:
    g = play(game(CROSS, [sentry(facing="n")], "w"), "c", "e", "c", "s")
    assert enemy(g, "g")["state"] == "out"
    g.undo_to(0)
    assert enemy(g, "g") == {**enemy(g, "g"), "state": "duty", "node": "c"}


def test_a_wrong_approach_costs_one_undo() -> None:
    g = play(game(CROSS, [sentry(facing="n")], "nn"), "n")  # seen: the sentry faces n
    assert g.outcome() is not None and g.legal_moves() == []
    g.pop()
    assert g.outcome() is None and g.state == rules.initial_state(g.level)


def test_diverted_enemy_is_distracted_but_still_captures_by_contact() -> None:
    edges = [["l0", "f"], ["f", "m"], ["m", "c"], ["c", "x"]]
    g = play(game(edges, [sentry("c", "x")], "f", stones=2, noise_radius=3), "throw l0")
    assert g.state.foes[0].mode == DIVERTED and g.outcome() is None  # it faces f, where the leader stands
    play(g, "throw l0")  # the leader stays on f; the enemy walks on toward the sound, onto f
    assert g.capture() == {"type": "capture", "who": "leader", "how": "contact", "by": ["g"], "node": "f"}


# --- R13: nobody sees through a closed door (issue 14) ----------------------------------------------------
def test_an_enemy_does_not_see_through_a_closed_door_and_sees_once_it_is_open() -> None:
    edges = [["s", "d"], ["d", "x"], {"a": "g", "b": "d", "door": "red"}, ["s", "k"]]
    keys = {"k": "red"}
    closed = play(game(edges, [sentry("g", "d")], "s", keys=keys), "d")  # g faces d across the closed door
    assert closed.state.status == "play" and closed.capture() is None
    assert enemy(closed, "g")["watching"] is False  # the view says so too
    opened = play(game(edges, [sentry("g", "d")], "s", keys=keys), "k", "s", "d")  # the key opens it for good
    assert opened.capture() == {"type": "capture", "who": "leader", "how": "seen", "by": ["g"], "node": "d"}


# --- R12: a diverted enemy standing on the sound node, facing home (issue 14) ------------------------------
def test_a_diverted_enemy_on_the_sound_node_facing_home_sees_nobody_and_is_neutralised_from_its_front() -> None:
    # p -> t is one-way: the sentry reaches the sound on t by it and faces home the other way, toward q
    edges = [{"a": "p", "b": "t", "oneway": True}, ["t", "q"], ["q", "p"], ["p", "r"], ["t", "x"]]
    g = play(game(edges, [sentry("p", "r")], "q", stones=1, stone_range=1, noise_radius=1), "throw t")
    assert (enemy(g, "g")["node"], enemy(g, "g")["facing"], enemy(g, "g")["state"]) == ("t", "q", DIVERTED)
    assert g.state.status == "play"  # it faces the leader on q, but it listens: it sees nobody
    play(g, "t")  # from q, the node it faces: its front, and yet neutralised
    assert g.state.tray == 1 and g.capture() is None
    strict = play(game(edges, [sentry("p", "r")], "q", stones=1, stone_range=1, noise_radius=1), "throw t")
    strict.level.diverted_any_side = False  # R23's diverted-front transformation: the front captures again
    play(strict, "t")
    assert strict.capture()["how"] == "front"  # type: ignore[index]
