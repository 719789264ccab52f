"""The dice-event viewer (menu "Événements de dés…"): a modal card showing one event at a time — its
symbol and name, family, gain type and formula, and the gain of a copy for each of the 36 rolls — with
buttons to browse the 26 events. Browsing stops at the first and last event (their buttons grey out).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from dicehall.games.paradice.board import EVENTS, GAINS
from dicehall.games.paradice.scene_icons import paint_event_icon
from dicehall.games.paradice.scene_stats import palette_colours
from dicehall.games.paradice.spec import JACKPOT_COLOUR
from dicehall.games.paradice.texts_stats import (
    TEXTS,
    event_family,
    event_formula,
    event_gain_type,
    event_name,
    number,
)
from dicehall.ui import theme
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.paint import button, fitted_line
from dicehall.ui.widgets import draw_die, fit_line, text_width

LAST = len(EVENTS) - 1
ACCENT = JACKPOT_COLOUR
BUTTON = "#5d4a8a"
_line = partial(fitted_line, min_size=6.0)  # the card's lines may shrink that far: its gain cells are small


def _group(index: int) -> tuple[str, bool]:
    """Events are listed by kind (variable results, counts, parity, then fixed sums, products, ...):
    PageUp / PageDown jump between these groups."""
    e = EVENTS[index]
    return (e.family, True) if e.fixed else (e.family_group, False)


GROUP_STARTS: tuple[int, ...] = tuple(i for i in range(len(EVENTS)) if i == 0 or _group(i) != _group(i - 1))


@dataclass(frozen=True, slots=True)
class ViewerHits:
    """Where the viewer's card, close button and browsing buttons (each with the event it goes to) are."""

    card: Rect
    close: Rect
    buttons: tuple[tuple[Rect, int], ...]


class EventViewer:
    """One event on a card; ``remember`` keeps where ``paint_viewer`` drew its buttons, for ``on_pointer``."""

    def __init__(self, index: int = 0) -> None:
        self.index = min(LAST, max(0, index))
        self._card: Rect | None = None
        self._close: Rect | None = None
        self._buttons: list[tuple[Rect, int]] = []

    # --- browsing ----------------------------------------------------------------------------------
    def go(self, index: int) -> None:
        self.index = min(LAST, max(0, index))

    def _page(self, forward: bool) -> int:
        if forward:
            return next((s for s in GROUP_STARTS if s > self.index), LAST)
        return max((s for s in GROUP_STARTS if s < self.index), default=0)

    def on_key(self, key: str) -> str | None:
        """ArrowLeft / ArrowRight: previous / next; Home / End: first / last; PageUp / PageDown: the
        previous / next group of events; Escape or Enter: "close"."""
        if key in ("Escape", "Enter"):
            return "close"
        moves = {"ArrowLeft": self.index - 1, "ArrowRight": self.index + 1, "Home": 0, "End": LAST}
        if key in moves:
            self.go(moves[key])
        elif key in ("PageUp", "PageDown"):
            self.go(self._page(key == "PageDown"))
        return None

    def on_pointer(self, px: float, py: float) -> str | None:
        """ "close" on the close button or outside the card; a browsing button moves; else None."""
        if self._card is None:
            return None
        if not self._card.contains(px, py) or (self._close is not None and self._close.contains(px, py)):
            return "close"
        for rect, target in self._buttons:
            if rect.contains(px, py) and target != self.index:
                self.go(target)
        return None

    def remember(self, hits: ViewerHits) -> None:
        """The card as drawn last (``paint_viewer``'s regions), for ``on_pointer``."""
        self._card, self._close, self._buttons = hits.card, hits.close, list(hits.buttons)

    # --- drawing -------------------------------------------------------------------------------------
    def paint(self, dl: DisplayList, x: float, y: float, w: float, h: float, palette: Any, lang: str) -> None:
        """Draw the card (``paint_viewer``) and remember where its buttons are."""
        self.remember(paint_viewer(dl, self.index, x, y, w, h, palette, lang))


def paint_viewer(
    dl: DisplayList, index: int, x: float, y: float, w: float, h: float, palette: Any, lang: str
) -> ViewerHits:
    """Event ``index``'s card centred in (x, y, w, h) over a dimmed backdrop: the header, the event's name and
    rows, the browsing buttons, and the gains grid in what is left between them; returns its regions."""
    return _Card(index).paint(dl, x, y, w, h, palette, lang)


class _Card:
    """The painting of one card (its regions collected while it is drawn)."""

    def __init__(self, index: int) -> None:
        self.index = index
        self._close: Rect | None = None
        self._buttons: list[tuple[Rect, int]] = []

    def paint(self, dl: DisplayList, x: float, y: float, w: float, h: float, palette: Any, lang: str) -> ViewerHits:
        panel, ink, muted, _ = palette_colours(palette)
        dl.rect(x, y, w, h, "rgba(0,0,0,0.35)")
        cw = min(w - 12, 540.0)
        ch = min(h - 12, cw * 1.3)
        card = Rect(x + (w - cw) / 2, y + (h - ch) / 2, cw, ch)
        u = min(16.0, max(8.0, min(cw / 30, ch / 36)))
        pad = u * 0.9
        dl.save()
        dl.shadow("rgba(0,0,0,0.3)", 16, 0, 4)
        dl.rrect(card.x, card.y, card.w, card.h, 14, panel, ACCENT, 2)
        dl.shadow("rgba(0,0,0,0)", 0)
        dl.restore()
        close = self._paint_header(dl, card, u, pad, panel, ink, muted, lang)
        rows_bottom = self._paint_event(dl, card, close.bottom + u * 0.5, u, pad, ink, muted, lang)
        buttons_top = self._paint_buttons(dl, card, u, pad, lang)
        _paint_gains(
            dl, self.index, card, rows_bottom - u * 0.2, buttons_top - u * 0.6, u, pad, panel, ink, muted, lang
        )
        return ViewerHits(card, close, tuple(self._buttons))

    def _paint_header(
        self, dl: DisplayList, card: Rect, u: float, pad: float, panel: str, ink: str, muted: str, lang: str
    ) -> Rect:
        """The viewer's title and position, and the close button (returned)."""
        close = Rect(card.right - pad - u * 1.8, card.y + pad, u * 1.8, u * 1.8)
        self._close = close
        dl.circle(close.cx, close.cy, close.w / 2, theme.mix(panel, ink, 0.08), muted, 1)
        k = close.w * 0.2
        dl.line(close.cx - k, close.cy - k, close.cx + k, close.cy + k, ink, max(1.5, u * 0.14))
        dl.line(close.cx - k, close.cy + k, close.cx + k, close.cy - k, ink, max(1.5, u * 0.14))
        heading = TEXTS.t(lang, "viewer_title") + " — " + TEXTS.t(lang, "position", n=self.index + 1, total=len(EVENTS))
        _line(dl, card.x + pad, close.cy, heading, close.x - card.x - 2 * pad, u * 0.85, muted, "normal")
        return close

    def _paint_event(
        self, dl: DisplayList, card: Rect, top: float, u: float, pad: float, ink: str, muted: str, lang: str
    ) -> float:
        """The event's icon and name from ``top``, then its family, gain type and formula (labels in a
        column, values after them); returns the y below the last row."""
        icon = u * 3.2
        dl.rrect(card.x + pad, top, icon, icon, icon * 0.18, "#ffffff", ACCENT, 1.5)
        paint_event_icon(dl, self.index, card.x + pad + icon / 2, top + icon / 2, icon * 0.92, ink)
        name_x = card.x + pad + icon + u * 0.8
        name = event_name(lang, self.index)
        _line(dl, name_x, top + icon / 2, name, card.right - pad - name_x, u * 1.5, ink, "bold")
        i = self.index
        rows = (
            ("family_label", event_family(lang, i)),
            ("gain_label", event_gain_type(lang, i)),
            ("formula_label", event_formula(lang, i)),
        )
        inner_w = card.w - 2 * pad
        label_w = min(inner_w * 0.45, max(text_width(TEXTS.t(lang, key), u) for key, _ in rows) + u * 0.6)
        ry = top + icon + u * 0.9
        for key, value in rows:
            _line(dl, card.x + pad, ry, TEXTS.t(lang, key), label_w - 4, u, muted, "normal")
            _line(dl, card.x + pad + label_w, ry, value, inner_w - label_w, u, ink, "bold")
            ry += u * 1.5
        return ry

    def _paint_buttons(self, dl: DisplayList, card: Rect, u: float, pad: float, lang: str) -> float:
        """First, previous, next and last along the card's bottom (remembered for ``on_pointer``); returns
        their top."""
        bh = u * 2.3
        by = card.bottom - pad - bh
        gap = u * 0.5
        bw = (card.w - 2 * pad - 3 * gap) / 4
        self._buttons = []
        targets = (("first", 0), ("previous", self.index - 1), ("next", self.index + 1), ("last", LAST))
        for i, (key, target) in enumerate(targets):
            r = Rect(card.x + pad + i * (bw + gap), by, bw, bh)
            enabled = 0 <= target <= LAST and target != self.index
            button(dl, r, TEXTS.t(lang, key), BUTTON, enabled=enabled, pad=8, min_size=7)
            self._buttons.append((r, min(LAST, max(0, target))))
        return by


def _paint_gains(
    dl: DisplayList,
    index: int,
    card: Rect,
    top: float,
    bottom: float,
    u: float,
    pad: float,
    panel: str,
    ink: str,
    muted: str,
    lang: str,
) -> None:
    """Event ``index``'s gain for each roll between ``top`` and ``bottom``: die 1 down, die 2 across, each
    cell tinted by its share of the best gain. Left out when there is no room for it."""
    axis = u * 1.1
    side = min(card.w - 2 * pad - axis, bottom - top - axis)
    if side < 40:
        return
    cell = side / 7
    gx = card.x + (card.w - side - axis) / 2 + axis
    gy = top + axis
    _line(
        dl,
        gx + cell + (side - cell) / 2,
        top + axis / 2,
        TEXTS.t(lang, "die_2"),
        side - cell,
        u * 0.8,
        muted,
        "bold",
        "center",
    )
    dl.save()
    dl.translate(gx - axis / 2, gy + cell + (side - cell) / 2)
    dl.rotate(-1.5707963)
    # Rotated text: measured against the grid's height, so it stays within the card.
    s, shown = fit_line(TEXTS.t(lang, "die_1"), side - cell, u * 0.8, "bold", 6)
    dl.text(0, 0, shown, theme.font(s, "bold"), muted)
    dl.restore()
    gains = GAINS[index]
    top_gain = max(gains) or 1
    blank = theme.mix(panel, ink, 0.04)
    die = cell * 0.6
    off = (cell - die) / 2
    for i in range(6):
        draw_die(dl, gx + (i + 1) * cell + off, gy + off, die, i + 1, "#ffffff")
        draw_die(dl, gx + off, gy + (i + 1) * cell + off, die, i + 1, "#ffffff")
    text_size = min(u * 0.9, cell * 0.34)
    for a in range(6):
        for b in range(6):
            gain = gains[a * 6 + b]
            cx, cy = gx + (b + 1) * cell, gy + (a + 1) * cell
            fill = theme.mix("#ffffff", ACCENT, 0.1 + 0.45 * gain / top_gain) if gain else blank
            dl.rect(cx + 1, cy + 1, cell - 2, cell - 2, fill)
            colour = theme.text_on(fill) if gain else theme.mix(panel, muted, 0.55)
            _line(
                dl,
                cx + cell / 2,
                cy + cell / 2,
                number(lang, gain),
                cell - 4,
                text_size,
                colour,
                "bold" if gain else "normal",
                "center",
            )
