"""The board's zoom and pan: a board of ``n`` × ``n`` cells drawn ``CELL`` px wide in board units, shown in
a viewport at scale ``z`` with the board's top left corner at (``ox``, ``oy``) on screen.

The board fits the viewport by default; it can be zoomed from that fit up to cells of ``MAX_CELL`` px,
and is kept in view while panned: centred along an axis where it is smaller than the viewport, else free
to go past its edges by a margin (``OVERSCROLL`` of the viewport, less while the board barely overflows),
so that an edge cell (a pawn on row 0 and its targets) can be brought well inside the viewport, near its
centre, rather than pressed against the viewport's edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dicehall.ui.geometry import Rect

CELL = 10.0  # a cell in board units (the static layer's CSS px)
MAX_CELL = 56.0  # the largest a cell may be on screen
LAYER_RES = 2  # the layer is painted this many times finer than board units (sharp up to ×2 zoom)
OVERSCROLL = 1 / 3  # a zoomed board may be panned past its edges by this part of the viewport's short side


@dataclass(slots=True)
class View:
    n: int
    z: float = 1.0
    ox: float = 0.0
    oy: float = 0.0
    fitted: bool = True  # the board fits the viewport (and refits when the viewport changes)
    vp: Rect | None = None

    @property
    def world(self) -> float:
        return self.n * CELL

    @property
    def cell_px(self) -> float:
        return CELL * self.z

    def fit_scale(self, vp: Rect) -> float:
        return max(0.05, min(vp.w, vp.h) / self.world)

    def attach(self, vp: Rect) -> None:
        """Use viewport ``vp`` (the layout's board rect): refit if fitted, else keep the view in bounds."""
        if self.vp == vp:
            return
        self.vp = vp
        if self.fitted:
            self.fit()
        else:
            self._clamp()

    def fit(self) -> None:
        vp = self.vp
        if vp is None:
            return
        self.z = self.fit_scale(vp)
        self.fitted = True
        self._clamp()

    def zoom_at(self, x: float, y: float, factor: float) -> bool:
        """Zoom by ``factor`` keeping the board point under (x, y) where it is; False if nothing changed."""
        vp = self.vp
        if vp is None:
            return False
        lo, hi = self.fit_scale(vp), max(self.fit_scale(vp), MAX_CELL / CELL)
        z = min(hi, max(lo, self.z * factor))
        if abs(z - self.z) < 1e-9:
            return False
        wx, wy = (x - self.ox) / self.z, (y - self.oy) / self.z
        self.z = z
        self.ox, self.oy = x - wx * z, y - wy * z
        self.fitted = abs(z - lo) < 1e-9
        self._clamp()
        return True

    def pan(self, dx: float, dy: float) -> bool:
        before = (self.ox, self.oy)
        self.ox += dx
        self.oy += dy
        self._clamp()
        moved = (self.ox, self.oy) != before
        if moved:
            self.fitted = False
        return moved

    def centre_on(self, cell: tuple[int, ...]) -> None:
        vp = self.vp
        if vp is None:
            return
        self.ox = vp.cx - (cell[0] + 0.5) * self.cell_px
        self.oy = vp.cy - (cell[1] + 0.5) * self.cell_px
        self._clamp()

    def _clamp(self) -> None:
        vp = self.vp
        if vp is None:
            return
        size = self.world * self.z
        self.ox = self._bound(self.ox, vp.x, vp.w, size)
        self.oy = self._bound(self.oy, vp.y, vp.h, size)

    def _bound(self, o: float, start: float, extent: float, size: float) -> float:
        """Offset ``o`` kept in bounds along one axis (viewport from ``start``, ``extent`` long)."""
        if size <= extent:
            return start + (extent - size) / 2
        vp = self.vp
        # the margin grows from nothing as the board outgrows the viewport: no jump at the fit
        margin = min(min(vp.w, vp.h) * OVERSCROLL, size - extent) if vp is not None else 0.0
        return min(start + margin, max(start + extent - size - margin, o))

    # --- conversions -----------------------------------------------------------------------------------
    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The board cell under the screen point (x, y), or None (outside the board or the viewport)."""
        if self.vp is None or not self.vp.contains(x, y):
            return None
        cx = math.floor((x - self.ox) / self.cell_px)
        cy = math.floor((y - self.oy) / self.cell_px)
        if 0 <= cx < self.n and 0 <= cy < self.n:
            return (cx, cy)
        return None

    def cell_rect(self, cell: tuple[int, ...]) -> Rect:
        s = self.cell_px
        return Rect(self.ox + cell[0] * s, self.oy + cell[1] * s, s, s)

    def centre(self, cell: tuple[int, ...]) -> tuple[float, float]:
        s = self.cell_px
        return self.ox + (cell[0] + 0.5) * s, self.oy + (cell[1] + 0.5) * s

    def visible(self, cell: tuple[int, ...], margin: float = 0.0) -> bool:
        vp = self.vp
        if vp is None:
            return False
        r = self.cell_rect(cell)
        return r.x >= vp.x - margin and r.y >= vp.y - margin and r.right <= vp.right + margin \
            and r.bottom <= vp.bottom + margin
