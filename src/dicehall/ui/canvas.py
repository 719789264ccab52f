"""A display list: drawing operations recorded as plain lists, painted by web/host.js in one go.

Coordinates are CSS pixels; the host scales by devicePixelRatio so the picture stays crisp. The op
names and argument orders are a contract with the host's painter (see docs/architecture.md).

Whatever a layout squeezed to nothing on a tiny screen, what is recorded is always paintable: an op with
a non-finite number (NaN, infinity) is dropped, sizes, radii and line widths below zero become zero, and a
rounded rectangle's radius is at most half its shorter side (a browser's ``roundRect`` throws on a
negative radius). The host's painter clamps again (web/host.js).
"""

from __future__ import annotations

import math
from typing import Any

Op = list[Any]


def _r(v: float) -> float:
    """Round to a tenth of a pixel: smaller JSON, no visible change."""
    return round(v, 1)


_INF = math.inf


def _finite(*values: float) -> bool:
    """Every value is a finite number: their sum is NaN or infinite otherwise (or when it overflows, which
    no sane coordinate does). Cheaper than a test per value, on the path of every op."""
    return -_INF < sum(values) < _INF


def _size(v: float) -> float:
    """A size, radius or line width: rounded, never below zero."""
    return round(v, 1) if v > 0 else 0.0


def _width(v: float) -> float:
    """A line width as given (unrounded, as before), never below zero."""
    return v if v > 0 else 0.0


class DisplayList:
    def __init__(self) -> None:
        self.ops: list[Op] = []

    def clear(self, colour: str) -> None:
        self.ops.append(["clear", colour])

    def rect(self, x: float, y: float, w: float, h: float, fill: str) -> None:
        if -_INF < x + y + w + h < _INF:  # all finite (see _finite), inlined on the hot path
            self.ops.append(
                ["rect", round(x, 1), round(y, 1), round(w, 1) if w > 0 else 0.0, round(h, 1) if h > 0 else 0.0, fill]
            )

    def rrect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        r: float,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
    ) -> None:
        if not -_INF < x + y + w + h + r + width < _INF:
            return
        w = round(w, 1) if w > 0 else 0.0
        h = round(h, 1) if h > 0 else 0.0
        radius = round(r, 1) if r > 0 else 0.0
        if radius * 2 > w or radius * 2 > h:
            radius = math.floor(min(w, h) * 5) / 10  # half the shorter side, rounded down
        self.ops.append(["rrect", round(x, 1), round(y, 1), w, h, radius, fill, stroke, width if width > 0 else 0.0])

    def circle(
        self, cx: float, cy: float, r: float, fill: str | None = None, stroke: str | None = None, width: float = 1.0
    ) -> None:
        if -_INF < cx + cy + r + width < _INF:
            self.ops.append(
                [
                    "circle",
                    round(cx, 1),
                    round(cy, 1),
                    round(r, 1) if r > 0 else 0.0,
                    fill,
                    stroke,
                    width if width > 0 else 0.0,
                ]
            )

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 1.0) -> None:
        if -_INF < x1 + y1 + x2 + y2 + width < _INF:
            self.ops.append(
                ["line", round(x1, 1), round(y1, 1), round(x2, 1), round(y2, 1), colour, width if width > 0 else 0.0]
            )

    def poly(
        self, points: list[tuple[float, float]], fill: str | None = None, stroke: str | None = None, width: float = 1.0
    ) -> None:
        flat = [_r(c) for p in points for c in p]
        if flat and _finite(*flat, width):
            self.ops.append(["poly", flat, fill, stroke, _width(width)])

    def text(
        self,
        x: float,
        y: float,
        text: str,
        font: str,
        colour: str,
        align: str = "center",
        baseline: str = "middle",
    ) -> None:
        if -_INF < x + y < _INF:
            self.ops.append(["text", round(x, 1), round(y, 1), text, font, colour, align, baseline])

    def save(self) -> None:
        self.ops.append(["save"])

    def restore(self) -> None:
        self.ops.append(["restore"])

    def alpha(self, a: float) -> None:
        if _finite(a):
            self.ops.append(["alpha", round(min(1.0, max(0.0, a)), 3)])

    def translate(self, x: float, y: float) -> None:
        if _finite(x, y):
            self.ops.append(["translate", _r(x), _r(y)])

    def rotate(self, radians: float) -> None:
        if _finite(radians):
            self.ops.append(["rotate", round(radians, 4)])

    def scale(self, sx: float, sy: float) -> None:
        if _finite(sx, sy):
            self.ops.append(["scale", round(sx, 4), round(sy, 4)])

    def clip(self, x: float, y: float, w: float, h: float) -> None:
        if not _finite(x, y, w, h):
            x = y = w = h = 0.0  # clip to nothing rather than not at all: a restore follows
        self.ops.append(["clip", _r(x), _r(y), _size(w), _size(h)])

    def shadow(self, colour: str, blur: float, ox: float = 0, oy: float = 0) -> None:
        if _finite(blur, ox, oy):
            self.ops.append(["shadow", colour, _width(blur), ox, oy])

    def dash(self, segments: list[float]) -> None:
        ok = all(_finite(s) and s >= 0 for s in segments)
        self.ops.append(["dash", list(segments) if ok else []])  # a bad pattern draws solid lines

    def layer(self, key: str, w: float, h: float, res: float, content: DisplayList | None) -> None:
        """Draw a cached picture of ``w`` × ``h`` CSS px at (0, 0) in the current transform.

        The host paints ``content`` once into an offscreen canvas ``res`` times finer than CSS px (so a
        zoomed view stays sharp) and keeps it under ``key``; later frames pass ``content=None`` and the
        host only copies the picture. A new key means new content. Used for static layers such as a big
        board, whose thousands of ops would otherwise be sent and painted every frame.
        """
        if not _finite(w, h, res) or res <= 0:
            return
        self.ops.append(["layer", key, _size(w), _size(h), res, None if content is None else content.ops])

    # --- shapes built from the primitives --------------------------------------------------------
    def star(
        self, cx: float, cy: float, r: float, fill: str | None, stroke: str | None = None, width: float = 1.0
    ) -> None:
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        self.poly(points, fill, stroke, width)

    def texts(self) -> list[str]:
        """Every string drawn, in order (tests read the screen through this)."""
        out = []
        for op in self.ops:
            if op[0] == "text":
                out.append(op[3])
            elif op[0] == "layer" and op[5] is not None:
                out += [o[3] for o in op[5] if o[0] == "text"]
        return out
