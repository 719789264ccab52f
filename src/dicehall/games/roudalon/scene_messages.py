"""The words on the Roudalon screen: the party line, the prompt, why each action is (not) possible, the
last event, the throw-off rounds, the button labels with their exact chances and the end banner."""

from __future__ import annotations

from typing import Any

from dicehall.core.protocol import ranking_of
from dicehall.games.roudalon import texts as tx
from dicehall.games.roudalon.actions import Pass, Stake
from dicehall.games.roudalon.odds import chain_chance, chain_throw_chance, hit_chance
from dicehall.games.roudalon.options import ROUND_LIMIT
from dicehall.games.roudalon.scene_view import Speaker


def header_text(sc: Speaker, st: Any) -> str:
    lang = sc.lang
    if st.phase == "over":
        return tx.t(lang, "game_over")
    head = tx.t(lang, "party", p=st.party, n=st.options.party_count)
    if st.phase == "throwoff":
        return f"{head} · {tx.t(lang, 'throwoff_head')}"
    return f"{head} · {tx.t(lang, 'round', r=st.round, n=ROUND_LIMIT)}"


def holdings(st: Any, chain: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(st.held[m] for m in chain)


def throw_chance(st: Any, k: int) -> float:
    """The chance that throwing ``k`` dice now hits the pot: alone, or (in an alliance) the alliance's chance
    with this member throwing ``k`` and the others playing their best."""
    if st.phase == "chain":
        chain = st.chain
        return chain_throw_chance(st.pot - st.running_total, holdings(st, chain), st.thrower, k)
    return float(hit_chance(st.pot, k))


def proposal_chance(st: Any) -> float:
    """The alliance's chance if the player asked now accepts (and the chain then throws as it stands)."""
    chain = st.chain or (st.active,)
    asked = st.asked if st.phase == "answer" else st.left_of(chain[-1])
    if st.phase == "answer":
        chain = st.chain
    return chain_chance(st.pot, holdings(st, chain + (asked,)))


def prompt_text(sc: Speaker, st: Any) -> str:
    lang = sc.lang
    if st.phase == "over":
        return banner_lines(sc, st)[0]
    if wait := sc.remote_wait():
        return wait
    if st.phase == "throwoff":
        return tx.t(lang, "throwoff")
    if st.phase == "roll" or st.pending:
        return tx.t(lang, "in_air")
    seat = st.to_move
    name = sc.player_name(seat)
    human = sc.is_human(seat)
    if st.phase == "turn":
        if not human:
            return tx.t(lang, "ai_turn", name=name)
        legal = st.legal_actions()
        if len(legal) == 1 and isinstance(legal[0], Pass):
            return tx.t(lang, "prompt_pass", name=name)
        if all(isinstance(a, Stake) for a in legal):
            return tx.t(lang, "prompt_stake_only", name=name)
        return tx.t(lang, "prompt_turn", name=name)
    if st.phase == "answer":
        asker = sc.player_name(st.chain[-1])
        return tx.t(lang, "prompt_answer" if human else "ai_answer", name=name, asker=asker)
    if st.phase == "extend":
        nxt = sc.player_name(st.left_of(st.chain[-1]))
        return tx.t(lang, "prompt_extend" if human else "ai_extend", name=name, next=nxt)
    left = st.pot - st.running_total
    return tx.t(lang, "prompt_chain" if human else "ai_chain", name=name, left=left)


def reasons(sc: Speaker, st: Any) -> list[str]:
    """Why the actions the human to move does not see are not possible (and what a throw can do)."""
    lang = sc.lang
    if st.phase not in ("turn", "chain") or st.to_move is None or not sc.is_human(st.to_move):
        return []
    p = st.to_move
    held = st.held[p]
    ceiling = st.options.pot_ceiling
    out: list[str] = []
    if st.phase == "turn":
        if st.stake_room == 0:
            out.append(tx.t(lang, "why_pass" if held == 0 else "why_ceiling", ceiling=ceiling))
        elif st.turns == 0:
            out.append(tx.t(lang, "why_first"))
        elif held == 0:
            out.append(tx.t(lang, "why_no_die"))
        if 0 < st.stake_room < 6:
            out.append(tx.t(lang, "why_room", ceiling=ceiling, room=st.stake_room))
        if st.turns == 0 or held == 0:
            return out
    out += _hopeless(lang, st, held)
    if st.phase == "turn":
        left = st.left_of(p)
        if st.refused:
            out.append(tx.t(lang, "why_refused", name=sc.player_name(left)))
        elif st.held[left] == 0:
            out.append(tx.t(lang, "why_left_no_die", name=sc.player_name(left)))
    return out


def _hopeless(lang: str, st: Any, held: int) -> list[str]:
    out = []
    if held == 1:
        out.append(tx.t(lang, "why_one_die"))
    if st.phase == "chain":
        return out
    pot = st.pot
    if pot > 12 and held >= 1:
        out.append(tx.t(lang, "why_far_two" if held == 2 else "why_far_one", pot=pot))
    elif pot > 6:
        out.append(tx.t(lang, "why_far_one", pot=pot))
    elif pot < 2 and held == 2:
        out.append(tx.t(lang, "why_low_two", pot=pot))
    return out


def names_of(sc: Speaker, seats: Any) -> list[str]:
    return [sc.player_name(s) for s in seats]


def throw_text(sc: Speaker, seat: int, faces: tuple[int, ...]) -> str:
    shown = " + ".join(str(f) for f in faces)
    if len(faces) > 1:
        shown += f" = {sum(faces)}"
    return tx.t(sc.lang, "ev_faces", name=sc.player_name(seat), faces=shown)


def event_text(sc: Speaker, ev: Any, pot: int | None = None) -> str:
    """What the last finished step did (a stake, a throw's result, a refusal, the throw-off's end...);
    ``pot``: the pot after a stake."""
    lang = sc.lang
    name = sc.player_name(ev.player)
    if ev.kind == "stake":
        return tx.t(lang, "ev_stake", name=name, n=ev.amount, pot=pot if pot is not None else "…")
    if ev.kind == "pass":
        return tx.t(lang, "ev_pass", name=name)
    if ev.kind == "refused":
        return tx.t(lang, "ev_refuse", name=name)
    if ev.kind == "void":
        if ev.result == "dead":  # the pot reached its ceiling (ev.amount): every die of the table a 6
            return tx.t(lang, "ev_dead", ceiling=ev.amount, dice=2 * sc.state.num_players)
        return tx.t(lang, "ev_void")
    if ev.kind == "throwoff":
        return tx.t(lang, "throwoff_result", name=name, n=ev.amount)
    total = sum(sum(f) for _, f in ev.throws)
    if ev.kind == "throw":
        if ev.result == "hit":
            return tx.t(lang, "ev_hit", name=name, total=total, won=tx.um(lang, ev.amount))
        key = "ev_over" if ev.result == "over" else "ev_short"
        return tx.t(lang, key, name=name, total=total, pot=ev.amount, lost=tx.dice(lang, ev.lost))
    if ev.result == "hit":
        shares = ", ".join(f"{sc.player_name(s)} {sum(f)}" for s, f in ev.throws)
        return tx.t(lang, "ev_alliance_hit", total=total, shares=shares)
    key = "ev_alliance_over" if ev.result == "over" else "ev_alliance_short"
    return tx.t(lang, key, name=sc.player_name(ev.loser), total=total, pot=ev.amount, lost=tx.dice(lang, ev.lost))


def throwoff_lines(sc: Speaker, st: Any) -> list[str]:
    """The throw-off's rounds so far: "Tirage 1 : Lena 7, Marko 9, Zoé 9 — a tie: they throw again"."""
    lang = sc.lang
    lines = []
    rounds = st.off_rounds
    for k, rnd in enumerate(rounds, start=1):
        results = ", ".join(f"{sc.player_name(s)} {a + b}" for s, a, b in rnd)
        line = tx.t(lang, "throwoff_round", k=k, results=results)
        best = max(a + b for _, a, b in rnd)
        if sum(1 for _, a, b in rnd if a + b == best) > 1:
            line += " — " + tx.t(lang, "throwoff_tie")
        lines.append(line)
    return lines


def party_text(sc: Speaker, party: int, nets: tuple[int, ...]) -> str:
    shown = ", ".join(f"{sc.player_name(p)} {tx.signed(n)}" for p, n in enumerate(nets))
    return tx.t(sc.lang, "ev_party", p=party, nets=shown)


def ranking(st: Any) -> list[tuple[int, int, int]]:
    """(rank, seat, total net) best first; equal totals share a rank (1, 1, 3)."""
    return ranking_of(list(st.totals()))


def banner_lines(sc: Speaker, st: Any) -> tuple[str, list[str]]:
    lang = sc.lang
    ranks = ranking(st)
    top = [p for rank, p, _ in ranks if rank == 1]
    best = tx.signed(ranks[0][2])
    if len(top) > 1:
        title = tx.t(lang, "banner_tie", names=tx.names_list(lang, names_of(sc, top)), net=best)
    else:
        title = tx.t(lang, "banner_win", name=sc.player_name(top[0]), net=best)
    lines = [
        tx.t(lang, "ranking_line", rank=tx.rank_label(lang, rank), name=sc.player_name(p), net=tx.signed(net))
        for rank, p, net in ranks
    ]
    return title, lines
