"""A book a printer accepts (issue 29): every font embedded, the document's title, author and subject, a
contents page and a rules page in the book's language, no internal words, the solutions one a half-page.
The PDF is read back with pypdf, as a print shop's preflight would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from meeple.games.murder.book import book_plan, make_entries, write_book
from meeple.games.murder.generate import generate_case
from meeple.games.murder.render import write_render

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("reportlab")

STANDARD_14 = {"Courier", "Helvetica", "Times-Roman", "Symbol", "ZapfDingbats"}


def _fonts(reader: Any) -> list[tuple[str, Any]]:
    """Every font the pages use (their resources and their form pictures'), by base name."""
    found = []

    def walk(resources: Any) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            found.append((str(font.get("/BaseFont")), font))
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                walk(xobject.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


def _embedded(font: Any) -> bool:
    """Whether a font's glyphs are in the file (a font file in its descriptor, or its descendant's)."""
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("book")
    entries = make_entries(book_plan(3, [4, 5], None, 21))
    made = {}
    for language in ("fr", "en"):
        made[language] = folder / f"book-{language}.pdf"
        write_book(entries, made[language], "a4", language)
    return made


def test_every_font_is_embedded_and_none_is_a_standard_one(books: dict[str, Path]) -> None:
    for path in books.values():
        fonts = _fonts(pypdf.PdfReader(path))
        assert fonts, "the pages name their fonts"
        for name, font in fonts:
            assert _embedded(font), f"{name} is not embedded"
            assert not any(name.lstrip("/").split("+")[-1].startswith(base) for base in STANDARD_14), name
        assert {name.split("+")[-1] for name, _ in fonts} >= {"DejaVuSans", "DejaVuSans-Bold"}


def test_the_document_says_its_title_author_and_subject_in_its_language(books: dict[str, Path]) -> None:
    french = pypdf.PdfReader(books["fr"]).metadata
    assert french.title == "Sudoku Murder — 3 enquêtes" and french.author == "meeple"
    assert french.subject.startswith("Enquêtes de Sudoku Murder")
    english = pypdf.PdfReader(books["en"]).metadata
    assert english.title == "Sudoku Murder — 3 cases" and english.subject.startswith("Sudoku Murder cases")


def test_title_contents_rules_cases_and_solutions_two_a_page(books: dict[str, Path]) -> None:
    reader = pypdf.PdfReader(books["fr"])
    texts = [page.extract_text() for page in reader.pages]
    assert len(texts) == 3 + 3 + 2  # title, contents, rules; three cases; two solutions a page
    assert "Sudoku Murder" in texts[0] and "3 enquêtes" in texts[0]
    assert "Sommaire" in texts[1] and "Règles du jeu" in texts[1] and "Solutions" in texts[1]
    assert "Enquête n° 1" in texts[1] and "Enquête n° 3" in texts[1]
    assert "Règles du jeu" in texts[2] and "Le sens de chaque indice" in texts[2] and "l'assassin" in texts[2]
    assert all("Enquête n°" in text for text in texts[3:6])
    assert [text.count("l'assassin :") for text in texts[6:]] == [2, 1]  # one solution a half-page
    for number, text in enumerate(texts[1:], 2):
        assert str(number) in text.split()  # page numbers after the title page
    for text in texts:
        assert "Graine" not in text and "graine" not in text and "Seed" not in text
    english = [page.extract_text() for page in pypdf.PdfReader(books["en"]).pages]
    assert "Contents" in english[1] and "Rules of the game" in english[2] and "What each clue means" in english[2]


def test_one_printed_case_embeds_its_fonts_and_is_titled(tmp_path: Path) -> None:
    case = generate_case(5, 2, 3)
    path = write_render(case, tmp_path / "case.pdf", language="en", paper="letter")
    reader = pypdf.PdfReader(path)
    assert all(_embedded(font) for _, font in _fonts(reader))
    assert reader.metadata.title == "Case no. 3 — 5×5, medium" and reader.metadata.author == "meeple"
    assert "seed" not in reader.pages[0].extract_text().lower()
