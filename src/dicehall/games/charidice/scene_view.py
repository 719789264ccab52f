"""What the Charidice screen's painter is given and what it gives back: the view model of a frame (built by
the scene from its state, selection and animation clocks, immutable, what is drawn and nothing else) and
the hit regions of the picture. The scene, its painters and its words import this module; it imports none
of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from dicehall.games.charidice.scene_sheets import SheetView
from dicehall.ui.geometry import Rect

Line = tuple[str, str, bool]  # a message paragraph: (text, colour, bold)


class Speaker(Protocol):
    """What the screen's words and the information box read of the scene (scene_messages, scene_preview)."""

    lang: str
    touch: bool
    colours: tuple[str, ...]
    settings: dict[str, Any]

    def player_name(self, p: int) -> str: ...

    def is_human(self, p: int) -> bool: ...

    def remote_wait(self) -> str: ...

    def in_air(self) -> bool: ...

    def human_active(self) -> bool: ...

    def selection(self) -> tuple[int, ...]: ...

    def help_selections(self) -> dict[str, tuple[int, ...] | None] | None: ...

    def layout(self, width: float | None = None, height: float | None = None) -> Any: ...


@dataclass(frozen=True, slots=True)
class Para:
    """One paragraph of the information box: ``scale`` × the preview size; ``alert`` draws it as a refusal;
    ``spare``: what a small box leaves out first (the last spare first), rather than cut a paragraph short."""

    text: str
    colour: str
    bold: bool = False
    scale: float = 1.0
    alert: bool = False
    spare: bool = False


@dataclass(frozen=True, slots=True)
class DieView:
    """Die ``index`` showing ``value``, with its label under it. ``tumble``: seconds since the dice were
    thrown, while it tumbles (None: still); ``away``: on its way to the neighbour (not drawn in place);
    ``land``: its landing's progress (0-1) while it lands; ``alpha``: faded (the last turn's dice), or
    ``dim``: not in a marking selection; ``lifted``: chosen to be re-rolled; ``ring``: "mark" (chosen to
    mark, with a tick), "reroll" (dashed) or "marked" (the last turn's marking) in ``ring_colour``."""

    index: int
    value: int
    label: str
    tumble: float | None = None
    away: bool = False
    land: float | None = None
    alpha: float | None = None
    dim: bool = False
    lifted: bool = False
    ring: str | None = None
    ring_colour: str = ""
    accent: str = ""  # the active player's colour: the hover frame
    hover: bool = False
    focus: bool = False


@dataclass(frozen=True, slots=True)
class ButtonView:
    label: str
    fill: str
    hover: bool
    focus: bool


@dataclass(frozen=True, slots=True)
class ChipView:
    """A marking-help chip: the best selection of ``option`` (its points, its dice) in ``rect``."""

    option: str
    rect: Rect
    head: str
    dice: str
    fill: str


@dataclass(frozen=True, slots=True)
class ClaimView:
    """The claim row: a button for the human neighbour (``label``, ``ring`` its colour), or a line."""

    button: bool
    label: str
    colour: str
    hover: bool = False
    focus: bool = False
    bold: bool = False


@dataclass(frozen=True, slots=True)
class TabView:
    """The sheet behind the tab (four players on a narrow screen)."""

    name: str
    colour: str
    total: int


@dataclass(frozen=True, slots=True)
class FlightView:
    """A gift die flying from ``start`` to ``target`` (the receiver's sheet): ``e`` its eased progress."""

    die: int
    value: int
    start: Rect
    target: Rect
    e: float


@dataclass(frozen=True, slots=True)
class BannerView:
    title: str
    colour: str
    lines: tuple[str, ...]
    footer: tuple[str, ...]
    t: float


@dataclass(frozen=True, slots=True)
class FrameView:
    """Everything the Charidice painter draws (scene_frame.paint). ``message`` and ``dice`` are None under
    the end banner; ``info``, ``buttons`` and ``claim`` are None at the end."""

    lang: str
    over: bool
    message: tuple[Line, ...] | None
    dice: tuple[DieView, ...] | None
    info: tuple[Para, ...] | None
    chips: tuple[ChipView, ...]
    primary: ButtonView | None
    secondary: ButtonView | None
    claim: ClaimView | None
    sheets: tuple[SheetView, ...]  # in the order of the layout's sheet places
    tab: TabView | None
    flights: tuple[FlightView, ...]
    banner: BannerView | None


@dataclass(frozen=True, slots=True)
class Hits:
    """The hit regions of a frame: the dice (a generous box each), the buttons, the claim button, the
    help chips and the sheet tab; at the end only the tab."""

    dice: tuple[Rect, ...]
    primary: Rect | None
    stop: Rect | None
    claim: Rect | None
    chips: tuple[tuple[str, Rect], ...]
    tab: Rect | None

    def at(self, x: float, y: float) -> Any:
        """The target at (x, y): ("die", i), ("primary",), ("stop",), ("claim",), ("help", option),
        ("tab",) or None."""
        for i, r in enumerate(self.dice):
            if r.contains(x, y):
                return ("die", i)
        for name, region in (("primary", self.primary), ("stop", self.stop), ("claim", self.claim)):
            if region is not None and region.contains(x, y):
                return (name,)
        for option, r in self.chips:
            if r.contains(x, y):
                return ("help", option)
        if self.tab is not None and self.tab.contains(x, y):
            return ("tab",)
        return None
