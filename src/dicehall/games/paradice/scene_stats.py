"""The Paradice statistics panel (the board's empty top-left block): a row of tabs, the view's title with
a %/score toggle, and one of six views read from the state's ledger and counters — the current round's
balance, the balances over time, the gains per event, per roll, and the credits and debits per party.

``paint_stats`` only draws and returns its hit areas; the screen keeps the chosen view and format.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

from dicehall.games.paradice.board import EVENTS
from dicehall.games.paradice.rules import NOBODY, POT, ParadiceState
from dicehall.games.paradice.scene_icons import paint_event_icon
from dicehall.games.paradice.spec import JACKPOT_COLOUR, SKY_COLOUR
from dicehall.games.paradice.texts_stats import TEXTS, compact, decimal, number, signed
from dicehall.games.paradice.texts_stats import percent as share_text
from dicehall.ui import theme
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.paint import fitted_line
from dicehall.ui.widgets import draw_die, text_width, wrap_text

STATS_VIEWS = ("turn", "evolution", "events", "rolls", "credits", "debits")
PERCENT_VIEWS = ("events", "rolls", "credits", "debits")  # the views the %/score format applies to
Hit = tuple[tuple[float, float, float, float], str, object]

GREEN = "#2e7d32"
RED = "#c62828"
GREY = "#9a9184"
GROUND = "#27231e"  # the dark ground of the figures, under the gradient's light colours
GROUND_INK = "#f4efe6"
# The original's colour scale of a share: 0 % blue, 25 % green, 50 % red, 75 % yellow, 100 % white,
# lightened so that every step reads on the dark ground.
GRADIENT = ((0.0, "#5b9bff"), (25.0, "#46d26a"), (50.0, "#ff5a4e"), (75.0, "#ffd43b"), (100.0, "#ffffff"))


def gradient(share: float) -> str:
    """The colour of a share in % along GRADIENT (clamped to 0–100)."""
    share = min(100.0, max(0.0, share))
    for (a, ca), (b, cb) in zip(GRADIENT, GRADIENT[1:]):
        if share <= b:
            return theme.mix(ca, cb, (share - a) / (b - a))
    return GRADIENT[-1][1]


def palette_colours(palette: Any) -> tuple[str, str, str, str]:
    """(panel, ink, muted, edge) from the scene's palette: a dict with those keys, or an object with
    theme-like attributes (PANEL, INK, MUTED, PANEL_EDGE); the shared theme fills the gaps."""
    out = []
    for key, attr in (("panel", "PANEL"), ("ink", "INK"), ("muted", "MUTED"), ("edge", "PANEL_EDGE")):
        if isinstance(palette, dict):
            value = palette.get(key) or palette.get(attr)
        else:
            value = getattr(palette, attr, None) or getattr(palette, key, None)
        out.append(value if isinstance(value, str) else getattr(theme, attr))
    return out[0], out[1], out[2], out[3]


def _light(colour: str, floor: float = 175.0) -> str:
    """``colour`` washed with white until dark ink reads on it (an owner's background behind an icon)."""
    value = theme.luma(colour)
    return colour if value >= floor else theme.mix(colour, "#ffffff", (floor - value) / (255 - value))


# One line fitted into a width; the panel packs six views into a corner block, so its lines may shrink a
# pixel further than the board zones' (8 px).
_text = partial(fitted_line, min_size=7.0)


def money_moved(state: ParadiceState) -> bool:
    """Whether any money has changed hands yet (before that the panel shows a friendly empty state)."""
    return any(any(c) or any(d) for c, d in state.ledger)


def paint_stats(
    dl: DisplayList,
    x: float,
    y: float,
    w: float,
    h: float,
    state: ParadiceState,
    view: str,
    percent: bool,
    names: tuple[str, ...],
    colours: tuple[str, ...],
    palette: Any,
    lang: str,
    text: float = 1.0,
) -> list[Hit]:
    """Paint the panel in (x, y, w, h) and return its hit areas: ((x, y, w, h), "stats", view) per tab and
    ((x, y, w, h), "percent", the format the toggle switches to) on the views that show a share. ``text``
    scales the text (the large font)."""
    panel, ink, muted, edge = palette_colours(palette)
    view = view if view in STATS_VIEWS else STATS_VIEWS[0]
    hits: list[Hit] = []
    unit = min(16.0, max(9.0, min(w, h) / 24)) * text
    pad = max(3.0, unit * 0.35)
    dl.rrect(x, y, w, h, min(10.0, unit * 0.7), panel, edge, 1)

    tab_h = unit * 1.8
    hits += _tabs(dl, Rect(x + pad, y + pad, w - 2 * pad, tab_h), unit, view, panel, ink, lang)
    row_y = y + pad + tab_h + pad
    row_h = unit * 1.6
    hits += _title_row(
        dl, Rect(x + pad, row_y, w - 2 * pad, row_h), pad, unit, state, view, percent, (panel, ink, muted, edge), lang
    )

    cx, cy = x + pad, row_y + row_h + pad * 0.6
    cw, ch = w - 2 * pad, y + h - pad - cy
    if cw < 20 or ch < 20:
        return hits
    if not money_moved(state):
        _empty(dl, cx, cy, cw, ch, unit, muted, TEXTS.t(lang, "empty"), TEXTS.t(lang, "empty_hint"))
        return hits
    box = (cx, cy, cw, ch)
    if view == "turn":
        _turn(dl, box, unit, state, names, colours, ink, muted, lang)
    elif view == "evolution":
        _evolution(dl, box, unit, state, colours, muted, edge, lang)
    elif view == "events":
        _events(dl, box, unit, state, percent, colours, muted, lang)
    elif view == "rolls":
        _rolls(dl, box, unit, state, percent, muted, lang)
    else:
        _parties(dl, box, unit, state, view, percent, names, colours, lang)
    return hits


def _tabs(dl: DisplayList, row: Rect, unit: float, view: str, panel: str, ink: str, lang: str) -> list[Hit]:
    """One tab per view across ``row``, ``view``'s filled; their hit areas."""
    x, y, w, h = row.x, row.y, row.w, row.h
    hits: list[Hit] = []
    gap = max(1.5, unit * 0.15)
    tab_w = (w - gap * (len(STATS_VIEWS) - 1)) / len(STATS_VIEWS)
    for i, name in enumerate(STATS_VIEWS):
        tx = x + i * (tab_w + gap)
        active = name == view
        fill = ink if active else theme.mix(panel, ink, 0.08)
        dl.rrect(tx, y, tab_w, h, min(6.0, h / 3), fill, None)
        _text(
            dl,
            tx + tab_w / 2,
            y + h / 2,
            TEXTS.t(lang, f"tab_{name}"),
            tab_w - 4,
            unit * 0.82,
            panel if active else ink,
            "bold" if active else "normal",
            "center",
            min_size=6.0,
        )
        hits.append(((tx, y, tab_w, h), "stats", name))
    return hits


def _title_row(
    dl: DisplayList,
    row: Rect,
    gap: float,
    unit: float,
    state: ParadiceState,
    view: str,
    percent: bool,
    colours: tuple[str, str, str, str],
    lang: str,
) -> list[Hit]:
    """The view's title across ``row``, and at its right (``gap`` after the title) the %/score toggle on
    the views that show a share; the toggle's hit area."""
    x, y, w, h = row.x, row.y, row.w, row.h
    panel, ink, muted, edge = colours
    hits: list[Hit] = []
    title_w = w
    if view in PERCENT_VIEWS:
        seg = max(text_width(TEXTS.t(lang, "score"), unit * 0.8, "bold") + 8, unit * 2.2)
        tog_w = seg + unit * 2.2
        tog_x = x + w - tog_w
        tog_h = h * 0.86
        tog_y = y + (h - tog_h) / 2
        dl.rrect(tog_x, tog_y, tog_w, tog_h, tog_h / 2, theme.mix(panel, ink, 0.08), edge, 1)
        for label, on, sx, sw in (
            ("percent", percent, tog_x, unit * 2.2),
            ("score", not percent, tog_x + unit * 2.2, seg),
        ):
            if on:
                dl.rrect(sx + 1, tog_y + 1, sw - 2, tog_h - 2, (tog_h - 2) / 2, ink, None)
            _text(
                dl,
                sx + sw / 2,
                tog_y + tog_h / 2,
                TEXTS.t(lang, label),
                sw - 6,
                unit * 0.8,
                panel if on else muted,
                "bold",
                "center",
                min_size=6.0,
            )
        hits.append(((tog_x, tog_y, tog_w, tog_h), "percent", not percent))
        title_w = tog_x - x - gap
    _text(dl, x, y + h / 2, TEXTS.t(lang, f"title_{view}", round=state.round), title_w, unit, ink, "bold")
    return hits


Box = tuple[float, float, float, float]


def _empty(
    dl: DisplayList, x: float, y: float, w: float, h: float, unit: float, muted: str, text: str, hint: str
) -> None:
    """A calm message in the middle of the content area: two pale dice and the words."""
    size = min(w, h) * 0.16
    top = y + h * 0.22
    draw_die(dl, x + w / 2 - size * 1.1, top, size, 5, "#ffffff", muted, muted)
    draw_die(dl, x + w / 2 + size * 0.1, top, size, 2, "#ffffff", muted, muted)
    lines = wrap_text(text, unit, w - 8)
    ly = top + size * 1.5
    for line in lines[:3]:
        _text(dl, x + w / 2, ly, line, w - 8, unit, muted, "normal", "center")
        ly += unit * 1.3
    _text(dl, x + w / 2, ly + unit * 0.4, hint, w - 8, unit, muted, "bold", "center")


def _turn(
    dl: DisplayList,
    box: Box,
    unit: float,
    state: ParadiceState,
    names: tuple[str, ...],
    colours: tuple[str, ...],
    ink: str,
    muted: str,
    lang: str,
) -> None:
    """The current round: rank, name, round net, and below it the round's credits and debits."""
    x, y, w, h = box
    n = state.num_players
    credits, debits = state.ledger[-1]
    net = [credits[p] - debits[p] for p in range(n)]
    playing = sorted((p for p in range(n) if state.ranks[p] == 0), key=lambda p: (-net[p], p))
    out = sorted((p for p in range(n) if state.ranks[p] != 0), key=lambda p: state.ranks[p])
    row_h = min(h / n, unit * 3.2)
    two_lines = row_h >= unit * 2.1
    size = min(unit, row_h * (0.42 if two_lines else 0.7))
    small = size * 0.85
    num_w = text_width("+000 000", size, "bold")
    for i, p in enumerate(playing + out):
        ry = y + i * row_h
        if i % 2 == 0:
            dl.rect(x, ry, w, row_h, theme.mix("#ffffff", ink, 0.04))
        gone = state.ranks[p] != 0
        colour = GREY if gone else theme.readable(colours[p % len(colours)])
        line1 = ry + (row_h * 0.3 if two_lines else row_h / 2)
        _text(dl, x + 2, line1, f"{i + 1}.", size * 1.6, size, muted, "bold")
        dot = size * 0.32
        dl.circle(x + size * 1.9, line1, dot, GREY if gone else colours[p % len(colours)])
        name_x = x + size * 2.5
        name = names[p] if p < len(names) else str(p + 1)
        _text(dl, name_x, line1, name, w - (name_x - x) - num_w - 4, size, colour, "bold")
        shown = "0" if gone else signed(lang, net[p])
        _text(dl, x + w - 2, line1, shown, num_w, size, colour, "bold", "right")
        if not two_lines:
            continue
        line2 = ry + row_h * 0.72
        half = (w - (name_x - x)) / 2 - 2
        if gone:
            _text(dl, name_x, line2, TEXTS.t(lang, "eliminated"), half, small, GREY)
            continue
        _text(dl, name_x, line2, "+" + number(lang, credits[p]), half, small, GREEN, "normal")
        paid = number(lang, -debits[p]) if debits[p] else "0"
        _text(dl, x + w - 2, line2, paid, half, small, RED, "normal", "right")


def _step(scale: float, steps: tuple[int, ...], minimum: float) -> int:
    """The smallest of ``steps`` (then its multiples by 10) drawn at least ``minimum`` px apart."""
    k = 1
    while True:
        for s in steps:
            if s * k * scale >= minimum:
                return s * k
        k *= 10


def _evolution(
    dl: DisplayList,
    box: Box,
    unit: float,
    state: ParadiceState,
    colours: tuple[str, ...],
    muted: str,
    edge: str,
    lang: str,
) -> None:
    """Balances at the end of each round from round 0 (clamped at 0), the jackpot in purple; a dot grid
    every few rounds and amounts, bigger every 10 rounds and every 100 000."""
    x, y, w, h = box
    series = state.evolution()
    samples = len(series[0])
    top = max(1, max(max(s) for s in series))
    small = unit * 0.75
    label_w = text_width(compact(lang, top), small) + 4
    gx, gy = x + label_w + 3, y + small * 0.7
    gw, gh = w - label_w - 6, h - small * 2.2
    if gw < 10 or gh < 10:
        return
    sx, sy = gw / max(1, samples - 1), gh / top
    xstep = _step(sx, (1, 2, 5), 16)
    ystep = _step(sy, (10_000, 20_000, 50_000), 16)
    for r in range(0, samples, xstep):
        px = gx + r * sx
        for v in range(0, top + 1, ystep):
            big = r % 10 == 0 or v % 100_000 == 0
            dl.circle(px, gy + gh - v * sy, 1.4 if big else 0.7, muted if big else edge)
    dl.line(gx, gy + gh, gx + gw, gy + gh, muted, 1)
    dl.line(gx, gy, gx, gy + gh, muted, 1)
    _text(dl, gx - 3, gy, compact(lang, top), label_w, small, muted, "normal", "right")
    _text(dl, gx - 3, gy + gh, "0", label_w, small, muted, "normal", "right")
    base = gy + gh + small * 0.9
    _text(dl, gx, base, "0", gw / 3, small, muted)
    _text(dl, gx + gw, base, TEXTS.t(lang, "round_n", round=samples - 1), gw * 0.6, small, muted, "normal", "right")
    # At most one point per 2 px: a long game stays cheap to send and to paint.
    stride = max(1, math.ceil(samples / max(2.0, gw / 2)))
    picks = list(range(0, samples, stride))
    if picks[-1] != samples - 1:
        picks.append(samples - 1)
    n = state.num_players
    for party in [n] + list(range(n - 1, -1, -1)):
        colour = JACKPOT_COLOUR if party == n else colours[party % len(colours)]
        values = series[party]
        points = [(gx + r * sx, gy + gh - max(0, values[r]) * sy) for r in picks]
        # A there-and-back outline: a closed, unfilled polygon draws as an open polyline in one op.
        dl.poly(points + points[-2:0:-1], None, colour, 2.0 if party < n else 2.4)
        dl.circle(points[-1][0], points[-1][1], 2.6, colour)


def _owner_half(dl: DisplayList, x: float, y: float, w: float, h: float, owner: int, colours: tuple[str, ...]) -> None:
    """One copy's owner behind half an icon: white unowned, the seat's colour, or the jackpot's
    sky-and-purple checkerboard."""
    if owner == NOBODY:
        dl.rect(x, y, w, h, "#ffffff")
    elif owner == POT:
        dl.rect(x, y, w, h, _light(SKY_COLOUR))
        cells = max(2, round(h / max(4.0, w / 2)))
        side = h / cells
        across = max(1, round(w / side))
        cw = w / across
        for j in range(cells):
            for i in range((j + 1) % 2, across, 2):
                dl.rect(x + i * cw, y + j * side, cw, side, _light(JACKPOT_COLOUR))
    else:
        dl.rect(x, y, w, h, _light(colours[owner % len(colours)]))


def _events(
    dl: DisplayList,
    box: Box,
    unit: float,
    state: ParadiceState,
    percent: bool,
    colours: tuple[str, ...],
    muted: str,
    lang: str,
) -> None:
    """The 26 events by their share of all gains paid, descending: the icon on its owners' colours and
    the share (or the amount), coloured along the gradient."""
    x, y, w, h = box
    stats = state.event_stats
    total = sum(stats)
    if not total:
        _empty(dl, x, y, w, h, unit, muted, TEXTS.t(lang, "empty_gains"), TEXTS.t(lang, "empty_hint"))
        return
    dl.rrect(x, y, w, h, min(8.0, unit * 0.5), GROUND, None)
    order = sorted(range(len(EVENTS)), key=lambda i: (-stats[i], i))
    sample = "00,0 %" if percent else compact(lang, max(stats))
    best = (0.0, 4, 0.0)
    for cols in (3, 4, 5, 6):
        rows = math.ceil(len(EVENTS) / cols)
        cell_w, cell_h = (w - 4) / cols, (h - 4) / rows
        icon = min(cell_h * 0.86, cell_w * 0.45)
        size = min(unit, icon * 0.55)
        if text_width(sample, size, "bold") <= cell_w - icon - 6 and icon > best[0]:
            best = (icon, cols, size)
    icon, cols, size = best
    if not icon:  # nothing fits with room for the text (a narrow panel): the text shrinks until it fits,
        # in the number of columns that keeps both the icons and the text the largest
        per_px = max(1e-6, text_width(sample, 1.0, "bold"))
        cols_best = 4
        for cols in (2, 3, 4):
            rows = math.ceil(len(EVENTS) / cols)
            cell_w, cell_h = (w - 4) / cols, (h - 4) / rows
            side = min(cell_h * 0.86, cell_w * 0.45)
            fit = min(unit, side * 0.55, max(0.0, cell_w - side - 7) / per_px)
            if min(fit, side * 0.6) > min(size, icon * 0.6):
                icon, cols_best, size = side, cols, fit
        cols = cols_best
        if not icon:
            icon = min((h - 4) / 7 * 0.86, (w - 4) / cols * 0.45)
            size = icon * 0.55
    rows = math.ceil(len(EVENTS) / cols)
    cell_w, cell_h = (w - 4) / cols, (h - 4) / rows
    for k, e in enumerate(order):
        col, row = k % cols, k // cols
        ex, ey = x + 2 + col * cell_w, y + 2 + row * cell_h
        ix, iy = ex + 2, ey + (cell_h - icon) / 2
        _owner_half(dl, ix, iy, icon / 2, icon, state.owners[2 * e], colours)
        _owner_half(dl, ix + icon / 2, iy, icon / 2, icon, state.owners[2 * e + 1], colours)
        paint_event_icon(dl, e, ix + icon / 2, iy + icon / 2, icon, theme.INK)
        share = stats[e] * 100 / total
        shown = share_text(lang, share) if percent else compact(lang, stats[e])
        _text(
            dl,
            ex + cell_w - 3,
            ey + cell_h / 2,
            shown,
            cell_w - icon - 7,
            size,
            gradient(share),
            "bold",
            "right",
            min_size=6.0,
        )


def _rolls(dl: DisplayList, box: Box, unit: float, state: ParadiceState, percent: bool, muted: str, lang: str) -> None:
    """Die a × die b: each gain paid counts in [a][b] and [b][a], so the shares add up to 200 %."""
    x, y, w, h = box
    stats = state.roll_stats
    total = sum(state.event_stats)
    if not total:
        _empty(dl, x, y, w, h, unit, muted, TEXTS.t(lang, "empty_gains"), TEXTS.t(lang, "empty_hint"))
        return
    side = min(w, h)
    cell = side / 7
    gx, gy = x + (w - side) / 2, y + (h - side) / 2
    dl.rrect(gx, gy, side, side, min(8.0, unit * 0.5), GROUND, None)
    size = min(unit, cell * 0.36)
    corner = TEXTS.t(lang, "percent" if percent else "score")
    _text(dl, gx + cell / 2, gy + cell / 2, corner, cell - 6, size, GROUND_INK, "bold", "center", min_size=6.0)
    die = cell * 0.62
    for i in range(6):
        off = (cell - die) / 2
        draw_die(dl, gx + (i + 1) * cell + off, gy + off, die, i + 1, "#ffffff")
        draw_die(dl, gx + off, gy + (i + 1) * cell + off, die, i + 1, "#ffffff")
    for a in range(6):
        for b in range(6):
            value = stats[a * 6 + b]
            share = value * 100 / total
            px, py = gx + (b + 1) * cell, gy + (a + 1) * cell
            if a == b:
                dl.rect(px + 1, py + 1, cell - 2, cell - 2, "#3a342c")
            shown = decimal(lang, share) if percent else compact(lang, value)
            colour = gradient(share) if value else "#6b6257"
            _text(dl, px + cell / 2, py + cell / 2, shown, cell - 4, size, colour, "bold", "center", min_size=5.0)


def _parties(
    dl: DisplayList,
    box: Box,
    unit: float,
    state: ParadiceState,
    view: str,
    percent: bool,
    names: tuple[str, ...],
    colours: tuple[str, ...],
    lang: str,
) -> None:
    """Credits (gains, jackpots won, sales) or debits (gains paid, purchases) per player and the jackpot,
    ranked, with a bar scaled to the largest and the share of the total or the amount."""
    x, y, w, h = box
    n = state.num_players
    credits, debits = state.totals()
    values = list(credits if view == "credits" else debits)
    total = sum(values)
    top = max(values) or 1
    order = sorted(range(n + 1), key=lambda p: (-values[p], p))
    dl.rrect(x, y, w, h, min(8.0, unit * 0.5), GROUND, None)
    row_h = min((h - 4) / (n + 1), unit * 2.6)
    size = min(unit, row_h * 0.42)
    value_w = text_width("−0 000 000", size, "bold")
    labels = list(names[:n]) + [TEXTS.t(lang, "jackpot")]
    name_w = min(w * 0.32, max(text_width(label, size) for label in labels) + 2)
    for i, p in enumerate(order):
        ry = y + 2 + i * row_h
        mid = ry + row_h / 2
        _text(dl, x + 4, mid, f"{i + 1}.", size * 1.5, size, "#b8ad9c", "bold")
        sw = size * 0.9
        sx = x + 4 + size * 1.5
        if p == n:
            _owner_half(dl, sx, mid - sw / 2, sw, sw, POT, colours)
            label, colour = TEXTS.t(lang, "jackpot"), JACKPOT_COLOUR
        else:
            colour = colours[p % len(colours)]
            dl.rect(sx, mid - sw / 2, sw, sw, colour)
            label = names[p] if p < len(names) else str(p + 1)
        tx = sx + sw + 4
        _text(dl, tx, mid, label, name_w, size, _on_ground(colour))
        bar_x = tx + name_w + 4
        bar_w = x + w - 4 - value_w - 4 - bar_x
        share = values[p] * 100 / total if total else 0.0
        if bar_w > 6:
            dl.rect(bar_x, mid - row_h * 0.16, bar_w, row_h * 0.32, "#3a342c")
            if values[p]:
                dl.rect(bar_x, mid - row_h * 0.16, max(1.5, bar_w * values[p] / top), row_h * 0.32, colour)
        amount = values[p] if view == "credits" else -values[p]
        shown = share_text(lang, share) if percent else number(lang, amount)
        _text(dl, x + w - 4, mid, shown, value_w, size, gradient(share), "bold", "right")


def _on_ground(colour: str) -> str:
    """A seat's colour lifted enough to be read as a name on the dark ground."""
    return theme.mix(colour, "#ffffff", 0.45) if theme.luma(colour) < 140 else colour
