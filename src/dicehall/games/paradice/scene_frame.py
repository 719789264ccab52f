"""Painting the Paradice screen every frame from its view model (scene_view.FrameView): the board
(ownership backgrounds, the cached static layer, highlights, a route on demand, the pawns, the direction
arrows), then the six zones (statistics, scores, dice, dice events list, messages with the answer buttons,
jackpot), the end banner and the event viewer. ``paint`` returns the frame's hit regions.

The zones whose content changes only with the game (scores, events list, messages, jackpot) keep their
operations in the painter's ``cache`` (a dict the scene keeps for it) under a key of what they show, so a
frame of a walking pawn only re-sends them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from dicehall.games.paradice.board import COPY_CELLS, ROUTES, STEP, xy
from dicehall.games.paradice.rules import NOBODY, POT
from dicehall.games.paradice.scene_icons import paint_event_icon
from dicehall.games.paradice.scene_layout import Layout
from dicehall.games.paradice.scene_messages import event_of
from dicehall.games.paradice.scene_paint import (
    CELL,
    ICON_INK,
    PLATE,
    SPOTS,
    TABLE,
    WORLD,
    arrow,
    checker,
    die,
    ownership,
    pawn,
    pawn_radius,
    split_owners,
)
from dicehall.games.paradice.scene_stats import paint_stats
from dicehall.games.paradice.scene_view import (
    BannerView,
    BoardView,
    DiceView,
    EventsView,
    FrameView,
    Hits,
    JackpotView,
    MessagesView,
    StatsHit,
)
from dicehall.games.paradice.spec import JACKPOT_COLOUR, SKY_COLOUR
from dicehall.ui import theme
from dicehall.ui.anim import ease_out_cubic
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.paint import banner_card, button, fitted_line, paragraphs
from dicehall.ui.widgets import wrap_text

BAD = "#b3261e"
OUT = "#9a9184"  # an eliminated player's line
Cache = dict[str, tuple[Any, list[Any]]]


def paint(dl: DisplayList, lay: Layout, view: FrameView, cache: Cache) -> Hits:
    """Draw the whole frame ``view``; returns its hit regions. ``cache``: the zones' operations, kept from
    frame to frame by the scene for the painter."""
    dl.clear(theme.BACKGROUND)
    colours = view.colours
    _board(dl, lay, view.board, colours)
    sv = view.stats
    n = len(sv.names)
    stats_hits = paint_stats(
        dl,
        lay.stats.x,
        lay.stats.y,
        lay.stats.w,
        lay.stats.h,
        sv.state,
        sv.view,
        sv.percent,
        sv.names,
        colours[:n],
        theme,
        view.lang,
        text=sv.text,
    )
    _cached(cache, dl, "scores", (lay, view.scores, view.over, colours), lambda d: _scores(d, lay, view))
    _dice(dl, lay, view.dice)
    ev = view.events
    _cached(cache, dl, "events", (lay, ev, colours), lambda d: _paint_events(d, lay, ev, colours))
    _messages(cache, dl, lay, view.messages)
    _cached(cache, dl, "jackpot", (lay, view.jackpot), lambda d: _jackpot(d, lay, view.jackpot))
    if view.route_title is not None:
        _route_title(dl, lay, *view.route_title)
    if view.banner is not None:
        _banner(dl, lay, view.banner)
    viewer = None
    if view.viewer is not None:
        from dicehall.games.paradice.scene_event_viewer import paint_viewer  # opened: start-up time

        viewer = paint_viewer(dl, view.viewer, 0, 0, lay.width, lay.height, theme, view.lang)
    return frame_hits(lay, view, tuple(stats_hits), viewer)


def frame_hits(lay: Layout, view: FrameView, stats: tuple[StatsHit, ...], viewer: Any = None) -> Hits:
    """The hit regions of the frame ``view`` draws (``paint`` returns them): ``stats`` are the statistics'
    (known by drawing them), ``viewer`` the event viewer's."""
    return Hits(
        stats,
        tuple((b.name, b.rect) for b in view.messages.buttons),
        tuple((a.direction, lay.cell_rect(*a.cell)) for a in view.board.arrows),
        lay.dice if view.dice.stop else None,
        tuple(event_grid(lay)[0]),
        viewer,
    )


def _cached(cache: Cache, dl: DisplayList, name: str, key: Any, make: Callable[[DisplayList], None]) -> None:
    """Append the operations of zone ``name``, painted by ``make(dl)`` only when ``key`` changed."""
    hit = cache.get(name)
    if hit is None or hit[0] != key:
        d = DisplayList()
        make(d)
        hit = cache[name] = (key, d.ops)
    dl.ops.extend(hit[1])


def _panel(dl: DisplayList, r: Rect, lay: Layout) -> None:
    dl.rrect(r.x, r.y, r.w, r.h, min(10.0, lay.unit * 0.7), theme.PANEL, theme.PANEL_EDGE, 1)


# --- the board ----------------------------------------------------------------------------------------------
def _board(dl: DisplayList, lay: Layout, bv: BoardView, colours: tuple[str, ...]) -> None:
    b, c = lay.board, lay.cell
    dl.rrect(b.x - 3, b.y - 3, b.w + 6, b.h + 6, 6, TABLE, theme.PANEL_EDGE, 1)
    for i, index in enumerate(COPY_CELLS):
        x, y = xy(index)
        ownership(dl, b.x + x * c, b.y + y * c, c, bv.owners[i], colours)
    dl.save()
    dl.translate(b.x, b.y)
    dl.scale(c / CELL, c / CELL)
    dl.layer(bv.layer_key, WORLD, WORLD, bv.layer_res, bv.layer)
    dl.restore()
    for index, colour, width in bv.frames:
        _frame(dl, lay, index, colour, width)
    if bv.route is not None:
        _route(dl, lay, bv.route, colours)
    _pawns(dl, lay, bv, colours)
    for a in bv.arrows:
        r = lay.cell_rect(*a.cell)
        colour = bv.arrow_colour
        dl.rrect(
            r.x + 2, r.y + 2, r.w - 4, r.h - 4, 6, "rgba(255,255,255,0.75)", theme.readable(colour), 3 if a.hover else 2
        )
        arrow(dl, r.cx, r.cy, a.direction, r.w * (0.7 if a.hover else 0.6), colour, "#ffffff")


def _frame(dl: DisplayList, lay: Layout, index: int, colour: str, width: float) -> None:
    r = lay.cell_rect(*xy(index))
    dl.rrect(r.x + width / 2, r.y + width / 2, r.w - width, r.h - width, 3, None, colour, width)


def _route(dl: DisplayList, lay: Layout, seat: int, colours: tuple[str, ...]) -> None:
    """A player's route: from every cell, an arrow for each direction he may leave it by."""
    b, c = lay.board, lay.cell
    dl.rect(b.x, b.y, b.w, b.h, "rgba(255,255,255,0.45)")
    colour = theme.readable(colours[seat])
    for index, dirs in ROUTES[seat].items():
        cx, cy = lay.cell_centre(index)
        for d in dirs:
            dx, dy = STEP[d]
            arrow(dl, cx + dx * c * 0.3, cy + dy * c * 0.3, d, c * 0.28, colour, "#ffffff")


def _pawns(dl: DisplayList, lay: Layout, bv: BoardView, colours: tuple[str, ...]) -> None:
    b, c = lay.board, lay.cell
    spots: dict[tuple[int, int], list[int]] = {}
    by_seat = {pv.player: pv for pv in bv.pawns}
    for p in sorted(by_seat):
        pv = by_seat[p]
        spots.setdefault((round(pv.x), round(pv.y)), []).append(p)
    for pv in bv.pawns:  # the player on the move last: on top
        p, x, y = pv.player, pv.x, pv.y
        group = spots[(round(x), round(y))]
        k = len(group)
        ox, oy = SPOTS[min(k, 6)][group.index(p) % 6]
        r = pawn_radius(c, k)
        lift = pv.lift * c * 1.2
        cx = b.x + (x + 0.5 + ox) * c
        cy = b.y + (y + 0.5 + oy) * c - lift
        pawn(dl, cx, cy, r, colours[p], p == bv.live)


def _route_title(dl: DisplayList, lay: Layout, text: str, colour: str) -> None:
    size = max(11.0, lay.unit)
    h = size * 2
    # over the statistics' block of the board, an empty part of it: no route arrow lies under it
    block = lay.block("stats")
    r = Rect(block.x, block.y, block.w, h)
    dl.rrect(r.x, r.y, r.w, r.h, h / 2, theme.PANEL, colour, 2)
    fitted_line(dl, r.cx, r.cy, text, r.w - 16, size, colour, "bold", "center")


# --- the zones ----------------------------------------------------------------------------------------------
def _scores(dl: DisplayList, lay: Layout, view: FrameView) -> None:
    r = lay.scores
    _panel(dl, r, lay)
    rows_ = view.scores
    cols = lay.score_columns
    rows = math.ceil(len(rows_) / cols)
    pad = 4.0
    col_w = (r.w - 2 * pad) / cols
    row_h = (r.h - 2 * pad) / max(1, rows)
    size = min(lay.unit * 1.05, row_h * 0.5)
    for i, row in enumerate(rows_):
        x = r.x + pad + (i // rows) * col_w
        y = r.y + pad + (i % rows) * row_h
        out = row.out
        colour = view.colours[row.seat]
        ink = OUT if out else theme.INK
        if row.current and not view.over and not out:
            dl.rrect(x + 1, y + 1, col_w - 2, row_h - 2, 5, colour)
            ink = theme.text_on(colour)
        cy = y + row_h / 2
        fitted_line(dl, x + 6, cy, f"{row.place}", size * 1.4, size, ink, "bold")
        dot = x + 6 + size * 1.5
        dl.circle(dot, cy, size * 0.38, OUT if out else colour, "#ffffff", 1)
        mark_w = col_w * 0.2
        amount_w = col_w * 0.3
        name_x = dot + size * 0.7
        name_w = x + col_w - mark_w - amount_w - name_x - 4
        fitted_line(dl, name_x, cy, row.name, name_w, size, ink, "bold")
        fitted_line(dl, x + col_w - mark_w - 4, cy, row.amount, amount_w, size, ink, "bold", "right")
        fitted_line(dl, x + col_w - 4, cy, row.mark, mark_w - 4, size * 0.8, ink, "normal", "right")


def _dice(dl: DisplayList, lay: Layout, dv: DiceView) -> None:
    r = lay.dice
    _panel(dl, r, lay)
    faces = dv.faces
    colour = dv.colour
    label_h = max(lay.unit * 1.3, r.h * 0.2)
    s = min(r.w * 0.36, (r.h - label_h) * 0.75)
    gap = s * 0.2
    x0 = r.cx - s - gap / 2
    y0 = r.y + (r.h - label_h - s) / 2 + 2
    if faces is None:
        for k in range(2):
            dl.rrect(x0 + k * (s + gap), y0, s, s, s * 0.18, None, theme.PANEL_EDGE, 1.5)
    else:
        for k, face in enumerate(faces):
            die(dl, x0 + k * (s + gap), y0, s, face, colour, dv.tilts[k])
    ly = r.bottom - label_h / 2 - 2
    if dv.label is not None:
        size = lay.unit if dv.stop else lay.unit * 1.2
        fitted_line(dl, r.cx, ly, dv.label, r.w - 8, size, dv.label_colour, "bold", "center")


def event_grid(lay: Layout) -> tuple[list[Rect], Rect]:
    """The 26 boxes of the dice events list and the strip of counters under them."""
    r = lay.events
    pad = 4.0
    strip_rows = 1 if (r.w - 2 * pad) / 8 >= lay.unit * 2.6 else 2  # up to 8 counters
    strip_h = min(max(lay.unit * 1.4, 15.0) * strip_rows, max(0.0, r.h - 2 * pad) * 0.3)  # the icons first
    inner = Rect(r.x + pad, r.y + pad, r.w - 2 * pad, r.h - 2 * pad - strip_h)
    best = (0.0, 1)
    for cols in range(2, 14):
        rows = math.ceil(26 / cols)
        side = min(inner.w / cols, inner.h / rows)
        if side > best[0]:
            best = (side, cols)
    side, cols = best
    rows = math.ceil(26 / cols)
    ox = inner.x + (inner.w - cols * side) / 2
    oy = inner.y + (inner.h - rows * side) / 2
    boxes = [Rect(ox + (i % cols) * side + 1, oy + (i // cols) * side + 1, side - 2, side - 2) for i in range(26)]
    return boxes, Rect(inner.x, inner.bottom + 2, inner.w, strip_h)


def _paint_events(dl: DisplayList, lay: Layout, ev: EventsView, colours: tuple[str, ...]) -> None:
    r = lay.events
    _panel(dl, r, lay)
    boxes, strip = event_grid(lay)
    seller, offered, hover = ev.seller, ev.offered, ev.hover
    for e, box in enumerate(boxes):
        owners = (ev.owners[2 * e], ev.owners[2 * e + 1])
        split_owners(dl, box.x, box.y, box.w, box.h, owners, colours)
        inset = box.w * 0.12
        dl.rrect(box.x + inset, box.y + inset, box.w - 2 * inset, box.h - 2 * inset, box.w * 0.12, PLATE)
        paint_event_icon(dl, e, box.cx, box.cy, box.w * 0.66, ICON_INK)
        mine = seller is not None and seller in owners
        if offered is not None and event_of(offered) == e:
            dl.rrect(box.x - 1, box.y - 1, box.w + 2, box.h + 2, 3, None, theme.FOCUS, 3)
        elif mine or e == hover:
            dl.rrect(
                box.x, box.y, box.w, box.h, 3, None, theme.readable(colours[seller or 0]) if mine else theme.FOCUS, 2
            )
        else:
            dl.rrect(box.x, box.y, box.w, box.h, 3, None, "rgba(0,0,0,0.25)", 1)
    # the counters: copies per player (an eliminated one's stays, in grey), the jackpot's, the free ones
    parties = list(range(len(ev.ranks))) + [POT, NOBODY]
    rows = 1 if strip.w / 8 >= lay.unit * 2.6 else 2
    per_row = math.ceil(len(parties) / rows)
    w = strip.w / per_row
    row_h = strip.h / rows
    size = min(lay.unit * 0.95, row_h * 0.7)
    for k, party in enumerate(parties):
        x = strip.x + (k % per_row) * w
        cy = strip.y + (k // per_row + 0.5) * row_h
        count = sum(1 for o in ev.owners if o == party)
        sq = size * 0.9
        sy = cy - sq / 2
        out = party not in (POT, NOBODY) and bool(ev.ranks[party])
        if party == POT:
            checker(dl, x + 2, sy, sq, 2)
        else:
            dl.rect(x + 2, sy, sq, sq, "#ffffff" if party == NOBODY else OUT if out else colours[party])
        dl.rrect(x + 2, sy, sq, sq, 1, None, "rgba(0,0,0,0.4)", 1)
        fitted_line(
            dl,
            x + sq + 5,
            cy,
            str(count),
            w - sq - 7,
            size,
            OUT if out else theme.INK,
            "normal" if out else "bold",
            "left",
            7,
        )


def _messages(cache: Cache, dl: DisplayList, lay: Layout, mv: MessagesView) -> None:
    r = lay.messages
    _panel(dl, r, lay)
    pad = max(5.0, lay.unit * 0.45)
    inner = lay.message_text().inset(pad) if mv.buttons else r.inset(pad)
    head_size = lay.unit * 0.85
    fitted_line(dl, inner.x, inner.y + head_size * 0.6, mv.header, inner.w, head_size, theme.MUTED, "bold")
    body = Rect(inner.x, inner.y + head_size * 1.5, inner.w, inner.h - head_size * 1.5)
    items = list(mv.items)
    key = ("messages", body, mv.items, mv.recent, mv.keys_help)
    hit = cache.get("messages")
    if hit is None or hit[0] != key:
        size = lay.unit * 0.95
        help_line = [(mv.keys_help, theme.MUTED, False)] if mv.keys_help is not None else []
        # the turn's lines in order; the oldest go first when they do not fit, then the keys' reminder
        lines = [(line, theme.INK, False) for line in mv.recent]
        while lines and _height(items + lines + help_line, body.w, size, body.h) > body.h:
            if help_line:
                help_line = []
            else:
                lines.pop(0)
        d = DisplayList()
        paragraphs(d, body, items + lines + help_line, size, min_size=9.0)
        hit = cache["messages"] = (key, d.ops)
    dl.ops.extend(hit[1])
    for b in mv.buttons:
        button(dl, b.rect, b.label, b.fill, b.hover)


def _height(items: list[tuple[str, str, bool]], width: float, size: float, room: float) -> float:
    """The height of the wrapped ``items``; lines past ``room`` are not wrapped (it is too much anyway)."""
    most = int(room / (size * 1.2)) + 1 if size > 0 else None
    return sum(len(wrap_text(t, size, width, "bold" if b else "normal", most)) for t, _, b in items) * size * 1.2


def _jackpot(dl: DisplayList, lay: Layout, jv: JackpotView) -> None:
    r = lay.jackpot
    _panel(dl, r, lay)
    band = max(6.0, r.h * 0.1)
    dl.save()
    dl.clip(r.x + 1, r.y + 1, r.w - 2, band)
    for i in range(int(r.w / band) + 1):
        dl.rect(r.x + 1 + i * band, r.y + 1, band, band, JACKPOT_COLOUR if i % 2 else SKY_COLOUR)
    dl.restore()
    top = r.y + band
    h = r.bottom - top
    fitted_line(dl, r.cx, top + h * 0.16, jv.title, r.w - 8, lay.unit, theme.MUTED, "bold", "center")
    fitted_line(
        dl, r.cx, top + h * 0.42, jv.amount, r.w - 8, min(lay.unit * 2.0, h * 0.26), JACKPOT_COLOUR, "bold", "center"
    )
    fitted_line(dl, r.cx, top + h * 0.66, jv.last_label, r.w - 8, lay.unit * 0.8, theme.MUTED, "normal", "center")
    if jv.last_colour is None:
        fitted_line(dl, r.cx, top + h * 0.84, jv.last, r.w - 8, lay.unit * 0.85, theme.MUTED, "normal", "center")
    else:
        fitted_line(dl, r.cx, top + h * 0.84, jv.last, r.w - 8, lay.unit * 1.2, jv.last_colour, "bold", "center")


def banner_box(lay: Layout, lines: int) -> Rect:
    """Where the end banner stands: centred on the board, sized for its title, ``lines`` and hint."""
    b = lay.board
    size = max(12.0, lay.unit * 1.2)
    bw = min(b.w * 0.9, max(size * 18, b.w * 0.6))
    bh = min(b.h * 0.86, (lines + 4) * size * 1.3 + 2 * max(8.0, lay.unit * 0.8))
    return Rect(b.cx - bw / 2, b.cy - bh / 2, bw, bh)


def _banner(dl: DisplayList, lay: Layout, b: BannerView) -> None:
    size = max(12.0, lay.unit * 1.2)
    banner_card(
        dl,
        banner_box(lay, len(b.lines)),
        b.title,
        b.colour,
        list(b.lines),
        [b.hint],
        size,
        max(8.0, lay.unit * 0.8),
        ease_out_cubic(b.t),
    )
