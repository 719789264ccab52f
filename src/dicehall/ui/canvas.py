"""A display list: drawing operations recorded as plain lists, painted by web/host.js in one go.

Coordinates are CSS pixels; the host scales by devicePixelRatio so the picture stays crisp. The op
names and argument orders are a contract with the host's painter (see docs/architecture.md).
"""

from __future__ import annotations

import math
from typing import Any

Op = list[Any]


def _r(v: float) -> float:
    """Round to a tenth of a pixel: smaller JSON, no visible change."""
    return round(v, 1)


class DisplayList:
    def __init__(self) -> None:
        self.ops: list[Op] = []

    def clear(self, colour: str) -> None:
        self.ops.append(["clear", colour])

    def rect(self, x: float, y: float, w: float, h: float, fill: str) -> None:
        self.ops.append(["rect", _r(x), _r(y), _r(w), _r(h), fill])

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
        self.ops.append(["rrect", _r(x), _r(y), _r(w), _r(h), _r(r), fill, stroke, width])

    def circle(
        self, cx: float, cy: float, r: float, fill: str | None = None, stroke: str | None = None, width: float = 1.0
    ) -> None:
        self.ops.append(["circle", _r(cx), _r(cy), _r(r), fill, stroke, width])

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 1.0) -> None:
        self.ops.append(["line", _r(x1), _r(y1), _r(x2), _r(y2), colour, width])

    def poly(
        self, points: list[tuple[float, float]], fill: str | None = None, stroke: str | None = None, width: float = 1.0
    ) -> None:
        flat = [_r(c) for p in points for c in p]
        self.ops.append(["poly", flat, fill, stroke, width])

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
        self.ops.append(["text", _r(x), _r(y), text, font, colour, align, baseline])

    def save(self) -> None:
        self.ops.append(["save"])

    def restore(self) -> None:
        self.ops.append(["restore"])

    def alpha(self, a: float) -> None:
        self.ops.append(["alpha", round(a, 3)])

    def translate(self, x: float, y: float) -> None:
        self.ops.append(["translate", _r(x), _r(y)])

    def rotate(self, radians: float) -> None:
        self.ops.append(["rotate", round(radians, 4)])

    def scale(self, sx: float, sy: float) -> None:
        self.ops.append(["scale", round(sx, 4), round(sy, 4)])

    def clip(self, x: float, y: float, w: float, h: float) -> None:
        self.ops.append(["clip", _r(x), _r(y), _r(w), _r(h)])

    def shadow(self, colour: str, blur: float, ox: float = 0, oy: float = 0) -> None:
        self.ops.append(["shadow", colour, blur, ox, oy])

    def dash(self, segments: list[float]) -> None:
        self.ops.append(["dash", segments])

    def layer(self, key: str, w: float, h: float, res: float, content: DisplayList | None) -> None:
        """Draw a cached picture of ``w`` × ``h`` CSS px at (0, 0) in the current transform.

        The host paints ``content`` once into an offscreen canvas ``res`` times finer than CSS px (so a
        zoomed view stays sharp) and keeps it under ``key``; later frames pass ``content=None`` and the
        host only copies the picture. A new key means new content. Used for static layers such as a big
        board, whose thousands of ops would otherwise be sent and painted every frame.
        """
        self.ops.append(["layer", key, _r(w), _r(h), res, None if content is None else content.ops])

    # --- shapes built from the primitives --------------------------------------------------------
    def star(self, cx: float, cy: float, r: float, fill: str | None, stroke: str | None = None, width: float = 1.0) -> None:
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
