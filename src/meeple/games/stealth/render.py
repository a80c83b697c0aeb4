"""Drawing a stealth board: :func:`render_svg` (browser, files) and :func:`render_text` (terminal).

Both read only ``game.view(None)``, so they draw exactly what a client receives. An enemy's front is
painted in the threat colour; a pivoting sentry's next orientation is a broken ring with a tick; an alert
tracker has an exclamation mark and a "cannot be neutralised" frame; a preview (``game.preview(move)``)
may be passed to mark the enemy about to be neutralised with a hand and to write a looming capture.
"""

from __future__ import annotations

import math
from typing import Any

from meeple.core.i18n import Msg
from meeple.core.svg import Svg

UNIT = 90.0
MARGIN = 60.0
THREAT = "#d62828"
LEADER = "#1d4ed8"
MEMBER = "#60a5fa"
ENEMY = "#374151"
KEY_COLOURS = {"red": "#dc2626", "blue": "#2563eb", "green": "#16a34a", "yellow": "#ca8a04"}
KIND_GLYPHS = {"sentry": "S", "pivot": "↻", "patrol": "P", "tracker": "T"}
TRAY_LABEL = Msg("Neutralisés", "Neutralised")
STONES_LABEL = Msg("Pierres", "Stones")
CANNOT = Msg("neutralisation impossible", "cannot be neutralised")
CAPTURE_LOOMS = Msg("Capture en vue", "Capture looms")


def _layout(view: dict[str, Any]) -> tuple[dict[str, tuple[float, float]], float, float]:
    nodes = view["nodes"]
    min_x = min(node["x"] for node in nodes)
    min_y = min(node["y"] for node in nodes)
    points = {node["id"]: (MARGIN + (node["x"] - min_x) * UNIT, MARGIN + (node["y"] - min_y) * UNIT) for node in nodes}
    width = max(x for x, _ in points.values()) + MARGIN
    height = max(y for _, y in points.values()) + MARGIN + 70
    return points, width, height


def _toward(a: tuple[float, float], b: tuple[float, float], distance: float) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return a[0] + dx / length * distance, a[1] + dy / length * distance


def render_svg(game: Any, preview: dict[str, Any] | None = None) -> str:
    """The board of ``game`` (a StealthGame) as an SVG document, optionally with a move's preview."""
    return svg_of_view(game.view(None), preview)


def svg_of_view(view: dict[str, Any], preview: dict[str, Any] | None = None) -> str:
    """The SVG of a ``view`` JSON (what a server holds), optionally with a move's preview."""
    points, width, height = _layout(view)
    svg = Svg(round(width), round(height), background="#f8f5ee")
    _draw_edges(svg, view, points)
    _draw_nodes(svg, view, points)
    _draw_enemies(svg, view, points, preview)
    _draw_caravan(svg, view, points)
    _draw_status(svg, view, width, height, preview)
    return svg.to_string()


def _draw_edges(svg: Svg, view: dict[str, Any], points: dict[str, tuple[float, float]]) -> None:
    for edge in view["edges"]:
        a, b = points[edge["a"]], points[edge["b"]]
        svg.add("line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], stroke="#8b7d6b", stroke_width=4, class_="edge")
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        if edge["oneway"]:
            tip = _toward(middle, b, 9)
            left = _toward(middle, a, 7)
            angle = math.atan2(b[1] - a[1], b[0] - a[0]) + math.pi / 2
            dx, dy = math.cos(angle) * 7, math.sin(angle) * 7
            svg.add("polygon", points=f"{tip[0]:.1f},{tip[1]:.1f} {left[0] + dx:.1f},{left[1] + dy:.1f} "
                    f"{left[0] - dx:.1f},{left[1] - dy:.1f}", fill="#5b4636", class_="oneway")
        if edge["door"] is not None:
            colour = KEY_COLOURS.get(edge["door"], "#7c3aed")
            svg.add("rect", x=middle[0] - 8, y=middle[1] - 8, width=16, height=16, rx=2,
                    fill="none" if edge["open"] else colour, stroke=colour, stroke_width=3,
                    stroke_dasharray="3 2" if edge["open"] else None, class_="door")


def _draw_nodes(svg: Svg, view: dict[str, Any], points: dict[str, tuple[float, float]]) -> None:
    fronts = {enemy["facing"] for enemy in view["enemies"] if enemy["state"] != "out"}
    for node in view["nodes"]:
        x, y = points[node["id"]]
        threat = node["id"] in fronts and not node["hide"]
        stroke = THREAT if threat else "#5b4636"
        if node["hide"]:
            svg.add("rect", x=x - 16, y=y - 16, width=32, height=32, rx=6, fill="#86efac", stroke=stroke,
                    stroke_width=2, class_="node hide")
        else:
            svg.add("circle", cx=x, cy=y, r=16, fill="#fde68a" if node["exit"] else "#fffdf7", stroke=stroke,
                    stroke_width=3 if threat else 2, class_="node")
        if node["exit"]:
            svg.add("circle", cx=x, cy=y, r=21, fill="none", stroke="#b45309", stroke_width=2)
        if node["key"] is not None and node["key"] not in view["keys"]:
            colour = KEY_COLOURS.get(node["key"], "#7c3aed")
            svg.add("polygon", points=f"{x + 14},{y - 22} {x + 20},{y - 16} {x + 14},{y - 10} {x + 8},{y - 16}",
                    fill=colour, class_="key")
        svg.text(x, y + 34, node["id"], font_size=12, text_anchor="middle", fill="#3f3f46", font_family="sans-serif")


def _draw_enemies(svg: Svg, view: dict[str, Any], points: dict[str, tuple[float, float]],
                  preview: dict[str, Any] | None) -> None:
    marked = set(preview["neutralises"]) if preview else set()
    crowd: dict[str, int] = {}
    for enemy in view["enemies"]:
        if enemy["state"] == "out":
            continue
        rank = crowd.get(enemy["node"], 0)
        crowd[enemy["node"]] = rank + 1
        centre = points[enemy["node"]]
        centre = (centre[0] + 9 * rank, centre[1] - 9 * rank)
        if enemy["facing"] is not None:
            front = _toward(centre, points[enemy["facing"]], 40)
            svg.add("line", x1=centre[0], y1=centre[1], x2=front[0], y2=front[1], stroke=THREAT, stroke_width=5,
                    stroke_linecap="round", class_="front")
        if enemy["kind"] == "pivot" and enemy["next_facing"] is not None:
            svg.add("circle", cx=centre[0], cy=centre[1], r=15, fill="none", stroke=ENEMY, stroke_width=2,
                    stroke_dasharray="6 4", class_="next-facing")
            tick = _toward(centre, points[enemy["next_facing"]], 20)
            svg.add("line", x1=centre[0], y1=centre[1], x2=tick[0], y2=tick[1], stroke=ENEMY, stroke_width=2,
                    stroke_dasharray="2 2")
        svg.add("circle", cx=centre[0], cy=centre[1], r=11, fill=ENEMY, class_=f"enemy {enemy['kind']} {enemy['state']}")
        svg.text(centre[0], centre[1] + 4, KIND_GLYPHS[enemy["kind"]], font_size=11, text_anchor="middle", fill="#fff",
                 font_family="sans-serif")
        _draw_enemy_marks(svg, enemy, centre, enemy["id"] in marked)


def _draw_enemy_marks(svg: Svg, enemy: dict[str, Any], centre: tuple[float, float], hand: bool) -> None:
    x, y = centre
    if enemy["state"] == "alert":
        svg.text(x + 14, y - 12, "!", font_size=18, font_weight="bold", fill=THREAT, font_family="sans-serif")
        svg.add("rect", x=x + 22, y=y - 30, width=16, height=16, fill="none", stroke=THREAT, stroke_width=2,
                class_="cannot-neutralise")
        svg.add("line", x1=x + 22, y1=y - 14, x2=x + 38, y2=y - 30, stroke=THREAT, stroke_width=2)
        svg.raw(f"<title>{CANNOT}</title>")
    elif enemy["state"] == "diverted":
        svg.text(x + 14, y - 12, "?", font_size=16, font_weight="bold", fill="#b45309", font_family="sans-serif")
    if hand:
        svg.text(x - 28, y - 12, "✋", font_size=18, class_="hand")


def _draw_caravan(svg: Svg, view: dict[str, Any], points: dict[str, tuple[float, float]]) -> None:
    for number, member in enumerate(view["members"], start=1):
        x, y = points[member]
        svg.add("circle", cx=x, cy=y, r=9, fill=MEMBER, stroke="#fff", stroke_width=2, class_="member")
        svg.text(x, y + 4, str(number), font_size=10, text_anchor="middle", fill="#fff", font_family="sans-serif")
    x, y = points[view["leader"]]
    svg.add("circle", cx=x, cy=y, r=11, fill=LEADER, stroke="#fff", stroke_width=2, class_="leader")


def _draw_status(svg: Svg, view: dict[str, Any], width: float, height: float, preview: dict[str, Any] | None) -> None:
    base = height - 40
    svg.add("rect", x=10, y=base - 18, width=210, height=36, rx=8, fill="#ede9fe", stroke="#7c3aed", class_="tray")
    svg.text(20, base + 5, f"{TRAY_LABEL}: {view['tray']}", font_size=14, font_family="sans-serif", fill="#3b0764")
    for seat in range(view["tray"]):
        svg.add("circle", cx=140 + seat * 12, cy=base - 2, r=4, fill=ENEMY)
        svg.add("rect", x=136 + seat * 12, y=base + 2, width=8, height=7, rx=2, fill=ENEMY)
    svg.text(235, base + 5, f"{STONES_LABEL}: {view['stones']}", font_size=14, font_family="sans-serif")
    stars = view["stars"]
    earned = "".join("★" if star in stars["earned"] else "☆" for star in stars["declared"])
    svg.text(width - 20, base + 5, earned, font_size=18, text_anchor="end", fill="#ca8a04", class_="stars")
    if preview and preview.get("capture"):
        capture = preview["capture"]
        svg.text(width / 2, 24, f"{CAPTURE_LOOMS}: {', '.join(capture['by'])}", font_size=15, text_anchor="middle",
                 fill=THREAT, font_weight="bold", class_="capture-warning")


# --- text ------------------------------------------------------------------------------------------
EVENT_TEXTS = {
    "move": Msg("→ {to}", "→ {to}"),
    "throw": Msg("pierre lancée sur {node}", "stone thrown at {node}"),
    "divert": Msg("{enemy} se tourne vers le son ({toward})", "{enemy} turns toward the sound ({toward})"),
    "neutralise": Msg("✋ {enemy} neutralisé, au bac", "✋ {enemy} neutralised, into the tray"),
    "key": Msg("clé {key} ramassée : ses portes s'ouvrent", "key {key} taken: its doors open"),
    "alert": Msg("{enemy} en alerte !", "{enemy} is alert!"),
    "exit": Msg("sortie atteinte", "exit reached"),
    "capture": Msg("capture : {who} ({how}) par {by}", "capture: {who} ({how}) by {by}"),
}


KIND_WORDS = {
    "sentry": Msg("sentinelle", "sentry"), "pivot": Msg("sentinelle pivotante", "pivoting sentry"),
    "patrol": Msg("patrouille", "patrol"), "tracker": Msg("traqueur", "tracker"),
}
CAPTURE_HOW = {
    "front": Msg("par l'avant", "front"), "alert": Msg("en alerte", "alert"), "crowd": Msg("à plusieurs", "crowd"),
    "seen": Msg("vu", "seen"), "contact": Msg("contact", "contact"), "member": Msg("membre", "member"),
    "untouchable": Msg("intouchable", "untouchable"),
}


def capture_words(capture: dict[str, Any]) -> tuple[Msg, Msg]:
    """Who was captured and how, in both languages (the event keeps its codes: ``leader``, ``member 2``)."""
    who = str(capture["who"])
    who_msg = Msg("chef", "leader") if who == "leader" else Msg(who.replace("member", "membre"), who)
    how = str(capture["how"])
    return who_msg, CAPTURE_HOW.get(how, Msg(how, how))


def event_text(event: dict[str, Any]) -> Msg:
    """One event of a turn's report (``game.reports[-1]`` or ``view["events"]``) as a sentence."""
    values = {key: ", ".join(value) if isinstance(value, list) else value for key, value in event.items()}
    if event["type"] == "capture":
        who, how = capture_words(event)
        template = EVENT_TEXTS["capture"]
        return Msg(template.fr.format(**{**values, "who": who.fr, "how": how.fr}),
                   template.en.format(**{**values, "who": who.en, "how": how.en}))
    return EVENT_TEXTS[event["type"]].format(**values)


STATE_WORDS = {
    "duty": Msg("en poste", "on duty"), "alert": Msg("EN ALERTE", "ALERT"), "diverted": Msg("détourné", "diverted"),
    "returning": Msg("retourne à son poste", "going back"), "out": Msg("neutralisé", "neutralised"),
}


def render_text(game: Any) -> str:
    """The board as text for a terminal: a map of node names, then each node's exits and occupants."""
    view = game.view(None)
    lines = [f"{view['level']['id']} — {Msg(**view['level']['title'])}   "
             f"{Msg('tour', 'turn')} {view['turn']}   {TRAY_LABEL}: {view['tray']}   {STONES_LABEL}: {view['stones']}"
             + (f"   {Msg('clés', 'keys')}: {', '.join(view['keys'])}" if view["keys"] else "")]
    lines += _text_map(view)
    exits: dict[str, list[str]] = {node["id"]: [] for node in view["nodes"]}
    for edge in view["edges"]:
        door = f" [{Msg('porte', 'door')} {edge['door']}{'' if edge['open'] else ' ✗'}]" if edge["door"] else ""
        exits[edge["a"]].append(edge["b"] + door)
        if not edge["oneway"]:
            exits[edge["b"]].append(edge["a"] + door)
    for node in view["nodes"]:
        lines.append(f"  {node['id']:>8} → {', '.join(exits[node['id']]) or '—'}{_occupants(view, node)}")
    return "\n".join(lines)


def _occupants(view: dict[str, Any], node: dict[str, Any]) -> str:
    words = []
    if node["hide"]:
        words.append(str(Msg("cachette", "hide")))
    if node["exit"]:
        words.append(str(Msg("SORTIE", "EXIT")))
    if node["key"] and node["key"] not in view["keys"]:
        words.append(f"{Msg('clé', 'key')} {node['key']}")
    if view["leader"] == node["id"]:
        words.append(str(Msg("@ VOUS", "@ YOU")))
    words += [f"{Msg('membre', 'member')} {n}" for n, m in enumerate(view["members"], start=1) if m == node["id"]]
    for enemy in view["enemies"]:
        if enemy["node"] == node["id"]:
            turn = f", {Msg('puis', 'then')} → {enemy['next_facing']}" if enemy["next_facing"] != enemy["facing"] else ""
            words.append(f"{enemy['id']} ({KIND_WORDS[enemy['kind']]}, {STATE_WORDS[enemy['state']]}) → {enemy['facing']}{turn}")
    return f"   [{'; '.join(words)}]" if words else ""


MAP_LEGEND = Msg("@ vous   & membre   ! ennemi   # cachette   > sortie",
                 "@ you   & member   ! enemy   # hide   > exit")
"""What the marks before the node names of the text map mean."""


def _text_map(view: dict[str, Any]) -> list[str]:
    xs = sorted({node["x"] for node in view["nodes"]})
    ys = sorted({node["y"] for node in view["nodes"]})
    width = max(len(node["id"]) for node in view["nodes"]) + 3
    grid = [[" " * width for _ in xs] for _ in ys]
    for node in view["nodes"]:
        grid[ys.index(node["y"])][xs.index(node["x"])] = f"{_map_mark(view, node)}{node['id']}".ljust(width)
    return ["  " + "".join(row).rstrip() for row in grid] + [f"  ({MAP_LEGEND})"]


def _map_mark(view: dict[str, Any], node: dict[str, Any]) -> str:
    """The one mark before a node's name: who stands there first, else what the node is."""
    name = node["id"]
    if name == view["leader"]:
        return "@"
    if name in view["members"]:
        return "&"
    if any(enemy["node"] == name for enemy in view["enemies"]):
        return "!"
    return "#" if node["hide"] else (">" if node["exit"] else " ")
