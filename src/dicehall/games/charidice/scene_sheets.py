"""The score sheets, as on the paper pad: per player 7 rounds × 4 columns (marked, bonus, received,
given), the column totals, the grande donation box ("2×", ticked with its round), the generosity bonus
and the total (counted up), and the rank once the game is over."""

from __future__ import annotations

from dataclasses import dataclass

from dicehall.games.charidice import texts as tx
from dicehall.games.charidice.options import ROUNDS
from dicehall.ui import theme
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.widgets import fit_line, text_width

UNITS = 13.8  # in row heights: band 1.4, header, 7 rounds, sum, 2×, generosity, total 1.4
_COLS = ("col_marked", "col_bonus", "col_received", "col_given")


@dataclass(frozen=True, slots=True)
class SheetView:
    player: int
    name: str
    colour: str
    computer: bool
    active: bool
    receiver: bool  # the active player's left neighbour (receives the gift, may claim)
    rows: tuple  # rules.Row per round
    current_round: int | None
    donation_round: int | None
    claimed_now: bool
    totals: tuple[int, int, int, int]
    generosity: int | None  # None while the game goes on
    total: int  # shown (counted up)
    rank: int | None


def paint_sheet(dl: DisplayList, r: Rect, v: SheetView, lang: str) -> None:
    rh = r.h / UNITS
    colour = theme.readable(v.colour)
    fs = max(8.0, min(rh * 0.58, r.w / 11))
    dl.rrect(
        r.x,
        r.y,
        r.w,
        r.h,
        min(10.0, rh * 0.4),
        theme.PANEL,
        colour if v.active else theme.PANEL_EDGE,
        3 if v.active else 1,
    )
    # the band: name, computer mark, rank
    band = Rect(r.x, r.y, r.w, rh * 1.4)
    dl.rrect(band.x + 2, band.y + 2, band.w - 4, band.h - 2, min(8.0, rh * 0.35), v.colour)
    ink = theme.text_on(v.colour)
    label = v.name + (f" · {tx.t(lang, 'computer')}" if v.computer else "")
    if v.rank is not None:
        label = f"{tx.rank_label(lang, v.rank)} {label}"
    size, text = fit_line(label, band.w - rh * 0.8, min(rh * 0.72, 16), "bold", 8)
    dl.text(band.x + rh * 0.4, band.cy + 1, text, theme.font(size, "bold"), ink, "left")
    # the grid
    lab_w = r.w * 0.12
    col_w = (r.w - lab_w - 6) / 4
    x0 = r.x + 3 + lab_w
    y = band.bottom
    full = all(text_width(tx.t(lang, key), 8) <= col_w - 2 for key in _COLS)
    # too narrow for the words: their abbreviations (Dés, Bon, Reç, Don), which still say what each holds
    heads = [tx.t(lang, key if full else key + "_short") for key in _COLS]
    hs = min(fit_line(head, col_w - 2, fs * 0.9, "normal", 7)[0] for head in heads)
    for i, head in enumerate(heads):
        s, t = fit_line(head, col_w - 2, hs, "normal", 7)
        dl.text(x0 + col_w * (i + 0.5), y + rh / 2, t, theme.font(s), theme.MUTED)
    y += rh
    for rnd in range(ROUNDS):
        row = v.rows[rnd]
        current = v.current_round == rnd + 1
        if current:
            dl.rect(r.x + 3, y, r.w - 6, rh, theme.tint(v.colour, 0.82))
        dl.line(r.x + 3, y, r.right - 3, y, theme.GRID_LINE, 0.8)
        dl.text(r.x + 3 + lab_w / 2, y + rh / 2, str(rnd + 1), theme.font(fs * 0.85), theme.MUTED)
        for i, value in enumerate((row.marked, row.bonus, row.received, row.given)):
            if value is not None:
                dl.text(x0 + col_w * (i + 0.5), y + rh / 2, str(value), theme.font(fs), theme.INK)
        y += rh
    for i in range(5):
        x = x0 + col_w * i
        dl.line(x, band.bottom + rh, x, y, theme.GRID_LINE, 0.8)
    dl.line(r.x + 3, y, r.right - 3, y, theme.INK, 1.2)
    dl.text(r.x + 3 + lab_w / 2, y + rh / 2, tx.t(lang, "sum"), theme.font(fs, "bold"), theme.MUTED)
    for i, value in enumerate(v.totals):
        s, t = fit_line(str(value), col_w - 2, fs, "bold", 7)
        dl.text(x0 + col_w * (i + 0.5), y + rh / 2, t, theme.font(s, "bold"), theme.INK)
    y += rh
    _paint_donation(dl, Rect(r.x + 4, y, r.w - 8, rh), v, fs, lang)
    y += rh
    if v.generosity is not None:
        s, t = fit_line(f"{tx.t(lang, 'generosity')} +{v.generosity}", r.w - 10, fs * 0.9, "normal", 7)
        dl.text(r.x + 6, y + rh / 2, t, theme.font(s), theme.INK if v.generosity else theme.MUTED, "left")
    y += rh
    total = Rect(r.x + 3, y + 1, r.w - 6, min(rh * 1.4, r.bottom - y - 3))
    dl.rrect(total.x, total.y, total.w, total.h, min(6.0, rh * 0.3), theme.tint(v.colour, 0.75))
    s, t = fit_line(tx.t(lang, "total"), total.w * 0.5, fs, "normal", 7)
    dl.text(total.x + 5, total.cy, t, theme.font(s), theme.INK, "left")
    dl.text(total.right - 5, total.cy, str(v.total), theme.font(min(total.h * 0.7, fs * 1.35), "bold"), colour, "right")


def _paint_donation(dl: DisplayList, r: Rect, v: SheetView, fs: float, lang: str) -> None:
    box = max(0.0, min(r.h - 4, fs * 1.7))  # a sheet squeezed to nothing has no box
    bx, by = r.x + 2, r.cy - box / 2
    ticked = v.donation_round is not None or v.claimed_now
    fill = theme.tint(v.colour, 0.6) if ticked else theme.CELL
    dl.rrect(bx, by, box * 1.4, box, 3, fill, theme.INK if ticked else theme.GRID_LINE, 1.5 if ticked else 1)
    dl.text(bx + box * 0.7, r.cy, "2×", theme.font(box * 0.55, "bold"), theme.INK if ticked else theme.MUTED)
    if ticked:  # a tick beside the box
        x, y = bx + box * 1.55, r.cy
        dl.line(x, y, x + box * 0.2, y + box * 0.25, theme.INK, 2)
        dl.line(x + box * 0.2, y + box * 0.25, x + box * 0.55, y - box * 0.3, theme.INK, 2)
    if v.claimed_now:
        text = tx.t(lang, "donation_now")
    elif v.donation_round is not None:
        text = tx.t(lang, "donation_used", r=v.donation_round)
    else:
        text = tx.t(lang, "donation_free")
    left = bx + box * (2.2 if ticked else 1.6)
    weight = "bold" if v.claimed_now else "normal"
    s, t = fit_line(text.removeprefix("2× "), r.right - left, fs * 0.85, weight, 7)
    dl.text(
        left,
        r.cy,
        t,
        theme.font(s, "bold" if v.claimed_now else "normal"),
        theme.INK if ticked else theme.MUTED,
        "left",
    )


def paint_tab(dl: DisplayList, r: Rect, name: str, colour: str, total: int, lang: str) -> None:
    """The tab that swaps the fourth sheet in (four players on a narrow screen)."""
    dl.rrect(r.x, r.y, r.w, r.h, min(8.0, r.h / 3), theme.tint(colour, 0.8), theme.readable(colour), 1.5)
    s, t = fit_line(f"{tx.t(lang, 'other_sheet', name=name)}  ({total})", r.w - 16, r.h * 0.45, "bold", 8)
    dl.text(r.cx, r.cy, t, theme.font(s, "bold"), theme.INK)
