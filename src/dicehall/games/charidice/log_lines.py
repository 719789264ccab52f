"""Charidice's move log: a line per roll and re-roll, per throw once its dice have landed (the six dice,
as the screen reader hears them), per stop, per marking (points and gift) and per claim of the grande
donation; the words of the screen (texts ``ann_*``, scene_messages)."""

from __future__ import annotations

from typing import Any

from dicehall.games.charidice import texts as tx
from dicehall.games.charidice.actions import Claim, Face, Mark, Roll, Stop
from dicehall.games.charidice.rules import ROUNDS
from dicehall.games.charidice.scene_messages import banner_lines, claim_text, result_text
from dicehall.ui.i18n import Texts
from dicehall.ui.move_log import chance_run_start

TEXTS = Texts(
    {
        "log_roll_all": ("{name} lance les six dés.", "{name} rolls the six dice."),
    }
)


def entry_lines(ctx: Any, states: Any, log: Any, i: int) -> list[tuple[int, str]]:
    before, after, action = states[i], states[i + 1], log[i].action
    lang = ctx.lang
    name = ctx.player_name(before.active)
    if isinstance(action, Roll):
        if before.rolls == 0:
            return [(i, TEXTS.t(lang, "log_roll_all", name=name))]
        dice = ", ".join(f"D{d + 1}" for d in action.dice)
        return [(i, tx.t(lang, "ann_reroll", name=name, dice=dice))]
    if isinstance(action, Face):
        if after.pending:
            return []  # told once the last die of the throw has landed
        words = tx.die_words(lang, after.dice, tuple(range(6)))
        return [(chance_run_start(log, i), tx.t(lang, "ann_dice", name=name, dice=words))]
    if isinstance(action, Stop):
        return [(i, tx.t(lang, "ann_stop", name=name))]
    if isinstance(action, Claim):
        return [(i, claim_text(ctx, before))]
    if isinstance(action, Mark):
        out = [(i, result_text(ctx, after.last))]
        if after.phase == "over":
            out.append((i, banner_lines(ctx, after)[0]))
        return out
    return []


def heading(ctx: Any, state: Any) -> str:
    return f"{tx.t(ctx.lang, 'round', r=state.round, n=ROUNDS)} · {ctx.player_name(state.active)}"
