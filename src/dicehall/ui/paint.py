"""Painting helpers shared by canvas scenes: a button with hover and focus, the keyboard focus ring, a line
fitted into a width, wrapped paragraphs fitted into a box, and the end-of-match banner card."""

from __future__ import annotations

from dicehall.ui import theme
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.widgets import fit_line, wrap_text

DISABLED = "#b9b2a6"


def focus_ring(dl: DisplayList, r: Rect, radius: float) -> None:
    """The keyboard focus: a dashed blue frame just outside ``r``."""
    dl.dash([6, 4])
    dl.rrect(r.x - 5, r.y - 5, r.w + 10, r.h + 10, radius + 4, None, theme.FOCUS, 2.5)
    dl.dash([])


def button(
    dl: DisplayList,
    r: Rect,
    label: str,
    fill: str,
    hovered: bool = False,
    focused: bool = False,
    enabled: bool = True,
    sub: str | None = None,
    pad: float = 10.0,
    min_size: float = 8.0,
) -> None:
    """A button; under the pointer it lightens and gains a darker edge. Disabled: greyed. ``sub``: a
    smaller second line (a chance, a reason). The label keeps ``pad`` px clear across and shrinks down to
    ``min_size`` px before it is cut."""
    base = fill if enabled else DISABLED
    shown = theme.mix(base, "#ffffff", 0.14) if hovered and enabled else base
    radius = min(12.0, r.h / 2)
    dl.rrect(
        r.x, r.y, r.w, r.h, radius, shown, "rgba(0,0,0,0.55)" if hovered else "rgba(0,0,0,0.25)", 2 if hovered else 1
    )
    ink = theme.text_on(base)
    if sub:
        s, t = fit_line(label, r.w - pad, r.h * 0.34, "bold", min_size)
        dl.text(r.cx, r.y + r.h * 0.36, t, theme.font(s, "bold"), ink)
        s2, t2 = fit_line(sub, r.w - pad, r.h * 0.26, "normal", min_size)
        dl.text(r.cx, r.y + r.h * 0.74, t2, theme.font(s2), ink)
    else:
        s, t = fit_line(label, r.w - pad, r.h * 0.4, "bold", min_size)
        dl.text(r.cx, r.cy, t, theme.font(s, "bold"), ink)
    if focused:
        focus_ring(dl, r, radius)


def fitted_line(
    dl: DisplayList,
    x: float,
    y: float,
    text: str,
    width: float,
    size: float,
    colour: str,
    weight: str = "normal",
    align: str = "left",
    min_size: float = 8.0,
) -> None:
    """One line at ``x`` (its left, centre or right edge by ``align``), vertically centred on ``y``, fitted
    into ``width``: the font shrinks down to ``min_size``, then the end is cut. Nothing when ``width`` is
    4 px or less (a zone squeezed to nothing on a small screen)."""
    if width <= 4:
        return
    s, shown = fit_line(text, width, size, weight, min_size)
    dl.text(x, y, shown, theme.font(s, weight), colour, align, "middle")


def paragraphs(
    dl: DisplayList,
    r: Rect,
    items: list[tuple[str, str, bool]],
    size: float,
    centre: bool = False,
    min_size: float = 8.0,
) -> None:
    """Wrapped paragraphs (text, colour, bold) fitted into ``r``, top aligned (or centred vertically): the
    font shrinks down to ``min_size``, then the lines that still do not fit are dropped."""
    if not items or r.w <= 0 or r.h <= 0:
        return
    while True:
        # more lines than ``most`` do not fit at this size: the wrapping stops there (a text of any length)
        most, count, blocks = int(r.h / (max(size, 1.0) * 1.2)) + 1, 0, []
        for t, _, b in items:
            block = wrap_text(t, size, r.w, "bold" if b else "normal", max(1, most - count)) if count <= most else []
            blocks.append(block)
            count += len(block)
        height = count * size * 1.2
        if height <= r.h or size <= min_size:
            break
        size = max(min_size, size * 0.9)
    y = r.y + max(0.0, (r.h - height) / 2) if centre else r.y
    for (_, colour, bold), lines in zip(items, blocks):
        for line in lines:
            if y + size * 1.2 > r.bottom + 0.5:
                return
            s, shown = fit_line(line, r.w, size, "bold" if bold else "normal", min_size)
            dl.text(r.x, y + size * 0.6, shown, theme.font(s, "bold" if bold else "normal"), colour, "left", "middle")
            y += size * 1.2


def banner_card(
    dl: DisplayList,
    box: Rect,
    title: str,
    colour: str,
    lines: list[str],
    footer: list[str],
    size: float,
    pad: float,
    alpha: float,
    fill: str = theme.PANEL,
) -> None:
    """The end-of-match banner: a rounded card in ``box`` with a shadow, faded in by ``alpha``, edged in
    ``colour``; the title (bold, in ``colour``), the ``lines`` (ink) and the ``footer`` lines (muted) are
    centred in it ``pad`` px inside its edge, at ``size`` px (smaller when they do not fit)."""
    dl.save()
    dl.alpha(alpha)
    dl.shadow("rgba(0,0,0,0.3)", 16, 0, 4)
    dl.rrect(box.x, box.y, box.w, box.h, 14, fill, colour, 3)
    dl.shadow("rgba(0,0,0,0)", 0)
    items = [(title, colour, True)] + [(line, theme.INK, False) for line in lines]
    items += [(line, theme.MUTED, False) for line in footer]
    paragraphs(dl, box.inset(pad), items, size, centre=True)
    dl.restore()
