"""The words of the Paradice message zone: what is expected now (the prompt), what each event of the turn
did (payments per creditor, bis repetita, tirelire, ladder, relance, jackpot, purchases, sales,
elimination), the selling offer and the end banner."""

from __future__ import annotations

from typing import Any

from dicehall.games.paradice import texts as tx
from dicehall.games.paradice.board import COPY_OF, EVENT, EVENTS, KIND, LADDER_OF, TIRELIRE
from dicehall.games.paradice.rules import NOBODY, POT

from dicehall.games.paradice.scene_view import Speaker


def event_of(cell: int) -> int:
    return COPY_OF[cell] // 2


def party_name(sc: Speaker, party: int) -> str:
    return tx.t(sc.lang, "the_jackpot") if party == POT else sc.player_name(party)


def event_lines(sc: Speaker, ev: Any, state: Any = None) -> list[str]:
    """The message lines of one event of the rules' log (or a "landed" event of the scene); ``state``: the
    state shown once it happened (owners, for a landing)."""
    lang = sc.lang
    name = sc.player_name(ev.player)
    kind = ev.kind
    money = lambda n: tx.money(lang, n)  # noqa: E731 - a short local alias
    if kind == "roll":
        a, b = ev.dice
        return [tx.t(lang, "ev_roll_again" if ev.again else "ev_roll", name=name, a=a, b=b, n=a + b)]
    if kind == "bis":
        return [tx.t(lang, "ev_bis", name=name, n=ev.amount)]
    if kind == "pay":
        if ev.tirelire:
            return [tx.t(lang, "ev_tirelire", total=money(ev.amount))]
        items = [
            tx.t(lang, "pay_item", amount=money(a), party=party_name(sc, c))
            if c != POT
            else f"{money(a)} {tx.t(lang, 'to_jackpot')}"
            for c, a in ev.payments
        ]
        line = tx.t(lang, "ev_pay", name=name, items=tx.names_list(lang, items))
        if len(ev.payments) > 1:
            line = line[:-1] + tx.t(lang, "pay_total", total=money(ev.amount)) + line[-1]
        return [line]
    if kind in ("buy", "free", "decline", "sell"):
        event = tx.event(lang, event_of(ev.cell))
        price = money(sc.state.price)
        if kind == "buy":
            return [tx.t(lang, "ev_buy", name=name, event=event, price=price)]
        if kind == "free":
            return [tx.t(lang, "ev_free", name=name, event=event)]
        if kind == "sell":
            key = "ev_sell_pot" if ev.to_jackpot else "ev_sell"
            return [tx.t(lang, key, name=name, event=event, price=price)]
        return [
            tx.t(lang, "ev_decline_pot", event=event)
            if ev.to_jackpot
            else tx.t(lang, "ev_decline", name=name, event=event)
        ]
    if kind == "ladder":
        d = tx.direction(lang, LADDER_OF[ev.cell])
        return [tx.t(lang, "ev_ladder", name=name, dir=d)]
    if kind == "relance":
        return [tx.t(lang, "ev_relance", name=name)]
    if kind == "jackpot":
        if ev.amount:
            return [tx.t(lang, "ev_jackpot", name=name, amount=money(ev.amount))]
        return [tx.t(lang, "ev_jackpot_empty")]
    if kind == "eliminated":
        out = [tx.t(lang, "ev_eliminated", name=name, rank=ev.rank)]
        if ev.amount:
            out.append(tx.t(lang, "ev_liquidated", amount=money(ev.amount)))
        return out
    if kind == "over":
        return [tx.t(lang, "ev_over")]
    if kind == "landed":
        return landed_lines(sc, ev, state)
    return []


def landed_lines(sc: Speaker, ev: Any, state: Any) -> list[str]:
    """A landing where the cell does nothing more: an opponent's event, one's own, a tirelire with nothing
    to pay."""
    lang = sc.lang
    cell = ev.cell
    if KIND[cell] == TIRELIRE:
        return [tx.t(lang, "ev_tirelire_empty")]
    if KIND[cell] == EVENT and state is not None:
        owner = state.owners[COPY_OF[cell]]
        event = tx.event(lang, event_of(cell))
        if owner == ev.player:
            return [tx.t(lang, "ev_own", name=sc.player_name(ev.player), event=event)]
        if owner not in (NOBODY, POT):
            return [tx.t(lang, "ev_owned", event=event, owner=sc.player_name(owner))]
    return []


def sell_types(st: Any) -> list[int]:
    """The events (indices) the player to move owns a copy of, in the original's offer order: from
    "Produit" on, "Somme" last."""
    owned = sorted({event_of(c) for c in st.copies_of(st.current)})
    return [e for e in owned if e >= 1] + [e for e in owned if e < 1]


def offered_cell(sc: Speaker) -> int | None:
    """The cell sold by V: the first owned copy of the event on offer."""
    st = sc.state
    types = sell_types(st)
    if not types:
        return None
    event = types[sc.sell_offer % len(types)]
    mine = st.copies_of(st.current)
    return next(c for c in EVENTS[event].copies if c in mine)


def prompt_text(sc: Speaker) -> str:
    """What is expected now (when no animation is under way)."""
    st = sc.state
    lang = sc.lang
    if st.phase == "over":
        return banner_lines(sc)[0]
    if wait := sc.remote_wait():
        return wait
    p = st.current
    name = sc.player_name(p)
    human = sc.is_human(p)
    if st.phase == "roll":
        return tx.keyed(lang, "prompt_stop" if human else "ai_roll", sc.touch, name=name)
    if st.phase == "direction":
        if human:
            return tx.keyed(lang, "prompt_direction", sc.touch, name=name, n=st.steps)
        return tx.t(lang, "ai_direction", name=name)
    if st.phase == "buy":
        event = tx.event(lang, event_of(st.pawn))
        price = tx.money(lang, st.price)
        return tx.keyed(lang, "prompt_buy" if human else "ai_buy", sc.touch, name=name, event=event, price=price)
    if st.phase == "sell":
        due = tx.money(lang, st.amount_due())
        if not human:
            return tx.t(lang, "ai_sell", name=name, due=due)
        return tx.t(
            lang,
            "prompt_sell",
            name=name,
            due=due,
            missing=tx.money(lang, st.missing()),
            price=tx.money(lang, st.price),
        )
    return ""


def offer_text(sc: Speaker) -> str:
    cell = offered_cell(sc)
    if cell is None:
        return ""
    return tx.keyed(sc.lang, "sell_offer", sc.touch, event=tx.event(sc.lang, event_of(cell)))


def banner_lines(sc: Speaker) -> tuple[str, list[str]]:
    """The end: the winner(s), then the ranking (balances of those in play, then the eliminated)."""
    st = sc.state
    lang = sc.lang
    winners = list(st.winners)
    if len(winners) == 1:
        title = tx.t(lang, "win", name=sc.player_name(winners[0]))
    else:
        title = tx.t(lang, "tie", names=tx.names_list(lang, [sc.player_name(p) for p in winners]))
    lines = []
    for place, seat in st.ranking():
        if st.ranks[seat]:
            lines.append(tx.t(lang, "rank_out", place=place, name=sc.player_name(seat)))
        else:
            lines.append(
                tx.t(
                    lang, "rank_line", place=place, name=sc.player_name(seat), amount=tx.money(lang, st.balances[seat])
                )
            )
    limit = st.options.round_limit
    if limit is not None and sum(1 for r in st.ranks if r == 0) > 1:
        lines.append(tx.t(lang, "ended_limit", n=limit))
    else:
        lines.append(tx.t(lang, "ended_last"))
    return title, lines
