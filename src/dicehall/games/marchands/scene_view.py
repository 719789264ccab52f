"""The board's zoom and pan, and what the Dés & Marchands painter is given and gives back.

``View``: a board of ``n`` × ``n`` cells drawn ``CELL`` px wide in board units, shown in a viewport at
scale ``z`` with the board's top left corner at (``ox``, ``oy``) on screen.

The board fits the viewport by default; it can be zoomed from that fit up to cells of ``MAX_CELL`` px,
and is kept in view while panned: centred along an axis where it is smaller than the viewport, else free
to go past its edges by a margin (``OVERSCROLL`` of the viewport, less while the board barely overflows),
so that an edge cell (a pawn on row 0 and its targets) can be brought well inside the viewport, near its
centre, rather than pressed against the viewport's edge.

``FrameView``: the view model of a frame, built by the scene from its state and animation clocks
(immutable, what is drawn and nothing else; the board's zoom and pan as a ``Camera``), which
``scene_frame.paint`` draws; it returns the frame's ``Hits``. The scene, its painter, its input and its
words import this module; it imports none of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect

CELL = 10.0  # a cell in board units (the static layer's CSS px)
MAX_CELL = 56.0  # the largest a cell may be on screen
LAYER_RES = 2  # the layer is painted this many times finer than board units (sharp up to ×2 zoom)
OVERSCROLL = 1 / 3  # a zoomed board may be panned past its edges by this part of the viewport's short side


class Cells:
    """Where the board's cells stand on screen: ``n`` × ``n`` cells ``CELL`` units wide at scale ``z``, the
    board's top left corner at (``ox``, ``oy``), seen through the viewport ``vp``. Shared by ``View`` and its
    snapshot ``Camera``."""

    __slots__ = ()
    n: int
    z: float
    ox: float
    oy: float
    vp: Rect | None

    @property
    def world(self) -> float:
        return self.n * CELL

    @property
    def cell_px(self) -> float:
        return CELL * self.z

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


@dataclass(frozen=True, slots=True)
class Camera(Cells):
    """The board's zoom and pan in one frame (a snapshot of ``View``)."""

    n: int
    z: float
    ox: float
    oy: float
    vp: Rect


@dataclass(slots=True)
class View(Cells):
    n: int
    z: float = 1.0
    ox: float = 0.0
    oy: float = 0.0
    fitted: bool = True  # the board fits the viewport (and refits when the viewport changes)
    vp: Rect | None = None

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

    def camera(self) -> Camera:
        """This frame's zoom and pan (the view must be attached to a viewport)."""
        assert self.vp is not None
        return Camera(self.n, self.z, self.ox, self.oy, self.vp)

    def visible(self, cell: tuple[int, ...], margin: float = 0.0) -> bool:
        vp = self.vp
        if vp is None:
            return False
        r = self.cell_rect(cell)
        return (
            r.x >= vp.x - margin
            and r.y >= vp.y - margin
            and r.right <= vp.right + margin
            and r.bottom <= vp.bottom + margin
        )


# --- the view model of a frame -------------------------------------------------------------------------------------
Line = tuple[str, str, bool]  # a message paragraph: (text, colour, bold)


class Speaker(Protocol):
    """What the screen's words read of the scene (scene_messages)."""

    lang: str
    touch: bool

    @property
    def state(self) -> Any: ...

    def is_human(self, p: int) -> bool: ...

    def remote_wait(self) -> str: ...

    def player_name(self, p: int) -> str: ...

    def in_air(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Control:
    """A control on show: its target, where it is, its label, what it does."""

    target: tuple[Any, ...]  # ("roll",), ("stay",), ("zoom", "in"|"out"|"fit"), ("item", i), ("back",)...
    rect: Rect
    label: str
    action: Any = None  # the action it submits when enabled
    enabled: bool = True
    sub: str | None = None  # a price, a help line, a reason
    reason: str | None = None  # why it is greyed
    go: tuple[Any, ...] | None = None  # the dialog page it opens
    tokens: tuple[str, ...] = ()  # faces drawn on it (the merchant's dice)


@dataclass(frozen=True, slots=True)
class ControlView:
    """A control as drawn: ``plain`` for the zoom buttons (panel-coloured, always enabled, narrow pad)."""

    target: tuple[Any, ...]
    rect: Rect
    label: str
    fill: str
    hover: bool
    focus: bool
    enabled: bool
    sub: str | None = None
    plain: bool = False


@dataclass(frozen=True, slots=True)
class LayerView:
    """The board's cached layer: its key, and its content when it is sent in this frame (None: the host has
    it); ``bare``: the board was dealt in this very frame, drawn as a plain square until the next."""

    key: str
    content: DisplayList | None
    bare: bool


@dataclass(frozen=True, slots=True)
class TargetsView:
    """The cells the player to move may go to: ``here`` his own, ``hover`` the one under the pointer,
    ``cursor`` the keyboard's; ``mine``: a human here may take them."""

    cells: tuple[tuple[int, int], ...]
    here: tuple[int, int]
    colour: str
    mine: bool
    hover: tuple[int, int] | None
    cursor: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class PawnView:
    """A pawn at (x, y) in cells (between two while it slides), with its purse."""

    x: float
    y: float
    colour: str
    live: bool
    coins: int


@dataclass(frozen=True, slots=True)
class CalloutView:
    cell: tuple[int, int]
    colour: str
    text: str
    t: float


@dataclass(frozen=True, slots=True)
class BoardView:
    """The board: None camera before the deal (``waiting`` is said instead)."""

    camera: Camera | None
    waiting: str
    layer: LayerView | None
    targets: TargetsView | None
    pawns: tuple[PawnView, ...]  # in drawing order (the player to move last)
    callouts: tuple[CalloutView, ...]  # newest last
    spent: tuple[tuple[int, int], ...] = ()  # option bonus_once: the bonus cells that have served the player to move


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A player's row: name (with "▶ " when he plays), coins, power (long and short), dice."""

    colour: str
    live: bool
    name: str
    coins: int
    coins_words: str
    power: str
    power_short: str
    dice: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class TrayView:
    """The roll on show: faces (None: a die in the air, tumbling as ``dice[i]``), each landing's progress,
    faded (the turn's finished roll), and what the roll does (None while a die is in the air)."""

    player: int
    colour: str
    faces: tuple[str | None, ...]
    dice: tuple[tuple[str, ...], ...]
    lands: tuple[float | None, ...]
    tumble: float
    faded: bool
    text: str | None


@dataclass(frozen=True, slots=True)
class FlightView:
    """``count`` coins flying from seat ``src``'s row to ``dst``'s (None: the bank), at ``t``."""

    src: int | None
    dst: int | None
    count: int
    t: float


@dataclass(frozen=True, slots=True)
class DialogView:
    box: Rect
    title: str
    page: str  # "page 2/3", or ""
    colour: str
    controls: tuple[ControlView, ...]


@dataclass(frozen=True, slots=True)
class BannerView:
    title: str
    colour: str
    lines: tuple[str, ...]
    footer: str
    t: float


@dataclass(frozen=True, slots=True)
class FrameView:
    """Everything the Dés & Marchands painter draws (scene_frame.paint)."""

    board: BoardView
    header: str
    players: tuple[PlayerView, ...]
    tray: TrayView | None
    message: tuple[Line, ...]
    keys_help: str | None  # for a keyboard only
    buttons: tuple[ControlView, ...]  # none while a dialog is open
    flights: tuple[FlightView, ...]
    banner: BannerView | None
    dialog: DialogView | None


@dataclass(frozen=True, slots=True)
class Hits:
    """The hit regions of a frame: the controls on show (the dialog's while it is open, which is modal),
    and the board's cells (``camera``; None while a dialog is open or before the deal)."""

    controls: tuple[tuple[tuple[Any, ...], Rect], ...]
    camera: Camera | None

    def control_at(self, x: float, y: float) -> tuple[Any, ...] | None:
        return next((t for t, r in self.controls if r.contains(x, y)), None)
