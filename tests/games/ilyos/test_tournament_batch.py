"""`meeple ilyos tournament` as a batch: the same games on one process, two processes and Ray, a journal that
a resumed run continues, and Ctrl-C that prints the table of the games finished."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import meeple.games.ilyos.cli as ilyos_cli
from meeple.cli import main
from meeple.core.batch import Backend, run_batch
from meeple.games.ilyos.tournament import tournament_game

# Easy against Medium, two games, no wall clock: the AI stops at its node limits, so every run plays the same games
ARGS = ["--lang", "en", "ilyos", "tournament", "--levels", "easy,medium", "--games", "2", "--no-clock", "--seed", "5"]
TASKS = [(f"easy-medium-{i}", ("easy", "medium", i, {"mode": "duel", "islands": 6, "guardians": 1}, 5, False))
         for i in range(2)]


def _outcomes(backend: Backend) -> dict[str, Any]:
    """Each game's outcome (its slowest turn is a time: it differs from run to run)."""
    return {key: result["outcome"] for key, result in run_batch(tournament_game, TASKS, backend)}  # type: ignore[index]


def _row(out: str) -> list[str]:
    """The counts of the table's easy-medium row: A wins, B wins, draws."""
    match = re.search(r"easy\s*│\s*medium\s*│\s*(\d+)\s*│\s*(\d+)\s*│\s*(\d+)", out)
    assert match, out
    return list(match.groups())


@pytest.mark.slow
def test_one_process_two_processes_and_ray_play_the_same_games(local_ray: None) -> None:
    alone = _outcomes(Backend("local", 1))
    assert set(alone) == {"easy-medium-0", "easy-medium-1"}
    assert set(alone.values()) <= {"win", "loss", "draw"}
    assert _outcomes(Backend("local", 2)) == alone
    assert _outcomes(Backend("ray")) == alone


def test_a_journal_is_resumed_and_gives_the_table_of_the_first_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    journal = tmp_path / "ilyos.jsonl"
    assert main([*ARGS, "--jobs", "1", "--journal", str(journal)]) == 0
    first = _row(capsys.readouterr().out)
    assert sum(map(int, first)) == 2
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1 + 2

    def never_played(*args: Any) -> Any:
        raise AssertionError("a finished game was played again")

    monkeypatch.setattr(ilyos_cli, "tournament_game", never_played)
    assert main([*ARGS, "--jobs", "1", "--journal", str(journal), "--resume"]) == 0
    assert _row(capsys.readouterr().out) == first, "read back from the journal, not replayed"
    assert main([*ARGS, "--jobs", "1", "--journal", str(journal)]) == 2  # exists: --resume or another file
    assert "--resume" in capsys.readouterr().err
    assert main([*ARGS, "--seed", "6", "--journal", str(journal), "--resume"]) == 1
    assert "other parameters" in capsys.readouterr().err


def test_ctrl_c_prints_the_table_of_the_finished_games(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    played: list[int] = []

    def interrupted_after_one(*args: Any) -> Any:
        if played:
            raise KeyboardInterrupt
        played.append(args[2])
        return tournament_game(*args)

    monkeypatch.setattr(ilyos_cli, "tournament_game", interrupted_after_one)
    assert main([*ARGS, "--jobs", "1"]) == 130
    out = capsys.readouterr().out
    assert sum(map(int, _row(out))) == 1
    assert "interrupted after 1 of 2 games" in out
