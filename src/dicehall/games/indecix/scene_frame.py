"""The pieces of the Indecix screen drawn every frame: scores, suite stars, messages, the die to roll and
its button, hover and focus frames, the dice in motion and the final banner."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.games.indecix import texts as tx
from dicehall.games.indecix.scene_layout import Layout
from dicehall.games.indecix.scene_messages import banner_text, message_lines
from dicehall.games.indecix.scene_paint import NOTCH, Info, paint_message, paint_star_indicator
from dicehall.ui import theme
from dicehall.ui.anim import ease_in_out, ease_out_back, ease_out_cubic, lerp
from dicehall.ui.canvas import DisplayList
from dicehall.ui.widgets import draw_die, fit_text

if TYPE_CHECKING:
    from dicehall.games.indecix.scene import IndecixScene

SPIN_STEP = 0.06  # the face of a spinning die changes every 60 ms
# a fixed shuffle of faces without two equal neighbours: the spinning die's faces
_SPIN_FACES = (3, 6, 1, 4, 2, 5, 1, 3, 6, 2, 4, 1, 5, 3, 2, 6, 4, 5, 1, 6, 3, 4, 2, 1, 5, 6, 2, 3, 5, 4, 6, 1)


def paint_frame(sc: IndecixScene, dl: DisplayList, lay: Layout, st: Any, info: Info, panels: Any) -> None:
    now, c = sc.now, lay.cell
    mover = st.mover
    over = st.phase == "over"
    for p in (0, 1):
        r = lay.scores[p]
        dl.text(
            r.cx,
            r.cy,
            str(sc.counters[p].shown(now)),
            theme.font(min(r.h * 0.8, r.w * 0.4), "bold"),
            theme.readable(sc.colours[p]),
        )
        cats = info.cats[p]
        mixed, clean = lay.stars[p]
        lit = over or sc.blink_on
        paint_star_indicator(dl, mixed, "#8a8a8a", cats["suites_mixed"], info.kinds[p][0], lit, lay.unit)
        paint_star_indicator(dl, clean, sc.colours[p], cats["suites_clean"], info.kinds[p][1], lit, lay.unit)
        paint_message(dl, lay.messages[p], message_lines(sc, p), lay.unit, p == 1, sc.message_cache)
    # the die to roll and the action button
    if not over:
        draw_top_die(sc, dl, lay, st)
        button = sc.action_button(lay)
        if button is not None:
            button.draw(dl, sc.colours[mover] if button.enabled else "#b9b2a6")
    # hover and keyboard focus over the grid
    if sc.can_place():
        colour = theme.readable(sc.colours[mover])
        if sc.hover is not None and sc.hover in info.previews:
            r = lay.cell_rect(*sc.hover).inset(c * 0.05)
            dl.rrect(r.x, r.y, r.w, r.h, c * 0.14, "rgba(255,255,255,0.35)", colour, max(3.0, c * 0.08))
        if sc.focus is not None:
            r = lay.cell_rect(*sc.focus).inset(-1)
            dl.dash([c * 0.12, c * 0.08])
            dl.rrect(r.x, r.y, r.w, r.h, c * 0.16, None, theme.FOCUS, max(2.5, c * 0.07))
            dl.dash([])
    if st.phase == "choose" and sc.session.human_to_move:
        slots = panels[mover].slots[0]
        x0, y0 = min(r.x for r in slots), min(r.y for r in slots)
        x1, y1 = max(r.right for r in slots), max(r.bottom for r in slots)
        dl.rrect(
            x0 - 3,
            y0 - 3,
            x1 - x0 + 6,
            y1 - y0 + 6,
            panels[mover].die * 0.25,
            None,
            theme.readable(sc.colours[mover]),
            2,
        )
    # animations
    for cell, tween in sc.drops.items():
        if not tween.running(now):
            continue
        t = tween.progress(now)
        content = st.cell(*cell)
        if content is None:
            continue
        owner, face = content
        d = lay.die_rect(*cell)
        scale = lerp(1.5, 1.0, ease_out_back(t))
        dl.save()
        dl.alpha(min(1.0, 0.2 + t * 1.6))
        dl.translate(d.cx, d.cy)
        dl.scale(scale, scale)
        draw_die(dl, -d.w / 2, -d.h / 2, d.w, face, sc.colours[owner], notch=NOTCH[owner])
        dl.restore()
    for f in sc.flights:
        if not f.tween.running(now):
            continue
        t = f.tween.progress(now)
        slots = panels[f.player].slots[1]
        target = slots[f.index] if f.index < len(slots) else lay.panels[f.player]
        e = ease_in_out(t)
        x = lerp(f.start.x, target.x, e)
        y = lerp(f.start.y, target.y, e) - 0.25 * c * (1 - (2 * e - 1) ** 2)
        size = lerp(f.start.w, target.w, e)
        dl.save()
        dl.alpha(1.0 - 0.45 * t)
        draw_die(dl, x, y, size, f.face, sc.colours[f.owner], notch=NOTCH[f.owner])
        dl.restore()
    if over and sc.banner is not None and sc.banner.started(now) and not sc.end_panel:
        draw_banner(sc, dl, lay, st, ease_out_cubic(sc.banner.progress(now)))


def draw_top_die(sc: IndecixScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    d = lay.die
    colour = sc.colours[st.mover]
    if sc.spin is not None:
        i = int((sc.now - sc.spin.start) / SPIN_STEP)
        face = _SPIN_FACES[i % len(_SPIN_FACES)]
        angle = 0.12 if i % 2 else -0.12
        dl.save()
        dl.translate(d.cx, d.cy)
        dl.rotate(angle)
        draw_die(dl, -d.w / 2, -d.h / 2, d.w, face, colour, notch=NOTCH[st.mover])
        dl.restore()
        return
    face = st.die if st.phase in ("place", "pass") else None
    dl.shadow("rgba(0,0,0,0.25)", 8, 0, 3)
    draw_die(dl, d.x, d.y, d.w, face, colour, notch=NOTCH[st.mover])
    dl.shadow("rgba(0,0,0,0)", 0)
    if face is None and st.phase == "choose":
        dl.text(d.cx, d.cy, "?", theme.font(d.w * 0.55, "bold"), theme.text_on(colour))


def draw_banner(sc: IndecixScene, dl: DisplayList, lay: Layout, st: Any, t: float) -> None:
    g = lay.grid
    text = banner_text(sc, st)
    winners = st.outcome().winners
    colour = theme.INK if len(winners) > 1 else theme.readable(sc.colours[winners[0]])
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
    dl.text(0, h * 0.33, tx.t(sc.lang, "game_over"), theme.font(h * 0.12), theme.MUTED)
    dl.restore()
