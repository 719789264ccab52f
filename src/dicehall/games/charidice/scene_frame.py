"""Painting the Charidice screen every frame from its view model (scene_view.FrameView): messages, the
dice (tumbling, landing, selected), the marking preview, the buttons, the claim row, the sheets, the gift
dice in flight and the end banner. ``paint`` returns the frame's hit regions."""

from __future__ import annotations

import math

from dicehall.games.charidice.scene_layout import Layout
from dicehall.games.charidice.scene_paint import draw_colour_die
from dicehall.games.charidice.scene_preview import BAD, paint_info
from dicehall.games.charidice.scene_sheets import paint_sheet, paint_tab
from dicehall.games.charidice.scene_view import ClaimView, DieView, FrameView, Hits
from dicehall.ui import theme
from dicehall.ui.anim import ease_out_back, ease_out_cubic, lerp
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.paint import banner_card, button, focus_ring, paragraphs
from dicehall.ui.widgets import fit_line

__all__ = ["BAD", "CLAIM_FILL", "TUMBLE_STEP", "frame_hits", "paint"]

CLAIM_FILL = "#f9ab00"
TUMBLE_STEP = 0.07


def frame_hits(lay: Layout, view: FrameView) -> Hits:
    """The hit regions of the frame ``view`` draws (``paint`` returns them)."""
    if view.over:
        return Hits((), None, None, None, (), lay.tab)
    dice = tuple(r.inset(-lay.die * 0.08) for r in lay.dice)  # a generous box: the gap around a die counts
    return Hits(
        dice,
        lay.buttons[0] if view.primary is not None else None,
        lay.buttons[1] if view.secondary is not None else None,
        lay.claim if view.claim is not None and view.claim.button else None,
        tuple((c.option, c.rect) for c in view.chips),
        lay.tab,
    )


def paint(dl: DisplayList, lay: Layout, view: FrameView) -> Hits:
    """Draw the whole frame ``view``; returns its hit regions."""
    dl.clear(theme.BACKGROUND)
    if view.message is not None:
        paragraphs(dl, lay.message, list(view.message), lay.unit * 1.05)
    if view.dice is not None:
        for d in view.dice:
            _paint_die(dl, lay, d)
    if view.info is not None:
        paint_info(dl, lay, view.info, view.chips)
    _paint_buttons(dl, lay, view)
    if view.claim is not None:
        _paint_claim(dl, lay, view.claim)
    for v, r in zip(view.sheets, lay.sheets):
        paint_sheet(dl, r, v, view.lang)
    if view.tab is not None and lay.tab is not None:
        paint_tab(dl, lay.tab, view.tab.name, view.tab.colour, view.tab.total, view.lang)
    for f in view.flights:
        e = f.e
        x = lerp(f.start.x, f.target.x, e)
        y = lerp(f.start.y, f.target.y, e) - lay.die * 0.8 * (1 - (2 * e - 1) ** 2)
        size = lerp(f.start.w, max(16.0, f.target.w if f.target.w < f.start.w else f.start.w * 0.5), e)
        dl.save()
        dl.alpha(1.0 - 0.4 * e)
        draw_colour_die(dl, x, y, size, f.die, f.value)
        dl.restore()
    b = view.banner
    if b is not None:
        banner_card(
            dl,
            lay.play,
            b.title,
            b.colour,
            list(b.lines),
            list(b.footer),
            lay.unit * 1.3,
            max(8.0, lay.unit * 0.8),
            ease_out_cubic(b.t),
            fill="rgba(255,250,241,0.96)",
        )
    return frame_hits(lay, view)


def _paint_die(dl: DisplayList, lay: Layout, d: DieView) -> None:
    size = lay.die
    i, v = d.index, d.value
    r = lay.dice[i]
    s, t = fit_line(d.label, size * 1.15, lay.unit * 0.8, "normal", 7)
    dl.text(r.cx, r.bottom + size * 0.26, t, theme.font(s), theme.MUTED)
    if d.tumble is not None:
        _paint_tumbling(dl, r, i, d.tumble)
        return
    if d.away:
        return  # on its way to the neighbour
    x, y = r.x, r.y
    if d.lifted:
        y -= size * 0.16  # lifted: to be re-rolled
    dl.save()
    if d.alpha is not None:
        dl.alpha(d.alpha)
    if d.land is not None:
        scale = lerp(1.35, 1.0, ease_out_back(d.land))
        dl.translate(r.cx, r.cy)
        dl.scale(scale, scale)
        draw_colour_die(dl, -size / 2, -size / 2, size, i, v)
    elif d.dim:
        dl.alpha(0.55)
        draw_colour_die(dl, x, y, size, i, v)
    else:
        draw_colour_die(dl, x, y, size, i, v)
    dl.restore()
    if d.ring == "mark":
        width = max(3.0, size * 0.07)
        dl.rrect(x - 3, y - 3, size + 6, size + 6, size * 0.22, None, d.ring_colour, width)
        _tick(dl, x + size - size * 0.05, y + size * 0.02, size * 0.28, d.ring_colour)
    elif d.ring == "reroll":
        dl.dash([size * 0.12, size * 0.08])
        width = max(2.5, size * 0.06)
        dl.rrect(x - 3, y - 3, size + 6, size + 6, size * 0.22, None, d.ring_colour, width)
        dl.dash([])
    elif d.ring == "marked":
        dl.rrect(x - 3, y - 3, size + 6, size + 6, size * 0.22, None, d.ring_colour, max(2.5, size * 0.06))
    if d.hover:
        dl.rrect(
            x - 2, y - 2, size + 4, size + 4, size * 0.21, "rgba(255,255,255,0.18)", d.accent, max(2.0, size * 0.045)
        )
    if d.focus:
        focus_ring(dl, Rect(x, y, size, size), size * 0.22)


def _tick(dl: DisplayList, cx: float, cy: float, r: float, colour: str) -> None:
    dl.circle(cx, cy, r * 0.55, colour, "#ffffff", 1.5)
    dl.line(cx - r * 0.25, cy, cx - r * 0.05, cy + r * 0.22, "#ffffff", max(1.5, r * 0.14))
    dl.line(cx - r * 0.05, cy + r * 0.22, cx + r * 0.28, cy - r * 0.2, "#ffffff", max(1.5, r * 0.14))


def _paint_tumbling(dl: DisplayList, r: Rect, die: int, since: float) -> None:
    k = int(since / TUMBLE_STEP) + die * 5
    value = k % 6 + 1
    angle = math.sin(k * 1.7 + die) * 0.5
    hop = abs(math.sin(since * 9 + die)) * r.h * 0.14
    dl.save()
    dl.translate(r.cx, r.cy - hop)
    dl.rotate(angle)
    draw_colour_die(dl, -r.w / 2, -r.h / 2, r.w, die, value)
    dl.restore()


def _paint_buttons(dl: DisplayList, lay: Layout, view: FrameView) -> None:
    for b, r in ((view.primary, lay.buttons[0]), (view.secondary, lay.buttons[1])):
        if b is not None:
            button(dl, r, b.label, b.fill, b.hover, b.focus, pad=12, min_size=9)


def _paint_claim(dl: DisplayList, lay: Layout, c: ClaimView) -> None:
    r = lay.claim
    if c.button:
        dl.rrect(r.x - 2, r.y - 2, r.w + 4, r.h + 4, min(14.0, r.h / 2 + 2), None, c.colour, 2)
        fill = theme.mix(CLAIM_FILL, "#ffffff", 0.2) if c.hover else CLAIM_FILL
        dl.rrect(r.x, r.y, r.w, r.h, min(12.0, r.h / 2), fill, "rgba(0,0,0,0.3)", 2 if c.hover else 1)
        s, t = fit_line(c.label, r.w - 16, r.h * 0.42, "bold", 9)
        dl.text(r.cx, r.cy, t, theme.font(s, "bold"), theme.text_on(CLAIM_FILL))
        if c.focus:
            focus_ring(dl, r, min(12.0, r.h / 2))
        return
    weight = "bold" if c.bold else "normal"
    s, t = fit_line(c.label, r.w - 8, lay.unit, weight, 8)
    dl.text(r.cx, r.cy, t, theme.font(s, weight), c.colour)
