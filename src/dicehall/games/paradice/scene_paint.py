"""Drawing the Paradice pieces: the board's static layer (the 81 cells, the special cells' pictures, the
event symbols on their plates), the ownership backgrounds under it, pawns, dice, direction and route
arrows.

The static layer is drawn in board units (``CELL`` per cell) and scaled onto the screen, so one picture
serves every window size. Event cells are transparent in it except for a pale plate bearing the symbol:
their ownership background (the owner's colour, white, or the jackpot's sky-and-purple checkerboard) is
painted each frame underneath, which keeps the layer unchanged when an event is bought or sold.
"""

from __future__ import annotations

import math

from dicehall.games.paradice.board import (
    BIS,
    CELLS,
    COPY_OF,
    EVENT,
    JACKPOT,
    KIND,
    LADDER,
    LADDER_OF,
    RELANCE,
    SIZE,
    START,
    STEP,
    TIRELIRE,
    xy,
)
from dicehall.games.paradice.rules import NOBODY, POT
from dicehall.games.paradice.scene_icons import paint_event_icon
from dicehall.games.paradice.spec import JACKPOT_COLOUR, SKY_COLOUR
from dicehall.ui import theme
from dicehall.ui.canvas import DisplayList
from dicehall.ui.widgets import draw_die

CELL = 40.0  # a cell in board units
WORLD = CELL * SIZE
TABLE = "#e9dfca"  # the board between the cells
EDGE = "#8d7f68"
ICON_INK = "#2b2620"
PLATE = "rgba(255,255,255,0.72)"  # under an event's symbol: the owner's colour shows round it and through it
FREE = "#ffffff"
GOLD = "#e0b43a"
GOLD_EDGE = "#9c7a12"
SPECIAL_FILL = {BIS: "#d7ecf9", RELANCE: "#dcf0d5", LADDER: "#efe0c4", TIRELIRE: "#fbe0ea", START: "#fff7d6"}
LAYER_KEY = "paradice/board/v1"


def layer_res(cell_px: float) -> int:
    """How much finer than board units the layer is painted so that it stays sharp at this cell size."""
    return max(1, min(3, math.ceil(cell_px / CELL)))


# --- the static layer --------------------------------------------------------------------------------------
def board_layer() -> DisplayList:
    dl = DisplayList()
    c = CELL
    for index in CELLS:
        x, y = xy(index)
        kind = KIND[index]
        px, py = x * c, y * c
        if kind == EVENT:
            dl.rrect(px + c * 0.14, py + c * 0.14, c * 0.72, c * 0.72, c * 0.12, PLATE)
            paint_event_icon(dl, COPY_OF[index] // 2, px + c / 2, py + c / 2, c * 0.62, ICON_INK)
        elif kind == JACKPOT:
            checker(dl, px, py, c, 4)
            _jackpot_sign(dl, px + c / 2, py + c / 2, c)
        else:
            dl.rect(px, py, c, c, SPECIAL_FILL[kind])
            picture = _PICTURES.get(kind) or _ladder_of(index)
            picture(dl, px + c / 2, py + c / 2, c)
        dl.rrect(px + 0.5, py + 0.5, c - 1, c - 1, 2, None, EDGE, 0.8)
    return dl


def checker(dl: DisplayList, x: float, y: float, side: float, n: int) -> None:
    """The jackpot's "sky and purple" checkerboard on a square (``n`` × ``n`` squares)."""
    dl.rect(x, y, side, side, SKY_COLOUR)
    s = side / n
    for i in range(n):
        for j in range(n):
            if (i + j) % 2:
                dl.rect(x + i * s, y + j * s, s, s, JACKPOT_COLOUR)


def _jackpot_sign(dl: DisplayList, cx: float, cy: float, c: float) -> None:
    """A stack of gold coins with a star: the jackpot corners."""
    for k in range(3):
        y = cy + c * 0.2 - k * c * 0.12
        dl.rrect(cx - c * 0.26, y - c * 0.07, c * 0.52, c * 0.14, c * 0.07, GOLD, GOLD_EDGE, 1)
    dl.circle(cx, cy - c * 0.16, c * 0.2, GOLD, GOLD_EDGE, 1.2)
    dl.star(cx, cy - c * 0.16, c * 0.13, "#ffffff", JACKPOT_COLOUR, 0.8)


def _arc_arrow(dl: DisplayList, cx: float, cy: float, r: float, ink: str, width: float) -> None:
    """Three quarters of a circle ending in an arrow head: "again"."""
    steps = 10
    angles = [math.pi * (0.25 + 1.5 * i / steps) for i in range(steps + 1)]
    pts = [(cx + r * math.cos(a), cy - r * math.sin(a)) for a in angles]
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        dl.line(x1, y1, x2, y2, ink, width)
    ex, ey = pts[-1]  # at -45°, going clockwise on screen: the head points down-left
    h = r * 0.55
    dl.poly([(ex + h * 0.7, ey - h * 0.1), (ex - h * 0.35, ey - h * 0.45), (ex + h * 0.1, ey + h * 0.6)], ink)


def _bis(dl: DisplayList, cx: float, cy: float, c: float) -> None:
    _arc_arrow(dl, cx, cy - c * 0.06, c * 0.27, "#1565c0", c * 0.06)
    dl.text(cx, cy + c * 0.3, "BIS", theme.font(c * 0.22, "bold"), "#0d47a1")


def _relance(dl: DisplayList, cx: float, cy: float, c: float) -> None:
    s = c * 0.3
    draw_die(dl, cx - s * 1.05, cy - s * 0.75, s, 3, "#ffffff", "#2e7d32", "#2e7d32")
    draw_die(dl, cx + s * 0.05, cy - s * 0.35, s, 5, "#ffffff", "#2e7d32", "#2e7d32")
    _arc_arrow(dl, cx + c * 0.05, cy + c * 0.22, c * 0.13, "#2e7d32", c * 0.045)


def _tirelire(dl: DisplayList, cx: float, cy: float, c: float) -> None:
    """A piggy bank seen from the side, a coin going into its slot."""
    pink, ink = "#f48fb1", "#ad1457"
    for lx in (-0.16, 0.1):
        dl.rect(cx + lx * c, cy + c * 0.12, c * 0.08, c * 0.13, ink)
    ear = [(cx - c * 0.06, cy - c * 0.2), (cx + c * 0.02, cy - c * 0.3), (cx + c * 0.06, cy - c * 0.15)]
    dl.poly(ear, pink, ink, 1)
    dl.circle(cx, cy + c * 0.02, c * 0.23, pink, ink, 1.2)
    dl.rrect(cx + c * 0.18, cy - c * 0.04, c * 0.12, c * 0.14, c * 0.04, pink, ink, 1)
    dl.circle(cx + c * 0.08, cy - c * 0.06, c * 0.025, ink)
    dl.line(cx - c * 0.09, cy - c * 0.16, cx + c * 0.03, cy - c * 0.16, ink, c * 0.035)
    dl.circle(cx - c * 0.03, cy - c * 0.33, c * 0.08, GOLD, GOLD_EDGE, 1)


def _start(dl: DisplayList, cx: float, cy: float, c: float) -> None:
    """The four ways out of the start, round a flag."""
    ink = "#8d6e00"
    for d, (dx, dy) in STEP.items():
        arrow(dl, cx + dx * c * 0.3, cy + dy * c * 0.3, d, c * 0.16, ink)
    dl.line(cx - c * 0.06, cy - c * 0.14, cx - c * 0.06, cy + c * 0.14, ink, c * 0.04)
    dl.poly([(cx - c * 0.05, cy - c * 0.14), (cx + c * 0.12, cy - c * 0.07), (cx - c * 0.05, cy)], "#e53935")


def _ladder_of(index: int):  # noqa: ANN202 - returns one of the pictures above
    orientation = LADDER_OF.get(index, "N")

    def paint(dl: DisplayList, cx: float, cy: float, c: float) -> None:
        """A ladder along its orientation, with an arrow to the other ladder of the same orientation."""
        ink = "#6d4c1e"
        dx, dy = STEP[orientation]
        ax, ay = -dy, dx  # across the ladder
        half, rail = c * 0.34, c * 0.12
        for s in (-1, 1):
            dl.line(
                cx - dx * half + ax * rail * s,
                cy - dy * half + ay * rail * s,
                cx + dx * half + ax * rail * s,
                cy + dy * half + ay * rail * s,
                ink,
                c * 0.05,
            )
        for k in range(-2, 3):
            t = k * half / 2.6
            mx, my = cx + dx * t, cy + dy * t
            dl.line(mx - ax * rail, my - ay * rail, mx + ax * rail, my + ay * rail, ink, c * 0.035)
        ox, oy = ax * c * 0.32 + dx * c * 0.05, ay * c * 0.32 + dy * c * 0.05
        arrow(dl, cx + ox, cy + oy, orientation, c * 0.16, "#c62828")

    return paint


_PICTURES = {BIS: _bis, RELANCE: _relance, TIRELIRE: _tirelire, START: _start}


# --- shapes drawn every frame -------------------------------------------------------------------------------
def arrow(dl: DisplayList, cx: float, cy: float, d: str, size: float, fill: str, edge: str | None = None) -> None:
    """A filled arrow head pointing ``d`` ("N", "E", "S", "W") centred on (cx, cy), ``size`` long."""
    dx, dy = STEP[d]
    ax, ay = -dy, dx
    tip = (cx + dx * size * 0.5, cy + dy * size * 0.5)
    back = (cx - dx * size * 0.5, cy - dy * size * 0.5)
    dl.poly(
        [
            tip,
            (back[0] + ax * size * 0.45, back[1] + ay * size * 0.45),
            (back[0] - ax * size * 0.45, back[1] - ay * size * 0.45),
        ],
        fill,
        edge,
        1.5 if edge else 1.0,
    )


def ownership(dl: DisplayList, x: float, y: float, side: float, owner: int, colours: tuple[str, ...]) -> None:
    """A cell's background for its owner: the seat's colour, white when free, the checkerboard for the pot."""
    if owner == POT:
        checker(dl, x, y, side, 2)
    elif owner == NOBODY:
        dl.rect(x, y, side, side, FREE)
    else:
        dl.rect(x, y, side, side, colours[owner])


def split_owners(
    dl: DisplayList, x: float, y: float, w: float, h: float, owners: tuple[int, int], colours: tuple[str, ...]
) -> None:
    """The two copies' owners as the left and right halves of a box (the events list)."""
    for k, owner in enumerate(owners):
        hx = x + k * w / 2
        if owner == POT:
            dl.rect(hx, y, w / 2, h, SKY_COLOUR)
            s = min(w / 4, h / 2)
            for i in range(int(math.ceil(w / 2 / s))):
                for j in range(int(math.ceil(h / s))):
                    if (i + j) % 2:
                        sx, sy = hx + i * s, y + j * s
                        dl.rect(sx, sy, min(s, hx + w / 2 - sx), min(s, y + h - sy), JACKPOT_COLOUR)
        else:
            dl.rect(hx, y, w / 2, h, FREE if owner == NOBODY else colours[owner])


def pawn(dl: DisplayList, x: float, y: float, r: float, colour: str, live: bool) -> None:
    if live:
        dl.circle(x, y, r * 1.45, None, theme.readable(colour), max(1.5, r * 0.25))
    dl.circle(x, y + r * 0.15, r, "rgba(0,0,0,0.3)")
    dl.circle(x, y, r, colour, "#ffffff", max(1.2, r * 0.25))
    dl.circle(x - r * 0.3, y - r * 0.3, r * 0.3, "rgba(255,255,255,0.5)")


# Where k pawns sit in one cell, in cell fractions from its centre: all stay visible.
SPOTS = {
    1: ((0.0, 0.0),),
    2: ((-0.2, 0.0), (0.2, 0.0)),
    3: ((-0.2, -0.17), (0.2, -0.17), (0.0, 0.2)),
    4: ((-0.2, -0.2), (0.2, -0.2), (-0.2, 0.2), (0.2, 0.2)),
    5: ((-0.25, -0.2), (0.0, -0.2), (0.25, -0.2), (-0.13, 0.2), (0.13, 0.2)),
    6: ((-0.25, -0.2), (0.0, -0.2), (0.25, -0.2), (-0.25, 0.2), (0.0, 0.2), (0.25, 0.2)),
}


def pawn_radius(cell: float, crowd: int) -> float:
    return cell * (0.26 if crowd == 1 else 0.17 if crowd == 2 else 0.12)


def die(dl: DisplayList, x: float, y: float, size: float, face: int, colour: str, tilt: float = 0.0) -> None:
    """One die of the current player's colour (pips in black or white, whichever reads)."""
    if tilt:
        dl.save()
        dl.translate(x + size / 2, y + size / 2)
        dl.rotate(tilt)
        draw_die(dl, -size / 2, -size / 2, size, face, colour, "rgba(0,0,0,0.45)")
        dl.restore()
    else:
        draw_die(dl, x, y, size, face, colour, "rgba(0,0,0,0.45)")
