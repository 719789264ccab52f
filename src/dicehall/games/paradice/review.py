"""Paradice's evaluator for the game review (core/review.py): each seat's chance to win the game (a tie
shared), estimated.

The estimate is a conditional logit over the seats still in play (``review_model``, fitted by
``bench/review.py fit paradice`` on seeded games): a seat's odds grow with its wealth (its balance and its
events at their resale price) against the others', and with the money its events should bring in against
what it should pay the others' events and the jackpot's; with a round limit, where only cash counts at the
end, with its balance against the others' over the spread the rounds left allow. An eliminated seat's
chance is 0; a finished game's result is exact (the round limit reached: the richest wins).

The model reads only money and ownership (``Table``), so a move is valued without walking the pawn cell
by cell: every choice of a move is the mover's (the directions at the crossings, then the purchase), so a
direction is worth the best cell it can end on (``ai_eval.finals``: bis repetita included), a cell is
worth what landing there does to the table (the roll's payment, a purchase or a free copy, the jackpot,
the tirelire), valued by the model at the next roll. A roll is valued over its 36 outcomes (the 21
different pairs: the order of two dice changes nothing here). Where money runs short (a sale, an
elimination) the rules themselves are played through (``_line``), which the tests also use to check the
short way.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from dicehall.core.review import WIN, Scale, Values
from dicehall.games.paradice import review_model
from dicehall.games.paradice.actions import BUY, DECLINE, GO, ROLLS, Go, Sell
from dicehall.games.paradice.ai_eval import MEAN_GAIN, Evaluator, finals
from dicehall.games.paradice.board import (
    COPY_OF,
    EVENT,
    GAINS,
    cell,
    JACKPOT,
    KIND,
    RELANCE,
    ROUTES,
    TIRELIRE,
    neighbour,
)
from dicehall.games.paradice.options import RULE_DECLINED, RULE_LIQUIDATED, RULE_SOLD, ParadiceOptions
from dicehall.games.paradice.rules import NOBODY, POT, ParadiceState

HORIZON = 10.0  # rounds over which the events' income is counted (the computer players' horizon)
LINE_DEPTH = 4  # own choices looked through when the rules are played through; then the first one
# Marks, in winning chances: an inaccuracy from 1 %, a mistake from 3 %, a blunder from 8 %; the
# ratings' seven limits of the average loss per decision (docs/review.md).
SCALE = Scale(
    marks=(0.01, 0.03, 0.08),
    ratings=(0.0005, 0.001, 0.002, 0.003, 0.005, 0.008, 0.012),
    tolerance=0.25,
)
_PAIRS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))  # the 21 different rolls


@dataclass(slots=True)
class Table:
    """What the model reads of a position: money and ownership, and the round."""

    options: ParadiceOptions
    balances: list[int]
    copies: list[int]  # event copies per seat
    held: int  # copies owned by a seat or the jackpot
    ranks: tuple[int, ...]
    round: int

    @classmethod
    def of(cls, state: ParadiceState) -> Table:
        copies = [0] * state.num_players
        held = 0
        for owner in state.owners:
            if owner >= 0:
                copies[owner] += 1
            if owner != NOBODY:
                held += 1
        return cls(state.options, list(state.balances), copies, held, state.ranks, state.round)

    def copy(self) -> Table:
        return Table(self.options, list(self.balances), list(self.copies), self.held, self.ranks, self.round)


def model_key(options: ParadiceOptions) -> str:
    """Which fitted coefficients apply: with a round limit (cash counts at the end) or without."""
    return "open" if options.round_limit is None else "limit"


def table_rows(t: Table) -> tuple[tuple[float, ...] | None, ...]:
    """The model's inputs per seat (None: eliminated): its wealth against the table's (its log), and its
    expected net income over the horizon; with a round limit, also its cash lead over the spread of the
    rounds left. (Without a limit, the wealth's ratio beside its log made the fitted chance fall past
    1.5 times the table's mean wealth: left out, the chance grows with money. How soon a seat rolls was
    tried too and left out: the fit gave it no weight.)"""
    n = len(t.balances)
    playing = [p for p in range(n) if t.ranks[p] == 0]
    price = t.options.players * 1250
    wealth = {p: max(1.0, t.balances[p] + t.copies[p] * price) for p in playing}
    mean_wealth = sum(wealth.values()) / len(playing)
    mean_log = sum(math.log(w) for w in wealth.values()) / len(playing)
    opponents = len(playing) - 1
    limit = t.options.round_limit
    rounds = HORIZON if limit is None else max(0.0, limit - t.round + 0.5)
    horizon = min(HORIZON, rounds)
    mean_cash = sum(t.balances[p] for p in playing) / len(playing)
    spread = price * 2.0 * math.sqrt(rounds + 1.0)
    rows: list[tuple[float, ...] | None] = [None] * n
    for p in playing:
        net = MEAN_GAIN * (t.copies[p] * opponents - (t.held - t.copies[p])) * horizon
        if limit is None:
            rows[p] = (math.log(wealth[p]) - mean_log, net / mean_wealth)
        else:
            rows[p] = (math.log(wealth[p]) - mean_log, (t.balances[p] - mean_cash) / spread, net / spread)
    return tuple(rows)


def model_rows(state: ParadiceState) -> tuple[tuple[float, ...] | None, ...]:
    return table_rows(Table.of(state))


def model_positions(states: Sequence[ParadiceState]) -> list[int]:
    """Where the model applies: every roll (the bench fits and checks it there)."""
    return [i for i, s in enumerate(states) if s.phase == "roll"]


def table_estimate(t: Table) -> Values:
    """The model's chance of each seat (0 for the eliminated)."""
    beta = review_model.COEFFICIENTS[model_key(t.options)]
    rows = table_rows(t)
    z = [-math.inf if row is None else sum(b * x for b, x in zip(beta, row, strict=True)) for row in rows]
    top = max(z)
    e = [math.exp(max(-60.0, v - top)) if v != -math.inf else 0.0 for v in z]
    total = sum(e)
    return tuple(v / total for v in e)


def estimate(state: ParadiceState) -> Values:
    return table_estimate(Table.of(state))


def _result(state: ParadiceState) -> Values:
    share = 1.0 / len(state.winners)
    return tuple(share if p in state.winners else 0.0 for p in range(state.num_players))


class ParadiceEvaluator:
    unit = WIN
    scale = SCALE

    def __init__(self, options: ParadiceOptions) -> None:
        self.options = options

    def result(self, state: ParadiceState) -> Values:
        return _result(state)

    def exact(self, state: ParadiceState) -> bool:
        return state.phase == "over"

    def chance_value(self, state: ParadiceState) -> Values:
        return estimate(state) if state.phase != "over" else _result(state)

    # --- decisions --------------------------------------------------------------------------------
    def action_values(self, state: ParadiceState) -> list[tuple[Any, Values]]:
        """The position's value (its best action by the table: the short way, or the rules for a sale),
        and every action ranked as the expert ranks it (``ai_eval.Evaluator``: a direction by the best end
        it can reach with the next turn looked at, a purchase by what the copy should bring, a sale by
        what it loses), its money turned into chances by the model's slope for the mover's money."""
        mover = state.current
        table = self.table_values(state)
        base = max((v for _, v in table), key=lambda v: v[mover])
        units = _expert_units(state)
        if len(units) < 2 or _last_turn(state):  # the round limit ends the game after this move: exact
            return table
        slope = _money_slope(state)
        if slope[mover] <= 0.0:  # the model sees no gain in money here (a decided game): the table's values
            return table
        best = max(units.values())
        return [(a, tuple(b + k * (units[a] - best) for b, k in zip(base, slope, strict=True))) for a, _ in table]

    def table_values(self, state: ParadiceState) -> list[tuple[Any, Values]]:
        """Every action by the table it leaves at the next roll (the short way where it applies)."""
        mover = state.current
        a, b = state.dice or (1, 1)
        if state.phase == "direction":
            base = Table.of(state)
            payment = _payment(state, a, b)
            out: list[tuple[Any, Values]] = []
            for direction in ROUTES[mover][state.pawn]:
                ends = finals(mover, neighbour(state.pawn, direction), state.steps - 1, a + b)
                value = self._best_end(state, base, ends, payment)
                if value is None:
                    return self.played_values(state)
                out.append((GO[direction], value))
            return out
        if state.phase == "buy":
            base = Table.of(state)
            copy = COPY_OF[state.pawn]
            return [(BUY, self._bought(state, base, copy)), (DECLINE, self._declined(state, base, copy))]
        return self.played_values(state)

    def played_values(self, state: ParadiceState) -> list[tuple[Any, Values]]:
        """Every action's value through the rules themselves (sales; and the tests' check of the short way)."""
        mover = state.current
        return [(action, self._line(state.apply(action), mover, 1)) for action in state.legal_actions()]

    def _line(self, state: ParadiceState, mover: int, depth: int) -> Values:
        """The value once the mover's own choices of this move are made at their best (the first one past
        LINE_DEPTH; and always the first sale: the model sees every copy alike, and sales would branch at
        every copy), at the next roll or the end."""
        while state.phase not in ("roll", "over"):
            actions = state.legal_actions()
            if depth < LINE_DEPTH and len(actions) > 1 and state.phase != "sell":
                return max((self._line(state.apply(a), mover, depth + 1) for a in actions), key=lambda v: v[mover])
            state = state.apply(actions[0])
        return self.chance_value(state)

    # --- chance -----------------------------------------------------------------------------------
    def outcome_values(self, state: ParadiceState) -> list[tuple[Any, float, Values]]:
        """The 36 rolls, valued once per pair: (a, b) and (b, a) move and pay alike."""
        work = self.outcome_work(state)
        try:
            while True:
                next(work)
        except StopIteration as stop:
            out: list[tuple[Any, float, Values]] = stop.value
            return out

    def outcome_work(self, state: ParadiceState) -> Generator[None, None, list[tuple[Any, float, Values]]]:
        """``outcome_values`` in slices: one pair of dice per slice (short of money, the rules play it
        through, a sale at a time)."""
        out = []
        base = Table.of(state)
        mover = state.current
        payments = _payments(state)
        for a, b in _PAIRS:
            roll = ROLLS[roll_index(a, b)]
            value = self._best_end(state, base, finals(mover, state.pawn, a + b, a + b), payments[roll_index(a, b)])
            if value is None:  # what the short way leaves to the rules
                child = state.apply(roll)
                value = self._line(child, mover, 1) if child.phase not in ("roll", "over") else self.chance_value(child)
            out.append((roll, 1 / 36, value))
            if a != b:
                out.append((ROLLS[roll_index(b, a)], 1 / 36, value))
            yield
        return out

    # --- the short way ----------------------------------------------------------------------------
    def _best_end(self, state: ParadiceState, base: Table, ends: Sequence[int], payment: Payment) -> Values | None:
        """The best of the cells the move can end on, for the mover, once the roll is paid (cells that do
        the same to the table are valued once); None where the rules must be played through."""
        mover = state.current
        best: Values | None = None
        seen: set[tuple[str, int]] = set()
        for end in ends:
            effect = _effect(state, end)
            if effect in seen:
                continue
            seen.add(effect)
            value = self._landing(state, base, end, payment)
            if value is None:
                return None
            if best is None or value[mover] > best[mover]:
                best = value
        assert best is not None
        return best

    def _landing(self, state: ParadiceState, base: Table, end: int, payment: Payment) -> Values | None:
        """The value of ending the move on ``end``: short of money, the fewest sales that pay the roll (or
        the elimination); the roll paid (all to the jackpot on a tirelire), then the cell's action (the
        purchase at its best, a free copy, the jackpot). None where the rules must decide: the sales of
        rule 2 (a copy sold may be owed at once), a sale on one's own event's cell (which copy is sold
        matters), an elimination under rule 4 (the liquidated copies are owed too)."""
        mover = state.current
        t = base.copy()
        jackpot = state.jackpot
        kind = KIND[end]
        balance, price = t.balances[mover], state.price
        if payment.total > balance:
            if payment.total > balance + t.copies[mover] * price:
                return None if state.options.rule(RULE_LIQUIDATED) else self._eliminated(state, t, end, payment)
            if state.options.rule(RULE_SOLD) or (kind == EVENT and state.owners[COPY_OF[end]] == mover):
                return None
            sales = -(-(payment.total - balance) // price)
            t.balances[mover] += sales * price
            t.copies[mover] -= sales
            t.held -= sales
        if kind == TIRELIRE:
            t.balances[mover] -= payment.total
            jackpot += payment.total
        else:
            t.balances[mover] -= payment.total
            for seat, amount in payment.to_seats:
                t.balances[seat] += amount
            jackpot += payment.to_pot
        if kind == JACKPOT:
            t.balances[mover] += jackpot
            return self._turn_over(state, t)
        if kind == RELANCE:  # the same player rolls again: no turn over
            return table_estimate(t)
        if kind != EVENT:
            return self._turn_over(state, t)  # a ladder, a relance, a tirelire: nothing the model reads
        copy = COPY_OF[end]
        owner = state.owners[copy]
        if owner not in (NOBODY, POT):
            return self._turn_over(state, t)
        if state.owners[copy ^ 1] == mover:  # the second copy, free
            t.copies[mover] += 1
            t.held += owner == NOBODY
            return self._turn_over(state, t)
        declined = self._declined(state, t, copy)
        if t.balances[mover] < state.price:
            return declined
        bought = self._bought(state, t, copy)
        return bought if bought[mover] >= declined[mover] else declined

    def _eliminated(self, state: ParadiceState, t: Table, end: int, payment: Payment) -> Values:
        """The mover cannot pay even by selling everything: his copies are freed, every creditor is paid in
        full (the jackpot on a tirelire), he leaves; the last one in play wins."""
        mover = state.current
        if KIND[end] == EVENT and state.owners[COPY_OF[end]] == NOBODY and state.options.rule(RULE_DECLINED):
            t.held += 1  # the declined copy he stood on goes to the jackpot
        t.held -= t.copies[mover]
        t.copies[mover] = 0
        if KIND[end] != TIRELIRE:
            for seat, amount in payment.to_seats:
                t.balances[seat] += amount
        rank = sum(1 for r in t.ranks if r == 0)
        t.ranks = t.ranks[:mover] + (rank,) + t.ranks[mover + 1 :]
        if rank == 2:
            return tuple(1.0 if t.ranks[p] == 0 else 0.0 for p in range(state.num_players))
        return self._turn_over(state, t)

    def _bought(self, state: ParadiceState, base: Table, copy: int) -> Values:
        t = base.copy()
        t.balances[state.current] -= state.price
        t.copies[state.current] += 1
        t.held += state.owners[copy] == NOBODY
        return self._turn_over(state, t)

    def _declined(self, state: ParadiceState, base: Table, copy: int) -> Values:
        if state.owners[copy] == NOBODY and state.options.rule(RULE_DECLINED):
            t = base.copy()
            t.held += 1  # to the jackpot
            return self._turn_over(state, t)
        return self._turn_over(state, base)

    def _turn_over(self, state: ParadiceState, t: Table) -> Values:
        """The model's value at the next roll; the result if the round limit ends the game there."""
        n, me = state.num_players, state.current
        following = next(p % n for p in range(me + 1, me + n + 1) if t.ranks[p % n] == 0)
        if following <= me:
            limit = state.options.round_limit
            if limit is not None and t.round >= limit:
                playing = [p for p in range(n) if t.ranks[p] == 0]
                top = max(t.balances[p] for p in playing)
                winners = [p for p in playing if t.balances[p] == top]
                return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(n))
            t.round += 1
        return table_estimate(t)


@dataclass(frozen=True, slots=True)
class Payment:
    total: int
    to_seats: tuple[tuple[int, int], ...]
    to_pot: int


def _expert_units(state: ParadiceState) -> dict[Any, float]:
    """The expert's money for each legal action (as ``ai.ParadiceAgent`` weighs them)."""
    me = state.current
    legal = state.legal_actions()
    evaluator = Evaluator(state, me, True)
    if state.phase == "direction":
        a, b = state.dice or (1, 1)
        to_opponents, to_pot = evaluator.payment(a, b)
        cash = state.balances[me] - to_opponents - to_pot
        out = {}
        for action in legal:
            assert isinstance(action, Go)
            ends = finals(me, neighbour(state.pawn, action.direction), state.steps - 1, a + b)
            out[action] = max(evaluator.final_value(end, to_opponents, to_pot, cash) for end in ends)
        return out
    if state.phase == "buy":
        return {BUY: evaluator.buy_gain(), DECLINE: 0.0}
    a, b = state.dice or (1, 1)
    roll = (a - 1) * 6 + b - 1
    return {
        action: -evaluator.sale_loss(cell(action.x, action.y), roll) for action in legal if isinstance(action, Sell)
    }


def _last_turn(state: ParadiceState) -> bool:
    """The round limit ends the game once this player's turn is over (the last seat in play of the last
    round): every move is then valued by the game's result."""
    limit, n, me = state.options.round_limit, state.num_players, state.current
    if limit is None or state.round < limit:
        return False
    return all(state.ranks[p] != 0 for p in range(me + 1, n))


def _money_slope(state: ParadiceState) -> list[float]:
    """Each seat's chance per unit of the mover's money, as the model sees it (a copy's price either way)."""
    t = Table.of(state)
    step = float(state.price)
    richer, poorer = t.copy(), t.copy()
    richer.balances[state.current] += state.price
    poorer.balances[state.current] -= state.price
    high, low = table_estimate(richer), table_estimate(poorer)
    return [(h - lo) / (2 * step) for h, lo in zip(high, low, strict=True)]


def roll_index(a: int, b: int) -> int:
    return (a - 1) * 6 + b - 1


def _payment(state: ParadiceState, a: int, b: int) -> Payment:
    """What the mover owes for the roll (a, b), per creditor."""
    to_seats: dict[int, int] = {}
    to_pot = 0
    for _, creditor, amount in state.gains(a, b):
        if creditor == POT:
            to_pot += amount
        else:
            to_seats[creditor] = to_seats.get(creditor, 0) + amount
    return Payment(to_pot + sum(to_seats.values()), tuple(sorted(to_seats.items())), to_pot)


def _payments(state: ParadiceState) -> list[Payment]:
    """``_payment`` of each of the 36 rolls (by ``roll_index``), the copies' gains summed per creditor at once."""
    me = state.current
    per_creditor: dict[int, list[int]] = {}
    for i, owner in enumerate(state.owners):
        if owner == NOBODY or owner == me:
            continue
        row = GAINS[i // 2]
        acc = per_creditor.get(owner)
        per_creditor[owner] = list(row) if acc is None else [x + y for x, y in zip(acc, row, strict=True)]
    pot = per_creditor.pop(POT, None)
    seats = sorted(per_creditor.items())
    out = []
    for r in range(36):
        to_seats = tuple((seat, sums[r]) for seat, sums in seats if sums[r])
        to_pot = pot[r] if pot is not None else 0
        out.append(Payment(to_pot + sum(amount for _, amount in to_seats), to_seats, to_pot))
    return out


def _effect(state: ParadiceState, end: int) -> tuple[str, int]:
    """What ending on ``end`` does to the table, as a key: cells with the same key are worth the same."""
    kind = KIND[end]
    if kind in (TIRELIRE, JACKPOT, RELANCE):
        return (kind, 0)
    if kind != EVENT:
        return ("plain", 0)
    copy = COPY_OF[end]
    owner = state.owners[copy]
    if owner not in (NOBODY, POT):
        return ("plain", 0)
    return ("free" if state.owners[copy ^ 1] == state.current else "buy", owner)


def evaluator(options: ParadiceOptions) -> ParadiceEvaluator:
    return ParadiceEvaluator(options)


__all__ = [
    "ParadiceEvaluator",
    "Table",
    "estimate",
    "evaluator",
    "model_key",
    "model_positions",
    "model_rows",
]
