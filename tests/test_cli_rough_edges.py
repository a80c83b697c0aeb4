"""The rough edges issue 18 listed, each as a user meets it on the command line (docs/cli.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple.cli import main
from meeple.core.files import natural_key
from meeple.core.i18n import counted


def run(capsys: pytest.CaptureFixture[str], *argv: str, code: int = 0) -> tuple[str, str]:
    capsys.readouterr()
    assert main(list(argv)) == code
    return capsys.readouterr()


def test_a_rule_number_is_never_read_as_a_fighter_name(capsys: pytest.CaptureFixture[str]) -> None:
    _, err = run(capsys, "--lang", "en", "skirmish", "check", "gauntlet", "R1", "5,5", code=1)
    assert "rule R1: not a neighbour" in err and "R1: not" not in err.replace("rule R1: not", "")
    _, err = run(capsys, "skirmish", "check", "gauntlet", "R1", "5,5", code=1)
    assert "règle R1 : pas une case voisine" in err
    _, err = run(capsys, "--lang", "en", "skirmish", "reach", "gauntlet", "R1", "--to", "4,2", code=1)
    assert "out of reach: rule R2: blocking terrain" in err


def test_counts_agree_with_their_word_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    assert [counted(n, ("niveau", "niveaux"), ("level", "levels")).text("fr") for n in (0, 1, 2)] == [
        "0 niveau", "1 niveau", "2 niveaux"]
    assert [counted(n, ("niveau", "niveaux"), ("level", "levels")).text("en") for n in (0, 1, 2)] == [
        "0 levels", "1 level", "2 levels"]
    out, _ = run(capsys, "--lang", "en", "ilyos", "setups", "4i-1g")
    assert "4 islands, 1 guardian per team" in out and "(s)" not in out
    out, _ = run(capsys, "ilyos", "setups", "6i-2g")
    assert "6 îles, 2 gardiens par équipe" in out and "(s)" not in out
    out, _ = run(capsys, "--lang", "en", "skirmish", "scenarios")
    assert "(s)" not in out and " fighters, " in out


def test_stealth_validate_sorts_level_names_in_number_order(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    assert natural_key("1-2") < natural_key("1-10") < natural_key("2-1")
    from meeple.games.stealth.shipped import shipped_level_data

    for name in ("1-10", "1-2", "1-1"):
        (tmp_path / f"{name}.json").write_text(json.dumps(shipped_level_data("1-1") | {"id": name}), encoding="utf-8")
    out, _ = run(capsys, "--lang", "en", "stealth", "validate", str(tmp_path))
    shown = [line.split()[1] for line in out.splitlines() if line.startswith("✓")]
    assert shown == ["1-1", "1-2", "1-10"]


def test_stealth_validate_names_folders_among_what_it_takes(capsys: pytest.CaptureFixture[str]) -> None:
    _, err = run(capsys, "--lang", "en", "stealth", "validate", "/missing/dir", code=1)
    assert err.startswith("meeple: /missing/dir: neither a shipped level") and "nor a folder" in err
    _, err = run(capsys, "stealth", "validate", "/missing/dir", code=1)
    assert "ni un dossier" in err and err.count("\n") == 1


def test_murder_solve_explains_its_marks(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["murder", "generate", "--size", "4", "--out", str(tmp_path / "c.json")]) == 0
    out, _ = run(capsys, "--lang", "en", "murder", "solve", str(tmp_path / "c.json"))
    assert "# = decor" in out and "o = seat" in out and ". = bare floor" in out
    out, _ = run(capsys, "murder", "solve", str(tmp_path / "c.json"))
    assert "# = décor" in out and "o = siège" in out and ". = sol libre" in out


def test_skirmish_zones_of_both_sides_differ_without_colours(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "--lang", "en", "skirmish", "show", "gauntlet")  # captured: no colours, as when piped
    grid = "\n".join(line for line in out.splitlines() if line[:3].strip().isdigit())
    assert "░" in grid and "▒" in grid, "red's and blue's zones of control drawn apart"
    words = " ".join(out.split())  # the legend may wrap
    assert "░ red ZOC" in words and "▒ blue ZOC" in words and "▓ both sides' ZOC" in words


def test_every_written_file_is_announced_the_same_way(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    commands = [
        ("stealth", "show", "1-1", "--svg", "{}/a.svg"),
        ("skirmish", "show", "gauntlet", "--svg", "{}/b.svg"),
        ("skirmish", "reach", "gauntlet", "R1", "--svg", "{}/c.svg"),
        ("skirmish", "generate", "--out", "{}/d.json"),
    ]
    for command in commands:
        argv = [word.format(tmp_path) for word in command]
        out, _ = run(capsys, *argv)
        assert f"Écrit : {argv[-1]}" in out and Path(argv[-1]).is_file(), command
    case = tmp_path / "d.json"
    assert main(["murder", "generate", "--size", "4", "--out", str(case)]) == 0
    out, _ = run(capsys, "--lang", "en", "murder", "render", str(case), "--out", str(tmp_path / "e.svg"))
    assert f"Written: {tmp_path / 'e.svg'}" in out
