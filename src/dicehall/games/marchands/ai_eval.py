"""Dés & Marchands AI helpers: exact roll tables, reach chances, mobility, and the normal and expert
evaluations of a move, a bonus action and a merchant transaction (see ``ai.py`` for the levels)."""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

from dicehall.games.marchands import faces, merchant
from dicehall.games.marchands.actions import LEAVE, Bonus, Move, Sell
from dicehall.games.marchands.board import manhattan
from dicehall.games.marchands.rules import MarchandsState

Dice = tuple[tuple[str, ...], ...]
Cell = tuple[int, int]

BITS = {"N": 1, "E": 2, "S": 4, "W": 8}
# (req mask, dx, dy, diagonal) for the 8 lines a move can follow (y grows southwards)
LINES = ((1, 0, -1, False), (2, 1, 0, False), (4, 0, 1, False), (8, -1, 0, False),
         (3, 1, -1, True), (6, 1, 1, True), (12, -1, 1, True), (9, -1, -1, True))

# Expert figures, in coins (set by seeded games, bench/marchands_ai.py).
WIN = 60.0  # a won game
LEADW = 0.5  # a rival's coins count this much for the richest rival, the rest for their mean
BONUS = 5.0  # the +5 coins of a bonus cell
MERCHANT = 0.5  # a merchant visit, seen from afar
GAMMA = 0.9  # weight of the next turn's best arrival
DELTA = 0.6  # weight of the potential field (later turns)
ALIGN = 0.35  # weight of the chance to reach the end cell from a next-turn cell (when ahead)
EXPOSE = 0.8  # how likely a rival that can reach our cell does come and rob us
STEAL_LATER = 0.35  # a rival's cell seen from the next turn (he will have moved)
MOB = 3.0  # coins per unit of mobility (expected reach, distinct directions) of the dice
DIRW = 1.0  # mobility of one more distinct direction rolled
CUSHION = 4  # coins above the richest rival kept at full worth; the surplus beyond is cheap
PULL, PULL_MAX = 20.0, 3.0  # when ahead: coins per cell nearer the end cell = lead / PULL, at most PULL_MAX
# (counted as a bonus for nearness, never as a penalty for distance: a lead must never look worse than none)
SURPLUS = 0.35  # worth of a surplus coin at a merchant


# --- exact roll tables -----------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def _face(token: str) -> tuple[int, int, int]:
    roll = faces.roll_sum((token,))
    return sum(BITS[d] for d in roll.directions if d in BITS), roll.power, roll.factor


@lru_cache(maxsize=4096)
def roll_table(dice: Dice) -> tuple[tuple[int, int, float], ...]:
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
        key = (m, r) if m and r > 0 else (0, 0)
        out[key] = out.get(key, 0.0) + q
    return tuple((m, r, q) for (m, r), q in sorted(out.items()))


@lru_cache(maxsize=4096)
def survival(dice: Dice) -> dict[int, tuple[float, ...]]:
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


@lru_cache(maxsize=4096)
def mobility(dice: Dice) -> float:
    """Expected reach plus ``DIRW`` per distinct direction rolled (a roll without a move counts 0)."""
    return sum(q * (r + DIRW * bin(m).count("1")) for m, r, q in roll_table(dice) if m)


@lru_cache(maxsize=4096)
def mean_reach(dice: Dice) -> float:
    return sum(q * r for m, r, q in roll_table(dice) if m)


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


def merchant_choice(state: MarchandsState, me: int, actions: Any = None,
                    level: str = "expert") -> tuple[Any, float]:
    """The transaction of highest gain (mobility won minus the worth of the coins spent), LEAVE at 0."""
    if actions is None:
        actions = state.legal_actions()
    dice, coins = state.dice[me], state.coins[me]
    richest = max(state.coins[q] for q in range(state.num_players) if q != me)
    keep = richest + (CUSHION if level == "expert" else 2 * CUSHION)
    mob = MOB if level == "expert" else 1.0
    left = remaining_rounds(state)
    if left < 20:
        mob *= max(0.0, left / 20)

    def worth(c: int) -> float:  # coins beyond the richest rival's plus a cushion are cheap
        return min(c, keep) + SURPLUS * max(0, c - keep)

    m0, w0, p0 = mobility(dice), worth(coins), faces.tie_power(dice)
    scored: list[tuple[float, Any]] = [(0.0, LEAVE)]
    for a in actions:
        if a == LEAVE:
            continue
        if level == "normal" and isinstance(a, Sell):
            continue
        new = merchant.after(dice, a)
        gain = mob * (mobility(new) - m0) + worth(coins - merchant.price(dice, a)) - w0
        gain += 0.01 * (faces.tie_power(new) - p0)
        scored.append((gain, a))
    top, choice = scored[0]
    for value, action in scored[1:]:
        if value > top + 1e-9:
            top, choice = value, action
    return choice, top


# --- normal ---------------------------------------------------------------------------------------------
class Normal:
    """Greedy on the arrival; heads for the end cell when ahead, else drifts toward the nearest bonus."""

    def __init__(self, state: MarchandsState, me: int, rng: random.Random) -> None:
        self.state, self.me, self.rng = state, me, rng
        assert state.board is not None
        self.board = state.board
        self.bonus_cells = self.board.cells_of("bonus")

    def resolve(self, s: MarchandsState) -> tuple[MarchandsState, float]:
        extra = 0.0
        for _ in range(4):
            if s.phase == "bonus" and s.current == self.me:
                ids = [a.choice for a in s.legal_actions()]
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
        self.bonus_cells = self.board.cells_of("bonus")
        self._cv: dict[Any, dict[Cell, float]] = {}

    # resolving the cell's effect with its own choices
    def move_value(self, action: Move) -> float:
        s1 = self.state.apply(action)
        if s1.phase == "bonus" and s1.current == self.me:
            return max(self.bonus_value(a, s1) for a in s1.legal_actions())
        extra = 0.0
        if s1.phase == "merchant" and s1.current == self.me:
            choice, gain = merchant_choice(s1, self.me)
            if choice != LEAVE:
                extra = gain + merchant.price(s1.dice[self.me], choice)
            s1 = s1.apply(choice)
        return self.position_value(s1) + extra

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
        key = (ahead, s.coins, s.dice[me])
        cache = self._cv.get(key)
        if cache is None:
            cache = self._cv[key] = {}
        targets: list[tuple[Cell, float]] = [(b, BONUS) for b in self.bonus_cells]
        steal: dict[Cell, float] = {}
        for q in range(s.num_players):
            if q != me and s.coins[q] >= 2:
                value = (s.coins[q] // 2) * 2.0
                steal[s.pos[q]] = steal.get(s.pos[q], 0.0) + value
                targets.append((s.pos[q], STEAL_LATER * value))
        pull = 0.0
        if ahead:
            targets.append((self.board.end, 0.5 * WIN))
            lead = s.coins[me] - max(s.coins[q] for q in range(s.num_players) if q != me)
            pull = min(PULL_MAX, lead / PULL)
        length = 1.0 + mean_reach(s.dice[me])
        return cache, (ahead, targets, steal, length, s.dice[me], pull)

    def phi(self, cell: Cell, targets: list[tuple[Cell, float]], length: float) -> float:
        total = 0.0
        for t, v in targets:
            d = abs(cell[0] - t[0]) + abs(cell[1] - t[1])
            if d < 6 * length:
                total += v * math.exp(-d / length)
        return total

    def cell_value(self, cell: Cell, cache: dict[Cell, float], ctx: Any) -> float:
        got = cache.get(cell)
        if got is not None:
            return got
        ahead, targets, steal, length, dice, pull = ctx
        board = self.board
        kind = board.kind(cell)
        if kind == "end":
            value = WIN if ahead else -WIN
        else:
            where = board.twin(cell) if kind == "portal" else cell
            value = DELTA * self.phi(where, targets, length)
            if kind == "bonus":
                value += BONUS
            elif kind == "merchant":
                value += MERCHANT
            value += STEAL_LATER * steal.get(cell, 0.0)
            if ahead:
                value += ALIGN * WIN * reach_chance(dice, where, board.end)
                value += pull * (2 * board.size - manhattan(where, board.end))
        cache[cell] = value
        return value

    def lookahead(self, s: MarchandsState, cell: Cell) -> float:
        """The expected value of the best arrival of our next roll from ``cell`` (exact over the rolls)."""
        cache, ctx = self.cell_values(s)
        table = roll_table(s.dice[self.me])
        top = max((r for _, r, _ in table), default=0)
        ahead, targets, steal, length, dice, pull = ctx
        stay = DELTA * self.phi(cell, targets, length)
        if ahead:
            end = self.board.end
            stay += ALIGN * WIN * reach_chance(dice, cell, end)
            stay += pull * (2 * self.board.size - manhattan(cell, end))
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
