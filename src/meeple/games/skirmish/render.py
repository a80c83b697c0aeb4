"""Drawing a battlefield in the terminal with Rich: terrain, fighters, ZOCs shaded, reachable cells marked.

Every cell is three characters wide. Fighters show their id in their side's colour; a cell inside an
active ZOC has the background of the side that controls it (red, blue, purple for both); with a
:class:`~meeple.games.skirmish.movement.Reach`, every legal end cell carries its outcome:
``o`` free, ``s`` stopped in a ZOC, ``E`` engaged (engages an opponent). Empty open cells inside a ZOC
show ``░`` so that the shading survives a terminal without colours.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from meeple.core.boards import Cell
from meeple.core.i18n import Msg
from meeple.core.svg import Svg
from meeple.games.skirmish.battlefield import BLOCKING, DIFFICULT, Battlefield
from meeple.games.skirmish.movement import Reach

SIDE_STYLE = ("bold red", "bold cyan")
ZOC_BACKGROUND = ("on #4a1818", "on #183050", "on #3a2050")
MARKS = {"free": (" o ", "bold green"), "stopped": (" s ", "bold yellow"), "engaged": (" E ", "bold magenta")}


def _zoc_owner(field: Battlefield) -> dict[Cell, int]:
    """Which side's ZOC covers each cell: 0, 1, or 2 for both."""
    owners: dict[Cell, int] = {}
    for fighter in field.fighters:
        for cell in field.zoc_cells(fighter.id):
            previous = owners.get(cell)
            owners[cell] = fighter.side if previous in (None, fighter.side) else 2
    return owners


def _cell_text(field: Battlefield, cell: Cell, objectives: Sequence[Cell], reach: Reach | None) -> tuple[str, str]:
    occupant = field.occupant.get(cell)
    if occupant is not None:
        fighter = field.fighter(occupant)
        style = SIDE_STYLE[fighter.side] + (" reverse" if reach is not None and occupant == reach.fighter else "")
        style += " italic" if fighter.harmless else ""
        return occupant[:3].center(3), style
    if reach is not None and cell in reach.destinations:
        return MARKS[reach.destinations[cell].outcome.kind]
    terrain = field.ground.terrain(cell)
    if terrain == BLOCKING:
        return "███", "grey50"
    if cell in objectives:
        return " ◆ ", "bold yellow"
    return (" ~ ", "blue") if terrain == DIFFICULT else (" · ", "grey50")


def render_grid(field: Battlefield, objectives: Sequence[Cell] = (), reach: Reach | None = None) -> Text:
    """The battlefield as Rich text, one grid row per line, with x and y coordinates."""
    owners = _zoc_owner(field)
    ground = field.ground
    text = Text("    " + "".join(f"{x:>3}" for x in range(ground.width)) + "\n", style="dim")
    for y in range(ground.height):
        text.append(f"{y:>3} ", style="dim")
        for x in range(ground.width):
            label, style = _cell_text(field, (x, y), objectives, reach)
            owner = owners.get((x, y))
            if owner is not None and field.ground.terrain((x, y)) != BLOCKING:
                style = f"{style} {ZOC_BACKGROUND[owner]}"
                if label == " · ":
                    label = " ░ "  # shaded even without colours
            text.append(label, style=style)
        text.append("\n")
    return text


def legend() -> Text:
    """What the marks and colours mean (in the current language)."""
    text = Text()
    for kind, msg in (("free", Msg("libre", "free")), ("stopped", Msg("arrêté dans une ZdC", "stopped in a ZOC")),
                      ("engaged", Msg("engage", "engages"))):
        label, style = MARKS[kind]
        text.append(label.strip(), style=style)
        text.append(f" {msg}   ")
    text.append(" ░ ", style=ZOC_BACKGROUND[0])
    text.append(f" {Msg('ZdC rouge', 'red ZOC')}  ")
    text.append(" ░ ", style=ZOC_BACKGROUND[1])
    text.append(f" {Msg('ZdC bleue', 'blue ZOC')}  ")
    text.append(" ◆ ", style="bold yellow")
    text.append(f" {Msg('objectif', 'objective')}  ")
    text.append(" ~ ", style="blue")
    text.append(f" {Msg('difficile (×2)', 'difficult (×2)')}")
    return text


def destinations_table(reach: Reach) -> Table:
    """Every destination with its cost, outcome and path."""
    table = Table(title=str(Msg(f"Destinations de {reach.fighter}", f"Destinations of {reach.fighter}")))
    for header in (Msg("case", "cell"), Msg("coût", "cost"), Msg("issue", "outcome"), Msg("chemin", "path")):
        table.add_column(str(header))
    for cell in sorted(reach.destinations, key=lambda c: (c[1], c[0])):
        destination = reach.destinations[cell]
        table.add_row(f"{cell[0]},{cell[1]}", str(destination.cost), destination.outcome.text(),
                      " ".join(f"{x},{y}" for x, y in destination.path))
    return table


SVG_CELL = 28
SVG_TERRAIN = {".": "#f4f1e8", "~": "#b9d3e8", "#": "#55524d"}
SVG_SIDE = ("#c0392b", "#2471a3")
SVG_ZOC = ("#c0392b", "#2471a3")
SVG_MARK = {"free": "#27ae60", "stopped": "#d4ac0d", "engaged": "#8e44ad"}


def render_svg(field: Battlefield, objectives: Sequence[Cell] = (), reach: Reach | None = None) -> str:
    """The battlefield as an SVG picture: terrain, ZOCs tinted by side, reachable cells ringed by outcome
    (green free, yellow stopped, purple engaged), the chosen fighter outlined, fighters as discs."""
    size = SVG_CELL
    svg = Svg(field.ground.width * size, field.ground.height * size, background="#ffffff")
    for x, y in field.ground.grid.cells():
        svg.add("rect", x=x * size, y=y * size, width=size, height=size,
                fill=SVG_TERRAIN[field.ground.terrain((x, y))], stroke="#d8d4c8", stroke_width=0.5)
    for fighter in field.fighters:
        for x, y in field.zoc_cells(fighter.id):
            if field.ground.passable((x, y)):
                svg.add("rect", x=x * size, y=y * size, width=size, height=size,
                        fill=SVG_ZOC[fighter.side], fill_opacity=0.16)
    for x, y in objectives:
        svg.text((x + 0.5) * size, (y + 0.7) * size, "◆", text_anchor="middle", font_size=size * 0.6, fill="#b7950b")
    if reach is not None:
        for (x, y), destination in reach.destinations.items():
            svg.add("circle", cx=(x + 0.5) * size, cy=(y + 0.5) * size, r=size * 0.3, fill="none",
                    stroke=SVG_MARK[destination.outcome.kind], stroke_width=2.5)
    for fighter in field.fighters:
        (x, y), chosen = fighter.cell, reach is not None and fighter.id == reach.fighter
        svg.add("circle", cx=(x + 0.5) * size, cy=(y + 0.5) * size, r=size * 0.42, fill=SVG_SIDE[fighter.side],
                stroke="#000000" if chosen else "#ffffff", stroke_width=3 if chosen else 1,
                fill_opacity=0.55 if fighter.harmless else 1)
        svg.text((x + 0.5) * size, (y + 0.62) * size, fighter.id[:3], text_anchor="middle",
                 font_size=size * 0.36, fill="#ffffff", font_family="sans-serif")
    return svg.to_string()
