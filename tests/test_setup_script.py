"""scripts/setup.sh is never silent for long: each step that may take minutes on a cold cache (Debian
packages, the venv, pip, the native build) says what it does before it starts, in French and English, with
the seconds spent so far. Run here with stand-ins for python3's venv, pip and apt-get that record their calls."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FAKE_PYTHON = """#!/bin/sh
# the venv's python: records the pip calls instead of making them
echo "python $*" >> "$CALLS"
"""
FAKE_PYTHON3 = """#!/bin/sh
# python3: a stand-in for `python3 -m venv`, the real one for anything else
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
    echo "venv $3" >> "$CALLS"
    mkdir -p "$3/bin" && cp "$FAKE_VENV_PYTHON" "$3/bin/python"
    exit 0
fi
exec "$REAL_PYTHON" "$@"
"""


def _executable(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


def test_each_long_step_is_announced_before_it_starts(tmp_path: Path) -> None:
    tree = tmp_path / "meeple"
    (tree / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "setup.sh", tree / "scripts" / "setup.sh")
    shims = tmp_path / "bin"
    shims.mkdir()
    calls = tmp_path / "calls.log"
    venv_python = _executable(tmp_path / "venv-python", FAKE_PYTHON)
    _executable(shims / "python3", FAKE_PYTHON3)
    env = {**os.environ, "PATH": f"{shims}{os.pathsep}{os.environ['PATH']}", "CALLS": str(calls),
           "FAKE_VENV_PYTHON": str(venv_python), "REAL_PYTHON": sys.executable}
    done = subprocess.run(["bash", "scripts/setup.sh"], cwd=tree, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.strip().splitlines()
    assert [line.split(" / ")[1].split("…")[0] for line in lines[:-1]] == [
        "creating .venv", "updating pip",
        "installing meeple[all] into .venv (and building the Hive native core; minutes the first time)"]
    assert all(line.startswith("setup: ") and line.rstrip().endswith(" s)") for line in lines[:-1])
    assert lines[-1].startswith("setup: prêt / ready (") and "meeple --help" in lines[-1]
    recorded = calls.read_text(encoding="utf-8").splitlines()
    assert recorded[0] == "venv .venv" and recorded[-1].startswith("python -m pip install") \
        and recorded[-1].endswith('-e .[all]'), recorded
