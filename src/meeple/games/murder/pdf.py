"""The PDF side of printing: page sizes and the paper of the locale, and :class:`PdfPages`, a PDF of SVG
pictures with every font embedded and its document information (title, author, subject) filled in."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg
from meeple.core.modules import require_optional

DEJAVU_FOLDERS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"),
                  Path("/usr/share/fonts/TTF"), Path("/usr/local/share/fonts"))
"""Where the DejaVu fonts are looked for (Debian's fonts-dejavu-core, then other layouts)."""

PAPERS: dict[str, tuple[float, float]] = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
"""Page sizes in points (1/72 inch): A4 210 × 297 mm, US Letter 8.5 × 11 in."""

PAGE_MARGIN = 36.0
"""Margin on every side of a printed page, in points (half an inch, 12.7 mm): printers leave 4-6 mm."""

LETTER_TERRITORIES = frozenset({"US", "CA", "MX", "PH", "CL", "CO", "VE"})
"""Where Letter is the usual paper (the locale's territory, as in ``en_US.UTF-8``); A4 everywhere else."""


def default_paper(environ: Mapping[str, str] | None = None) -> str:
    """``letter`` when the locale (``LC_ALL``, ``LC_PAPER`` or ``LANG``, first set) is of a Letter country,
    else ``a4``."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_PAPER", "LANG"):
        value = env.get(name, "")
        if value:
            territory = value.split(".")[0].partition("_")[2].upper()
            return "letter" if territory in LETTER_TERRITORIES else "a4"
    return "a4"


def check_paper(paper: str) -> str:
    """``paper`` if known (``a4``, ``letter``), else a clear error."""
    if paper not in PAPERS:
        raise MeepleError(Msg(f"papier « {paper} » inconnu : a4 ou letter", f"unknown paper {paper!r}: a4 or letter"))
    return paper


@dataclass(frozen=True)
class PdfInfo:
    """What a PDF says about itself (its document information, which print shops and readers show)."""

    title: str
    subject: str
    author: str = "meeple"
    keywords: str = "Sudoku Murder, meeple"
    language: str = "fr"


class PdfPages:
    """A PDF of pages of one paper size, with SVG pictures placed in boxes, scaled to fit and never
    enlarged. Same pictures, same bytes (reportlab's invariant mode: no date, a fixed document id).

    Every font is embedded, as print shops require: the pictures' text and the page numbers are in DejaVu Sans
    (its subset), and no other font is named, not even reportlab's default Helvetica; without DejaVu Sans
    installed (Debian's fonts-dejavu-core, which scripts/setup.sh installs) nothing is written and the error
    says what to install."""

    def __init__(self, path: Path | BinaryIO, paper: str, info: PdfInfo | None = None) -> None:
        pdf = Msg("Le PDF", "PDF")
        self._canvas_module = require_optional("reportlab.pdfgen.canvas", "pdf", pdf)
        self._render = require_optional("reportlab.graphics.renderPDF", "pdf", pdf)
        self._svg2rlg = require_optional("svglib.svglib", "pdf", pdf).svg2rlg
        font = _register_dejavu()
        if font is None:
            folders = ", ".join(str(folder) for folder in DEJAVU_FOLDERS)
            raise MeepleError(Msg(
                f"le PDF embarque la police DejaVu Sans, introuvable ici ({folders}) : installez fonts-dejavu-core",
                f"the PDF embeds the DejaVu Sans font, not found here ({folders}): install fonts-dejavu-core"))
        self.font = font
        self.width, self.height = PAPERS[check_paper(paper)]
        info = info or PdfInfo("Sudoku Murder", "Sudoku Murder")
        target = str(path) if isinstance(path, Path) else path  # a file, or bytes kept in memory (the server)
        self.canvas = self._canvas_module.Canvas(target, pagesize=(self.width, self.height), invariant=1,
                                                 initialFontName=font, lang=info.language)
        self.canvas.setTitle(info.title)
        self.canvas.setSubject(info.subject)
        self.canvas.setAuthor(info.author)
        self.canvas.setCreator("meeple")
        self.canvas.setKeywords(info.keywords)
        self._folder = tempfile.TemporaryDirectory()
        self.pages = 0

    @property
    def box(self) -> tuple[float, float, float, float]:
        """The printable box inside the margins: left, top (from the page's top), width, height."""
        return PAGE_MARGIN, PAGE_MARGIN, self.width - 2 * PAGE_MARGIN, self.height - 2 * PAGE_MARGIN

    def place(self, svg_text: str, left: float, top: float, width: float, height: float) -> tuple[float, float]:
        """Draw an SVG picture in the box (``top`` counted from the page's top), centred across and at the
        box's top, as large as fits but not enlarged; returns the width and height it took."""
        source = Path(self._folder.name) / "picture.svg"
        source.write_text(svg_text, encoding="utf-8")
        drawing = self._svg2rlg(str(source))
        if drawing is None:
            raise MeepleError(Msg("conversion SVG → PDF impossible", "SVG to PDF conversion failed"))
        drawing.initialFontName = self.font  # not reportlab's default Helvetica, which is never embedded
        scale = min(width / drawing.width, height / drawing.height, 1.0)
        drawing.scale(scale, scale)
        shown_width, shown_height = drawing.width * scale, drawing.height * scale
        drawing.width, drawing.height = shown_width, shown_height
        x = left + (width - shown_width) / 2
        y = self.height - top - shown_height
        self._render.draw(drawing, self.canvas, x, y)
        return shown_width, shown_height

    def footer(self, text: str) -> None:
        """A small centred line in the bottom margin (page numbers)."""
        self.canvas.setFont(self.font, 9)
        self.canvas.setFillColorRGB(0.35, 0.35, 0.35)
        self.canvas.drawCentredString(self.width / 2, PAGE_MARGIN / 2, text)

    def end_page(self) -> None:
        """Close the current page."""
        self.canvas.showPage()
        self.pages += 1

    def save(self) -> None:
        """Write the file."""
        self.canvas.save()
        self._folder.cleanup()



def _register_dejavu() -> str | None:
    """Make DejaVu Sans (regular and bold) known to svglib and reportlab, so that PDFs embed it; returns
    reportlab's name of the regular face (for text drawn outside the pictures), or None when not found."""
    from svglib.fonts import register_font

    for folder in DEJAVU_FOLDERS:
        regular, bold = folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            name, _ = register_font("DejaVu Sans", str(regular), weight="normal")
            register_font("DejaVu Sans", str(bold), weight="bold")
            return name
    return None
