"""Side actions: moves of a seat other than the one to move (Charidice's grande donation), through the
protocol, the match (log, replay, undo) and the session (computer seats asked once per ply)."""

from __future__ import annotations

import random

import pytest

from dicehall.app.session import Session
from dicehall.core import IllegalActionError
from dicehall.core import registry
from dicehall.core.match import Match
from dicehall.core.protocol import side_actions, step
from dicehall.core.save import Seat, SavedGame, loads
from dicehall.games.charidice.actions import CLAIM, ROLL_ALL, STOP

GAME = registry.load("charidice")


def three_players(seed: str = "side") -> Match:
    return Match(GAME, GAME.options_from_json({"players": 3}), seed)


def test_the_claim_is_a_side_action_of_the_left_neighbour_only():
    match = three_players()
    assert match.state.to_move == 0
    assert side_actions(match.state) == ((1, CLAIM),)
    with pytest.raises(IllegalActionError, match="not open to player 2"):
        step(match.state, CLAIM, 2)
    with pytest.raises(IllegalActionError, match="not legal for player 0"):
        match.submit(CLAIM)  # the seat to move cannot claim for his neighbour
    entry = match.submit(CLAIM, 1)
    assert entry.by == 1 and match.state.claimed and match.state.to_move == 0
    assert side_actions(match.state) == ()  # claimed: the window is closed for this turn


def test_side_actions_are_closed_while_dice_roll():
    match = three_players()
    match.submit(ROLL_ALL)
    assert side_actions(match.state) == ()
    with pytest.raises(IllegalActionError):
        match.submit(CLAIM, 1)


def test_a_claim_replays_from_the_log_and_a_save_and_is_undone_by_its_seat():
    match = three_players()
    match.submit(ROLL_ALL)
    match.roll_all()
    match.submit(CLAIM, 1)
    match.submit(STOP)
    replayed = Match(GAME, match.options, match.seed)
    for entry in match.log:
        replayed.apply_entry(entry)
    assert replayed.state == match.state
    seats = [Seat(name=f"P{i}", kind="human") for i in range(3)]
    loaded = loads(SavedGame(match, seats).dumps())
    assert loaded.match.state == match.state and loaded.match.log[-2].by == 1
    assert match.undo(1) and not match.state.claimed and match.state.phase == "roll"


def test_computer_seats_decide_side_actions_before_the_seat_to_move():
    class Claimer:
        asked = 0

        def wants_side_action(self, state, seat, action):
            Claimer.asked += 1
            return True

    seats = [Seat(name="Ann", kind="human"), Seat(name="Bot", kind="ai", level="easy"), Seat(name="Cat", kind="human")]
    session = Session.new(GAME, GAME.options_from_json({"players": 3}), seats, "s")
    session._agents[1] = Claimer()
    assert session.busy  # the computer neighbour must be asked before the human acts
    entry = session.advance(0.01)
    assert entry is not None and entry.by == 1 and session.state.claimed
    assert not session.busy and Claimer.asked == 1
    assert session.legal() == (ROLL_ALL,)


def test_a_human_claimant_plays_the_claim_through_the_session():
    seats = [Seat(name="Ann", kind="ai", level="easy"), Seat(name="Ben", kind="human"), Seat(name="Cat", kind="human")]
    session = Session.new(GAME, GAME.options_from_json({"players": 3}), seats, "s")
    session._agents[0] = random_agent_that_never_claims()
    assert CLAIM in session.legal() and session.human_side_actions() == ((1, CLAIM),)
    entry = session.submit(CLAIM)
    assert entry.by == 1 and session.state.claimed
    with pytest.raises(IllegalActionError):
        session.submit(CLAIM)


def random_agent_that_never_claims():
    from dicehall.ai import RandomAgent

    agent = RandomAgent(random.Random(1))
    agent.wants_side_action = lambda *_: False
    return agent
