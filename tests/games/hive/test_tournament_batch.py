"""`meeple hive tournament` as a batch: the same games on one or two processes, a journal that a resumed
run continues (with more games too), and Ctrl-C that prints the table of the games finished."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import meeple.games.hive.tournament as hive_tournament
from meeple.cli import main
from meeple.core.batch import Backend, run_batch
from meeple.games.hive.tournament import tournament_game

# short games (capped at 16 plies: draws) keep the test fast; the AI still searches every move
ARGS = ["--lang", "en", "hive", "tournament", "--opponent", "random", "--depth", "1", "--max-plies", "16"]


def test_two_processes_play_the_games_one_process_plays() -> None:
    tasks = [(str(i), (i, "random", None, 1, "Base+MLPC", 3, 16)) for i in range(4)]
    assert dict(run_batch(tournament_game, tasks)) == dict(run_batch(tournament_game, tasks, Backend("local", 2)))


def test_a_journal_is_resumed_with_more_games_and_never_overwritten(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = tmp_path / "hive.jsonl"
    assert main([*ARGS, "--games", "2", "--jobs", "1", "--journal", str(journal)]) == 0
    assert "0 wins, 0 losses, 2 draws" in capsys.readouterr().out
    assert main([*ARGS, "--games", "2", "--jobs", "1", "--journal", str(journal)]) == 2  # exists: --resume
    assert "--resume" in capsys.readouterr().err
    assert main([*ARGS, "--games", "3", "--jobs", "1", "--journal", str(journal), "--resume"]) == 0
    assert "3 draws" in capsys.readouterr().out
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1 + 3
    assert main([*ARGS, "--games", "3", "--depth", "2", "--journal", str(journal), "--resume"]) == 1
    assert "other parameters" in capsys.readouterr().err


def test_ctrl_c_prints_the_table_of_the_finished_games(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    played: list[int] = []

    def interrupted_after_two(*args: Any) -> Any:
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(args[0])
        return tournament_game(*args)

    monkeypatch.setattr(hive_tournament, "tournament_game", interrupted_after_two)  # the command imports it when run
    assert main([*ARGS, "--games", "5", "--jobs", "1"]) == 130
    assert "2 draws (0%) — interrupted after 2 of 5 games" in capsys.readouterr().out
