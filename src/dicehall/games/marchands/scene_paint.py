"""Drawing the Dés & Marchands pieces: the board's static layer (cells, the end cell, bonus and merchant
cells, portals with their pair numbers), die faces (arrows, pips, ×2 / ×3), tumbling dice, pawns and
coins."""

from __future__ import annotations

import hashlib
import math
from typing import Any

from dicehall.games.marchands.scene_view import CELL
from dicehall.ui import theme
from dicehall.ui.anim import ease_out_back, lerp
from dicehall.ui.canvas import DisplayList
from dicehall.ui.widgets import draw_die

BOARD = "#efe5cf"
GRID = "#d8c9ab"
GRID_BOLD = "#bfae8c"
END = "#c9a227"
BONUS = "#43a047"
MERCHANT = "#ef9f1a"
MERCHANT_INK = "#6d4300"
PORTAL = "#7e57c2"
PORTAL_HUES = ("#7e57c2", "#3949ab", "#00897b", "#8e24aa", "#5e35b1", "#1e88e5")
DIE = "#fffdf8"
COIN = "#e0b43a"
COIN_EDGE = "#9c7a12"
HIGHLIGHT = "#fff59d"
TUMBLE_STEP = 0.09

_STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


# --- the static layer --------------------------------------------------------------------------------------
def layer_key(board: Any) -> str:
    """A key that changes only when the board changes: its size, cells and portal pairs."""
    digest = hashlib.sha1(f"{board.size}|{''.join(k[0] for k in board.kinds)}|{board.portals}".encode())
    return f"marchands/{board.size}/{digest.hexdigest()[:16]}"


def board_layer(board: Any) -> DisplayList:
    """The board in board units (``CELL`` px per cell): drawn once, then only copied by the host."""
    dl = DisplayList()
    n = board.size
    world = n * CELL
    dl.rect(0, 0, world, world, BOARD)
    for i in range(n + 1):
        colour, width = (GRID_BOLD, 0.6) if i % 5 == 0 else (GRID, 0.35)
        dl.line(i * CELL, 0, i * CELL, world, colour, width)
        dl.line(0, i * CELL, world, i * CELL, colour, width)
    c = CELL
    for x, y in board.cells_of("bonus"):
        dl.rect(x * c + 0.5, y * c + 0.5, c - 1, c - 1, BONUS)
        dl.line(x * c + c * 0.5, y * c + c * 0.22, x * c + c * 0.5, y * c + c * 0.78, "#ffffff", c * 0.16)
        dl.line(x * c + c * 0.22, y * c + c * 0.5, x * c + c * 0.78, y * c + c * 0.5, "#ffffff", c * 0.16)
    for x, y in board.cells_of("merchant"):
        dl.rect(x * c + 0.5, y * c + 0.5, c - 1, c - 1, MERCHANT)
        dl.circle(x * c + c * 0.5, y * c + c * 0.5, c * 0.3, COIN, MERCHANT_INK, c * 0.08)
        dl.line(x * c + c * 0.5, y * c + c * 0.32, x * c + c * 0.5, y * c + c * 0.68, MERCHANT_INK, c * 0.08)
    for k, pair in enumerate(board.portals):
        hue = PORTAL_HUES[k % len(PORTAL_HUES)]
        for x, y in pair:
            dl.rect(x * c + 0.5, y * c + 0.5, c - 1, c - 1, theme.mix(hue, "#ffffff", 0.65))
            dl.circle(x * c + c * 0.5, y * c + c * 0.5, c * 0.4, None, hue, c * 0.1)
            dl.text(x * c + c * 0.5, y * c + c * 0.53, str(k + 1), theme.font(c * 0.5, "bold"), hue)
    ex, ey = board.end
    dl.rect(ex * c, ey * c, c, c, END)
    dl.star(ex * c + c * 0.5, ey * c + c * 0.52, c * 0.42, "#ffffff", "#7a5c00", 0.5)
    dl.rrect(0.3, 0.3, world - 0.6, world - 0.6, 1, None, GRID_BOLD, 0.6)
    return dl


# --- die faces ---------------------------------------------------------------------------------------------
def face_tile(
    dl: DisplayList,
    x: float,
    y: float,
    s: float,
    token: str,
    edge: str | None = None,
    fill: str = DIE,
    ink: str = theme.INK,
) -> None:
    """One die face seen from above: an arrow (direction), pips (power) or ×2 / ×3 (multiplier)."""
    if token.isdigit():
        draw_die(dl, x, y, s, int(token), fill, edge, ink)
        return
    dl.rrect(x, y, s, s, s * 0.18, fill, edge or "rgba(0,0,0,0.35)", max(1.0, s / 28))
    if token in _STEP:
        dx, dy = _STEP[token]
        cx, cy = x + s / 2, y + s / 2
        tip = (cx + dx * s * 0.34, cy + dy * s * 0.34)
        base = (cx + dx * s * 0.02, cy + dy * s * 0.02)
        px, py = -dy, dx  # perpendicular
        dl.poly(
            [
                tip,
                (base[0] + px * s * 0.22, base[1] + py * s * 0.22),
                (base[0] - px * s * 0.22, base[1] - py * s * 0.22),
            ],
            ink,
        )
        dl.line(cx - dx * s * 0.32, cy - dy * s * 0.32, base[0], base[1], ink, max(1.0, s * 0.11))
        return
    label = "×" + token[1:] if token.startswith("x") else token
    dl.text(x + s / 2, y + s * 0.53, label, theme.font(s * 0.46, "bold"), "#b71c1c")


def landed_tile(
    dl: DisplayList, x: float, y: float, s: float, token: str, edge: str, land: float | None = None, faded: bool = False
) -> None:
    """A landed die in the tray; ``land``: the progress of its landing (it drops in a little large)."""
    dl.save()
    if faded:
        dl.alpha(0.5)
    if land is not None and land < 1:
        scale = lerp(1.35, 1.0, ease_out_back(land))
        dl.translate(x + s / 2, y + s / 2)
        dl.scale(scale, scale)
        face_tile(dl, -s / 2, -s / 2, s, token, edge)
    else:
        face_tile(dl, x, y, s, token, edge)
    dl.restore()


def tumbling_tile(
    dl: DisplayList, x: float, y: float, s: float, die: tuple[str, ...], seed: int, t: float, edge: str
) -> None:
    """A die in the air: a changing face of its own, tilted and hopping (``t``: seconds since the roll)."""
    k = int(t / TUMBLE_STEP) + seed * 5
    angle = math.sin(k * 1.7 + seed) * 0.45
    hop = abs(math.sin(t * 9 + seed)) * s * 0.12
    dl.save()
    dl.translate(x + s / 2, y + s / 2 - hop)
    dl.rotate(angle)
    face_tile(dl, -s / 2, -s / 2, s, die[k % len(die)], edge)
    dl.restore()


# --- pawns and coins ------------------------------------------------------------------------------------------
def coin(dl: DisplayList, x: float, y: float, r: float) -> None:
    dl.circle(x, y, r, COIN, COIN_EDGE, max(1.0, r * 0.2))


def pawn(dl: DisplayList, x: float, y: float, r: float, colour: str, live: bool, pulse: float) -> None:
    if live:
        dl.circle(x, y, r * (1.35 + 0.15 * pulse), None, colour, max(1.5, r * 0.18))
    dl.circle(x, y + r * 0.12, r, "rgba(0,0,0,0.25)")
    dl.circle(x, y, r, colour, "#ffffff", max(1.5, r * 0.22))
    dl.circle(x - r * 0.3, y - r * 0.3, r * 0.28, "rgba(255,255,255,0.45)")


def coin_label(dl: DisplayList, x: float, y: float, size: float, n: int, colour: str) -> None:
    """A pawn's purse: a small coin and the number, on a pale tag centred on (x, y)."""
    text = str(n)
    w = size * (0.62 * len(text) + 1.5)
    dl.rrect(x - w / 2, y - size * 0.65, w, size * 1.3, size * 0.4, "#fffaf1", colour, 1)
    coin(dl, x - w / 2 + size * 0.6, y, size * 0.38)
    dl.text(x - w / 2 + size * 1.1, y, text, theme.font(size, "bold"), theme.INK, "left")
