"""Where everything goes on the Roudalon screen, computed from the canvas size (CSS pixels).

Landscape (desktops): the round table on the left (the seats on an ellipse round the pot, the first
human seat at the bottom, play going clockwise), and a column on the right with the party line, the
messages, the controls and the standings. Portrait (phones) stacks: the party line, the table, the
messages, the controls and the standings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dicehall.ui.geometry import Rect


@dataclass(frozen=True, slots=True)
class Layout:
    width: float
    height: float
    portrait: bool
    unit: float  # base font size
    header: Rect  # "Partie 2/4 · tour 3/40"
    table: Rect  # the round table (the end banner covers it)
    cx: float  # the pot's centre
    cy: float
    pot_r: float
    seats: tuple[Rect, ...]  # one card per seat, indexed by seat
    die: float  # dice in the seat cards
    message: Rect  # the prompt, why actions are (not) possible, the last event
    stakes: tuple[Rect, ...]  # six stake buttons (1..6); the first row also holds Pass
    stake_label: Rect
    row_throw: tuple[Rect, Rect]  # throw 1 / throw 2; yes / no when answering
    row_alliance: tuple[Rect, Rect]  # propose (or extend) / close
    controls: Rect
    standings: Rect

    def seat_at(self, x: float, y: float) -> int | None:
        for p, r in enumerate(self.seats):
            if r.contains(x, y):
                return p
        return None


def compute_layout(width: float, height: float, players: int, bottom_seat: int = 0) -> Layout:
    """The layout of a ``width`` × ``height`` canvas for ``players`` seats, ``bottom_seat`` at the bottom."""
    w, h = max(width, 300.0), max(height, 360.0)
    if w >= h * 1.15 and w >= 700:
        return _landscape(w, h, players, bottom_seat)
    return _portrait(w, h, players, bottom_seat)


def _controls(r: Rect, gap: float) -> tuple[tuple[Rect, ...], Rect, tuple[Rect, Rect], tuple[Rect, Rect]]:
    """Three rows in ``r``: a label and six stake buttons, the two throws, the alliance buttons."""
    bh = (r.h - 2 * gap) / 3
    label_w = min(r.w * 0.2, 90.0)
    sw = (r.w - label_w - 6 * gap) / 6
    stakes = tuple(Rect(r.x + label_w + gap + i * (sw + gap), r.y, sw, bh) for i in range(6))
    label = Rect(r.x, r.y, label_w, bh)
    half = (r.w - gap) / 2
    y2 = r.y + bh + gap
    y3 = y2 + bh + gap
    throws = (Rect(r.x, y2, half, bh), Rect(r.x + half + gap, y2, half, bh))
    alliance = (Rect(r.x, y3, half, bh), Rect(r.x + half + gap, y3, half, bh))
    return stakes, label, throws, alliance


def _table(table: Rect, players: int, bottom_seat: int, unit: float) -> tuple[tuple[Rect, ...], float, float]:
    """The seat cards round ``table`` (seat order clockwise on screen) and the pot's radius."""
    card_w = min(210.0, max(104.0, table.w * (0.30 if players <= 4 else 0.29)))
    card_w = min(card_w, table.w * 0.48)
    card_h = min(120.0, max(76.0, card_w * 0.58, unit * 5.6))
    if card_w < 160:  # narrow cards put the numbers on two lines
        card_h = max(card_h, 92.0)
    rx = max(0.0, table.w / 2 - card_w / 2)
    ry = max(0.0, table.h / 2 - card_h / 2)
    cx, cy = table.cx, table.cy
    seats = []
    for p in range(players):
        a = math.pi / 2 + 2 * math.pi * ((p - bottom_seat) % players) / players
        x = cx + rx * math.cos(a)
        y = cy + ry * math.sin(a)
        seats.append(Rect(x - card_w / 2, y - card_h / 2, card_w, card_h))
    room = min(table.w, table.h) * 0.22
    for r in seats:  # the pot keeps clear of every card
        dx = max(r.x - cx, 0.0, cx - r.right)
        dy = max(r.y - cy, 0.0, cy - r.bottom)
        room = min(room, math.hypot(dx, dy) - 8)
    return tuple(seats), cx, max(24.0, room) if room > 0 else 24.0


def _die_size(card: Rect) -> float:
    return max(14.0, min(card.h * 0.34, (card.w - 16) / 4.7))


def _landscape(w: float, h: float, players: int, bottom: int) -> Layout:
    pad = max(10.0, min(w, h) * 0.02)
    unit = max(12.0, min(17.0, h / 46, w / 72))
    side = min(460.0, max(330.0, w * 0.36))
    table = Rect(pad, pad, w - side - 3 * pad, h - 2 * pad)
    seats, cx, pot_r = _table(table, players, bottom, unit)
    x = table.right + pad
    header = Rect(x, pad, side, unit * 2.2)
    gap = max(6.0, unit * 0.5)
    y = header.bottom + gap
    message = Rect(x, y, side, max(unit * 8.5, h * 0.25))
    y = message.bottom + gap
    bh = max(44.0, min(54.0, unit * 3.2))
    controls = Rect(x, y, side, 3 * bh + 2 * gap)
    stakes, label, throws, alliance = _controls(controls, gap)
    y = controls.bottom + gap * 1.5
    standings = Rect(x, y, side, h - pad - y)
    return Layout(
        w,
        h,
        False,
        unit,
        header,
        table,
        cx,
        table.cy,
        pot_r,
        seats,
        _die_size(seats[0]),
        message,
        stakes,
        label,
        throws,
        alliance,
        controls,
        standings,
    )


def _portrait(w: float, h: float, players: int, bottom: int) -> Layout:
    pad = max(6.0, min(w, h) * 0.018)
    unit = max(11.0, min(15.0, w / 28, h / 52))
    gap = max(5.0, unit * 0.45)
    cw = w - 2 * pad
    header = Rect(pad, pad, cw, unit * 1.9)
    bh = 44.0
    controls_h = 3 * bh + 2 * gap
    message_h = unit * 1.25 * 5.2
    standings_h = max(unit * 1.3 * (players + 1.6), h * 0.12)
    table_h = h - 2 * pad - header.h - message_h - controls_h - standings_h - 4 * gap
    table_h = max(min(table_h, cw * 0.92), min(cw * 0.8, h * 0.4))
    message_h = max(message_h, h - 2 * pad - header.h - table_h - controls_h - standings_h - 4 * gap)
    y = header.bottom + gap
    table = Rect(pad, y, cw, table_h)
    seats, cx, pot_r = _table(table, players, bottom, unit)
    y = table.bottom + gap
    message = Rect(pad, y, cw, message_h)
    y = message.bottom + gap
    controls = Rect(pad, y, cw, controls_h)
    stakes, label, throws, alliance = _controls(controls, gap)
    y = controls.bottom + gap
    standings = Rect(pad, y, cw, max(unit * 3, h - pad - y))
    return Layout(
        w,
        h,
        True,
        unit,
        header,
        table,
        cx,
        table.cy,
        pot_r,
        seats,
        _die_size(seats[0]),
        message,
        stakes,
        label,
        throws,
        alliance,
        controls,
        standings,
    )
