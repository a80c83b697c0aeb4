"""The numbered rules of docs/rules/stealth.md that the seed leaves open (R2–R18)."""

from __future__ import annotations

import pytest

from meeple.core.errors import IllegalMoveError
from meeple.games.stealth import rules
from tests.games.stealth.helpers import CROSS, capture, enemy, game, play, sentry

LINE = [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "x"]]


def _moves(g: object) -> set[str]:
    return {g.move_text(m) for m in g.legal_moves()}  # type: ignore[attr-defined]


def test_r2_a_turn_is_one_edge_or_one_throw_no_waiting() -> None:
    g = game(LINE, [], "c", stones=1, stone_range=1)
    assert _moves(g) == {"b", "d", "throw b", "throw d"}
    with pytest.raises(IllegalMoveError, match="no edge"):
        g.push(g.parse_move("e"))


def test_r3_stone_range_count_no_hide_no_own_node() -> None:
    g = game(LINE, [], "c", stones=1, hide=("e",))
    assert {m for m in _moves(g) if m.startswith("throw")} == {"throw a", "throw b", "throw d"}
    play(g, "throw a")
    assert g.state.stones == 0 and not any(m.startswith("throw") for m in _moves(g))
    with pytest.raises(IllegalMoveError, match="no noise stone left"):
        g.push(g.parse_move("throw b"))


def test_r4_noise_diverts_enemies_within_noise_radius_only() -> None:
    edges = [["s0", "a"], ["a", "b"], ["b", "c"], ["c", "d"], ["d", "x"]]
    enemies = [sentry("b", "c", "near"), sentry("d", "x", "far")]
    g = play(game(edges, enemies, "s0", stones=1, noise_radius=1), "throw a")
    assert [enemy(g, i)["state"] for i in ("near", "far")] == ["diverted", "duty"]


def test_r5_members_follow_the_trail_and_block_the_leader() -> None:
    edges = [["m2", "m1"], ["m1", "s0"], ["s0", "a"], ["a", "b"], ["b", "x"], ["s0", "t"]]
    g = game(edges, [], "s0", caravan=["m1", "m2"], stones=1)
    assert "m1" not in _moves(g)
    with pytest.raises(IllegalMoveError, match="caravan member"):
        g.push(g.parse_move("m1"))
    play(g, "a")
    assert g.view(None)["members"] == ["s0", "m1"]
    play(g, "throw x")
    assert g.view(None)["members"] == ["s0", "m1"]
    play(g, "b")
    assert g.view(None)["members"] == ["a", "s0"]


def test_r6_reaching_the_exit_wins_before_the_enemy_phase() -> None:
    # the patrol would walk onto the exit this turn: the leader is out first
    edges = [["s0", "x"], ["x", "p"]]
    g = play(game(edges, [{"id": "r", "kind": "patrol", "route": ["p", "x"]}], "s0"), "x")
    assert g.state.status == rules.WON and g.stars() == ["finish"]


def test_r6_r13_vision_is_checked_after_the_enemy_phase() -> None:
    # the pivot faces b now but turns away at the end of the turn: walking onto b is safe
    edges = [["a", "b"], ["b", "p"], ["p", "c"], ["c", "x"]]
    g = play(game(edges, [{"id": "p", "kind": "pivot", "node": "p", "cycle": ["c", "b"]}], "a"), "b")
    assert g.state.status == rules.CAUGHT  # it turned to b: seen
    g = play(game(edges, [{"id": "p", "kind": "pivot", "node": "p", "cycle": ["b", "c"]}], "a"), "b")
    assert g.state.status == rules.PLAY  # it faced b, then turned to c


def test_r8_a_sentry_never_moves_nor_turns() -> None:
    g = play(game(CROSS, [sentry(facing="n")], "ww"), "w", "ww", "w")
    assert (enemy(g, "g")["node"], enemy(g, "g")["facing"]) == ("c", "n")


def test_r9_pivot_cycles_through_its_orientations() -> None:
    g = game(CROSS, [{"id": "p", "kind": "pivot", "node": "c", "cycle": ["n", "e", "s"]}], "ww")
    seen = []
    for _ in range(4):
        play(g, "w" if g.view(None)["leader"] == "ww" else "ww")
        seen.append(enemy(g, "p")["facing"])
    assert seen == ["e", "s", "n", "e"]


def test_r10_patrol_back_and_forth_turns_around_at_the_end() -> None:
    g = game(CROSS, [{"id": "r", "kind": "patrol", "route": ["c", "e", "ee"]}], "ww")
    trail = []
    for _ in range(4):
        play(g, "w" if g.view(None)["leader"] == "ww" else "ww")
        trail.append((enemy(g, "r")["node"], enemy(g, "r")["facing"]))
    assert trail == [("e", "ee"), ("ee", "e"), ("e", "c"), ("c", "e")]


def test_r10_loop_patrol_goes_round() -> None:
    edges = [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"], ["s0", "t"], ["t", "x"]]
    g = game(edges, [{"id": "r", "kind": "patrol", "route": ["a", "b", "c", "d"], "loop": True}], "s0")
    nodes = []
    for _ in range(4):
        play(g, "t" if g.view(None)["leader"] == "s0" else "s0")
        nodes.append(enemy(g, "r")["node"])
    assert nodes == ["b", "c", "d", "a"]


TRACK = [["s0", "s1"], ["s1", "a"], ["a", "p"], ["p", "q"], ["q", "x"], ["s0", "u"], ["u", "h"]]


def _tracker_game() -> object:
    return game(TRACK, [{"id": "t", "kind": "tracker", "node": "p", "facing": "q", "radius": 2}], "s0",
                hide=("h",), stones=1)


def test_r11_tracker_alerts_within_radius_chases_and_gives_up_on_a_hide_node() -> None:
    g = _tracker_game()
    play(g, "s1")  # two steps from its post: alert
    assert enemy(g, "t")["state"] == "alert" and enemy(g, "t")["facing"] == "a"
    play(g, "s0")  # it chases one step
    assert (enemy(g, "t")["node"], enemy(g, "t")["facing"]) == ("a", "s1")
    play(g, "u")
    assert (enemy(g, "t")["node"], enemy(g, "t")["facing"]) == ("s1", "s0")
    play(g, "h")  # the leader hides: it gives up and walks back toward its post
    assert (enemy(g, "t")["state"], enemy(g, "t")["node"], enemy(g, "t")["facing"]) == ("returning", "a", "p")
    play(g, "u")  # back at its post, four steps from the leader: waiting again
    assert (enemy(g, "t")["state"], enemy(g, "t")["node"]) == ("duty", "p")


def test_r11_a_chasing_tracker_captures_a_cornered_leader() -> None:
    g = play(_tracker_game(), "s1", "s0", "u")
    assert enemy(g, "t")["node"] == "s1"
    play(g, "s0")
    assert g.capture() is not None


def test_r11_alert_trackers_ignore_stones() -> None:
    g = play(_tracker_game(), "s1", "throw a")  # the sound lands one step from the alert tracker
    assert not any(event["type"] == "divert" for event in g.reports[-1])
    assert enemy(g, "t")["state"] == "alert" and capture(g) is not None  # it went on chasing: seen


def test_r12_diverted_enemy_returns_to_duty_where_it_left() -> None:
    edges = [["s0", "a"], ["a", "b"], ["b", "c"], ["c", "d"], ["d", "x"], ["s0", "z"]]
    enemies = [{"id": "r", "kind": "patrol", "route": ["b", "c", "d"]}]
    g = play(game(edges, enemies, "z", stones=1, stone_range=3), "throw a")
    assert (enemy(g, "r")["state"], enemy(g, "r")["node"], enemy(g, "r")["home"]) == ("diverted", "a", "b")
    play(g, "s0")  # it reached the sound: now it walks home and takes up its route again
    assert (enemy(g, "r")["state"], enemy(g, "r")["node"], enemy(g, "r")["facing"]) == ("duty", "b", "c")


def test_r12_pivot_resumes_its_cycle_after_a_diversion() -> None:
    edges = [["s0", "a"], ["a", "p"], ["p", "b"], ["b", "x"], ["p", "c"], ["s0", "z"]]
    g = play(game(edges, [{"id": "p", "kind": "pivot", "node": "p", "cycle": ["b", "c"]}], "z", stones=1, stone_range=3),
             "throw a")
    play(g, "s0", "z", "s0")
    assert (enemy(g, "p")["state"], enemy(g, "p")["node"]) == ("duty", "p")


def test_r14_enemies_respect_one_way_edges_and_closed_doors() -> None:
    edges = [["s0", "a"], {"a": "b", "b": "a", "oneway": True}, {"a": "a", "b": "c", "door": "red"}, ["c", "x"],
             ["s0", "k"], ["b", "x"]]
    enemies = [sentry("b", "x", "one"), sentry("c", "x", "door")]
    g = play(game(edges, enemies, "s0", keys={"k": "red"}, stones=2, noise_radius=1), "throw a")
    # b→a is allowed for enemies; c→a crosses a closed door
    assert [enemy(g, i)["state"] for i in ("one", "door")] == ["diverted", "duty"]


def test_r15_the_key_opens_its_door_for_good() -> None:
    edges = [["s0", "k"], {"a": "s0", "b": "d", "door": "red"}, ["d", "x"]]
    g = game(edges, [], "s0", keys={"k": "red"})
    assert "d" not in _moves(g)
    play(g, "k", "s0")
    assert g.view(None)["keys"] == ["red"] and "d" in _moves(g)
    door = next(e for e in g.view(None)["edges"] if e["door"])
    assert door["open"] is True


def test_r17_stuck_is_a_loss() -> None:
    edges = [{"a": "s0", "b": "t", "oneway": True}, ["s0", "x"]]
    g = play(game(edges, [], "s0"), "t")
    outcome = g.outcome()
    assert outcome is not None and not outcome.winners and g.to_move() is None
    assert "stuck" in outcome.reason.en


def test_r18_stars_finish_par_ghost_sweep() -> None:
    g = game(CROSS, [sentry(facing="n")], "w", par=4, stars=["finish", "par", "ghost", "sweep"])
    play(g, "c", "e", "ee", "x")
    assert g.stars() == ["finish", "par", "sweep"]
    g = game(CROSS, [sentry(facing="n")], "s", par=3, stars=["finish", "par", "ghost", "sweep"])
    play(g, "c", "e", "ee", "x")  # 4 moves: over par
    assert g.stars() == ["finish", "sweep"]
    assert g.outcome().details["stars"] == ["finish", "sweep"]  # type: ignore[union-attr]
