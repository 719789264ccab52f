"""Where everything goes on the Indecix screen, computed from the canvas size (CSS pixels).

Landscape follows the original: messages in the upper corners, the scores either side of the die to
roll, the action button below it with the suite indicators beside it, the grid at the bottom centre and
each player's dice beside it on his side. Portrait (phones) stacks the same zones: messages, the
score/die row, the grid, then both players' dice side by side.
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
    board: Rect  # the grid's frame
    grid: Rect  # the 6×6 cells
    cell: float  # one cell's side
    turn: Rect
    die: Rect
    button: Rect
    scores: tuple[Rect, Rect]
    names: tuple[Rect, Rect]
    stars: tuple[tuple[Rect, Rect], tuple[Rect, Rect]]  # per player: (mixed, clean)
    messages: tuple[Rect, Rect]
    panels: tuple[Rect, Rect]

    def cell_rect(self, x: int, y: int) -> Rect:
        return Rect(self.grid.x + x * self.cell, self.grid.y + y * self.cell, self.cell, self.cell)

    def die_rect(self, x: int, y: int) -> Rect:
        """The die inside a cell (a margin shows the cell and a suite's background around it)."""
        d = self.cell * 0.12
        return Rect(
            self.grid.x + x * self.cell + d,
            self.grid.y + y * self.cell + d,
            self.cell - 2 * d,
            self.cell - 2 * d,
        )

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        if not self.grid.contains(px, py):
            return None
        x = int((px - self.grid.x) // self.cell)
        y = int((py - self.grid.y) // self.cell)
        return (x, y) if 0 <= x < 6 and 0 <= y < 6 else None


def compute_layout(width: float, height: float) -> Layout:
    w, h = max(width, 240.0), max(height, 240.0)
    if w < h * 0.95:
        return _portrait(w, h)
    return _landscape(w, h)


def _board(x: float, y: float, size: float) -> tuple[Rect, Rect, float]:
    pad = max(12.0, size * 0.055)  # room for the A–F / 1–6 labels
    cell = (size - 2 * pad) / 6
    return Rect(x, y, size, size), Rect(x + pad, y + pad, cell * 6, cell * 6), cell


def _centre(cx: float, top: float, band: float, col_w: float, unit: float) -> tuple[Rect, Rect, Rect]:
    turn_h = unit * 1.5
    button_h = max(30.0, min(band * 0.2, 52.0))
    die = max(28.0, min(band - turn_h - button_h - unit * 1.4, col_w * 0.62))
    turn = Rect(cx - col_w / 2, top, col_w, turn_h)
    die_r = Rect(cx - die / 2, turn.bottom + unit * 0.3, die, die)
    button_w = max(die * 1.45, button_h * 2.6)
    button = Rect(cx - button_w / 2, die_r.bottom + unit * 0.7, button_w, button_h)
    return turn, die_r, button


def _side(left: float, right: float, top: float, band_bottom: float, button: Rect, unit: float, mirror: bool):
    """Score, name and the two suite stars of one player, between ``left`` and ``right``."""
    w = right - left
    score = Rect(left, top, w, (button.y - top) * 0.62)
    name = Rect(left, score.bottom, w, unit * 1.5)
    star = max(18.0, min(button.h * 1.1, w * 0.2))
    cy = button.cy
    gap = star * 0.5
    # the two stars sit beside the action button, the clean one (player's colour) nearer the centre
    if mirror:  # right player: stars start at the left of the area
        mixed = Rect(left + gap * 3 + star, cy - star / 2, star, star)
        clean = Rect(left + gap, cy - star / 2, star, star)
    else:
        mixed = Rect(right - gap * 3 - 2 * star, cy - star / 2, star, star)
        clean = Rect(right - gap - star, cy - star / 2, star, star)
    return score, name, (mixed, clean)


def _landscape(w: float, h: float) -> Layout:
    m = max(6.0, min(w, h) * 0.018)
    band = h * 0.27
    size = min(h - band - 3 * m, w * 0.5)
    board, grid, cell = _board((w - size) / 2, h - m - size, size)
    band = board.y - 2 * m
    unit = max(11.0, min(band * 0.085, w * 0.014, 22.0))
    col_w = max(size * 0.34, band * 0.7)
    turn, die, button = _centre(w / 2, m, band, col_w, unit)
    inner_l, inner_r = board.x, w / 2 - col_w / 2
    sl, nl, stl = _side(inner_l, inner_r - m, m, band, button, unit, mirror=False)
    sr, nr, str_ = _side(w / 2 + col_w / 2 + m, board.right, m, band, button, unit, mirror=True)
    msg_w = board.x - 2 * m
    messages = (Rect(m, m, msg_w, band), Rect(board.right + m, m, msg_w, band))
    panels = (Rect(m, board.y, msg_w, size), Rect(board.right + m, board.y, msg_w, size))
    return Layout(
        w, h, False, unit, board, grid, cell, turn, die, button, (sl, sr), (nl, nr), (stl, str_), messages, panels
    )


def _portrait(w: float, h: float) -> Layout:
    m = max(6.0, w * 0.02)
    unit = max(11.0, min(w * 0.034, h * 0.022, 18.0))
    msg_h = max(unit * 4.2, h * 0.095)
    band = max(h * 0.18, unit * 7)
    panel_min = h * 0.2
    size = min(w - 2 * m, h - msg_h - band - panel_min - 5 * m)
    top = m + msg_h + m
    col_w = w * 0.34
    turn, die, button = _centre(w / 2, top, band, col_w, unit)
    board, grid, cell = _board((w - size) / 2, top + band + m, size)
    sl, nl, stl = _side(m, w / 2 - col_w / 2, top, top + band, button, unit, mirror=False)
    sr, nr, str_ = _side(w / 2 + col_w / 2, w - m, top, top + band, button, unit, mirror=True)
    half = (w - 3 * m) / 2
    messages = (Rect(m, m, half, msg_h), Rect(2 * m + half, m, half, msg_h))
    py = board.bottom + m
    ph = h - py - m
    panels = (Rect(m, py, half, ph), Rect(2 * m + half, py, half, ph))
    return Layout(
        w, h, True, unit, board, grid, cell, turn, die, button, (sl, sr), (nl, nr), (stl, str_), messages, panels
    )


# --- the dice beside the grid ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PanelLayout:
    headers: tuple[Rect, Rect, Rect]  # still to play, captured, not played
    slots: tuple[tuple[Rect, ...], tuple[Rect, ...], tuple[Rect, ...]]
    die: float
    font: float
    compact: bool = False  # Master on a small panel: one token per face with its count


def panel_layout(
    panel: Rect, counts: tuple[int, int, int], master: bool, align_right: bool, max_die: float = 44.0
) -> PanelLayout:
    """Place the three groups of dice in ``panel``: ``counts`` = (to play, captured, not played). In Master
    the first group has the 18 token places (3 rows of 6, faces 1–6); when that would make tokens too
    small to touch, one token per face (6 places) with its count instead."""
    full = _panel_layout(panel, counts, master, align_right, max_die, compact=False)
    if master and full.die < 24:
        compact = _panel_layout(panel, counts, master, align_right, max_die, compact=True)
        if compact.die > full.die:
            return compact
    return full


def _panel_layout(panel, counts, master, align_right, max_die, compact) -> PanelLayout:
    head = max(11.0, min(panel.h * 0.075, 18.0))
    font = head * 0.8
    gap = head * 0.35
    token_rows = 1 if compact else 3
    best: tuple[float, int] | None = None
    for per in (6, 8, 9, 12):
        rows = [token_rows if master else max(1, math.ceil(counts[0] / per))]
        rows += [max(1, math.ceil(c / per)) for c in counts[1:]]
        first_per = 6 if master else per
        by_width = min(panel.w / (first_per * 1.14), panel.w / (per * 1.14))
        by_height = (panel.h - 3 * (head + gap)) / (sum(rows) * 1.14)
        s = min(by_width, by_height, max_die)
        if best is None or s > best[0] + 0.5:
            best = (s, per)
    assert best is not None
    s, per = best
    step = s * 1.14
    y = panel.y
    headers = []
    groups: list[tuple[Rect, ...]] = []
    for index, n in enumerate(counts):
        headers.append(Rect(panel.x, y, panel.w, head))
        y += head + gap * 0.5
        tokens = master and index == 0
        row_len = 6 if tokens else per
        total = (6 if compact else 18) if tokens else n
        slots = []
        for i in range(total):
            r, c = divmod(i, row_len)
            x = panel.right - row_len * step + (step - s) + c * step if align_right else panel.x + c * step
            slots.append(Rect(x, y + r * step, s, s))
        n_rows = token_rows if tokens else max(1, math.ceil(total / row_len))
        y += n_rows * step + gap
        groups.append(tuple(slots))
    return PanelLayout((headers[0], headers[1], headers[2]), (groups[0], groups[1], groups[2]), s, font, compact)
