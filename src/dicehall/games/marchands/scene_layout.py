"""Where everything goes on the Dés & Marchands screen, computed from the canvas size (CSS pixels).

Landscape (desktops): the board's viewport on the left, a column on the right with the round line, the
players (name, coins, power, dice), the messages and the turn's buttons. Portrait (phones) stacks: the
round line, the board, the players, the messages and the buttons. The zoom buttons sit in a strip of
their own just above the board, right-aligned with it, so that they never cover a cell. Dialogs (bonus,
merchant) are boxes centred on the board's column (on the whole screen on phones).
"""

from __future__ import annotations

from dataclasses import dataclass

from dicehall.ui.geometry import Rect


@dataclass(frozen=True, slots=True)
class Layout:
    width: float
    height: float
    portrait: bool
    unit: float  # base font size
    header: Rect
    board: Rect  # the viewport of the zoomable board
    zoom: tuple[Rect, Rect, Rect]  # zoom in, zoom out, fit (in the strip above the board, never over it)
    players: tuple[Rect, ...]  # one row per seat
    tray: Rect  # the current player's dice, large (tumbling, landed)
    message: Rect
    buttons: tuple[Rect, Rect]  # roll / stay
    dialog: Rect  # the largest dialog box
    shade: Rect  # what a dialog dims (the board and its zoom strip on desktops, the whole screen on phones)
    row_h: float  # a dialog row


def compute_layout(width: float, height: float, players: int) -> Layout:
    w, h = max(width, 300.0), max(height, 360.0)
    if w >= h * 1.15 and w >= 700:
        return _landscape(w, h, players)
    return _portrait(w, h, players)


ZOOM_GAP = 6.0  # between two zoom buttons, and between the zoom strip and the board


def _zoom(right: float, y: float, size: float) -> tuple[Rect, Rect, Rect]:
    """The zoom buttons (in, out, fit) in a row ending at ``right``, their top at ``y``."""
    gap = ZOOM_GAP
    x = right - size
    fit_w = size * 1.9
    return (
        Rect(x, y, size, size),
        Rect(x - gap - size, y, size, size),
        Rect(x - 2 * gap - size - fit_w, y, fit_w, size),
    )


def _dialog(area: Rect, pad: float, row_h: float) -> Rect:
    dw = min(area.w - 2 * pad, 560.0)
    dh = min(area.h - 2 * pad, row_h * 14)
    return Rect(area.x + (area.w - dw) / 2, area.y + (area.h - dh) / 2, dw, dh)


def _landscape(w: float, h: float, players: int) -> Layout:
    pad = max(10.0, min(w, h) * 0.015)
    unit = max(12.0, min(16.0, h / 48, w / 75))
    side = min(440.0, max(330.0, w * 0.33))
    zoom_size = 40.0
    top = pad + zoom_size + ZOOM_GAP  # the zoom strip above the board
    board = Rect(pad, top, w - side - 3 * pad, h - pad - top)
    x = board.right + pad
    gap = max(6.0, unit * 0.5)
    header = Rect(x, pad, side, unit * 2.0)
    y = header.bottom + gap * 0.5
    row = max(unit * 3.4, 46.0)
    rows = []
    for _ in range(players):
        rows.append(Rect(x, y, side, row))
        y += row + gap * 0.5
    tray = Rect(x, y + gap * 0.5, side, max(40.0, unit * 3.2))
    bh = max(44.0, min(52.0, unit * 3.2))
    buttons_y = h - pad - bh
    half = (side - gap) / 2
    buttons = (Rect(x, buttons_y, half, bh), Rect(x + half + gap, buttons_y, half, bh))
    y = tray.bottom + gap
    message = Rect(x, y, side, max(unit * 4, buttons_y - gap - y))
    row_h = max(46.0, unit * 3.3)
    zoom = _zoom(board.right, pad, zoom_size)
    column = Rect(pad, pad, board.w, h - 2 * pad)  # the board and its zoom strip: dialogs use it all
    return Layout(
        w,
        h,
        False,
        unit,
        header,
        board,
        zoom,
        tuple(rows),
        tray,
        message,
        buttons,
        _dialog(column, pad, row_h),
        column,
        row_h,
    )


def _portrait(w: float, h: float, players: int) -> Layout:
    pad = max(6.0, min(w, h) * 0.016)
    unit = max(11.0, min(15.0, w / 28, h / 56))
    gap = max(5.0, unit * 0.4)
    cw = w - 2 * pad
    header = Rect(pad, pad, cw, unit * 1.8)
    row = max(30.0, unit * 2.4)
    bh = 44.0
    tray_h = max(34.0, unit * 2.6)
    message_min = unit * 1.2 * 4.5
    zoom_size = 40.0  # a fingertip
    zoom_y = header.bottom + gap * 0.5  # the zoom strip between the round line and the board
    strip = zoom_size + ZOOM_GAP - gap * 0.5
    fixed = header.h + strip + players * (row + gap * 0.4) + tray_h + message_min + bh + 6 * gap + 2 * pad
    board_side = max(min(cw, h - fixed), min(cw, h * 0.3))
    y = zoom_y + zoom_size + ZOOM_GAP
    board = Rect(pad, y, cw, board_side)
    y = board.bottom + gap
    rows = []
    for _ in range(players):
        rows.append(Rect(pad, y, cw, row))
        y += row + gap * 0.4
    tray = Rect(pad, y + gap * 0.4, cw, tray_h)
    buttons_y = h - pad - bh
    half = (cw - gap) / 2
    buttons = (Rect(pad, buttons_y, half, bh), Rect(pad + half + gap, buttons_y, half, bh))
    y = tray.bottom + gap
    message = Rect(pad, y, cw, max(unit * 2.5, buttons_y - gap - y))
    zoom = _zoom(board.right, zoom_y, zoom_size)
    return Layout(
        w,
        h,
        True,
        unit,
        header,
        board,
        zoom,
        tuple(rows),
        tray,
        message,
        buttons,
        _dialog(Rect(0, 0, w, h), pad, 48.0),
        Rect(0, 0, w, h),
        48.0,
    )
