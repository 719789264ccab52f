"""What the Indecix screen's painter is given and what it gives back: the view model of a frame (built by
the scene from its state and animation clocks, immutable, what is drawn and nothing else) and the hit
regions of the picture. The scene, its painter and its words import this module; it imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from dicehall.ui.geometry import Rect

Cell = tuple[int, int]
Line = tuple[str, str, bool]  # a message paragraph: (text, colour, bold)


class Speaker(Protocol):
    """What the screen's words read of the scene (scene_messages): the language, the seats, the state and
    the spin and refusal on show."""

    lang: str
    now: float
    colours: tuple[str, ...]
    flash: tuple[int, str, float] | None  # (player, text, until)

    @property
    def state(self) -> Any: ...

    @property
    def spinning(self) -> bool: ...

    def is_human(self, p: int) -> bool: ...

    def remote_wait(self) -> str: ...

    def player_name(self, p: int) -> str: ...


@dataclass(frozen=True, slots=True)
class ButtonView:
    """The button under the die: its label and whether a press does something now."""

    label: str
    enabled: bool


@dataclass(frozen=True, slots=True)
class DropView:
    """A die just placed, dropping onto ``cell``: ``t`` its progress (0-1)."""

    cell: Cell
    owner: int
    face: int
    t: float


@dataclass(frozen=True, slots=True)
class FlightView:
    """A captured die flying from ``start`` to slot ``index`` of its capturer's (``player``) panel."""

    start: Rect
    player: int
    index: int
    owner: int
    face: int
    t: float


@dataclass(frozen=True, slots=True)
class BannerView:
    """The final banner: the result, who won (two winners: a tie), what is under it and its progress."""

    text: str
    winners: tuple[int, ...]
    footer: str
    t: float


@dataclass(frozen=True, slots=True)
class FrameView:
    """Everything the Indecix frame painter draws over the static layer (scene_frame.paint_frame)."""

    over: bool
    phase: str
    mover: int
    colours: tuple[str, ...]
    scores: tuple[int, int]  # the totals as counted up now
    stars: tuple[tuple[int, int], tuple[int, int]]  # per player: (mixed suites' total, clean suites' total)
    kinds: tuple[tuple[bool, bool], tuple[bool, bool]]  # per player: (an intact mixed suite, a clean one)
    lit: bool  # the blinking stars are on
    messages: tuple[tuple[Line, ...], tuple[Line, ...]]  # each corner's paragraphs
    die: int | None  # the face on the die to roll (None: blank)
    spin: int | None  # the spinning die's step (None: not spinning)
    button: ButtonView | None
    hover: Cell | None  # a legal cell under the pointer
    focus: Cell | None  # the keyboard's cell
    key_target: tuple[Any, ...] | None  # the keyboard's button ("button",) or token ("token", face)
    tokens: bool  # Master: the mover's tokens are to be chosen (framed, and pressed)
    drops: tuple[DropView, ...]
    flights: tuple[FlightView, ...]
    banner: BannerView | None


@dataclass(frozen=True, slots=True)
class Hits:
    """The hit regions of a frame besides the grid's cells (the layout's ``cell_at``): the button under the
    die, and in Master the tokens to choose, each with its face."""

    button: Rect | None
    tokens: tuple[tuple[Rect, int], ...]

    def token_at(self, x: float, y: float) -> int | None:
        return next((face for r, face in self.tokens if r.contains(x, y)), None)
