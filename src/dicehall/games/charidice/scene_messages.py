"""The words on the Charidice screen: the prompt, the last turn's result, the marking preview, the claim
line and the end banner with its ranking."""

from __future__ import annotations

from typing import Any

from dicehall.core.protocol import ranking_of
from dicehall.games.charidice import texts as tx
from dicehall.games.charidice.dice import colour_name, colour_of
from dicehall.games.charidice.scene_view import Speaker
from dicehall.games.charidice.scoring import DIFFERENT, SAME, analyse, valid_masks


def result_text(sc: Speaker, last: Any) -> str:
    lang = sc.lang
    name = sc.player_name(last.player)
    total = tx.pts(lang, last.points + last.bonus)
    if not last.received:
        return tx.t(lang, "turn_result_nogift", name=name, total=total)
    return tx.t(
        lang, "turn_result", name=name, total=total, gift=tx.pts(lang, last.received), to=sc.player_name(last.receiver)
    )


def claim_text(sc: Speaker, state: Any) -> str:
    return tx.t(sc.lang, "claimed", name=sc.player_name(state.neighbour))


def prompt_text(sc: Speaker, state: Any) -> str:
    lang = sc.lang
    if state.phase == "over":
        return tx.t(lang, "game_over")
    p = state.active
    name = sc.player_name(p)
    head = tx.t(lang, "round", r=state.round, n=7)
    if state.rolls:
        head += " · " + tx.t(lang, "roll_no", k=state.rolls)
    if wait := sc.remote_wait():
        body = wait
    elif state.phase == "throw" or sc.in_air():
        body = tx.t(lang, "in_air")
    elif not sc.is_human(p):
        key = "ai_rolls" if state.rolls == 0 else "ai_thinks" if state.phase == "roll" else "ai_marks"
        body = tx.t(lang, key, name=name)
    elif state.phase == "roll":
        body = tx.TEXTS.keyed(lang, "prompt_first" if state.rolls == 0 else "prompt_reroll", sc.touch, name=name)
    else:
        body = tx.TEXTS.keyed(lang, "prompt_mark", sc.touch, name=name)
    return f"{head} — {body}"


def preview_lines(sc: Speaker, state: Any, dice: tuple[int, ...]) -> tuple[list[str], bool]:
    """The marking preview of the selection: (lines, valid)."""
    lang = sc.lang
    m = analyse(state.dice, dice)
    lines = []
    if m.option == SAME:
        c = colour_of(dice[0], state.dice[dice[0]])
        lines.append(tx.t(lang, "opt_same", colour=colour_name(c, lang)))
    elif m.option == DIFFERENT:
        lines.append(tx.t(lang, "opt_diff"))
    else:
        lines.append(tx.t(lang, "opt_none"))
    valid = m.valid or (m.problem == "empty" and state.options.zero_mark)
    if m.problem == "empty" and state.options.zero_mark:
        lines.append(tx.t(lang, "problem_empty_ok"))
    elif m.problem is not None:
        lines.append(tx.t(lang, f"problem_{m.problem}"))
    else:
        extra = tx.t(lang, "run") if m.run else tx.t(lang, "same_number") if m.same_number and m.bonus else ""
        line = tx.t(lang, "score_line", pts=m.points, bonus=m.bonus, total=tx.pts(lang, m.total))
        lines.append(f"{line} ({extra})" if extra else line)
    to = sc.player_name(state.neighbour)
    if state.claimed:
        lines.append(tx.t(lang, "gift_doubled", name=to, gift=m.gift, total=tx.pts(lang, m.gift * 2)))
    else:
        note = double_note(lang, [state.dice[i] for i in range(6) if i not in dice])
        key = "gift_line_note" if note else "gift_line"
        lines.append(tx.t(lang, key, name=to, gift=tx.pts(lang, m.gift), note=note))
    return lines, valid


def double_note(lang: str, gift: list[int]) -> str:
    """What the 5s and 6s among the ``gift``'s faces are worth ("le 5 compte double"), or "" when it has none."""
    high = [f for f in gift if f >= 5]
    if not high:
        return ""
    if len(set(high)) > 1:
        return tx.t(lang, "double_both")
    return tx.t(lang, "double_one" if len(high) == 1 else "double_many", f=high[0])


def best_selections(state: Any) -> dict[str, tuple[int, ...] | None]:
    """The best marking of each option (most points + bonus; on a tie, the smaller gift)."""
    best: dict[str, tuple[tuple[int, int], tuple[int, ...]] | None] = {SAME: None, DIFFERENT: None}
    for mask in valid_masks(state.dice, False):
        dice = tuple(i for i in range(6) if mask >> i & 1)
        m = analyse(state.dice, dice)
        key = (m.total, -m.gift)
        if m.option in best:
            held = best[m.option]
            if held is None or key > held[0]:
                best[m.option] = (key, dice)
    return {k: (v[1] if v else None) for k, v in best.items()}


def ranking(state: Any) -> list[tuple[int, int, int]]:
    """(rank, player, score) best first; equal scores share a rank (1, 1, 3)."""
    return ranking_of([int(s) for s in state.scores()])


def banner_lines(sc: Speaker, state: Any) -> tuple[str, list[str], str]:
    """(title, ranking lines, generosity line)."""
    lang = sc.lang
    ranks = ranking(state)
    top = [p for rank, p, _ in ranks if rank == 1]
    best = ranks[0][2]
    if len(top) > 1:
        title = tx.t(
            lang, "banner_tie", names=tx.names_list(lang, [sc.player_name(p) for p in top]), pts=tx.pts(lang, best)
        )
    else:
        title = tx.t(lang, "banner_win", name=sc.player_name(top[0]), pts=tx.pts(lang, best))
    lines = [
        tx.t(lang, "ranking_line", rank=tx.rank_label(lang, rank), name=sc.player_name(p), pts=score)
        for rank, p, score in ranks
    ]
    gen = state.generosity()
    if any(gen):
        who = [sc.player_name(p) for p in range(len(gen)) if gen[p]]
        generosity = tx.t(lang, "generosity_line", names=tx.names_list(lang, who), bonus=max(gen))
    else:
        generosity = tx.t(lang, "no_generosity")
    return title, lines, generosity
