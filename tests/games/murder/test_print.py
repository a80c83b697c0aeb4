"""Printing: PDF pages on A4 or Letter, the legend of objects, room names clear of icons, clean wall joins,
and books of cases (title page, cases in rising difficulty, solutions at the end, same seed same book)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from meeple.cli import main
from meeple.games.murder.book import book_plan, make_entries, write_book
from meeple.games.murder.caseio import save_case
from meeple.games.murder.render import CELL, MARGIN, WALL, WALL_WIDTH, default_paper, render_svg, write_render

from .builders import make_case
from .conftest import generated

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def page_sizes(pdf: Path) -> list[tuple[float, float]]:
    """Each page's MediaBox width and height, in points."""
    boxes = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf.read_bytes())
    return [(round(float(w), 2), round(float(h), 2)) for w, h in boxes]


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)])
def test_a_printed_case_is_one_page_of_a4_or_letter(tmp_path: Path, paper: str, size: tuple[float, float]) -> None:
    # before: a 9×9 case printed on a 477 × 865-912 pt page, neither A4 nor Letter, scaled by the printer
    out = tmp_path / "case.pdf"
    write_render(generated(9, 2), out, language="fr", paper=paper)
    assert page_sizes(out) == [size]
    case_file = tmp_path / "case.json"
    save_case(generated(9, 2), case_file)
    assert main(["murder", "render", str(case_file), "--out", str(out), "--paper", paper, "--solution"]) == 0
    assert page_sizes(out) == [size]


def test_paper_follows_the_locale_or_a4() -> None:
    assert default_paper({"LANG": "en_US.UTF-8"}) == "letter"
    assert default_paper({"LC_PAPER": "fr_CA.UTF-8", "LANG": "fr_FR.UTF-8"}) == "letter"
    assert default_paper({"LC_ALL": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"}) == "a4"
    assert default_paper({}) == "a4"


def test_an_unknown_paper_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case_file = tmp_path / "case.json"
    save_case(generated(4, 1), case_file)
    assert main(["murder", "render", str(case_file), "--out", str(tmp_path / "c.pdf"), "--paper", "a3"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "a4 ou letter" in err
    assert not (tmp_path / "c.pdf").exists()


def test_the_legend_says_which_objects_one_stands_on_and_which_block() -> None:
    case = make_case(["AABB", "AABB", "CCDD", "CCDD"], objects={(0, 0): "fauteuil", (1, 3): "plante", (3, 3): "tapis"})
    svg = render_svg(case, language="fr")
    stand, block = svg.index("On peut s&#x27;y tenir"), svg.index("Bloque sa case")
    assert stand < svg.index(">fauteuil<", stand) < block and stand < svg.index(">tapis<", stand) < block
    assert svg.index(">plante<", block) > block
    english = render_svg(case, language="en")
    assert "One may stand on:" in english and "Blocks its cell:" in english
    assert english.index(">armchair<", english.index("One may stand on:")) < english.index("Blocks its cell:")


@pytest.mark.parametrize(("size", "difficulty"), [(6, 2), (7, 1), (8, 3), (9, 2)])
@pytest.mark.parametrize("answer", [False, True])
def test_room_names_are_never_drawn_over_an_object(size: int, difficulty: int, answer: bool) -> None:
    # before: the name went in the room's first cell, over the icon of whatever stood there; with the
    # answer drawn, it keeps off the people's tokens too
    case = generated(size, difficulty)
    svg = render_svg(case, case.solution if answer else None, language="fr")
    taken = set(case.objects) | (set((case.solution or {}).values()) if answer else set())
    names = {room.name.fr[:1].upper() + room.name.fr[1:]: room.id for room in case.rooms}
    labels = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="[\d.]+" font-weight="bold" fill="#222">([^<]*)<', svg)
    placed = 0
    for x, y, escaped in labels:
        text = html.unescape(escaped)
        row, col = int((float(y) - MARGIN) // CELL), int((float(x) - MARGIN) // CELL)
        if any(name.startswith(text) or text in name for name in names):
            assert (row, col) not in taken, (text, row, col)
            placed += 1
    assert placed >= len(case.rooms)


def test_walls_overlap_where_they_meet_so_no_seam_shows() -> None:
    # before: wall segments ended exactly at the corner: with butt caps (svglib) a notch showed at each join
    case = make_case(["AABB", "ACCB", "ACCB", "DDDD"])
    svg = render_svg(case, language="fr")
    bars = [tuple(float(v) for v in found) for found in re.findall(
        rf'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="{WALL}"/>', svg)]
    assert len(bars) == 11  # one bar per wall between two cells
    half = WALL_WIDTH / 2
    for x, y, width, height in bars:
        long_side = max(width, height)
        assert long_side == CELL + WALL_WIDTH  # half a wall past each end: it covers both joins whole
        assert min(width, height) == WALL_WIDTH
        assert (x + half - MARGIN) % CELL == 0 and (y + half - MARGIN) % CELL == 0  # from half a wall before a corner


def test_a_book_has_a_title_page_cases_in_rising_difficulty_and_solutions_at_the_end(tmp_path: Path) -> None:
    plan = book_plan(7, [4, 5], None, 11)
    assert [level for _, level, _ in plan] == sorted(level for _, level, _ in plan) == [1, 1, 2, 2, 3, 3, 4]
    entries = make_entries(plan)
    assert all(entry.steps > 0 for entry in entries)
    out = tmp_path / "book.pdf"
    pages = write_book(entries, out, "a4", "fr")
    assert pages == 3 + 7 + 4 == len(page_sizes(out))  # title, contents, rules; one page a case; two solutions a page
    assert set(page_sizes(out)) == {A4}
    again = tmp_path / "again.pdf"
    write_book(make_entries(book_plan(7, [4, 5], None, 11)), again, "a4", "fr")
    assert again.read_bytes() == out.read_bytes()  # same seed, same book, byte for byte


def test_cli_book_writes_the_pdf_with_a_progress_bar_and_refuses_bad_options(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "book.pdf"
    assert main(["murder", "book", "--count", "2", "--sizes", "4", "--difficulty", "facile", "--seed", "3",
                 "--out", str(out), "--paper", "letter"]) == 0
    captured = capsys.readouterr()
    assert "Écrit" in captured.out and "6 pages" in captured.out and "Enquêtes" in captured.err
    assert set(page_sizes(out)) == {LETTER}
    for args, fr in ((["--count", "0"], "de 1 à 100"), (["--sizes", "3-12"], "des tailles de 4 à 9"),
                     (["--difficulty", "extrême"], "extrême"), (["--paper", "a3"], "a4 ou letter")):
        assert main(["murder", "book", "--out", str(tmp_path / "x.pdf"), *args]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and fr in err
    assert main(["murder", "book", "--out", str(tmp_path / "x.svg")]) == 2
    assert ".pdf" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_a_solution_page_names_the_murderer_and_the_number_of_steps() -> None:
    from meeple.games.murder.book import _solution_svg

    entry = make_entries(book_plan(1, [5], 2, 4))[0]
    svg = _solution_svg(entry, "fr")
    assert f"N° 1 (moyen, {entry.steps} étapes) — l&#x27;assassin : " in svg
    assert svg.count("<circle") >= 5  # everybody on the board
