"""What the Roudalon screen's painter is given and what it gives back: the view model of a frame (built by
the scene from its state and animation clocks, immutable, what is drawn and nothing else), the controls
and the hit regions of the picture. The scene, its painter, its input and its words import this module; it
imports none of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from dicehall.ui.geometry import Rect

Line = tuple[str, str, bool]  # a message paragraph: (text, colour, bold)


class Speaker(Protocol):
    """What the screen's words read of the scene (scene_messages)."""

    lang: str

    @property
    def state(self) -> Any: ...

    def is_human(self, p: int) -> bool: ...

    def remote_wait(self) -> str: ...

    def player_name(self, p: int) -> str: ...


@dataclass(frozen=True, slots=True)
class Control:
    """A control on show: its target, where it is, its label, the action it submits when enabled."""

    target: tuple[Any, ...]  # ("stake", 3), ("throw", 1), ("propose",), ("close",), ("yes",), ("no",), ("pass",)
    rect: Rect
    label: str
    action: Any  # the action it submits when enabled
    enabled: bool
    sub: str | None = None  # a chance, "hopeless"
    reason: str | None = None  # why it is greyed
    hopeless: bool = False


@dataclass(frozen=True, slots=True)
class ControlView:
    """A control as drawn."""

    target: tuple[Any, ...]
    rect: Rect
    label: str
    fill: str
    hover: bool
    focus: bool
    enabled: bool
    sub: str | None


@dataclass(frozen=True, slots=True)
class SeatView:
    """Seat ``player``'s card: ``label`` (name and tags, "▶ " when it plays), ``badge`` (its place in the
    alliance, "?" when asked), its dice (``hand`` in hand out of ``held``, the rest in reserve), its tray
    (faces, None in the air, with each die's landing progress, and a style: live, last, lost, win) and
    its money line."""

    player: int
    colour: str
    live: bool
    label: str
    badge: str
    held: int
    hand: int
    tray: tuple[int | None, ...]
    lands: tuple[float | None, ...]
    style: str
    tumble: float  # seconds the dice in the air have tumbled
    money: str
    net: str


@dataclass(frozen=True, slots=True)
class PotView:
    shown: int  # the units on the table, as counted now
    label: str
    ceiling: str
    running: str | None  # an alliance's running total against the pot


@dataclass(frozen=True, slots=True)
class FlightView:
    """``count`` units flying between seat ``seat``'s card and the pot (``to_pot``: a stake), at ``t``."""

    seat: int
    to_pot: bool
    count: int
    t: float


@dataclass(frozen=True, slots=True)
class StandingsView:
    """The standings: the finished parties (latest last) and the fixed columns (this party, the total), as
    (head, one value per seat, bold); those parties that fit are shown."""

    title: str
    names: tuple[str, ...]
    parties: tuple[tuple[str, tuple[str, ...], bool], ...]
    fixed: tuple[tuple[str, tuple[str, ...], bool], ...]
    keys_help: str | None  # for a keyboard only


@dataclass(frozen=True, slots=True)
class BannerView:
    title: str
    colour: str
    lines: tuple[str, ...]
    footer: str
    t: float


@dataclass(frozen=True, slots=True)
class FrameView:
    """Everything the Roudalon painter draws (scene_frame.paint)."""

    colours: tuple[str, ...]
    chain: tuple[int, ...]  # the alliance drawn (empty: none)
    asked: int | None
    pot: PotView
    seats: tuple[SeatView, ...]
    flights: tuple[FlightView, ...]
    header: str
    message: tuple[Line, ...]
    stake_label: str | None
    controls: tuple[ControlView, ...]
    standings: StandingsView
    banner: BannerView | None
    card: BannerView | None = None  # a party over before a human acted, or void: what happened


@dataclass(frozen=True, slots=True)
class Hits:
    """The hit regions of a frame: the controls on show, each with its target."""

    controls: tuple[tuple[tuple[Any, ...], Rect], ...]

    @staticmethod
    def of(controls: Iterable[Control | ControlView]) -> Hits:
        return Hits(tuple((c.target, c.rect) for c in controls))

    def at(self, x: float, y: float) -> Any:
        return next((t for t, r in self.controls if r.contains(x, y)), None)
