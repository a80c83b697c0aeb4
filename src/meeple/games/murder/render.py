"""Printable cases: the board (floors, thick walls between rooms, object icons, room names), the people's
cards with their clues, and optionally the answer — as SVG, or as PDF through reportlab + svglib.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg, get_language
from meeple.core.svg import Svg
from meeple.games.murder.model import FLOORS, Case, Cell
from meeple.games.murder.pdf import PAPERS, PdfInfo, PdfPages, default_paper
from meeple.games.murder.text import card_sentences

__all__ = ["PAPERS", "default_paper", "render_board_svg", "render_pdf", "render_svg", "sheet", "sheet_options",
           "write_render"]

CELL = 64
MARGIN = 24
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
"""DejaVu Sans first: it has every accent of the names and rooms (é, è, ê, ë, ï, ô, œ...)."""

WALL = "#2b2b2b"

ICONS: dict[str, tuple[str, str]] = {
    "chaise": ("chair", "#8d5a2b"), "fauteuil": ("armchair", "#a0522d"), "canapé": ("sofa", "#7b3f61"),
    "lit": ("bed", "#4f6d9a"), "banc": ("bench", "#7a5c3a"), "tabouret": ("stool", "#9c7a4d"),
    "tapis": ("rug", "#b5485d"), "carpette": ("mat", "#c98a3c"), "plante": ("plant", "#3f8f3f"),
    "table": ("table", "#6b4423"), "arbre": ("tree", "#2e6b2e"), "buisson": ("bush", "#4c9a4c"),
    "rocher": ("rock", "#7d7d7d"), "caisse": ("crate", "#a67c52"), "étagère": ("shelf", "#5c4033"),
    "fontaine": ("fountain", "#3c8dbc"), "statue": ("statue", "#9e9e9e"), "poubelle": ("bin", "#556b2f"),
}


OWN_KIND_COLOUR = "#6f6a8f"
"""The colour of a case's own object kinds (their picture is one of the built-in shapes)."""


def _look(case: Case, key: str) -> tuple[str, str]:
    """The shape and colour an object kind is drawn with."""
    if key in case.kinds:
        return case.kinds[key].icon, OWN_KIND_COLOUR
    return ICONS[key]


def _name(case: Case, key: str, lang: str) -> str:
    """An object kind's name in ``lang``."""
    kind = case.kind(key)
    return kind.name_fr if lang == "fr" else kind.english


def _icon(svg: Svg, look: tuple[str, str], x: float, y: float) -> None:
    """A small picture (shape, colour) centred in the cell whose top-left corner is (x, y)."""
    shape, colour = look
    cx, cy, s = x + CELL / 2, y + CELL / 2 - 1, CELL * 0.28
    if shape in ("plant", "tree", "bush"):
        radius = {"plant": s * 0.6, "tree": s, "bush": s * 0.8}[shape]
        if shape == "plant":
            svg.add("rect", x=cx - s * 0.35, y=cy + s * 0.3, width=s * 0.7, height=s * 0.5, fill="#8b5a2b")
        svg.add("circle", cx=cx, cy=cy, r=radius, fill=colour, stroke="#1e3d1e", stroke_width=1)
    elif shape in ("rock", "fountain", "statue"):
        if shape == "statue":
            svg.add("rect", x=cx - s * 0.6, y=cy + s * 0.4, width=s * 1.2, height=s * 0.4, fill=colour)
            svg.add("circle", cx=cx, cy=cy - s * 0.5, r=s * 0.3, fill=colour)
            svg.add("rect", x=cx - s * 0.25, y=cy - s * 0.2, width=s * 0.5, height=s * 0.6, fill=colour)
        else:
            svg.add("ellipse", cx=cx, cy=cy, rx=s, ry=s * 0.7, fill=colour, stroke="#333", stroke_width=1)
            if shape == "fountain":
                svg.add("ellipse", cx=cx, cy=cy, rx=s * 0.5, ry=s * 0.3, fill="#bfe3f5")
    elif shape in ("rug", "mat"):
        svg.add("rect", x=cx - s, y=cy - s * 0.7, width=2 * s, height=1.4 * s, rx=3, fill=colour, opacity=0.75,
                stroke="#fff", stroke_width=1.5, stroke_dasharray="3,2")
    elif shape in ("chair", "armchair", "sofa", "stool", "bench"):
        width = {"chair": s, "armchair": s * 1.3, "sofa": s * 2, "stool": s * 0.8, "bench": s * 2}[shape]
        svg.add("rect", x=cx - width / 2, y=cy - s * 0.3, width=width, height=s * 0.8, rx=3, fill=colour)
        if shape in ("chair", "armchair", "sofa"):
            svg.add("rect", x=cx - width / 2, y=cy - s * 0.7, width=width, height=s * 0.35, rx=2, fill=colour, opacity=0.7)
    elif shape == "bed":
        svg.add("rect", x=cx - s * 0.8, y=cy - s, width=s * 1.6, height=s * 2, rx=3, fill=colour)
        svg.add("rect", x=cx - s * 0.6, y=cy - s * 0.9, width=s * 1.2, height=s * 0.4, rx=2, fill="#fff")
    else:  # table, crate, shelf, bin
        height = {"shelf": s * 0.7, "bin": s * 1.2}.get(shape, s * 1.4)
        width = {"bin": s * 1.0}.get(shape, s * 1.8)
        svg.add("rect", x=cx - width / 2, y=cy - height / 2, width=width, height=height, rx=2, fill=colour,
                stroke="#222", stroke_width=1)


WALL_WIDTH = 5


def _walls(svg: Svg, case: Case) -> None:
    """Thick walls as filled bars that run half a wall past each end: where walls meet (an L, a T, a
    cross) the bars overlap, so no seam shows, whatever line caps the PDF converter keeps."""
    n, half = case.size, WALL_WIDTH / 2
    for r, c in case.cells():
        x, y = MARGIN + c * CELL, MARGIN + r * CELL
        if c + 1 < n and case.is_wall((r, c), (r, c + 1)):
            svg.add("rect", x=x + CELL - half, y=y - half, width=WALL_WIDTH, height=CELL + WALL_WIDTH, fill=WALL)
        if r + 1 < n and case.is_wall((r, c), (r + 1, c)):
            svg.add("rect", x=x - half, y=y + CELL - half, width=CELL + WALL_WIDTH, height=WALL_WIDTH, fill=WALL)
    svg.add("rect", x=MARGIN, y=MARGIN, width=n * CELL, height=n * CELL, fill="none", stroke=WALL, stroke_width=6)


def wrap_text(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines that fit ``width`` at font ``size`` (DejaVu Sans: 0.56 em a character at most)."""
    per_line = max(10, int(width / (size * 0.56)))  # DejaVu Sans: 0.56 em a character at most on the cards
    lines, current = [], ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > per_line:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return [*lines, current] if current else lines


NARROW = frozenset("ijlrtf.,'’ -")
WIDE = frozenset("mwMWœŒæÆ")


def _bold_width(text: str, size: float) -> float:
    """The width of ``text`` in DejaVu Sans Bold at ``size``, from the widest letter of each class (an upper
    bound: the label stays inside its room)."""
    em = sum(0.5 if char in NARROW else 1.1 if char in WIDE else 0.85 if char.isupper() else 0.72 for char in text)
    return em * size


def _room_label(name: str, width: float) -> tuple[float, list[str]]:
    """A room's name in bold lines that stay inside ``width`` (a narrow room wraps it, then shrinks it a little)."""
    words = name.split()
    size = max(7.0, min(10.0, width / max(_bold_width(word, 1) for word in words)))
    lines: list[str] = []
    for word in words:
        if lines and _bold_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return size, lines


def _card_lines(case: Case, language: str) -> list[tuple[str, list[str], bool]]:
    return [
        (f"{p.name} ({'F' if p.gender == 'f' else ('M' if language == 'en' else 'H')})",
         [s.text(language) for s in card_sentences(case, p)], p.victim)
        for p in case.people
    ]


def render_svg(case: Case, board: Mapping[str, Cell] | None = None, language: str | None = None) -> str:
    """The case as an SVG document; ``board`` (e.g. the solution) draws people on their cells."""
    lang = language or get_language()
    n = case.size
    side = n * CELL
    columns = 2
    card_width = max(250, (side - 12) // columns)
    cards = _card_lines(case, lang)
    card_heights = [34 + 15 * sum(len(wrap_text(s, card_width - 20, 12)) for s in lines) for _, lines, _ in cards]
    rows_of_cards = [card_heights[i:i + columns] for i in range(0, len(cards), columns)]
    width = max(side, columns * (card_width + 12)) + 2 * MARGIN
    svg = Svg(width, side + 2 * MARGIN, background="#ffffff")
    background = len(svg.parts) - 1
    svg.raw(f'<g font-family="{FONT}">')
    _board(svg, case, board, lang)
    y = _floor_legend(svg, case, lang, MARGIN + side + 22.0, width - 2 * MARGIN)
    y = _object_legend(svg, case, lang, y, width - 2 * MARGIN)
    if case.title:
        svg.text(MARGIN, y + 8, case.title.text(lang), font_size=18, font_weight="bold")
        y += 30
    for row_index, row in enumerate(rows_of_cards):
        for col_index, card_height in enumerate(row):
            name, lines, victim = cards[row_index * columns + col_index]
            _card(svg, MARGIN + col_index * (card_width + 12), y, card_width, card_height, name, lines, victim)
        y += max(row) + 12
    svg.height = round(y + MARGIN)
    svg.parts[background] = f'<rect x="0" y="0" width="{width}" height="{svg.height:.0f}" fill="#ffffff"/>'
    svg.raw("</g>")
    return svg.to_string()


def render_board_svg(case: Case, board: Mapping[str, Cell] | None, language: str, caption: str) -> str:
    """The board alone (people on it when ``board`` is given) under a one-line ``caption``: a book's
    solution."""
    side = case.size * CELL
    svg = Svg(side + 2 * MARGIN, side + 2 * MARGIN + 26, background="#ffffff")
    svg.raw(f'<g font-family="{FONT}">')
    svg.text(MARGIN, 18, caption, font_size=16, font_weight="bold", fill="#222")
    svg.raw('<g transform="translate(0,26)">')
    _board(svg, case, board, language)
    svg.raw("</g></g>")
    return svg.to_string()


def _board(svg: Svg, case: Case, board: Mapping[str, Cell] | None, lang: str) -> None:
    for r, c in case.cells():
        room = case.room_by_id[case.room_of((r, c))]
        x, y = MARGIN + c * CELL, MARGIN + r * CELL
        svg.add("rect", x=x, y=y, width=CELL, height=CELL, fill=FLOORS[room.floor].colour, stroke="#b9b2a6", stroke_width=0.6)
        kind = case.objects.get((r, c))
        if kind is not None:
            _icon(svg, _look(case, kind), x, y)
            label = _name(case, kind, lang)
            svg.text(x + CELL / 2, y + CELL - 5, label, font_size=9, text_anchor="middle", fill="#333")
    _walls(svg, case)
    taken = set(case.objects) | set((board or {}).values())
    for room in case.rooms:
        (r, c), run = _label_spot(case, room.id, taken)
        name = room.name.text(lang)
        size, lines = _room_label(name[:1].upper() + name[1:], run * CELL - 10)
        for number, line in enumerate(lines):
            svg.text(MARGIN + c * CELL + 6, MARGIN + r * CELL + 13 + number * (size + 2), line, font_size=size,
                     font_weight="bold", fill="#222")
    for pid, (r, c) in (board or {}).items():
        person = case.person_by_id[pid]
        cx, cy = MARGIN + c * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2
        svg.add("circle", cx=cx, cy=cy, r=CELL * 0.27, fill="#c0392b" if person.victim else "#1f4e79", stroke="#fff",
                stroke_width=2, opacity=0.92)
        svg.text(cx, cy + 5, person.name[:2], font_size=14, font_weight="bold", fill="#fff", text_anchor="middle")


def _label_spot(case: Case, room: str, taken: set[Cell]) -> tuple[Cell, int]:
    """Where a room's name goes: at the start of a run of the room's cells without an object or a person
    (``taken``), left to right, so the name never covers an icon or a token — the run where the name
    needs the fewest lines, the highest then leftmost among equals; with no free cell at all, the room's
    first cell. Returns the cell and the run's length in cells."""
    cells = {cell for cell in case.cells() if case.room_of(cell) == room}
    name = case.room_by_id[room].name
    best: tuple[Cell, int] = (min(cells), 1)
    best_key: tuple[int, int, int] | None = None
    for r, c in sorted(cells):
        run = 0
        while (r, c + run) in cells and (r, c + run) not in taken:
            run += 1
        if run == 0:
            continue
        lines = max(len(_room_label(text, run * CELL - 10)[1]) for text in (name.fr, name.en))
        key = (lines, r, c)
        if best_key is None or key < best_key:
            best, best_key = ((r, c), run), key
    return best


def _floor_legend(svg: Svg, case: Case, lang: str, y: float, width: float) -> float:
    """One line of floor swatches with each room's name; returns the next free y."""
    x: float = MARGIN
    for room in case.rooms:
        floor = FLOORS[room.floor]
        label = f"{room.name.text(lang)} : {floor.name.text(lang)}" if lang == "fr" else f"{room.name.text(lang)}: {floor.name.text(lang)}"
        step = 24 + len(label) * 5.6
        if x + step > MARGIN + width:
            x, y = MARGIN, y + 18
        svg.add("rect", x=x, y=y - 10, width=12, height=12, fill=floor.colour, stroke="#555", stroke_width=0.8)
        svg.text(x + 16, y, label, font_size=10, fill="#333")
        x += step
    return y + 22


LEGEND_ICON = 30
"""Side of an object's picture in the legend."""


def _object_legend(svg: Svg, case: Case, lang: str, y: float, width: float) -> float:
    """The case's objects in two lines: those one may stand on, those that block their cell; returns the
    next free y."""
    kinds = sorted(set(case.objects.values()), key=lambda kind: case.kind(kind).english)
    groups = (
        (Msg("On peut s'y tenir :", "One may stand on:"), [k for k in kinds if case.kind(k).standable]),
        (Msg("Bloque sa case :", "Blocks its cell:"), [k for k in kinds if not case.kind(k).standable]),
    )
    scale = LEGEND_ICON / (0.6 * CELL)  # an icon takes about 0.6 of its cell: in the legend, the whole slot
    for title, group in groups:
        if not group:
            continue
        svg.text(MARGIN, y + 4, title.text(lang), font_size=10, font_weight="bold", fill="#333")
        x = MARGIN + _bold_width(title.text(lang), 10) + 8
        for kind in group:
            label = _name(case, kind, lang)
            step = LEGEND_ICON + 8 + len(label) * 5.6 + 10
            if x + step > MARGIN + width:
                x, y = MARGIN + 12, y + LEGEND_ICON + 2
            left, top = x + LEGEND_ICON / 2 - scale * CELL / 2, y - 3 - scale * CELL / 2
            svg.raw(f'<g transform="translate({left:.1f},{top:.1f}) scale({scale:.4f})">')
            _icon(svg, _look(case, kind), 0, 0)
            svg.raw("</g>")
            svg.text(x + LEGEND_ICON + 4, y + 4, label, font_size=10, fill="#333")
            x += step
        y += LEGEND_ICON + 4
    return y + 8


def _card(svg: Svg, x: float, y: float, width: float, height: float, name: str, lines: list[str], victim: bool) -> None:
    svg.add("rect", x=x, y=y, width=width, height=height, rx=6, fill="#fdf6e3", stroke="#c0392b" if victim else "#8a7f6a",
            stroke_width=2 if victim else 1)
    svg.text(x + 10, y + 20, name, font_size=14, font_weight="bold", fill="#c0392b" if victim else "#222")
    line_y = y + 38
    for sentence in lines:
        for part in wrap_text(sentence, width - 20, 12):
            svg.text(x + 10, line_y, part, font_size=12, fill="#222")
            line_y += 15


def write_render(case: Case, out: str | Path, board: Mapping[str, Cell] | None = None, language: str | None = None,
                 paper: str | None = None) -> Path:
    """Write ``out`` as SVG or PDF (chosen by its suffix); a PDF is one page of ``paper`` (``a4`` or
    ``letter``; default :func:`default_paper`) with margins, the picture scaled to fit."""
    path = Path(out)
    suffix = path.suffix.lower()
    if suffix == ".svg":
        path.write_text(render_svg(case, board, language), encoding="utf-8")
    elif suffix == ".pdf":
        path.write_bytes(render_pdf(case, board, language, paper or default_paper()))
    else:
        raise MeepleError(Msg(f"{out} : extension .svg ou .pdf attendue", f"{out}: a .svg or .pdf suffix is expected"))
    return path


def render_pdf(case: Case, board: Mapping[str, Cell] | None, language: str | None, paper: str) -> bytes:
    """The case on one page of ``paper`` with margins, the picture scaled to fit (never enlarged), as PDF bytes."""
    buffer = io.BytesIO()
    lang = language or get_language()
    title = case.title.text(lang) if case.title else "Sudoku Murder"
    subject = Msg("Une enquête de Sudoku Murder" + (", avec la réponse" if board else ""),
                  "A Sudoku Murder case" + (", with the answer" if board else "")).text(lang)
    pages = PdfPages(buffer, paper, PdfInfo(title, subject, language=lang))
    pages.place(render_svg(case, board, lang), *pages.box)
    pages.end_page()
    pages.save()
    return buffer.getvalue()


SHEET_FORMATS = ("pdf", "svg")
"""What a printed sheet asked through the server may be (:func:`sheet`)."""


def sheet_options(params: Any, default_format: str) -> tuple[str, str, str]:
    """The language, paper and format a print question asks for (``lang`` fr|en, default fr; ``paper``
    a4|letter, default a4: the server has no locale, the browser sends its own; ``format`` pdf|svg), or a
    clear error naming the parameter."""
    options = params if isinstance(params, dict) else {}
    language = options.get("lang", "fr")
    paper = options.get("paper", "a4")
    fmt = options.get("format", default_format)
    for name, value, allowed in (("lang", language, ("fr", "en")), ("paper", paper, tuple(PAPERS)),
                                 ("format", fmt, SHEET_FORMATS)):
        if value not in allowed:
            raise MeepleError(Msg(f"params.{name} : {' ou '.join(allowed)} attendu, pas {value!r}",
                                  f"params.{name}: {' or '.join(allowed)} expected, not {value!r}"))
    return language, paper, fmt


def sheet(case: Case, board: Mapping[str, Cell] | None, language: str, paper: str, fmt: str) -> dict[str, Any]:
    """The printable sheet as the server sends it: ``{"format": "svg", "svg": text}`` or
    ``{"format": "pdf", "paper", "pdf": base64 text, "bytes": size of the PDF}`` (a 9×9 case is about
    25-60 kB of PDF, a third more in base64: see docs/rules/murder.md). A missing ``pdf`` extra raises
    :class:`~meeple.core.modules.MissingPartError` (the server's ``missing_part``)."""
    if fmt == "svg":
        return {"format": "svg", "svg": render_svg(case, board, language)}
    data = render_pdf(case, board, language, paper)
    return {"format": "pdf", "paper": paper, "bytes": len(data), "pdf": base64.b64encode(data).decode("ascii")}
