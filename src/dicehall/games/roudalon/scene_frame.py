"""Painting the Roudalon screen every frame from its view model (scene_view.FrameView): the table with its
seat cards and the pot, the alliance chain, the units in flight, the party line, the message zone, the
controls, the standings and the end banner. ``paint`` returns the frame's hit regions."""

from __future__ import annotations

import itertools
import math

from dicehall.games.roudalon.scene_layout import Layout
from dicehall.games.roudalon.scene_paint import (
    FELT,
    FELT_EDGE,
    LOST,
    POT,
    draw_coin,
    draw_stacks,
    face_die,
    held_die,
    out_die,
    reserve_die,
    tumbling_die,
)
from dicehall.games.roudalon.scene_view import BannerView, FrameView, Hits, SeatView, StandingsView
from dicehall.ui import theme
from dicehall.ui.anim import clamp, ease_in_out, ease_out_cubic, lerp
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.paint import banner_card, button, paragraphs
from dicehall.ui.widgets import fit_line, text_width

BAD = LOST
STAKE_FILL = "#e0b43a"


def paint(dl: DisplayList, lay: Layout, view: FrameView) -> Hits:
    """Draw the whole frame ``view``; returns its hit regions (the controls)."""
    dl.clear(theme.BACKGROUND)
    inside = ceiling_fits_pot(lay, view.pot.ceiling)
    _paint_table(dl, lay, view, inside)
    _paint_header(dl, lay, view.header if inside else f"{view.header} · {view.pot.ceiling}")
    _paint_message(dl, lay, view)
    _paint_controls(dl, lay, view)
    _paint_standings(dl, lay, view.standings, view.colours)
    if view.card is not None:
        _paint_party_card(dl, lay, view.card)
    if view.banner is not None:
        _paint_banner(dl, lay, view.banner)
    return Hits.of(view.controls)


CEILING_MIN = 8.0  # px: the smallest size of the ceiling's line inside the pot


def ceiling_fits_pot(lay: Layout, ceiling: str) -> bool:
    """Whether the ceiling's line fits inside the pot whole; where it does not (a small pot on a phone), the
    party line says it instead, rather than the pot showing it cut."""
    return text_width(ceiling, CEILING_MIN) <= lay.pot_r * 1.5


# --- the table ---------------------------------------------------------------------------------------------
def _paint_table(dl: DisplayList, lay: Layout, view: FrameView, ceiling_inside: bool) -> None:
    t = lay.table
    r = min(t.w, t.h) / 2 - 2
    dl.circle(lay.cx, lay.cy, r, FELT, FELT_EDGE, 3)
    _paint_chain(dl, lay, view)
    _paint_pot(dl, lay, view, ceiling_inside)
    for seat in view.seats:
        _paint_card(dl, lay, seat)
    _paint_flights(dl, lay, view)


def _paint_chain(dl: DisplayList, lay: Layout, view: FrameView) -> None:
    """The alliance: a thick line from member to member in chain order, a dashed one to the player asked."""
    chain = view.chain
    if not chain:
        return
    colour = view.colours[chain[0]]
    width = max(4.0, lay.unit * 0.4)
    for a, b in itertools.pairwise(chain):
        ra, rb = lay.seats[a], lay.seats[b]
        dl.line(ra.cx, ra.cy, rb.cx, rb.cy, "#ffffff", width + 3)
        dl.line(ra.cx, ra.cy, rb.cx, rb.cy, colour, width)
    if view.asked is not None:
        ra, rb = lay.seats[chain[-1]], lay.seats[view.asked]
        dl.dash([8, 6])
        dl.line(ra.cx, ra.cy, rb.cx, rb.cy, "#ffffff", width)
        dl.dash([])


def _paint_pot(dl: DisplayList, lay: Layout, view: FrameView, ceiling_inside: bool) -> None:
    cx, cy, pr = lay.cx, lay.cy, lay.pot_r
    pot = view.pot
    dl.circle(cx, cy, pr, POT, "rgba(0,0,0,0.35)", 2)
    shown = pot.shown
    draw_stacks(dl, cx, cy, pr, shown)
    big = max(18.0, pr * 0.5)
    dl.text(cx, cy - pr * 0.62, pot.label, theme.font(max(10.0, pr * 0.15)), "#ffffff")
    dl.text(cx, cy - pr * 0.27, str(shown), theme.font(big, "bold"), "#ffffff")
    if ceiling_inside:
        s, line = fit_line(pot.ceiling, pr * 1.5, max(9.0, pr * 0.14), "normal", CEILING_MIN)
        dl.text(cx, cy + pr * 0.08, line, theme.font(s), "#ffffff")
    if pot.running is not None:  # the alliance's running total against the pot, over the units
        s, line = fit_line(pot.running, pr * 1.5, max(11.0, pr * 0.2), "bold", 8)
        dl.rrect(cx - pr * 0.75, cy + pr * 0.42, pr * 1.5, s * 1.5, s * 0.5, "#ffffff", "rgba(0,0,0,0.3)")
        dl.text(cx, cy + pr * 0.42 + s * 0.75, line, theme.font(s, "bold"), theme.INK)


def _paint_card(dl: DisplayList, lay: Layout, v: SeatView) -> None:
    p = v.player
    r = lay.seats[p]
    colour = v.colour
    ink = theme.readable(colour)
    live = v.live
    dl.save()
    if live:
        dl.shadow(theme.mix(colour, "#ffffff", 0.3), 14, 0, 0)
    dl.rrect(r.x, r.y, r.w, r.h, 10, theme.PANEL, colour if live else theme.PANEL_EDGE, 3 if live else 1.5)
    dl.restore()
    pad = max(5.0, r.w * 0.04)
    unit = lay.unit
    narrow = r.w < 160
    row = r.h / (4.1 if narrow else 3.4)
    # the name row
    badge = v.badge
    badge_w = row * 0.9 if badge else 0.0
    dl.circle(r.x + pad + row * 0.22, r.y + row * 0.6, row * 0.2, colour)
    s, text = fit_line(v.label, r.w - 2 * pad - row * 0.55 - badge_w, min(unit * 1.05, row * 0.62), "bold", 8)
    dl.text(r.x + pad + row * 0.55, r.y + row * 0.6, text, theme.font(s, "bold"), ink, "left")
    if badge:
        bx, by = r.right - pad - badge_w / 2, r.y + row * 0.6
        dl.circle(bx, by, badge_w * 0.45, colour)
        dl.text(bx, by, badge, theme.font(badge_w * 0.55, "bold"), theme.text_on(colour))
    # the dice row: held, out (thrown), reserve | the tray
    die = min(lay.die, row * 1.25, (r.w - 2 * pad) / 4.9)
    gap = die * 0.18
    y = r.y + row * 1.15 + (row * 1.25 - die) / 2
    x = r.x + pad
    for i in range(2):
        if i < v.hand:
            held_die(dl, x, y, die, colour)
        elif i < v.held:
            out_die(dl, x, y, die, colour)
        else:
            reserve_die(dl, x, y, die)
        x += die + gap
    x += gap
    dl.line(x - gap * 0.5, y + 2, x - gap * 0.5, y + die - 2, theme.PANEL_EDGE, 1)
    x += gap * 0.5
    for i, face in enumerate(v.tray):
        if face is None:
            tumbling_die(dl, x, y, die, p * 2 + i, v.tumble, colour)
        else:
            face_die(dl, x, y, die, face, v.style, colour, v.lands[i])
        x += die + gap
    # the numbers row
    net, money = v.net, v.money
    size = min(unit * 0.9, row * 0.62)
    if narrow:
        s, text = fit_line(money, r.w - 2 * pad, size, "normal", 7)
        dl.text(r.x + pad, r.bottom - row * 1.35, text, theme.font(s), theme.INK, "left")
        s, text = fit_line(net, r.w - 2 * pad, size, "bold", 7)
        dl.text(r.x + pad, r.bottom - row * 0.55, text, theme.font(s, "bold"), theme.INK, "left")
    else:
        s, text = fit_line(f"{money} · {net}", r.w - 2 * pad, size, "normal", 7)
        dl.text(r.x + pad, r.bottom - row * 0.5, text, theme.font(s), theme.INK, "left")


def _paint_flights(dl: DisplayList, lay: Layout, view: FrameView) -> None:
    for f in view.flights:
        card = lay.seats[f.seat]
        a, b = (card.cx, card.cy), (lay.cx, lay.cy)
        if not f.to_pot:
            a, b = b, a
        shown = min(f.count, 8)
        r = max(4.0, lay.pot_r * 0.1)
        t = f.t
        for j in range(shown):
            e = ease_in_out(clamp(t * 1.4 - j * 0.4 / max(1, shown)))
            if e <= 0 or e >= 1:
                continue
            x = lerp(a[0], b[0], e) + math.sin(j * 2.1) * r * 0.8
            y = lerp(a[1], b[1], e) - lay.pot_r * 0.4 * (1 - (2 * e - 1) ** 2)
            draw_coin(dl, x, max(r + 1, y), r)
        if t < 0.9:
            size = lay.unit * 1.2
            x = lerp(a[0], b[0], ease_in_out(t))
            y = max(size, lerp(a[1], b[1], ease_in_out(t)) - lay.pot_r * 0.5)
            label = f"+{f.count}" if not f.to_pot else str(f.count)
            dl.text(x, y, label, theme.font(size, "bold"), "#ffffff")


# --- the side: header, messages, controls, standings ----------------------------------------------------------
def _paint_header(dl: DisplayList, lay: Layout, header: str) -> None:
    r = lay.header
    s, text = fit_line(header, r.w, lay.unit * 1.3, "bold", 9)
    dl.text(r.x, r.cy, text, theme.font(s, "bold"), theme.INK, "left")


def _paint_message(dl: DisplayList, lay: Layout, view: FrameView) -> None:
    r = lay.message
    dl.rrect(r.x, r.y, r.w, r.h, 10, theme.PANEL, theme.PANEL_EDGE, 1)
    inner = r.inset(max(6.0, lay.unit * 0.5))
    paragraphs(dl, inner, list(view.message), lay.unit * 1.05)


def _paint_controls(dl: DisplayList, lay: Layout, view: FrameView) -> None:
    if view.stake_label is not None:
        r = lay.stake_label
        s, text = fit_line(view.stake_label, r.w - 4, lay.unit * 1.05, "bold", 8)
        dl.text(r.x, r.cy, text, theme.font(s, "bold"), theme.INK, "left")
    for c in view.controls:
        button(dl, c.rect, c.label, c.fill, c.hover, c.focus, c.enabled, c.sub)


def _paint_standings(dl: DisplayList, lay: Layout, v: StandingsView, colours: tuple[str, ...]) -> None:
    r = lay.standings
    if r.h < lay.unit * 2:
        return
    dl.rrect(r.x, r.y, r.w, r.h, 10, theme.PANEL, theme.PANEL_EDGE, 1)
    n = len(v.names)
    rows = n + 1
    line_h = min(lay.unit * 1.7, (r.h - 8) / rows)
    size = min(lay.unit * 0.95, line_h * 0.62)
    pad = max(6.0, lay.unit * 0.5)
    name_w = r.w * 0.3

    def width(head: str, values: tuple[str, ...]) -> float:
        return max(size * 2.2, *(text_width(v, size, "bold") + size * 0.8 for v in [head, *values]))

    free = r.w - 2 * pad - name_w - sum(width(h, values) for h, values, _ in v.fixed)
    parties: list[tuple[str, tuple[str, ...], bool]] = []
    for col in reversed(v.parties):  # the latest finished parties that fit
        free -= width(col[0], col[1])
        if free < 0:
            break
        parties.insert(0, col)
    cols = parties + list(v.fixed)
    y = r.y + 4 + line_h / 2
    x_name = r.x + pad
    s, text = fit_line(v.title, name_w, size, "bold", 7)
    dl.text(x_name, y, text, theme.font(s, "bold"), theme.MUTED, "left")
    xs: list[float] = []
    x = r.right - pad
    for head, values, _ in reversed(cols):
        xs.insert(0, x)
        x -= width(head, values)
    for x, (head, _, bold) in zip(xs, cols):
        dl.text(x, y, head, theme.font(size, "bold"), theme.MUTED, "right")
    if r.bottom - (y + line_h * (n + 1.5)) > size * 2 and v.keys_help is not None:  # for a keyboard only
        help_box = Rect(r.x + pad, r.bottom - size * 2.6 - 4, r.w - 2 * pad, size * 2.6)
        paragraphs(dl, help_box, [(v.keys_help, theme.MUTED, False)], size * 0.95)
    for p in range(n):
        y += line_h
        if y + line_h / 2 > r.bottom + 0.5:
            break
        dl.circle(x_name + size * 0.35, y, size * 0.32, colours[p])
        s, text = fit_line(v.names[p], name_w - size, size, "normal", 7)
        dl.text(x_name + size * 0.9, y, text, theme.font(s), theme.readable(colours[p]), "left")
        for x, (_, values, bold) in zip(xs, cols):
            dl.text(x, y, values[p], theme.font(size, "bold" if bold else "normal"), theme.INK, "right")


def _paint_party_card(dl: DisplayList, lay: Layout, b: BannerView) -> None:
    """A finished party's card over the table's centre (a party over before a human acted, or void)."""
    g = lay.table
    size = lay.unit * 1.05
    pad = max(8.0, lay.unit * 0.7)
    bw = min(g.w * 0.92, max(size * 20, g.w * 0.66))
    bh = min(g.h * 0.72, (len(b.lines) + 4.2) * size * 1.3 + 2 * pad)
    box = Rect(g.cx - bw / 2, g.cy - bh / 2, bw, bh)
    banner_card(dl, box, b.title, b.colour, list(b.lines), [b.footer], size, pad, ease_out_cubic(b.t))


def _paint_banner(dl: DisplayList, lay: Layout, b: BannerView) -> None:
    g = lay.table
    size = lay.unit * 1.3
    bw = min(g.w * 0.86, max(size * 18, g.w * 0.6))
    bh = min(g.h * 0.8, (len(b.lines) + 3) * size * 1.25 + 2 * max(8.0, lay.unit * 0.8) + size)
    box = Rect(g.cx - bw / 2, g.cy - bh / 2, bw, bh)
    pad = max(8.0, lay.unit * 0.8)
    banner_card(dl, box, b.title, b.colour, list(b.lines), [b.footer], size, pad, ease_out_cubic(b.t))
