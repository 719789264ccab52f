"""Dés & Marchands' evaluator for the game review: arriving on the end cell is valued exactly (a game won
while leading, lost while behind), the expert's values rank the moves (its own choice loses nothing), a
roll's luck averages to zero over its faces, and the board's layout is no one's luck."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dicehall.ai import decide
from dicehall.cli.simulate import play
from dicehall.core.protocol import NodeKind
from dicehall.core.review import Review, node_value, outcome_values
from dicehall.games.marchands.actions import Move
from dicehall.games.marchands.ai import make_agent
from dicehall.games.marchands.board import Board
from dicehall.games.marchands.game import GAME
from dicehall.games.marchands.options import MarchandsOptions
from dicehall.games.marchands.review import evaluator
from dicehall.games.marchands.rules import MarchandsState

DICE = (("N", "E", "S", "W"), ("1", "2", "3", "4"), ("1", "1"))
END = (24, 24)


def near_the_end(coins: tuple[int, int]) -> MarchandsState:
    """Seat 0 two cells south of the end cell, its dice down on North and a power of 3."""
    state = MarchandsState.on_board(MarchandsOptions(players=2), Board.blank(50), ((24, 26), (10, 10)))
    return replace(state, coins=coins, dice=(DICE, DICE), rolled=("N", "2", "1"), phase="move")


@pytest.mark.parametrize(("coins", "won"), [((10, 5), 1.0), ((5, 10), 0.0)])
def test_the_end_cell_is_a_game_won_while_leading_and_lost_while_behind(coins, won):
    state = near_the_end(coins)
    ev = evaluator(state.options)
    values = dict(ev.action_values(state))
    assert Move(END) in values
    if won:
        assert values[Move(END)] == node_value(ev, state) == ev.position(state) == (1.0, 0.0)  # exact
    else:
        assert values[Move(END)] == (0.0, 1.0)  # exact: the game ends lost
        assert node_value(ev, state)[0] > 0.0


def test_the_expert_own_move_loses_nothing_and_a_roll_averages_out():
    options = GAME.options_from_json({"players": 2, "size": 30, "round_limit": 8})
    ev = evaluator(options)
    match = play(GAME, options, ["expert", "random"], "expert", 0)
    expert = make_agent("expert", 0, random.Random(3))
    checked = 0
    for ply in range(match.ply):
        state = match.state_at(ply)
        if state.kind is NodeKind.CHANCE and state.phase == "throw":
            outcomes = outcome_values(ev, state)
            mean = sum(p * v[0] for _, p, v in outcomes)
            assert sum(p * (v[0] - mean) for _, p, v in outcomes) == pytest.approx(0.0, abs=1e-12)
        if state.to_move == 0 and state.phase == "move" and len(state.legal_actions()) > 1 and checked < 8:
            choice = decide(expert, state)
            values = dict(ev.action_values(state))
            assert node_value(ev, state)[0] - values[choice][0] <= 0.02  # (it moves on now and then when waiting)
            checked += 1
    assert checked


def test_the_layout_is_no_one_s_luck():
    options = GAME.options_from_json({"players": 2, "size": 30, "round_limit": 3})
    match = play(GAME, options, ["easy", "easy"], "layout", 0)
    review = Review(match, evaluator(options)).run().to_json()
    first = review["chances"][0]
    assert first["ply"] == 0 and first["luck"] == [0.0, 0.0]
