"""A fast start: ``meeple --help`` imports no game and not the server; a command imports its own game only.
(The CPU it costs is measured in benchmarks/cli_startup.py, not here.)"""

from __future__ import annotations

import subprocess
import sys

import pytest

from meeple.games import plugins

PROBE = """
import sys
from meeple.cli import main
code = main(sys.argv[1:])
print(" ".join(sorted(sys.modules)))
sys.exit(code)
"""


def _modules_after(*argv: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.splitlines()[-1].split())


def _games_in(modules: set[str]) -> set[str]:
    return {name for name, game in plugins().items()
            if any(module == game.module or module.startswith(game.module + ".") for module in modules)}


@pytest.mark.parametrize("argv", [["--help"], [], ["--lang", "en", "--help"], ["--version"]], ids=" ".join)
def test_the_root_help_imports_no_game_and_not_the_server(argv: list[str]) -> None:
    modules = _modules_after(*argv)
    assert _games_in(modules) == set()
    assert not [module for module in modules if module.startswith("meeple.server")]
    assert "typer.rich_utils" not in modules, "Typer's Rich help costs more than the whole start-up budget"


def test_a_game_command_imports_that_game_only() -> None:
    assert _games_in(_modules_after("stealth", "solve", "1-1", "--json")) == {"stealth"}
    modules = _modules_after("hive", "--help")
    assert _games_in(modules) == {"hive"} and not [m for m in modules if m.startswith("meeple.server")]


def test_serve_help_imports_the_server_but_no_game() -> None:
    modules = _modules_after("serve", "--help")
    assert "meeple.server.cli" in modules and _games_in(modules) == set()
