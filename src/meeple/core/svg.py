"""A tiny SVG writer: elements with escaped attributes and text, for every picture meeple draws.

>>> svg = Svg(20, 10)
>>> svg.add("rect", x=0, y=0, width=20, height=10, fill="#fff")
>>> svg.text(10, 5, "A & B", font_size=4)
>>> "A &amp; B" in svg.to_string()
True
"""

from __future__ import annotations

from html import escape


def _attributes(attributes: dict[str, object]) -> str:
    parts = []
    for name, value in attributes.items():
        if value is None:
            continue
        if isinstance(value, float):
            value = f"{value:.2f}".rstrip("0").rstrip(".")
        parts.append(f'{name.rstrip("_").replace("_", "-")}="{escape(str(value), quote=True)}"')
    return " ".join(parts)


class Svg:
    """An SVG document built element by element (attribute ``font_size`` is written ``font-size``)."""

    def __init__(self, width: float, height: float, background: str | None = None) -> None:
        self.width = width
        self.height = height
        self.parts: list[str] = []
        if background:
            self.add("rect", x=0, y=0, width=width, height=height, fill=background)

    def add(self, tag: str, **attributes: object) -> None:
        """An empty element such as ``rect``, ``circle``, ``line``, ``polygon`` or ``path``."""
        self.parts.append(f"<{tag} {_attributes(attributes)}/>")

    def text(self, x: float, y: float, content: str, **attributes: object) -> None:
        """A line of text (escaped) at (x, y)."""
        self.parts.append(f"<text {_attributes({'x': x, 'y': y, **attributes})}>{escape(content)}</text>")

    def raw(self, fragment: str) -> None:
        """A trusted fragment written as it is (a group opening, a symbol)."""
        self.parts.append(fragment)

    def to_string(self) -> str:
        """The whole document."""
        body = "\n".join(self.parts)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
            f'viewBox="0 0 {self.width} {self.height}">\n{body}\n</svg>\n'
        )
