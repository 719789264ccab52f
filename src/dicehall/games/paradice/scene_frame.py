"""Painting the Paradice screen every frame: the board (ownership backgrounds, the cached static layer,
highlights, a route on demand, the pawns, the direction arrows), then the six zones (statistics, scores,
dice, dice events list, messages with the answer buttons, jackpot), the end banner and the event viewer.

The zones whose content changes only with the game (scores, events list, jackpot) keep their operations
in ``sc.zone_cache`` under a key of what they show, so a frame of a walking pawn only re-sends them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from dicehall.games.paradice import texts as tx
from dicehall.games.paradice.board import COPY_CELLS, ROUTES, STEP, xy
from dicehall.games.paradice.rules import NOBODY, POT
from dicehall.games.paradice.scene_icons import paint_event_icon
from dicehall.games.paradice.scene_layout import Layout
from dicehall.games.paradice.scene_messages import banner_lines, event_of, offered_cell
from dicehall.games.paradice.scene_paint import (
    CELL,
    ICON_INK,
    LAYER_KEY,
    PLATE,
    SPOTS,
    TABLE,
    WORLD,
    arrow,
    board_layer,
    checker,
    die,
    layer_res,
    ownership,
    pawn,
    pawn_radius,
    split_owners,
)
from dicehall.games.paradice.scene_stats import paint_stats
from dicehall.games.paradice.spec import JACKPOT_COLOUR, SKY_COLOUR
from dicehall.ui import theme
from dicehall.ui.anim import ease_out_cubic
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.paint import banner_card, button, fitted_line, paragraphs
from dicehall.ui.widgets import wrap_text

if TYPE_CHECKING:
    from dicehall.games.paradice.scene import ParadiceScene

BAD = "#b3261e"
OUT = "#9a9184"  # an eliminated player's line


def paint(sc: ParadiceScene, dl: DisplayList, lay: Layout) -> None:
    st = sc.view()
    dl.clear(theme.BACKGROUND)
    _board(sc, dl, lay, st)
    sc.stats_hits = paint_stats(dl, lay.stats.x, lay.stats.y, lay.stats.w, lay.stats.h, st, sc.stats_view,
                                sc.stats_percent, names(sc), sc.colours[:st.num_players], theme, sc.lang,
                                text=sc.text_scale())
    _cached(sc, dl, "scores", (lay, st.balances, st.ranks, sc.turn_player(), names(sc), sc.lang),
            lambda d: _scores(sc, d, lay, st))
    _dice(sc, dl, lay)
    _events(sc, dl, lay, st)
    _messages(sc, dl, lay)
    _cached(sc, dl, "jackpot", (lay, st.jackpot, st.last_win, names(sc), sc.lang),
            lambda d: _jackpot(sc, d, lay, st))
    if sc.route_seat is not None:
        _route_title(sc, dl, lay)
    if sc.banner_shown():
        _banner(sc, dl, lay, ease_out_cubic(sc.banner.progress(sc.now)))
    if sc.viewer is not None:
        sc.viewer.paint(dl, 0, 0, lay.width, lay.height, theme, sc.lang)


def names(sc: ParadiceScene) -> tuple[str, ...]:
    return tuple(sc.player_name(p) for p in range(sc.state.num_players))


def _cached(sc: ParadiceScene, dl: DisplayList, name: str, key: Any, make: Any) -> None:
    """Append the operations of zone ``name``, painted by ``make(dl)`` only when ``key`` changed."""
    cache = sc.zone_cache
    hit = cache.get(name)
    if hit is None or hit[0] != key:
        d = DisplayList()
        make(d)
        hit = cache[name] = (key, d.ops)
    dl.ops.extend(hit[1])


def _panel(dl: DisplayList, r: Rect, lay: Layout) -> None:
    dl.rrect(r.x, r.y, r.w, r.h, min(10.0, lay.unit * 0.7), theme.PANEL, theme.PANEL_EDGE, 1)


# --- the board ----------------------------------------------------------------------------------------------
def _board(sc: ParadiceScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    b, c = lay.board, lay.cell
    dl.rrect(b.x - 3, b.y - 3, b.w + 6, b.h + 6, 6, TABLE, theme.PANEL_EDGE, 1)
    for i, index in enumerate(COPY_CELLS):
        x, y = xy(index)
        ownership(dl, b.x + x * c, b.y + y * c, c, st.owners[i], sc.colours)
    res = layer_res(c)
    key = f"{LAYER_KEY}/{sc.font_choice()}/{res}"
    content = None if key in sc.sent_layers else board_layer()
    sc.sent_layers.add(key)
    dl.save()
    dl.translate(b.x, b.y)
    dl.scale(c / CELL, c / CELL)
    dl.layer(key, WORLD, WORLD, res, content)
    dl.restore()
    _highlights(sc, dl, lay)
    if sc.route_seat is not None:
        _route(sc, dl, lay)
    _pawns(sc, dl, lay, st)
    _arrows(sc, dl, lay)


def _frame(dl: DisplayList, lay: Layout, index: int, colour: str, width: float) -> None:
    r = lay.cell_rect(*xy(index))
    dl.rrect(r.x + width / 2, r.y + width / 2, r.w - width, r.h - width, 3, None, colour, width)


def _highlights(sc: ParadiceScene, dl: DisplayList, lay: Layout) -> None:
    st = sc.state
    actor = sc.actor()
    if actor is None:
        return
    colour = theme.readable(sc.colours[actor])
    if st.phase == "buy":
        _frame(dl, lay, st.pawn, colour, 3)
    elif st.phase == "sell":
        offered = offered_cell(sc)
        for index in st.copies_of(actor):
            _frame(dl, lay, index, theme.FOCUS if index == offered else colour, 3 if index == offered else 2)
    hover = sc.hover
    if hover is not None and hover[0] == "cell" and st.phase == "sell":
        _frame(dl, lay, hover[1], theme.FOCUS, 2)


def _route(sc: ParadiceScene, dl: DisplayList, lay: Layout) -> None:
    """A player's route: from every cell, an arrow for each direction he may leave it by."""
    seat = sc.route_seat
    b, c = lay.board, lay.cell
    dl.rect(b.x, b.y, b.w, b.h, "rgba(255,255,255,0.45)")
    colour = theme.readable(sc.colours[seat])
    for index, dirs in ROUTES[seat].items():
        cx, cy = lay.cell_centre(index)
        for d in dirs:
            dx, dy = STEP[d]
            arrow(dl, cx + dx * c * 0.3, cy + dy * c * 0.3, d, c * 0.28, colour, "#ffffff")


def _pawns(sc: ParadiceScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    b, c = lay.board, lay.cell
    spots: dict[tuple[int, int], list[int]] = {}
    where: dict[int, tuple[float, float]] = {}
    for p in range(st.num_players):
        at = sc.pawn_cell(p)
        if at is None:
            continue
        where[p] = at
        spots.setdefault((round(at[0]), round(at[1])), []).append(p)
    live = sc.turn_player() if st.phase != "over" else None
    order = sorted(where, key=lambda q: q == live)  # the player on the move on top
    for p in order:
        x, y = where[p]
        group = spots[(round(x), round(y))]
        k = len(group)
        ox, oy = SPOTS[min(k, 6)][group.index(p) % 6]
        r = pawn_radius(c, k)
        lift = sc.jump_lift(p) * c * 1.2
        cx = b.x + (x + 0.5 + ox) * c
        cy = b.y + (y + 0.5 + oy) * c - lift
        pawn(dl, cx, cy, r, sc.colours[p], p == live)


def _arrows(sc: ParadiceScene, dl: DisplayList, lay: Layout) -> None:
    dirs = sc.directions()
    if not dirs:
        return
    colour = sc.colours[sc.state.current]
    for d in dirs:
        r = sc.arrow_rect(d)
        hovered = sc.hover == ("go", d)
        dl.rrect(r.x + 2, r.y + 2, r.w - 4, r.h - 4, 6, "rgba(255,255,255,0.75)", theme.readable(colour),
                 3 if hovered else 2)
        arrow(dl, r.cx, r.cy, d, r.w * (0.7 if hovered else 0.6), colour, "#ffffff")


def _route_title(sc: ParadiceScene, dl: DisplayList, lay: Layout) -> None:
    seat = sc.route_seat
    text = tx.keyed(sc.lang, "route_of", sc.touch, name=sc.player_name(seat))
    size = max(11.0, lay.unit)
    h = size * 2
    # over the statistics' block of the board, an empty part of it: no route arrow lies under it
    block = lay.block("stats")
    r = Rect(block.x, block.y, block.w, h)
    dl.rrect(r.x, r.y, r.w, r.h, h / 2, theme.PANEL, theme.readable(sc.colours[seat]), 2)
    fitted_line(dl, r.cx, r.cy, text, r.w - 16, size, theme.readable(sc.colours[seat]), "bold", "center")


# --- the zones ----------------------------------------------------------------------------------------------
def _scores(sc: ParadiceScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    r = lay.scores
    _panel(dl, r, lay)
    ranking = st.ranking()
    cols = lay.score_columns
    rows = math.ceil(len(ranking) / cols)
    pad = 4.0
    col_w = (r.w - 2 * pad) / cols
    row_h = (r.h - 2 * pad) / max(1, rows)
    size = min(lay.unit * 1.05, row_h * 0.5)
    current = sc.turn_player()
    for i, (place, seat) in enumerate(ranking):
        x = r.x + pad + (i // rows) * col_w
        y = r.y + pad + (i % rows) * row_h
        out = bool(st.ranks[seat])
        colour = sc.colours[seat]
        ink = OUT if out else theme.INK
        if seat == current and st.phase != "over" and not out:
            dl.rrect(x + 1, y + 1, col_w - 2, row_h - 2, 5, colour)
            ink = theme.text_on(colour)
        cy = y + row_h / 2
        fitted_line(dl, x + 6, cy, f"{place}", size * 1.4, size, ink, "bold")
        dot = x + 6 + size * 1.5
        dl.circle(dot, cy, size * 0.38, OUT if out else colour, "#ffffff", 1)
        mark = tx.t(sc.lang, "out" if out else "computer" if sc.session.seats[seat].is_ai else "human")
        amount = tx.money(sc.lang, 0 if out else st.balances[seat])
        mark_w = col_w * 0.2
        amount_w = col_w * 0.3
        name_x = dot + size * 0.7
        name_w = x + col_w - mark_w - amount_w - name_x - 4
        fitted_line(dl, name_x, cy, sc.player_name(seat), name_w, size, ink, "bold")
        fitted_line(dl, x + col_w - mark_w - 4, cy, amount, amount_w, size, ink, "bold", "right")
        fitted_line(dl, x + col_w - 4, cy, mark, mark_w - 4, size * 0.8, ink, "normal", "right")


def _dice(sc: ParadiceScene, dl: DisplayList, lay: Layout) -> None:
    r = lay.dice
    _panel(dl, r, lay)
    faces, spinning = sc.dice_faces()
    p = sc.dice_player if sc.dice_player < sc.state.num_players else 0
    colour = sc.colours[p]
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
            tilt = (0.25 if k else -0.2) * math.sin(sc.now * 17 + k) if spinning else 0.0
            die(dl, x0 + k * (s + gap), y0, s, face, colour, tilt)
    ly = r.bottom - label_h / 2 - 2
    if spinning and sc.spin is not None and sc.spin.human:
        fitted_line(dl, r.cx, ly, tx.keyed(sc.lang, "stop", sc.touch), r.w - 8, lay.unit, theme.readable(colour), "bold",
                    "center")
    elif faces is not None and not spinning:
        total = tx.t(sc.lang, "dice_total", n=sum(faces))
        fitted_line(dl, r.cx, ly, total, r.w - 8, lay.unit * 1.2, theme.INK, "bold", "center")


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
    boxes = [Rect(ox + (i % cols) * side + 1, oy + (i // cols) * side + 1, side - 2, side - 2)
             for i in range(26)]
    return boxes, Rect(inner.x, inner.bottom + 2, inner.w, strip_h)


def _events(sc: ParadiceScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    actor = sc.actor()
    selling = st.phase == "sell" and actor is not None
    offered = offered_cell(sc) if selling else None
    hover = sc.hover[1] if sc.hover is not None and sc.hover[0] == "icon" else None
    key = (lay, st.owners, st.ranks, sc.colours, selling, offered, hover)
    seller = actor if selling else None
    _cached(sc, dl, "events", key, lambda d: _paint_events(sc, d, lay, st, seller, offered, hover))


def _paint_events(sc: ParadiceScene, dl: DisplayList, lay: Layout, st: Any, seller: int | None,
                  offered: int | None, hover: int | None) -> None:
    r = lay.events
    _panel(dl, r, lay)
    boxes, strip = event_grid(lay)
    for e, box in enumerate(boxes):
        owners = (st.owners[2 * e], st.owners[2 * e + 1])
        split_owners(dl, box.x, box.y, box.w, box.h, owners, sc.colours)
        inset = box.w * 0.12
        dl.rrect(box.x + inset, box.y + inset, box.w - 2 * inset, box.h - 2 * inset, box.w * 0.12, PLATE)
        paint_event_icon(dl, e, box.cx, box.cy, box.w * 0.66, ICON_INK)
        mine = seller is not None and seller in owners
        if offered is not None and event_of(offered) == e:
            dl.rrect(box.x - 1, box.y - 1, box.w + 2, box.h + 2, 3, None, theme.FOCUS, 3)
        elif mine or e == hover:
            dl.rrect(box.x, box.y, box.w, box.h, 3, None, theme.readable(sc.colours[seller or 0]) if mine
                     else theme.FOCUS, 2)
        else:
            dl.rrect(box.x, box.y, box.w, box.h, 3, None, "rgba(0,0,0,0.25)", 1)
    # the counters: copies per player (an eliminated one's stays, in grey), the jackpot's, the free ones
    parties = list(range(st.num_players)) + [POT, NOBODY]
    rows = 1 if strip.w / 8 >= lay.unit * 2.6 else 2
    per_row = math.ceil(len(parties) / rows)
    w = strip.w / per_row
    row_h = strip.h / rows
    size = min(lay.unit * 0.95, row_h * 0.7)
    for k, party in enumerate(parties):
        x = strip.x + (k % per_row) * w
        cy = strip.y + (k // per_row + 0.5) * row_h
        count = sum(1 for o in st.owners if o == party)
        sq = size * 0.9
        sy = cy - sq / 2
        out = party not in (POT, NOBODY) and bool(st.ranks[party])
        if party == POT:
            checker(dl, x + 2, sy, sq, 2)
        else:
            dl.rect(x + 2, sy, sq, sq, "#ffffff" if party == NOBODY else OUT if out else sc.colours[party])
        dl.rrect(x + 2, sy, sq, sq, 1, None, "rgba(0,0,0,0.4)", 1)
        fitted_line(dl, x + sq + 5, cy, str(count), w - sq - 7, size, OUT if out else theme.INK,
                    "normal" if out else "bold", "left", 7)


def _messages(sc: ParadiceScene, dl: DisplayList, lay: Layout) -> None:
    r = lay.messages
    _panel(dl, r, lay)
    buttons = sc.buttons()
    pad = max(5.0, lay.unit * 0.45)
    inner = lay.message_text().inset(pad) if buttons else r.inset(pad)
    st = sc.state
    p = sc.turn_player()
    colour = theme.readable(sc.colours[p]) if st.phase != "over" else theme.INK
    head_size = lay.unit * 0.85
    fitted_line(dl, inner.x, inner.y + head_size * 0.6, sc.header(), inner.w, head_size, theme.MUTED, "bold")
    body = Rect(inner.x, inner.y + head_size * 1.5, inner.w, inner.h - head_size * 1.5)
    items: list[tuple[str, str, bool]] = []
    prompt = sc.prompt()
    if prompt:
        items.append((prompt, colour, True))
        if st.phase == "sell" and sc.actor() is not None:
            items.append((sc.offer(), theme.INK, True))
    if sc.flash is not None:
        items.append((sc.flash[0], BAD, True))
    if sc.typed is not None:  # a key kept for the coming question
        items.append((sc.typed_text(), theme.MUTED, True))
    recent = sc.recent_lines()
    key = ("messages", body, tuple(items), tuple(recent), sc.lang, sc.touch)
    hit = sc.zone_cache.get("messages")
    if hit is None or hit[0] != key:
        size = lay.unit * 0.95
        # the keys' reminder: for a keyboard only (not after a finger on the screen)
        help_line = [(tx.t(sc.lang, "keys_help"), theme.MUTED, False)] \
            if sc.session.human_seats and not sc.touch else []
        # the turn's lines in order; the oldest go first when they do not fit, then the keys' reminder
        lines = [(line, theme.INK, False) for line in recent]
        while lines and _height(items + lines + help_line, body.w, size, body.h) > body.h:
            if help_line:
                help_line = []
            else:
                lines.pop(0)
        d = DisplayList()
        paragraphs(d, body, items + lines + help_line, size, min_size=9.0)
        hit = sc.zone_cache["messages"] = (key, d.ops)
    dl.ops.extend(hit[1])
    actor = sc.actor()
    for name, rect, label in buttons:
        fill = sc.colours[actor] if name in ("yes", "sell") else theme.tint(sc.colours[actor], 0.55)
        button(dl, rect, label, fill, sc.hover == ("button", name))


def _height(items: list[tuple[str, str, bool]], width: float, size: float, room: float) -> float:
    """The height of the wrapped ``items``; lines past ``room`` are not wrapped (it is too much anyway)."""
    most = int(room / (size * 1.2)) + 1 if size > 0 else None
    return sum(len(wrap_text(t, size, width, "bold" if b else "normal", most)) for t, _, b in items) * size * 1.2


def _jackpot(sc: ParadiceScene, dl: DisplayList, lay: Layout, st: Any) -> None:
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
    title = tx.t(sc.lang, "jackpot")
    fitted_line(dl, r.cx, top + h * 0.16, title, r.w - 8, lay.unit, theme.MUTED, "bold", "center")
    fitted_line(dl, r.cx, top + h * 0.42, tx.money(sc.lang, st.jackpot), r.w - 8,
                min(lay.unit * 2.0, h * 0.26), JACKPOT_COLOUR, "bold", "center")
    fitted_line(dl, r.cx, top + h * 0.66, tx.t(sc.lang, "last_win"), r.w - 8, lay.unit * 0.8, theme.MUTED,
                "normal", "center")
    if st.last_win is None:
        none = tx.t(sc.lang, "no_win_yet")
        fitted_line(dl, r.cx, top + h * 0.84, none, r.w - 8, lay.unit * 0.85, theme.MUTED, "normal", "center")
    else:
        amount, seat = st.last_win
        fitted_line(dl, r.cx, top + h * 0.84, tx.money(sc.lang, amount), r.w - 8, lay.unit * 1.2,
                    theme.readable(sc.colours[seat]), "bold", "center")


def banner_box(lay: Layout, lines: int) -> Rect:
    """Where the end banner stands: centred on the board, sized for its title, ``lines`` and hint."""
    b = lay.board
    size = max(12.0, lay.unit * 1.2)
    bw = min(b.w * 0.9, max(size * 18, b.w * 0.6))
    bh = min(b.h * 0.86, (lines + 4) * size * 1.3 + 2 * max(8.0, lay.unit * 0.8))
    return Rect(b.cx - bw / 2, b.cy - bh / 2, bw, bh)


def _banner(sc: ParadiceScene, dl: DisplayList, lay: Layout, t: float) -> None:
    title, lines = banner_lines(sc)
    winners = sc.state.winners
    colour = theme.readable(sc.colours[winners[0]]) if len(winners) == 1 else theme.INK
    size = max(12.0, lay.unit * 1.2)
    hint = [tx.keyed(sc.lang, "banner_hint", sc.touch)]
    banner_card(dl, banner_box(lay, len(lines)), title, colour, lines, hint, size, max(8.0, lay.unit * 0.8), t)
