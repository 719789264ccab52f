"""Paradice's move log: a line per roll (the dice, then what the roll did: payments, bis repetita,
tirelire, ladder, relance, jackpot, purchase offers), per direction chosen at a crossing, per purchase,
refusal and sale, per elimination; the words of the message zone (scene_messages.event_lines)."""

from __future__ import annotations

from typing import Any

from dicehall.games.paradice import texts as tx
from dicehall.games.paradice.actions import Go
from dicehall.games.paradice.scene_messages import banner_lines, event_lines
from dicehall.games.paradice.scene_steps import beats_of
from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "log_go": ("{name} prend la direction {dir}.", "{name} goes {dir}."),
    }
)


def entry_lines(ctx: Any, states: Any, log: Any, i: int) -> list[tuple[int, str]]:
    before, after, action = states[i], states[i + 1], log[i].action
    lang = ctx.lang
    out: list[str] = []
    if isinstance(action, Go):
        out.append(
            TEXTS.t(lang, "log_go", name=ctx.player_name(before.current), dir=tx.direction(lang, action.direction))
        )
    beats = beats_of(before, after, action)
    tirelire = any(b.event is not None and b.event.kind == "pay" and b.event.tirelire for b in beats)
    for beat in beats:
        if beat.event is None or beat.kind == "jump" or (beat.kind == "landed" and tirelire):
            continue  # a jump is told by its ladder; a tirelire that took the gains has nothing more to say
        out.extend(event_lines(ctx, beat.event, after))
    if after.phase == "over" and before.phase != "over":
        out.append(banner_lines(ctx)[0])
    return [(i, text) for text in out]


def heading(ctx: Any, state: Any) -> str:
    limit = state.options.round_limit
    if limit:
        return tx.t(ctx.lang, "round_of", r=state.round, n=limit)
    return tx.t(ctx.lang, "round", r=state.round)
