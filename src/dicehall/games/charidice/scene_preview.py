"""The information box under the dice: the live marking preview (the option, points + bonus, the gift to
the neighbour, or why the selection cannot be marked), the dice chosen to re-roll, and the marking-help
chips. The preview is the key information of the marking phase: it is drawn large (``Layout.text``, at
least 16 px on desktop and 13 px on a phone) and a refusal is red, boxed and marked with a "!" icon."""

from __future__ import annotations

from typing import Any

from dicehall.games.charidice import texts as tx
from dicehall.games.charidice.scene_layout import Layout
from dicehall.games.charidice.scene_messages import best_selections, preview_lines, result_text
from dicehall.games.charidice.scene_view import ChipView, Para, Speaker
from dicehall.games.charidice.scoring import DIFFERENT, SAME, analyse
from dicehall.ui import theme
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.widgets import fit_line, text_width, wrap_text

BAD = "#b3261e"
BAD_FILL = "#fbe3e0"
LEADING = 1.25

__all__ = ["BAD", "Para", "chips", "help_rects", "paint_info", "paragraphs"]


def help_rects(sc: Speaker, lay: Layout) -> dict[str, Rect]:
    """The two marking-help chips (best selection of each option), when the setting is on."""
    helps = sc.help_selections()
    if not helps or lay.chips is None:
        return {}
    r = lay.chips
    w = (r.w - 8) / 2
    out = {}
    for j, option in enumerate((SAME, DIFFERENT)):
        if helps.get(option) is not None:
            out[option] = Rect(r.x + j * (w + 8), r.y, w, r.h)
    return out


def text_box(lay: Layout) -> Rect:
    """Where the paragraphs go: the box inset, above the chips' row."""
    pad = max(4.0, lay.text * 0.4)
    inner = lay.info.inset(pad)
    if lay.chips is not None:
        inner = Rect(inner.x, inner.y, inner.w, lay.chips.y - pad * 0.5 - inner.y)
    return inner


def paragraphs(sc: Speaker, st: Any, width: float = 1e9) -> list[Para]:
    """What the box says now (``width``: the box's, to keep a refusal's headline on one line)."""
    lang = sc.lang
    if sc.human_active() and st.phase == "mark":
        selection = sc.selection()
        lines, valid = preview_lines(sc, st, selection)
        if not selection and not valid:  # nothing chosen yet: what to do, not an error
            return [Para(tx.t(lang, "problem_empty"), theme.INK, True)]
        if valid:
            return [
                Para(lines[0], theme.INK, True),
                Para(lines[1], theme.readable(sc.colours[st.active]), True, 1.2),
                Para(lines[2], theme.INK),
            ]
        head = f"{lines[0]} — {tx.t(lang, 'invalid')}"
        if text_width(head, sc.layout().text, "bold") > width:
            head = lines[0]  # narrow: the red box and its icon say it
        return [Para(head, BAD, True), Para(lines[1], BAD, True, alert=True), Para(lines[2], theme.MUTED)]
    keys = [] if sc.touch else [Para(tx.t(lang, "keys_help"), theme.MUTED, False, 0.85, spare=True)]  # keyboard only
    if sc.human_active() and st.phase == "roll" and st.rolls > 0:
        sel = sc.selection()
        sep = ": " if lang == "en" else " : "
        text = (
            tx.t(lang, "reroll", n=len(sel)) + sep + ", ".join(f"D{i + 1}" for i in sel)
            if sel
            else tx.t(lang, "reroll_none")
        )
        return [Para(text, theme.INK, True), *worth(sc, st), *keys]
    return [*worth(sc, st), *keys]


def worth(sc: Speaker, st: Any) -> list[Para]:
    """While no marking is being chosen here: what the dice on the table are worth (the best marking of each
    option, with the marking help on), or the last turn's result, so that the box is never left empty."""
    lang = sc.lang
    if st.phase in ("roll", "mark") and st.rolls > 0 and not sc.in_air() and sc.settings.get("marking_help"):
        best = best_selections(st)
        # the head is spare: the lines under it say what they are worth on their own
        out = [Para(tx.t(lang, "worth_head", name=sc.player_name(st.active)), theme.INK, True, spare=True)]
        for option, key in ((SAME, "help_same"), (DIFFERENT, "help_diff")):
            dice = best.get(option)
            if dice is not None:
                dice_text = " ".join(f"D{i + 1}" for i in dice)
                out.append(Para(f"{tx.t(lang, key, n=analyse(st.dice, dice).total)} ({dice_text})", theme.INK))
        if len(out) > 1:
            return out
    if st.last is not None and st.phase != "over":
        return [Para(result_text(sc, st.last), theme.MUTED)]
    return []


def _set(items: list[Para], r: Rect, size: float) -> list[tuple[Para, float, list[str], float]]:
    """(paragraph, font size, lines, indent) at base ``size``."""
    out = []
    for p in items:
        s = size * p.scale
        indent = s * 1.5 if p.alert else 0.0
        out.append((p, s, wrap_text(p.text, s, r.w - indent - (s * 0.4 if p.alert else 0), _w(p)), indent))
    return out


def _w(p: Para) -> str:
    return "bold" if p.bold else "normal"


def _height(blocks: list[tuple[Para, float, list[str], float]]) -> float:
    return sum(len(lines) * s * LEADING + (s * 0.3 if p.alert else 0) for p, s, lines, _ in blocks)


def layout_paragraphs(
    items: list[Para], r: Rect, size: float, floor: float
) -> list[tuple[Para, float, list[str], float]]:
    """Wrap the paragraphs at ``size``, shrinking (not below ``floor``) until they fit ``r``'s height; when
    they do not fit even at ``floor``, leave out the spare paragraphs, the last first, and try again."""
    while True:
        at = size
        blocks = _set(items, r, at)
        while _height(blocks) > r.h and at > floor:
            at = max(floor, at * 0.94)
            blocks = _set(items, r, at)
        spares = [i for i, p in enumerate(items) if p.spare]
        if _height(blocks) <= r.h or not spares:
            return blocks
        items = items[: spares[-1]] + items[spares[-1] + 1 :]


def chips(sc: Speaker, lay: Layout, st: Any, hover: Any) -> tuple[ChipView, ...]:
    """The marking-help chips as drawn (``hover``: the target under the pointer)."""
    selections = sc.help_selections() or {}
    out = []
    for option, hr in help_rects(sc, lay).items():
        dice = selections[option]
        assert dice is not None
        m = analyse(st.dice, dice)
        key = "help_same" if option == SAME else "help_diff"
        head, dice_text = tx.t(sc.lang, key, n=m.total), " ".join(f"D{i + 1}" for i in dice)
        fill = theme.tint(sc.colours[st.active], 0.75) if hover == ("help", option) else theme.CELL
        out.append(ChipView(option, hr, head, dice_text, fill))
    return tuple(out)


def paint_info(dl: DisplayList, lay: Layout, paras: tuple[Para, ...], chip_views: tuple[ChipView, ...]) -> None:
    """The information box: its paragraphs ``paras`` (``paragraphs``) and the help chips."""
    r = lay.info
    dl.rrect(r.x, r.y, r.w, r.h, 8, theme.PANEL, theme.PANEL_EDGE, 1)
    inner = text_box(lay)
    floor = 16.0 if lay.text >= 16 else 13.0
    blocks = layout_paragraphs(list(paras), inner, lay.text, floor)
    y = inner.y
    for p, s, lines, indent in blocks:
        h = len(lines) * s * LEADING
        extra = s * 0.3 if p.alert else 0.0
        if y + h + extra > inner.bottom + 0.5:
            lines = lines[: max(0, int((inner.bottom + 0.5 - y - extra) // (s * LEADING)))]
            if not lines:
                break
            h = len(lines) * s * LEADING
        if p.alert:
            dl.rrect(inner.x, y, inner.w, h + extra, min(8.0, s * 0.5), BAD_FILL, BAD, 1.5)
            _alert_icon(dl, inner.x + s * 0.85, y + extra / 2 + s * LEADING / 2, s * 0.55)
            y += extra / 2
        for line in lines:
            dl.text(inner.x + indent, y + s * LEADING / 2, line, theme.font(s, _w(p)), p.colour, "left", "middle")
            y += s * LEADING
        y += extra / 2 + (s * 0.15 if p.alert else 0)
    for chip in chip_views:
        _paint_chip(dl, lay, chip)


def _alert_icon(dl: DisplayList, cx: float, cy: float, r: float) -> None:
    """A red disc with a white "!" (drawn, not a glyph)."""
    dl.circle(cx, cy, r, BAD)
    w = max(1.5, r * 0.28)
    dl.line(cx, cy - r * 0.55, cx, cy + r * 0.1, "#ffffff", w)
    dl.circle(cx, cy + r * 0.5, w * 0.6, "#ffffff")


def _paint_chip(dl: DisplayList, lay: Layout, chip: ChipView) -> None:
    hr, head, dice_text = chip.rect, chip.head, chip.dice
    dl.rrect(hr.x, hr.y, hr.w, hr.h, min(hr.h / 2, 14.0), chip.fill, theme.GRID_LINE, 1)
    size = min(hr.h * 0.45, lay.text * 0.95)
    label = f"{head}  {dice_text}"
    if text_width(label, size) <= hr.w - 12 or hr.h < size * 2.4:
        s, t = fit_line(label, hr.w - 12, size, "normal", 9)
        dl.text(hr.cx, hr.cy, t, theme.font(s), theme.INK)
        return
    size = min(size, hr.h / 2.5)  # two lines: the points, then the dice
    for k, line in enumerate((head, dice_text)):
        s, t = fit_line(line, hr.w - 12, size, "bold" if k == 0 else "normal", 9)
        dl.text(hr.cx, hr.cy + (k - 0.5) * size * 1.15, t, theme.font(s, "bold" if k == 0 else "normal"), theme.INK)
