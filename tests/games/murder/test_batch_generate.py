"""`meeple murder generate --count K` as a batch: the same files whatever runs it (one process, several,
Ray), and ``--resume`` keeps what an interrupted run wrote."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.cli import main

ARGS = ["murder", "generate", "--size", "4", "--difficulty", "1", "--seed", "40", "--count", "4"]


def _files(folder: Path) -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.json"))}


def test_several_processes_write_the_same_cases_as_one(tmp_path: Path) -> None:
    assert main([*ARGS, "--out", str(tmp_path / "one"), "--jobs", "1"]) == 0
    assert main([*ARGS, "--out", str(tmp_path / "two"), "--jobs", "2"]) == 0
    one = _files(tmp_path / "one")
    assert len(one) == 4 and one == _files(tmp_path / "two")


def test_resume_keeps_the_cases_written_and_remakes_the_missing_and_the_broken(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "book"
    assert main([*ARGS, "--out", str(folder), "--jobs", "1"]) == 0
    complete = _files(folder)
    names = sorted(complete)
    (folder / names[0]).unlink()  # never written
    (folder / names[1]).write_text('{"format": "meeple-murder', encoding="utf-8")  # cut short
    kept = folder / names[2]
    kept.write_text(complete[names[2]].replace("\n", "\n "), encoding="utf-8")  # still a valid case
    capsys.readouterr()
    assert main(["--lang", "en", *ARGS, "--out", str(folder), "--jobs", "1", "--resume"]) == 0
    out = capsys.readouterr().out
    assert "4 cases written" in out and "(2 already there)" in out
    assert _files(folder)[names[0]] == complete[names[0]] and _files(folder)[names[1]] == complete[names[1]]
    assert kept.read_text(encoding="utf-8") != complete[names[2]], "a valid case is kept as it is"


@pytest.mark.slow
def test_on_ray_the_cases_are_those_of_the_local_run(tmp_path: Path, local_ray: None) -> None:
    assert main([*ARGS, "--out", str(tmp_path / "local"), "--jobs", "1"]) == 0
    assert main([*ARGS, "--out", str(tmp_path / "ray"), "--ray"]) == 0
    assert _files(tmp_path / "local") == _files(tmp_path / "ray")
