"""Charidice's miniature on the hub (its spec's ``art``): a sketch of its board, drawn with ui.miniature."""

from __future__ import annotations

from dicehall.ui.miniature import CREAM, INK, W, pips, rect


def draw() -> str:
    dice = (
        ("#f4c20d", 6, INK),
        ("#263238", 5, "#ffffff"),
        ("#c62828", 4, "#ffffff"),
        ("#f4c20d", 3, INK),
        ("#263238", 2, "#ffffff"),
        ("#c62828", 1, "#ffffff"),
    )
    size, gap = 20.0, 5.0
    x0 = (W - 6 * size - 5 * gap) / 2
    parts = []
    for i, (colour, face, pip) in enumerate(dice):
        x, y = x0 + i * (size + gap), 26 + (i % 2) * 14
        parts.append(rect(x, y, size, size, colour, 4, CREAM))
        parts.append(pips(x, y, size, face, pip))
    return "".join(parts)
