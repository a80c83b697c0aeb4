"""UHP never dies: hundreds of random and malformed lines to one ``meeple hive uhp`` process, as bytes."""

from __future__ import annotations

import os
import subprocess
import sys

from meeple.core.rng import make_rng

SEEDS = [
    b"", b"   ", b"\t", b"\x00", b"\x1b[2J", b"\x7f\x08", b"\xff\xfe", b"\xc3\x28", b"\xed\xa0\x80", b"\x80abc",
    "undo ²".encode(), "bestmove depth ²".encode(), "undo ١".encode(), "options set DefaultDepth ³".encode(),
    b"undo 99999999999999999999999999", b"undo -1", b"undo 0", b"undo 1 2", b"bestmove depth 99999999",
    b"bestmove depth 0", b"bestmove depth -3", b"bestmove time 99:00:00", b"bestmove time 00:99:99",
    b"bestmove time 1:2", b"bestmove time 00:00:00", b"bestmove time x", b"bestmove nonsense 3",
    b"options set DefaultDepth 99999999999999999999", b"options set Nope 1", b"options get", b"options set",
    b"play", b"play wS1", b"play \xff", b"play " + b"w" * 5000, b"newgame", b"newgame Base+MLPC", b"newgame Base+X",
    b"newgame Base;InProgress;White[2];wS1", b"newgame Base;NotStarted;White[1];" + b"wS1;" * 200,
    b"validmoves extra", b"pass", b"info", b"INFO", b"PlAy wS1", "play wS1\u2028bS1".encode(),
    b"play wS1\rbS1", b"\x0b\x0c", b"undo", b"bestmove depth 1", b"bestmove time 00:00:00.05",
    "newgame Base+MLP;InProgress;White[١];wS1".encode(), b"x" * 70_000,
]
"""Lines that once broke the engine or might: unicode digits, invalid UTF-8, blank and control lines, huge numbers."""


OTHER_DIGITS = "²³¹١٢٣۴߅०১੨௩౪๕໖༧၈႙០᠑᥆᧐᪑᭒᮳᱀᱐꘠꣐꤀꧐꩐꯰０"
"""Characters ``str.isdigit`` accepts (and ``int`` reads, for most) that are not ASCII digits."""


def _random_line(rng: object, index: int) -> bytes:
    """A line drawn from the seeds, a command with random bytes after it, or random bytes alone (no newline)."""
    choice = rng.randrange(4)  # type: ignore[attr-defined]
    if choice == 0:
        return bytes(SEEDS[index % len(SEEDS)])
    noise = bytes(rng.randrange(256) for _ in range(rng.randrange(30)))  # type: ignore[attr-defined]
    noise = noise.replace(b"\n", b" ")
    if choice == 1:
        word = rng.choice([b"play", b"undo", b"bestmove depth", b"bestmove time", b"options set DefaultDepth",  # type: ignore[attr-defined]
                           b"newgame", b"validmoves", b"pass"])
        return word + b" " + noise
    if choice == 2:  # always one digit int() may read but UHP may not: no long search is ever asked for
        digits = rng.choice(OTHER_DIGITS) + "".join(rng.choice("0123456789" + OTHER_DIGITS)  # type: ignore[attr-defined]
                                                    for _ in range(rng.randrange(12)))  # type: ignore[attr-defined]
        return rng.choice([b"undo ", b"bestmove depth ", b"options set DefaultDepth "]) + digits.encode()  # type: ignore[attr-defined]
    return noise


def test_every_line_gets_an_answer_ending_in_ok_and_the_engine_lives_on() -> None:
    rng = make_rng(11)
    lines = [_random_line(rng, index) for index in range(600)]
    lines = [line for line in lines if line.strip().lower() not in (b"exit", b"quit")]
    assert len(lines) >= 500
    env = {**os.environ, "PYTHONIOENCODING": "ascii:strict", "LC_ALL": "C"}  # the strictest decoding there is
    done = subprocess.run([sys.executable, "-m", "meeple", "hive", "uhp"], input=b"\n".join(lines) + b"\nvalidmoves\n",
                          capture_output=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    assert done.stderr == b""
    answers = done.stdout.decode("utf-8").split("\n")
    assert answers[-1] == ""  # the output ends with a complete line
    # one "ok" for the start-up info, then exactly one per line sent (each answer closed by ok)
    assert answers.count("ok") == 1 + len(lines) + 1
    blocks = "\n".join(answers[:-1]).split("\nok")
    assert blocks[-1] == ""
    for block in blocks[1:-1]:
        body = [line for line in block.split("\n") if line]
        assert all(line.isprintable() for line in body), body  # no control character echoed back
    assert answers[-2] == "ok"  # the final validmoves was answered: the engine was alive to the end


def test_the_inputs_that_once_killed_the_engine_are_errors_and_the_caps_are_named() -> None:
    from meeple.games.hive.uhp import MAX_DEPTH, UhpEngine

    engine = UhpEngine()
    engine.handle("newgame Base")
    engine.handle("play wS1")
    answers = {line: engine.handle(line) for line in ("undo ²", "bestmove depth ²", "undo ١", "", "   ",
                                                      "options set DefaultDepth ³", "bestmove depth 99999999",
                                                      "bestmove time 99:00:00", "bestmove time 00:10:01", "\x1b[2J")}
    for line, answer in answers.items():
        assert answer[-1] == "ok" and len(answer) == 2 and answer[0].startswith("err "), (line, answer)
    assert "digits 0-9" in answers["undo ²"][0]
    assert f"depth goes to {MAX_DEPTH} at most" in answers["bestmove depth 99999999"][0]
    assert "10:00 minutes at most" in answers["bestmove time 99:00:00"][0]
    assert "?[2j" in answers["\x1b[2J"][0]  # the escape character is not echoed to the terminal
    assert engine.handle("undo 1") == ["Base;NotStarted;White[1]", "ok"]  # the game was kept throughout
    assert engine.handle(f"bestmove depth {MAX_DEPTH + 1}")[0].startswith("err ")
