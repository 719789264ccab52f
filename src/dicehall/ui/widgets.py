"""Reusable canvas pieces: dice faces and buttons."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.theme import fixed_advance, font, text_on

# Pip positions on a unit square, per face.
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def draw_die(
    dl: DisplayList,
    x: float,
    y: float,
    size: float,
    face: int | None,
    fill: str,
    edge: str | None = None,
    pips: str | None = None,
    notch: str | None = None,
) -> None:
    """A die seen from above: rounded square with pips (or a blank face when ``face`` is None).

    ``notch`` ("left" | "right") cuts a small triangle in that top corner: an owner mark that does not
    rely on colour alone.
    """
    pip_colour = pips or text_on(fill)
    dl.rrect(x, y, size, size, size * 0.18, fill, edge or "rgba(0,0,0,0.35)", max(1.0, size / 28))
    if face in _PIPS:
        r = size * 0.085
        for px, py in _PIPS[face]:
            dl.circle(x + px * size, y + py * size, r, pip_colour)
    if notch is not None and size >= 10:
        d, k = size * 0.09, size * 0.15
        if notch == "left":
            dl.poly([(x + d, y + d), (x + d + k, y + d), (x + d, y + d + k)], pip_colour)
        else:
            right = x + size - d
            dl.poly([(right, y + d), (right - k, y + d), (right, y + d + k)], pip_colour)


# Character advances in ems, measured on DejaVu Sans (the widest of the usual UI fonts: Segoe UI, SF and
# Roboto are narrower), so estimated widths err on the generous side. Python has no measureText.
_ADVANCE = {" ": 0.32, "m": 0.97, "w": 0.82, "M": 0.86, "W": 0.99, "…": 1.0, "—": 1.0, "%": 0.95, "@": 1.0}
_ADVANCE.update(dict.fromkeys("il.,:;'!|I", 0.3))
_ADVANCE.update(dict.fromkeys("ftjr()[]", 0.4))
_BOLD = 1.12
_NARROWEST = min(_ADVANCE.values())  # no character is narrower than this, in ems


def max_chars(max_width: float, size: float, weight: str = "normal") -> int:
    """More characters than this never fit ``max_width`` at ``size`` px (every one is at least
    ``_NARROWEST`` em wide): what to cut a text to before measuring it."""
    narrowest = _NARROWEST * max(size, 0.5) * 1.03 * (_BOLD if weight == "bold" else 1.0)
    return max(1, int(max(0.0, max_width) / narrowest) + 2)


def text_width(text: str, size: float, weight: str = "normal") -> float:
    """An estimate of the width of ``text`` drawn at ``size`` px (slightly generous)."""
    fixed = fixed_advance()
    if fixed is not None:  # a monospace font (theme.family): every character alike
        return len(text) * fixed * size * 1.03 * (_BOLD if weight == "bold" else 1.0)
    units = 0.0
    for ch in text:
        a = _ADVANCE.get(ch)
        if a is None:
            a = 0.64 if ch.isdigit() else 0.72 if ch.isupper() else 0.6
        units += a
    return units * size * 1.03 * (_BOLD if weight == "bold" else 1.0)


def wrap_text(
    text: str, size: float, max_width: float, weight: str = "normal", max_lines: int | None = None
) -> list[str]:
    """Break ``text`` into lines that fit ``max_width`` (estimated), at spaces; long words stay whole, but a
    word many times too long to fit even at a quarter of ``size`` (a pathological name) is cut short with
    "…" so that measuring it stays cheap (``fit_line`` cuts it to the width when it is drawn). With
    ``max_lines``, the wrapping stops after that many lines plus one holding the rest's start and "…" (for
    a caller that cannot show more): the cost stays bounded for a text of any length."""
    lines: list[str] = []
    cap = max_chars(max_width, size / 4, weight)
    space = text_width(" ", size, weight)
    for paragraph in _split(text, "\n"):
        line, width = "", 0.0  # the line so far and its width (widths add up: each word is measured once)
        for word in _split(paragraph, " "):
            if len(word) > cap:
                word = word[:cap] + "…"
            word_width = text_width(word, size, weight)
            if line and width + space + word_width > max_width:
                lines.append(line)
                line, width = word, word_width
                if max_lines is not None and len(lines) >= max_lines:
                    return lines + [line + " …"]
            elif line:
                line, width = f"{line} {word}", width + space + word_width
            else:
                line, width = word, word_width
        lines.append(line)
        if max_lines is not None and len(lines) > max_lines:
            return lines
    return lines


def _split(text: str, sep: str) -> Iterator[str]:
    """``text.split(sep)`` one piece at a time: a caller that stops early has not cut the whole text."""
    start = 0
    while True:
        end = text.find(sep, start)
        if end < 0:
            yield text[start:]
            return
        yield text[start:end]
        start = end + len(sep)


def fit_text(
    text: str,
    max_width: float,
    max_height: float,
    size: float,
    weight: str = "normal",
    min_size: float = 9.0,
    line_height: float = 1.25,
) -> tuple[float, list[str]]:
    """The largest font size (from ``size`` down to ``min_size``) at which the wrapped text fits the box.
    Lines past what the box could hold at ``min_size`` are not wrapped (see ``wrap_text``'s ``max_lines``)."""
    most = max_height / (max(min(size, min_size), 1.0) * line_height)
    max_lines = int(most) + 1 if most < 1e6 else None
    while True:
        lines = wrap_text(text, size, max_width, weight, max_lines)
        widest = max(text_width(line, size, weight) for line in lines)
        if (len(lines) * size * line_height <= max_height and widest <= max_width) or size <= min_size:
            return size, lines
        size = max(min_size, size * 0.9)


@dataclass(slots=True)
class Button:
    """A canvas button. ``enabled`` greys it out; ``hit`` tells whether a pointer is on it."""

    rect: Rect
    label: str
    enabled: bool = True

    def hit(self, x: float, y: float) -> bool:
        return self.enabled and self.rect.contains(x, y)

    def draw(self, dl: DisplayList, fill: str, focused: bool = False) -> None:
        r = self.rect
        colour = fill if self.enabled else "#b9b2a6"
        dl.rrect(r.x, r.y, r.w, r.h, min(12, r.h / 2), colour, "rgba(0,0,0,0.25)", 1)
        if focused:
            dl.rrect(r.x - 3, r.y - 3, r.w + 6, r.h + 6, min(14, r.h / 2 + 3), None, "#1f6feb", 2)
        dl.text(r.cx, r.cy, self.label, font(r.h * 0.42, "bold"), text_on(colour))


def fit_line(
    text: str, max_width: float, size: float, weight: str = "normal", min_size: float = 9.0
) -> tuple[float, str]:
    """One line in ``max_width``: shrink the font down to ``min_size``, then cut the end with "…".

    The cut is found by a binary search on its length, and no more characters are ever measured than
    could fit in ``max_width`` at the smaller of ``size`` and ``min_size``: a line of any length costs a
    few dozen measurements of short strings.
    """
    cap = max_chars(max_width, min(size, min_size), weight)
    if len(text) > cap:  # does not fit even at the smallest size: cut it at that size
        return min_size, _cut(text, max_width, min_size, weight, cap)
    width = text_width(text, size, weight)
    if width <= max_width:
        return size, text
    if width > 0:
        size = max(min_size, size * max_width / width * 0.98)
    if len(text) > 1 and text_width(text, size, weight) > max_width:
        text = _cut(text, max_width, size, weight, len(text) - 2)
    return size, text


def _cut(text: str, max_width: float, size: float, weight: str, longest: int) -> str:
    """The longest ``text[:k].rstrip() + "…"`` with ``k <= longest`` that fits ``max_width`` (just "…" when
    none does): a binary search on ``k``, the width growing with ``k``."""
    lo, hi = 0, max(0, min(longest, len(text)))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + "…", size, weight) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"
