"""Painting the Indecix screen: the parts that only change with the position (built once per state and
size, then replayed) and the small pieces drawn every frame (dice, stars, messages)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.games.indecix import texts as tx
from dicehall.games.indecix.scene_layout import Layout, PanelLayout, panel_layout
from dicehall.ui import theme
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.widgets import draw_die, fit_line, text_width, wrap_text

NOTCH = ("left", "right")


@dataclass(frozen=True, slots=True)
class Info:
    """What the screen reads from one state, computed once per state."""

    cats: tuple[dict[str, int], dict[str, int]]
    background: dict[tuple[int, int], int]  # cell -> creator of the intact suite shown behind it
    legal: tuple[tuple[int, int], ...]
    previews: dict[tuple[int, int], tuple[int, bool]]  # cell -> (capture points, completes a line)
    kinds: tuple[tuple[bool, bool], tuple[bool, bool]]  # per player: (an intact mixed suite, a clean one)
    counts: tuple[tuple[int, int, int], tuple[int, int, int]]  # per player: to play, captured, not played


def state_info(state: Any) -> Info:
    background: dict[tuple[int, int], int] = {}
    kinds = [[False, False], [False, False]]
    for suite in sorted(state.suites, key=lambda s: s.line != "col"):  # rows last: a row's colour wins
        for cell in suite.cells:
            background[cell] = suite.creator
        kinds[suite.creator][1 if suite.clean else 0] = True
    legal = state.legal_cells() if state.phase == "place" else ()
    previews = {}
    for cell in legal:
        points, _ = state.capture_preview(cell)
        previews[cell] = (points, points == 0 and state.completes_line(cell))
    counts = tuple((state.dice_left(p), len(state.captured[p]), len(state.unplayed[p])) for p in (0, 1))
    return Info(
        (state.category_scores(0), state.category_scores(1)),
        background,
        legal,
        previews,
        ((kinds[0][0], kinds[0][1]), (kinds[1][0], kinds[1][1])),
        counts,  # type: ignore[arg-type]
    )


def panels_for(layout: Layout, info: Info, master: bool) -> tuple[PanelLayout, PanelLayout]:
    """Both players' dice, at the same size."""
    cap = min(44.0, layout.cell * 0.62)
    for _ in range(2):
        left = panel_layout(layout.panels[0], info.counts[0], master, not layout.portrait, cap)
        right = panel_layout(layout.panels[1], info.counts[1], master, False, cap)
        if left.die == right.die:
            break
        cap = min(left.die, right.die)
    return left, right


# --- the static layer ------------------------------------------------------------------------------------


def paint_static(
    dl: DisplayList,
    layout: Layout,
    state: Any,
    info: Info,
    panels: tuple[PanelLayout, PanelLayout],
    colours: tuple[str, ...],
    names: tuple[str, str],
    lang: str,
    show_legal: bool,
    show_scores: bool,
    hidden: frozenset[tuple[int, int]],
    flying: tuple[int, int],
) -> None:
    dl.clear(theme.BACKGROUND)
    _paint_board(dl, layout, state, info, colours, show_legal, show_scores, hidden)
    master = state.options.mode == "master"
    for p in (0, 1):
        _paint_panel(dl, panels[p], state, info, p, colours, lang, master, flying[p], layout.portrait)
    # the current player's side is lit; names under the scores, the turn counter, the suite labels
    if state.phase != "over":
        mover = state.mover
        r, n = layout.scores[mover], layout.names[mover]
        dl.rrect(
            r.x,
            r.y,
            r.w,
            n.bottom - r.y + layout.unit * 0.2,
            layout.unit * 0.6,
            theme.tint(colours[mover], 0.85),
            theme.readable(colours[mover]),
            1.5,
        )
    for p in (0, 1):
        r = layout.names[p]
        size, name = fit_line(names[p], r.w, layout.unit * 1.05, "bold")
        dl.text(r.cx, r.cy, name, theme.font(size, "bold"), theme.INK)
        for kind, star in zip(("mixed", "clean"), layout.stars[p]):
            dl.text(
                star.cx,
                star.bottom + layout.unit * 0.55,
                tx.t(lang, kind),
                theme.font(layout.unit * 0.72),
                theme.MUTED,
            )
    turn = layout.turn
    dl.text(turn.cx, turn.cy, tx.t(lang, "turn", t=state.turn), theme.font(layout.unit * 1.25, "bold"), theme.INK)


def _paint_board(dl, layout, state, info, colours, show_legal, show_scores, hidden) -> None:
    b, g, c = layout.board, layout.grid, layout.cell
    dl.shadow("rgba(60,40,10,0.18)", 10, 0, 3)
    dl.rrect(b.x, b.y, b.w, b.h, b.w * 0.025, theme.PANEL, theme.PANEL_EDGE, 1)
    dl.shadow("rgba(0,0,0,0)", 0)
    label = theme.font(max(9.0, (g.x - b.x) * 0.55))
    for i in range(6):
        dl.text(g.x + (i + 0.5) * c, (b.y + g.y) / 2, "ABCDEF"[i], label, theme.MUTED)
        dl.text((b.x + g.x) / 2, g.y + (i + 0.5) * c, str(i + 1), label, theme.MUTED)
    inset = c * 0.04
    for y in range(6):
        for x in range(6):
            r = layout.cell_rect(x, y)
            owner = info.background.get((x, y))
            fill = theme.tint(colours[owner], 0.35) if owner is not None else theme.CELL
            dl.rrect(r.x + inset, r.y + inset, r.w - 2 * inset, r.h - 2 * inset, c * 0.1, fill, theme.GRID_LINE, 1)
    mover = state.mover
    last = state.last
    for y in range(6):
        for x in range(6):
            content = state.cell(x, y)
            if content is None or (x, y) in hidden:
                continue
            owner, face = content
            d = layout.die_rect(x, y)
            draw_die(dl, d.x, d.y, d.w, face, colours[owner], notch=NOTCH[owner])
    if last is not None and last.cell is not None and last.cell not in hidden:
        d = layout.die_rect(*last.cell).inset(-c * 0.07)
        dl.rrect(d.x, d.y, d.w, d.h, d.w * 0.2, None, theme.readable(colours[last.player]), max(1.5, c * 0.04))
    if show_legal and info.legal:
        colour = colours[mover]
        edge = theme.readable(colour)
        wash = theme.tint(colour, 0.86)
        for cell in info.legal:
            r = layout.cell_rect(*cell).inset(c * 0.09)
            dl.rrect(r.x, r.y, r.w, r.h, c * 0.12, wash, edge, max(1.5, c * 0.035))
            if not show_scores:
                continue
            points, star = info.previews[cell]
            if points > 0:
                dl.text(r.cx, r.cy, str(points), theme.font(c * 0.36, "bold"), edge)
            elif star:
                dl.star(r.cx, r.cy, c * 0.26, colour, edge if edge != colour else "rgba(0,0,0,0.35)", 1.2)


def _paint_panel(dl, pl: PanelLayout, state, info: Info, p: int, colours, lang, master, flying, portrait) -> None:
    counts = info.counts[p]
    cats = info.cats[p]
    right_aligned = p == 0 and not portrait
    align = "right" if right_aligned else "left"
    heads = (
        tx.t(lang, "to_play", n=counts[0]),
        tx.t(lang, "captured_panel", n=counts[1], pts=tx.count(lang, "pt", cats["captures"])),
        tx.t(lang, "unplayed_panel", n=counts[2], pts=tx.count(lang, "pt", cats["unplayed"])),
    )
    size = min([pl.font] + [pl.headers[0].w / max(1.0, text_width(h, 1.0, "bold")) for h in heads])
    font = theme.font(size, "bold")
    for head, r in zip(heads, pl.headers):
        dl.text(r.right if right_aligned else r.x, r.cy, head, font, theme.INK, align)
    s = pl.die
    colour = colours[p]
    # still to play
    if master and pl.compact:
        tokens = state.tokens_left(p) or (0,) * 6
        for i, slot in enumerate(pl.slots[0]):
            if tokens[i]:
                draw_die(dl, slot.x, slot.y, s, i + 1, colour, notch=NOTCH[p])
                bx, by, br = slot.x + s * 0.8, slot.y + s * 0.8, s * 0.27
                dl.circle(bx, by, br, theme.INK, theme.PANEL, 1)
                dl.text(bx, by, str(tokens[i]), theme.font(br * 1.3, "bold"), "#ffffff")
            else:
                dl.rrect(slot.x, slot.y, s, s, s * 0.18, None, theme.PANEL_EDGE, 1)
    elif master:
        tokens = state.tokens_left(p) or (0,) * 6
        for i, slot in enumerate(pl.slots[0]):
            row, col = divmod(i, 6)
            if row >= 3 - tokens[col]:  # used tokens go first, in die-number order
                draw_die(dl, slot.x, slot.y, s, col + 1, colour, notch=NOTCH[p])
            else:
                dl.rrect(slot.x, slot.y, s, s, s * 0.18, None, theme.PANEL_EDGE, 1)
    else:
        for slot in pl.slots[0]:
            draw_die(dl, slot.x, slot.y, s, None, colour, notch=NOTCH[p])
    # captured (in their original colours) and not played (the opponent's dice)
    captured = state.captured[p]
    shown = len(captured) - flying
    for i, (owner, face) in enumerate(captured[:shown]):
        slot = pl.slots[1][i]
        draw_die(dl, slot.x, slot.y, s, face, colours[owner], notch=NOTCH[owner])
    for i, (owner, face) in enumerate(state.unplayed[p]):
        slot = pl.slots[2][i]
        draw_die(dl, slot.x, slot.y, s, face, colours[owner], notch=NOTCH[owner])
    for group, empty in ((1, not captured), (2, not state.unplayed[p])):
        if empty:  # a dash under the header says "none" rather than leaving a hole
            r = pl.headers[group]
            dl.text(
                r.right if right_aligned else r.x, r.bottom + s * 0.55, "—", theme.font(pl.font), theme.MUTED, align
            )


# --- per-frame pieces ------------------------------------------------------------------------------------


def paint_message(
    dl: DisplayList, box: Rect, lines: list[tuple[str, str, bool]], unit: float, right: bool, cache: dict
) -> None:
    """``lines``: (text, colour, bold) paragraphs, top to bottom, fitted into ``box``."""
    if not lines:
        return
    key = (box, tuple(lines), unit)
    fitted = cache.get(key)
    if fitted is None:
        if len(cache) > 64:
            cache.clear()
        size = unit * 1.05
        most = int(box.h / (9 * 1.25)) + 1  # no more lines fit, even at the smallest size (a huge name)
        while True:
            out = []
            height = 0.0
            for text, colour, bold in lines:
                wrapped = wrap_text(text, size, box.w, "bold" if bold else "normal", most)
                out.append((wrapped, colour, bold))
                height += len(wrapped) * size * 1.25 + size * 0.35
            if height <= box.h or size <= 9:
                break
            size *= 0.9
        fitted = (size, out)
        cache[key] = fitted
    size, paragraphs = fitted
    y = box.y
    x = box.right if right else box.x
    align = "right" if right else "left"
    for wrapped, colour, bold in paragraphs:
        f = theme.font(size, "bold" if bold else "normal")
        for line in wrapped:
            dl.text(x, y, line, f, colour, align, "top")
            y += size * 1.25
        y += size * 0.35


def paint_star_indicator(
    dl: DisplayList, r: Rect, colour: str, total: int, active: bool, lit: bool, unit: float
) -> None:
    """A suite indicator: the star (grey for mixed, the player's colour for clean) and the kind's total."""
    cx, cy, rad = r.cx, r.cy, r.w / 2
    if active:
        dl.save()
        dl.alpha(1.0 if lit else 0.3)
        dl.star(cx, cy, rad, colour, "rgba(0,0,0,0.45)", 1)
        dl.restore()
    else:
        dl.star(cx, cy, rad, None, theme.GRID_LINE, 1.5)
    dl.text(
        cx,
        cy + rad * 0.12,
        str(total),
        theme.font(rad * 0.62, "bold"),
        theme.text_on(colour) if active and lit else theme.MUTED,
    )
