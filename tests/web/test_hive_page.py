"""Hive as Hive players play it: drag and drop (mouse and finger) from the reserve and on the board, the hive
centred, wheel and pinch zoom, « Centrer » and rotation, the moves in UHP notation in the history with the
arrow keys through the replay, the game exported and imported as a UHP GameString, and the analysis board
(the engine's best move, evaluation and line)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.browser import Watch, version, wait_version, wait_version_at_least

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
OPENING = [("wG1", "0,0"), ("bG1", "1,0"), ("wQ", "-1,0"), ("bQ", "2,0")]


def _local_game(page: Any, expansions: bool = False) -> None:
    page.click("[data-game=hive]")
    page.wait_for_selector("input[name=expansion]")
    if not expansions:
        for box in page.query_selector_all("input[name=expansion]"):
            box.uncheck()
    page.check("input[name=mode][value=local]")
    page.click("#start")
    wait_version(page, 0)


def _play(page: Any, moves: list[tuple[str, str]]) -> None:
    for piece, cell in moves:
        before = version(page)
        page.click(f"[data-piece={piece}]")
        page.click(f"[data-to='{cell}']")
        wait_version(page, before + 1)


def _centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _mouse_drag(page: Any, source: str, target: str) -> None:
    x, y = _centre(page, source)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y + 12, steps=3)  # past the threshold: the piece is lifted, its targets appear
    page.wait_for_selector(target)
    tx, ty = _centre(page, target)
    page.mouse.move(tx, ty, steps=8)
    page.mouse.up()


class Fingers:
    """Touch events as a phone's screen sends them (Chrome DevTools Protocol): real pointer events follow."""

    def __init__(self, page: Any) -> None:
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind: str, points: list[tuple[float, float]]) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x, "y": y, "id": index} for index, (x, y) in enumerate(points)]})

    def drag(self, page: Any, source: str, target: str) -> None:
        x, y = _centre(page, source)
        self.send("touchStart", [(x, y)])
        for step in range(1, 4):
            self.send("touchMove", [(x + 5 * step, y - 5 * step)])
        page.wait_for_selector(target)
        tx, ty = _centre(page, target)
        for step in range(1, 9):
            self.send("touchMove", [(x + (tx - x) * step / 8, y + (ty - y) * step / 8)])
        self.send("touchEnd", [])


def test_a_reserve_piece_and_a_board_piece_are_dragged_with_the_mouse(page: Any) -> None:
    _local_game(page)
    _mouse_drag(page, "#reserve-w [data-piece=wG1]", ".hive-board .target")
    wait_version(page, 1)
    assert page.locator(".stack[data-piece=wG1]").count() == 1
    _play(page, OPENING[1:])
    # a piece on the board: the white Queen slides along the hive
    _mouse_drag(page, ".stack.movable[data-piece=wQ]", ".hive-board .target")
    wait_version(page, 5)
    assert page.locator(".stack[data-piece=wQ]").get_attribute("data-cell") != "-1,0"
    # dropped off the targets: nothing is played, the piece goes back
    x, y = _centre(page, "#reserve-b [data-piece=bA1]")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 40, y + 5, steps=5)
    page.mouse.up()
    page.wait_for_timeout(300)
    assert version(page) == 5 and page.locator(".hive-board .target").count() == 0


def test_a_piece_is_dragged_with_a_finger_on_a_phone(new_page: Any) -> None:
    page = new_page(**PHONE)
    _local_game(page)
    page.tap("#reserve-w [data-piece=wS1]")  # a tap chooses, a tap on a cell plays (click-click stays)
    page.tap(".hive-board .target >> nth=0")
    wait_version(page, 1)
    fingers = Fingers(page)
    fingers.drag(page, "#reserve-b [data-piece=bS1]", ".hive-board .target")
    wait_version(page, 2)
    assert page.locator(".stack[data-piece=bS1]").count() == 1


def test_the_hive_is_centred_zooms_with_the_wheel_and_a_pinch_and_rotates(new_page: Any) -> None:
    page = new_page(**PHONE)
    _local_game(page)
    _play(page, OPENING[:1])
    view = page.locator(".play-board .board-view").bounding_box()
    x, y = _centre(page, ".stack[data-piece=wG1]")
    assert view and abs(x - (view["x"] + view["width"] / 2)) < 30 and abs(y - (view["y"] + view["height"] / 2)) < 30
    scale = float(page.get_attribute(".board-view", "data-scale") or 0)
    fingers = Fingers(page)
    cx, cy = view["x"] + view["width"] / 2, view["y"] + view["height"] / 2
    fingers.send("touchStart", [(cx - 30, cy), (cx + 30, cy)])
    for step in range(1, 7):
        fingers.send("touchMove", [(cx - 30 - 10 * step, cy), (cx + 30 + 10 * step, cy)])
    fingers.send("touchEnd", [])
    pinched = float(page.get_attribute(".board-view", "data-scale") or 0)
    assert pinched > scale * 1.5, (scale, pinched)
    page.tap(".board-tool[data-tool=centre]")
    assert float(page.get_attribute(".board-view", "data-scale") or 0) == pytest.approx(scale, rel=0.01)
    _play(page, OPENING[1:2])
    before = [_centre(page, f".stack[data-piece={piece}]") for piece in ("wG1", "bG1")]
    page.tap("#hive-rotate")
    after = [_centre(page, f".stack[data-piece={piece}]") for piece in ("wG1", "bG1")]
    assert abs(before[1][1] - before[0][1]) < 2 < abs(after[1][1] - after[0][1])  # side by side, then at an angle


def test_the_wheel_zooms_the_board_on_a_desktop(page: Any) -> None:
    _local_game(page)
    _play(page, OPENING)
    scale = float(page.get_attribute(".board-view", "data-scale") or 0)
    page.mouse.move(*_centre(page, ".stack[data-piece=wQ]"))
    page.mouse.wheel(0, -400)
    page.wait_for_function(f"() => Number(document.querySelector('.board-view').dataset.scale) > {scale * 1.3}")
    page.mouse.wheel(0, 800)
    page.wait_for_function(f"() => Number(document.querySelector('.board-view').dataset.scale) < {scale}")


def test_the_history_shows_uhp_notation_and_the_arrow_keys_step_the_replay(page: Any) -> None:
    _local_game(page)
    _play(page, OPENING)
    page.wait_for_selector("#history-list li:nth-child(4)")
    notation = page.locator("#history-list code.notation").all_inner_texts()
    assert notation == ["wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-"], notation
    assert "Sauterelle blanche 1" in page.inner_text("#history-list li:nth-child(1)")  # beside the sentence
    page.click("#notation-toggle")
    expect(page.locator("#history-list code.notation")).to_have_count(0)
    page.click("#notation-toggle")
    expect(page.locator("#history-list code.notation")).to_have_count(4)
    page.locator("body").click(position={"x": 5, "y": 300})  # the keys belong to the page, not a field
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-where")).to_have_text("Coup 3 / 4")
    assert page.locator(".stack[data-piece=bQ]").count() == 0  # the board shows the position after move 3
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-where")).to_have_text("Coup 2 / 4")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-where")).to_have_text("Coup 3 / 4")
    page.keyboard.press("End")
    expect(page.locator("#replay-where")).to_have_text("4 coups")
    page.keyboard.press("Home")
    expect(page.locator("#replay-where")).to_have_text("Coup 0 / 4")


def test_a_game_is_exported_and_imported_to_replay_or_to_continue_against_the_computer(page: Any) -> None:
    _local_game(page)
    _play(page, OPENING)
    page.click("#hive-export summary")
    text = page.input_value("#hive-export-text")
    assert text == "Base;InProgress;White[3];wG1;bG1 wG1-;wQ -wG1;bQ bG1-"
    page.goto(page.url.split("#")[0] + "#/new/hive")
    page.click("#hive-import summary")
    page.fill("#hive-import-text", text)
    page.click("#hive-import-review")
    wait_version(page, 0)
    assert page.locator("#history-list li").count() == 4 and page.locator(".stack").count() == 4
    assert page.locator("#players .player.mine").count() == 2  # replay and analyse: both sides here
    page.click("#replay-start")
    expect(page.locator("#replay-where")).to_have_text("Coup 0 / 4")
    page.goto(page.url.split("#")[0] + "#/new/hive")
    page.check("input[name=mode][value=ai]")
    page.select_option("#ai-level", "greedy")
    page.click("#hive-import summary")
    page.fill("#hive-import-text", text[:-len(";bQ bG1-")].replace("White[3]", "Black[2]"))  # black to move
    page.click("#hive-import-continue")
    wait_version(page, 0)
    expect(page.locator("#history-list li")).to_have_count(3)
    assert page.locator("#players .player.mine").count() == 1  # the player takes the side to move: black
    assert "Ordinateur" in page.inner_text("#players .player.seat-0")
    page.click("#reserve-b [data-piece=bQ]")
    page.click("[data-to='2,0']")
    wait_version_at_least(page, 2)  # the computer answered as white
    expect(page.locator("#history-list li")).to_have_count(5)


def test_a_bad_game_string_is_refused_naming_the_move(page: Any, watch: Watch) -> None:
    watch.allow("status of 400")  # the browser logs the server's refusal
    page.click("[data-game=hive]")
    page.click("#hive-import summary")
    page.fill("#hive-import-text", "Base;InProgress;White[2];wS1;bS1 wS1-;wQ wS1")
    page.click("#hive-import-review")
    expect(page.locator("#hive-import-problem")).to_contain_text("coup 3")
    assert page.url.endswith("#/new/hive")  # no room was made


def test_the_analysis_board_asks_the_engine_and_steps_through_its_line(page: Any) -> None:
    page.click("[data-game=hive]")
    page.wait_for_selector("input[name=expansion]")
    for box in page.query_selector_all("input[name=expansion]"):
        box.uncheck()
    page.click("#hive-analysis-board")
    wait_version(page, 0)
    _play(page, OPENING)
    page.select_option("#hive-analysis-time", "0.5")
    page.click("#hive-analyse")
    page.wait_for_selector("#hive-best")
    best = page.inner_text("#hive-best")
    assert best.startswith("w")  # white to move
    assert "pour les blancs" in page.inner_text("#hive-evaluation") or "gagnent" in page.inner_text("#hive-evaluation")
    steps = page.locator("#hive-pv .pv-move").count()
    assert steps >= 1
    before = page.locator(".stack").count()
    page.click("#pv-forward")
    expect(page.locator("#pv-notice")).to_contain_text("coup 1")
    assert page.locator(".hive-board .stack").count() >= before  # the board shows the line's position
    assert page.locator("#reserve-w button[data-piece]").count() == 0  # read-only meanwhile
    page.click("#pv-now")
    expect(page.locator("#pv-notice")).to_have_count(0)
    page.click("#pv-play")
    wait_version(page, 5)
    expect(page.locator("#history-list code.notation").last).to_have_text(best)
    expect(page.locator("#hive-best")).to_have_count(0)  # the answer was for the position before
