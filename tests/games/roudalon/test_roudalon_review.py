"""Le Roudalon's evaluator for the game review: the match's chances, the expert's values turned into them
(its own choice loses nothing; the best action is worth the position), a die's luck averaging to zero, and
the end of the match exact."""

from __future__ import annotations

import random

import pytest

from dicehall.ai import decide
from dicehall.cli.simulate import play
from dicehall.core.protocol import NodeKind
from dicehall.core.review import Review, node_value, outcome_values
from dicehall.games.roudalon.ai import make_agent
from dicehall.games.roudalon.game import GAME
from dicehall.games.roudalon.review import estimate, evaluator

FOUR = GAME.options_from_json({"players": 4, "parties": 2})
EV = evaluator(FOUR)


def test_the_expert_own_choice_loses_nothing_and_the_best_is_worth_the_position():
    match = play(GAME, FOUR, ["expert", "easy", "normal", "random"], "expert", 0)
    expert = make_agent("expert", 0, random.Random(5))
    checked = 0
    for ply in range(match.ply):
        state = match.state_at(ply)
        if state.kind is not NodeKind.DECISION or len(state.legal_actions()) < 2:
            continue
        values = dict(EV.action_values(state))
        assert max(v[state.to_move] for v in values.values()) == pytest.approx(estimate(state)[state.to_move])
        assert sum(node_value(EV, state)) == pytest.approx(1.0)
        if state.to_move == 0:
            choice = decide(expert, state)
            assert node_value(EV, state)[0] - values[choice][0] <= 0.005
            checked += 1
    assert checked > 5


def test_a_die_averages_out_and_the_match_ends_exactly():
    match = play(GAME, FOUR, ["normal", "easy", "expert", "normal"], "dice", 0)
    for ply in range(match.ply):
        state = match.state_at(ply)
        if state.phase == "roll":
            outcomes = outcome_values(EV, state)
            for seat in range(4):
                mean = sum(p * v[seat] for _, p, v in outcomes)
                assert mean == pytest.approx(EV.chance_value(state)[seat], abs=1e-12)
    review = Review(match, EV).run().to_json()
    assert [s["result"] for s in review["seats"]] == list(EV.result(match.state))
    assert review["unit"]["id"] == "match"
