"""What the Paradice screen's painter is given and what it gives back: the view model of a frame (built by
the scene from the state it shows, its beats and clocks; immutable, what is drawn and nothing else) and the
hit regions of the picture. The scene, its painter, its input and its words import this module; it imports
none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect

Line = tuple[str, str, bool]  # a message paragraph: (text, colour, bold)
StatsHit = tuple[tuple[float, float, float, float], str, object]  # (x, y, w, h), command, argument


class Speaker(Protocol):
    """What the screen's words read of the scene (scene_messages)."""

    lang: str
    touch: bool
    sell_offer: int  # the type of copies offered for sale, among ``sell_types``

    @property
    def state(self) -> Any: ...

    def is_human(self, p: int) -> bool: ...

    def remote_wait(self) -> str: ...

    def player_name(self, p: int) -> str: ...


@dataclass(frozen=True, slots=True)
class PawnView:
    """Seat ``player``'s pawn at (x, y) in cells (between two while it walks), ``lift`` (0..1) over a
    ladder."""

    player: int
    x: float
    y: float
    lift: float


@dataclass(frozen=True, slots=True)
class ArrowView:
    """A direction to choose at a crossing: its arrow on the neighbour cell ``cell`` (x, y)."""

    direction: str
    cell: tuple[int, int]
    hover: bool


@dataclass(frozen=True, slots=True)
class BoardView:
    """The board: the copies' owners, the cached layer (content when sent in this frame), the frames round
    cells (index, colour, width), a route on demand, the pawns (the one on the move last), the arrows."""

    owners: tuple[int, ...]
    layer_key: str
    layer_res: float
    layer: DisplayList | None
    frames: tuple[tuple[int, str, float], ...]
    route: int | None  # the seat whose route is shown
    pawns: tuple[PawnView, ...]
    live: int | None  # the seat on the move (its pawn is marked)
    arrows: tuple[ArrowView, ...]
    arrow_colour: str


@dataclass(frozen=True, slots=True)
class ScoreRow:
    place: int
    seat: int
    name: str
    amount: str
    mark: str
    out: bool
    current: bool


@dataclass(frozen=True, slots=True)
class DiceView:
    """The dice zone: faces (None: blank), each die's tilt while they spin, whose colour, the line under
    them (STOP, or the total); ``stop``: a human's dice spin, a press on them stops them."""

    faces: tuple[int, int] | None
    tilts: tuple[float, float]
    colour: str
    label: str | None
    label_colour: str
    stop: bool


@dataclass(frozen=True, slots=True)
class EventsView:
    """The dice events list: owners, the eliminated, the seller (selling: his copies framed), the offered
    copy and the hovered event."""

    owners: tuple[int, ...]
    ranks: tuple[int, ...]
    seller: int | None
    offered: int | None
    hover: int | None


@dataclass(frozen=True, slots=True)
class AnswerButton:
    name: str
    rect: Rect
    label: str
    fill: str
    hover: bool


@dataclass(frozen=True, slots=True)
class MessagesView:
    """The messages zone: its heading, what is asked (prompt, offer, refusal, kept key), the turn's lines
    (the oldest go first when they do not fit), the keys' reminder (None: not shown) and the answers."""

    header: str
    items: tuple[Line, ...]
    recent: tuple[str, ...]
    keys_help: str | None
    buttons: tuple[AnswerButton, ...]


@dataclass(frozen=True, slots=True)
class JackpotView:
    title: str
    amount: str
    last_label: str
    last: str  # the last win, or "no win yet"
    last_colour: str | None  # None: no win yet


@dataclass(frozen=True, slots=True)
class StatsView:
    """The statistics zone (scene_stats.paint_stats): the state shown, which view, percent or counts."""

    state: Any  # an immutable game state
    view: str
    percent: bool
    names: tuple[str, ...]
    text: float


@dataclass(frozen=True, slots=True)
class BannerView:
    title: str
    colour: str
    lines: tuple[str, ...]
    hint: str
    t: float


@dataclass(frozen=True, slots=True)
class FrameView:
    """Everything the Paradice painter draws (scene_frame.paint)."""

    lang: str
    colours: tuple[str, ...]
    board: BoardView
    stats: StatsView
    scores: tuple[ScoreRow, ...]
    over: bool
    dice: DiceView
    events: EventsView
    messages: MessagesView
    jackpot: JackpotView
    route_title: tuple[str, str] | None  # (text, colour) while a route is shown
    banner: BannerView | None
    viewer: int | None  # the event shown by the event viewer, when it is open


@dataclass(frozen=True, slots=True)
class Hits:
    """The hit regions of a frame: the statistics' commands, the answer buttons, the direction arrows, the
    dice, the 26 events and the board's cells (the layout's ``cell_at``); and the event viewer's card, close
    button and browsing buttons while it is open."""

    stats: tuple[StatsHit, ...]
    buttons: tuple[tuple[str, Rect], ...]
    arrows: tuple[tuple[str, Rect], ...]
    dice: Rect | None  # while a human's dice spin
    icons: tuple[Rect, ...]
    viewer: Any = None  # scene_event_viewer.ViewerHits
