"""Dés & Marchands's miniature on the hub (its spec's ``art``): a sketch of its board, drawn with ui.miniature."""

from __future__ import annotations

from dicehall.ui.miniature import CREAM, GOLD, H, INK, W, circle, rect


def draw() -> str:
    cell, cols, rows = 5.0, 28, 15
    x0, y0 = (W - cols * cell) / 2, (H - rows * cell) / 2
    bonus = {(3, 2), (20, 3), (9, 11), (25, 12), (15, 1), (5, 8)}
    merchant = {(11, 4), (23, 8), (2, 13), (17, 12), (7, 5)}
    parts = [rect(x0 - 2, y0 - 2, cols * cell + 4, rows * cell + 4, CREAM, 3)]
    for y in range(rows):
        for x in range(cols):
            fill = "#43a047" if (x, y) in bonus else GOLD if (x, y) in merchant else "#e8e0cb"
            if (x, y) == (14, 7):
                fill = INK
            parts.append(rect(x0 + x * cell + 0.4, y0 + y * cell + 0.4, cell - 0.8, cell - 0.8, fill, 0.6))
    parts += [
        circle(x0 + 6.5 * cell, y0 + 3.5 * cell, 3.2, "#c62828", "#ffffff"),
        circle(x0 + 21.5 * cell, y0 + 10.5 * cell, 3.2, "#1565c0", "#ffffff"),
    ]
    return "".join(parts)
