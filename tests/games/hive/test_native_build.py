"""How the native core installs: a machine without a compiler gets one line naming it, never a traceback,
and a source tree whose core was never built says so in one line when asked for an AI move."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from meeple.games.hive import native

ROOT = Path(__file__).resolve().parents[3]


def test_a_build_without_a_compiler_stops_on_one_line_naming_it(tmp_path: Path) -> None:
    env = {**os.environ, "CC": "no-such-cc", "CXX": "no-such-c++"}
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path),
                           "--build-temp", str(tmp_path)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("meeple: the Hive native core needs a C++ compiler (no-such-c")
    assert "apt-get install g++" in last


def test_a_core_never_built_is_one_line_naming_the_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "meeple.games.hive._engine", None)  # as if the .so were not there
    with pytest.raises(native.NativeCoreMissing) as caught:
        native.engine()
    text = caught.value.text("en")
    assert "\n" not in text and "pip install -e ." in text and "C++ compiler" in text
    assert not native.available()
