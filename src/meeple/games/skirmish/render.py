"""Drawing a battlefield in the terminal with Rich: terrain, fighters, ZOCs shaded, reachable cells marked.

Every cell is three characters wide. Fighters show their id in their side's colour; a cell inside an
active ZOC has the background of the side that controls it (red, blue, purple for both); with a
:class:`~meeple.games.skirmish.movement.Reach`, every legal end cell carries its outcome:
``o`` free, ``s`` stopped in a ZOC, ``E`` engaged (engages an opponent). Empty open cells inside a ZOC
show ``░`` (red's ZOC), ``▒`` (blue's) or ``▓`` (both) so that the shading survives a terminal without colours. A path shows its step numbers.

:func:`render_svg` draws the same as an SVG picture (coordinates, legend, a path with a red cross on
its first illegal step).
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
ZOC_SHADE = (" ░ ", " ▒ ", " ▓ ")
"""The mark of an empty open cell in red's, blue's or both sides' ZOC: the zones stay apart without colours."""
MARKS = {"free": (" o ", "bold green"), "stopped": (" s ", "bold yellow"), "engaged": (" E ", "bold magenta")}


def _zoc_owner(field: Battlefield) -> dict[Cell, int]:
    """Which side's ZOC covers each cell: 0, 1, or 2 for both."""
    owners: dict[Cell, int] = {}
    for fighter in field.fighters:
        for cell in field.zoc_cells(fighter.id):
            previous = owners.get(cell)
            owners[cell] = fighter.side if previous in (None, fighter.side) else 2
    return owners


def _cell_text(field: Battlefield, cell: Cell, objectives: Sequence[Cell], reach: Reach | None,
               steps: dict[Cell, int]) -> tuple[str, str]:
    occupant = field.occupant.get(cell)
    if occupant is not None:
        fighter = field.fighter(occupant)
        style = SIDE_STYLE[fighter.side] + (" reverse" if reach is not None and occupant == reach.fighter else "")
        style += " italic" if fighter.harmless else ""
        return occupant[:3].center(3), style
    if cell in steps:
        return f"{steps[cell]:>2} ", "bold white on grey30"
    if reach is not None and cell in reach.destinations:
        return MARKS[reach.destinations[cell].outcome.kind]
    terrain = field.ground.terrain(cell)
    if terrain == BLOCKING:
        return "███", "grey50"
    if cell in objectives:
        return " ◆ ", "bold yellow"
    return (" ~ ", "blue") if terrain == DIFFICULT else (" · ", "grey50")


def render_grid(field: Battlefield, objectives: Sequence[Cell] = (), reach: Reach | None = None,
                path: Sequence[Cell] = ()) -> Text:
    """The battlefield as Rich text, one grid row per line, with x and y coordinates; the cells of
    ``path`` before its end show their step number (the end keeps its outcome mark)."""
    owners = _zoc_owner(field)
    steps = {cell: number % 100 for number, cell in enumerate(path[:-1], start=1)}
    ground = field.ground
    text = Text("    " + "".join(f"{x:>3}" for x in range(ground.width)) + "\n", style="dim")
    for y in range(ground.height):
        text.append(f"{y:>3} ", style="dim")
        for x in range(ground.width):
            label, style = _cell_text(field, (x, y), objectives, reach, steps)
            owner = owners.get((x, y))
            if owner is not None and field.ground.terrain((x, y)) != BLOCKING:
                style = f"{style} {ZOC_BACKGROUND[owner]}"
                if label == " · ":
                    label = ZOC_SHADE[owner]  # shaded, side by side, even without colours (piped)
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
    for owner, msg in enumerate((Msg("ZdC rouge", "red ZOC"), Msg("ZdC bleue", "blue ZOC"),
                                 Msg("ZdC des deux camps", "both sides' ZOC"))):
        text.append(ZOC_SHADE[owner], style=ZOC_BACKGROUND[owner])
        text.append(f" {msg}  ")
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


def fighters_table(field: Battlefield, sides: Sequence[Msg] = (Msg("rouges", "red"), Msg("bleus", "blue"))) -> Table:
    """Every fighter with its side, cell, allowance, ZOC, hits, strike and state (engaged, harmless…)."""
    table = Table(title=str(Msg("Combattants", "Fighters")))
    for header in (Msg("id", "id"), Msg("camp", "side"), Msg("case", "cell"), Msg("PM", "MP"), Msg("ZdC", "ZOC"),
                   Msg("PV", "hits"), Msg("coup", "strike"), Msg("état", "state")):
        table.add_column(str(header))
    for fighter in field.fighters:
        state = []
        if fighter.harmless:
            state.append(str(Msg("inoffensif", "harmless")))
        if fighter.keeps_zoc:
            state.append(str(Msg("garde sa ZdC", "keeps its ZOC")))
        engaged = field.engaged_with(fighter.id)
        if engaged:
            state.append(f"{Msg('engagé avec', 'engaged with')} {', '.join(engaged)}")
        if fighter.zoc > 0 and not field.has_zoc(fighter.id):
            state.append(str(Msg("sans ZdC (engagé)", "no ZOC (engaged)")))
        table.add_row(Text(fighter.id, style=SIDE_STYLE[fighter.side]), str(sides[fighter.side]),
                      f"{fighter.cell[0]},{fighter.cell[1]}", str(fighter.move), str(fighter.zoc),
                      f"{fighter.hits}/{fighter.max_hits}", str(fighter.strike), "; ".join(state))
    return table


SVG_CELL = 28
SVG_MARGIN = 22
"""Room for the coordinates above and left of the map."""
SVG_LEGEND = 56
"""Room for the caption and the legend below the map."""
SVG_TERRAIN = {".": "#f4f1e8", "~": "#b9d3e8", "#": "#55524d"}
SVG_SIDE = ("#c0392b", "#2471a3")
SVG_ZOC = ("#c0392b", "#2471a3")
SVG_MARK = {"free": "#27ae60", "stopped": "#d4ac0d", "engaged": "#8e44ad"}
SVG_LETTER = {"free": "o", "stopped": "s", "engaged": "E"}
SVG_OUTCOMES = {"free": Msg("libre", "free"), "stopped": Msg("arrêté dans une ZdC", "stopped in a ZOC"),
                "engaged": Msg("engage", "engages")}


def _corner(cell: Cell) -> tuple[float, float]:
    """The top-left pixel of a cell (the map starts after the coordinate margin)."""
    return (SVG_MARGIN + cell[0] * SVG_CELL, SVG_MARGIN + cell[1] * SVG_CELL)


def _centre(cell: Cell) -> tuple[float, float]:
    x, y = _corner(cell)
    return (x + SVG_CELL / 2, y + SVG_CELL / 2)


def _svg_ground(svg: Svg, field: Battlefield, objectives: Sequence[Cell]) -> None:
    """Terrain, coordinates, ZOCs tinted by side, objectives."""
    size, ground = SVG_CELL, field.ground
    for column in range(ground.width):
        svg.text(SVG_MARGIN + (column + 0.5) * size, SVG_MARGIN - 7, str(column), text_anchor="middle", font_size=10,
                 fill="#555555", font_family="sans-serif")
    for row in range(ground.height):
        svg.text(SVG_MARGIN - 5, SVG_MARGIN + (row + 0.5) * size + 4, str(row), text_anchor="end", font_size=10,
                 fill="#555555", font_family="sans-serif")
    for cell in ground.grid.cells():
        x, y = _corner(cell)
        svg.add("rect", x=x, y=y, width=size, height=size, fill=SVG_TERRAIN[ground.terrain(cell)],
                stroke="#d8d4c8", stroke_width=0.5)
    for fighter in field.fighters:
        for cell in field.zoc_cells(fighter.id):
            if ground.passable(cell):
                x, y = _corner(cell)
                svg.add("rect", x=x, y=y, width=size, height=size, fill=SVG_ZOC[fighter.side], fill_opacity=0.16,
                        class_=f"zoc side{fighter.side}")
    for cell in objectives:
        x, y = _centre(cell)
        svg.text(x, y + 0.2 * size, "◆", text_anchor="middle", font_size=size * 0.6, fill="#b7950b")


def _svg_reach(svg: Svg, reach: Reach) -> None:
    """Every destination ringed in the colour of its outcome, with its letter (o, s, E)."""
    for cell, destination in reach.destinations.items():
        kind = destination.outcome.kind
        x, y = _centre(cell)
        svg.add("circle", cx=x, cy=y, r=SVG_CELL * 0.3, fill="none", stroke=SVG_MARK[kind], stroke_width=2.5,
                class_=f"dest {kind}")
        svg.text(x, y + 3.5, SVG_LETTER[kind], text_anchor="middle", font_size=10, fill=SVG_MARK[kind],
                 font_family="sans-serif", font_weight="bold")


def _svg_path(svg: Svg, field: Battlefield, start: Cell, path: Sequence[Cell], bad_step: int | None) -> None:
    """The path as a line from the fighter, with its steps numbered; a red cross on the first illegal one."""
    legal = list(path) if bad_step is None else list(path[:bad_step])
    points = " ".join(f"{x:g},{y:g}" for x, y in (_centre(cell) for cell in [start, *legal]))
    svg.add("polyline", points=points, fill="none", stroke="#222222", stroke_width=2.5, stroke_opacity=0.8,
            stroke_linejoin="round", class_="path")
    for number, cell in enumerate(legal, start=1):
        x, y = _centre(cell)
        svg.text(x + SVG_CELL * 0.3, y - SVG_CELL * 0.18, str(number), font_size=9, fill="#222222",
                 font_family="sans-serif")
    if bad_step is not None and bad_step < len(path) and field.ground.in_bounds(path[bad_step]):
        x, y = _centre(path[bad_step])
        arm = SVG_CELL * 0.32
        svg.add("path", d=f"M{x - arm:g},{y - arm:g} L{x + arm:g},{y + arm:g} M{x - arm:g},{y + arm:g} L{x + arm:g},{y - arm:g}",
                stroke="#e00000", stroke_width=3.5, class_="illegal-step")


def _svg_fighters(svg: Svg, field: Battlefield, chosen: str | None) -> None:
    size = SVG_CELL
    for fighter in field.fighters:
        x, y = _centre(fighter.cell)
        mine = fighter.id == chosen
        svg.add("circle", cx=x, cy=y, r=size * 0.42, fill=SVG_SIDE[fighter.side], stroke="#000000" if mine else "#ffffff",
                stroke_width=3 if mine else 1, fill_opacity=0.55 if fighter.harmless else 1)
        svg.text(x, y + size * 0.12, fighter.id[:3], text_anchor="middle", font_size=size * 0.36, fill="#ffffff",
                 font_family="sans-serif")


def _svg_legend(svg: Svg, top: float, caption: str) -> None:
    """The caption line, then what the rings and tints mean (in the current language)."""
    font = {"font_size": 11, "font_family": "sans-serif", "fill": "#222222"}
    svg.text(4, top + 16, caption, **font)
    x, y = 10.0, top + 40
    for kind, label in SVG_OUTCOMES.items():
        svg.add("circle", cx=x, cy=y - 4, r=6, fill="none", stroke=SVG_MARK[kind], stroke_width=2.5)
        svg.text(x + 10, y, str(label), **font)
        x += 22 + 6.5 * len(str(label))
    for side, label in enumerate((Msg("ZdC rouge", "red ZOC"), Msg("ZdC bleue", "blue ZOC"))):
        svg.add("rect", x=x - 6, y=y - 10, width=12, height=12, fill=SVG_ZOC[side], fill_opacity=0.3)
        svg.text(x + 10, y, str(label), **font)
        x += 22 + 6.5 * len(str(label))


def render_svg(field: Battlefield, objectives: Sequence[Cell] = (), reach: Reach | None = None,
               path: Sequence[Cell] = (), bad_step: int | None = None, caption: str = "",
               fighter: str | None = None) -> str:
    """The battlefield as an SVG picture with its coordinates: terrain, ZOCs tinted by side, reachable
    cells ringed by outcome (green ``o`` free, yellow ``s`` stopped, purple ``E`` engaged), the chosen
    fighter (``fighter``, else the reach's) outlined, fighters as discs; ``path`` drawn from that fighter with numbered steps (a red cross
    on ``bad_step``, the first illegal one); ``caption`` and a legend below."""
    ground = field.ground
    width, height = SVG_MARGIN + ground.width * SVG_CELL + 4, SVG_MARGIN + ground.height * SVG_CELL
    svg = Svg(max(width, 420, round(6.2 * len(caption)) + 8), height + SVG_LEGEND, background="#ffffff")
    _svg_ground(svg, field, objectives)
    if reach is not None:
        _svg_reach(svg, reach)
    chosen = fighter if fighter is not None else reach.fighter if reach is not None else None
    if path and chosen is not None:
        _svg_path(svg, field, field.fighter(chosen).cell, path, bad_step)
    _svg_fighters(svg, field, chosen)
    _svg_legend(svg, height, caption)
    return svg.to_string()
