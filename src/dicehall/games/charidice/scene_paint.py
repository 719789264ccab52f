"""Drawing the Charidice dice: a face shows its number and its colour, and each colour its own symbol
(square, stripes, heart, drop, leaf, star) so that colour is never the only cue."""

from __future__ import annotations

import math

from dicehall.games.charidice.dice import COLOURS, colour_of
from dicehall.ui import theme
from dicehall.ui.canvas import DisplayList

BLANK = "#fbf7ef"


def _heart(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(24):
        t = 2 * math.pi * i / 24
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * r / 16, cy - y * r / 16 + r * 0.1))
    return pts


def _drop(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    pts = [(cx, cy - r * 1.05)]
    by = cy + r * 0.3  # the centre of the round bottom
    rr = r * 0.68
    for i in range(17):
        a = -math.pi * 0.15 + math.pi * 1.3 * i / 16  # from the right shoulder round the bottom
        pts.append((cx + rr * math.cos(a), by + rr * math.sin(a)))
    return pts


def _leaf(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    pts = []
    c, s = math.cos(-math.pi / 4), math.sin(-math.pi / 4)
    for i in range(24):
        t = 2 * math.pi * i / 24
        x, y = r * math.cos(t), r * 0.5 * math.sin(t) * (1 if i < 12 else 1)
        pts.append((cx + x * c - y * s, cy + x * s + y * c))
    return pts


def draw_symbol(dl: DisplayList, symbol: str, cx: float, cy: float, r: float, colour: str) -> None:
    """One of the six colour symbols in a circle of radius ``r``."""
    if symbol == "square":
        dl.rect(cx - r * 0.75, cy - r * 0.75, r * 1.5, r * 1.5, colour)
    elif symbol == "stripes":
        w = max(1.5, r * 0.32)
        for k in (-1, 0, 1):
            y = cy + k * r * 0.62
            dl.line(cx - r * 0.85, y + r * 0.3, cx + r * 0.85, y - r * 0.3, colour, w)
    elif symbol == "heart":
        dl.poly(_heart(cx, cy, r), colour)
    elif symbol == "drop":
        dl.poly(_drop(cx, cy, r), colour)
    elif symbol == "leaf":
        dl.poly(_leaf(cx, cy, r), colour)
        c = math.cos(math.pi / 4) * r * 0.8
        dl.line(cx - c, cy + c, cx + c, cy - c, theme.mix(colour, "#808080", 0.5), max(1.0, r * 0.1))
    elif symbol == "star":
        dl.star(cx, cy, r * 1.1, colour)


def face_colour(die: int, value: int) -> tuple[str, str, str]:
    """(fill, ink, symbol) of ``die`` showing ``value``."""
    _, _, _, fill, symbol = COLOURS[colour_of(die, value)]
    return fill, theme.text_on(fill), symbol


def draw_colour_die(
    dl: DisplayList,
    x: float,
    y: float,
    size: float,
    die: int,
    value: int,
    edge: str | None = None,
    edge_width: float | None = None,
) -> None:
    """Die ``die`` (0-5) showing ``value`` (1-6), or a blank face naming the die when ``value`` is 0."""
    radius = size * 0.18
    if not value:
        dl.rrect(x, y, size, size, radius, BLANK, edge or theme.GRID_LINE, edge_width or max(1.0, size / 28))
        dl.text(x + size / 2, y + size / 2, f"D{die + 1}", theme.font(size * 0.3, "bold"), theme.MUTED)
        return
    fill, ink, symbol = face_colour(die, value)
    dl.rrect(x, y, size, size, radius, fill, edge or "rgba(0,0,0,0.45)", edge_width or max(1.0, size / 28))
    draw_symbol(dl, symbol, x + size * 0.27, y + size * 0.27, size * 0.14, ink)
    dl.text(x + size * 0.56, y + size * 0.6, str(value), theme.font(size * 0.56, "bold"), ink)


def draw_symbol_key(dl: DisplayList, x: float, y: float, size: float, colour: int) -> None:
    """A small swatch of a colour with its symbol (for texts naming a colour)."""
    _, _, _, fill, symbol = COLOURS[colour]
    dl.rrect(x, y, size, size, size * 0.2, fill, "rgba(0,0,0,0.4)", 1)
    draw_symbol(dl, symbol, x + size / 2, y + size / 2, size * 0.3, theme.text_on(fill))
