"""Paradice's miniature on the hub (its spec's ``art``): a sketch of its board, drawn with ui.miniature."""

from __future__ import annotations

from dicehall.ui.miniature import CREAM, GOLD, H, W, circle, rect

# Paradice: the cells of the 13×13 board, row by row (bit x set: a cell at column x), and its corners'
# jackpots and central start.
PARADICE_ROWS = (0x1FFF, 0x1041, 0x1041, 0x1041, 0x1FC1, 0x11C1, 0x11FF, 0x1111, 0x1F11, 0x1111, 0x1111, 0x1111, 0x1FFF)
PARADICE_GOLD = ((0, 0), (12, 0), (0, 12), (12, 12))
PARADICE_START = (7, 5)


def draw() -> str:
    cell, x0, y0 = 6.2, (W - 13 * 6.2) / 2, (H - 13 * 6.2) / 2
    parts = []
    for y, row in enumerate(PARADICE_ROWS):
        for x in range(13):
            if row >> x & 1:
                fill = GOLD if (x, y) in PARADICE_GOLD else "#c62828" if (x, y) == PARADICE_START else CREAM
                parts.append(rect(x0 + x * cell + 0.5, y0 + y * cell + 0.5, cell - 1, cell - 1, fill, 0.8))
    pawns = (("#4a3aa8", 7.5, 5.5), ("#c2185b", 2.5, 0.5), ("#ef6c00", 12.5, 8.5))
    parts += [circle(x0 + x * cell, y0 + y * cell, 2.4, colour, CREAM) for colour, x, y in pawns]
    return "".join(parts)
