"""Charidice's evaluator for the game review: the markings of the last turn are valued exactly (the rule
text's Florian, whose bonus gives the game away), the dice of a throw average out exactly (the turn
tables), a grande donation is weighed against keeping it, and the expert's own choices lose little."""

from __future__ import annotations

import random

import pytest

from dicehall.ai import decide
from dicehall.cli.simulate import play
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.core.review import Review, node_value
from dicehall.games.charidice.actions import MARKS, mask_of
from dicehall.games.charidice.ai import make_agent
from dicehall.games.charidice.game import GAME
from dicehall.games.charidice.options import ROUNDS
from dicehall.games.charidice.review import evaluator
from dicehall.games.charidice.rules import EMPTY_SHEET, CharidiceState, Row

TWO = GAME.options_from_json({"players": 2})
EV = evaluator(TWO)


def florian(my_points: int, their_points: int, their_given: int) -> CharidiceState:
    """The rule text's Florian (four 2s and two 6s, every die of another colour) marks on the game's last
    turn, seat 1, against seat 0."""
    sheets = (
        (Row(marked=their_points, bonus=0, received=0, given=their_given),) + EMPTY_SHEET[1:],
        (Row(marked=my_points, bonus=0, received=0, given=0),) + EMPTY_SHEET[1:],
    )
    turn = ROUNDS * 2 - 1
    return CharidiceState(TWO, turn, "mark", 3, (2, 2, 2, 2, 6, 6), (), sheets, (1, 1), False, None)


def test_the_last_marking_is_valued_exactly_and_the_bonus_can_lose_the_game():
    state = florian(110, 90, 100)  # seat 0 gave more than 60: its generosity bonus is 30
    assert state.to_move == 1 and EV.exact(state)
    values = dict(EV.action_values(state))
    bonus, everything = MARKS[mask_of((0, 1, 2, 3))], MARKS[63]
    assert values[bonus] == (1.0, 0.0)  # 110 + 23 against 90 + 30 + 24: lost
    assert values[everything] == (0.0, 1.0)  # 110 + 20 against 90 + 30: won, nothing given
    match = Match(GAME, TWO, "florian")
    match._states = [state]  # a position of our own, reviewed as the start of a match
    match.submit(bonus)
    item = Review(match, EV).run().items[0]
    assert item["lost"] == 1.0 and item["mark"] == "blunder" and item["exact"]


def _throw(seed: str, rolls: int) -> CharidiceState:
    match = play(GAME, TWO, ["easy", "easy"], seed, 0)
    return next(
        match.state_at(i)
        for i in range(match.ply)
        if match.state_at(i).phase == "throw"
        and match.state_at(i).rolls == rolls
        and len(match.state_at(i).pending) > 1
    )


@pytest.mark.parametrize("rolls", [0, 1])
def test_the_dice_of_a_throw_average_out_exactly(rolls):
    state = _throw(f"throw/{rolls}", rolls)
    for _ in EV.prepare(state):
        pass
    before = EV.chance_value(state)
    faces = [node_value(EV, state.apply(o)) for o, _ in state.chance_outcomes()]
    for seat in (0, 1):
        assert sum(v[seat] for v in faces) / 6 == pytest.approx(before[seat], abs=1e-9)


def test_a_grande_donation_is_weighed_against_keeping_it():
    match = play(GAME, TWO, ["expert", "normal"], "claims", 0)
    review = Review(match, EV).run()
    claims = [item for item in review.items if item.get("side")]
    assert claims, "both seats claim once a game"
    for item in claims:
        taken, kept = item["values"][0]["value"], item["values"][1]["value"]
        assert item["lost"] == pytest.approx(max(0.0, kept - taken), abs=1e-6)
        assert item["best"] in (None, {"type": "claim"})


def test_the_expert_own_choices_lose_little():
    match = Match(GAME, TWO, "expert")
    expert = make_agent("expert", 0, random.Random(2))
    losses = []
    while match.state.kind is not NodeKind.TERMINAL and match.state.turn < 6:
        state = match.state
        if state.kind is NodeKind.CHANCE:
            match.roll()
            continue
        action = decide(expert, state) if state.to_move == 0 else state.legal_actions()[0]
        if state.to_move == 0 and len(state.legal_actions()) > 1:
            for _ in EV.prepare(state):
                pass
            values = dict(EV.action_values(state))
            losses.append(node_value(EV, state)[0] - values[action][0])
        match.submit(action)
    assert losses and min(losses) >= 0.0 and sum(losses) / len(losses) < 0.01
