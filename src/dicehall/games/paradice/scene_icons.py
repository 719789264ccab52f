"""The symbols of the 26 Paradice dice events, drawn from canvas primitives so that they read the same in
every browser font: a math sign per family (Σ sum, Π product, Δ difference, ÷ ratio), "=k" under the sign
for the fixed-gain events, a die face with k pips for the count events, "2n" and "2n+1" for even and odd.
"""

from __future__ import annotations

from dicehall.games.paradice.board import EVENTS
from dicehall.ui.canvas import DisplayList
from dicehall.ui.theme import font
from dicehall.ui.widgets import text_width

# Strokes of each sign in a unit box centred on 0 (x right, y down): polylines joined with round ends.
_STROKES: dict[str, tuple[tuple[tuple[float, float], ...], ...]] = {
    "sum": (((0.42, -0.5), (-0.42, -0.5), (0.06, 0.0), (-0.42, 0.5), (0.42, 0.5)),),
    "product": (((-0.46, -0.5), (0.46, -0.5)), ((-0.3, -0.5), (-0.3, 0.5)), ((0.3, -0.5), (0.3, 0.5))),
    "ratio": (((-0.5, 0.0), (0.5, 0.0)),),
}
# The same pip layout as the toolkit's dice, so a count event looks like the dice on the board.
_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def _sign(dl: DisplayList, family: str, cx: float, cy: float, box: float, ink: str, thick: float) -> None:
    """The family's sign in a ``box``-sided square: round joints hide the butt ends of canvas lines."""
    if family == "difference":
        half = box / 2
        points = [(cx, cy - half), (cx + half * 0.98, cy + half), (cx - half * 0.98, cy + half)]
        dl.poly(points, None, ink, thick)
        return
    for path in _STROKES[family]:
        pts = [(cx + px * box, cy + py * box) for px, py in path]
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            dl.line(x1, y1, x2, y2, ink, thick)
        for x, y in pts:
            dl.circle(x, y, thick / 2, ink)
    if family == "ratio":
        dl.circle(cx, cy - box * 0.32, thick * 0.8, ink)
        dl.circle(cx, cy + box * 0.32, thick * 0.8, ink)


def _die(dl: DisplayList, face: int, cx: float, cy: float, side: float, ink: str) -> None:
    """An outlined die (no fill: the cell's own colour shows through) with ``face`` pips."""
    x, y = cx - side / 2, cy - side / 2
    dl.rrect(x, y, side, side, side * 0.2, None, ink, max(1.2, side * 0.075))
    radius = max(1.2, side * 0.095)
    for px, py in _PIPS[face]:
        dl.circle(x + px * side, y + py * side, radius, ink)


def paint_event_icon(dl: DisplayList, event: int, cx: float, cy: float, size: float, ink: str) -> None:
    """Event ``event`` (0–25, the order of ``board.EVENTS``) centred on (cx, cy) in a ``size`` square."""
    e = EVENTS[event]
    if e.family == "count":
        _die(dl, e.face or 1, cx, cy, size * 0.72, ink)
    elif e.family in ("even", "odd"):
        # "2n" / "2n+1": the "+1" is smaller so that both fit the same width at 24 px.
        big = size * 0.44
        if e.family == "even":
            dl.text(cx, cy, "2n", font(big * 1.15, "bold"), ink)
        else:
            big, small = size * 0.38, size * 0.23
            wide = text_width("2n", big, "bold")
            left = cx - (wide + text_width("+1", small, "bold")) / 2
            dl.text(left, cy, "2n", font(big, "bold"), ink, "left")
            dl.text(left + wide, cy + size * 0.06, "+1", font(small, "bold"), ink, "left")
    elif e.target is None:
        _sign(dl, e.family, cx, cy, size * 0.6, ink, max(1.6, size * 0.075))
    else:
        # Fixed gain: the sign above, "=k" below; side by side "=12" would be too small at 24 px.
        _sign(dl, e.family, cx, cy - size * 0.2, size * 0.34, ink, max(1.2, size * 0.055))
        label = f"={e.target}"
        text_size = size * (0.4 if len(label) <= 2 else 0.34)
        dl.text(cx, cy + size * 0.25, label, font(text_size, "bold"), ink)
