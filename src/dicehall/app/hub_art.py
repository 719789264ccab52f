"""The hub's pictures: a miniature of each game's board, drawn here as inline SVG (no file to fetch, and the
Content-Security-Policy allows it: presentation attributes, no ``style``).

The hub shows before any game's rules are imported (docs/performance.md), so the pictures carry what they
need: Paradice's 13×13 layout is kept here as one bit mask per row, checked against the board's own data
by a test (tests/app/test_hub.py)."""

from __future__ import annotations

from functools import lru_cache

FELT, FELT_2, CREAM, GOLD, INK = "#173a32", "#21503f", "#f3ecd8", "#e9b949", "#1f2a27"
W, H = 160, 90  # every picture's viewBox: the card's width at 16:9

# Paradice: the cells of the 13×13 board, row by row (bit x set: a cell at column x), and its corners'
# jackpots and central start.
PARADICE_ROWS = (0x1FFF, 0x1041, 0x1041, 0x1041, 0x1FC1, 0x11C1, 0x11FF, 0x1111, 0x1F11, 0x1111, 0x1111, 0x1111, 0x1FFF)
PARADICE_GOLD = ((0, 0), (12, 0), (0, 12), (12, 12))
PARADICE_START = (7, 5)


def _svg(body: str, label: str) -> str:
    return (
        f'<svg class="art" viewBox="0 0 {W} {H}" role="img" aria-label="{label}" focusable="false">'
        f'<rect width="{W}" height="{H}" rx="8" fill="{FELT}"/>{body}</svg>'
    )


def _rect(x: float, y: float, w: float, h: float, fill: str, rx: float = 1.0, stroke: str = "") -> str:
    line = f' stroke="{stroke}" stroke-width="1"' if stroke else ""
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}"{line}/>'


def _circle(x: float, y: float, r: float, fill: str, stroke: str = "") -> str:
    line = f' stroke="{stroke}" stroke-width="1.5"' if stroke else ""
    return f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}"{line}/>'


def _pips(x: float, y: float, size: float, n: int, colour: str) -> str:
    """The pips of face ``n`` on a die whose top-left corner is (x, y)."""
    spots = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }[n]
    step = size / 4
    return "".join(_circle(x + step * (1 + i), y + step * (1 + j), size / 11, colour) for i, j in spots)


def paradice() -> str:
    cell, x0, y0 = 6.2, (W - 13 * 6.2) / 2, (H - 13 * 6.2) / 2
    parts = []
    for y, row in enumerate(PARADICE_ROWS):
        for x in range(13):
            if row >> x & 1:
                fill = GOLD if (x, y) in PARADICE_GOLD else "#c62828" if (x, y) == PARADICE_START else CREAM
                parts.append(_rect(x0 + x * cell + 0.5, y0 + y * cell + 0.5, cell - 1, cell - 1, fill, 0.8))
    pawns = (("#4a3aa8", 7.5, 5.5), ("#c2185b", 2.5, 0.5), ("#ef6c00", 12.5, 8.5))
    parts += [_circle(x0 + x * cell, y0 + y * cell, 2.4, colour, CREAM) for colour, x, y in pawns]
    return "".join(parts)


def indecix() -> str:
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
    parts = [_rect(x0 - 3, y0 - 3, 78, 78, CREAM, 4)]
    for y in range(6):
        for x in range(6):
            parts.append(_rect(x0 + x * cell + 1, y0 + y * cell + 1, cell - 2, cell - 2, "#fffdf6", 1.5, "#c9bfa6"))
            if (x, y) in placed:
                colour, face = placed[(x, y)]
                parts.append(_rect(x0 + x * cell + 1.5, y0 + y * cell + 1.5, cell - 3, cell - 3, colour, 2))
                parts.append(_pips(x0 + x * cell + 1.5, y0 + y * cell + 1.5, cell - 3, face, "#ffffff"))
    return "".join(parts)


def charidice() -> str:
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
        parts.append(_rect(x, y, size, size, colour, 4, CREAM))
        parts.append(_pips(x, y, size, face, pip))
    return "".join(parts)


def roudalon() -> str:
    cx, cy = W / 2, H / 2
    parts = [
        _circle(cx, cy, 40, "#2e6b57", "#0f2a23"),
        _circle(cx, cy, 16, FELT_2),
        f'<text x="{cx:g}" y="{cy + 5:g}" text-anchor="middle" font-size="15" font-weight="700" '
        f'font-family="system-ui, sans-serif" fill="{CREAM}">17</text>',
    ]
    for colour, (x, y) in (
        ("#c62828", (cx, cy + 33)),
        ("#1565c0", (cx - 55, cy)),
        ("#2e7d32", (cx, cy - 33)),
        ("#6a1b9a", (cx + 55, cy)),
    ):
        parts.append(_rect(x - 13, y - 7, 26, 14, CREAM, 3))
        parts.append(_rect(x - 10, y - 4, 8, 8, colour, 1.5))
        parts.append(_rect(x + 2, y - 4, 8, 8, "#ffffff", 1.5, colour))
    return "".join(parts)


def marchands() -> str:
    cell, cols, rows = 5.0, 28, 15
    x0, y0 = (W - cols * cell) / 2, (H - rows * cell) / 2
    bonus = {(3, 2), (20, 3), (9, 11), (25, 12), (15, 1), (5, 8)}
    merchant = {(11, 4), (23, 8), (2, 13), (17, 12), (7, 5)}
    parts = [_rect(x0 - 2, y0 - 2, cols * cell + 4, rows * cell + 4, CREAM, 3)]
    for y in range(rows):
        for x in range(cols):
            fill = "#43a047" if (x, y) in bonus else GOLD if (x, y) in merchant else "#e8e0cb"
            if (x, y) == (14, 7):
                fill = INK
            parts.append(_rect(x0 + x * cell + 0.4, y0 + y * cell + 0.4, cell - 0.8, cell - 0.8, fill, 0.6))
    parts += [
        _circle(x0 + 6.5 * cell, y0 + 3.5 * cell, 3.2, "#c62828", "#ffffff"),
        _circle(x0 + 21.5 * cell, y0 + 10.5 * cell, 3.2, "#1565c0", "#ffffff"),
    ]
    return "".join(parts)


PICTURES = {
    "paradice": paradice,
    "indecix": indecix,
    "charidice": charidice,
    "roudalon": roudalon,
    "marchands": marchands,
}


@lru_cache(maxsize=None)
def miniature(game_id: str, label: str) -> str:
    """The picture of ``game_id``'s board (a plain felt card for a game without one), read as ``label``."""
    draw = PICTURES.get(game_id)
    return _svg(draw() if draw else "", label)
