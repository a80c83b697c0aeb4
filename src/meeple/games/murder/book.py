"""A printable book of cases, as a print shop takes it: a title page, the contents, the rules, the cases one
per page in rising difficulty, the solutions at the end two a page (each with the murderer, the level and the
number of deduction steps the logical solver took), on A4 or Letter, fonts embedded.

Same arguments, same book, byte for byte: the cases come from their seeds and the PDF is written in
reportlab's invariant mode.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg
from meeple.games.murder.book_pages import ContentsLine, contents_page, rules_page, title_page
from meeple.games.murder.generate import generate_case
from meeple.games.murder.logic import LEVEL_NAMES, MAX_LEVEL, solve_logically
from meeple.games.murder.model import MAX_SIZE, MIN_SIZE, Case, murderer
from meeple.games.murder.pdf import PAGE_MARGIN, PdfInfo, PdfPages
from meeple.games.murder.render import render_board_svg, render_svg

MAX_BOOK_CASES = 100
"""The most cases one book holds (a book of 100 9×9 cases takes a few minutes to make)."""

SOLUTIONS_PER_PAGE = 2
"""Solution boards on one page: one a half-page, large enough to read every name (six a page were
thumbnails)."""


@dataclass(frozen=True)
class BookEntry:
    """One case of the book: its number, the case, and the steps the logical solver took."""

    number: int
    case: Case
    steps: int
    level: int = 1


def book_plan(count: int, sizes: list[int], difficulty: int | None, seed: int) -> list[tuple[int, int, int]]:
    """The (size, difficulty, seed) of each case, in book order: rising difficulty, then size. Sizes are
    taken in turn; ``difficulty`` ``None`` (mixed) takes 1, 2, 3, 4 in turn."""
    if not 1 <= count <= MAX_BOOK_CASES:
        raise MeepleError(Msg(f"nombre d'enquêtes {count} : de 1 à {MAX_BOOK_CASES}",
                              f"number of cases {count}: from 1 to {MAX_BOOK_CASES}"))
    if not sizes or any(not MIN_SIZE <= size <= MAX_SIZE for size in sizes):
        raise MeepleError(Msg(f"tailles de {MIN_SIZE} à {MAX_SIZE}", f"sizes from {MIN_SIZE} to {MAX_SIZE}"))
    plan = [(sizes[i % len(sizes)], difficulty or 1 + i % MAX_LEVEL, seed + i) for i in range(count)]
    return sorted(plan, key=lambda item: (item[1], item[0], item[2]))


def make_entries(plan: list[tuple[int, int, int]], progress: Callable[[Iterable[tuple[int, int, int]]],
                 Iterator[tuple[int, int, int]]] = iter) -> list[BookEntry]:
    """Generate the cases of ``plan`` (``progress`` wraps the loop, e.g. a progress bar), numbered from 1."""
    entries = []
    for number, (size, level, case_seed) in enumerate(progress(plan), 1):
        case = generate_case(size, level, case_seed)
        steps = len(solve_logically(case).steps)
        title = Msg(f"Enquête n° {number} — {size}×{size}, {LEVEL_NAMES[level].fr}",
                    f"Case {number} — {size}×{size}, {LEVEL_NAMES[level].en}")
        entries.append(BookEntry(number, case.rebuilt(title=title), steps, level))
    return entries


def write_book(entries: list[BookEntry], path: Path, paper: str, language: str) -> int:
    """Write the book's PDF — title page, contents, rules, the cases one a page, the solutions two a page —
    every font embedded and the document's title, author and subject filled in; returns its page count."""
    count = len(entries)
    info = PdfInfo(Msg(f"Sudoku Murder — {count} enquête{'s' if count > 1 else ''}",
                       f"Sudoku Murder — {count} case{'s' if count > 1 else ''}").text(language),
                   Msg("Enquêtes de Sudoku Murder, de la plus facile à la plus difficile, avec leurs solutions",
                       "Sudoku Murder cases, from the easiest to the hardest, with their solutions").text(language),
                   language=language)
    pages = PdfPages(path, paper, info)
    box = pages.box
    levels = [level for level in LEVEL_NAMES if any(entry.level == level for entry in entries)]
    colon = " : " if language == "fr" else ": "
    summary = [f"{LEVEL_NAMES[level].text(language)}{colon}{sum(1 for e in entries if e.level == level)}" for level in levels]
    pages.place(title_page(count, summary, language, box[2], box[3]), *box)
    pages.end_page()
    first_case = 4  # title, contents, rules
    solutions = first_case + count
    contents = [ContentsLine(Msg("Règles du jeu", "Rules of the game").text(language), 3)]
    contents += [ContentsLine((entry.case.title or Msg("", "")).text(language), first_case + i) for i, entry in enumerate(entries)]
    contents.append(ContentsLine(Msg("Solutions", "Solutions").text(language), solutions))
    pages.place(contents_page(contents, language, box[2], box[3]), *box)
    _end_numbered(pages)
    pages.place(rules_page(language, box[2], box[3]), *box)
    _end_numbered(pages)
    for entry in entries:
        pages.place(render_svg(entry.case, language=language), *box)
        _end_numbered(pages)
    left, top, width, height = box
    half = (height - PAGE_MARGIN / 2) / 2
    for start in range(0, count, SOLUTIONS_PER_PAGE):
        for index, entry in enumerate(entries[start:start + SOLUTIONS_PER_PAGE]):
            pages.place(_solution_svg(entry, language), left, top + index * (half + PAGE_MARGIN / 2), width, half)
        _end_numbered(pages)
    pages.save()
    return pages.pages


def _end_numbered(pages: PdfPages) -> None:
    """The page number in the bottom margin, then the next page."""
    pages.footer(str(pages.pages + 1))
    pages.end_page()


def _solution_svg(entry: BookEntry, language: str) -> str:
    """A solution on half a page: the board with everybody on it, the murderer, the level and the steps."""
    case = entry.case
    board = dict(case.solution or {})
    killer = murderer(case, board)
    who = killer.name if killer else "?"
    level = LEVEL_NAMES[entry.level]
    caption = Msg(f"N° {entry.number} ({level.fr}, {entry.steps} étapes) — l'assassin : {who}",
                  f"No. {entry.number} ({level.en}, {entry.steps} steps) — the murderer: {who}")
    return render_board_svg(case, board, language, caption.text(language))
