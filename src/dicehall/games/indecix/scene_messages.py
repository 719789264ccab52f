"""The words on the Indecix screen: each corner's messages, the result of a placement, the final banner."""

from __future__ import annotations

from typing import Any

from dicehall.games.indecix import texts as tx
from dicehall.games.indecix.scene_view import Line, Speaker
from dicehall.ui import theme


# --- texts ---------------------------------------------------------------------------------------
def result_text(sc: Speaker, last: Any, p: int, for_screen: bool = True) -> str:
    lang = sc.lang
    who = None if (sc.is_human(p) and for_screen) else sc.player_name(p)
    if last.cell is None:
        return tx.t(lang, "passed_you") if who is None else tx.t(lang, "passed_other", name=who)
    opp = sum(1 for _, owner, _ in last.captured if owner != p)
    return tx.capture_message(lang, len(last.captured), opp, last.capture_points, who)


def banner_text(sc: Speaker, state: Any) -> str:
    s = state.scores()
    winners = state.outcome().winners if state.outcome() else (0, 1)
    if len(winners) > 1:
        return tx.t(sc.lang, "banner_tie", a=s[0])
    w = winners[0]
    return tx.t(sc.lang, "banner_win", name=sc.player_name(w), a=s[w], b=s[1 - w])


def message_lines(sc: Speaker, p: int) -> list[Line]:
    """What player ``p``'s corner says now: (text, colour, bold) paragraphs."""
    st, lang = sc.state, sc.lang
    colour = theme.readable(sc.colours[p])
    human = sc.is_human(p)
    name = sc.player_name(p)
    lines: list[Line] = []
    if st.phase == "over":
        winners = st.outcome().winners
        if len(winners) > 1:
            lines.append((tx.t(lang, "tie"), colour, True))
        elif p in winners:
            lines.append((tx.t(lang, "won_you") if human else tx.t(lang, "won_other", name=name), colour, True))
        else:
            lines.append((tx.t(lang, "lost_you") if human else tx.t(lang, "lost_other", name=name), colour, True))
        # the final total, not the last move's result (it is stale once the game is over)
        lines.append((tx.t(lang, "final_total", pts=tx.count(lang, "pts", st.scores()[p])), colour, False))
        return lines
    elif st.mover == p and (wait := sc.remote_wait()):
        lines.append((wait, colour, True))
    elif st.mover == p:
        if st.phase == "roll" or sc.spinning:
            lines.append((tx.t(lang, "prompt_roll") if human else tx.t(lang, "ai_rolling", name=name), colour, True))
        elif st.phase == "choose":
            lines.append((tx.t(lang, "prompt_choose") if human else tx.t(lang, "thinking", name=name), colour, True))
        elif st.phase == "place":
            lines.append((tx.t(lang, "prompt_place") if human else tx.t(lang, "thinking", name=name), colour, True))
        elif st.phase == "pass":
            if human:
                lines.append((tx.t(lang, "prompt_pass"), colour, True))
            else:
                lines.append((tx.t(lang, "ai_pass", name=name), colour, True))
        if sc.flash is not None and sc.flash[0] == p and sc.now < sc.flash[2]:
            lines.append((sc.flash[1], theme.INK, False))
    if st.last is not None and st.last.player == p:
        last = st.last
        if last.suites_formed:
            key = "suite_one" if len(last.suites_formed) == 1 else "suite_two"
            lines.append((tx.t(lang, key), colour, False))
        lines.append((result_text(sc, last, p), colour, False))
    return lines
