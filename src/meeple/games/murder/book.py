"""A printable book of cases: a title page, the cases one per page in rising difficulty, the solutions at
the end (each with the number of deduction steps the logical solver took), on A4 or Letter.

Same arguments, same book, byte for byte: the cases come from their seeds and the PDF is written in
reportlab's invariant mode.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg
from meeple.core.svg import Svg
from meeple.games.murder.generate import generate_case
from meeple.games.murder.logic import LEVEL_NAMES, MAX_LEVEL, solve_logically
from meeple.games.murder.model import MAX_SIZE, MIN_SIZE, Case, murderer
from meeple.games.murder.render import FONT, PAGE_MARGIN, PdfPages, render_board_svg, render_svg

MAX_BOOK_CASES = 100
"""The most cases one book holds (a book of 100 9×9 cases takes a few minutes to make)."""

SOLUTIONS_PER_PAGE = 6
"""Solution boards on one page: three rows of two."""


@dataclass(frozen=True)
class BookEntry:
    """One case of the book: its number, the case, and the steps the logical solver took."""

    number: int
    case: Case
    steps: int


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
        entries.append(BookEntry(number, case.rebuilt(title=title), steps))
    return entries


def write_book(entries: list[BookEntry], path: Path, paper: str, language: str, seed: int) -> int:
    """Write the book's PDF; returns its number of pages."""
    pages = PdfPages(path, paper)
    left, top, width, height = pages.box
    pages.place(_title_page(entries, language, seed, width, height), left, top, width, height)
    pages.end_page()
    for entry in entries:
        pages.place(render_svg(entry.case, language=language), left, top, width, height)
        pages.footer(str(pages.pages + 1))
        pages.end_page()
    cell_width, cell_height = (width - PAGE_MARGIN / 2) / 2, (height - PAGE_MARGIN) / 3
    for start in range(0, len(entries), SOLUTIONS_PER_PAGE):
        for index, entry in enumerate(entries[start:start + SOLUTIONS_PER_PAGE]):
            row, column = divmod(index, 2)
            pages.place(_solution_svg(entry, language), left + column * (cell_width + PAGE_MARGIN / 2),
                        top + row * (cell_height + PAGE_MARGIN / 2), cell_width, cell_height)
        pages.footer(str(pages.pages + 1))
        pages.end_page()
    pages.save()
    return pages.pages


def _title_page(entries: list[BookEntry], language: str, seed: int, width: float, height: float) -> str:
    """The title page: the book's name, what it holds, and its table of contents."""
    svg = Svg(width, height, background="#ffffff")
    svg.raw(f'<g font-family="{FONT}">')
    title = Msg("Sudoku Murder", "Sudoku Murder").text(language)
    svg.text(width / 2, 110, title, font_size=40, font_weight="bold", text_anchor="middle", fill="#7b1f1f")
    count = len(entries)
    subtitle = Msg(f"{count} enquête{'s' if count > 1 else ''}, de la plus facile à la plus difficile",
                   f"{count} case{'s' if count > 1 else ''}, from the easiest to the hardest").text(language)
    svg.text(width / 2, 150, subtitle, font_size=15, text_anchor="middle", fill="#333")
    made = Msg(f"Graine {seed} — solutions à la fin du livre", f"Seed {seed} — solutions at the end of the book")
    svg.text(width / 2, 174, made.text(language), font_size=11, text_anchor="middle", fill="#666")
    y = 230.0
    per_column = max(1, int((height - y - 20) // 16))
    for index, entry in enumerate(entries):
        column, row = divmod(index, per_column)
        case = entry.case
        line = (case.title or Msg("", "")).text(language)
        svg.text(60 + column * (width / 2 - 20), y + row * 16, line, font_size=11, fill="#222")
    svg.raw("</g>")
    return svg.to_string()


def _solution_svg(entry: BookEntry, language: str) -> str:
    """A solution: the board with everybody on it, the murderer and the number of steps."""
    case = entry.case
    board = dict(case.solution or {})
    killer = murderer(case, board)
    who = killer.name if killer else "?"
    caption = Msg(f"N° {entry.number} — {entry.steps} étapes ; l'assassin : {who}",
                  f"No. {entry.number} — {entry.steps} steps; the murderer: {who}")
    return render_board_svg(case, board, language, caption.text(language))
