"""Colours and fonts shared by every canvas scene (the HTML side uses web/styles.css)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

BACKGROUND = "#f4efe6"
PANEL = "#fffaf1"
PANEL_EDGE = "#d9cdb8"
INK = "#2b2620"
MUTED = "#7a6f60"
GRID_LINE = "#bfb29c"
CELL = "#fbf7ef"
FOCUS = "#1f6feb"

FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
MONO_FAMILY = "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace"
_family = FONT_FAMILY  # the family ``font`` names: FONT_FAMILY but inside ``family``
_fixed: float | None = None  # inside ``family`` with a monospace font: every character's advance, in ems


def font(size: float, weight: str = "normal") -> str:
    """A CSS font at ``size`` px, never below 1 px (a zone squeezed to nothing asks for less)."""
    px = round(size) if size - size == 0 else 1
    return f"{weight} {max(1, px)}px {_family}"


def fixed_advance() -> float | None:
    """Every character's advance in ems when the current family is monospace (``family(..., fixed=…)``),
    else None: ``widgets.text_width`` measures with it."""
    return _fixed


@contextmanager
def family(name: str | None, fixed: float | None = None) -> Iterator[None]:
    """The fonts made inside name the CSS family ``name`` (None: FONT_FAMILY): a scene's font option,
    around its painting. ``fixed``: a monospace family's advance per character, in ems (texts are then
    measured with it)."""
    global _family, _fixed
    old = _family, _fixed
    _family, _fixed = name or FONT_FAMILY, fixed
    try:
        yield
    finally:
        _family, _fixed = old


def text_on(fill: str) -> str:
    """Black or white text, whichever reads better on ``fill`` (a #rrggbb colour)."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 160 else "#ffffff"


def mix(colour: str, other: str, t: float) -> str:
    """Blend two #rrggbb colours: t = 0 gives ``colour``, 1 gives ``other``."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def luma(fill: str) -> float:
    """Perceived brightness of a #rrggbb colour, 0–255."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def readable(colour: str, threshold: float = 150.0) -> str:
    """``colour`` darkened enough to be read as text or a thin line on the light background
    (a yellow player's messages would vanish otherwise)."""
    value = luma(colour)
    if value <= threshold:
        return colour
    return mix(colour, "#000000", min(0.6, (value - threshold) / 255 + 0.3))


def tint(colour: str, t: float) -> str:
    """``colour`` washed towards the panel colour (t = 1 gives the panel)."""
    return mix(colour, PANEL, t)
