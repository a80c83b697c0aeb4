"""One exit-code convention for every command (docs/cli.md): 0 success, 1 the work failed or found a
problem, 2 a usage error (unknown option, bad value, out of range), 130 on Ctrl-C. Each error is one line.
(Every long job's Ctrl-C, with a real SIGINT under load: tests/test_interrupts.py.)"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

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


def test_a_bad_meeple_lang_is_named_as_the_variable_not_the_option(capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEEPLE_LANG", "de")
    assert main(["hive", "perft", "1"]) == 2
    assert capsys.readouterr().err == "meeple: valeur invalide pour MEEPLE_LANG : « de » : fr ou en\n"
    assert main(["--lang", "en", "hive", "perft", "1", "--json"]) == 0, "the option wins over the variable"
    capsys.readouterr()
    monkeypatch.setenv("MEEPLE_LANG", "en_GB.UTF-8")  # a locale, as LANG holds one
    assert main(["hive", "perft", "--game-type", "Bogus", "1"]) == 2
    assert capsys.readouterr().err.startswith("meeple: Invalid value for --game-type: Bogus")
    assert main(["--lang", "de", "hive", "perft", "1"]) == 2
    assert "Invalid value for --lang: 'de': fr or en" in capsys.readouterr().err


def test_serve_exits_130_on_ctrl_c(tmp_path: Path) -> None:
    """uvicorn shuts down gracefully on SIGINT; the command then exits 130, as every interrupted one."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "meeple", "serve", "--port", str(port), "--db",
                               str(tmp_path / "rooms.sqlite3")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, start_new_session=True)
    try:
        assert server.stdout is not None and f":{port}" in server.stdout.readline()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the address is printed just before uvicorn starts listening
            with socket.socket() as client:
                if client.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        os.killpg(server.pid, signal.SIGINT)
        assert server.wait(timeout=30) == 130
        assert "Traceback" not in server.communicate()[1]
    finally:
        if server.poll() is None:
            server.kill()
