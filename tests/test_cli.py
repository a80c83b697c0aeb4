"""The command line: help lists every game, errors are one line and a non-zero exit."""

from __future__ import annotations

import subprocess
import sys

from meeple.cli import main


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "meeple", *args], capture_output=True, text=True, timeout=120)


def test_help_lists_game_commands() -> None:
    done = _run("--help")
    assert done.returncode == 0
    from meeple.games import game_cli_modules

    for name in game_cli_modules():
        assert name in done.stdout


def test_unknown_command_is_one_line_and_non_zero() -> None:
    done = _run("no-such-game")
    assert done.returncode != 0
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_main_returns_zero_for_version() -> None:
    assert main(["--version"]) == 0


def test_a_command_exit_code_reaches_the_shell() -> None:
    import typer

    from meeple import cli

    probe = typer.Typer()

    @probe.command()
    def fail() -> None:
        raise typer.Exit(3)

    @probe.command()
    def succeed() -> None:
        pass

    cli.app.add_typer(probe, name="exit-probe")
    try:
        assert main(["exit-probe", "fail"]) == 3
        assert main(["exit-probe", "succeed"]) == 0
    finally:
        cli.app.registered_groups.pop()


def test_usage_errors_speak_french_by_default_and_english_on_request() -> None:
    french = _run("no-such-game")
    assert "commande inconnue « no-such-game »" in french.stderr
    english = _run("--lang", "en", "no-such-game")
    assert "No such command 'no-such-game'" in english.stderr
