"""Indecix's miniature on the hub (its spec's ``art``): a sketch of its board, drawn with ui.miniature."""

from __future__ import annotations

from dicehall.ui.miniature import CREAM, H, W, pips, rect


def draw() -> str:
    cell, x0, y0 = 12.0, (W - 72) / 2, (H - 72) / 2
    placed = {
        (0, 0): ("#2450ef", 3),
        (2, 1): ("#ff0000", 5),
        (1, 3): ("#2450ef", 6),
        (4, 2): ("#ff0000", 2),
        (3, 4): ("#2450ef", 1),
        (5, 5): ("#ff0000", 4),
        (4, 0): ("#2450ef", 4),
    }
    parts = [rect(x0 - 3, y0 - 3, 78, 78, CREAM, 4)]
    for y in range(6):
        for x in range(6):
            parts.append(rect(x0 + x * cell + 1, y0 + y * cell + 1, cell - 2, cell - 2, "#fffdf6", 1.5, "#c9bfa6"))
            if (x, y) in placed:
                colour, face = placed[(x, y)]
                parts.append(rect(x0 + x * cell + 1.5, y0 + y * cell + 1.5, cell - 3, cell - 3, colour, 2))
                parts.append(pips(x0 + x * cell + 1.5, y0 + y * cell + 1.5, cell - 3, face, "#ffffff"))
    return "".join(parts)
