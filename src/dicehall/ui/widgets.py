"""Reusable canvas pieces: dice faces and buttons."""

from __future__ import annotations

from dataclasses import dataclass

from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.theme import font, text_on

# Pip positions on a unit square, per face.
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def draw_die(
    dl: DisplayList,
    x: float,
    y: float,
    size: float,
    face: int | None,
    fill: str,
    edge: str | None = None,
    pips: str | None = None,
) -> None:
    """A die seen from above: rounded square with pips (or a blank face when ``face`` is None)."""
    pip_colour = pips or text_on(fill)
    dl.rrect(x, y, size, size, size * 0.18, fill, edge or "rgba(0,0,0,0.35)", max(1.0, size / 28))
    if face in _PIPS:
        r = size * 0.085
        for px, py in _PIPS[face]:
            dl.circle(x + px * size, y + py * size, r, pip_colour)


@dataclass(slots=True)
class Button:
    """A canvas button. ``enabled`` greys it out; ``hit`` tells whether a pointer is on it."""

    rect: Rect
    label: str
    enabled: bool = True

    def hit(self, x: float, y: float) -> bool:
        return self.enabled and self.rect.contains(x, y)

    def draw(self, dl: DisplayList, fill: str, focused: bool = False) -> None:
        r = self.rect
        colour = fill if self.enabled else "#b9b2a6"
        dl.rrect(r.x, r.y, r.w, r.h, min(12, r.h / 2), colour, "rgba(0,0,0,0.25)", 1)
        if focused:
            dl.rrect(r.x - 3, r.y - 3, r.w + 6, r.h + 6, min(14, r.h / 2 + 3), None, "#1f6feb", 2)
        dl.text(r.cx, r.cy, self.label, font(r.h * 0.42, "bold"), text_on(colour))
