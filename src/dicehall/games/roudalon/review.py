"""Le Roudalon's evaluator for the game review (core/review.py): each seat's chance to win the match (a
tie shared), estimated; exact once the match is over.

The match: a conditional logit over the seats (``review_model``, fitted by ``bench/review.py fit
roudalon`` on seeded matches) of each seat's standing (the nets of the games played) and of what the game
under way should bring it (the expert's party model, ``value.party_value``: what it should collect minus
what it has staked and will stake), over the spread of the games left.

A decision is valued as the expert values it, in units of the game under way (``value``: a throw alone by
its exact chance, a stake by the game going on, an alliance by its exact model over every die of every
member, an answer by the alliance joined against the game without it, a member's throw by its exact
value given the running total), and that value is turned into winning chances by the match model's slope
for the mover: the best action is worth the position's value, another one less by the units it loses
times that slope (the other seats' chances move the other way, in proportion to their own slopes). A die
is valued over its six faces: the position it leads to (a game won ends it: the standings change; a
throw missed: the next turn), valued as above.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from dicehall.core.review import MATCH, Scale, Values
from dicehall.games.roudalon import review_model
from dicehall.games.roudalon.actions import ACCEPT, CLOSE, PROPOSE, REFUSE, Pass, Stake, Throw
from dicehall.games.roudalon.ai import ExpertAgent
from dicehall.games.roudalon.odds import chain_chance, hit_chance
from dicehall.games.roudalon.options import RoudalonOptions
from dicehall.games.roudalon.rules import MAX_HELD, RoudalonState
from dicehall.games.roudalon.value import (
    VOID,
    chain_now,
    likely_chain,
    member_throw_value,
    party_value,
    pot_growth,
)

SPREAD = 8.0  # units: the spread of a seat's net over one game (the model's inputs are over it)
DELTA = 1.0  # units: the step of the model's slope
# Marks, in match-winning chances: an inaccuracy from 4 %, a mistake from 8 %, a blunder from 16 % (over
# 200 seeded matches the normal level makes a mistake or a blunder at 5 % of its decisions, the expert
# almost never); the ratings' seven limits of the average loss per decision (the expert's 0.08 % is world
# class, the normal level's 1.3 % casual); the drift's p95 over those matches (docs/review.md).
SCALE = Scale(
    marks=(0.04, 0.08, 0.16),
    ratings=(0.0005, 0.001, 0.002, 0.004, 0.008, 0.015, 0.025),
    tolerance=0.9,
)


def model_key(options: RoudalonOptions) -> str:
    return "all"


def match_rows(state: RoudalonState, nets: Sequence[float]) -> tuple[tuple[float, ...], ...]:
    """The model's inputs per seat: its standing and what the game under way should bring it, over the
    spread of the games left (this one included)."""
    left = state.options.party_count - state.party + 1
    spread = SPREAD * math.sqrt(left)
    totals = state.totals()
    return tuple((totals[p] / spread, nets[p] / spread) for p in range(state.num_players))


def match_value(state: RoudalonState, nets: Sequence[float]) -> Values:
    b0, b1 = review_model.COEFFICIENTS["all"]
    z = [b0 * x0 + b1 * x1 for x0, x1 in match_rows(state, nets)]
    top = max(z)
    e = [math.exp(v - top) for v in z]
    total = sum(e)
    return tuple(v / total for v in e)


def party_nets(state: RoudalonState) -> tuple[float, ...]:
    """What the game under way should bring each seat, by the expert's party model (0 before its first
    turn: nothing staked yet, nobody ahead). An alliance under way is not looked at: its throws are."""
    if state.phase == "throwoff" or state.starter is None:
        return (0.0,) * state.num_players
    return tuple(
        party_value(state, p, state.active, state.pot, state.held[p], state.staked[p], pot_growth(state, p))
        for p in range(state.num_players)
    )


def model_rows(state: RoudalonState) -> tuple[tuple[float, ...], ...]:
    return match_rows(state, party_nets(state))


def model_positions(states: Sequence[RoudalonState]) -> list[int]:
    """Where the model applies: every turn's start (the bench fits and checks it there)."""
    return [i for i, s in enumerate(states) if s.phase == "turn" and not s.refused]


def estimate(state: RoudalonState) -> Values:
    return match_value(state, party_nets(state))


def _result(state: RoudalonState) -> Values:
    totals = state.totals()
    top = max(totals)
    winners = [p for p, t in enumerate(totals) if t == top]
    return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(len(totals)))


class RoudalonEvaluator:
    unit = MATCH
    scale = SCALE

    def __init__(self, options: RoudalonOptions) -> None:
        self.options = options
        self.expert = ExpertAgent(0, random.Random(0))  # its valuations only: they use no generator
        self._nets: dict[tuple[Any, ...], tuple[float, ...]] = {}  # party_nets by what they read

    def nets(self, state: RoudalonState) -> tuple[float, ...]:
        """``party_nets``, kept for the positions that read alike (a throw missed whatever its faces)."""
        key = (
            state.party, state.turns, state.active, state.pot, state.held, state.staked, state.starter,
            tuple((e.kind, e.player) for e in state.history), state.standings,
        )  # fmt: skip
        found = self._nets.get(key)
        if found is None:
            if len(self._nets) > 4096:
                self._nets.clear()
            found = self._nets[key] = party_nets(state)
        return found

    def position(self, state: RoudalonState) -> Values:
        """A position's value: the result, the average over dice in the air, or the model's."""
        if state.phase == "over":
            return _result(state)
        if state.kind.value == "decision":
            return match_value(state, self.nets(state))
        return self.chance_value(state)

    def outcome_values(self, state: RoudalonState) -> list[tuple[Any, float, Values]]:
        """Each face of the die in the air and the position it leads to (a decision: valued by the model,
        which is its best action's value)."""
        return [(face, float(p), self.position(state.apply(face))) for face, p in state.chance_outcomes()]

    def result(self, state: RoudalonState) -> Values:
        return _result(state)

    def exact(self, state: RoudalonState) -> bool:
        return state.phase == "over"

    def chance_value(self, state: RoudalonState) -> Values:
        """A throw-off: a new game, nobody ahead in it. Dice of a throw: the average over their faces."""
        if state.phase == "over":
            return _result(state)
        if state.phase == "throwoff":
            return match_value(state, (0.0,) * state.num_players)
        total = [0.0] * state.num_players
        for face, _ in state.chance_outcomes():
            v = self.position(state.apply(face))
            for p in range(len(total)):
                total[p] += v[p] / 6.0
        return tuple(total)

    def action_values(self, state: RoudalonState) -> list[tuple[Any, Values]]:
        """The expert's value of every legal action (units), turned into chances around the position's."""
        mover = state.to_move
        assert mover is not None
        nets = self.nets(state)
        base = match_value(state, nets)
        up = list(nets)
        up[mover] += DELTA
        down = list(nets)
        down[mover] -= DELTA
        high, low = match_value(state, up), match_value(state, down)
        slope = [(h - lo) / (2 * DELTA) for h, lo in zip(high, low, strict=True)]
        units = self.units(state)
        best = max(v for _, v in units)
        return [(a, tuple(b + s * (v - best) for b, s in zip(base, slope, strict=True))) for a, v in units]

    # --- the expert's units ---------------------------------------------------------------------
    def units(self, state: RoudalonState) -> list[tuple[Any, float]]:
        """Every legal action with the mover's expected net of the game under way, as the expert weighs
        it (ai.ExpertAgent), every action included (the expert leaves some out of its search)."""
        expert = self.expert
        legal = state.legal_actions()
        if state.phase == "turn":
            return [(a, self._turn_unit(state, a)) for a in legal]
        if state.phase == "answer":
            me = state.asked
            assert me is not None
            joined = state.chain + (me,)
            inside = expert.alliance_value(state, joined, me)
            longer = likely_chain(state, joined)
            if longer != joined:
                inside = max(inside, expert.alliance_value(state, longer, me))
            held, staked = state.held[me], state.staked[me]
            if len(state.chain) == 1:
                outside = expert.value(state, me, state.active, state.pot, held, staked)
            else:
                c = chain_chance(state.pot, tuple(state.held[s] for s in state.chain))
                rest = expert.value(state, me, state.left_of(state.active), state.pot, held, staked)
                outside = -c * staked + (1.0 - c) * rest
            return [(ACCEPT, inside), (REFUSE, outside)]
        if state.phase == "extend":
            me = state.chain[-1]
            now = expert.alliance_value(state, state.chain, me)
            candidate = state.extension_candidate()
            if candidate is None:
                return [(a, now) for a in legal]
            grown = expert.alliance_value(state, likely_chain(state, state.chain + (candidate,)), me)
            return [(PROPOSE, grown), (CLOSE, now)]
        # chain: a member throws 1 or 2 of his dice
        remaining, holdings, index = chain_now(state)
        me = state.chain[index]
        mine = sum(sum(f) for s, f in state.throws if s == me)
        cont, die = expert.after_throw(state, me)
        staked = state.staked[me]
        return [
            (a, member_throw_value(remaining, holdings, index, mine, die, cont + staked, a.dice) - staked)
            for a in legal
            if isinstance(a, Throw)
        ]

    def _turn_unit(self, state: RoudalonState, action: Any) -> float:
        expert = self.expert
        me = state.active
        held, pot, staked = state.held[me], state.pot, state.staked[me]
        first = state.left_of(me)
        if isinstance(action, Throw):
            p = float(hit_chance(pot, action.dice))
            kept = expert.value(state, me, first, pot, held, staked)
            miss = max(expert.value(state, me, first, pot, held - action.dice, staked), kept - action.dice)
            return p * (pot - staked) + (1 - p) * miss
        if isinstance(action, Stake):
            s = action.amount
            if pot + s >= state.options.pot_ceiling and state.options.dead_party_void:
                return -VOID
            return expert.value(state, me, first, pot + s, min(MAX_HELD, held + 1), staked + s)
        if action == PROPOSE:
            return expert.alliance_value(state, likely_chain(state, (me,)), me)
        assert isinstance(action, Pass)
        return expert.value(state, me, first, pot, min(MAX_HELD, held + 1), staked)


def evaluator(options: RoudalonOptions) -> RoudalonEvaluator:
    return RoudalonEvaluator(options)


__all__ = ["RoudalonEvaluator", "estimate", "evaluator", "model_key", "model_positions", "model_rows"]
