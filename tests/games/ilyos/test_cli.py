"""``meeple ilyos setups|play|tournament``."""

from __future__ import annotations

import io
import re
import typing
from collections.abc import Callable, Iterator

import pytest

from meeple.cli import main
from meeple.core.i18n import set_language
from meeple.core.stats import wilson_interval
from meeple.games.ilyos import ai, board


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield None
    set_language("fr")


def test_setups_draws_all_twenty_symmetric_setups(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "ilyos", "setups"]) == 0
    out = capsys.readouterr().out
    names = [line.split()[0] for line in out.splitlines() if line.endswith("per team")]
    assert len(names) == 20 and names[0] == "4i-1g" and names[-1] == "12i-4g"
    size = board.DEFAULT_SIZE  # drawn on the default board (15 × 15)
    first_board = [line for line in out.splitlines() if line[:3].strip().isdigit()][:size]
    for line in first_board:
        cells = line[4:].split()
        assert len(cells) == size


def test_play_draws_the_board_lists_moves_and_rejects_bad_text(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("?\nfly away\nend\nq\n"))
    assert main(["--lang", "en", "ilyos", "play", "--seed", "4", "--level", "easy"]) == 0
    out = capsys.readouterr().out
    assert "P1 to play" in out and "you may spend: moves: " in out
    assert "Guardians: #0 b1 (P1)" in out and "#2 n1 (P2)" in out, "the ids to type are on screen (15 × 15)"
    assert "place " in out, "the list of legal actions"
    assert "unreadable action text" in out
    assert "place an island first (rule 2)" in out


def test_tournament_prints_the_win_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "ilyos", "tournament", "--games", "1", "--levels", "easy,medium", "--no-clock"]) == 0
    out = capsys.readouterr().out
    assert "AI tournament" in out and "easy" in out and "medium" in out and "%" in out
    assert ai.WALL_CLOCK is False, "the tests' setting is back after the tournament"


def test_bad_options_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "ilyos", "play", "--islands", "5"]) == 2  # a bad value: a usage error
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "islands" in err
    assert main(["--lang", "en", "ilyos", "tournament", "--levels", "easy,godly"]) == 2


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson_interval(10, 12)
    assert low < 10 / 12 < high and low >= 0 and high <= 1
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_two_humans_against_the_ai_in_two_versus_two(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("place c4/0\nend\nq\n"))
    assert main(["--lang", "en", "ilyos", "play", "--mode", "2v2", "--seats", "0,2", "--level", "easy"]) == 0
    out = capsys.readouterr().out
    assert "P2: " in out, "the AI played P2"
    assert "P3 — you may spend" in out, "then P3, a human, was asked"
    assert main(["--lang", "en", "ilyos", "play", "--seats", "5"]) == 2


def test_every_command_and_option_is_explained_in_french_and_english() -> None:
    from meeple.core.cli_i18n import localized_help
    from meeple.games.ilyos.cli import app

    def bilingual(text: str | None) -> bool:  # made by cli_help: shown in one language by ``meeple``
        return bool(text) and localized_help(text) != text

    assert bilingual(app.info.help)
    for command in app.registered_commands:
        assert command.callback is not None and bilingual(command.help), command.name
        hints = typing.get_type_hints(command.callback, include_extras=True)
        for name, hint in hints.items():
            for info in getattr(hint, "__metadata__", ()):
                assert bilingual(getattr(info, "help", None)), (command.name, name)


def test_help_pages_show_one_language_each(help_page: Callable[..., str]) -> None:
    french = help_page("--lang", "fr", "ilyos")
    assert "Joue contre l'ordinateur dans le terminal." in french and "Play against the computer" not in french
    english = help_page("--lang", "en", "ilyos")
    assert "Play against the computer in the terminal." in english and "Joue contre l'ordinateur" not in english
    french = help_page("--lang", "fr", "ilyos", "play")
    assert "L'IA joue les places absentes de --seats." in french and "the AI plays the others" not in french
    english = help_page("--lang", "en", "ilyos", "play")
    assert "The AI plays the seats not listed in --seats." in english and "l'IA joue les autres" not in english


def test_bad_options_name_the_command_line_option_in_the_current_language(capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    invalid = "meeple: valeur invalide pour"
    for args, expected in ((["play", "--mode", "3v3"], f"{invalid} --mode : « duel » ou « 2v2 » attendu"),
                           (["play", "--team-diagonal"], f"{invalid} --team-diagonal : seulement en mode 2v2"),
                           (["tournament", "--islands", "5"],
                            f"{invalid} --islands : une valeur parmi 4, 6, 8, 10, 12 attendue")):
        assert main(["--lang", "fr", "ilyos", *args]) == 2  # a bad value: a usage error (docs/cli.md)
        assert capsys.readouterr().err.strip() == expected
    assert main(["--lang", "en", "ilyos", "play", "--islands", "5"]) == 2
    assert capsys.readouterr().err.strip() == "meeple: Invalid value for --islands: one of 4, 6, 8, 10, 12 expected"
    assert main(["--lang", "fr", "ilyos", "tournament", "--levels", "easy,godly"]) == 2
    err = capsys.readouterr().err
    assert "--levels" in err and "« godly »" in err and len(err.strip().splitlines()) == 1
    assert main(["--lang", "fr", "ilyos", "tournament", "--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err
    assert main(["--lang", "fr", "ilyos", "play", "--seats", "7"]) == 2
    assert "places de 0 à 1 attendues" in capsys.readouterr().err


def test_french_play_and_tournament_write_french_numbers(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # Ctrl-D at once
    capsys.readouterr()
    assert main(["--lang", "fr", "ilyos", "play", "--seed", "4", "--level", "easy"]) == 0
    out = capsys.readouterr().out
    assert "Couronnes — P1 : 0  P2 : 0" in out and out.endswith("> \n")
    monkeypatch.setenv("COLUMNS", "120")
    assert main(["--lang", "fr", "ilyos", "tournament", "--games", "1", "--levels", "easy,medium", "--no-clock"]) == 0
    out = capsys.readouterr().out
    assert "IC à 95 %" in out and "95 % CI" not in out and re.search(r"\[\d+ %, \d+ %\]", out)
