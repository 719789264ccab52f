"""Painting the Charidice screen every frame: messages, the dice (tumbling, landing, selected), the
marking preview, the buttons, the claim row, the sheets, the gift dice in flight and the end banner."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from dicehall.games.charidice import texts as tx
from dicehall.games.charidice.rules import CharidiceState
from dicehall.games.charidice.scene_layout import Layout
from dicehall.games.charidice.scene_messages import banner_lines, prompt_text, result_text
from dicehall.games.charidice.scene_paint import draw_colour_die
from dicehall.games.charidice.scene_preview import BAD, help_rects, paint_info  # noqa: F401 (help_rects: re-export)
from dicehall.games.charidice.scene_sheets import SheetView, paint_sheet, paint_tab
from dicehall.ui import theme
from dicehall.ui.anim import ease_in_out, ease_out_back, ease_out_cubic, lerp
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.paint import DISABLED, banner_card, button, focus_ring, paragraphs
from dicehall.ui.widgets import fit_line

if TYPE_CHECKING:
    from dicehall.games.charidice.scene import CharidiceScene

CLAIM_FILL = "#f9ab00"
TUMBLE_STEP = 0.07


def paint(sc: CharidiceScene, dl: DisplayList, lay: Layout) -> None:
    st = sc.state
    dl.clear(theme.BACKGROUND)
    banner = st.phase == "over" and sc.banner is not None and sc.banner.started(sc.now) and not sc.end_panel
    if not banner:  # the end banner's card replaces them: the last prompt never shows through or past its edge
        _paint_message(sc, dl, lay, st)
        _paint_dice(sc, dl, lay, st)
    if st.phase != "over":
        paint_info(sc, dl, lay, st)
        _paint_buttons(sc, dl, lay, st)
        _paint_claim(sc, dl, lay, st)
    _paint_sheets(sc, dl, lay, st)
    _paint_flights(sc, dl, lay)
    if banner:
        _paint_banner(sc, dl, lay, st, ease_out_cubic(sc.banner.progress(sc.now)))


def _paint_message(sc: CharidiceScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    items: list[tuple[str, str, bool]] = []
    colour = theme.readable(sc.colours[st.active]) if st.phase != "over" else theme.INK
    items.append((prompt_text(sc, st), colour, True))
    if sc.flash is not None:
        items.append((sc.flash[0], BAD, False))
    elif sc.note is not None:
        items.append((sc.note[0], theme.readable(sc.colours[st.neighbour]), True))
    elif st.claimed:
        items.append((tx.t(sc.lang, "claimed", name=sc.player_name(st.neighbour)),
                      theme.readable(sc.colours[st.neighbour]), True))
    elif st.last is not None:
        items.append((result_text(sc, st.last), theme.readable(sc.colours[st.last.player]), False))
    paragraphs(dl, lay.message, items, lay.unit * 1.05)


def _shown_dice(sc: CharidiceScene, st: Any) -> tuple[tuple[int, ...], tuple[int, ...] | None, bool]:
    """(values, marked, faded): the current dice, or the last turn's while the next has not rolled."""
    if st.rolls == 0 and not st.pending and st.phase != "throw" and st.last is not None:
        return st.last.dice, st.last.marked, not sc.flights
    return st.dice, None, False


def _paint_dice(sc: CharidiceScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    now, size = sc.now, lay.die
    values, marked, faded = _shown_dice(sc, st)
    flying = {f.die for f in sc.flights if f.tween.running(now) or not f.tween.started(now)}
    human = sc.human_active()
    sel = set(sc.selection()) if human else set()
    mark_phase = st.phase == "mark"
    toggling = sc.can_toggle()
    focus = sc.shown_focus()
    active_colour = theme.readable(sc.colours[st.active]) if st.phase != "over" else theme.INK
    for i, r in enumerate(lay.dice):
        v = values[i]
        label = f"D{i + 1}" if not human or sc.touch else f"D{i + 1} [{i + 1}]"  # the key: for a keyboard
        s, t = fit_line(label, size * 1.15, lay.unit * 0.8, "normal", 7)
        dl.text(r.cx, r.bottom + size * 0.26, t, theme.font(s), theme.MUTED)
        tumbling = (i in st.pending) or (i in sc.lands and not sc.lands[i].started(now)) or (
            st.phase == "throw" and v == 0)
        if tumbling and not sc.fast:
            _paint_tumbling(sc, dl, r, i, now)
            continue
        if marked is not None and i not in marked and i in flying:
            continue  # on its way to the neighbour
        x, y = r.x, r.y
        if human and not mark_phase and i in sel:
            y -= size * 0.16  # lifted: to be re-rolled
        land = sc.lands.get(i)
        dl.save()
        if faded:
            dl.alpha(0.45 if (marked is None or i in marked) else 0.25)
        if land is not None and land.running(now):
            t = land.progress(now)
            scale = lerp(1.35, 1.0, ease_out_back(t))
            dl.translate(r.cx, r.cy)
            dl.scale(scale, scale)
            draw_colour_die(dl, -size / 2, -size / 2, size, i, v)
        elif mark_phase and human and sel and i not in sel:
            dl.alpha(0.55)
            draw_colour_die(dl, x, y, size, i, v)
        else:
            draw_colour_die(dl, x, y, size, i, v)
        dl.restore()
        if human and i in sel:
            if mark_phase:
                width = max(3.0, size * 0.07)
                dl.rrect(x - 3, y - 3, size + 6, size + 6, size * 0.22, None, active_colour, width)
                _tick(dl, x + size - size * 0.05, y + size * 0.02, size * 0.28, active_colour)
            else:
                dl.dash([size * 0.12, size * 0.08])
                width = max(2.5, size * 0.06)
                dl.rrect(x - 3, y - 3, size + 6, size + 6, size * 0.22, None, active_colour, width)
                dl.dash([])
        elif marked is not None and i in marked and not faded:
            dl.rrect(x - 3, y - 3, size + 6, size + 6, size * 0.22, None,
                     theme.readable(sc.colours[st.last.player]), max(2.5, size * 0.06))
        if toggling and sc.hover == ("die", i) and i not in sel:
            dl.rrect(x - 2, y - 2, size + 4, size + 4, size * 0.21, "rgba(255,255,255,0.18)", active_colour,
                     max(2.0, size * 0.045))
        if toggling and focus == ("die", i):
            focus_ring(dl, Rect(x, y, size, size), size * 0.22)


def _tick(dl: DisplayList, cx: float, cy: float, r: float, colour: str) -> None:
    dl.circle(cx, cy, r * 0.55, colour, "#ffffff", 1.5)
    dl.line(cx - r * 0.25, cy, cx - r * 0.05, cy + r * 0.22, "#ffffff", max(1.5, r * 0.14))
    dl.line(cx - r * 0.05, cy + r * 0.22, cx + r * 0.28, cy - r * 0.2, "#ffffff", max(1.5, r * 0.14))


def _paint_tumbling(sc: CharidiceScene, dl: DisplayList, r: Rect, die: int, now: float) -> None:
    k = int((now - sc.tumble_from) / TUMBLE_STEP) + die * 5
    value = k % 6 + 1
    angle = math.sin(k * 1.7 + die) * 0.5
    hop = abs(math.sin((now - sc.tumble_from) * 9 + die)) * r.h * 0.14
    dl.save()
    dl.translate(r.cx, r.cy - hop)
    dl.rotate(angle)
    draw_colour_die(dl, -r.w / 2, -r.h / 2, r.w, die, value)
    dl.restore()


def _paint_buttons(sc: CharidiceScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    colour = sc.colours[st.active]
    focus = sc.shown_focus()
    primary = sc.primary_action()
    if primary is not None:
        fill = colour if primary[2] else DISABLED
        button(dl, lay.buttons[0], primary[0], fill, sc.hover == ("primary",), focus == ("primary",), pad=12,
               min_size=9)
    secondary = sc.secondary_action()
    if secondary is not None:
        fill = theme.mix(colour, "#ffffff", 0.45)
        button(dl, lay.buttons[1], secondary[0], fill, sc.hover == ("stop",), focus == ("stop",), pad=12,
               min_size=9)


def _paint_claim(sc: CharidiceScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    r = lay.claim
    claim = sc.claimant()
    if claim is not None:
        seat = claim[0]
        label = tx.t(sc.lang, "claim", name=sc.player_name(seat))
        ring = theme.readable(sc.colours[seat])
        dl.rrect(r.x - 2, r.y - 2, r.w + 4, r.h + 4, min(14.0, r.h / 2 + 2), None, ring, 2)
        hovered = sc.hover == ("claim",)
        fill = theme.mix(CLAIM_FILL, "#ffffff", 0.2) if hovered else CLAIM_FILL
        dl.rrect(r.x, r.y, r.w, r.h, min(12.0, r.h / 2), fill, "rgba(0,0,0,0.3)", 2 if hovered else 1)
        s, t = fit_line(label if sc.touch else label + " [G]", r.w - 16, r.h * 0.42, "bold", 9)
        dl.text(r.cx, r.cy, t, theme.font(s, "bold"), theme.text_on(CLAIM_FILL))
        if sc.shown_focus() == ("claim",):
            focus_ring(dl, r, min(12.0, r.h / 2))
        return
    if st.claimed:
        text, colour = tx.t(sc.lang, "claimed", name=sc.player_name(st.neighbour)), theme.readable(
            sc.colours[st.neighbour])
    elif st.claim_open:
        text, colour = tx.t(sc.lang, "claim_possible", name=sc.player_name(st.neighbour)), theme.MUTED
    else:
        return
    s, t = fit_line(text, r.w - 8, lay.unit, "bold" if st.claimed else "normal", 8)
    dl.text(r.cx, r.cy, t, theme.font(s, "bold" if st.claimed else "normal"), colour)


def _sheet_view(sc: CharidiceScene, st: CharidiceState, p: int, rank: dict[int, int] | None) -> SheetView:
    over = st.phase == "over"
    seat = sc.session.seats[p]
    return SheetView(
        player=p,
        name=sc.player_name(p),
        colour=sc.colours[p],
        computer=seat.is_ai,
        active=not over and st.active == p,
        receiver=not over and st.neighbour == p,
        rows=st.sheets[p],
        current_round=None if over else st.round,
        donation_round=st.donations[p],
        claimed_now=not over and st.claimed and st.neighbour == p,
        totals=st.sheet_totals(p),
        generosity=st.generosity()[p] if over else None,
        total=sc.counters[p].shown(sc.now),
        rank=rank.get(p) if rank else None,
    )


def _paint_sheets(sc: CharidiceScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    shown, hidden = sc.visible_sheets(lay)
    rank = None
    if st.phase == "over":
        from dicehall.games.charidice.scene_messages import ranking

        rank = {p: r for r, p, _ in ranking(st)}
    for p, r in zip(shown, lay.sheets):
        paint_sheet(dl, r, _sheet_view(sc, st, p, rank), sc.lang)
    if hidden is not None and lay.tab is not None:
        total = sc.counters[hidden].shown(sc.now)
        paint_tab(dl, lay.tab, sc.player_name(hidden), sc.colours[hidden], total, sc.lang)


def sheet_target(sc: CharidiceScene, lay: Layout, p: int) -> Rect:
    shown, _ = sc.visible_sheets(lay)
    if p in shown:
        r = lay.sheets[shown.index(p)]
        return Rect(r.x + r.w * 0.55, r.y + r.h * 0.3, lay.die * 0.5, lay.die * 0.5)
    return lay.tab or lay.sheets_area


def _paint_flights(sc: CharidiceScene, dl: DisplayList, lay: Layout) -> None:
    now = sc.now
    for f in sc.flights:
        if not f.tween.running(now) or not f.tween.started(now):
            continue
        e = ease_in_out(f.tween.progress(now))
        target = sheet_target(sc, lay, f.receiver)
        x = lerp(f.start.x, target.x, e)
        y = lerp(f.start.y, target.y, e) - lay.die * 0.8 * (1 - (2 * e - 1) ** 2)
        size = lerp(f.start.w, max(16.0, target.w if target.w < f.start.w else f.start.w * 0.5), e)
        dl.save()
        dl.alpha(1.0 - 0.4 * e)
        draw_colour_die(dl, x, y, size, f.die, f.value)
        dl.restore()


def _paint_banner(sc: CharidiceScene, dl: DisplayList, lay: Layout, st: Any, t: float) -> None:
    title, lines, generosity = banner_lines(sc, st)
    g = lay.play
    winners = st.outcome().winners
    colour = theme.INK if len(winners) > 1 else theme.readable(sc.colours[winners[0]])
    banner_card(dl, g, title, colour, lines, [generosity, tx.t(sc.lang, "game_over")], lay.unit * 1.3,
                max(8.0, lay.unit * 0.8), t, fill="rgba(255,250,241,0.96)")
