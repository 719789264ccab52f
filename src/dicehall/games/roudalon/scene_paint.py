"""Drawing the Roudalon pieces: the units of the pot (gold coins in stacks), the dice in the seat cards
(held, in reserve, in the air, landed) and the table."""

from __future__ import annotations

import math

from dicehall.ui import theme
from dicehall.ui.anim import ease_out_back, lerp
from dicehall.ui.canvas import DisplayList
from dicehall.ui.widgets import draw_die

COIN = "#e0b43a"
COIN_EDGE = "#8a6212"
FELT = "#2f6b4f"
FELT_EDGE = "#1f4a36"
POT = "#255a41"
DIE = "#ffffff"
LOST = "#b3261e"
WIN = "#d99a00"
STACK = 10  # units per stack
TUMBLE_STEP = 0.08


def draw_coin(dl: DisplayList, x: float, y: float, r: float) -> None:
    dl.circle(x, y, r, COIN, COIN_EDGE, max(1.0, r * 0.18))


# Where the stacks of units stand in the lower half of the pot, as fractions of its radius: a back row
# (drawn first) and a front row, filled from the middle out.
_BACK = ((-0.3, 0.5), (0.3, 0.5), (0.0, 0.5), (-0.6, 0.5), (0.6, 0.5))
_FRONT = ((-0.15, 0.76), (0.15, 0.76), (-0.45, 0.76), (0.45, 0.76))
_ORDER = _FRONT[:2] + _BACK[:2] + _FRONT[2:] + _BACK[2:]


def draw_stacks(dl: DisplayList, cx: float, cy: float, pot_r: float, units: int) -> None:
    """``units`` coins in stacks of ten in the lower half of the pot, each coin a unit."""
    if units <= 0:
        return
    r = max(3.0, pot_r * 0.1)
    rise = pot_r * 0.028
    stacks = min(len(_ORDER), math.ceil(units / STACK))
    slots = [(_ORDER[i], min(STACK, units - i * STACK)) for i in range(stacks)]
    slots[-1] = (slots[-1][0], units - (stacks - 1) * STACK)  # beyond nine stacks, the last grows
    for (fx, fy), n in sorted(slots, key=lambda s: s[0][1]):
        x, y = cx + fx * pot_r, cy + fy * pot_r
        for j in range(n):
            draw_coin(dl, x, y - j * rise, r)


def held_die(dl: DisplayList, x: float, y: float, size: float, colour: str) -> None:
    """A die in hand: white, edged in the seat's colour."""
    draw_die(dl, x, y, size, None, DIE, colour)
    dl.rrect(x + size * 0.3, y + size * 0.3, size * 0.4, size * 0.4, size * 0.1, theme.tint(colour, 0.35))


def reserve_die(dl: DisplayList, x: float, y: float, size: float) -> None:
    """A die in reserve (lost, to be regained by staking): greyed and dashed."""
    dl.dash([3, 3])
    dl.rrect(x, y, size, size, size * 0.18, "#e6e0d4", "#9c9282", 1.2)
    dl.dash([])


def out_die(dl: DisplayList, x: float, y: float, size: float, colour: str) -> None:
    """The place of a held die that is in the tray (thrown)."""
    dl.dash([3, 3])
    dl.rrect(x, y, size, size, size * 0.18, None, colour, 1.5)
    dl.dash([])


def face_die(
    dl: DisplayList, x: float, y: float, size: float, face: int, style: str, colour: str, land: float | None = None
) -> None:
    """A landed die in a tray; ``land``: progress of its landing (it drops in a little large)."""
    dl.save()
    if style in ("last", "lost"):
        dl.alpha(0.55)
    dx, dy = x, y
    if land is not None and land < 1:
        scale = lerp(1.35, 1.0, ease_out_back(land))
        dl.translate(x + size / 2, y + size / 2)
        dl.scale(scale, scale)
        dx, dy = -size / 2, -size / 2
    edge = WIN if style == "win" else colour
    draw_die(dl, dx, dy, size, face, DIE, edge, "#2b2620")
    if style == "win":
        dl.rrect(dx - 2, dy - 2, size + 4, size + 4, size * 0.22, None, WIN, 2.5)
    dl.restore()
    if style == "lost":
        w = max(2.0, size * 0.09)
        dl.line(x + size * 0.15, y + size * 0.15, x + size * 0.85, y + size * 0.85, LOST, w)
        dl.line(x + size * 0.85, y + size * 0.15, x + size * 0.15, y + size * 0.85, LOST, w)


def tumbling_die(dl: DisplayList, x: float, y: float, size: float, seed: int, t: float, colour: str) -> None:
    """A die in the air: a changing face, tilted and hopping (``t``: seconds since it was thrown)."""
    k = int(t / TUMBLE_STEP) + seed * 5
    angle = math.sin(k * 1.7 + seed) * 0.5
    hop = abs(math.sin(t * 9 + seed)) * size * 0.12
    dl.save()
    dl.translate(x + size / 2, y + size / 2 - hop)
    dl.rotate(angle)
    draw_die(dl, -size / 2, -size / 2, size, k % 6 + 1, DIE, colour, "#2b2620")
    dl.restore()
