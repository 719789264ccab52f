"""Where everything goes on the Charidice screen, computed from the canvas size (CSS pixels).

Portrait (phones) stacks: messages, the six dice in a row, the marking preview, the action buttons,
the claim row, then the score sheets side by side. Landscape puts the play column on the left and the
sheets on the right. With four players and no room for four sheets (a small phone), three are shown (the
active player and his two neighbours) and a tab swaps the fourth in.
"""

from __future__ import annotations

from dataclasses import dataclass

from dicehall.ui.geometry import Rect

MIN_SHEET_W = 150.0  # a sheet this wide has its columns' words; a wide screen makes room for it
TAB_BELOW = 85.0  # below this width per sheet (a small phone), four players show three sheets and a tab


@dataclass(frozen=True, slots=True)
class Layout:
    width: float
    height: float
    portrait: bool
    unit: float  # base font size
    message: Rect  # prompt and the last turn's result
    tray: Rect  # the dice area
    dice: tuple[Rect, ...]  # six dice
    die: float
    info: Rect  # the marking preview
    buttons: tuple[Rect, Rect]  # primary (roll / mark), secondary (stop)
    claim: Rect  # the grande donation button or its status line
    play: Rect  # the whole play column (the end banner covers it)
    sheets_area: Rect
    sheets: tuple[Rect, ...]  # one per visible sheet
    tab: Rect | None  # four players, three sheets: the tab to swap the fourth in
    text: float = 13.0  # the marking preview's font size (its key line is a little larger)
    chips: Rect | None = None  # the marking-help chips' row at the bottom of ``info`` (setting on)

    def die_at(self, x: float, y: float) -> int | None:
        for i, r in enumerate(self.dice):
            # a generous hit box: the gap around a die counts as the die
            if r.inset(-self.die * 0.08).contains(x, y):
                return i
        return None


def compute_layout(width: float, height: float, players: int, help: bool = False) -> Layout:
    """The layout of a ``width`` × ``height`` canvas; ``help``: room for the marking-help chips."""
    w, h = max(width, 280.0), max(height, 320.0)
    if w >= h * 1.15 and w >= 640:
        return _landscape(w, h, players, help)
    return _portrait(w, h, players, help)


PREVIEW_LINES = 3.9  # option, points (larger), gift; a refusal's box
WRAP_LINES = 1.8  # narrow columns: the gift line and a refusal wrap


def _column(
    x: float, y: float, cw: float, avail_h: float, unit: float, die_cap: float, text: float, help: bool, touch: bool
) -> dict:
    """The play column's zones from top ``y`` in width ``cw`` and (at most) height ``avail_h``.

    The dice, the buttons and the claim row have fixed sizes; the preview gets room for its lines (and
    the help chips), and what is left goes to the messages (the prompt and the last turn's result)."""
    gap = max(6.0, unit * 0.55)
    die = min((cw / (6 + 5 * 0.2)), die_cap)
    tray_h = die * 1.62  # the die, its raise and its label under it
    bh = max(44.0, min(56.0, unit * 3.2))
    pad = max(4.0, text * 0.4)
    lines = PREVIEW_LINES + (WRAP_LINES if cw < 480 else 0.0)
    chip_h = (44.0 if touch else max(34.0, unit * 2.1)) if help else 0.0
    want_info = 2 * pad + lines * text * 1.25 + (chip_h + pad if help else 0.0)
    msg_min, msg_max = unit * 3.6, unit * (4.3 if touch else 6.6)  # phones: the rest goes to the sheets
    spare = avail_h - (tray_h + 2 * bh + 4 * gap)
    info_h = max(min(want_info, spare - msg_min), unit * 4.9)
    msg_h = max(msg_min, min(msg_max, spare - info_h))
    message = Rect(x, y, cw, msg_h)
    y += msg_h + gap
    dgap = die * 0.2
    row_w = 6 * die + 5 * dgap
    x0 = x + (cw - row_w) / 2
    top = y + die * 0.18  # room for a raised die
    dice = tuple(Rect(x0 + i * (die + dgap), top, die, die) for i in range(6))
    tray = Rect(x, y, cw, tray_h)
    y += tray_h + gap
    info = Rect(x, y, cw, info_h)
    chips = None
    if help:
        ch = min(chip_h, info_h * 0.4)
        chips = Rect(x + pad, info.bottom - pad - ch, cw - 2 * pad, ch)
    y += info_h + gap
    bw = (cw - gap) / 2
    buttons = (Rect(x, y, bw, bh), Rect(x + bw + gap, y, bw, bh))
    y += bh + gap
    claim = Rect(x, y, cw, bh)
    y += bh
    return {
        "message": message,
        "dice": dice,
        "die": die,
        "tray": tray,
        "info": info,
        "buttons": buttons,
        "claim": claim,
        "bottom": y,
        "gap": gap,
        "chips": chips,
    }


def _sheets(area: Rect, players: int, gap: float, tab_h: float = 0.0) -> tuple[tuple[Rect, ...], Rect | None]:
    n = players
    tab = None
    if players == 4 and (area.w - 3 * gap) / 4 < TAB_BELOW:
        n = 3
        th = tab_h or max(30.0, min(40.0, area.h * 0.08))
        tab = Rect(area.x, area.bottom - th, area.w, th)
        area = Rect(area.x, area.y, area.w, area.h - th - gap * 0.6)
    sw = (area.w - (n - 1) * gap) / n
    sh = min(area.h, max(sw * 2.8, 260.0))
    sheets = tuple(Rect(area.x + i * (sw + gap), area.y, sw, sh) for i in range(n))
    if tab is not None:
        tab = Rect(tab.x, min(tab.y, area.y + sh + gap * 0.6), tab.w, tab.h)
    return sheets, tab


def _portrait(w: float, h: float, players: int, help: bool) -> Layout:
    pad = max(6.0, min(w, h) * 0.02)
    unit = max(11.0, min(15.0, w / 30, h / 48))
    text = max(13.0, unit * 1.05)
    cw = w - 2 * pad
    die_cap = min(88.0, max(48.0, h * 0.1))
    # the column takes what it needs; the sheets keep at least about 40 % of the height
    col = _column(pad, pad, cw, h * 0.6, unit, die_cap, text, help, True)
    top = col["bottom"] + col["gap"]
    area = Rect(pad, top, cw, h - pad - top)
    sheets, tab = _sheets(area, players, max(4.0, pad * 0.8), 44.0)  # a tap target
    play = Rect(pad, pad, cw, col["bottom"] - pad)
    return Layout(
        w,
        h,
        True,
        unit,
        col["message"],
        col["tray"],
        col["dice"],
        col["die"],
        col["info"],
        col["buttons"],
        col["claim"],
        play,
        area,
        sheets,
        tab,
        text,
        col["chips"],
    )


def _landscape(w: float, h: float, players: int, help: bool) -> Layout:
    pad = max(10.0, min(w, h) * 0.025)
    unit = max(12.0, min(17.0, h / 44, w / 70))
    text = max(16.0 if h >= 600 else 13.0, unit * 1.05)
    # at least room for six dice of 44 px; wider (bigger dice) when the sheets can spare it
    sheets_need = players * MIN_SHEET_W * 1.15 + (players - 1) * pad * 0.8
    cw = min(max(w * 0.44, 320.0, min(w * 0.5, w - 3 * pad - sheets_need)), 640.0)
    # sheets narrower than their words: the play column gives up width for them, down to 360 px (dice of
    # about 50 px), so that four sheets stand side by side on a desktop with the move log open
    spare = w - 3 * pad - (players * MIN_SHEET_W + (players - 1) * pad * 0.8)
    if spare < cw:
        cw = max(spare, min(cw, 360.0), 320.0)
    die_cap = min(96.0, max(48.0, h * 0.12))
    avail = h - 2 * pad
    col = _column(pad, pad, cw, avail, unit, die_cap, text, help, False)
    used = col["bottom"] - pad
    shift = max(0.0, (avail - used) * 0.35)  # centre the column a little
    col = _column(pad, pad + shift, cw, avail, unit, die_cap, text, help, False)
    area = Rect(pad * 2 + cw, pad, w - 3 * pad - cw, h - 2 * pad)
    sheets, tab = _sheets(area, players, pad * 0.8)
    play = Rect(pad, pad + shift, cw, col["bottom"] - pad - shift)
    return Layout(
        w,
        h,
        False,
        unit,
        col["message"],
        col["tray"],
        col["dice"],
        col["die"],
        col["info"],
        col["buttons"],
        col["claim"],
        play,
        area,
        sheets,
        tab,
        text,
        col["chips"],
    )
