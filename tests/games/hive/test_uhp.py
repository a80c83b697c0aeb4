"""The UHP engine: exact answers, ``ok`` after each, ``invalidmove``/``err`` on bad input, then going on."""

from __future__ import annotations

import subprocess
import sys

import pytest

from meeple.games.hive.uhp import UhpEngine, run


def _session(*lines: str) -> list[str]:
    out: list[str] = []
    run(list(lines), out.append)
    return out


def test_info_is_printed_at_start_up() -> None:
    out = _session()
    assert out[0].startswith("id meeple-hive v")
    assert out[1] == "Mosquito;Ladybug;Pillbug"  # UHP's flags only: tools compare the whole line
    assert out[2] == "ok"


def test_newgame_with_a_game_string_echoes_its_move_strings() -> None:
    # The spec's own example: the engine keeps the viewer's MoveStrings (other references would do too).
    engine = UhpEngine()
    text = "Base;InProgress;White[3];wS1;bG1 -wS1;wA1 wS1/;bG2 /bG1"
    assert engine.handle(f"newgame {text}") == [text, "ok"]
    assert engine.handle("play wQ  wA1\\") == [f"{text};wQ wA1\\".replace("White[3]", "Black[3]"), "ok"]
    assert engine.handle("undo") == [text, "ok"]


def test_unreadable_moves_are_errors_refused_moves_are_invalid() -> None:
    engine = UhpEngine()
    engine.handle("newgame Base")
    assert engine.handle("play wZ1") == ["err Unable to parse 'wZ1': unknown piece wZ1 in Base", "ok"]
    assert engine.handle("play wQ") == ["invalidmove Unable to play 'wQ': the Queen may not be placed on the first turn", "ok"]
    engine.handle("play wS1")
    assert engine.handle("play bS1 -wA1") == ["err Unable to parse 'bS1 -wA1': wA1 is not on the board", "ok"]
    assert engine.handle("play bS2 wS1-") == ["invalidmove Unable to play 'bS2 wS1-': place bS1 first", "ok"]
    assert engine.handle("pass") == ["invalidmove Unable to play 'pass': a pass is allowed only when no other move exists", "ok"]
    assert engine.handle("play bS1 wS1-") == ["Base;InProgress;White[2];wS1;bS1 wS1-", "ok"]


def test_newgame_play_pass_undo_answer_game_strings() -> None:
    engine = UhpEngine()
    assert engine.handle("newgame") == ["Base;NotStarted;White[1]", "ok"]
    assert engine.handle("newgame Base+MLPC") == ["Base+MLPC;NotStarted;White[1]", "ok"]
    assert engine.handle("play wS1") == ["Base+MLPC;InProgress;Black[1];wS1", "ok"]
    assert engine.handle("play bC wS1-") == ["Base+MLPC;InProgress;White[2];wS1;bC wS1-", "ok"]
    assert engine.handle("undo") == ["Base+MLPC;InProgress;Black[1];wS1", "ok"]
    assert engine.handle("undo 1") == ["Base+MLPC;NotStarted;White[1]", "ok"]


def test_newgame_with_a_whole_game_string() -> None:
    engine = UhpEngine()
    text = "Base+C;InProgress;White[3];wC;bA1 wC-;wQ -wC;bQ bA1-"
    assert engine.handle(f"newgame {text}") == [text, "ok"]
    answer = engine.handle("validmoves")
    assert answer[1] == "ok"
    assert "wC bA1" in answer[0].split(";") and "wC wQ" in answer[0].split(";")
    assert engine.handle("play wC bA1")[0] == f"{text};wC bA1".replace("White[3]", "Black[3]")


def test_bad_game_string_is_an_error_and_keeps_the_game() -> None:
    engine = UhpEngine()
    engine.handle("newgame Base")
    engine.handle("play wS1")
    out = engine.handle("newgame Base;InProgress;White[9];wS1")
    assert out[0].startswith("err ") and out[1] == "ok"
    assert engine.handle("newgame Base;InProgress;White[2];wQ")[0].startswith("err ")
    assert engine.handle("validmoves")[0].count(";") == 4 * 6 - 1  # still Black[1] after wS1


def test_invalid_moves_and_commands_then_going_on() -> None:
    engine = UhpEngine()
    assert engine.handle("play wS1")[0].startswith("err ")  # no game yet
    engine.handle("newgame")
    assert engine.handle("play wQ")[0].startswith("invalidmove ")  # tournament opening
    assert engine.handle("play wS2")[0].startswith("invalidmove ")  # placement order
    assert engine.handle("pass")[0].startswith("invalidmove ")
    assert engine.handle("frobnicate")[0].startswith("err ")
    assert engine.handle("undo 3")[0].startswith("err ")
    assert engine.handle("bestmove soon")[0].startswith("err ")
    assert engine.handle("play wS1") == ["Base;InProgress;Black[1];wS1", "ok"]


def test_validmoves_at_the_start() -> None:
    engine = UhpEngine()
    engine.handle("newgame Base")
    assert engine.handle("validmoves") == ["wA1;wB1;wG1;wS1", "ok"]


def test_bestmove_depth_and_time_give_a_valid_move() -> None:
    engine = UhpEngine()
    engine.handle("newgame Base+MLPC;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    valid = set(engine.handle("validmoves")[0].split(";"))
    move, ok = engine.handle("bestmove depth 1")
    assert ok == "ok" and move in valid
    move, ok = engine.handle("bestmove time 00:00:01")  # how long it took is measured, not asserted
    assert ok == "ok" and move in valid


def test_options_list_get_set() -> None:
    engine = UhpEngine()
    assert engine.handle("options") == ["DefaultDepth;int;3;3;1;8", "ok"]
    assert engine.handle("options set DefaultDepth 2") == ["DefaultDepth;int;2;3;1;8", "ok"]
    assert engine.handle("options get DefaultDepth") == ["DefaultDepth;int;2;3;1;8", "ok"]
    assert engine.handle("options set DefaultDepth 99")[0].startswith("err ")
    assert engine.handle("options get Nope")[0].startswith("err ")


def test_game_over_is_reported_in_the_game_string() -> None:
    moves = "wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 -wQ;bA1 bQ-;wA2 -wA1;bA2 bQ\\;wA3 -wA2;bA3 /bQ;wG1 -wA3;bG1 bQ/;wG2 -wG1"
    engine = UhpEngine()
    engine.handle(f"newgame Base;InProgress;Black[7];{moves}")
    assert engine.handle("play bG2 \\bQ")[0].startswith("Base;WhiteWins;White[8];")
    assert engine.handle("validmoves")[0].startswith("err ")
    assert engine.handle("play wG3 -wG2") == ["err The game is over. Try 'newgame' to start a new game.", "ok"]
    assert engine.handle("bestmove depth 1")[0].startswith("err ")


def test_meeple_hive_uhp_on_stdin_and_stdout() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "meeple", "hive", "uhp"],
        input="newgame Base+C\nplay wC\nplay nonsense\nvalidmoves\nexit\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = done.stdout.splitlines()
    assert done.returncode == 0
    assert lines[3:7] == ["Base+C;NotStarted;White[1]", "ok", "Base+C;InProgress;Black[1];wC", "ok"]
    assert lines[7].startswith("err Unable to parse 'nonsense'") and lines[8] == "ok"
    assert len(lines[9].split(";")) == 5 * 6 and lines[10] == "ok"


def test_meeple_hive_perft_prints_each_depth() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "meeple", "hive", "perft", "--game-type", "Base+MLP", "3"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    counts = [line.split(":")[1].split()[0] for line in done.stdout.splitlines()]
    assert counts == ["7", "294", "6678"]


def test_meeple_hive_perft_bad_game_type_is_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "meeple", "hive", "perft", "--game-type", "Chess", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0 and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.timeout(900)
def test_meeple_hive_tournament_reports_a_summary() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "meeple", "--lang", "en", "hive", "tournament", "--opponent", "random", "--games", "2", "--depth", "1"],
        capture_output=True,
        text=True,
        timeout=800,
    )
    assert done.returncode == 0
    assert "AI vs random: 2 wins, 0 losses, 0 draws (100%)" in done.stdout
    assert "2/2" in done.stderr  # the progress bar


def test_piece_names_are_read_whatever_their_case() -> None:
    engine = UhpEngine()
    engine.handle("newgame Base")
    assert engine.handle("play WS1") == ["Base;InProgress;Black[1];wS1", "ok"]
    assert engine.handle("play bs1   WS1\\") == ["Base;InProgress;White[2];wS1;bS1 wS1\\", "ok"]
    assert engine.handle("validmoves")[0].split(";")[0] == "wA1 -wS1"
