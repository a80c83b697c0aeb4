"""The engine around the rules: undo to any turn, preview, the tray, the view, the SVG and text boards."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.core.errors import IllegalMoveError, MeepleError
from meeple.games.stealth import INFO
from meeple.games.stealth.engine import StealthGame
from meeple.games.stealth.render import render_svg, render_text
from meeple.games.stealth.rules import OUT
from meeple.games.stealth.shipped import shipped_level_ids
from tests.games.stealth.helpers import CROSS, game, play, sentry

SOLUTION_1_1 = ["a", "d", "e", "post", "c", "exit"]


def test_undo_back_to_any_earlier_turn() -> None:
    g = StealthGame.new({"level": "1-1"})
    positions = [g.position_json()]
    for move in SOLUTION_1_1:
        play(g, move)
        positions.append(g.position_json())
    for turn in (5, 3, 0):
        g.undo_to(turn)
        assert g.position_json() == positions[turn] and len(g.move_stack) == turn
    with pytest.raises(MeepleError, match="outside"):
        g.undo_to(1)
    with pytest.raises(MeepleError, match="nothing to undo"):
        g.pop()


def test_the_tray_is_part_of_the_state() -> None:
    g = play(StealthGame.new({"level": "1-1"}), *SOLUTION_1_1[:4])
    assert g.position_json()["tray"] == 1 and g.view(None)["tray"] == 1
    assert g.position_hash() != play(StealthGame.new({"level": "1-1"}), "a", "b").position_hash()


def test_preview_tells_neutralisation_capture_and_win_without_changing_the_game() -> None:
    g = play(StealthGame.new({"level": "1-1"}), "a", "d", "e")
    before = g.position_json()
    hand = g.preview(g.parse_move("post"))
    assert hand["neutralises"] == ["sentry"] and hand["capture"] is None and hand["tray"] == 1
    assert g.position_json() == before and len(g.move_stack) == 3
    g = play(StealthGame.new({"level": "1-1"}), "a")
    looming = g.preview(g.parse_move("b"))
    assert looming["capture"] == {"type": "capture", "who": "leader", "how": "seen", "by": ["sentry"], "node": "b"}
    g = play(StealthGame.new({"level": "1-1"}), *SOLUTION_1_1[:5])
    assert g.preview(g.parse_move("exit"))["win"] is True


def test_preview_of_an_illegal_move_is_refused() -> None:
    g = StealthGame.new({"level": "1-1"})
    with pytest.raises(IllegalMoveError):
        g.preview(g.parse_move("exit"))


def test_view_carries_what_a_browser_needs() -> None:
    g = play(StealthGame.new({"level": "1-10"}), "a")
    view = json.loads(json.dumps(g.view(0)))
    assert {"nodes", "edges", "leader", "members", "enemies", "tray", "stones", "stars", "legal_moves", "previews",
            "outcome", "turn", "to_move", "last_move", "level", "events"} <= set(view)
    assert all({"id", "x", "y", "hide", "exit", "key"} <= set(node) for node in view["nodes"])
    pivot = view["enemies"][0]
    assert {"facing", "next_facing", "state", "neutralisable"} <= set(pivot) and pivot["next_facing"] != pivot["facing"]
    assert view["members"] == ["start"] and view["last_move"] == {"to": "a"}
    assert len(view["previews"]) == len(view["legal_moves"])
    assert view["level"]["tutorial"] is False and view["level"]["par"] == 7


def test_svg_draws_front_tray_hand_and_warnings() -> None:
    g = play(StealthGame.new({"level": "1-1"}), "a", "d", "e")
    svg = render_svg(g, g.preview(g.parse_move("post")))
    assert svg.startswith("<svg") and 'class="front"' in svg and "✋" in svg and "Neutralised: 0" in svg
    g = play(StealthGame.new({"level": "1-1"}), "a")
    assert "Capture looms: sentry" in render_svg(g, g.preview(g.parse_move("b")))
    pivot = render_svg(StealthGame.new({"level": "1-3"}))
    assert 'class="next-facing"' in pivot


def test_svg_marks_an_alert_tracker_cannot_be_neutralised() -> None:
    g = StealthGame.new({"level": "1-9"})
    play(g, "a", "b")
    assert g.view(None)["enemies"][0]["state"] == "alert"
    assert 'class="cannot-neutralise"' in render_svg(g)


def test_text_board_names_every_node_and_enemy() -> None:
    text = render_text(StealthGame.new({"level": "1-2"}))
    for name in ("start", "g1", "g2", "exit", "west", "east"):
        assert re.search(rf"\b{name}\b", text)


def test_text_map_marks_the_leader_members_enemies_hideouts_and_exit() -> None:
    text = render_text(StealthGame.new({"level": "1-14"}))
    grid = text.splitlines()[1:5]
    assert "@a2" in grid[1] and "&a3" in grid[2] and "&b3" in grid[2]  # the convoy's two members
    assert "!b1" in grid[0] and "#c3" in grid[2] and ">" in "".join(grid)
    assert "(@ you   & member   ! enemy   # hide   > exit)" in text


def test_record_replays_a_won_level() -> None:
    g = play(StealthGame.new({"level": "1-1"}), *SOLUTION_1_1)
    again = StealthGame.from_record(json.loads(json.dumps(g.record())))
    assert again.position_json() == g.position_json() and again.stars() == ["finish", "par", "sweep"]


def test_moves_as_text_and_json() -> None:
    g = game(CROSS, [sentry(facing="n")], "w", stones=1)
    throw = g.parse_move("throw e")
    assert g.move_to_json(throw) == {"throw": "e"} and g.move_text(throw) == "throw e"
    assert g.parse_move('{"to": "c"}') == g.parse_move("c")
    with pytest.raises(IllegalMoveError, match="unknown node"):
        g.parse_move("nowhere")


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(level_id=st.sampled_from(shipped_level_ids()), choices=st.lists(st.integers(0, 99), max_size=30))
def test_random_play_keeps_the_invariants(level_id: str, choices: list[int]) -> None:
    """Tray only grows and counts the enemies out; nobody on hide nodes; preview is exactly the move."""
    g = StealthGame.new({"level": level_id})
    hide = g.level.hide
    for choice in choices:
        moves = g.legal_moves()
        if not moves:
            break
        move = moves[choice % len(moves)]
        preview = g.preview(move)
        tray = g.state.tray
        g.push(move)
        assert preview["after"] == g.view(None)
        assert g.state.tray >= tray
        assert g.state.tray == sum(foe.mode == OUT for foe in g.state.foes)
        assert not any(foe.node in hide for foe in g.state.foes)


def test_info_registers_every_shipped_level_for_the_kit() -> None:
    assert [o["level"] for o in INFO.conformance_options] == shipped_level_ids()


@pytest.mark.parametrize("level_id", ["1-11", "1-14"])
def test_position_json_tells_every_reachable_state_apart(level_id: str) -> None:
    from meeple.core.game import canonical_json
    from meeple.games.stealth.solver import reachable

    g = StealthGame.new({"level": level_id})
    states, _stats = reachable(g.level)
    texts = set()
    for state in states.values():
        g.history[-1] = state
        texts.add(canonical_json(g.position_json()))
    assert len(texts) == len(states)


def test_every_event_of_a_turn_reads_as_a_sentence_in_both_languages() -> None:
    from meeple.games.stealth.render import EVENT_TEXTS, event_text

    g = StealthGame.new({"level": "1-12"})
    seen: set[str] = set()
    moves = ["c3", "d3", "d2", "c2", "c3", "b3", "a3", "a2", "a1", "b1", "b2", "c2", "c3", "d3", "d2", "e2"]
    for move in moves:
        play(g, move)
        for event in g.reports[-1]:
            seen.add(event["type"])
            text = event_text(event)
            assert "{" not in text.fr and "{" not in text.en
    play(g, "e1")  # toward the alert tracker: it steps onto the leader
    assert g.capture() == {"type": "capture", "who": "leader", "how": "contact", "by": ["tracker"], "node": "e1"}
    seen.update(event["type"] for event in g.reports[-1])
    g5 = play(StealthGame.new({"level": "1-5"}), "throw well", "a", "post", "b", "exit")
    seen.update(event["type"] for report in g5.reports for event in report)
    assert {"move", "key", "alert", "neutralise", "throw", "divert", "exit", "capture"} <= seen
    capture = {"type": "capture", "who": "leader", "how": "front", "by": ["g"], "node": "c"}
    assert event_text(capture).en == "capture: leader (front) by g"
    assert event_text(capture).fr == "capture : chef (par l'avant) par g"
    assert event_text({**capture, "who": "member 2", "how": "member"}).fr == "capture : membre 2 (membre) par g"
    assert set(EVENT_TEXTS) >= seen
