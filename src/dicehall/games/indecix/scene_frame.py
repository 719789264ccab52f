"""The pieces of the Indecix screen drawn every frame: scores, suite stars, messages, the die to roll and
its button, hover and focus frames, the dice in motion and the final banner."""

from __future__ import annotations

from dicehall.games.indecix.scene_layout import Layout, PanelLayout
from dicehall.games.indecix.scene_paint import NOTCH, paint_message, paint_star_indicator
from dicehall.games.indecix.scene_view import FrameView, Hits
from dicehall.ui import theme
from dicehall.ui.anim import ease_in_out, ease_out_back, ease_out_cubic, lerp
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.widgets import Button, draw_die, fit_text

SPIN_STEP = 0.06  # the face of a spinning die changes every 60 ms
# a fixed shuffle of faces without two equal neighbours: the spinning die's faces
_SPIN_FACES = (3, 6, 1, 4, 2, 5, 1, 3, 6, 2, 4, 1, 5, 3, 2, 6, 4, 5, 1, 6, 3, 4, 2, 1, 5, 6, 2, 3, 5, 4, 6, 1)


def frame_hits(lay: Layout, panels: tuple[PanelLayout, PanelLayout], view: FrameView) -> Hits:
    """The hit regions of the frame ``view`` draws (``paint_frame`` returns them)."""
    button = lay.button if view.button is not None and not view.over else None
    tokens: tuple[tuple[Rect, int], ...] = ()
    if view.tokens:
        tokens = tuple((slot, i % 6 + 1) for i, slot in enumerate(panels[view.mover].slots[0]))
    return Hits(button, tokens)


def paint_frame(
    dl: DisplayList, lay: Layout, view: FrameView, panels: tuple[PanelLayout, PanelLayout], fit_cache: dict
) -> Hits:
    """Draw ``view`` over the static layer; returns the frame's hit regions. ``fit_cache`` keeps the messages
    fitted to their boxes from frame to frame."""
    c = lay.cell
    mover = view.mover
    over = view.over
    colours = view.colours
    for p in (0, 1):
        r = lay.scores[p]
        dl.text(
            r.cx,
            r.cy,
            str(view.scores[p]),
            theme.font(min(r.h * 0.8, r.w * 0.4), "bold"),
            theme.readable(colours[p]),
        )
        mixed, clean = lay.stars[p]
        lit = over or view.lit
        paint_star_indicator(dl, mixed, "#8a8a8a", view.stars[p][0], view.kinds[p][0], lit, lay.unit)
        paint_star_indicator(dl, clean, colours[p], view.stars[p][1], view.kinds[p][1], lit, lay.unit)
        paint_message(dl, lay.messages[p], list(view.messages[p]), lay.unit, p == 1, fit_cache)
    # the die to roll and the action button
    if not over:
        draw_top_die(dl, lay, view)
        if view.button is not None:
            button = Button(lay.button, view.button.label, view.button.enabled)
            button.draw(dl, colours[mover] if button.enabled else "#b9b2a6")
    # hover and keyboard focus over the grid
    colour = theme.readable(colours[mover])
    if view.hover is not None:
        r = lay.cell_rect(*view.hover).inset(c * 0.05)
        dl.rrect(r.x, r.y, r.w, r.h, c * 0.14, "rgba(255,255,255,0.35)", colour, max(3.0, c * 0.08))
    if view.focus is not None:
        r = lay.cell_rect(*view.focus).inset(-1)
        dl.dash([c * 0.12, c * 0.08])
        dl.rrect(r.x, r.y, r.w, r.h, c * 0.16, None, theme.FOCUS, max(2.5, c * 0.07))
        dl.dash([])
    key = view.key_target
    framed = None
    if key is not None and key[0] == "button" and view.button is not None:
        framed = lay.button.inset(-5)
    elif key is not None and key[0] == "token":
        slots = panels[mover].slots[0]
        framed = slots[key[1] - 1].inset(-3) if 0 < key[1] <= len(slots) else None
    if framed is not None:
        dl.dash([c * 0.12, c * 0.08])
        dl.rrect(framed.x, framed.y, framed.w, framed.h, c * 0.16, None, theme.FOCUS, max(2.5, c * 0.07))
        dl.dash([])
    if view.tokens:
        slots = panels[mover].slots[0]
        x0, y0 = min(r.x for r in slots), min(r.y for r in slots)
        x1, y1 = max(r.right for r in slots), max(r.bottom for r in slots)
        dl.rrect(x0 - 3, y0 - 3, x1 - x0 + 6, y1 - y0 + 6, panels[mover].die * 0.25, None, colour, 2)
    # animations
    for drop in view.drops:
        t = drop.t
        d = lay.die_rect(*drop.cell)
        scale = lerp(1.5, 1.0, ease_out_back(t))
        dl.save()
        dl.alpha(min(1.0, 0.2 + t * 1.6))
        dl.translate(d.cx, d.cy)
        dl.scale(scale, scale)
        draw_die(dl, -d.w / 2, -d.h / 2, d.w, drop.face, colours[drop.owner], notch=NOTCH[drop.owner])
        dl.restore()
    for f in view.flights:
        t = f.t
        slots = panels[f.player].slots[1]
        target = slots[f.index] if f.index < len(slots) else lay.panels[f.player]
        e = ease_in_out(t)
        x = lerp(f.start.x, target.x, e)
        y = lerp(f.start.y, target.y, e) - 0.25 * c * (1 - (2 * e - 1) ** 2)
        size = lerp(f.start.w, target.w, e)
        dl.save()
        dl.alpha(1.0 - 0.45 * t)
        draw_die(dl, x, y, size, f.face, colours[f.owner], notch=NOTCH[f.owner])
        dl.restore()
    if view.banner is not None:
        draw_banner(dl, lay, view, ease_out_cubic(view.banner.t))
    return frame_hits(lay, panels, view)


def draw_top_die(dl: DisplayList, lay: Layout, view: FrameView) -> None:
    d = lay.die
    colour = view.colours[view.mover]
    notch = NOTCH[view.mover]
    if view.spin is not None:
        i = view.spin
        face = _SPIN_FACES[i % len(_SPIN_FACES)]
        angle = 0.12 if i % 2 else -0.12
        dl.save()
        dl.translate(d.cx, d.cy)
        dl.rotate(angle)
        draw_die(dl, -d.w / 2, -d.h / 2, d.w, face, colour, notch=notch)
        dl.restore()
        return
    dl.shadow("rgba(0,0,0,0.25)", 8, 0, 3)
    draw_die(dl, d.x, d.y, d.w, view.die, colour, notch=notch)
    dl.shadow("rgba(0,0,0,0)", 0)
    if view.die is None and view.phase == "choose":
        dl.text(d.cx, d.cy, "?", theme.font(d.w * 0.55, "bold"), theme.text_on(colour))


def draw_banner(dl: DisplayList, lay: Layout, view: FrameView, t: float) -> None:
    assert view.banner is not None
    g = lay.grid
    text = view.banner.text
    winners = view.banner.winners
    colour = theme.INK if len(winners) > 1 else theme.readable(view.colours[winners[0]])
    w, h = g.w * 0.92, g.h * 0.3
    x, y = g.cx - w / 2, g.cy - h / 2
    dl.save()
    dl.alpha(t)
    dl.translate(g.cx, g.cy)
    s = lerp(0.85, 1.0, t)
    dl.scale(s, s)
    dl.shadow("rgba(0,0,0,0.3)", 16, 0, 4)
    dl.rrect(x - g.cx, y - g.cy, w, h, h * 0.18, "rgba(255,250,241,0.95)", colour, 3)
    dl.shadow("rgba(0,0,0,0)", 0)

    size, lines = fit_text(text, w * 0.9, h * 0.5, h * 0.28, "bold")
    top = -h * 0.1 - (len(lines) - 1) * size * 0.6  # the result's lines centred in the upper part
    for i, line in enumerate(lines):
        dl.text(0, top + i * size * 1.2, line, theme.font(size, "bold"), colour)
    dl.text(0, h * 0.33, view.banner.footer, theme.font(h * 0.12), theme.MUTED)
    dl.restore()
