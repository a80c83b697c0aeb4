"""``meeple skirmish show|reach|check|play|scenarios|validate|generate``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from meeple.cli import main
from meeple.core.i18n import set_language
from meeple.games.skirmish.cli import open_game
from meeple.games.skirmish.render import fighters_table
from tests.games.skirmish.helpers import scenario_from_art


@pytest.fixture(autouse=True)
def english() -> object:
    set_language("en")
    yield None
    set_language("fr")


def test_reach_prints_the_grid_with_every_reachable_cell_marked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "skirmish", "reach", "gauntlet", "R1"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line[:3].strip().isdigit()]
    assert len(rows) == 7  # one line per grid row
    assert " E " in rows[3] and " s " in rows[3] and " o " in rows[3] and "R1" in rows[3]
    assert "███" in rows[2]
    assert rows[2].count("▒") >= 4 and "░" not in rows[2]  # B1 (blue)'s ZOC, shaded even without colours
    assert "38 destinations" in out and "engages" in out


def test_reach_json_and_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["skirmish", "reach", "gauntlet", "R1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    by_cell = {tuple(d["cell"]): d for d in data["destinations"]}
    assert by_cell[(6, 3)]["outcome"]["opponents"] == ["B1", "B2"]
    assert main(["--lang", "en", "skirmish", "reach", "gauntlet", "R1", "--list"]) == 0
    assert "engaged with B1, B2" in capsys.readouterr().out


def test_check_says_legal_or_names_the_step_and_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "skirmish", "check", "gauntlet", "R1", "2,3 3,3 4,3 5,3 6,3"]) == 0
    assert "legal: cost 10 MP, engaged with B1, B2" in capsys.readouterr().out
    assert main(["--lang", "en", "skirmish", "check", "gauntlet", "R1", "2,3", "3,3", "4,3", "5,3", "5,2"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "step 5 (5,2): rule R12" in err
    assert main(["skirmish", "check", "gauntlet", "R1", "2,3 9,9", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["error"]["rule"] == "R1"
    assert main(["--lang", "en", "skirmish", "check", "gauntlet", "R1", "1,3"]) == 1  # only the start cell
    assert "a path starts after the fighter's cell" in capsys.readouterr().err


def test_bad_input_is_one_line_and_non_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(scenario_from_art(["a.X"]) | {"rounds": "six"}))
    assert main(["--lang", "en", "skirmish", "reach", str(bad), "a"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "bad.json: rounds" in err
    assert main(["skirmish", "reach", "gauntlet", "Z9"]) == 1
    assert "Z9" in capsys.readouterr().err
    assert main(["skirmish", "check", "gauntlet", "R1", "2;x"]) != 0
    assert main(["skirmish", "reach", "no-such-scenario", "R1"]) == 1


def test_validate_and_scenarios(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(scenario_from_art(["a..X"])))
    assert main(["--lang", "en", "skirmish", "validate", str(good)]) == 0
    assert "valid" in capsys.readouterr().out
    assert main(["skirmish", "scenarios"]) == 0
    assert "gauntlet" in capsys.readouterr().out


def test_play_against_the_computer_reads_moves_and_saves_a_replayable_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    lines = iter(["help", "hint", "R1 5,3", "R9 hold", "reach R2", "reach", "undo", "R1 5,3", "quit"])

    def fake_input(_prompt: str = "") -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("meeple.games.skirmish.cli.console.input", fake_input)
    save = tmp_path / "game.json"
    assert main(["--lang", "en", "skirmish", "play", "gauntlet", "--ai", "1", "--seed", "4", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "stopped in the ZOC of B1, B2" in out and "no fighter 'R9'" in out
    assert "hint: R" in out  # the computer's advice for the player's side, in the move syntax
    assert "'reach ID' expected" in out and "illegal move reach" not in out
    record = json.loads(save.read_text())
    assert record["moves"][0]["fighter"] == "R1" and record["moves"][1]["fighter"].startswith("B")
    assert main(["skirmish", "reach", str(save), "R2", "--json"]) == 0  # a record reopens where it stopped


def test_undo_against_the_computer_takes_back_its_reply_and_the_players_action(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = iter(["R1 5,3", "undo", "R1 5,1", "quit"])

    def fake_input(_prompt: str = "") -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("meeple.games.skirmish.cli.console.input", fake_input)
    save = tmp_path / "game.json"
    assert main(["--lang", "en", "skirmish", "play", "gauntlet", "--ai", "1", "--seed", "4", "--save", str(save)]) == 0
    moves = json.loads(save.read_text())["moves"]
    assert moves[0] == {"kind": "move", "fighter": "R1", "to": [5, 1], "path": moves[0]["path"]}
    assert moves[1]["fighter"].startswith("B")


def test_play_computer_against_itself_to_the_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "auto.json"
    assert main(["--lang", "en", "skirmish", "play", "open-field", "--ai", "both", "--seed", "2", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "win" in out or "tie" in out or "enemy" in out
    assert json.loads(save.read_text())["game"] == "skirmish"


def test_generate_writes_a_valid_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "random.json"
    assert main(["skirmish", "generate", "--seed", "5", "--per-side", "3", "--out", str(out)]) == 0
    assert main(["--lang", "en", "skirmish", "validate", str(out)]) == 0
    assert "6 fighters" in capsys.readouterr().out
    assert main(["skirmish", "generate", "--width", "2"]) == 2
    assert "il faut 6 ≤ largeur ≤ 32" in capsys.readouterr().err  # French by default, like every message


def test_reach_can_also_draw_an_svg(tmp_path: Path) -> None:
    picture = tmp_path / "reach.svg"
    assert main(["skirmish", "reach", "gauntlet", "R1", "--json", "--svg", str(picture)]) == 0
    text = picture.read_text()
    assert text.startswith("<svg") and text.count('class="dest engaged"') == 3  # the three engaging cells
    assert ">B1<" in text and ">R1<" in text and "R1 : 38 destinations, 14 PM" in text  # French by default
    assert ">11<" in text and ">6<" in text  # the coordinates, to read a cell off the picture


def test_reach_to_a_cell_shows_its_path_cost_and_outcome(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "path.svg"
    assert main(["--lang", "en", "skirmish", "reach", "gauntlet", "R1", "--to", "6,3", "--svg", str(picture)]) == 0
    out = capsys.readouterr().out
    assert "to 6,3: 10 MP, engaged with B1, B2; path 2,3 3,3 4,3 5,3 6,3" in out
    assert " 1  2  3  4  E " in out  # the steps numbered on the grid, the end keeps its outcome mark
    text = picture.read_text()
    assert 'class="path"' in text and "R1: 38 destinations, 14 MP" in text
    assert main(["--lang", "en", "skirmish", "reach", "gauntlet", "R1", "--to", "4,2"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "out of reach: rule R2: blocking terrain" in err


def test_check_can_draw_the_path_with_its_first_illegal_step_crossed(tmp_path: Path) -> None:
    picture = tmp_path / "check.svg"
    path = "2,3 3,3 4,3 5,3 5,2"
    assert main(["--lang", "en", "skirmish", "check", "gauntlet", "R1", path, "--svg", str(picture)]) == 1
    text = picture.read_text()
    assert text.count('class="illegal-step"') == 1 and "step 5 (5,2): rule R12" in text
    assert 'points="64,120 92,120 120,120 148,120 176,120"' in text  # the line stops before the bad step
    assert main(["skirmish", "check", "gauntlet", "R1", "2,3 3,3", "--svg", str(picture)]) == 0
    assert 'class="illegal-step"' not in picture.read_text()


def test_play_chooses_the_computer_level_and_replays_it_from_the_seed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = tmp_path / "small.json"
    scenario.write_text(json.dumps(scenario_from_art(["a.......", "b......X", ".......Y"], rounds=2)))
    records = []
    for run in range(2):
        save = tmp_path / f"game{run}.json"
        assert main(["--lang", "en", "skirmish", "play", str(scenario), "--ai", "both", "--ai-level", "tactical",
                     "--seed", "3", "--save", str(save)]) == 0
        records.append(json.loads(save.read_text())["moves"])
    assert records[0] == records[1] and len(records[0]) == 8  # 4 fighters, 2 rounds, the same game twice
    capsys.readouterr()
    assert main(["skirmish", "play", str(scenario), "--ai-level", "genius"]) == 2
    err = capsys.readouterr().err
    assert "random | greedy | tactical" in err and "Traceback" not in err


def test_show_prints_the_battlefield_and_every_fighter(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = tmp_path / "duel.json"
    scenario.write_text(json.dumps(scenario_from_art(["aX......", "........", ".......Y"], Y={"harmless": True, "strike": 0})))
    picture = tmp_path / "duel.svg"
    assert main(["--lang", "en", "skirmish", "show", str(scenario), "--svg", str(picture)]) == 0
    out = capsys.readouterr().out
    assert "round 1/3, score 0–0" in out and "Fighters" in out
    assert "harmless" in out
    wide = Console(width=200, record=True)
    wide.print(fighters_table(open_game(str(scenario)).field))
    assert "engaged with X; no ZOC (engaged)" in wide.export_text()
    text = picture.read_text()
    assert ">X<" in text and 'class="dest' not in text and 'class="zoc side1"' in text
    assert main(["skirmish", "show", "gauntlet"]) == 0
    assert "Combattants" in capsys.readouterr().out  # French by default


def test_help_pages_show_one_language_each(help_page: Callable[..., str]) -> None:
    french = help_page("--lang", "fr", "skirmish")
    assert "Montre où un combattant peut aller" in french and "Show where a fighter may go" not in french
    english = help_page("--lang", "en", "skirmish")
    assert "Show where a fighter may go" in english and "Montre où un combattant" not in english
    french = help_page("--lang", "fr", "skirmish", "play")
    assert "camp(s) joué(s) par l'ordinateur" in french and "side(s) played by" not in french
    english = help_page("--lang", "en", "skirmish", "play")
    assert "side(s) played by the computer" in english and "camp(s) joué(s)" not in english


def test_french_output_puts_a_space_before_each_colon(capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["--lang", "fr", "skirmish", "reach", "gauntlet", "R1", "--to", "3,3"]) == 0
    out = capsys.readouterr().out
    assert "R1 : 38 destinations, 14 PM" in out and "vers 3,3 : 4 PM, libre ; chemin 2,3 3,3" in out
    assert main(["--lang", "fr", "skirmish", "check", "gauntlet", "R1", "1,3 2,3"]) == 0
    assert "légal : coût 2 PM, libre" in capsys.readouterr().out
    assert main(["--lang", "fr", "skirmish", "check", "gauntlet", "R1", "50,50"]) == 1
    assert capsys.readouterr().err.strip() == "meeple: coup illégal R1 50,50 : pas 1 (50,50) : règle R1 : hors de la carte"


def test_eof_in_play_ends_the_prompts_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def end_of_input(_prompt: str = "") -> str:
        print(_prompt, end="")  # what the terminal shows before Ctrl-D
        raise EOFError

    monkeypatch.setattr("meeple.games.skirmish.cli.console.input", end_of_input)
    capsys.readouterr()
    assert main(["--lang", "fr", "skirmish", "play", "gauntlet", "--ai", "none"]) == 0
    out = capsys.readouterr().out
    prompt_line = next(line for line in out.splitlines() if line.startswith("manche 1/4"))
    assert prompt_line.rstrip().endswith(">")


def test_generate_refuses_rounds_out_of_range_naming_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["--lang", "fr", "skirmish", "generate", "--rounds", "0"]) != 0
    err = capsys.readouterr().err.strip()
    assert "--rounds" in err and "generated" not in err and len(err.splitlines()) == 1


def test_a_bad_to_cell_is_reported_against_the_option_not_as_a_move(capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["--lang", "fr", "skirmish", "reach", "gauntlet", "R1", "--to", "abc"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "meeple: valeur invalide pour --to : « abc » n'est pas une case x,y"
