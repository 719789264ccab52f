"""Le Roudalon's move log: a line per stake, pass and throw (alone or in an alliance), per throw's dice
once landed and what they did (a hit, over, short), per proposal and answer, per throw-off round, per void
party and per party's end; the words of the screen (texts ``ev_*``, scene_messages)."""

from __future__ import annotations

from typing import Any

from dicehall.games.roudalon import texts as tx
from dicehall.games.roudalon.actions import Accept, Close, Face, Pass, Propose, Refuse, Stake, Throw
from dicehall.games.roudalon.scene_messages import (
    banner_lines,
    event_text,
    header_text,
    party_text,
    throw_text,
    throwoff_lines,
)

ANSWERS = {Accept: "ev_accept", Refuse: "ev_refuse", Close: "ev_close"}


def entry_lines(ctx: Any, states: Any, log: Any, i: int) -> list[tuple[int, str]]:
    before, after, action = states[i], states[i + 1], log[i].action
    lang = ctx.lang
    by = log[i].by
    name = ctx.player_name(by) if isinstance(by, int) else ""
    out: list[tuple[int, str]] = []
    if isinstance(action, Face):
        out += _face_lines(ctx, before, after, action.face, i)
    elif isinstance(action, Stake):
        out.append((i, tx.t(lang, "ev_stake", name=name, n=action.amount, pot=before.pot + action.amount)))
    elif isinstance(action, Pass):
        out.append((i, tx.t(lang, "ev_pass", name=name)))
    elif isinstance(action, Throw):
        out.append((i, tx.t(lang, "ev_throw", name=name, dice=tx.dice(lang, action.dice))))
    elif isinstance(action, Propose):
        out.append((i, tx.t(lang, "ev_propose", name=name, to=ctx.player_name(after.asked))))
    elif type(action) in ANSWERS:
        out.append((i, tx.t(lang, ANSWERS[type(action)], name=name)))
    if after.party != before.party or (after.phase == "over" and before.phase != "over"):
        ply = out[0][0] if out else i
        if after.last is not None and after.last.kind == "void":  # 40 rounds, or a dead party: why
            out.append((ply, event_text(ctx, after.last)))
        out.append((ply, party_text(ctx, before.party, after.standings[-1])))
        if after.phase == "over":
            out.append((ply, banner_lines(ctx, after)[0]))
    return out


def _face_lines(ctx: Any, before: Any, after: Any, face: int, i: int) -> list[tuple[int, str]]:
    if before.phase == "throwoff":
        if len(after.off_rounds) == len(before.off_rounds) and after.phase == "throwoff":
            return []  # told once the round's last die has landed
        start = i - len(before.offs)
        lines = throwoff_lines(ctx, after)
        out = [(start, lines[-1])] if lines else []
        if after.phase != "throwoff":
            out.append(
                (start, tx.t(ctx.lang, "throwoff_result", name=ctx.player_name(after.starter), n=after.last.amount))
            )
        return out
    seat, faces = before.throws[-1]
    if before.pending > 1:
        return []  # told once the throw's last die has landed
    start = i - len(faces)
    resolved = after.party != before.party or after.phase in ("turn", "over")  # the throw (or alliance) is
    out = []
    if not (resolved and not faces and after.last.kind == "throw"):  # a die thrown alone: its result says it
        out.append((start, throw_text(ctx, seat, faces + (face,))))
    if resolved:
        out.append((start, event_text(ctx, after.last)))
    return out


def heading(ctx: Any, state: Any) -> str:
    return header_text(ctx, state)
