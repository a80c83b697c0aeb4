"""What the browser calls (check a board, next hint, generate), the command line, and printable cases."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from meeple.cli import main
from meeple.core.errors import FormatError
from meeple.core.i18n import set_language
from meeple.games.murder import api
from meeple.games.murder.caseio import case_from_json, case_to_json, load_case, save_case
from meeple.games.murder.cli import board_text
from meeple.games.murder.exact import count_solutions
from meeple.games.murder.logic import solve_logically
from meeple.games.murder.model import FLOORS
from meeple.games.murder.render import WALL, WALL_WIDTH, render_svg, write_render
from meeple.games.murder.text import cell_name

from .builders import case_json
from .conftest import generated


@pytest.fixture(autouse=True)
def _french_again() -> Iterator[None]:
    yield
    set_language("fr")


@pytest.fixture
def case_file(tmp_path: Path) -> Path:
    path = tmp_path / "case.json"
    save_case(generated(6, 2), path)
    return path


def _board(case_json: dict[str, object], count: int) -> dict[str, list[int]]:
    solution = case_json["solution"]
    assert isinstance(solution, dict)
    return dict(list(solution.items())[:count])


def test_check_board_reports_broken_rules_and_the_solved_board() -> None:
    data = case_to_json(generated(5, 1))
    solution = data["solution"]
    solved = api.check_board(data, solution)
    assert solved["solved"] and solved["murderer"] and not solved["violations"] and not solved["wrong"]
    ids = list(solution)
    clash = {ids[0]: solution[ids[0]], ids[1]: [solution[ids[0]][0], solution[ids[1]][1]]}
    checked = api.check_board(data, clash)
    assert not checked["solved"] and not checked["complete"]
    assert "row" in [v["code"] for v in checked["violations"]]
    assert checked["wrong"] == [ids[1]]
    with pytest.raises(FormatError, match=r"unknown person|personne inconnue"):
        api.check_board(data, {"Nobody": [0, 0]})
    with pytest.raises(FormatError, match=r"a cell \[row, col\] on the board|du plateau attendue"):
        api.check_board(data, {ids[0]: [True, 0]})  # a JSON true is not row 1


def test_next_hint_places_someone_new_with_explained_steps() -> None:
    data = case_to_json(generated(7, 2))
    solution = data["solution"]
    for count in (0, 3):
        hint = api.next_hint(data, _board(data, count))
        assert hint["status"] == "hint"
        placed = hint["placement"]
        assert placed["person"] not in _board(data, count)
        assert placed["cell"] == solution[placed["person"]]
        assert hint["steps"] and all(s["text"]["fr"] and s["text"]["en"] for s in hint["steps"])
    assert api.next_hint(data, solution)["status"] == "solved"
    person = next(iter(solution))
    wrong = next([r, c] for r in range(7) for c in range(7) if [r, c] != solution[person]
                 and api.check_board(data, {person: [r, c]})["violations"] == [])
    assert api.next_hint(data, {person: wrong})["status"] == "broken"


def test_next_hint_on_a_case_that_needs_a_guess_says_so() -> None:
    data = case_json(  # unique, yet the ladder stops: only a guess would go on
        ["BCCC", "BCCC", "BCCA", "BAAA"],
        objects={(0, 0): "tabouret", (0, 2): "table", (0, 3): "caisse", (1, 0): "caisse", (3, 3): "fontaine"},
        people=[("Diane", "f", False), ("Elise", "f", False), ("Leon", "m", True), ("Paul", "m", False)],
        clues=[{"person": "Diane", "kind": "beside", "object": "table"}, {"person": "Paul", "kind": "column", "index": 2}],
    )
    case = case_from_json(data)
    assert count_solutions(case, 2).count == 1
    stuck = solve_logically(case)
    assert stuck.needs_guess
    board = {p.id: list(case.cell(d.bit_length() - 1)) for p, d in zip(case.people, stuck.domains, strict=True)
             if d & (d - 1) == 0}
    hint = api.next_hint(data, board)  # from where the ladder stops, no deduction places anybody
    assert hint["status"] == "needs_guess"


def test_generate_for_the_browser_is_deterministic() -> None:
    assert api.generate(5, "easy", 9) == api.generate(5, 1, 9)


def test_cli_solve_prints_solution_murderer_uniqueness_and_steps(case_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "murder", "solve", str(case_file), "--steps"]) == 0
    out = capsys.readouterr().out
    case = load_case(case_file)
    assert "Murderer:" in out and "Unique solution" in out and "difficulty 2" in out
    for pid, cell in (case.solution or {}).items():
        assert f"{pid}: {cell_name(cell)}" in out
    assert "  1. [easy]" in out
    assert main(["murder", "solve", str(case_file)]) == 0
    out = capsys.readouterr().out
    for pid, cell in (case.solution or {}).items():
        assert f"{pid} : {cell_name(cell)}" in out  # French puts a space before the colon
    assert "Assassin : " in out


def test_text_board_numbers_rows_and_columns_as_moves_do() -> None:
    people = [("Hélène", "f", True), ("Jérôme", "m", False), ("Noël", "m", False), ("Zoé", "f", False)]
    data = case_json(["AABB", "AABB", "CCDD", "CCDD"], people=people, objects={(3, 3): "plante", (2, 0): "lit"})
    case = case_from_json(data)
    lines = board_text(case, {"Hélène": (0, 1), "Zoé": (3, 2)}).splitlines()
    assert lines[0].split() == ["C1", "C2", "C3", "C4"]
    assert [line.split()[0] for line in lines[1:5]] == ["R1", "R2", "R3", "R4"]
    assert lines[1].split()[1:] == ["A.", "AHé", "B.", "B."]  # Hélène at R1C2, in room A
    assert lines[3].split()[1:] == ["Co", "C.", "D.", "D."]  # a bed one may stand on
    assert lines[4].split()[1:] == ["C.", "C.", "DZo", "D#"]  # Zoé at R4C3; the plant blocks R4C4
    assert lines[0].index("C2") == lines[1].index("AHé")  # columns line up
    assert lines[5].strip().startswith("A = la pièce A")
    # room ids longer than a letter ("1", "10") get a letter each, named in the legend
    for row in data["grid"]:
        row[:] = ["1" if room in "AB" else "10" for room in row]
    data["rooms"] = [{**data["rooms"][0], "id": "1"}, {**data["rooms"][2], "id": "10"}]
    lines = board_text(case_from_json(data), {}).splitlines()
    assert lines[1].split()[1:] == ["A.", "A.", "A.", "A."] and lines[4].split()[1:] == ["B.", "B.", "B.", "B#"]
    assert lines[5].strip() == "A = la pièce A, B = la Cave"


def test_cli_solve_on_a_case_with_several_solutions_warns_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "open.json"
    path.write_text(json.dumps(case_json(["AABB", "AABB", "CCDD", "CCDD"])), encoding="utf-8")  # no clue at all
    assert main(["murder", "solve", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "ATTENTION : au moins deux solutions ; en voici une."
    assert any(line.startswith("Assassin dans cette solution-ci : ") for line in lines)
    assert not any(line.startswith("Assassin : ") for line in lines)  # no murderer claimed for the case
    assert lines[-1] == "Il faut deviner : le solveur logique s'arrête après 0 étape."


def test_cli_hint_from_a_partial_board(case_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = load_case(case_file)
    pid, cell = next(iter((case.solution or {}).items()))
    assert main(["murder", "hint", str(case_file), "--given", f"{pid}@{cell_name(cell)}"]) == 0
    assert "ne peut être qu'en" in capsys.readouterr().out
    assert main(["murder", "hint", str(case_file), "--given", "Nobody@R1C1"]) == 2  # a usage error (docs/cli.md)
    assert "Nobody" in capsys.readouterr().err
    wrong = next(c for c in case.cells() if c != cell and c[0] == cell[0] and case.standable_mask >> case.index(c) & 1)
    others = [p for p in case.person_by_id if p != pid]
    given = f"{pid}@{cell_name(cell)},{others[0]}@{cell_name(wrong)}"  # two people in one row
    assert main(["murder", "hint", str(case_file), "--given", given]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "enfreint une règle" in err


def test_cli_generate_several_with_a_progress_bar(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cases"
    assert main(["murder", "generate", "--size", "5", "--difficulty", "2", "--seed", "3", "--count", "2", "--out", str(out)]) == 0
    files = sorted(out.glob("*.json"))
    assert [f.name for f in files] == ["murder-5x5-d2-s3.json", "murder-5x5-d2-s4.json"]
    assert "Génération" in capsys.readouterr().err
    assert case_to_json(load_case(files[0])) == api.generate(5, 2, 3)


def test_cli_errors_are_one_line_and_non_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "meeple-murder-case", "version": 1, "size": 12}', encoding="utf-8")
    assert main(["murder", "solve", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "size" in err and "bad.json" in err
    assert main(["murder", "generate", "--difficulty", "insane"]) != 0
    capsys.readouterr()
    for args, fr in ((["generate", "--size", "3"], "de 4 à 9"), (["generate", "--count", "0"], "au moins 1"),
                     (["generate", "--count", "2", "--out", str(tmp_path / "x.json")], "un dossier est attendu"),
                     (["render", str(bad), "--out", "x.svg", "--lang", "de"], "fr ou en attendu")):
        assert main(["murder", *args]) == 2  # a bad value is a usage error (docs/cli.md)
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and fr in err  # in French, the default language


def test_render_svg_has_walls_floors_objects_cards_and_the_answer() -> None:
    case = generated(6, 2)
    plain = render_svg(case, language="fr")
    assert plain.startswith("<svg") and f'height="{WALL_WIDTH}" fill="{WALL}"' in plain  # thick walls
    for room in case.rooms:
        assert FLOORS[room.floor].colour in plain
    assert "La victime. Elle était seule avec" in plain and "assassin." in plain
    answer = render_svg(case, case.solution, language="en")
    assert answer.count("<circle") > plain.count("<circle")
    assert "The victim." in answer


def test_a_long_room_name_in_a_narrow_room_wraps_inside_it() -> None:
    data = case_json(["ABBBB", "ABBBB", "ACCCC", "ACCCC", "ACCCC"])
    data["rooms"][0]["name"] = {"fr": "la Salle à manger", "en": "the Dining Room"}
    svg = render_svg(case_from_json(data), language="fr")
    bold = re.findall(r'<text x="(\d+)"[^>]*font-weight="bold"[^>]*>([^<]*)<', svg)
    narrow = [text for x, text in bold if x == "30"]
    assert len(narrow) >= 2 and " ".join(narrow) == "La Salle à manger"  # one column wide: wrapped
    assert narrow[0] == "La Salle"  # short words share a line
    assert ("94", "La Bibliothèque") in bold  # a wide room keeps its name on one line


def test_render_pdf_through_reportlab(case_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "case.pdf"
    assert main(["murder", "render", str(case_file), "--out", str(out), "--solution"]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    svg = tmp_path / "case.svg"
    write_render(load_case(case_file), svg)
    assert svg.read_text(encoding="utf-8").startswith("<svg")
    assert main(["murder", "render", str(case_file), "--out", str(tmp_path / "case.png")]) == 1


def test_accented_names_are_printed_with_an_embedded_unicode_font(tmp_path: Path) -> None:
    people = [("Hélène", "f", True), ("Jérôme", "m", False), ("Noël", "m", False), ("Zoé", "f", False)]
    data = case_json(["AABB", "AABB", "CCDD", "CCDD"], people=people,
                     clues=[{"person": "Jérôme", "kind": "room", "room": "C"}])
    data["rooms"][0]["name"] = {"fr": "le Cœur", "en": "the Heart"}
    case = case_from_json(data)
    svg = render_svg(case, language="fr")
    assert all(name in svg for name, _, _ in people) and "Le Cœur" in svg
    assert 'font-family="DejaVu Sans,' in svg
    out = tmp_path / "case.pdf"
    write_render(case, out, language="fr")
    pdf = out.read_bytes()
    # DejaVu (fonts-dejavu-core, installed by scripts/setup.sh) is embedded for every text: regular and bold
    assert b"DejaVuSans" in pdf and b"DejaVuSans-Bold" in pdf


def test_cli_hint_takes_names_without_accents(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    people = [("Hélène", "f", True), ("Jérôme", "m", False), ("Noël", "m", False), ("Zoé", "f", False)]
    path = tmp_path / "accents.json"
    path.write_text(json.dumps(case_json(["AABB", "AABB", "CCDD", "CCDD"], people=people)), encoding="utf-8")
    assert main(["murder", "hint", str(path), "--given", "jerome@R1C1"]) == 0
    assert "Jérôme ne peut être qu'en R1C1" in capsys.readouterr().out
    assert main(["murder", "hint", str(path), "--given", "Jerome@R1C1,ZOE@R1C2"]) == 1
    assert "Zoé et Jérôme partagent une rangée" in capsys.readouterr().err
    assert main(["murder", "hint", str(path), "--given", "jerome@R1C1", "--given", "Jérôme@R2C2"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Jérôme est donné deux fois" in err  # not silently moved


def test_cli_generate_without_the_answer(tmp_path: Path) -> None:
    target = tmp_path / "puzzle.json"
    assert main(["murder", "generate", "--size", "4", "--seed", "2", "--out", str(target), "--no-solution"]) == 0
    assert "solution" not in json.loads(target.read_text(encoding="utf-8"))
    assert load_case(target).solution is None


def test_cli_help_pages_show_one_language_each(help_page: Callable[..., str]) -> None:
    french = help_page("--lang", "fr", "murder")
    assert "Dessine l'enquête en SVG ou en PDF." in french and "Draw the case" not in french
    english = help_page("--lang", "en", "murder")
    assert "Draw the case as SVG or PDF." in english and "Dessine l'enquête" not in english
    french = help_page("--lang", "fr", "murder", "generate")
    assert "1 ou facile, 2 ou moyen" in french and "1 or easy" not in french
    english = help_page("--lang", "en", "murder", "generate")
    assert "1 or easy, 2 or medium" in english and "1 ou facile" not in english


def test_cli_unknown_difficulty_is_quoted_the_french_way(capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["--lang", "fr", "murder", "generate", "--difficulty", "7"]) == 2
    assert capsys.readouterr().err.strip() == ("meeple: valeur invalide pour --difficulty : "
                                               "difficulté inconnue « 7 » : 1/facile, 2/moyen, 3/difficile, 4/expert")
    assert main(["--lang", "en", "murder", "generate", "--difficulty", "7"]) == 2
    assert capsys.readouterr().err.strip() == ("meeple: Invalid value for --difficulty: "
                                               "unknown difficulty '7': 1/easy, 2/medium, 3/hard, 4/expert")
