"""The words on the Dés & Marchands screen: the round line, the prompt, what a roll allows (or why no
move), the turn's events, the callouts of arrivals, the merchant's refusals and the end banner."""

from __future__ import annotations

from typing import Any

from dicehall.games.marchands import bonuses, faces
from dicehall.games.marchands.actions import Buy, Replace, Sell
from dicehall.games.marchands import texts as tx
from dicehall.games.marchands.bonuses import coins as coins_bonus
from dicehall.games.marchands.bonuses import tax as tax_bonus
from dicehall.games.marchands.faces.direction import STEPS
from dicehall.games.marchands.scene_view import Speaker

REFUSALS = {
    "coins": "why_coins",
    "no_die": "why_no_die",
    "no_direction": "why_no_direction_face",
    "no_power": "why_no_power_face",
    "unknown": "why_unknown",
    "same": "why_same",
}
CELL_WORDS = {"bonus": "on_bonus", "merchant": "on_merchant", "end": "on_end", "portal": "on_portal"}


def header_text(sc: Speaker, st: Any) -> str:
    lang = sc.lang
    if st.phase == "over":
        return tx.t(lang, "game_over")
    if st.board is None:
        return tx.t(lang, "in_air")
    limit = st.options.round_limit
    head = tx.t(lang, "round_of", r=st.round, n=limit) if limit else tx.t(lang, "round", r=st.round)
    return f"{head} · {tx.t(lang, 'turn_of', name=sc.player_name(st.current))}"


def prompt_text(sc: Speaker, st: Any) -> str:
    lang = sc.lang
    if st.phase == "over":
        return banner_lines(sc, st)[0]
    if wait := sc.remote_wait():
        return wait
    if st.phase in ("layout", "throw") or sc.in_air():
        return tx.t(lang, "in_air")
    p = st.current
    name = sc.player_name(p)
    human = sc.is_human(p)
    if st.phase == "roll":
        return tx.t(lang, "prompt_roll" if human else "ai_turn", name=name)
    if st.phase == "move":
        return (
            tx.TEXTS.keyed(lang, "prompt_move", sc.touch, name=name, reach=st.roll_sum().reach)
            if human
            else tx.t(lang, "ai_move", name=name)
        )
    key = {"bonus": "bonus", "merchant": "merchant"}.get(st.phase, "turn")
    return tx.t(lang, f"prompt_{key}" if human else f"ai_{key}", name=name)


def roll_lines(sc: Speaker, player: int, rolled: tuple[str, ...]) -> list[str]:
    """What a roll shows and allows: the faces, then the directions, power, factor and reach, or why no
    move."""
    lang = sc.lang
    name = sc.player_name(player)
    shown = ", ".join(tx.face_word(lang, f) for f in rolled)
    out = [tx.t(lang, "ev_roll", name=name, faces=shown)]
    roll = faces.roll_sum(tuple(rolled))
    if not roll.directions:
        out.append(tx.t(lang, "why_no_direction", name=name))
        return out
    if roll.reach <= 0:
        out.append(tx.t(lang, "why_no_power", name=name))
        return out
    dirs = " ".join(tx.face(d) for d in STEPS if d in roll.directions)
    factor = tx.t(lang, "factor", n=roll.factor) if roll.factor != 1 else ""
    out.append(tx.t(lang, "ev_reach", dirs=dirs, power=roll.power, factor=factor, reach=roll.reach))
    return out


def event_lines(
    sc: Speaker, ev: Any, board: Any = None, final: Any = None, action: Any = None, dice: Any = None
) -> list[str]:
    """The lines of one event; ``board``, ``final`` (the pawn's cell after the step), ``action`` and
    ``dice`` (the player's dice before a trade) add detail when known."""
    lang = sc.lang
    name = sc.player_name(ev.player)
    kind = ev.kind
    if kind == "roll":
        return roll_lines(sc, ev.player, ev.faces)
    if kind == "move":
        if ev.detail == "stay":
            return [tx.t(lang, "ev_stay", name=name)]
        what = ""
        cell_kind = board.kind(ev.cell) if board is not None else "normal"
        if cell_kind in CELL_WORDS:
            what = tx.t(lang, CELL_WORDS[cell_kind])
        out = [tx.t(lang, "ev_move", name=name, cell=tx.cell(lang, ev.cell), what=what)]
        if cell_kind == "portal" and final is not None and tuple(final) != tuple(ev.cell):
            out.append(tx.t(lang, "ev_portal", name=name, cell=tx.cell(lang, final)))
        return out
    if kind == "steal":
        return [
            tx.t(lang, "ev_steal", name=name, coins=tx.coins(lang, n), victim=sc.player_name(q)) for q, n in ev.amounts
        ]
    if kind == "bonus":
        action_def = bonuses.BY_ID.get(ev.detail)
        label = action_def.label[0 if lang == "fr" else 1] if action_def else ev.detail
        return [tx.t(lang, "ev_bonus", name=name, label=label)]
    if kind == "spent":
        return [tx.t(lang, "ev_spent", name=name)]
    if kind == "merchant":
        cost = -ev.amounts[0][1] if ev.amounts else 0
        money = tx.coins(lang, abs(cost))
        if action is not None and dice is not None:
            if isinstance(action, Sell):
                return [tx.t(lang, "ev_sell", name=name, n=len(dice[action.die]), coins=money)]
            if isinstance(action, Buy):
                return [tx.t(lang, "ev_buy", name=name, n=action.faces, coins=money)]
            if isinstance(action, Replace):
                old = dice[action.die][action.face]
                return [tx.t(lang, "ev_replace", name=name, old=tx.face(old), new=tx.face(action.token), coins=money)]
        return [tx.t(lang, "ev_trade", name=name, coins=money)]
    if kind == "leave":
        return [tx.t(lang, "ev_leave", name=name)]
    if kind == "end":
        if ev.detail == "round_limit":
            return [tx.t(lang, "ev_round_limit")]
        return [tx.t(lang, "ev_end_cell", name=name)]
    return []


def callout_text(
    sc: Speaker, ev: Any, board: Any = None, final: Any = None, action: Any = None, dice: Any = None
) -> str:
    """The short callout of an event shown on the board ("+5 pièces", "Vol : 3 pièces à Bleu",
    "Portail → (12, 30)", "Marchand : achète un dé de 4"…), or "" for an event that has none (a roll, a
    plain move, the end)."""
    lang = sc.lang
    kind = ev.kind
    if kind == "steal":
        taken = [tx.t(lang, "co_steal_one", coins=tx.coins(lang, n), victim=sc.player_name(q)) for q, n in ev.amounts]
        return tx.t(lang, "co_steal", taken=tx.names_list(lang, taken))
    if kind == "move":
        if (
            ev.detail != "stay"
            and board is not None
            and final is not None
            and board.kind(ev.cell) == "portal"
            and tuple(final) != tuple(ev.cell)
        ):
            return tx.t(lang, "co_portal", cell=tx.cell(lang, final))
        return ""
    if kind == "bonus":
        if ev.detail == "coins":
            return tx.t(lang, "co_coins", coins=tx.coins(lang, coins_bonus.AMOUNT))
        if ev.detail == "tax":
            return tx.t(lang, "co_tax", n=tax_bonus.AMOUNT)
        if ev.detail in ("replay", "nothing"):
            return tx.t(lang, f"co_{ev.detail}")
        action_def = bonuses.BY_ID.get(ev.detail)
        return tx.t(lang, "co_bonus", label=action_def.label[0 if lang == "fr" else 1] if action_def else ev.detail)
    if kind == "spent":
        return tx.t(lang, "co_spent")
    if kind == "merchant":
        money = tx.coins(lang, abs(ev.amounts[0][1]) if ev.amounts else 0)
        if isinstance(action, Buy):
            return tx.t(lang, "co_buy", n=action.faces, coins=money)
        if isinstance(action, Sell) and dice is not None:
            return tx.t(lang, "co_sell", n=len(dice[action.die]), coins=money)
        if isinstance(action, Replace) and dice is not None:
            return tx.t(lang, "co_replace", old=tx.face(dice[action.die][action.face]), new=tx.face(action.token))
        return tx.t(lang, "co_trade", coins=money)
    if kind == "leave":
        return tx.t(lang, "co_leave")
    return ""


def refusal_text(lang: str, reason: str, price: int = 0, coins: int = 0) -> str:
    return tx.t(lang, REFUSALS.get(reason, "why_unknown"), price=price, coins=coins)


def banner_lines(sc: Speaker, st: Any) -> tuple[str, list[str]]:
    """The end: the winner (or nobody), each player's coins and power (best first), and why it ended."""
    lang = sc.lang
    winners = st.outcome().winners if st.phase == "over" else ()
    title = tx.t(lang, "win", name=sc.player_name(winners[0])) if winners else tx.t(lang, "nobody")
    order = sorted(range(st.num_players), key=lambda p: (-st.coins[p], -st.power(p), p))
    lines = [
        tx.t(lang, "end_line", name=sc.player_name(p), coins=tx.coins(lang, st.coins[p]), power=st.power(p))
        for p in order
    ]
    if st.ended == "round_limit":
        lines.append(tx.t(lang, "ended_round_limit", n=st.options.round_limit))
    elif st.ended:
        lines.append(tx.t(lang, "ended_end_cell", name=sc.player_name(st.current)))
    return title, lines
