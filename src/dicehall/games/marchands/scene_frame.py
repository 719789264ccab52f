"""Painting the Dés & Marchands screen every frame from its view model (scene_view.FrameView): the board
(its cached layer under the zoom and pan, then the reachable cells, the cursor and the pawns with their
purses), the round line, the players' rows (coins, power, dice), the roll tray, the messages, the buttons,
the coins in flight, the dialogs and the end banner. ``paint`` returns the frame's hit regions."""

from __future__ import annotations

import re

from dicehall.games.marchands.scene_layout import Layout
from dicehall.games.marchands.scene_paint import (
    BOARD,
    coin,
    coin_label,
    face_tile,
    landed_tile,
    pawn,
    tumbling_tile,
)
from dicehall.games.marchands.scene_view import (
    LAYER_RES,
    BoardView,
    Camera,
    ControlView,
    FrameView,
    Hits,
    PlayerView,
    TargetsView,
    TrayView,
)
from dicehall.ui import theme
from dicehall.ui.anim import clamp, ease_in_out, ease_out_cubic, lerp
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.paint import DISABLED, banner_card, button, focus_ring, paragraphs
from dicehall.ui.widgets import fit_line, text_width

BAD = "#b3261e"
TABLE = "#d9cdb4"
SPENT_VEIL = "rgba(239,229,207,0.72)"  # the board's colour over a bonus cell that served already
SPENT_INK = "#6b5d45"


def rgba(colour: str, a: float) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{a})"


def frame_hits(view: FrameView) -> Hits:
    """The hit regions of the frame ``view`` draws (``paint`` returns them)."""
    if view.dialog is not None:
        return Hits(tuple((c.target, c.rect) for c in view.dialog.controls), None)
    return Hits(tuple((c.target, c.rect) for c in view.buttons), view.board.camera)


def paint(dl: DisplayList, lay: Layout, view: FrameView) -> Hits:
    """Draw the whole frame ``view``; returns its hit regions."""
    dl.clear(theme.BACKGROUND)
    _paint_board(dl, lay, view.board)
    _paint_callouts(dl, lay, view.board)
    _paint_header(dl, lay, view.header)
    _paint_players(dl, lay, view.players)
    if view.tray is not None:
        _paint_tray(dl, lay, view.tray)
    _paint_message(dl, lay, view)
    turn_size = _turn_size(view.buttons)
    for c in view.buttons:
        _button(dl, c, turn_size if c.target in TURN_BUTTONS else None)
    _paint_flights(dl, lay, view)
    b = view.banner
    if b is not None:
        g = lay.board
        size = lay.unit * 1.25
        bw = min(g.w * 0.9, max(size * 18, g.w * 0.6))
        bh = min(g.h * 0.86, (len(b.lines) + 3) * size * 1.3 + 2 * max(8.0, lay.unit * 0.8) + size)
        box = Rect(g.cx - bw / 2, g.cy - bh / 2, bw, bh)
        pad = max(8.0, lay.unit * 0.8)
        banner_card(dl, box, b.title, b.colour, list(b.lines), [b.footer], size, pad, ease_out_cubic(b.t))
    if view.dialog is not None:
        _paint_dialog(dl, lay, view)
    return frame_hits(view)


def _button(dl: DisplayList, c: ControlView, size: float | None = None) -> None:
    """A control; ``size``: the label's font size shared with the buttons beside it (the turn's pair)."""
    if c.plain:
        button(dl, c.rect, c.label, c.fill, c.hover, c.focus, True, pad=6)
    elif size is None:
        button(dl, c.rect, c.label, c.fill, c.hover, c.focus, c.enabled, c.sub)
    else:
        r = c.rect  # ui.paint.button's frame, with the label at the shared size
        base = c.fill if c.enabled else DISABLED
        lit = c.hover and c.enabled
        radius = min(12.0, r.h / 2)
        edge = "rgba(0,0,0,0.55)" if c.hover else "rgba(0,0,0,0.25)"
        dl.rrect(
            r.x, r.y, r.w, r.h, radius, theme.mix(base, "#ffffff", 0.14) if lit else base, edge, 2 if c.hover else 1
        )
        ink = theme.text_on(base)
        main, sub_text = _label_parts(c)
        _, label = fit_line(main, r.w - 10, size, "bold", size)
        dl.text(r.cx, r.y + r.h * (0.36 if sub_text else 0.5), label, theme.font(size, "bold"), ink)
        if sub_text:
            s2, sub = fit_line(sub_text, r.w - 10, r.h * 0.26, "normal", 8)
            dl.text(r.cx, r.y + r.h * 0.74, sub, theme.font(s2), ink)
        if c.focus:
            focus_ring(dl, r, radius)


TURN_BUTTONS = (("roll",), ("stay",))
_KEY_HINT = re.compile(r"^(.*\S)\s+(\[[^\[\]\s]{1,12}\])$")


def _label_parts(c: ControlView) -> tuple[str, str]:
    """A turn button's label and the line under it: its key hint ("[Space]") goes under the label, so that
    both labels keep a size that reads well instead of shrinking to hold the hint."""
    found = _KEY_HINT.match(c.label)
    if found is None or c.sub:
        return c.label, c.sub or ""
    return found.group(1), found.group(2)


def _turn_size(controls: tuple[ControlView, ...]) -> float | None:
    """One font size for the labels of the turn's buttons side by side (Roll the dice, Stay put): the
    largest at which each fits its button, so that the longer label is not drawn smaller than the other."""
    pair = [c for c in controls if c.target in TURN_BUTTONS]
    if len(pair) < 2:
        return None
    sizes = []
    for c in pair:
        main, sub = _label_parts(c)
        sizes.append(fit_line(main, c.rect.w - 10, c.rect.h * (0.34 if sub else 0.4), "bold", 8)[0])
    return min(sizes)


# --- the board ------------------------------------------------------------------------------------------------
def _clamped(r: Rect, vp: Rect) -> Rect | None:
    x0, y0 = max(r.x, vp.x), max(r.y, vp.y)
    x1, y1 = min(r.right, vp.right), min(r.bottom, vp.bottom)
    if x1 - x0 < 0.5 or y1 - y0 < 0.5:
        return None
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _paint_board(dl: DisplayList, lay: Layout, board: BoardView) -> None:
    vp = lay.board
    dl.rrect(vp.x, vp.y, vp.w, vp.h, 8, TABLE, theme.PANEL_EDGE, 1)
    cam = board.camera
    if cam is None or board.layer is None:
        s, text = fit_line(board.waiting, vp.w - 20, lay.unit * 1.3, "bold", 9)
        dl.text(vp.cx, vp.cy, text, theme.font(s, "bold"), theme.MUTED)
        return
    dl.save()
    dl.clip(vp.x, vp.y, vp.w, vp.h)
    dl.save()
    dl.translate(cam.ox, cam.oy)
    dl.scale(cam.z, cam.z)
    layer = board.layer
    if layer.bare:
        dl.rect(0, 0, cam.world, cam.world, BOARD)  # dealt in this frame: the cells come in the next
    else:
        dl.layer(layer.key, cam.world, cam.world, LAYER_RES, layer.content)
    dl.restore()
    _paint_spent(dl, lay, board.spent, cam)
    if board.targets is not None:
        _paint_targets(dl, lay, board.targets, cam)
    _paint_pawns(dl, lay, board, cam)
    dl.restore()


def _paint_spent(dl: DisplayList, lay: Layout, cells: tuple[tuple[int, int], ...], cam: Camera) -> None:
    """Option bonus_once: the bonus cells that have served the player to move, faded and struck through (a
    shape as well as a colour), so that he sees which ones still serve him."""
    vp = lay.board
    for cell in cells:
        r = _clamped(cam.cell_rect(cell), vp)
        if r is None:
            continue
        dl.rect(r.x, r.y, r.w, r.h, SPENT_VEIL)
        if cam.cell_px >= 6:
            dl.line(r.x + r.w * 0.15, r.bottom - r.h * 0.15, r.right - r.w * 0.15, r.y + r.h * 0.15, SPENT_INK, 1.5)


def _paint_targets(dl: DisplayList, lay: Layout, tv: TargetsView, cam: Camera) -> None:
    vp = lay.board
    mine = tv.mine
    fill = rgba(tv.colour, 0.42 if mine else 0.22)
    edge = theme.readable(tv.colour)
    s = cam.cell_px
    for cell in tv.cells:
        r = _clamped(cam.cell_rect(cell), vp)
        if r is None:
            continue
        if cell == tv.here:
            cx, cy = cam.centre(cell)
            rad = max(7.0, s * 0.5)
            if vp.x <= cx - rad and cx + rad <= vp.right and vp.y <= cy - rad and cy + rad <= vp.bottom:
                dl.circle(cx, cy, rad, None, edge, 2)
            continue
        dl.rect(r.x, r.y, r.w, r.h, fill)
        if s >= 6:  # a shape as well as a colour: a dot in each reachable cell
            cx, cy = cam.centre(cell)
            if vp.contains(cx, cy):
                dl.circle(cx, cy, max(1.5, s * 0.16), edge)
        if cell == tv.hover and mine:
            dl.rrect(r.x, r.y, r.w, r.h, 2, None, edge, 2.5)
    if mine and tv.cursor is not None and tv.cursor in tv.cells:
        r = cam.cell_rect(tv.cursor)
        grow = max(0.0, 7 - r.w / 2)
        clipped = _clamped(Rect(r.x - grow, r.y - grow, r.w + 2 * grow, r.h + 2 * grow), vp.inset(5))
        if clipped is not None:
            focus_ring(dl, clipped, 2)


def _paint_pawns(dl: DisplayList, lay: Layout, board: BoardView, cam: Camera) -> None:
    s = cam.cell_px
    r = max(6.0, min(s * 0.36, 18.0))
    size = max(9.0, min(13.0, s * 0.38))
    w, h = lay.width, lay.height
    spots: dict[tuple[int, int], int] = {}
    for pv in board.pawns:
        x, y = pv.x, pv.y
        key = (round(x), round(y))
        k = spots.get(key, 0)
        spots[key] = k + 1
        cx = cam.ox + (x + 0.5) * s + k * r * 0.9
        cy = cam.oy + (y + 0.5) * s - k * r * 0.35
        label_w = size * (0.62 * len(str(pv.coins)) + 1.5)
        top = cy - r - size * 2.0
        if cx - max(r * 1.6, label_w / 2) < 0 or cx + max(r * 1.6, label_w / 2) > w or top < 0 or cy + r * 1.6 > h:
            continue
        pawn(dl, cx, cy, r, pv.colour, pv.live, 0.0)
        coin_label(dl, cx, cy - r - size * 0.9, size, pv.coins, pv.colour)


def _paint_callouts(dl: DisplayList, lay: Layout, board: BoardView) -> None:
    """Each arrival's callout on a tag above its pawn (below it near the top edge), inside the board's
    viewport even when the pawn is scrolled out of it; several on one cell stack upwards, newest nearest.
    A callout rises and fades in, then fades out."""
    cam = board.camera
    if not board.callouts or cam is None:
        return
    vp = lay.board
    s = cam.cell_px
    r = max(6.0, min(s * 0.36, 18.0))
    label = max(9.0, min(13.0, s * 0.38))  # the purse tag above a pawn (see _paint_pawns)
    size = max(12.0, min(lay.unit * 0.95, 16.0))
    pad = size * 0.5
    h = size * 1.7
    stacks: dict[tuple[int, int], int] = {}
    for c in reversed(board.callouts):  # newest first: nearest the pawn
        k = stacks.get(c.cell, 0)
        stacks[c.cell] = k + 1
        t = c.t
        alpha = clamp(min(t / 0.08, (1 - t) / 0.18))
        rise = (1 - ease_out_cubic(t / 0.12)) * size * 0.6
        cx, cy = cam.centre(c.cell)
        text = c.text
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
        colour = c.colour
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
def _paint_header(dl: DisplayList, lay: Layout, header: str) -> None:
    r = lay.header
    s, text = fit_line(header, r.w, lay.unit * 1.25, "bold", 9)
    dl.text(r.x, r.cy, text, theme.font(s, "bold"), theme.INK, "left")


def _dice_strip(
    dl: DisplayList, x: float, y: float, width: float, tile: float, dice: tuple[tuple[str, ...], ...], edge: str
) -> None:
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


def _paint_players(dl: DisplayList, lay: Layout, players: tuple[PlayerView, ...]) -> None:
    for pv, r in zip(players, lay.players):
        colour = pv.colour
        live = pv.live
        dl.rrect(r.x, r.y, r.w, r.h, 8, theme.PANEL, colour if live else theme.PANEL_EDGE, 2.5 if live else 1)
        pad = 6.0
        name = pv.name
        ink = theme.readable(colour)
        two = r.h >= 44
        line = r.y + (r.h * 0.3 if two else r.h / 2)
        size = min(lay.unit, r.h * (0.32 if two else 0.45))
        dl.circle(r.x + pad + size * 0.4, line, size * 0.38, colour)
        money = str(pv.coins)
        power = pv.power if two else pv.power_short
        if two:
            right = f"{pv.coins_words} · {power}"
            s2, right = fit_line(right, r.w * 0.45, size, "normal", 8)
            dl.text(r.right - pad, line, right, theme.font(s2), theme.INK, "right")
            cw = text_width(right, s2)
            coin(dl, r.right - pad - cw - size * 0.6, line, size * 0.4)
            s, text = fit_line(name, r.w - 2 * pad - size * 1.2 - cw - size * 1.6, size, "bold", 8)
            dl.text(r.x + pad + size, line, text, theme.font(s, "bold"), ink, "left")
            tile = min(r.h * 0.4, 18.0)
            _dice_strip(dl, r.x + pad, r.bottom - pad - tile, r.w - 2 * pad, tile, pv.dice, colour)
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
            _dice_strip(dl, x, line - tile / 2, r.right - pad - x, tile, pv.dice, colour)


def _paint_tray(dl: DisplayList, lay: Layout, tv: TrayView) -> None:
    r = lay.tray
    shown = tv.faces
    if not shown:
        return
    p = tv.player
    colour = tv.colour
    pad = 6.0
    tile = min(r.h - 2 * pad, 44.0, (r.w * 0.6) / len(shown) - 6)
    if tile < 6:
        return
    x = r.x + pad
    y = r.y + (r.h - tile) / 2
    dice = tv.dice
    for i, token in enumerate(shown):
        if token is None:
            die = dice[i] if i < len(dice) else ("1",)
            tumbling_tile(dl, x, y, tile, die, p * 7 + i, tv.tumble, colour)
        else:
            landed_tile(dl, x, y, tile, token, colour, tv.lands[i], tv.faded)
        x += tile + 6
    if tv.text is None:
        return
    box = Rect(x + 4, r.y, r.right - x - 4, r.h)
    if box.w > 30:
        paragraphs(dl, box, [(tv.text, theme.MUTED if tv.faded else theme.INK, True)], lay.unit, centre=True)


def _paint_message(dl: DisplayList, lay: Layout, view: FrameView) -> None:
    r = lay.message
    dl.rrect(r.x, r.y, r.w, r.h, 10, theme.PANEL, theme.PANEL_EDGE, 1)
    inner = r.inset(max(6.0, lay.unit * 0.5))
    size = lay.unit * 0.8
    help_h = size * 1.2 * 2 + 2
    if inner.h > lay.unit * 1.2 * 8 + help_h and view.keys_help is not None:  # room for the keys under the messages
        box = Rect(inner.x, inner.bottom - help_h, inner.w, help_h)
        paragraphs(dl, box, [(view.keys_help, theme.MUTED, False)], size)
        inner = Rect(inner.x, inner.y, inner.w, inner.h - help_h - 4)
    paragraphs(dl, inner, list(view.message), lay.unit * 0.95)


def _row_point(lay: Layout, p: int | None) -> tuple[float, float]:
    if p is None:
        return lay.header.right - 20, lay.header.cy
    r = lay.players[p]
    return r.right - 30, r.y + min(r.h * 0.3, r.h / 2)


def _paint_flights(dl: DisplayList, lay: Layout, view: FrameView) -> None:
    size = lay.unit * 0.5
    for f in view.flights:
        a, b = _row_point(lay, f.src), _row_point(lay, f.dst)
        t = f.t
        shown = min(f.count, 6)
        for j in range(shown):
            e = ease_in_out(clamp(t * 1.4 - j * 0.4 / max(1, shown)))
            if e <= 0 or e >= 1:
                continue
            x = lerp(a[0], b[0], e) - 40 * (1 - (2 * e - 1) ** 2)
            y = lerp(a[1], b[1], e)
            coin(dl, x, y, size)
        if t < 0.9:
            # the amount stays in the row of the player it concerns: "+n" where the coins arrive, "−n" where
            # they leave for the bank (never in a row they only fly across)
            gain = f.dst is not None
            x, y = _row_point(lay, f.dst if gain else f.src)
            dl.text(
                x - 60,
                y,
                f"+{f.count}" if gain else f"−{f.count}",
                theme.font(lay.unit * 1.1, "bold"),
                "#9c7a12",
            )


# --- dialogs ------------------------------------------------------------------------------------------------------
def _paint_dialog(dl: DisplayList, lay: Layout, view: FrameView) -> None:
    d = view.dialog
    assert d is not None
    box, colour = d.box, d.colour
    shade = lay.shade
    dl.rrect(shade.x, shade.y, shade.w, shade.h, 8, "rgba(0,0,0,0.3)")
    dl.save()
    dl.shadow("rgba(0,0,0,0.3)", 16, 0, 4)
    dl.rrect(box.x, box.y, box.w, box.h, 14, theme.PANEL, colour, 2.5)
    dl.restore()
    title_h = lay.row_h * 0.9
    pad = 12.0
    right = d.page
    if right:
        dl.text(box.right - pad, box.y + title_h / 2, right, theme.font(lay.unit), theme.MUTED, "right")
    s, title = fit_line(d.title, box.w - 2 * pad - len(right) * lay.unit * 0.7, lay.unit * 1.2, "bold", 9)
    dl.text(box.x + pad, box.y + title_h / 2, title, theme.font(s, "bold"), theme.readable(colour), "left")
    for c in d.controls:
        _button(dl, c)
