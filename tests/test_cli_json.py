"""``--json`` on every command that reports something (docs/cli.md): one JSON document on standard output,
with the field names docs/cli.md lists; human text stays the default. Fast inputs only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meeple.cli import main


def run_json(capsys: pytest.CaptureFixture[str], *argv: str, code: int = 0) -> Any:
    """Run ``meeple --lang en ARGV --json``: the exit code, and standard output parsed as ONE document."""
    capsys.readouterr()
    assert main(["--lang", "en", *argv, "--json"]) == code
    out = capsys.readouterr().out
    assert out.count("\n") == 1, f"one line of JSON expected, got: {out!r}"
    return json.loads(out)


def test_stealth_solve_validate_analyse_generate(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    solved = run_json(capsys, "stealth", "solve", "1-1")
    assert solved["level"] == "1-1" and solved["found"] is True
    assert solved["length"] == len(solved["moves"]) == 6 and isinstance(solved["stars"], list)
    assert solved["objectives"]["ghost"] == {"found": False, "length": None, "moves": None}
    assert set(solved) >= {"states_seen", "seconds", "par", "par_reached"}
    checked = run_json(capsys, "stealth", "validate", "1-1")
    assert checked["total"] == 1 and checked["invalid"] == 0
    assert checked["levels"][0] | {"source": ""} == {"level": "1-1", "source": "", "ok": True, "reachable": 13,
                                                     "neutralisable": ["sentry"], "shortest": 6, "problems": []}
    assert run_json(capsys, "stealth", "analyse", "1-1")["figures"]["par"] == 6
    made = run_json(capsys, "stealth", "generate", "--mechanics", "sentry", "--out", str(tmp_path))
    assert made["count"] == 1 and Path(made["levels"][0]["file"]).is_file()
    assert set(made["levels"][0]) == {"file", "level", "difficulty", "par", "reachable", "attempts"}


def test_stealth_validate_json_still_fails_on_an_invalid_level(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    from meeple.games.stealth.shipped import shipped_level_data

    bad = shipped_level_data("1-1") | {"par": 2}
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    report = run_json(capsys, "stealth", "validate", str(tmp_path), code=1)
    assert report["invalid"] == 1 and "par 2" in report["levels"][0]["problems"][0]


def test_skirmish_scenarios_validate_reach_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    listed = run_json(capsys, "skirmish", "scenarios")["scenarios"]
    assert "gauntlet" in [item["name"] for item in listed]
    assert set(listed[0]) == {"name", "title", "width", "height", "fighters", "rounds"}
    scenario = tmp_path / "s.json"
    assert main(["skirmish", "generate", "--out", str(scenario)]) == 0
    valid = run_json(capsys, "skirmish", "validate", str(scenario))
    assert valid["valid"] is True and valid["width"] == 16 and valid["height"] == 10
    reach = run_json(capsys, "skirmish", "reach", "gauntlet", "R1")
    assert reach["fighter"] == "R1" and len(reach["destinations"]) == 38
    illegal = run_json(capsys, "skirmish", "check", "gauntlet", "R1", "9,9", code=1)
    assert illegal["legal"] is False and illegal["error"]["rule"]


def test_skirmish_svg_with_json_keeps_stdout_for_the_document(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    picture = tmp_path / "r.svg"
    assert main(["--lang", "en", "skirmish", "reach", "gauntlet", "R1", "--svg", str(picture), "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["fighter"] == "R1" and f"Written: {picture}" in err and picture.is_file()


def test_hive_perft_and_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    counted = run_json(capsys, "hive", "perft", "2")
    assert counted["game_type"] == "Base"
    assert [(d["depth"], d["leaves"]) for d in counted["depths"]] == [(1, 4), (2, 96)]
    match = run_json(capsys, "hive", "tournament", "--games", "1", "--opponent", "random", "--depth", "1",
                     "--max-plies", "6", "--jobs", "1")
    assert match == {"opponent": "random", "games": 1, "played": 1, "wins": 0, "losses": 0, "draws": 1,
                     "interrupted": False}


def test_ilyos_setups(capsys: pytest.CaptureFixture[str]) -> None:
    every = run_json(capsys, "ilyos", "setups")["setups"]
    assert len(every) == 20 and every[0]["name"] == "4i-1g"
    one = run_json(capsys, "ilyos", "setups", "8i-2g")["setups"]
    assert [item["name"] for item in one] == ["8i-2g"]
    assert len(one[0]["islands"]) == 8 and len(one[0]["team_a"]) == len(one[0]["team_b"]) == 2
    assert set(one[0]["islands"][0]) == {"cell", "orientation"}


def test_murder_generate_solve_hint(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    made = run_json(capsys, "murder", "generate", "--size", "4", "--count", "2", "--out", str(tmp_path))
    assert made["count"] == 2 and made["kept"] == 0 and all(Path(file).is_file() for file in made["files"])
    case = made["files"][0]
    solved = run_json(capsys, "murder", "solve", case)
    assert solved["unique"] is True and solved["logic"]["solved"] is True
    answer = json.loads(Path(case).read_text(encoding="utf-8"))["solution"]
    assert set(solved["solution"]) == set(answer) and solved["murderer"] in answer
    hint = run_json(capsys, "murder", "hint", case)
    assert hint["status"] == "hint" and hint["placement"]["person"] in answer and hint["steps"]


def test_human_text_stays_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "hive", "perft", "1"]) == 0
    assert capsys.readouterr().out.startswith("Base perft 1: 4")


def test_ilyos_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    table = run_json(capsys, "ilyos", "tournament", "--games", "1", "--levels", "easy,medium", "--no-clock",
                     "--jobs", "1", "--islands", "4", "--guardians", "1")
    assert table["games"] == table["played"] == 1 and table["interrupted"] is False
    row = table["pairs"][0]
    assert (row["first"], row["second"]) == ("easy", "medium") and row["wins"] + row["losses"] + row["draws"] == 1
    assert set(row) == {"first", "second", "wins", "losses", "draws", "score", "interval", "slowest_turn"}
