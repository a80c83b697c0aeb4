"""Without its optional extra, an adapter says in one line which pip command installs it."""

from __future__ import annotations

import subprocess
import sys

import pytest

MISSING = """
import sys
sys.modules[{library!r}] = None  # as if the library were not installed
try:
    import {module}
except Exception as error:
    print(type(error).__name__, "|", error.text("en"))
"""


@pytest.mark.parametrize(("module", "library", "extra"), [
    ("meeple.interop.openspiel", "pyspiel", "openspiel"),
    ("meeple.interop.pettingzoo", "pettingzoo", "rl"),
    ("meeple.interop.gymnasium", "gymnasium", "rl"),
    ("meeple.interop.openspiel", "numpy", "openspiel"),  # numpy is checked first: never a bare import error
    ("meeple.interop.pettingzoo", "numpy", "rl"),
    ("meeple.interop.gymnasium", "numpy", "rl"),
    ("meeple.interop.spaces", "numpy", "rl"),
])
def test_a_missing_library_names_the_extra_to_install(module: str, library: str, extra: str) -> None:
    done = subprocess.run([sys.executable, "-c", MISSING.format(module=module, library=library)],
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == (f"MissingPartError | {module} needs {library}, which is not installed: "
                                   f"pip install 'meeple[{extra}]'"), done.stderr[-1000:]
