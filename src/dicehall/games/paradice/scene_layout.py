"""Where everything goes on the Paradice screen, computed from the canvas size (CSS pixels).

The 13×13 board is a square as large as the screen allows. Its empty blocks hold the six information zones
as in the original program: the statistics (x1–5 × y1–5), the scores (x7–11 × y1–3), the dice (x9–11 ×
y5–7), the dice events list (x1–3 × y7–11), the messages (x5–7 × y7–11) and the jackpot (x9–11 × y9–11).

When the cells are too small for the text of the scores, messages and events list (a phone), those three
zones leave the board for a strip below it (portrait) or a column beside it (landscape); the dice and
jackpot stay in their blocks. The statistics stay in theirs too, unless the messages' box is roomy enough
to share (a phone held upright, or sideways): then the statistics leave the board's small block for the
right half of that box, where they are larger, beside the messages.

``text`` scales the text (the "large" board font).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dicehall.games.paradice.board import SIZE
from dicehall.ui.geometry import Rect

ROOMY_CELL = 44.0  # px: from this cell size up, every zone fits in the board's empty blocks
BLOCKS = {  # zone -> (x0, y0, x1, y1) in cells, inclusive
    "stats": (1, 1, 5, 5),
    "scores": (7, 1, 11, 3),
    "dice": (9, 5, 11, 7),
    "events": (1, 7, 3, 11),
    "messages": (5, 7, 7, 11),
    "jackpot": (9, 9, 11, 11),
}


@dataclass(frozen=True, slots=True)
class Layout:
    width: float
    height: float
    compact: bool  # the scores, messages and events list are outside the board
    unit: float  # base font size
    board: Rect
    cell: float  # a cell's side
    stats: Rect
    scores: Rect
    dice: Rect
    events: Rect
    messages: Rect
    jackpot: Rect
    buttons: tuple[Rect, Rect]  # the two answer buttons (buy, sell) at the foot of the messages
    score_columns: int  # the scores' lines are laid in this many columns

    def cell_rect(self, x: int, y: int) -> Rect:
        c = self.cell
        return Rect(self.board.x + x * c, self.board.y + y * c, c, c)

    def cell_centre(self, index: int) -> tuple[float, float]:
        c = self.cell
        return self.board.x + (index % SIZE + 0.5) * c, self.board.y + (index // SIZE + 0.5) * c

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        if not self.board.contains(px, py):
            return None
        x = math.floor((px - self.board.x) / self.cell)
        y = math.floor((py - self.board.y) / self.cell)
        return (x, y) if 0 <= x < SIZE and 0 <= y < SIZE else None

    def block(self, name: str) -> Rect:
        """Zone ``name``'s block of the board (where it stands unless it left the board)."""
        return _block(self.board, self.cell, name)

    def message_text(self) -> Rect:
        """The messages' text area: above the buttons."""
        m = self.messages
        top = self.buttons[0].y
        return Rect(m.x, m.y, m.w, max(10.0, top - 6 - m.y))


def _block(board: Rect, cell: float, name: str) -> Rect:
    x0, y0, x1, y1 = BLOCKS[name]
    margin = min(max(2.0, cell * 0.08), cell * 0.25)
    return Rect(
        board.x + x0 * cell + margin,
        board.y + y0 * cell + margin,
        (x1 - x0 + 1) * cell - 2 * margin,
        (y1 - y0 + 1) * cell - 2 * margin,
    )


def _buttons(r: Rect, height: float, gap: float) -> tuple[Rect, Rect]:
    half = (r.w - gap) / 2
    y = r.bottom - height
    return Rect(r.x, y, half, height), Rect(r.x + half + gap, y, half, height)


MIN_SIDE = 160.0  # px: a smaller canvas is laid out as this (and cut): no real screen is that small
MIN_COLUMN = 260.0  # px: the zones' column beside the board is at least this wide
SHARED_GAIN = 1.15  # the statistics share the messages' box when they get this much larger there
MIN_MESSAGES = 150.0  # px: the messages keep at least this width beside the statistics


def compute_layout(width: float, height: float, players: int, text: float = 1.0) -> Layout:
    w, h = max(width, MIN_SIDE), max(height, MIN_SIDE)
    pad = max(6.0, min(w, h) * 0.012)
    side = min(w, h) - 2 * pad
    if side / SIZE >= ROOMY_CELL:
        return _roomy(w, h, pad, side, text)
    below = _below(w, h, pad, players, text)
    if w < h:
        return below
    beside = _beside(w, h, pad, players, text)
    # landscape, but too narrow for the board and a column beside it (a small phone, a square window):
    # the zones go below the board when that gives the bigger board
    return beside if beside.cell >= below.cell else below


def _roomy(w: float, h: float, pad: float, side: float, text: float = 1.0) -> Layout:
    cell = math.floor(side / SIZE)
    size = cell * SIZE
    board = Rect((w - size) / 2, (h - size) / 2, size, size)
    unit = max(11.0, min(16.0, cell * 0.26)) * text
    messages = _block(board, cell, "messages")
    bh = max(32.0, min(44.0, cell * 0.7))
    return Layout(
        w,
        h,
        False,
        unit,
        board,
        cell,
        _block(board, cell, "stats"),
        _block(board, cell, "scores"),
        _block(board, cell, "dice"),
        _block(board, cell, "events"),
        messages,
        _block(board, cell, "jackpot"),
        _buttons(messages, bh, 6.0),
        1,
    )


def _wanted(
    width: float, unit: float, players: int, columns: int | None = None
) -> tuple[int, float, float, float, float]:
    """What the zones outside the board would like in a column ``width`` px wide: (score columns, gap,
    scores' height, events list's height, messages' least height)."""
    gap = max(5.0, unit * 0.4)
    columns = columns or (2 if width >= 300 else 1)
    rows = math.ceil(players / columns)
    scores_h = rows * max(22.0, unit * 1.7) + 4
    events_h = _events_height(width, unit, 13 if width >= 300 else 9)
    return columns, gap, scores_h, events_h, unit * 5 + 44  # a heading, three lines, the answer buttons


MESSAGE_LINES = 9  # the messages' box needs no more than this many lines (with its answer buttons)
EVENTS_ROOMY_ROW = 9  # icons a row of the dice events list when there is room: three rows, larger icons


def _events_height(width: float, unit: float, per_row: int) -> float:
    """The dice events list's height ``width`` px wide with ``per_row`` icons a row (and its counters)."""
    icon = min(44.0, width / per_row)
    return math.ceil(26 / per_row) * icon + unit * 1.6 + 6


def _stack(area: Rect, unit: float, players: int) -> tuple[Rect, Rect, Rect, int]:
    """The scores, the messages and the events list stacked in ``area`` (outside the board): the messages take
    what the others leave. Short of height, the scores go in two columns, the events list's icons shrink
    (by up to a third), and then all three shrink alike (a tiny screen) rather than overlap. With more room
    than the messages need (MESSAGE_LINES), the events list's icons grow (three rows across) and the scores
    take one column, so that no box stands mostly empty."""
    columns, gap, scores_h, events_h, messages_h = _wanted(area.w, unit, players)
    gap = min(gap, max(0.0, area.h) * 0.03)
    room = max(0.0, area.h - 2 * gap)
    spare = room - scores_h - events_h - messages_h
    if spare < 0 and columns == 1 and players > 2 and area.w >= 200:  # short of height: the scores in two columns
        columns, _, scores_h, _, _ = _wanted(area.w, unit, players, 2)
        spare = room - scores_h - events_h - messages_h
    if spare < 0:  # the events list's icons shrink first, by up to a third
        cut = min(-spare, events_h / 3)
        events_h, spare = events_h - cut, spare + cut
    if spare > 0:
        # more room than the messages need (a phone held upright: their box was a third of the screen, mostly
        # empty): the dice events list takes it first, its icons growing to three rows across the width
        roomy = max(0.0, spare + messages_h - unit * 1.25 * MESSAGE_LINES - 44)
        grow = min(roomy, max(0.0, _events_height(area.w, unit, EVENTS_ROOMY_ROW) - events_h))
        events_h, spare = events_h + grow, spare - grow
        # then the scores, in one column across the width, when the messages keep what they need
        single = _wanted(area.w, unit, players, 1)[2]
        if columns == 2 and single - scores_h <= roomy - grow:
            columns, spare, scores_h = 1, spare - (single - scores_h), single
        messages_h += spare
    elif spare < 0:
        k = room / (scores_h + events_h + messages_h)
        scores_h, events_h, messages_h = scores_h * k, events_h * k, messages_h * k
    scores = Rect(area.x, area.y, area.w, scores_h)
    messages = Rect(area.x, scores.bottom + gap, area.w, messages_h)
    events = Rect(area.x, messages.bottom + gap, area.w, events_h)
    return scores, messages, events, columns


def _below(w: float, h: float, pad: float, players: int, text: float = 1.0) -> Layout:
    unit = max(11.0, min(14.0, w / 30)) * text
    # the board takes the width, leaving the zones below what they want (but keeps 42 % of the height)
    _, gap, scores_h, events_h, messages_h = _wanted(w - 2 * pad, unit, players)
    below = scores_h + events_h + messages_h + 2 * gap
    side = max(min(w - 2 * pad, h - 3 * pad - below), min(w - 2 * pad, h * 0.42))
    cell = side / SIZE
    size = cell * SIZE
    board = Rect((w - size) / 2, pad, size, size)
    area = Rect(pad, board.bottom + pad, w - 2 * pad, h - board.bottom - 2 * pad)
    return _compact(w, h, unit, board, cell, area, players)


def _beside(w: float, h: float, pad: float, players: int, text: float = 1.0) -> Layout:
    unit = max(11.0, min(14.0, h / 30)) * text
    side = h - 2 * pad
    column = max(MIN_COLUMN, min(480.0, w - side - 3 * pad))
    side = max(0.0, min(side, w - column - 3 * pad))
    cell = side / SIZE
    size = cell * SIZE
    board = Rect(pad, (h - size) / 2, size, size)
    area = Rect(board.right + pad, pad, w - board.right - 2 * pad, h - 2 * pad)
    return _compact(w, h, unit, board, cell, area, players)


def _compact(w: float, h: float, unit: float, board: Rect, cell: float, area: Rect, players: int) -> Layout:
    scores, messages, events, columns = _stack(area, unit, players)
    stats = _block(board, cell, "stats")
    gap = max(5.0, unit * 0.4)
    half = (messages.w - gap) / 2
    if half >= MIN_MESSAGES and min(half, messages.h) > SHARED_GAIN * min(stats.w, stats.h):
        # a roomy box for the messages alone (a phone): the statistics take its right half, larger there
        # than in their block of the board
        stats = Rect(messages.x + half + gap, messages.y, half, messages.h)
        messages = Rect(messages.x, messages.y, half, messages.h)
    bh = min(44.0, max(messages.h * 0.5, min(28.0, messages.h)))  # a fingertip, when there is room
    return Layout(
        w,
        h,
        True,
        unit,
        board,
        cell,
        stats,
        scores,
        _block(board, cell, "dice"),
        events,
        messages,
        _block(board, cell, "jackpot"),
        _buttons(messages, bh, 8.0),
        columns,
    )
