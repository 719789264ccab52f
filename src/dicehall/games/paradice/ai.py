"""Paradice computer players: easy, normal and expert.

Easy is the original program's automaton, exactly: a uniformly random direction among the allowed ones at
every crossing, always buys when it can (the purchase is offered only when affordable), and when short of
money sells one randomly chosen owned event at a time (its first copy if owned, else the second).

Normal and expert choose a direction by the value of the cells the move can end on (``ai_eval``): the
choices still to come on the way (bis repetita included) are their own, so a direction is worth its best
reachable end. The payment of the roll is the same wherever the pawn ends; what differs is the purchase
there (or the free second copy), the jackpot corner, the tirelire that sends the payment to the jackpot
instead of the opponents. Normal values that landing alone. Expert adds what the landing leads to: the
expected best landing of the next turn from where the pawn stands (after a ladder's jump), a relance as
the roll it gives (its mean payment against the best landing it offers), and the other copy of the
event (free later, or taken from an opponent who would get it free).

Both buy whenever the copy's income outweighs its price. A copy sells back at its price when money is
short, and an elimination sells everything at that price too, so buying never brings ruin nearer: no cash
reserve is kept. With a round limit, where only cash counts at the end, they stop buying when the rounds
left cannot pay the price back. When short they sell first what loses least: a copy whose other copy they
hold (it comes back free), never first one whose other copy an opponent holds (he would get it free), and
under rule 2 none that pays on this very roll (sold to the jackpot, it would be owed at once); the expert
also keeps the copies the opponents could land on next.

Why the expert chose a move, in words, is ``hint.why``.
"""

from __future__ import annotations

import random
from typing import Any, cast

from dicehall.ai.agent import Search, SearchAgent
from dicehall.games.paradice.actions import BUY, DECLINE, Go, Sell
from dicehall.games.paradice.ai_eval import Evaluator, finals
from dicehall.games.paradice.board import COPY_OF, cell, neighbour
from dicehall.games.paradice.rules import ParadiceState

LEVELS = ("easy", "normal", "expert")


class ParadiceAgent(SearchAgent):
    def __init__(self, level: str, seat: int, rng: random.Random, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.level, self.seat, self.rng = level, seat, rng

    def search(self, state: ParadiceState) -> Search:
        if state.phase == "direction":
            return (yield from self._direction(state))
        if state.phase == "buy":
            return self._buy(state)
        if state.phase == "sell":
            return (yield from self._sell(state))
        return state.legal_actions()[0]

    def _direction(self, state: ParadiceState) -> Search:
        actions = cast("list[Go]", list(state.legal_actions()))
        if self.level == "easy":
            return self.rng.choice(actions)
        self.rng.shuffle(actions)  # equal values are broken by the seat's own seeded generator
        me = state.current
        evaluator = Evaluator(state, me, self.level == "expert")
        a, b = state.dice or (1, 1)
        to_opponents, to_pot = evaluator.payment(a, b)
        cash = state.balances[me] - to_opponents - to_pot
        best, best_value = actions[0], float("-inf")
        for action in actions:
            value = float("-inf")
            for end in finals(me, neighbour(state.pawn, action.direction), state.steps - 1, a + b):
                value = max(value, evaluator.final_value(end, to_opponents, to_pot, cash))
                yield
            if value > best_value:
                best, best_value = action, value
        return best

    def _buy(self, state: ParadiceState) -> Any:
        if self.level == "easy":
            return BUY
        return BUY if Evaluator(state, state.current, self.level == "expert").buy_gain() > 0 else DECLINE

    def _sell(self, state: ParadiceState) -> Search:
        actions = cast("list[Sell]", list(state.legal_actions()))
        if self.level == "easy":
            return _automaton_sale(actions, self.rng)
        self.rng.shuffle(actions)
        evaluator = Evaluator(state, state.current, self.level == "expert")
        a, b = state.dice or (1, 1)
        roll = (a - 1) * 6 + b - 1
        best, best_loss = actions[0], float("inf")
        for action in actions:
            loss = evaluator.sale_loss(cell(action.x, action.y), roll)
            if loss < best_loss:
                best, best_loss = action, loss
            yield
        return best


def _automaton_sale(actions: list[Sell], rng: random.Random) -> Sell:
    """The original automaton's sale: a random owned event, its first copy if owned, else its second.
    ``actions`` come in the original's order (by event, first copy first)."""
    by_event: dict[int, Sell] = {}
    for action in actions:
        by_event.setdefault(COPY_OF[cell(action.x, action.y)] // 2, action)
    return by_event[rng.choice(sorted(by_event))]


def make_agent(level: str, seat: int, rng: random.Random) -> ParadiceAgent:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return ParadiceAgent(level, seat, rng)


__all__ = ["LEVELS", "ParadiceAgent", "make_agent"]
