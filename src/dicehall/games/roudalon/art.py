"""Le Roudalon's miniature on the hub (its spec's ``art``): a sketch of its board, drawn with ui.miniature."""

from __future__ import annotations

from dicehall.ui.miniature import CREAM, FELT_2, H, W, circle, rect


def draw() -> str:
    cx, cy = W / 2, H / 2
    parts = [
        circle(cx, cy, 40, "#2e6b57", "#0f2a23"),
        circle(cx, cy, 16, FELT_2),
        f'<text x="{cx:g}" y="{cy + 5:g}" text-anchor="middle" font-size="15" font-weight="700" '
        f'font-family="system-ui, sans-serif" fill="{CREAM}">17</text>',
    ]
    for colour, (x, y) in (
        ("#c62828", (cx, cy + 33)),
        ("#1565c0", (cx - 55, cy)),
        ("#2e7d32", (cx, cy - 33)),
        ("#6a1b9a", (cx + 55, cy)),
    ):
        parts.append(rect(x - 13, y - 7, 26, 14, CREAM, 3))
        parts.append(rect(x - 10, y - 4, 8, 8, colour, 1.5))
        parts.append(rect(x + 2, y - 4, 8, 8, "#ffffff", 1.5, colour))
    return "".join(parts)
