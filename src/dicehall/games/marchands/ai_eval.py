"""Dés & Marchands AI helpers: exact roll tables, reach chances, mobility (normal) and coverage (expert) of a
player's dice, and the normal and expert evaluations of a move, a bonus action and a merchant transaction
(see ``ai.py`` for the levels). Nothing here assumes a board size: cells and the end cell come from the
board."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from dicehall.games.marchands import faces, merchant
from dicehall.games.marchands.actions import LEAVE, Bonus, Buy, Move, Sell
from dicehall.games.marchands.board import manhattan
from dicehall.games.marchands.rules import FLOWS, Action, MarchandsState

Dice = tuple[tuple[str, ...], ...]
Cell = tuple[int, int]


def bonuses(actions: Sequence[Action]) -> list[Bonus]:
    """The legal actions of a bonus phase, in their order: all of them Bonus (the phase offers nothing else)."""
    out = [a for a in actions if isinstance(a, Bonus)]
    assert len(out) == len(actions)
    return out


BITS = {"N": 1, "E": 2, "S": 4, "W": 8}
# (req mask, dx, dy, diagonal) for the 8 lines a move can follow (y grows southwards)
LINES = (
    (1, 0, -1, False),
    (2, 1, 0, False),
    (4, 0, 1, False),
    (8, -1, 0, False),
    (3, 1, -1, True),
    (6, 1, 1, True),
    (12, -1, 1, True),
    (9, -1, -1, True),
)

# Expert figures, in coins (set by seeded games, bench/marchands_ai.py).
WIN = 60.0  # a won game
LEADW = 0.5  # a rival's coins count this much for the richest rival, the rest for their mean
BONUS = 8.0  # a bonus cell reached next turn: its +5 coins, and the farming it anchors
MERCHANT = 0.5  # a merchant visit, seen from afar
GAMMA = 0.9  # weight of the next turn's best arrival
DELTA = 0.6  # weight of the potential field (later turns)
ALIGN = 0.35  # weight of the chance to reach the end cell from a next-turn cell (when ahead)
EXPOSE = 0.8  # how likely a rival that can reach our cell does come and rob us
STEAL_LATER = 0.35  # a rival's cell seen from the next turn (he will have moved)
DIRW = 1.0  # normal level: the mobility of one more distinct direction rolled
CUSHION = 4  # coins above the richest rival kept at full worth; the surplus beyond is cheap
PULL, PULL_MAX = 20.0, 3.0  # when ahead: coins per cell nearer the end cell = lead / PULL, at most PULL_MAX
# (counted as a bonus for nearness, never as a penalty for distance: a lead must never look worse than none)
SURPLUS = 0.35  # worth of a surplus coin at a merchant
# Expert at a merchant: a transaction is worth its change of ``coverage`` (cells its next roll can reach)
# times COVER coins per cell per turn of play left, counted over at most HORIZON turns.
COVER, HORIZON, COVER_R = 0.15, 30.0, 8
# The first die it buys, while it holds only its starting pair, is counted over FIRST turns rather than
# HORIZON (+1 power on every roll for as long as it keeps it: games last 50 to 70 rounds) when the merchant
# is within reach of this roll or the next one; seen from afar it counts over HORIZON like any other (a long
# detour for it costs more than it brings).
FIRST = 60.0
MPHI = 1.0  # the weight of a merchant's best transaction in the potential field (seen from afar)
ONTOP = 2  # the distance a target counts for in the potential field when standing on it
BEHIND, LEADLOSS = 1.0, 10.0  # coins spent without staying ahead count 1 + BEHIND times; losing the lead
MAXPRICE = 2  # the dearest transaction the expert considers: cheap dice and faces pay back soonest
# The expert buys a die only while it holds fewer than MAXDICE: power beyond COVER_R adds nothing to its
# coverage, and every die more multiplies its roll tables and the cells it weighs (thinking time).
MAXDICE = 4
# When ahead it races for the end cell counting the turns its dice need to arrive there (``race_turns``:
# exact over the rolls within RACE_W columns and rows of it, extrapolated beyond), at RACE_V cells a turn,
# from RACE_CAP turns (never a penalty). Faster dice make a shorter race, and the race values them.
RACE_W, RACE_V, RACE_CAP = 12, 1.5, 100.0
# Its first transaction (its first die, mostly) is worth TRIP more than ``trade_gain`` says, while it leads
# by TRIP_LEAD coins or more (after paying it is still ahead: a rival ahead by a coin races for the end
# cell); and then it heads for the nearest merchants (TRIP_NEAR of them, by distance), at TRIPK coins a
# turn of its expected journey (``race_turns``), those whose journey its lead can afford: a lead of at least
# TRIP_LEAD + TRIP_RATE coins per turn of the journey (what the rival farms meanwhile).
TRIP, TRIP_LEAD, TRIP_NEAR, TRIPK, TRIP_RATE = 20.0, 4, 3, 2.0, 0.3
TRADES = 4  # transactions weighed in full at a merchant (the best by ``trade_gain``), besides leaving


# --- exact roll tables -----------------------------------------------------------------------------------
# Entries kept per cache: a game meets a few dozen sets of dice; more only makes the garbage collector's
# full passes (which walk every cached table) longer.
CACHE = 2048


@lru_cache(maxsize=CACHE)
def canon(dice: Dice) -> Dice:
    """The dice in a canonical order (faces sorted in each die, dice sorted): what a roll can give depends
    on nothing else, so the tables below are computed once for every order of the same dice."""
    return tuple(sorted(tuple(sorted(die)) for die in dice))


@lru_cache(maxsize=4096)
def _face(token: str) -> tuple[int, int, int]:
    roll = faces.roll_sum((token,))
    return sum(BITS[d] for d in roll.directions if d in BITS), roll.power, roll.factor


def roll_table(dice: Dice) -> tuple[tuple[int, int, float], ...]:
    return _roll_table(canon(dice))


@lru_cache(maxsize=CACHE)
def _roll_table(dice: Dice) -> tuple[tuple[int, int, float], ...]:
    """(direction mask, reach, chance) of every distinct roll of ``dice``; mask 0 and reach 0: no move."""
    dist: dict[tuple[int, int, int], float] = {(0, 0, 1): 1.0}
    for die in dice:
        per: dict[tuple[int, int, int], float] = {}
        for token in die:
            key = _face(token)
            per[key] = per.get(key, 0.0) + 1.0 / len(die)
        new: dict[tuple[int, int, int], float] = {}
        for (m, p, f), q in dist.items():
            for (m2, p2, f2), q2 in per.items():
                k = (m | m2, p + p2, f * f2)
                new[k] = new.get(k, 0.0) + q * q2
        dist = new
    out: dict[tuple[int, int], float] = {}
    for (m, p, f), q in dist.items():
        r = p * f
        pair = (m, r) if m and r > 0 else (0, 0)
        out[pair] = out.get(pair, 0.0) + q
    return tuple((m, r, q) for (m, r), q in sorted(out.items()))


def survival(dice: Dice) -> dict[int, tuple[float, ...]]:
    return _survival(canon(dice))


@lru_cache(maxsize=CACHE)
def _survival(dice: Dice) -> dict[int, tuple[float, ...]]:
    """For each line's direction mask: S[k] = the chance that a roll allows k steps along that line."""
    table = roll_table(dice)
    top = max((r for _, r, _ in table), default=0)
    out = {}
    for req, _, _, diag in LINES:
        s = [0.0] * (top + 2)
        for m, r, q in table:
            if m & req == req:
                steps = r // 2 if diag else r
                s[steps] += q
        for k in range(len(s) - 2, -1, -1):
            s[k] += s[k + 1]
        out[req] = tuple(s)
    return out


def reach_chance(dice: Dice, frm: Cell, to: Cell) -> float:
    """The chance that the next roll of ``dice`` lets a pawn on ``frm`` arrive on ``to``."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    if dx == 0 and dy == 0:
        return 0.0
    if dx == 0:
        req, k = (1 if dy < 0 else 4), abs(dy)
    elif dy == 0:
        req, k = (2 if dx > 0 else 8), abs(dx)
    elif abs(dx) == abs(dy):
        req, k = (2 if dx > 0 else 8) | (1 if dy < 0 else 4), abs(dx)
    else:
        return 0.0
    s = survival(dice)[req]
    return s[k] if k < len(s) else 0.0


def mobility(dice: Dice) -> float:
    return _mobility(canon(dice))


@lru_cache(maxsize=CACHE)
def _mobility(dice: Dice) -> float:
    """Expected reach plus ``DIRW`` per distinct direction rolled (a roll without a move counts 0)."""
    return sum(q * (r + DIRW * bin(m).count("1")) for m, r, q in roll_table(dice) if m)


def coverage(dice: Dice) -> float:
    return _coverage(canon(dice))


@lru_cache(maxsize=CACHE)
def _coverage(dice: Dice) -> float:
    """The expected number of cells within ``COVER_R`` steps (straight, or half as many diagonally) that the
    next roll lets the pawn arrive on: what bonus farming, robbing and reaching the end cell need. A second
    direction die, even of two faces, doubles it; a power face adds to it only as far as ``COVER_R``."""
    total = 0.0
    for req, s in survival(dice).items():
        steps = COVER_R // 2 if req in (3, 6, 12, 9) else COVER_R
        total += sum(s[1 : steps + 1])
    return total


def can_move(dice: Dice) -> bool:
    return _can_move(canon(dice))


@lru_cache(maxsize=CACHE)
def _can_move(dice: Dice) -> bool:
    """Some roll of ``dice`` moves the pawn (a rolled direction and a power together)."""
    return any(m for m, _, _ in roll_table(dice))


def directions(dice: Dice) -> int:
    """The directions on ``dice``, as a mask of ``BITS``."""
    return _directions(canon(dice))


@lru_cache(maxsize=CACHE)
def _directions(dice: Dice) -> int:
    mask = 0
    for die in dice:
        for token in die:
            mask |= _face(token)[0]
    return mask


def sane(dice: Dice, action: Any) -> bool:
    """A transaction a computer level may make: some roll of the dice after it still moves the pawn, and they
    keep every direction they had. Without one, a pawn can be shut out of the end cell for good (on the
    edge beyond it, or past it), and a game it leads, among players who cannot catch up, would never end."""
    new = merchant.after(dice, action)
    return can_move(new) and not directions(dice) & ~directions(new)


def mean_reach(dice: Dice) -> float:
    return _mean_reach(canon(dice))


@lru_cache(maxsize=CACHE)
def _mean_reach(dice: Dice) -> float:
    return sum(q * r for m, r, q in roll_table(dice) if m)


def traded(state: MarchandsState, player: int) -> bool:
    """``player`` has made a merchant transaction in this game (coins paid to or received from a merchant)."""
    if not state.flows:
        return False
    flows = state.flows[player]
    i = 2 * FLOWS.index("merchant")
    return bool(flows[i] or flows[i + 1])


def race_turns(dice: Dice, frm: Cell, end: Cell) -> float:
    """The expected number of turns ``dice`` need to arrive on ``end`` from ``frm``, moving only nearer
    (straight or diagonally) and staying put on a roll that brings nothing nearer: exact within ``RACE_W``
    columns and rows of ``end`` (``_race``), beyond at the pace of that square's corner. Moving only nearer
    never leaves the board: its edges need not be read."""
    dx, dy = end[0] - frm[0], end[1] - frm[1]
    xbit = 2 if dx > 0 else 8
    ybit = 4 if dy > 0 else 1
    table = _race(canon(dice), xbit, ybit)
    ax, ay = abs(dx), abs(dy)
    w = RACE_W
    if ax <= w and ay <= w:
        return table[ax][ay]
    corner = table[w][w]
    extra = max(0, ax - w) + max(0, ay - w)
    return table[min(ax, w)][min(ay, w)] + extra * corner / (2 * w)


@lru_cache(maxsize=CACHE)
def _race(dice: Dice, xbit: int, ybit: int) -> tuple[tuple[float, ...], ...]:
    """T[ax][ay], the expected turns to arrive ``ax`` cells toward ``xbit`` and ``ay`` toward ``ybit`` away
    (at most ``RACE_CAP``): cells by increasing distance, each roll's best arrival nearer (or staying), and the
    rolls worth taking chosen best first (staying on the others)."""
    w = RACE_W
    big = RACE_CAP
    rolls: dict[int, list[tuple[int, float]]] = {}
    for m, r, q in roll_table(dice):
        if m and m & (xbit | ybit):
            rolls.setdefault(m & (xbit | ybit), []).append((r, q))
    top = max((r for group in rolls.values() for r, _ in group), default=0)
    t = [[0.0] * (w + 1) for _ in range(w + 1)]
    for total in range(1, 2 * w + 1):
        for ax in range(max(0, total - w), min(w, total) + 1):
            ay = total - ax
            options: list[tuple[float, float]] = []
            for m, group in rolls.items():
                best = [big] * (top + 1)  # best[r]: the lowest turns left after a move of reach r
                for r in range(1, top + 1):
                    b = best[r - 1]
                    if m & xbit and r <= ax and t[ax - r][ay] < b:
                        b = t[ax - r][ay]
                    if m & ybit and r <= ay and t[ax][ay - r] < b:
                        b = t[ax][ay - r]
                    k = r // 2
                    if m == xbit | ybit and k and r % 2 == 0 and k <= ax and k <= ay and t[ax - k][ay - k] < b:
                        b = t[ax - k][ay - k]
                    best[r] = b
                for r, q in group:
                    if best[r] < big:
                        options.append((best[r], q))
            options.sort()
            value, num, den = big, 1.0, 0.0
            for b, q in options:
                if b >= value:
                    break
                num += q * b
                den += q
                value = min(big, num / den)
            t[ax][ay] = value
    return tuple(tuple(row) for row in t)


# --- shared helpers ---------------------------------------------------------------------------------------
def best(scored: list[tuple[float, Any]]) -> Any:
    """The action of highest value; the first one among equals (the caller shuffled them)."""
    top, choice = scored[0]
    for value, action in scored[1:]:
        if value > top:
            top, choice = value, action
    return choice


def ending_result(state: MarchandsState, action: Any, me: int) -> bool | None:
    """For a move onto the end cell: True if it wins, False if not; None for any other move."""
    assert state.board is not None
    to = tuple(action.to) if isinstance(action, Move) else None
    if to != state.board.end or to == state.pos[me]:
        return None
    return state.apply(action).winner() == me


def util(state: MarchandsState, me: int) -> float:
    """Coins against the rivals: its own, minus ``LEADW`` times the richest rival's and the rest times their
    mean (plus a hundredth of its power, the tie-break)."""
    rivals = [state.coins[q] for q in range(state.num_players) if q != me]
    mean = sum(rivals) / len(rivals)
    return state.coins[me] - LEADW * max(rivals) - (1 - LEADW) * mean + 0.01 * state.power(me)


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
            if a != LEAVE and _weighed(dice, a) and sane(dice, a)
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
            and _weighed(dice, a)
            and merchant.refusal(dice, coins, a, on) is None
            and sane(dice, a)
        ):
            scored.append((trade_gain(dice, coins, richest, turns, a, near), a))
    return _top(scored)


def _weighed(dice: Dice, action: Any) -> bool:
    """A transaction the expert weighs at all: any but a die bought when it holds ``MAXDICE`` already."""
    return not (isinstance(action, Buy) and len(dice) >= MAXDICE)


_SPECIALS: dict[int, tuple[Any, tuple[Cell, ...], tuple[Cell, ...]]] = {}


def open_bonus_cells(state: MarchandsState, me: int, cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """The bonus cells among ``cells`` that still serve ``me`` (all of them unless the option bonus_once is on)."""
    if not state.options.bonus_once:
        return cells
    return tuple(c for c in cells if state.bonus_open(me, c))


def special_cells(board: Any) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
    """The board's bonus and merchant cells (kept for the last boards seen: a game reads them every turn)."""
    got = _SPECIALS.get(id(board))
    if got is None or got[0] is not board:
        if len(_SPECIALS) > 16:
            _SPECIALS.clear()
        got = _SPECIALS[id(board)] = (board, board.cells_of("bonus"), board.cells_of("merchant"))
    return got[1], got[2]


# --- normal ---------------------------------------------------------------------------------------------
class Normal:
    """Greedy on the arrival; heads for the end cell when ahead, else drifts toward the nearest bonus."""

    def __init__(self, state: MarchandsState, me: int, rng: random.Random) -> None:
        self.state, self.me, self.rng = state, me, rng
        assert state.board is not None
        self.board = state.board
        self.bonus_cells = open_bonus_cells(state, me, self.board.cells_of("bonus"))

    def resolve(self, s: MarchandsState) -> tuple[MarchandsState, float]:
        extra = 0.0
        for _ in range(4):
            if s.phase == "bonus" and s.current == self.me:
                ids = [a.choice for a in bonuses(s.legal_actions())]
                s = s.apply(Bonus("coins" if "coins" in ids else ids[0]))
            elif s.phase == "merchant" and s.current == self.me:
                action, gain = merchant_choice(s, self.me, level="normal")
                if action != LEAVE:
                    extra += gain + merchant.price(s.dice[self.me], action)
                s = s.apply(action)
            else:
                break
        return s, extra

    def move_value(self, action: Move) -> float:
        me = self.me
        s, extra = self.resolve(self.state.apply(action))
        if s.phase == "over":
            return WIN if s.winner() == me else -WIN
        cell = s.pos[me]
        v = util(s, me) + extra
        if s.winner() == me:
            end = self.board.end
            v += 0.5 * WIN * reach_chance(s.dice[me], cell, end)
            v += 0.3 * (2 * self.board.size - manhattan(cell, end))  # nearer is better, never a penalty
        else:  # drift toward the nearest bonus cell but the one it stands on (step off, come back)
            others = [manhattan(cell, b) for b in self.bonus_cells if b != cell]
            if others:
                v -= 0.05 * min(others)
        return v


# --- expert ---------------------------------------------------------------------------------------------
class Expert:
    """Coins, exposure, threat and a one-turn look-ahead with a potential field (see ``ai.py``)."""

    def __init__(self, state: MarchandsState, me: int, rng: random.Random) -> None:
        self.state, self.me, self.rng = state, me, rng
        assert state.board is not None
        self.board = state.board
        self.bonus_cells, self.merchant_cells = special_cells(self.board)
        self.bonus_cells = open_bonus_cells(state, me, self.bonus_cells)
        self.lead = state.coins[me] - max(state.coins[q] for q in range(state.num_players) if q != me)
        self._cv: dict[Any, dict[Cell, float]] = {}
        # before its first transaction, with a lead: the worth of trading (TRIP) and the merchants it heads for
        self.trip = TRIP if self.lead >= TRIP_LEAD and state.coins[me] >= 2 and not traded(state, me) else 0.0
        self.near_merchants: tuple[Cell, ...] = ()
        if self.trip:
            here, dice = state.pos[me], state.dice[me]
            nearest = sorted(self.merchant_cells, key=lambda m: manhattan(m, here))[:TRIP_NEAR]
            self.near_merchants = tuple(
                m for m in nearest if self.lead >= TRIP_LEAD + TRIP_RATE * race_turns(dice, here, m)
            )

    def trip_of(self, s: MarchandsState) -> float:
        """``TRIP`` in a position where it has not traded yet (a position after a transaction: 0)."""
        return 0.0 if traded(s, self.me) else self.trip

    def waiting(self, cell: Cell) -> bool:
        """Staying on ``cell`` waits for a roll that reaches a bonus cell or a rival worth robbing: no stall."""
        s, me = self.state, self.me
        dice = s.dice[me]
        if any(reach_chance(dice, cell, b) > 0 for b in self.bonus_cells):
            return True
        return any(s.coins[q] >= 4 and reach_chance(dice, cell, s.pos[q]) > 0 for q in range(s.num_players) if q != me)

    # resolving the cell's effect with its own choices
    def move_value(self, action: Move) -> float:
        s1 = self.state.apply(action)
        if s1.phase == "bonus" and s1.current == self.me:
            return max(self.bonus_value(a, s1) for a in bonuses(s1.legal_actions()))
        if s1.phase == "merchant" and s1.current == self.me:
            return max(self.trade_value(s1, a) for a in self.trades(s1))
        return self.position_value(s1)

    def move_steps(self, action: Move) -> Any:
        """``move_value`` as a search generator: at a merchant, one transaction weighed per unit of work."""
        s1 = self.state.apply(action)
        if not (s1.phase == "merchant" and s1.current == self.me):
            return self.move_value(action)
        top = -math.inf
        for a in self.trades(s1):
            top = max(top, self.trade_value(s1, a))
            yield
        return top

    def trades(self, s: MarchandsState, offered: Any = None) -> list[Any]:
        """LEAVE and the ``TRADES`` transactions of highest ``trade_gain`` (of ``offered``, else every legal
        one) that leave the dice able to move."""
        me = self.me
        dice, coins = s.dice[me], s.coins[me]
        rich = max(s.coins[q] for q in range(s.num_players) if q != me)
        turns = horizon(s)
        scored = [
            (trade_gain(dice, coins, rich, turns, a), i, a)
            for i, a in enumerate(offered if offered is not None else s.legal_actions())
            if a != LEAVE and merchant.price(dice, a) <= MAXPRICE and _weighed(dice, a) and sane(dice, a)
        ]
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [LEAVE] + [a for g, _, a in scored[:TRADES] if g > -2.0]

    def trade_value(self, s: MarchandsState, action: Any) -> float:
        """The position after the transaction (coins paid, exposure, the rival's threat, the next turn with
        the new dice) plus the worth of the coverage won (and the cheapness of surplus coins)."""
        me = self.me
        s2 = s.apply(action)
        if action == LEAVE:
            return self.position_value(s2)
        dice, coins = s.dice[me], s.coins[me]
        rich = max(s.coins[q] for q in range(s.num_players) if q != me)
        extra = trade_gain(dice, coins, rich, horizon(s), action) + merchant.price(dice, action) + self.trip_of(s)
        return self.position_value(s2) + extra

    def bonus_value(self, action: Bonus, state: MarchandsState | None = None) -> float:
        me = self.me
        s = (state or self.state).apply(action)
        if s.phase == "roll" and s.current == me:  # the replay: one more move now
            cell = s.pos[me]
            return util(s, me) + self.lookahead(s, cell) - 0.5 * self.exposure(s, cell) - 0.5 * self.threat(s)
        if s.phase in ("bonus", "merchant") and s.current == me:
            return util(s, me)
        return self.position_value(s)

    def position_value(self, s: MarchandsState) -> float:
        me = self.me
        if s.phase == "over":
            return WIN if s.winner() == me else -WIN
        cell = s.pos[me]
        return util(s, me) - self.exposure(s, cell) - self.threat(s) + GAMMA * self.lookahead(s, cell)

    # risks
    def exposure(self, s: MarchandsState, cell: Cell) -> float:
        """Coins (and margin) the rivals are expected to steal from us on ``cell`` before our next turn."""
        half = s.coins[self.me] // 2
        if half == 0:
            return 0.0
        risk = sum(reach_chance(s.dice[q], s.pos[q], cell) for q in range(s.num_players) if q != self.me)
        return EXPOSE * min(1.0, risk) * half * 2.0

    def threat(self, s: MarchandsState) -> float:
        """A won game times the chance that the rival who would win now reaches the end cell first."""
        leader = s.winner()
        if leader is None or leader == self.me:
            return 0.0
        return WIN * reach_chance(s.dice[leader], s.pos[leader], self.board.end)

    # the next turn
    def cell_values(self, s: MarchandsState) -> tuple[dict[Cell, float], Any]:
        me = self.me
        ahead = s.winner() == me
        trip = self.trip_of(s)
        key = (ahead, s.coins, s.dice[me], trip, s.served_by(me))
        cache = self._cv.get(key)
        if cache is None:
            cache = self._cv[key] = {}
        bonus_cells = open_bonus_cells(s, me, self.bonus_cells)  # (bonus_once: less those used since)
        targets: list[tuple[Cell, float]] = [(b, BONUS) for b in bonus_cells]
        steal: dict[Cell, float] = {}
        for q in range(s.num_players):
            if q != me and s.coins[q] >= 2:
                value = (s.coins[q] // 2) * 2.0
                steal[s.pos[q]] = steal.get(s.pos[q], 0.0) + value
                targets.append((s.pos[q], STEAL_LATER * value))
        rich = max(s.coins[q] for q in range(s.num_players) if q != me)
        args = (s.dice[me], s.coins[me], rich, horizon(s), s.options.on)
        trade = max(0.0, expert_trade(*args)[1])  # a merchant its next roll reaches
        far = max(0.0, expert_trade(*args, near=False)[1])  # the pull of the merchants further away
        if (far > 0 and MPHI > 0) or trip > 0:
            targets += [(m, MPHI * far + trip) for m in self.merchant_cells]
        if ahead:
            targets.append((self.board.end, 0.5 * WIN))
            # how hard it races is set by the lead of the position decided on, the same for every option
            # weighed (a figure that grew with the coins would count them twice, and forbid spending any)
            pull, align = min(PULL_MAX, max(1, self.lead) / PULL), ALIGN * WIN
        else:  # not ahead: no pull toward the centre (every turn spent away from farming costs a lead)
            pull, align = 0.0, 0.0
        tripk = TRIPK if trip > 0 and s.coins[me] >= 2 else 0.0  # coins a turn of the journey to a merchant
        length = 1.0 + mean_reach(s.dice[me])
        if s.coins[me] >= 2:  # its first transaction, if it can pay for a die
            trade += trip
        return cache, (ahead, targets, steal, length, s.dice[me], (pull, align, tripk), trade, frozenset(bonus_cells))

    def toward(self, k: float, dice: Dice, cell: Cell) -> float:
        """Before its first transaction: ``k`` coins a turn of the journey from ``cell`` to the nearest of the
        merchants it heads for (a cost that trading ends)."""
        if not k or not self.near_merchants:
            return 0.0
        return -k * min(RACE_CAP, min(race_turns(dice, cell, m) for m in self.near_merchants))

    def closeness(self, pull: float, dice: Dice, cell: Cell) -> float:
        """When ahead: ``pull`` coins a cell nearer the end cell, the cells counted as turns of its race."""
        if not pull:
            return 0.0
        return pull * RACE_V * max(0.0, RACE_CAP - race_turns(dice, cell, self.board.end))

    def phi(self, cell: Cell, targets: list[tuple[Cell, float]], length: float) -> float:
        total = 0.0
        for t, v in targets:
            # standing on a target is not reaching it: it takes a step off and one back
            d = abs(cell[0] - t[0]) + abs(cell[1] - t[1]) or ONTOP
            if d < 6 * length:
                total += v * math.exp(-d / length)
        return total

    def cell_value(self, cell: Cell, cache: dict[Cell, float], ctx: Any) -> float:
        got = cache.get(cell)
        if got is not None:
            return got
        ahead, targets, steal, length, dice, pull, trade, bonus_cells = ctx
        board = self.board
        kind = board.kind(cell)
        if kind == "end":
            value = WIN if ahead else -WIN
        else:
            where = board.twin(cell) if kind == "portal" else cell
            value = DELTA * self.phi(where, targets, length)
            if kind == "bonus" and cell in bonus_cells:  # (bonus_once: one that has served me is plain)
                value += BONUS
            elif kind == "merchant":
                value += MERCHANT + trade
            value += STEAL_LATER * steal.get(cell, 0.0)
            value += pull[1] * reach_chance(dice, where, board.end)
            value += self.closeness(pull[0], dice, where) + self.toward(pull[2], dice, where)
        cache[cell] = value
        return value

    def lookahead(self, s: MarchandsState, cell: Cell) -> float:
        """The expected value of the best arrival of our next roll from ``cell`` (exact over the rolls)."""
        cache, ctx = self.cell_values(s)
        table = roll_table(s.dice[self.me])
        top = max((r for _, r, _ in table), default=0)
        ahead, targets, steal, length, dice, pull = ctx[:6]
        stay = DELTA * self.phi(cell, targets, length)
        end = self.board.end
        stay += pull[1] * reach_chance(dice, cell, end)
        stay += self.closeness(pull[0], dice, cell) + self.toward(pull[2], dice, cell)
        prefix: dict[int, list[float]] = {}
        size = self.board.size
        for req, dx, dy, diag in LINES:
            steps = top // 2 if diag else top
            pm = [stay]
            x, y = cell
            for _ in range(steps):
                x, y = x + dx, y + dy
                if not (0 <= x < size and 0 <= y < size):
                    break
                pm.append(max(pm[-1], self.cell_value((x, y), cache, ctx)))
            prefix[req] = pm
        total = 0.0
        for m, r, q in table:
            if not m:
                total += q * stay
                continue
            b = stay
            for req, _, _, diag in LINES:
                if m & req == req:
                    pm = prefix[req]
                    k = r // 2 if diag else r
                    v = pm[k] if k < len(pm) else pm[-1]
                    if v > b:
                        b = v
            total += q * b
        return total
