"""The murder commands' rough edges (issue 30), in the style of tests/test_exit_codes.py: the exit code of
docs/cli.md, one line on standard error, and nothing made by mistake."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meeple.cli import main
from meeple.games.murder import cli as murder_cli
from meeple.games.murder.caseio import save_case
from meeple.games.murder.generate import generate_case


@pytest.fixture(scope="module")
def case_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("case") / "case.json"
    save_case(generate_case(4, 1, 3), path)
    return path


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("meeple: "), err
    assert "Traceback" not in err and "internal error" not in err
    return err


def test_a_deeply_nested_json_file_is_a_clear_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    for command in ("solve", "hint"):
        assert main(["--lang", "en", "murder", command, str(deep)]) == 1
        err = one_error_line(capsys)
        assert str(deep) in err and "nested" in err


def test_generate_out_with_a_suffix_other_than_json_is_a_usage_error_and_makes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "case.txt"
    assert main(["--lang", "en", "murder", "generate", "--size", "4", "--out", str(target)]) == 2
    assert "--out" in one_error_line(capsys)
    assert not target.exists(), "no folder named case.txt"
    folder = tmp_path / "cases"  # no suffix: a folder, made
    assert main(["--lang", "en", "murder", "generate", "--size", "4", "--out", str(folder)]) == 0
    assert [p.name for p in folder.iterdir()] == ["murder-4x4-d1-s0.json"]


@pytest.mark.parametrize("given", ["garbage", "Nobody@R1C1", "{first}@R9C9", "{first}@R1C1,{first}@R2C2"])
def test_a_malformed_given_is_a_usage_error(given: str, case_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = json.loads(case_file.read_text(encoding="utf-8"))["people"][0]["id"]
    assert main(["--lang", "en", "murder", "hint", str(case_file), "--given", given.format(first=first)]) == 2
    assert "--given" in one_error_line(capsys)


def test_generate_json_interrupted_is_still_one_json_document_and_exits_130(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    made: list[int] = []

    def interrupted_after_one(size: int, level: int, seed: int, with_solution: bool) -> dict[str, Any]:
        if made:
            raise KeyboardInterrupt
        made.append(seed)
        return murder_cli.case_to_json(generate_case(size, level, seed), with_solution=with_solution)

    monkeypatch.setattr(murder_cli, "generated_case_json", interrupted_after_one)
    argv = ["--lang", "en", "murder", "generate", "--size", "4", "--count", "3", "--jobs", "1",
            "--out", str(tmp_path), "--json"]
    assert main(argv) == 130
    out, err = capsys.readouterr()
    document = json.loads(out)  # the whole of standard output is one document
    assert document["interrupted"] is True and document["written"] == 1 and document["count"] == 3
    assert document["files"] == [str(tmp_path / "murder-4x4-d1-s0.json")]
    assert "Interrupted" in err
    monkeypatch.setattr(murder_cli, "generated_case_json", lambda *args: (_ for _ in ()).throw(KeyboardInterrupt()))
    assert main(["--lang", "en", "murder", "generate", "--size", "4", "--json"]) == 130
    out, _ = capsys.readouterr()
    assert json.loads(out) == {"count": 1, "written": 0, "files": [], "interrupted": True}
