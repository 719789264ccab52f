"""Painting the Dés & Marchands screen every frame: the board (its cached layer under the zoom and pan,
then the reachable cells, the cursor and the pawns with their purses), the round line, the players' rows
(coins, power, dice), the roll tray, the messages, the buttons, the coins in flight, the dialogs and the
end banner."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.games.marchands import faces
from dicehall.games.marchands import texts as tx
from dicehall.games.marchands.scene_layout import Layout
from dicehall.games.marchands.scene_messages import banner_lines
from dicehall.games.marchands.scene_paint import (
    BOARD,
    board_layer,
    coin,
    coin_label,
    face_tile,
    landed_tile,
    pawn,
    tumbling_tile,
)
from dicehall.games.marchands.scene_view import LAYER_RES
from dicehall.ui import theme
from dicehall.ui.anim import clamp, ease_in_out, ease_out_cubic, lerp
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.paint import banner_card, button, focus_ring, paragraphs
from dicehall.ui.widgets import fit_line, text_width

if TYPE_CHECKING:
    from dicehall.games.marchands.scene import MarchandsScene

BAD = "#b3261e"
TABLE = "#d9cdb4"


def rgba(colour: str, a: float) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{a})"


def paint(sc: MarchandsScene, dl: DisplayList, lay: Layout) -> None:
    st = sc.state
    dl.clear(theme.BACKGROUND)
    _paint_board(sc, dl, lay, st)
    _paint_callouts(sc, dl, lay)
    _paint_header(sc, dl, lay, st)
    _paint_players(sc, dl, lay, st)
    _paint_tray(sc, dl, lay, st)
    _paint_message(sc, dl, lay, st)
    dialog = sc.dialog_open()
    if not dialog:
        _paint_buttons(sc, dl, lay, st)
    _paint_flights(sc, dl, lay)
    if st.phase == "over" and sc.banner is not None and sc.banner.started(sc.now) and not sc.end_panel:
        _paint_banner(sc, dl, lay, st, ease_out_cubic(sc.banner.progress(sc.now)))
    if dialog:
        _paint_dialog(sc, dl, lay, st)


# --- the board ------------------------------------------------------------------------------------------------
def _clamped(r: Rect, vp: Rect) -> Rect | None:
    x0, y0 = max(r.x, vp.x), max(r.y, vp.y)
    x1, y1 = min(r.right, vp.right), min(r.bottom, vp.bottom)
    if x1 - x0 < 0.5 or y1 - y0 < 0.5:
        return None
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _paint_board(sc: MarchandsScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    vp = lay.board
    dl.rrect(vp.x, vp.y, vp.w, vp.h, 8, TABLE, theme.PANEL_EDGE, 1)
    view = sc.board_view()
    if view is None:
        s, text = fit_line(tx.t(sc.lang, "in_air"), vp.w - 20, lay.unit * 1.3, "bold", 9)
        dl.text(vp.cx, vp.cy, text, theme.font(s, "bold"), theme.MUTED)
        return
    dl.save()
    dl.clip(vp.x, vp.y, vp.w, vp.h)
    dl.save()
    dl.translate(view.ox, view.oy)
    dl.scale(view.z, view.z)
    key = sc.layer_key()
    if key not in sc.sent_layers and sc.layer_waits():
        dl.rect(0, 0, view.world, view.world, BOARD)  # dealt in this frame: the cells come in the next
    else:
        content = None if key in sc.sent_layers else board_layer(st.board)
        sc.sent_layers.add(key)
        dl.layer(key, view.world, view.world, LAYER_RES, content)
    dl.restore()
    _paint_targets(sc, dl, lay, st, view)
    _paint_pawns(sc, dl, lay, st, view)
    dl.restore()


def _paint_targets(sc: MarchandsScene, dl: DisplayList, lay: Layout, st: Any, view: Any) -> None:
    targets = sc.targets()
    if not targets:
        return
    vp = lay.board
    p = st.current
    colour = sc.colours[p]
    mine = sc.actor() is not None
    fill = rgba(colour, 0.42 if mine else 0.22)
    edge = theme.readable(colour)
    s = view.cell_px
    here = st.pos[p]
    hover = sc.hover[1] if sc.hover is not None and sc.hover[0] == "cell" else None
    for cell in targets:
        r = _clamped(view.cell_rect(cell), vp)
        if r is None:
            continue
        if cell == here:
            cx, cy = view.centre(cell)
            rad = max(7.0, s * 0.5)
            if vp.x <= cx - rad and cx + rad <= vp.right and vp.y <= cy - rad and cy + rad <= vp.bottom:
                dl.circle(cx, cy, rad, None, edge, 2)
            continue
        dl.rect(r.x, r.y, r.w, r.h, fill)
        if s >= 6:  # a shape as well as a colour: a dot in each reachable cell
            cx, cy = view.centre(cell)
            if vp.contains(cx, cy):
                dl.circle(cx, cy, max(1.5, s * 0.16), edge)
        if cell == hover and mine:
            dl.rrect(r.x, r.y, r.w, r.h, 2, None, edge, 2.5)
    if mine and sc.cursor in targets:
        r = view.cell_rect(sc.cursor)
        grow = max(0.0, 7 - r.w / 2)
        r = _clamped(Rect(r.x - grow, r.y - grow, r.w + 2 * grow, r.h + 2 * grow), vp.inset(5))
        if r is not None:
            focus_ring(dl, r, 2)


def _paint_pawns(sc: MarchandsScene, dl: DisplayList, lay: Layout, st: Any, view: Any) -> None:
    s = view.cell_px
    r = max(6.0, min(s * 0.36, 18.0))
    size = max(9.0, min(13.0, s * 0.38))
    w, h = lay.width, lay.height
    over = st.phase == "over"
    order = sorted(range(st.num_players), key=lambda q: q == st.current)
    spots: dict[tuple[int, int], int] = {}
    for q in order:
        x, y = sc.pawn_at(q)
        key = (round(x), round(y))
        k = spots.get(key, 0)
        spots[key] = k + 1
        cx = view.ox + (x + 0.5) * s + k * r * 0.9
        cy = view.oy + (y + 0.5) * s - k * r * 0.35
        label_w = size * (0.62 * len(str(st.coins[q])) + 1.5)
        top = cy - r - size * 2.0
        if cx - max(r * 1.6, label_w / 2) < 0 or cx + max(r * 1.6, label_w / 2) > w or top < 0 or cy + r * 1.6 > h:
            continue
        live = not over and q == st.current
        pawn(dl, cx, cy, r, sc.colours[q], live, 0.0)
        coin_label(dl, cx, cy - r - size * 0.9, size, st.coins[q], sc.colours[q])


def _paint_callouts(sc: MarchandsScene, dl: DisplayList, lay: Layout) -> None:
    """Each arrival's callout on a tag above its pawn (below it near the top edge), inside the board's
    viewport even when the pawn is scrolled out of it; several on one cell stack upwards, newest nearest.
    A callout rises and fades in, then fades out."""
    shown = sc.callouts_shown()
    view = sc.board_view()
    if not shown or view is None:
        return
    vp = lay.board
    s = view.cell_px
    r = max(6.0, min(s * 0.36, 18.0))
    label = max(9.0, min(13.0, s * 0.38))  # the purse tag above a pawn (see _paint_pawns)
    size = max(12.0, min(lay.unit * 0.95, 16.0))
    pad = size * 0.5
    h = size * 1.7
    stacks: dict[tuple[int, int], int] = {}
    for c in reversed(shown):  # newest first: nearest the pawn
        k = stacks.get(c.cell, 0)
        stacks[c.cell] = k + 1
        t = c.tween.progress(sc.now)
        alpha = clamp(min(t / 0.08, (1 - t) / 0.18))
        rise = (1 - ease_out_cubic(t / 0.12)) * size * 0.6
        cx, cy = view.centre(c.cell)
        text = c.text()
        seen = vp.x <= cx <= vp.right and vp.y <= cy <= vp.bottom
        if not seen:  # the pawn is out of view (zoomed in elsewhere): pointed at from the viewport's foot
            dx, dy = cx - clamp(cx, vp.x, vp.right), cy - clamp(cy, vp.y, vp.bottom)
            arrow = ("→" if dx > 0 else "←") if abs(dx) >= abs(dy) else ("↓" if dy > 0 else "↑")
            text = f"{arrow} {text}"
        fs, text = fit_line(text, vp.w - 16 - 2 * pad, size, "bold", 9)
        w = text_width(text, fs, "bold") + 2 * pad
        above = cy - r - label * 1.6 - 6 - k * (h + 4)
        y = above - h + rise
        if not seen:
            y = vp.bottom - 10 - h - k * (h + 4) + rise
        elif y < vp.y + 4:  # no room above: below the pawn
            y = cy + r + 6 + k * (h + 4) + rise
        x = clamp(cx - w / 2, vp.x + 8, vp.right - 8 - w)
        y = clamp(y, vp.y + 4, vp.bottom - 4 - h)
        colour = sc.colours[c.player]
        dl.save()
        dl.alpha(alpha)
        dl.shadow("rgba(0,0,0,0.25)", 6, 0, 2)
        dl.rrect(x, y, w, h, h * 0.35, "#fffaf1", colour, 2)
        dl.restore()
        dl.save()
        dl.alpha(alpha)
        dl.text(x + w / 2, y + h / 2, text, theme.font(fs, "bold"), theme.readable(colour))
        dl.restore()


# --- the side ------------------------------------------------------------------------------------------------------
def _paint_header(sc: MarchandsScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    r = lay.header
    s, text = fit_line(sc.header(), r.w, lay.unit * 1.25, "bold", 9)
    dl.text(r.x, r.cy, text, theme.font(s, "bold"), theme.INK, "left")


def _dice_strip(dl: DisplayList, x: float, y: float, width: float, tile: float, dice: Any, edge: str) -> None:
    """A player's dice, each as a row of its faces, side by side within ``width``."""
    count = sum(len(d) for d in dice)
    gap = tile * 0.5
    tile = min(tile, (width - gap * (len(dice) - 1)) / max(1, count) - 1)
    if tile < 4:
        return
    for die in dice:
        for token in die:
            face_tile(dl, x, y, tile, token, edge)
            x += tile + 1
        x += gap


def _paint_players(sc: MarchandsScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    lang = sc.lang
    over = st.phase == "over"
    for p, r in enumerate(lay.players):
        colour = sc.colours[p]
        live = not over and st.board is not None and st.current == p
        dl.rrect(r.x, r.y, r.w, r.h, 8, theme.PANEL, colour if live else theme.PANEL_EDGE, 2.5 if live else 1)
        pad = 6.0
        name = sc.player_name(p) + (f" ({tx.t(lang, 'computer')})" if sc.session.seats[p].is_ai else "")
        if live:
            name = "▶ " + name
        ink = theme.readable(colour)
        two = r.h >= 44
        line = r.y + (r.h * 0.3 if two else r.h / 2)
        size = min(lay.unit, r.h * (0.32 if two else 0.45))
        dl.circle(r.x + pad + size * 0.4, line, size * 0.38, colour)
        money = str(st.coins[p])
        power = tx.t(lang, "power" if two else "power_short", n=st.power(p))
        if two:
            right = f"{tx.coins(lang, st.coins[p])} · {power}"
            s2, right = fit_line(right, r.w * 0.45, size, "normal", 8)
            dl.text(r.right - pad, line, right, theme.font(s2), theme.INK, "right")
            from dicehall.ui.widgets import text_width

            cw = text_width(right, s2)
            coin(dl, r.right - pad - cw - size * 0.6, line, size * 0.4)
            s, text = fit_line(name, r.w - 2 * pad - size * 1.2 - cw - size * 1.6, size, "bold", 8)
            dl.text(r.x + pad + size, line, text, theme.font(s, "bold"), ink, "left")
            tile = min(r.h * 0.4, 18.0)
            _dice_strip(dl, r.x + pad, r.bottom - pad - tile, r.w - 2 * pad, tile, st.dice[p], colour)
        else:
            name_w = r.w * 0.34
            s, text = fit_line(name, name_w - size, size, "bold", 8)
            dl.text(r.x + pad + size, line, text, theme.font(s, "bold"), ink, "left")
            x = r.x + pad + name_w
            coin(dl, x + size * 0.4, line, size * 0.4)
            stats = f"{money} · {power}"
            s2, stats = fit_line(stats, r.w * 0.22, size, "normal", 8)
            dl.text(x + size, line, stats, theme.font(s2), theme.INK, "left")
            x += r.w * 0.22 + size * 1.2
            tile = min(r.h - 10, 18.0)
            _dice_strip(dl, x, line - tile / 2, r.right - pad - x, tile, st.dice[p], colour)


def tray_faces(sc: MarchandsScene, st: Any) -> tuple[int | None, list[str | None], bool]:
    """The roll on show: (player, faces with None for a die in the air, faded: the turn's finished roll)."""
    if st.board is None:
        return None, [], False
    if st.phase in ("throw", "move"):
        p = st.current
        rolled: list[str | None] = list(st.rolled)
        if st.phase == "throw":
            rolled += [None] * (len(st.dice[p]) - len(rolled))
        return p, rolled, False
    for ev in reversed(st.events):
        if ev.kind == "roll":
            return ev.player, list(ev.faces), st.phase == "roll" or st.phase == "over"
    return None, [], False


def _paint_tray(sc: MarchandsScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    r = lay.tray
    p, shown, faded = tray_faces(sc, st)
    if p is None or not shown:
        return
    colour = sc.colours[p]
    pad = 6.0
    tile = min(r.h - 2 * pad, 44.0, (r.w * 0.6) / len(shown) - 6)
    if tile < 6:
        return
    x = r.x + pad
    y = r.y + (r.h - tile) / 2
    dice = st.dice[p]
    for i, token in enumerate(shown):
        if token is None:
            die = dice[i] if i < len(dice) else ("1",)
            tumbling_tile(dl, x, y, tile, die, p * 7 + i, max(0.0, sc.now - sc.tumble_from), colour)
        else:
            land = sc.lands.get(i)
            landed_tile(dl, x, y, tile, token, colour, land.progress(sc.now) if land and not sc.fast else None, faded)
        x += tile + 6
    if None in shown:
        return
    roll = faces.roll_sum(tuple(t for t in shown if t is not None))
    if not roll.directions:
        text = tx.t(sc.lang, "why_no_direction", name=sc.player_name(p))
    elif roll.reach <= 0:
        text = tx.t(sc.lang, "why_no_power", name=sc.player_name(p))
    else:
        text = tx.t(sc.lang, "reach_short", n=roll.reach)
    box = Rect(x + 4, r.y, r.right - x - 4, r.h)
    if box.w > 30:
        paragraphs(dl, box, [(text, theme.MUTED if faded else theme.INK, True)], lay.unit, centre=True)


def _paint_message(sc: MarchandsScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    r = lay.message
    dl.rrect(r.x, r.y, r.w, r.h, 10, theme.PANEL, theme.PANEL_EDGE, 1)
    inner = r.inset(max(6.0, lay.unit * 0.5))
    seat = st.current if st.board is not None else None
    colour = theme.readable(sc.colours[seat]) if seat is not None and st.phase != "over" else theme.INK
    items: list[tuple[str, str, bool]] = [(sc.prompt(), colour, True)]
    if sc.flash is not None:
        items.append((sc.flash[0], BAD, True))
    items += [(line, theme.MUTED, False) for line in reversed(sc.recent_lines())]
    size = lay.unit * 0.8
    help_h = size * 1.2 * 2 + 2
    if inner.h > lay.unit * 1.2 * 8 + help_h and not sc.touch:  # room for the keys under the messages
        box = Rect(inner.x, inner.bottom - help_h, inner.w, help_h)
        paragraphs(dl, box, [(tx.t(sc.lang, "keys_help"), theme.MUTED, False)], size)
        inner = Rect(inner.x, inner.y, inner.w, inner.h - help_h - 4)
    paragraphs(dl, inner, items, lay.unit * 0.95)


def _paint_buttons(sc: MarchandsScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    focus = sc.shown_focus()
    actor = sc.actor()
    colour = sc.colours[actor] if actor is not None else theme.MUTED
    for c in sc.controls():
        if c.target[0] == "zoom":
            button(dl, c.rect, c.label, theme.PANEL, sc.hover == c.target, focus == c.target, True, pad=6)
        else:
            button(dl, c.rect, c.label, colour, sc.hover == c.target, focus == c.target, c.enabled)


def _row_point(lay: Layout, p: int | None) -> tuple[float, float]:
    if p is None:
        return lay.header.right - 20, lay.header.cy
    r = lay.players[p]
    return r.right - 30, r.y + min(r.h * 0.3, r.h / 2)


def _paint_flights(sc: MarchandsScene, dl: DisplayList, lay: Layout) -> None:
    now = sc.now
    size = lay.unit * 0.5
    for f in sc.flights:
        if not f.tween.started(now) or not f.tween.running(now):
            continue
        a, b = _row_point(lay, f.src), _row_point(lay, f.dst)
        t = f.tween.progress(now)
        shown = min(f.count, 6)
        for j in range(shown):
            e = ease_in_out(clamp(t * 1.4 - j * 0.4 / max(1, shown)))
            if e <= 0 or e >= 1:
                continue
            x = lerp(a[0], b[0], e) - 40 * (1 - (2 * e - 1) ** 2)
            y = lerp(a[1], b[1], e)
            coin(dl, x, y, size)
        if t < 0.9:
            x, y = lerp(a[0], b[0], ease_in_out(t)) - 60, lerp(a[1], b[1], ease_in_out(t))
            dl.text(x, y, f"+{f.count}" if f.dst is not None else f"−{f.count}",
                    theme.font(lay.unit * 1.1, "bold"), "#9c7a12")


# --- dialogs and the end ----------------------------------------------------------------------------------------------
def _paint_dialog(sc: MarchandsScene, dl: DisplayList, lay: Layout, st: Any) -> None:
    box, controls, page_no, pages = sc.dialog_geometry()
    colour = sc.colours[st.current]
    shade = lay.shade
    dl.rrect(shade.x, shade.y, shade.w, shade.h, 8, "rgba(0,0,0,0.3)")
    dl.save()
    dl.shadow("rgba(0,0,0,0.3)", 16, 0, 4)
    dl.rrect(box.x, box.y, box.w, box.h, 14, theme.PANEL, colour, 2.5)
    dl.restore()
    title_h = lay.row_h * 0.9
    pad = 12.0
    right = ""
    if pages > 1:
        right = tx.t(sc.lang, "page", p=page_no + 1, n=pages)
        dl.text(box.right - pad, box.y + title_h / 2, right, theme.font(lay.unit), theme.MUTED, "right")
    s, title = fit_line(sc.dialog_title(), box.w - 2 * pad - len(right) * lay.unit * 0.7, lay.unit * 1.2, "bold", 9)
    dl.text(box.x + pad, box.y + title_h / 2, title, theme.font(s, "bold"), theme.readable(colour), "left")
    focus = sc.shown_focus()
    for c in controls:
        fill = colour if c.target[0] == "item" else theme.tint(colour, 0.55)
        button(dl, c.rect, c.label, fill, sc.hover == c.target, focus == c.target, c.enabled, c.sub)


def _paint_banner(sc: MarchandsScene, dl: DisplayList, lay: Layout, st: Any, t: float) -> None:
    title, lines = banner_lines(sc, st)
    winners = st.outcome().winners
    colour = theme.readable(sc.colours[winners[0]]) if winners else theme.INK
    g = lay.board
    size = lay.unit * 1.25
    bw = min(g.w * 0.9, max(size * 18, g.w * 0.6))
    bh = min(g.h * 0.86, (len(lines) + 3) * size * 1.3 + 2 * max(8.0, lay.unit * 0.8) + size)
    box = Rect(g.cx - bw / 2, g.cy - bh / 2, bw, bh)
    pad = max(8.0, lay.unit * 0.8)
    banner_card(dl, box, title, colour, lines, [tx.t(sc.lang, "game_over")], size, pad, t)
