"""Indecix's evaluator for the game review (core/review.py): each seat's chance to win the game (a tie
shared), estimated while more than two dice remain, exact for the last two turns.

The estimate is a logistic model (``review_model``, fitted by ``bench/review.py fit indecix`` on seeded
games) of what the expert's heuristic weighs (``ai.static``: the score difference with the open dice
and the inner runs at risk; ``ai.threat``: the best immediate gain of the player about to move, over his
die in Blitz), scaled by the turns left: the margin's spread grows with the dice still to place.

An action's value is the model's value of the position it leads to: the opponent's die about to roll
(Blitz) or his token to choose (Master), where the threat term already weighs his best answer, on
average over his die. A Master token is valued by its best square. From turn 35 on, every value is the
exact expectimax over the dice and the placements left (at most two turns), so the last decisions and
the last dice are reviewed exactly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from dicehall.core.review import WIN, Scale, Values
from dicehall.games.indecix import review_model
from dicehall.games.indecix.actions import FACES, Choose
from dicehall.games.indecix.ai import static, threat
from dicehall.games.indecix.options import IndecixOptions
from dicehall.games.indecix.rules import TURNS, IndecixState, legal_indices

EXACT_FROM = TURNS - 1  # from this turn on, values are exact (the last two turns: a few hundred positions)
SPREAD_TURNS = 2.0  # the margin's spread grows as the square root of the turns left plus this
# Marks, in winning chances: an inaccuracy from 2 %, a mistake from 5 %, a blunder from 10 % (over 200
# seeded games the normal level makes a mistake or a blunder at 5 % of its decisions, the expert at
# 0.1 %); the ratings' seven limits of the average loss per decision (the expert's 0.1 % is world class,
# the normal level's 0.9 % intermediate); the drift's p95 over those games (docs/review.md).
SCALE = Scale(
    marks=(0.02, 0.05, 0.10),
    ratings=(0.0005, 0.0015, 0.004, 0.008, 0.015, 0.03, 0.05),
    tolerance=0.6,
)


def _result(state: IndecixState) -> Values:
    s0, s1 = state.scores()
    return (1.0, 0.0) if s0 > s1 else (0.0, 1.0) if s1 > s0 else (0.5, 0.5)


def model_key(options: IndecixOptions) -> str:
    """Which fitted coefficients apply: Blitz and Master are fitted apart (Master has no dice)."""
    return options.mode


def model_rows(state: IndecixState) -> tuple[tuple[float, ...], ...]:
    """The model's inputs per seat at a position where a turn starts (the die about to roll, or the token
    to choose): for Left, the heuristic's margin, the mover's threat and who moves, over the spread of
    the margin (and its square, so that the fit finds how fast the spread narrows); for Right, nothing (the model's odds are Left's against Right's)."""
    left = TURNS + 1 - state.turn  # turns still to play, this one included
    spread = math.sqrt(left + SPREAD_TURNS)
    sign = 1.0 if state.mover == 0 else -1.0
    margin = static(state)
    return ((margin / spread, margin / spread**2, sign * threat(state) / spread, sign / spread), (0.0,) * 4)


def model_positions(states: Sequence[IndecixState]) -> list[int]:
    """Where the model applies: the turns' starts before the exact end (the bench fits and checks it there)."""
    return [i for i, s in enumerate(states) if s.phase in ("roll", "choose") and s.turn <= EXACT_FROM]


def estimate(state: IndecixState) -> Values:
    """The model's chances of Left and Right (a tie counted half)."""
    coefficients = review_model.COEFFICIENTS[model_key(state.options)]
    z = sum(c * x for c, x in zip(coefficients, model_rows(state)[0], strict=True))
    left = 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))
    return (left, 1.0 - left)


class IndecixEvaluator:
    unit = WIN
    scale = SCALE

    def __init__(self, options: IndecixOptions) -> None:
        self.options = options

    def result(self, state: IndecixState) -> Values:
        return _result(state)

    def exact(self, state: IndecixState) -> bool:
        return state.turn >= EXACT_FROM

    def chance_value(self, state: IndecixState) -> Values:
        return self.value(state)

    def value(self, state: IndecixState) -> Values:
        """A position where a turn starts (or the game is over)."""
        if state.phase == "over":
            return _result(state)
        if state.turn > EXACT_FROM:  # the last turn: its die (or token) and its square, exactly
            return _exact(state)
        return estimate(state)

    def action_values(self, state: IndecixState) -> list[tuple[Any, Values]]:
        if state.phase == "choose":  # Master: a token is worth its best square
            out: list[tuple[Any, Values]] = []
            for action in state.legal_actions():
                assert isinstance(action, Choose)
                child = state.apply(action)
                mover = state.mover
                best = max((v for _, v in self.action_values(child)), key=lambda v: v[mover])
                out.append((action, best))
            return out
        return [(action, self.value(state.apply(action))) for action in state.legal_actions()]


def _exact(state: IndecixState) -> Values:
    """Expectimax to the end: the dice averaged, each player placing at his best (Master: his best token
    and square)."""
    phase = state.phase
    if phase == "over":
        return _result(state)
    if phase == "roll":
        total0 = 0.0
        for face in FACES:
            total0 += _exact(state.apply(face))[0]
        return (total0 / 6.0, 1.0 - total0 / 6.0)
    mover = state.mover
    if phase == "pass":
        return _exact(state._pass())
    if phase == "place":
        die, tokens = state.die, state.tokens
        assert die is not None
        values = (_exact(state.place_index(i, die, tokens)) for i in state.moves)
        return max(values, key=lambda v: v[mover])
    best: Values | None = None  # choose (Master)
    for action in state.legal_actions():
        assert isinstance(action, Choose)
        cells = legal_indices(state.grid, state.masks, action.face)
        tokens = state.tokens_after(action.face)
        if cells:
            children: Sequence[IndecixState] = [state.place_index(i, action.face, tokens) for i in cells]
        else:
            children = [state.apply(action)._pass()]
        for child in children:
            v = _exact(child)
            if best is None or v[mover] > best[mover]:
                best = v
    assert best is not None
    return best


def evaluator(options: IndecixOptions) -> IndecixEvaluator:
    return IndecixEvaluator(options)


__all__ = ["IndecixEvaluator", "estimate", "evaluator", "model_key", "model_positions", "model_rows"]
