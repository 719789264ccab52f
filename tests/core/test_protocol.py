"""The checked ``step``, and the helpers that turn scores into winners and returns."""

from __future__ import annotations

import pytest

from dicehall.core import IllegalActionError, NodeKind, step
from dicehall.core.protocol import Outcome, ranking_of, returns_of, winners_of

from .toygame import Die, Hold, PigOptions, PigState, Roll

START = PigState.initial(PigOptions())


def test_step_applies_legal_actions_and_outcomes():
    rolling = step(START, Roll())
    assert rolling.kind is NodeKind.CHANCE and rolling.to_move is None
    after = step(rolling, Die(5))
    assert after.kind is NodeKind.DECISION and after.turn_total == 5
    assert step(after, Hold()).banked == (5, 0)


def test_step_refuses_an_illegal_action():
    with pytest.raises(IllegalActionError, match=r"Hold\(\) is not legal for player 0 here"):
        step(START, Hold())  # nothing to bank yet


def test_step_refuses_an_outcome_at_a_decision_node():
    with pytest.raises(IllegalActionError, match="is not legal for player 0"):
        step(START, Die(3))


def test_step_refuses_an_action_or_impossible_outcome_while_dice_roll():
    rolling = step(START, Roll())
    with pytest.raises(IllegalActionError, match=r"Roll\(\) is not a possible dice outcome here"):
        step(rolling, Roll())
    seven = object.__new__(Die)  # a face no die shows, made without the dataclass's own check
    object.__setattr__(seven, "face", 7)
    with pytest.raises(IllegalActionError, match=r"Die\(face=7\) is not a possible dice outcome"):
        step(rolling, seven)


def test_step_refuses_anything_at_the_end():
    over = PigState(PigOptions(), banked=(20, 3))
    assert over.kind is NodeKind.TERMINAL
    for action in (Roll(), Hold(), Die(2)):
        with pytest.raises(IllegalActionError, match="the game is over"):
            step(over, action)


def test_step_does_not_change_its_input():
    before = step(START, Roll())
    copy = PigState(**{f: getattr(before, f) for f in before.__dataclass_fields__})
    step(before, Die(4))
    assert before == copy


def test_winners_share_the_best_score():
    assert winners_of([3, 7, 7]) == (1, 2)
    assert winners_of([9.5, 2]) == (0,)
    assert returns_of([3, 7, 7]) == (0.0, 0.5, 0.5)
    assert returns_of([1, 1, 1, 1]) == (0.25,) * 4
    assert Outcome((1, 2), (3.0, 7.0, 7.0)).tie and not Outcome((0,), (1.0, 0.0)).tie


def test_ranking_shares_places_between_equal_scores():
    assert ranking_of([3, 7, 7, -2]) == [(1, 1, 7), (1, 2, 7), (3, 0, 3), (4, 3, -2)]
    assert ranking_of([5, 5, 5]) == [(1, 0, 5), (1, 1, 5), (1, 2, 5)]
    assert ranking_of([]) == []
