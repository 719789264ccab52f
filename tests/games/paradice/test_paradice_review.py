"""Paradice's evaluator for the game review: its short way (money and ownership, the best end of each
direction) values every move as the rules played through do; at the round limit a move onto the jackpot
that makes the mover the richest wins the game exactly; a roll's luck averages to zero; decisions are
ranked as the expert ranks them, so its own choice loses nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dicehall.cli.simulate import play
from dicehall.core.protocol import NodeKind
from dicehall.core.review import outcome_values
from dicehall.games.paradice.ai_eval import finals
from dicehall.games.paradice.board import JACKPOT, KIND, neighbour
from dicehall.games.paradice.game import GAME
from dicehall.games.paradice.review import evaluator


@pytest.mark.parametrize(
    ("options", "levels"),
    [
        ({"players": 3, "round_limit": 12}, ["normal", "easy", "expert"]),
        ({"players": 2, "rules": 7}, ["easy", "random"]),
    ],
)
def test_the_short_way_values_a_move_as_the_rules_do(options, levels):
    opts = GAME.options_from_json(options)
    ev = evaluator(opts)
    match = play(GAME, opts, levels, "short-way", 0)
    checked = 0
    for ply in range(0, min(match.ply, 600)):
        state = match.state_at(ply)
        mover = state.current
        if state.kind is NodeKind.DECISION and state.phase in ("direction", "buy"):
            short, rules = dict(ev.table_values(state)), dict(ev.played_values(state))
            for action in short:
                assert short[action][mover] == pytest.approx(rules[action][mover], abs=1e-12)
            checked += 1
        elif state.kind is NodeKind.CHANCE and ply % 7 == 0:
            for roll, p, value in outcome_values(ev, state):
                child = state.apply(roll)
                rules = ev._line(child, mover, 1) if child.phase not in ("roll", "over") else ev.chance_value(child)
                assert value[mover] == pytest.approx(rules[mover], abs=1e-12)
            outcomes = outcome_values(ev, state)
            mean = sum(p * v[mover] for _, p, v in outcomes)
            assert sum(p * (v[mover] - mean) for _, p, v in outcomes) == pytest.approx(0.0, abs=1e-12)
    assert checked > 10


def _crossing_by_a_jackpot():
    """A crossing of seat 1 (2 players) where one way can end on a jackpot and another cannot."""
    opts = GAME.options_from_json({"players": 2, "round_limit": 30})
    for seed in range(20):
        match = play(GAME, opts, ["easy", "easy"], f"jackpot/{seed}", 0)
        for ply in range(match.ply):
            state = match.state_at(ply)
            if state.phase != "direction" or state.current != 1:
                continue
            total = sum(state.dice)
            ways = {
                g: finals(1, neighbour(state.pawn, g.direction), state.steps - 1, total) for g in state.legal_actions()
            }
            there = [g for g, ends in ways.items() if any(KIND[e] == JACKPOT for e in ends)]
            elsewhere = [g for g, ends in ways.items() if not any(KIND[e] == JACKPOT for e in ends)]
            if there and elsewhere:
                return opts, state, there[0], elsewhere[0]
    raise AssertionError("no crossing by a jackpot in 20 games")


def test_the_jackpot_at_the_round_limit_wins_the_game_exactly():
    opts, state, there, elsewhere = _crossing_by_a_jackpot()
    # The last turn of the last round: seat 1 is 1,000 behind; the jackpot holds 50,000.
    state = replace(state, round=30, jackpot=50_000, balances=(state.balances[1] + 1000, state.balances[1]))
    values = dict(evaluator(opts).action_values(state))
    assert values[there] == (0.0, 1.0)  # the game over, won: exact
    assert values[elsewhere] == (1.0, 0.0)  # the game over, lost (no jackpot on that way)


def test_the_expert_own_choice_loses_nothing():
    import random

    from dicehall.ai import decide
    from dicehall.core.review import node_value
    from dicehall.games.paradice.ai import make_agent

    opts = GAME.options_from_json({"players": 3, "round_limit": 10})
    ev = evaluator(opts)
    match = play(GAME, opts, ["expert", "normal", "easy"], "expert-choice", 0)
    expert = make_agent("expert", 0, random.Random(0))
    checked = 0
    for ply in range(match.ply):
        state = match.state_at(ply)
        if state.kind is NodeKind.DECISION and state.current == 0 and len(state.legal_actions()) > 1:
            values = dict(ev.action_values(state))
            assert node_value(ev, state)[0] - values[decide(expert, state)][0] <= 1e-9
            checked += 1
    assert checked > 5
