"""Dés & Marchands' evaluations of a move and a bonus action (and, for the expert, a merchant transaction on
the whole position), for the computer players (see ``ai.py`` for the levels): ``Normal``, greedy on the
arrival, and ``Expert``, coins, exposure, threat and a one-turn look-ahead with a potential field. They read
the dice's odds from ``odds`` and the worth of a transaction from ``ai_trade``. Nothing here assumes a board
size: cells and the end cell come from the board."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from dicehall.games.marchands import merchant
from dicehall.games.marchands.actions import LEAVE, Bonus, Move
from dicehall.games.marchands.ai_trade import (
    MAXPRICE,
    expert_trade,
    horizon,
    merchant_choice,
    sane,
    trade_gain,
    traded,
    weighed,
)
from dicehall.games.marchands.board import manhattan
from dicehall.games.marchands.odds import (
    LINES,
    RACE_CAP,
    Cell,
    Dice,
    mean_reach,
    race_turns,
    reach_chance,
    roll_table,
)
from dicehall.games.marchands.rules import Action, MarchandsState


def bonuses(actions: Sequence[Action]) -> list[Bonus]:
    """The legal actions of a bonus phase, in their order: all of them Bonus (the phase offers nothing else)."""
    out = [a for a in actions if isinstance(a, Bonus)]
    assert len(out) == len(actions)
    return out


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
PULL, PULL_MAX = 20.0, 3.0  # when ahead: coins per cell nearer the end cell = lead / PULL, at most PULL_MAX
# (counted as a bonus for nearness, never as a penalty for distance: a lead must never look worse than none)
MPHI = 1.0  # the weight of a merchant's best transaction in the potential field (seen from afar)
ONTOP = 2  # the distance a target counts for in the potential field when standing on it
# When ahead it races for the end cell counting the turns its dice need to arrive there (``race_turns``),
# at RACE_V cells a turn, from ``RACE_CAP`` turns (never a penalty). Faster dice make a shorter race, and the
# race values them.
RACE_V = 1.5
# Its first transaction (its first die, mostly) is worth TRIP more than ``trade_gain`` says, while it leads
# by TRIP_LEAD coins or more (after paying it is still ahead: a rival ahead by a coin races for the end
# cell); and then it heads for the nearest merchants (TRIP_NEAR of them, by distance), at TRIPK coins a
# turn of its expected journey (``race_turns``), those whose journey its lead can afford: a lead of at least
# TRIP_LEAD + TRIP_RATE coins per turn of the journey (what the rival farms meanwhile).
TRIP, TRIP_LEAD, TRIP_NEAR, TRIPK, TRIP_RATE = 20.0, 4, 3, 2.0, 0.3
TRADES = 4  # transactions weighed in full at a merchant (the best by ``trade_gain``), besides leaving


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
            if a != LEAVE and merchant.price(dice, a) <= MAXPRICE and weighed(dice, a) and sane(dice, a)
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
