"""Indecix's move log: a line per die rolled (Blitz) or token chosen (Master), per placement with what it
captured and the runs it formed, per die that could not be placed; the words of the screen (texts
``ann_*``, scene_messages)."""

from __future__ import annotations

from typing import Any

from dicehall.games.indecix import texts as tx
from dicehall.games.indecix.actions import Choose, Face, Pass, Place
from dicehall.games.indecix.scene_messages import banner_text, result_text


def default_name(lang: str, seat: int) -> str:
    return tx.t(lang, "left" if seat == 0 else "right")


def entry_lines(ctx: Any, states: Any, log: Any, i: int) -> list[tuple[int, str]]:
    before, after, action = states[i], states[i + 1], log[i].action
    lang = ctx.lang
    p = before.mover
    name = ctx.player_name(p)
    out: list[str] = []
    if isinstance(action, Face):
        out.append(tx.t(lang, "ann_roll", name=name, f=action.face))
    elif isinstance(action, Choose):
        out.append(tx.t(lang, "ann_choose", name=name, f=action.face))
    elif isinstance(action, Place):
        last = after.last
        out.append(tx.t(lang, "ann_place", name=name, f=last.face, cell=tx.cell_name(last.cell)))
        if last.captured:
            out.append(result_text(ctx, last, p, for_screen=False))
        if last.suites_formed:
            out.append(tx.t(lang, "suite_one" if len(last.suites_formed) == 1 else "suite_two"))
    elif isinstance(action, Pass):
        out.append(tx.t(lang, "ann_pass", name=name, f=before.die or 0))
    if after.phase == "over" and before.phase != "over":
        out.append(banner_text(ctx, after))
    return [(i, text) for text in out]


def heading(ctx: Any, state: Any) -> str:
    return f"{tx.t(ctx.lang, 'turn_label')} {state.turn}/36 · {ctx.player_name(state.mover)}"
