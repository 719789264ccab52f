"""Dés & Marchands' move log: the board dealt, a line per roll once its dice have landed (the faces, the
directions and reach, or why no move), per move and what the arrival did (robbery, bonus, tax, merchant,
portal, the end), per merchant trade or leave; the words of the screen (texts ``ev_*``, scene_messages)."""

from __future__ import annotations

from typing import Any

from dicehall.games.marchands import texts as tx
from dicehall.games.marchands.actions import Layout, Roll, Side
from dicehall.games.marchands.scene_messages import banner_lines, callout_text, event_lines
from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "log_layout": ("Le plateau est tiré (disposition {n}).", "The board is dealt (layout {n})."),
        "log_roll": ("{name} lance ses dés.", "{name} rolls the dice."),
    }
)
DETAILED_BONUSES = ("coins", "tax")  # the callout adds the amount to the bonus's line


def entry_lines(ctx: Any, states: Any, log: Any, i: int) -> list[tuple[int, str]]:
    before, after, action = states[i], states[i + 1], log[i].action
    lang = ctx.lang
    ply = i
    out: list[str] = []
    if isinstance(action, Layout):
        out.append(TEXTS.t(lang, "log_layout", n=action.number + 1))
    elif isinstance(action, Roll):
        out.append(TEXTS.t(lang, "log_roll", name=ctx.player_name(before.current)))
    elif isinstance(action, Side):
        ply = i - len(before.rolled)  # the roll's line starts at its first die
    old = before.events
    new = after.events[len(old) :] if after.events[: len(old)] == old else after.events
    for ev in new:
        final, dice = after.pos[ev.player], before.dice[ev.player]
        lines = event_lines(ctx, ev, after.board, final, action, dice)
        if ev.kind == "bonus" and ev.detail in DETAILED_BONUSES and lines:
            lines[-1] = f"{lines[-1]} ({callout_text(ctx, ev, after.board, final, action, dice)})"
        out += lines
    if after.phase == "over" and before.phase != "over":
        out.append(banner_lines(ctx, after)[0])
    return [(ply, text) for text in out]


def heading(ctx: Any, state: Any) -> str:
    limit = state.options.round_limit
    head = tx.t(ctx.lang, "round_of", r=state.round, n=limit) if limit else tx.t(ctx.lang, "round", r=state.round)
    if state.board is None:
        return head
    return f"{head} · {ctx.player_name(state.current)}"
