"""The pages of a book that are not cases: the title page, the contents and the rules page, each an SVG
picture of one page's printable box, in the book's language (French or English)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from meeple.core.i18n import Msg
from meeple.core.svg import Svg
from meeple.games.murder.render import FONT, wrap_text

INK = "#222"
ACCENT = "#7b1f1f"

RULES: tuple[tuple[Msg, tuple[Msg, ...]], ...] = (
    (Msg("Le but", "The goal"), (
        Msg("Placez chaque personne sur sa case en suivant les indices de sa fiche, puis trouvez l'assassin : "
            "la seule personne qui se trouvait dans la même pièce que la victime.",
            "Place every person on their cell following the clues of their card, then find the murderer: the "
            "only person who was in the same room as the victim."),)),
    (Msg("Placement", "Placement"), (
        Msg("Le plateau est une grille N×N ; l'enquête compte N personnes, dont la victime.",
            "The board is an N×N grid; the case has N people, the victim among them."),
        Msg("Chaque personne occupe exactement une case. Deux personnes ne partagent jamais une rangée, ni une "
            "colonne : chaque rangée et chaque colonne reçoit une personne.",
            "Each person stands on exactly one cell. Two people never share a row, nor a column: every row and "
            "every column holds one person."),
        Msg("On se tient sur le sol nu ou sur ce qui porte : chaise, fauteuil, canapé, lit, banc, tabouret, tapis, "
            "carpette. Le décor bloque sa case : plante, table, arbre, buisson, rocher, caisse, étagère, fontaine, "
            "statue, poubelle ; il peut tout de même apparaître dans les indices.",
            "One stands on the bare floor or on what bears one: chair, armchair, sofa, bed, bench, stool, rug, "
            "mat. Decor blocks its cell: plant, table, tree, bush, rock, crate, shelf, fountain, statue, bin; it "
            "may still appear in clues."),)),
    (Msg("Les pièces, la victime et l'assassin", "Rooms, the victim and the murderer"), (
        Msg("Des murs épais divisent le plateau en pièces ; deux pièces voisines ont des sols différents. Une pièce "
            "peut contenir n'importe quel nombre de personnes, sauf celle de la victime.",
            "Thick walls divide the board into rooms; two neighbouring rooms have different floors. A room may "
            "hold any number of people, except the victim's."),
        Msg("La pièce de la victime contient la victime et exactement une autre personne : l'assassin. La fiche de "
            "la victime dit « La victime. Elle était seule avec l'assassin. » et peut porter un indice de plus.",
            "The victim's room holds the victim and exactly one other person: the murderer. The victim's card "
            "says \"The victim. She was alone with the murderer.\" and may carry one more clue."),)),
)
"""The rules page's paragraphs (the seed's rules page, for players), by section."""

CLUE_MEANINGS: tuple[tuple[Msg, Msg], ...] = (
    (Msg("dans la rangée du haut, la deuxième rangée…", "in the top row, the second row…"),
     Msg("cette rangée-là ; celles du milieu se comptent depuis le haut", "that row; middle rows count from the top")),
    (Msg("dans la colonne de gauche, la troisième colonne…", "in the left column, the third column…"),
     Msg("cette colonne-là ; celles du milieu se comptent depuis la gauche", "that column; middle ones count from the left")),
    (Msg("dans la Bibliothèque / pas dans la Cave", "in the Library / not in the Cellar"),
     Msg("quelque part dans cette pièce / n'importe où ailleurs", "somewhere in that room / anywhere else")),
    (Msg("sur un fauteuil / pas sur un canapé", "on an armchair / not on a sofa"),
     Msg("sa case porte cet objet / ne le porte pas (elle peut en porter un autre)",
         "their cell holds that object / does not (it may hold another)")),
    (Msg("à côté d'une plante / d'aucune chaise", "next to a plant / to no chair"),
     Msg("une case juste au-dessus, en dessous, à gauche ou à droite, dans sa pièce, en a une / aucune n'en a ; "
         "jamais en diagonale", "a cell just above, below, left or right, in their room, holds one / none does; "
         "never diagonally")),
    (Msg("dans un coin de la pièce / pas dans un coin", "in a corner of the room / not in a corner"),
     Msg("des murs de sa pièce sur deux côtés qui se rejoignent ; le bord du plateau compte comme un mur",
         "walls of their room on two sides that meet; the board's edge counts as a wall")),
    (Msg("dans le Bureau avec un autre homme", "in the Study with another man"),
     Msg("dans cette pièce, et exactement un autre homme aussi ; des femmes peuvent y être",
         "in that room, and exactly one other man too; women may be there")),
    (Msg("seule dans la pièce", "alone in the room"),
     Msg("personne d'autre dans sa pièce", "nobody else in their room")),
)
"""The rules page's table: what each kind of clue means (the seed's « Le sens de chaque indice »)."""


@dataclass(frozen=True)
class ContentsLine:
    """A line of the contents: its text and the page it points to."""

    text: str
    page: int


class _Page:
    """One page's picture: lines of text flowing down from the top."""

    def __init__(self, width: float, height: float) -> None:
        self.svg = Svg(width, height, background="#ffffff")
        self.svg.raw(f'<g font-family="{FONT}">')
        self.width = width
        self.y = 0.0

    def heading(self, text: str, size: float = 15) -> None:
        self.y += size + 10
        self.svg.text(0, self.y, text, font_size=size, font_weight="bold", fill=ACCENT)
        self.y += 4

    def paragraph(self, text: str, size: float = 12.5, indent: float = 0, bullet: bool = False) -> None:
        lines = wrap_text(text, self.width - indent - 12, size)
        for number, line in enumerate(lines):
            self.y += size * 1.35
            if bullet and number == 0:
                self.svg.text(indent, self.y, "•", font_size=size, fill=INK)
            self.svg.text(indent + 12, self.y, line, font_size=size, fill=INK)
        self.y += size * 0.35

    def done(self) -> str:
        self.svg.raw("</g>")
        return self.svg.to_string()


def title_page(count: int, levels: Sequence[str], language: str, width: float, height: float) -> str:
    """The title page: the book's name, what it holds (how many cases, of which levels), where the answers are."""
    svg = Svg(width, height, background="#ffffff")
    svg.raw(f'<g font-family="{FONT}">')
    svg.text(width / 2, height * 0.32, "Sudoku Murder", font_size=44, font_weight="bold", text_anchor="middle", fill=ACCENT)
    subtitle = Msg(f"{count} enquête{'s' if count > 1 else ''}, de la plus facile à la plus difficile",
                   f"{count} case{'s' if count > 1 else ''}, from the easiest to the hardest")
    svg.text(width / 2, height * 0.32 + 44, subtitle.text(language), font_size=16, text_anchor="middle", fill="#333")
    svg.text(width / 2, height * 0.32 + 70, " · ".join(levels), font_size=12, text_anchor="middle", fill="#555")
    end = Msg("Les règles au début, les solutions à la fin.", "The rules at the start, the solutions at the end.")
    svg.text(width / 2, height * 0.32 + 96, end.text(language), font_size=12, text_anchor="middle", fill="#555")
    svg.raw("</g>")
    return svg.to_string()


def contents_page(lines: Sequence[ContentsLine], language: str, width: float, height: float) -> str:
    """The contents: each line with its page number at the right margin, dots between."""
    page = _Page(width, height)
    page.heading(Msg("Sommaire", "Contents").text(language), 24)
    page.y += 8
    size = 11.0 if len(lines) <= 40 else max(7.0, 11.0 * 40 / len(lines))
    for line in lines:
        page.y += size * 1.45
        page.svg.text(0, page.y, line.text, font_size=size, fill=INK)
        page.svg.text(width, page.y, str(line.page), font_size=size, text_anchor="end", fill=INK)
        dots_from = len(line.text) * size * 0.5 + 10  # about DejaVu Sans' mean width: the dots start after the text
        page.svg.add("line", x1=dots_from, y1=page.y, x2=width - 24, y2=page.y, stroke="#999", stroke_width=0.6,
                     stroke_dasharray="1,3")
    return page.done()


def rules_page(language: str, width: float, height: float) -> str:
    """The rules page in ``language``: the goal, placement, rooms and victim, and what each clue means."""
    page = _Page(width, height)
    page.heading(Msg("Règles du jeu", "Rules of the game").text(language), 24)
    for title, paragraphs in RULES:
        page.heading(title.text(language), 15)
        for paragraph in paragraphs:
            page.paragraph(paragraph.text(language), bullet=len(paragraphs) > 1)
    page.heading(Msg("Le sens de chaque indice", "What each clue means").text(language), 15)
    left = width * 0.38
    for sentence, meaning in CLUE_MEANINGS:
        said = wrap_text(f"« {sentence.text(language)} »" if language == "fr" else f"\"{sentence.text(language)}\"",
                         left - 10, 11)
        means = wrap_text(meaning.text(language), width - left, 11)
        top = page.y
        for number, line in enumerate(said):
            page.svg.text(0, top + 14.5 * (number + 1), line, font_size=11, font_style="italic", fill=INK)
        for number, line in enumerate(means):
            page.svg.text(left, top + 14.5 * (number + 1), line, font_size=11, fill=INK)
        page.y = top + 14.5 * max(len(said), len(means)) + 6
        page.svg.add("line", x1=0, y1=page.y, x2=width, y2=page.y, stroke="#ddd", stroke_width=0.5)
    page.heading(Msg("Une seule solution", "A single solution").text(language), 15)
    page.paragraph(Msg("Chaque enquête a exactement une solution, que l'on atteint pas à pas sans deviner ; son niveau "
                       "(facile, moyen, difficile, expert) dit quelles déductions elle demande.",
                       "Every case has exactly one solution, reached step by step without guessing; its level (easy, "
                       "medium, hard, expert) says which deductions it asks for.").text(language))
    return page.done()
