"""The hub's miniatures' drawing kit: the 160×90 felt card each game's ``art`` module draws on (its
``draw()``, the SVG body; app/hub_art.py frames it), and a few shapes in SVG presentation attributes (the
Content-Security-Policy blocks ``style``)."""

from __future__ import annotations

FELT, FELT_2, CREAM, GOLD, INK = "#173a32", "#21503f", "#f3ecd8", "#e9b949", "#1f2a27"
W, H = 160, 90  # every picture's viewBox: the card's width at 16:9


def rect(x: float, y: float, w: float, h: float, fill: str, rx: float = 1.0, stroke: str = "") -> str:
    line = f' stroke="{stroke}" stroke-width="1"' if stroke else ""
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}"{line}/>'


def circle(x: float, y: float, r: float, fill: str, stroke: str = "") -> str:
    line = f' stroke="{stroke}" stroke-width="1.5"' if stroke else ""
    return f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}"{line}/>'


def pips(x: float, y: float, size: float, n: int, colour: str) -> str:
    """The pips of face ``n`` on a die whose top-left corner is (x, y)."""
    spots = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }[n]
    step = size / 4
    return "".join(circle(x + step * (1 + i), y + step * (1 + j), size / 11, colour) for i, j in spots)
