"""Dés & Marchands' evaluator for the game review (core/review.py): each seat's chance to win the game,
estimated; exact once the game is over.

The estimate is a conditional logit over the seats (``review_model``, fitted by ``bench/review.py fit
marchands`` on seeded games) of each seat's coins over the table's, whether it leads (the richest wins
when the game stops), the chance its dice take it to the end cell on its next roll while it leads, and,
for the player whose dice have just landed, the best his roll offers at once (a bonus cell, a rival to
rob, a merchant, the end cell).

A decision is valued as the expert values it, in coins (``ai_eval.Expert``: a move by the position it
leads to, the cell's bonus or transaction taken at its best, with the exposure to the rivals, their
threat and the next turn's look-ahead; a bonus action; a transaction), turned into winning chances by the
model's slope for the mover's coins: the best action is worth the position's value, another one less by
the coins it loses times that slope (the other seats' chances move the other way). A roll is valued over
every face of the dice still in the air (rolls that move alike are valued once). The board's layout is
not counted as luck (every layout is worth the same before the game).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import product
from typing import Any

from dicehall.ai.agent import Search
from dicehall.core.review import WIN, Scale, Values
from dicehall.games.marchands import review_model
from dicehall.games.marchands.actions import Bonus, Move, Side
from dicehall.games.marchands.ai_eval import WIN as EXPERT_WIN
from dicehall.games.marchands.ai_eval import Expert
from dicehall.games.marchands.odds import reach_chance
from dicehall.games.marchands.options import MarchandsOptions
from dicehall.games.marchands.rules import MarchandsState

BONUS_COINS, ROB, MERCHANT, END = 5.0, 2.0, 1.0, 20.0  # what the best arrival of a roll offers, in coins
# Marks, in winning chances: an inaccuracy from 2 %, a mistake from 5 %, a blunder from 10 %; the
# ratings' seven limits of the average loss per decision (docs/review.md).
SCALE = Scale(
    marks=(0.02, 0.05, 0.10),
    ratings=(0.001, 0.002, 0.004, 0.007, 0.011, 0.016, 0.024),
    tolerance=0.3,
)


def model_key(options: MarchandsOptions) -> str:
    return "all"


def offer(state: MarchandsState) -> float:
    """The best a move of this roll brings at once, in coins: a bonus, half a rival's purse (counted
    twice: his loss is my gain against him), a merchant, the end cell while leading (or a loss)."""
    board = state.board
    assert board is not None
    me = state.current
    best = 0.0
    for cell in state.destinations():
        if cell == state.pos[me]:
            continue
        gain = ROB * sum(state.coins[q] // 2 for q in range(state.num_players) if q != me and state.pos[q] == cell)
        kind = board.kind(cell)
        if kind == "bonus" and state.bonus_open(me, cell):
            gain += BONUS_COINS
        elif kind == "merchant":
            gain += MERCHANT
        elif kind == "end":
            gain = END if state.winner() == me else -END
        best = max(best, gain)
    return best


def model_rows(state: MarchandsState) -> tuple[tuple[float, ...], ...]:
    """The model's inputs per seat: its coins over the table's scale, whether it leads, its chance to
    reach the end cell on its next roll while it leads, and the mover's offer once his dice are down."""
    n = state.num_players
    board = state.board
    assert board is not None
    scale = 4.0 + sum(state.coins) / n
    leader = state.winner()
    mover = state.current if state.phase == "move" else None
    at_hand = offer(state) / scale if mover is not None else 0.0
    rows = []
    for p in range(n):
        leads = 1.0 if leader == p else 0.0
        ends = leads * reach_chance(state.dice[p], state.pos[p], board.end)
        rows.append((state.coins[p] / scale, leads, ends, at_hand if p == mover else 0.0))
    return tuple(rows)


def model_positions(states: Sequence[MarchandsState]) -> list[int]:
    """Where the model applies: the turns' starts and the moves (the bench fits and checks it there)."""
    return [i for i, s in enumerate(states) if s.phase in ("roll", "move")]


def estimate(state: MarchandsState) -> Values:
    beta = review_model.COEFFICIENTS["all"]
    z = [sum(b * x for b, x in zip(beta, row, strict=True)) for row in model_rows(state)]
    top = max(z)
    e = [math.exp(v - top) for v in z]
    total = sum(e)
    return tuple(v / total for v in e)


def _result(state: MarchandsState) -> Values:
    return tuple(state.returns())


class MarchandsEvaluator:
    unit = WIN
    scale = SCALE

    def __init__(self, options: MarchandsOptions) -> None:
        self.options = options

    def result(self, state: MarchandsState) -> Values:
        return _result(state)

    def exact(self, state: MarchandsState) -> bool:
        return state.phase == "over"

    def position(self, state: MarchandsState) -> Values:
        """A position's value: the result; the average over dice in the air; a game the mover wins by
        moving onto the end cell (he always does); else the model's."""
        if state.phase == "over":
            return _result(state)
        if state.phase in ("layout", "throw"):
            return self.chance_value(state)
        won = _winning_end(state)
        return _result(won) if won is not None else estimate(state)

    def chance_value(self, state: MarchandsState) -> Values:
        """Before the layout: every seat alike. Dice in the air: the average over their faces."""
        n = state.num_players
        if state.phase == "layout":
            return (1.0 / n,) * n
        return self._expected(state)

    def _expected(self, state: MarchandsState) -> Values:
        """The average value over every face of the dice still in the air (rolls alike valued once)."""
        me = state.current
        left = state.dice[me][len(state.rolled) :]
        found: dict[Any, Values] = {}
        total = [0.0] * state.num_players
        count = 0
        for sides in product(*(range(len(die)) for die in left)):
            child = state
            for i in sides:
                child = child.apply(Side(i))
            roll = child.roll_sum() if child.phase == "move" else None
            key = None if roll is None else (roll.reach, frozenset(roll.directions))
            value = found.get(key) if key is not None else None
            if value is None:
                value = self.position(child)
                if key is not None:
                    found[key] = value
            for p in range(len(total)):
                total[p] += value[p]
            count += 1
        return tuple(t / count for t in total)

    def outcome_values(self, state: MarchandsState) -> list[tuple[Any, float, Values]]:
        """A die: its faces and what follows (the layout: every board alike, valued once)."""
        outcomes = state.chance_outcomes()
        if state.phase == "layout":
            same = self.chance_value(state)
            return [(o, float(p), same) for o, p in outcomes]
        return [(o, float(p), self.position(state.apply(o))) for o, p in outcomes]

    def action_values(self, state: MarchandsState) -> list[tuple[Any, Values]]:
        """The expert's value of every legal action (coins), turned into chances around the position's;
        a move onto the end cell by the game's result."""
        return run(self.action_work(state))

    def action_work(self, state: MarchandsState) -> Search:
        """``action_values`` in slices: the expert values one action per slice (a move's look-ahead takes
        a few milliseconds)."""
        me = state.current
        base = estimate(state)
        slope = self._slope(state, me)
        units = yield from self.units(state)
        ending = {a for a, _ in units if isinstance(a, Move) and state.apply(a).phase == "over"}
        going_on = [v for a, v in units if a not in ending]
        best = max(going_on) if going_on else 0.0
        return [
            (
                a,
                _result(state.apply(a))
                if a in ending
                else tuple(b + s * (v - best) for b, s in zip(base, slope, strict=True)),
            )
            for a, v in units
        ]

    def _slope(self, state: MarchandsState, me: int) -> list[float]:
        """Each seat's chance per coin of the mover, as the model sees it (one coin either way)."""
        coins = state.coins
        up = estimate(_with_coins(state, me, coins[me] + 1))
        down = estimate(_with_coins(state, me, max(0, coins[me] - 1)))
        width = 1 + min(1, coins[me])
        return [(u - d) / width for u, d in zip(up, down, strict=True)]

    def units(self, state: MarchandsState) -> Search:
        """Every legal action with the expert's value in coins (a generator: one action per slice)."""
        me = state.current
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 0.0)]
        expert = Expert(state, me, random.Random(0))
        out: list[tuple[Any, float]] = []
        for action in legal:
            if isinstance(action, Move):
                after = state.apply(action)
                if after.phase == "over":  # the end cell (valued by the result: see action_values)
                    out.append((action, EXPERT_WIN if after.winner() == me else -EXPERT_WIN))
                else:
                    out.append((action, expert.move_value(action)))
            elif isinstance(action, Bonus):
                out.append((action, expert.bonus_value(action)))
            else:
                out.append((action, expert.trade_value(state, action)))
            yield
        return out


def run(work: Search) -> Any:
    """A generator's result, run to its end."""
    try:
        while True:
            next(work)
    except StopIteration as stop:
        return stop.value


def _winning_end(state: MarchandsState) -> MarchandsState | None:
    """The position after the mover's move onto the end cell, if his roll reaches it and it wins."""
    if state.phase != "move" or state.board is None or state.board.end not in state.destinations():
        return None
    after = state.apply(Move(state.board.end))
    return after if after.phase == "over" and after.winner() == state.current else None


def _with_coins(state: MarchandsState, seat: int, coins: int) -> MarchandsState:
    from dataclasses import replace

    return replace(state, coins=state.coins[:seat] + (coins,) + state.coins[seat + 1 :])


def evaluator(options: MarchandsOptions) -> MarchandsEvaluator:
    return MarchandsEvaluator(options)


__all__ = ["MarchandsEvaluator", "estimate", "evaluator", "model_key", "model_positions", "model_rows"]
