"""Shell completion through Typer (docs/cli.md): ``meeple --show-completion`` / ``--install-completion``, and
the completion protocol offering sub-commands, level, scenario and setup names."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import meeple
from meeple.cli import main

SOURCE = str(Path(meeple.__file__).resolve().parents[1])


def complete(line: str) -> list[str]:
    """What bash would offer for the last word of ``line``, asked as bash's completion function asks."""
    words = line.split(" ")
    env = os.environ | {
        "_MEEPLE_COMPLETE": "complete_bash",
        "COMP_WORDS": line,
        "COMP_CWORD": str(len(words) - 1),
        "PYTHONPATH": os.pathsep.join(filter(None, [SOURCE, os.environ.get("PYTHONPATH")])),
    }
    done = subprocess.run([sys.executable, "-m", "meeple"], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and not done.stderr, done.stderr
    return done.stdout.split()


def test_a_shell_gets_level_names_from_the_completion_protocol() -> None:
    """The whole way, as bash runs it: a new process, the protocol's environment variables."""
    assert complete("meeple stealth solve 1-1") == ["1-1", "1-10", "1-11", "1-12", "1-13", "1-14"]


@pytest.mark.parametrize(("line", "expected"), [
    ("meeple ste", ["stealth"]),
    ("meeple stealth validate 2-1", ["2-1", "2-10", "2-11", "2-12", "2-13", "2-14", "2-15"]),
    ("meeple skirmish reach gau", ["gauntlet"]),
    ("meeple ilyos setups 12i", ["12i-1g", "12i-2g", "12i-3g", "12i-4g"]),
    ("meeple stealth show levels/", []),  # no level matches: bash falls back to file names (complete -o default)
], ids=lambda value: value if isinstance(value, str) else "")
def test_the_completion_protocol_offers_names(line: str, expected: list[str], monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """The same protocol in this process (quicker): the completion answers, then exits 0."""
    monkeypatch.setenv("_MEEPLE_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", line)
    monkeypatch.setenv("COMP_CWORD", str(len(line.split(" ")) - 1))
    with pytest.raises(SystemExit) as done:
        main([])
    assert done.value.code == 0
    assert capsys.readouterr().out.split() == expected


def test_show_completion_prints_the_bash_script() -> None:
    done = subprocess.run([sys.executable, "-m", "meeple", "--show-completion", "bash"], capture_output=True,
                          text=True, timeout=120, env=os.environ | {"PYTHONPATH": SOURCE})
    assert done.returncode == 0, done.stderr
    assert "_MEEPLE_COMPLETE=complete_bash" in done.stdout and "complete -o default -F" in done.stdout
