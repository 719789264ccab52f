"""Painting the Roudalon screen every frame: the table with its seat cards and the pot, the alliance
chain, the units in flight, the party line, the message zone, the controls, the standings and the end
banner."""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any

from dicehall.games.roudalon import texts as tx
from dicehall.games.roudalon.scene_layout import Layout
from dicehall.games.roudalon.scene_messages import banner_lines, event_text, prompt_text, reasons
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
from dicehall.ui import theme
from dicehall.ui.anim import clamp, ease_in_out, ease_out_cubic, lerp
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.paint import banner_card, button, paragraphs
from dicehall.ui.widgets import fit_line, text_width

if TYPE_CHECKING:
    from dicehall.games.roudalon.scene import RoudalonScene

BAD = LOST
STAKE_FILL = "#e0b43a"


def paint(sc: RoudalonScene, dl: DisplayList, lay: Layout) -> None:
    st = sc.state
    dl.clear(theme.BACKGROUND)
    _paint_table(sc, dl, lay, st)
    _paint_header(sc, dl, lay, st)
    _paint_message(sc, dl, lay, st)
    _paint_controls(sc, dl, lay, st)
    _paint_standings(sc, dl, lay, st)
    if st.phase == "over" and sc.banner is not None and sc.banner.started(sc.now) and not sc.end_panel:
        _paint_banner(sc, dl, lay, st, ease_out_cubic(sc.banner.progress(sc.now)))


# --- the table ---------------------------------------------------------------------------------------------
def _paint_table(sc: RoudalonScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    t = lay.table
    r = min(t.w, t.h) / 2 - 2
    dl.circle(lay.cx, lay.cy, r, FELT, FELT_EDGE, 3)
    _paint_chain(sc, dl, lay, st)
    _paint_pot(sc, dl, lay, st)
    for p in range(st.num_players):
        _paint_card(sc, dl, lay, st, p)
    _paint_flights(sc, dl, lay)


def _paint_chain(sc: RoudalonScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    """The alliance: a thick line from member to member in chain order, a dashed one to the player asked."""
    chain = st.chain if len(st.chain) > 1 or st.asked is not None else ()
    if not chain:
        return
    colour = sc.colours[chain[0]]
    width = max(4.0, lay.unit * 0.4)
    for a, b in itertools.pairwise(chain):
        ra, rb = lay.seats[a], lay.seats[b]
        dl.line(ra.cx, ra.cy, rb.cx, rb.cy, "#ffffff", width + 3)
        dl.line(ra.cx, ra.cy, rb.cx, rb.cy, colour, width)
    if st.asked is not None:
        ra, rb = lay.seats[chain[-1]], lay.seats[st.asked]
        dl.dash([8, 6])
        dl.line(ra.cx, ra.cy, rb.cx, rb.cy, "#ffffff", width)
        dl.dash([])


def _paint_pot(sc: RoudalonScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    cx, cy, pr = lay.cx, lay.cy, lay.pot_r
    dl.circle(cx, cy, pr, POT, "rgba(0,0,0,0.35)", 2)
    shown = sc.pot.shown(sc.now)
    draw_stacks(dl, cx, cy, pr, shown)
    big = max(18.0, pr * 0.5)
    dl.text(cx, cy - pr * 0.62, tx.t(sc.lang, "pot"), theme.font(max(10.0, pr * 0.15)), "#ffffff")
    dl.text(cx, cy - pr * 0.27, str(shown), theme.font(big, "bold"), "#ffffff")
    ceiling = st.options.pot_ceiling
    key = "at_ceiling" if st.pot >= ceiling else "ceiling"
    s, line = fit_line(tx.t(sc.lang, key, n=ceiling), pr * 1.5, max(9.0, pr * 0.14), "normal", 8)
    dl.text(cx, cy + pr * 0.08, line, theme.font(s), "#ffffff")
    if st.throws and len(st.chain) > 1:  # the alliance's running total against the pot, over the units
        s, line = fit_line(tx.t(sc.lang, "running", total=st.running_total, pot=st.pot), pr * 1.5,
                           max(11.0, pr * 0.2), "bold", 8)
        dl.rrect(cx - pr * 0.75, cy + pr * 0.42, pr * 1.5, s * 1.5, s * 0.5, "#ffffff", "rgba(0,0,0,0.3)")
        dl.text(cx, cy + pr * 0.42 + s * 0.75, line, theme.font(s, "bold"), theme.INK)


def _paint_card(sc: RoudalonScene, dl: DisplayList, lay: Layout, st: Any, p: int) -> None:
    r = lay.seats[p]
    colour = sc.colours[p]
    ink = theme.readable(colour)
    over = st.phase == "over"
    to_move = not over and st.to_move == p and st.phase != "roll"
    throwing = st.phase == "roll" and st.throws and st.throws[-1][0] == p
    live = to_move or throwing
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
    name = sc.player_name(p)
    tags = []
    if sc.session.seats[p].is_ai:
        tags.append(tx.t(sc.lang, "computer"))
    label = f"{name} ({', '.join(tags)})" if tags else name
    prefix = "▶ " if live else ""
    badge = _badge(st, p)
    badge_w = row * 0.9 if badge else 0.0
    dl.circle(r.x + pad + row * 0.22, r.y + row * 0.6, row * 0.2, colour)
    s, text = fit_line(prefix + label, r.w - 2 * pad - row * 0.55 - badge_w, min(unit * 1.05, row * 0.62), "bold", 8)
    dl.text(r.x + pad + row * 0.55, r.y + row * 0.6, text, theme.font(s, "bold"), ink, "left")
    if badge:
        bx, by = r.right - pad - badge_w / 2, r.y + row * 0.6
        dl.circle(bx, by, badge_w * 0.45, colour)
        dl.text(bx, by, badge, theme.font(badge_w * 0.55, "bold"), theme.text_on(colour))
    # the dice row: held, out (thrown), reserve | the tray
    staked, collected, held = sc.cards()
    die = min(lay.die, row * 1.25, (r.w - 2 * pad) / 4.9)
    gap = die * 0.18
    y = r.y + row * 1.15 + (row * 1.25 - die) / 2
    faces, style = sc.tray(p)
    out = sum(1 for _ in faces) if style == "live" and st.phase in ("roll", "chain") and st.throws else 0
    x = r.x + pad
    hand = held[p] - min(out, held[p])
    for i in range(2):
        if i < hand:
            held_die(dl, x, y, die, colour)
        elif i < held[p]:
            out_die(dl, x, y, die, colour)
        else:
            reserve_die(dl, x, y, die)
        x += die + gap
    x += gap
    dl.line(x - gap * 0.5, y + 2, x - gap * 0.5, y + die - 2, theme.PANEL_EDGE, 1)
    x += gap * 0.5
    for i, face in enumerate(faces[:2]):
        if face is None:
            tumbling_die(dl, x, y, die, p * 2 + i, max(0.0, sc.now - sc.tumble_from), colour)
        else:
            land = sc.lands.get((p, i))
            face_die(dl, x, y, die, face, style, colour, land.progress(sc.now) if land is not None and not sc.fast
                     else None)
        x += die + gap
    # the numbers row
    net = tx.t(sc.lang, "net", n=tx.signed(collected[p] - staked[p]))
    money = " · ".join([tx.t(sc.lang, "staked", n=staked[p]), tx.t(sc.lang, "collected", n=collected[p])])
    size = min(unit * 0.9, row * 0.62)
    if narrow:
        s, text = fit_line(money, r.w - 2 * pad, size, "normal", 7)
        dl.text(r.x + pad, r.bottom - row * 1.35, text, theme.font(s), theme.INK, "left")
        s, text = fit_line(net, r.w - 2 * pad, size, "bold", 7)
        dl.text(r.x + pad, r.bottom - row * 0.55, text, theme.font(s, "bold"), theme.INK, "left")
    else:
        s, text = fit_line(f"{money} · {net}", r.w - 2 * pad, size, "normal", 7)
        dl.text(r.x + pad, r.bottom - row * 0.5, text, theme.font(s), theme.INK, "left")


def _badge(st: Any, p: int) -> str:
    """The seat's place in the alliance (1, 2...) or "?" for the player asked."""
    if st.asked == p:
        return "?"
    if len(st.chain) > 1 and p in st.chain:
        return str(st.chain.index(p) + 1)
    return ""


def _paint_flights(sc: RoudalonScene, dl: DisplayList, lay: Layout) -> None:
    now = sc.now
    for f in sc.flights:
        if not f.tween.started(now) or not f.tween.running(now):
            continue
        card = lay.seats[f.seat]
        a, b = (card.cx, card.cy), (lay.cx, lay.cy)
        if not f.to_pot:
            a, b = b, a
        shown = min(f.count, 8)
        r = max(4.0, lay.pot_r * 0.1)
        t = f.tween.progress(now)
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
def _paint_header(sc: RoudalonScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    r = lay.header
    s, text = fit_line(sc.header(), r.w, lay.unit * 1.3, "bold", 9)
    dl.text(r.x, r.cy, text, theme.font(s, "bold"), theme.INK, "left")


def _paint_message(sc: RoudalonScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    r = lay.message
    dl.rrect(r.x, r.y, r.w, r.h, 10, theme.PANEL, theme.PANEL_EDGE, 1)
    inner = r.inset(max(6.0, lay.unit * 0.5))
    items: list[tuple[str, str, bool]] = []
    seat = st.to_move
    colour = theme.readable(sc.colours[seat]) if seat is not None else theme.INK
    items.append((prompt_text(sc, st), colour, True))
    if sc.flash is not None:
        items.append((sc.flash[0], BAD, True))
    if sc.actor() is not None:
        items += [(line, theme.INK, False) for line in reasons(sc, st)]
    items += [(line, theme.MUTED, False) for line in sc.throwoff_text()]
    recent = sc.recent_lines()
    if st.phase == "turn" and st.last is not None and st.last.kind == "stake" and recent:
        recent[-1] = event_text(sc, st.last, st.pot)
    items += [(line, theme.MUTED, False) for line in recent]
    paragraphs(dl, inner, items, lay.unit * 1.05)


def _paint_controls(sc: RoudalonScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    if st.phase == "over":
        return
    controls = sc.controls()
    if any(c.target[0] == "stake" for c in controls):
        r = lay.stake_label
        s, text = fit_line(tx.t(sc.lang, "stake_label"), r.w - 4, lay.unit * 1.05, "bold", 8)
        dl.text(r.x, r.cy, text, theme.font(s, "bold"), theme.INK, "left")
    seat = sc.actor()
    colour = sc.colours[seat] if seat is not None else theme.MUTED
    focus = sc.shown_focus()
    for c in controls:
        if c.target[0] == "stake" or c.target[0] == "pass":
            fill = STAKE_FILL
        elif c.target[0] == "no":
            fill = theme.mix(colour, "#ffffff", 0.45)
        elif c.hopeless:
            fill = theme.mix(colour, "#ffffff", 0.55)
        else:
            fill = colour
        button(dl, c.rect, c.label, fill, sc.hover == c.target, focus == c.target, c.enabled, c.sub)


def _paint_standings(sc: RoudalonScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    r = lay.standings
    if r.h < lay.unit * 2:
        return
    dl.rrect(r.x, r.y, r.w, r.h, 10, theme.PANEL, theme.PANEL_EDGE, 1)
    n = st.num_players
    rows = n + 1
    line_h = min(lay.unit * 1.7, (r.h - 8) / rows)
    size = min(lay.unit * 0.95, line_h * 0.62)
    pad = max(6.0, lay.unit * 0.5)
    done = list(st.standings)
    live = st.phase != "over"
    name_w = r.w * 0.3

    def width(head: str, values: list[str]) -> float:
        return max(size * 2.2, *(text_width(v, size, "bold") + size * 0.8 for v in [head, *values]))

    staked, collected, _ = sc.cards()
    fixed: list[tuple[str, list[str], bool]] = []
    if live:  # the party being played
        fixed.append((tx.t(sc.lang, "col_now"), [tx.signed(collected[p] - staked[p]) for p in range(n)], False))
    fixed.append((tx.t(sc.lang, "col_total"), [tx.signed(v) for v in st.totals()], True))
    free = r.w - 2 * pad - name_w - sum(width(h, v) for h, v, _ in fixed)
    parties: list[tuple[str, list[str], bool]] = []
    for i in range(len(done) - 1, -1, -1):  # the latest finished parties that fit
        col = (tx.t(sc.lang, "col_party", p=i + 1), [tx.signed(v) for v in done[i]], False)
        free -= width(col[0], col[1])
        if free < 0:
            break
        parties.insert(0, col)
    cols = parties + fixed
    y = r.y + 4 + line_h / 2
    x_name = r.x + pad
    s, text = fit_line(tx.t(sc.lang, "standings"), name_w, size, "bold", 7)
    dl.text(x_name, y, text, theme.font(s, "bold"), theme.MUTED, "left")
    xs = []
    x = r.right - pad
    for head, values, _ in reversed(cols):
        xs.insert(0, x)
        x -= width(head, values)
    for x, (head, _, bold) in zip(xs, cols):
        dl.text(x, y, head, theme.font(size, "bold"), theme.MUTED, "right")
    if r.bottom - (y + line_h * (n + 1.5)) > size * 2 and not sc.touch:  # keys: for a keyboard only
        help_box = Rect(r.x + pad, r.bottom - size * 2.6 - 4, r.w - 2 * pad, size * 2.6)
        paragraphs(dl, help_box, [(tx.t(sc.lang, "keys_help"), theme.MUTED, False)], size * 0.95)
    for p in range(n):
        y += line_h
        if y + line_h / 2 > r.bottom + 0.5:
            break
        dl.circle(x_name + size * 0.35, y, size * 0.32, sc.colours[p])
        s, text = fit_line(sc.player_name(p), name_w - size, size, "normal", 7)
        dl.text(x_name + size * 0.9, y, text, theme.font(s), theme.readable(sc.colours[p]), "left")
        for x, (_, values, bold) in zip(xs, cols):
            dl.text(x, y, values[p], theme.font(size, "bold" if bold else "normal"), theme.INK, "right")


def _paint_banner(sc: RoudalonScene, dl: DisplayList, lay: Layout, st: Any, t: float) -> None:
    title, lines = banner_lines(sc, st)
    ranks = [p for p in st.outcome().winners]
    colour = theme.INK if len(ranks) > 1 else theme.readable(sc.colours[ranks[0]])
    g = lay.table
    size = lay.unit * 1.3
    bw = min(g.w * 0.86, max(size * 18, g.w * 0.6))
    bh = min(g.h * 0.8, (len(lines) + 3) * size * 1.25 + 2 * max(8.0, lay.unit * 0.8) + size)
    box = Rect(g.cx - bw / 2, g.cy - bh / 2, bw, bh)
    pad = max(8.0, lay.unit * 0.8)
    banner_card(dl, box, title, colour, lines, [tx.t(sc.lang, "game_over")], size, pad, t)
