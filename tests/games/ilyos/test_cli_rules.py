"""``meeple ilyos play|tournament --rule KEY=VALUE``: any setup option of the engine from the command line."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import meeple.games.ilyos.cli as ilyos_cli
from meeple.cli import main
from meeple.games.ilyos import engine

# Two Easy AIs on the smallest setup: a whole game takes well under a second
TOURNAMENT = ["ilyos", "tournament", "--games", "1", "--levels", "easy,easy", "--no-clock", "--jobs", "1",
              "--islands", "4", "--guardians", "1"]


def _board_width(out: str) -> int:
    """The number of columns of the first board drawn (its rows start with their number)."""
    row = next(line for line in out.splitlines() if line[:3].strip().isdigit())
    return len(row[4:].split())


def test_play_announces_the_rules_changed_and_plays_on_them(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["--lang", "en", "ilyos", "play", "--level", "easy", "--seed", "4",
                 "--rule", "size=13", "--rule", "escort=true"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Rules changed from the defaults: size=13, escort=true"
    assert _board_width(out) == 13, "the board is 13 × 13, not the default 15 × 15"
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["--lang", "fr", "ilyos", "play", "--level", "easy", "--seed", "4",
                 "--rule", "size=13", "--rule", "escort=oui"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Règles changées : size=13, escort=true"
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["--lang", "fr", "ilyos", "play", "--level", "easy", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Règles : toutes par défaut" and _board_width(out) == 15


def test_values_are_read_by_the_type_of_the_engine_default(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # Ctrl-D at once
    assert main(["--lang", "en", "ilyos", "play", "--level", "easy", "--seed", "1", "--rule", "no_retake=1",
                 "--rule", "village-refuge=OUI", "--rule", "anchored_carriers=non", "--rule", "take_cost=2",
                 "--rule", "first_diagonal=NE-SW", "--rule", "mode=2v2", "--rule", "team_diagonal=1"]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert line == ("Rules changed from the defaults: mode=2v2, team_diagonal=true, take_cost=2, "
                    "village_refuge=true, anchored_carriers=false, no_retake=true, first_diagonal=NE-SW"), "in the engine's order"


def test_an_option_the_engine_gains_later_works_at_once(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(engine.DEFAULT_OPTIONS, "future_rule", 3)  # the engine's own table, read at each call
    seen: list[dict[str, Any]] = []
    real_new = engine.IlyosGame.new

    def recording_new(cls: type, options: dict[str, Any] | None = None, seed: int | None = None) -> engine.IlyosGame:
        game = real_new(options, seed)
        seen.append(dict(game.options))
        return game

    monkeypatch.setattr(engine.IlyosGame, "new", classmethod(recording_new))
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["--lang", "en", "ilyos", "play", "--level", "easy", "--rule", "future_rule=4"]) == 0
    assert seen[0]["future_rule"] == 4
    assert capsys.readouterr().out.splitlines()[0] == "Rules changed from the defaults: future_rule=4"
    assert main(["--lang", "en", "ilyos", "play", "--rule", "future_rule=four"]) == 2
    assert capsys.readouterr().err.strip() == ("meeple: Invalid value for --rule future_rule=four: "
                                               "a whole number expected")


def test_tournament_plays_records_and_reports_every_option(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[dict[str, Any]] = []
    real_game = ilyos_cli.tournament_game

    def recording_game(first: str, second: str, index: int, options: dict[str, Any], seed: int,
                       clock: bool) -> Any:
        played.append(dict(options))
        return real_game(first, second, index, options, seed, clock)

    monkeypatch.setattr(ilyos_cli, "tournament_game", recording_game)
    journal = tmp_path / "games.jsonl"
    assert main(["--lang", "en", *TOURNAMENT, "--json", "--journal", str(journal),
                 "--rule", "size=13", "--rule", "escort=true"]) == 0
    document = json.loads(capsys.readouterr().out)
    expected = {**engine.DEFAULT_OPTIONS, "islands": 4, "guardians": 1, "size": 13, "escort": True}
    assert document["options"] == expected, "every option, the engine's defaults included"
    assert document["played"] == 1 and played == [expected], "the game was played on those rules"
    header = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])["batch"]
    assert header["options"] == expected, "a resumed run must be on the same rules, whatever the defaults then"
    assert main(["--lang", "en", *TOURNAMENT, "--journal", str(journal), "--resume", "--rule", "size=11"]) == 1
    assert "another job or other parameters" in capsys.readouterr().err
    assert main(["--lang", "en", *TOURNAMENT, "--rule", "crowns=3"]) == 0
    assert "Rules changed from the defaults: islands=4, guardians=1, crowns=3" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "expected"), [
    (["--rule", "size=12"], "Invalid value for --rule size=12: one of 11, 13, 15 expected"),
    (["--rule", "sizes=13"], "Invalid value for --rule sizes=13: unknown rule 'sizes' (known: mode, "),
    (["--rule", "size13"], "Invalid value for --rule size13: KEY=VALUE expected, e.g. size=13 (keys: mode, "),
    (["--rule", "escort=maybe"], "Invalid value for --rule escort=maybe: true or false expected"),
    (["--rule", "crowns=two"], "Invalid value for --rule crowns=two: a whole number expected"),
    (["--rule", "team_diagonal=true"], "Invalid value for --rule team_diagonal=true: only in mode 2v2"),
    (["--islands", "6", "--rule", "islands=6"],
     "Invalid value for --rule islands=6: islands is already set by --islands: give it once"),
    (["--rule", "size=13", "--rule", "size=11"],
     "Invalid value for --rule size=11: size is already set by --rule size=13: give it once"),
])
@pytest.mark.parametrize("command", ["play", "tournament"])
def test_a_bad_rule_is_one_line_naming_it_and_exit_2(
        command: str, args: list[str], expected: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "ilyos", command, *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "", "nothing played"
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"meeple: {expected}"), captured.err
    if "known" in expected or "keys" in expected:
        assert lines[0].endswith("first_diagonal)"), "every key is listed"


def test_a_bad_rule_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "ilyos", "tournament", "--rule", "size=12"]) == 2
    assert capsys.readouterr().err.strip() == ("meeple: valeur invalide pour --rule size=12 : "
                                               "une valeur parmi 11, 13, 15 attendue")
    assert main(["--lang", "fr", "ilyos", "play", "--guardians", "3", "--rule", "guardians=2"]) == 2
    assert capsys.readouterr().err.strip() == ("meeple: valeur invalide pour --rule guardians=2 : "
                                               "guardians est déjà réglée par --guardians : donnez-la une seule fois")
