"""Indecix's evaluator for the game review: the last die is valued exactly (the rule text's capture
decides a game), turn 35 is the exact expectimax, the figures of the exact end add up to the decimal, and
over random positions no value is lost below zero, the luck of a die averages to zero and the expert's
own choice loses next to nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicehall.ai import decide
from dicehall.cli.simulate import play
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.core.review import Review, node_value, outcome_values
from dicehall.games.indecix.actions import Place
from dicehall.games.indecix.ai import make_agent
from dicehall.games.indecix.game import GAME
from dicehall.games.indecix.review import evaluator
from dicehall.games.indecix.rules import IndecixState

BLITZ = GAME.options_from_json({})
EV = evaluator(BLITZ)


def test_the_last_die_that_captures_wins_and_any_other_square_only_ties():
    # The rule text's example: 6, 5 and 3 follow each other left of an empty cell, the 3 next to it; a 2
    # placed there captures the 3 and the 5. On the last turn, at 0-0, that capture is the game.
    rows = ["L6 L5 L3 .. .. .."] + [".. .. .. .. .. .."] * 5
    state = IndecixState.from_picture(rows, turn=36, die=2)
    assert state.to_move == 1 and state.phase == "place"
    values = dict(EV.action_values(state))
    assert values[Place((3, 0))] == (0.0, 1.0)
    assert {v for a, v in values.items() if a != Place((3, 0))} == {(0.5, 0.5)}
    assert EV.exact(state)


def _brute(state: IndecixState) -> float:
    """Left's chance by brute force over the rules alone: the dice averaged, each mover at his best."""
    if state.kind is NodeKind.TERMINAL:
        return state.returns()[0]
    if state.kind is NodeKind.CHANCE:
        return sum(float(p) * _brute(state.apply(o)) for o, p in state.chance_outcomes())
    values = [_brute(state.apply(a)) for a in state.legal_actions()]
    return max(values) if state.to_move == 0 else min(values)


def _at_turn(turn: int, seed: str) -> IndecixState:
    match = play(GAME, BLITZ, ["easy", "easy"], seed, 0)
    return next(match.state_at(i) for i in range(match.ply) if match.state_at(i).turn == turn)


def test_turn_35_is_valued_by_the_exact_expectimax():
    state = _at_turn(35, "exact")
    while state.kind is NodeKind.CHANCE:
        state = state.apply(state.chance_outcomes()[2][0])
    for action, values in EV.action_values(state):
        assert values[0] == pytest.approx(_brute(state.apply(action)), abs=1e-12)
        assert values[0] + values[1] == pytest.approx(1.0)


def test_the_exact_end_adds_up_to_the_decimal():
    match = play(GAME, BLITZ, ["normal", "easy"], "adds-up", 0)
    review = Review(match, EV).run()
    items = review.items
    for item, following in zip(items, items[1:]):
        if item["exact"] and following["exact"]:
            assert following["before"] == pytest.approx(item["value"], abs=1e-6)
    assert items[-1]["value"] == list(match.state.returns())


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 34))
def test_random_positions_lose_nothing_below_zero_and_the_dice_average_out(seed, turn):
    state = _at_turn(turn, f"random/{seed}")
    if state.kind is NodeKind.CHANCE:
        outcomes = outcome_values(EV, state)
        expected = sum(p * v[0] for _, p, v in outcomes)
        assert sum(p * (v[0] - expected) for _, p, v in outcomes) == pytest.approx(0.0, abs=1e-12)
        state = state.apply(outcomes[seed % 6][0])
    values = EV.action_values(state)
    best = node_value(EV, state)
    for _, v in values:
        assert 0.0 <= v[0] <= 1.0 and v[0] + v[1] == pytest.approx(1.0)
        assert best[state.to_move] >= v[state.to_move]


def test_the_expert_own_choice_loses_next_to_nothing():
    match = Match(GAME, BLITZ, "expert-choice")
    expert = make_agent("expert", 0, random.Random(1))
    losses = []
    while match.state.kind is not NodeKind.TERMINAL and len(losses) < 12:
        state = match.state
        if state.kind is NodeKind.CHANCE:
            match.roll()
            continue
        action = decide(expert, state) if state.to_move == 0 else state.legal_actions()[0]
        if state.to_move == 0 and len(state.legal_actions()) > 1:
            values = dict(EV.action_values(state))
            losses.append(node_value(EV, state)[0] - values[action][0])
        match.submit(action)
    assert min(losses) >= 0.0 and sum(losses) / len(losses) < 0.01
