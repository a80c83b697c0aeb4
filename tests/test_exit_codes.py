"""One exit-code convention for every command (docs/cli.md): 0 success, 1 the work failed or found a
problem, 2 a usage error (unknown option, bad value, out of range), 130 on Ctrl-C. Each error is one line."""

from __future__ import annotations

import socket

import pytest

from meeple.cli import main

USAGE_ERRORS = [
    ["ilyos", "play", "--islands", "5"],
    ["ilyos", "play", "--mode", "3v3"],
    ["ilyos", "tournament", "--games", "0"],
    ["ilyos", "tournament", "--levels", "easy,godly"],
    ["murder", "generate", "--size", "12", "--difficulty", "1", "--seed", "1"],
    ["murder", "generate", "--size", "6", "--difficulty", "9", "--seed", "1"],
    ["murder", "generate", "--size", "6", "--difficulty", "1", "--count", "0"],
    ["skirmish", "check", "gauntlet", "R1", "a,b"],
    ["skirmish", "reach", "gauntlet", "R1", "--to", "abc"],
    ["hive", "perft", "--game-type", "Bogus", "1"],
    ["stealth", "solve", "1-1", "--budget", "0"],
    ["serve", "--port", "99999"],
    ["serve", "--port", "-5"],
    ["stealth", "solve", "1-1", "--no-such-option"],
    ["no-such-game"],
]

WORK_FAILURES = [
    ["skirmish", "check", "gauntlet", "R1", "9,9"],  # a well-formed path the rules refuse
    ["stealth", "solve", "no-such-level"],  # neither a shipped level nor a file
]


@pytest.mark.parametrize("argv", USAGE_ERRORS, ids=" ".join)
def test_a_usage_error_exits_2_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("meeple: ")
    assert "meeple: Invalid value for --game-type: --game-type" not in err, "the option named once"


@pytest.mark.parametrize("argv", WORK_FAILURES, ids=" ".join)
def test_work_that_fails_exits_1_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", *argv]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("meeple: ")


def test_a_flag_shows_no_value_in_help(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    assert main(["--lang", "en", "stealth", "validate", "--help"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for flag in ("--doubling", "--help"):
        line = next(line for line in lines if flag in line)
        assert "<bool>" not in line, line
    assert main(["stealth", "validate", "--help"]) == 0
    assert "booléen" not in capsys.readouterr().out


def test_serve_on_a_port_in_use_says_so_before_printing_an_address(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["--lang", "en", "serve", "--port", str(port)]) == 1
    out, err = capsys.readouterr()
    assert "http://" not in out
    assert err.strip() == f"meeple: cannot listen on 127.0.0.1:{port}: address already in use " \
                          "(is another server listening on this port?)"
