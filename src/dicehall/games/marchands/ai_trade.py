"""Dés & Marchands at a merchant, for the computer players: which transactions a level may make at all
(``sane``), the normal level's choice (``merchant_choice``: mobility won at a coin a unit) and the expert's
worth of a transaction (``trade_gain``, and its best one, ``expert_trade``: the ``coverage`` won over the
turns left against the worth of the coins). The dice's odds come from ``odds``.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from dicehall.games.marchands import faces, merchant
from dicehall.games.marchands.actions import LEAVE, Buy, Sell
from dicehall.games.marchands.odds import CACHE, Dice, can_move, coverage, directions, mobility
from dicehall.games.marchands.rules import FLOWS, MarchandsState

# Figures, in coins (set by seeded games, bench/marchands_ai.py).
CUSHION = 4  # coins above the richest rival kept at full worth; the surplus beyond is cheap
SURPLUS = 0.35  # worth of a surplus coin at a merchant
# Expert at a merchant: a transaction is worth its change of ``coverage`` (cells its next roll can reach)
# times COVER coins per cell per turn of play left, counted over at most HORIZON turns.
COVER, HORIZON = 0.15, 30.0
# The first die it buys, while it holds only its starting pair, is counted over FIRST turns rather than
# HORIZON (+1 power on every roll for as long as it keeps it: games last 50 to 70 rounds) when the merchant
# is within reach of this roll or the next one; seen from afar it counts over HORIZON like any other (a long
# detour for it costs more than it brings).
FIRST = 60.0
BEHIND, LEADLOSS = 1.0, 10.0  # coins spent without staying ahead count 1 + BEHIND times; losing the lead
MAXPRICE = 2  # the dearest transaction the expert considers: cheap dice and faces pay back soonest
# The expert buys a die only while it holds fewer than MAXDICE: power beyond COVER_R adds nothing to its
# coverage, and every die more multiplies its roll tables and the cells it weighs (thinking time).
MAXDICE = 4


def sane(dice: Dice, action: Any) -> bool:
    """A transaction a computer level may make: some roll of the dice after it still moves the pawn, and they
    keep every direction they had. Without one, a pawn can be shut out of the end cell for good (on the
    edge beyond it, or past it), and a game it leads, among players who cannot catch up, would never end."""
    new = merchant.after(dice, action)
    return can_move(new) and not directions(dice) & ~directions(new)


def traded(state: MarchandsState, player: int) -> bool:
    """``player`` has made a merchant transaction in this game (coins paid to or received from a merchant)."""
    if not state.flows:
        return False
    flows = state.flows[player]
    i = 2 * FLOWS.index("merchant")
    return bool(flows[i] or flows[i + 1])


def remaining_rounds(state: MarchandsState) -> float:
    limit = state.options.round_limit
    return math.inf if limit is None else limit - state.round + 1


def merchant_choice(state: MarchandsState, me: int, actions: Any = None, level: str = "expert") -> tuple[Any, float]:
    """The transaction of highest gain, LEAVE at 0 (``actions``: those offered, else every legal one).

    Expert: ``trade_gain`` (coverage won, over the turns left, minus the worth of the coins). Normal: the
    older, cruder figure (mobility won at a coin a unit, no sale, a large cushion of coins kept). Neither
    ever takes a transaction that is not ``sane`` (after which no roll can move it, or a direction is lost)."""
    if actions is None:
        actions = state.legal_actions()
    dice, coins = state.dice[me], state.coins[me]
    richest = max(state.coins[q] for q in range(state.num_players) if q != me)
    if level == "expert":
        best_action, top = expert_trade(dice, coins, richest, horizon(state), state.options.on)
        if best_action == LEAVE or best_action in actions:
            return best_action, top
        scored = [(0.0, LEAVE)] + [
            (trade_gain(dice, coins, richest, horizon(state), a), a)
            for a in actions
            if a != LEAVE and weighed(dice, a) and sane(dice, a)
        ]
        return _top(scored)
    keep = richest + 2 * CUSHION
    mob = 1.0
    left = remaining_rounds(state)
    if left < 20:
        mob *= max(0.0, left / 20)
    m0, w0, p0 = mobility(dice), _worth(coins, keep), faces.tie_power(dice)
    scored = [(0.0, LEAVE)]
    for a in actions:
        if a == LEAVE or isinstance(a, Sell):
            continue
        if not sane(dice, a):
            continue
        new = merchant.after(dice, a)
        gain = mob * (mobility(new) - m0) + _worth(coins - merchant.price(dice, a), keep) - w0
        gain += 0.01 * (faces.tie_power(new) - p0)
        scored.append((gain, a))
    return _top(scored)


def _top(scored: list[tuple[float, Any]]) -> tuple[Any, float]:
    top, choice = scored[0]
    for value, action in scored[1:]:
        if value > top + 1e-9:
            top, choice = value, action
    return choice, top


def _worth(coins: int, keep: int) -> float:
    """Coins up to ``keep`` at full worth, the surplus beyond at ``SURPLUS``."""
    return min(coins, keep) + SURPLUS * max(0, coins - keep)


def horizon(state: MarchandsState) -> float:
    """The turns of play an improvement of the dice is counted over: ``HORIZON``, or fewer when the round
    limit is near."""
    return min(HORIZON, remaining_rounds(state))


def trade_gain(dice: Dice, coins: int, richest: int, turns: float, action: Any, near: bool = True) -> float:
    """Expert worth of a transaction, in coins: ``COVER`` × turns × coverage won, plus the change in the worth
    of its coins (full up to the richest rival's plus a cushion, ``SURPLUS`` beyond), plus a hundredth of
    the tie-break power won. ``near`` (the merchant is within reach): the first die bought while it holds
    only two dice counts over ``FIRST`` turns instead of ``turns`` (unless the round limit is nearer)."""
    if near and isinstance(action, Buy) and len(dice) == 2 and turns >= HORIZON:
        turns = FIRST
    keep = richest + CUSHION
    new = merchant.after(dice, action)
    price = merchant.price(dice, action)
    gain = COVER * turns * (coverage(new) - coverage(dice))
    gain += _worth(coins - price, keep) - _worth(coins, keep)
    if price > 0 and coins - price <= richest:  # not ahead after it: a rival ahead races for the end cell
        gain -= BEHIND * price + (LEADLOSS if coins > richest else 0.0)
    return gain + 0.01 * (faces.tie_power(new) - faces.tie_power(dice))


@lru_cache(maxsize=CACHE)
def expert_trade(
    dice: Dice, coins: int, richest: int, turns: float, on: frozenset[str], near: bool = True
) -> tuple[Any, float]:
    """The expert's best transaction with these dice and coins, and its gain (LEAVE and 0 when none pays);
    ``near``: at a merchant within reach (see ``trade_gain``)."""
    scored: list[tuple[float, Any]] = [(0.0, LEAVE)]
    for a in merchant.candidates(dice, on):  # the price first: the dear ones are never weighed
        if (
            merchant.price(dice, a) <= MAXPRICE
            and weighed(dice, a)
            and merchant.refusal(dice, coins, a, on) is None
            and sane(dice, a)
        ):
            scored.append((trade_gain(dice, coins, richest, turns, a, near), a))
    return _top(scored)


def weighed(dice: Dice, action: Any) -> bool:
    """A transaction the expert weighs at all: any but a die bought when it holds ``MAXDICE`` already."""
    return not (isinstance(action, Buy) and len(dice) >= MAXDICE)
