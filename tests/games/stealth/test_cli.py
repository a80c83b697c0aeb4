"""``meeple stealth --help`` speaks one language: French by default, English with ``--lang en``."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from meeple.cli import main
from meeple.games.stealth.shipped import shipped_level_paths


def test_help_pages_show_one_language_each(help_page: Callable[..., str]) -> None:
    french = help_page("--lang", "fr", "stealth")
    assert "Joue un niveau dans le terminal." in french and "Play a level" not in french
    english = help_page("--lang", "en", "stealth")
    assert "Play a level in the terminal." in english and "Joue un niveau" not in english
    french = help_page("--lang", "fr", "stealth", "show")
    assert "coups à jouer d'abord, séparés par des virgules" in french and "comma-separated" not in french
    english = help_page("--lang", "en", "stealth", "show")
    assert "moves to play first, comma-separated" in english and "séparés" not in english


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_solve_writes_french_with_a_space_before_each_colon(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--lang", "fr", "stealth", "solve", "1-1")
    assert code == 0
    assert "étoiles : sortie, par, rafle" in out and "rafle : 6 coups : a d e post c exit" in out
    code, out, _ = _run(capsys, "--lang", "en", "stealth", "solve", "1-1")
    assert code == 0 and "stars: finish, par, sweep" in out


def test_a_budget_below_one_is_refused_and_an_exhausted_one_names_the_objective_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = _run(capsys, "--lang", "fr", "stealth", "solve", "1-1", "--budget", "0")
    assert code != 0 and "--budget" in err and len(err.strip().splitlines()) == 1
    code, _, err = _run(capsys, "--lang", "fr", "stealth", "solve", "1-14", "--budget", "5")
    assert code == 1 and err.strip() == "meeple: 1-14 : budget de 5 états épuisé (objectif sortie)"


def test_play_ends_its_line_on_eof_and_reports_an_unwritable_svg_in_french(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("svg /proc/x.svg\n"))
    code, out, _ = _run(capsys, "--lang", "fr", "stealth", "play", "1-1")
    assert code == 0
    assert "/proc/x.svg : écriture impossible (fichier ou dossier introuvable)" in out
    assert out.endswith("> \n")


def test_play_says_what_svg_and_preview_expect_and_confirms_the_picture(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    picture = tmp_path / "board.svg"
    monkeypatch.setattr("sys.stdin", io.StringIO(f"svg\npreview\nsvg {picture}\n"))
    code, out, _ = _run(capsys, "--lang", "fr", "stealth", "play", "1-1")
    assert code == 0
    assert "« svg FICHIER » attendu (un fichier)" in out and "« preview NŒUD » ou « preview throw NŒUD » attendu" in out
    assert "nœud inconnu" not in out
    assert f"Écrit : {picture}" in out and picture.read_text(encoding="utf-8").startswith("<svg")


def test_a_field_of_the_wrong_type_is_named_in_words_not_python_types(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    level = json.loads(shipped_level_paths()[0].read_text(encoding="utf-8"))
    level["nodes"][0]["x"] = "left"
    path = tmp_path / "typed.json"
    path.write_text(json.dumps(level), encoding="utf-8")
    code, _, err = _run(capsys, "--lang", "fr", "stealth", "solve", str(path))
    assert code == 1 and err.strip().endswith("typed.json : nodes[0].x : type attendu : un nombre")
    code, _, err = _run(capsys, "--lang", "en", "stealth", "solve", str(path))
    assert code == 1 and err.strip().endswith("typed.json: nodes[0].x: a number expected")
