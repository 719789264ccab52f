"""The match: options + seed + log, dice at ply N from (seed, N), undo and redo by seat."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicehall.core import IllegalActionError, InvalidActionError, NodeKind
from dicehall.core.chance import sample
from dicehall.core.match import CHANCE, LogEntry, Match

from .toygame import GAME, Die, Hold, PigOptions, Roll


def new(seed: str = "s", **options: int) -> Match:
    return Match(GAME, PigOptions(**options), seed)


def test_a_new_match():
    match = new()
    assert match.ply == 0 and match.log == [] and not match.can_redo
    assert match.state == GAME.initial(PigOptions()) and match.state_at(0) is match.state


def test_submit_roll_force_and_the_log():
    match = new()
    assert match.submit(Roll()) == LogEntry(0, Roll())
    entry = match.roll()
    assert entry.by == CHANCE and isinstance(entry.action, Die)
    assert match.ply == 2 and match.state_at(1).kind is NodeKind.CHANCE
    match.submit(Roll())  # seat 0 again, or seat 1 if the die showed a 1
    assert match.force(Die(4)) == LogEntry(CHANCE, Die(4))
    assert match.log[-1] == LogEntry(CHANCE, Die(4))
    assert match.log_json()[-2:] == [
        {"by": match.log[-2].by, "do": {"type": "roll"}},
        {"by": "chance", "do": {"type": "die", "face": 4}},
    ]


def test_submit_json():
    match = new()
    match.submit_json({"type": "roll"})
    match.force(Die(3))
    match.submit_json({"type": "hold"})
    assert match.state.banked == (3, 0) and match.state.to_move == 1
    with pytest.raises(InvalidActionError):
        match.submit_json({"type": "jump"})


def test_refusals_leave_the_match_unchanged():
    match = new()
    with pytest.raises(IllegalActionError, match="not legal for player 0"):
        match.submit(Hold())
    with pytest.raises(IllegalActionError, match="no dice are rolling"):
        match.roll()
    with pytest.raises(IllegalActionError, match="no dice are rolling; outcome Die"):
        match.force(Die(2))
    match.submit(Roll())
    with pytest.raises(IllegalActionError, match=r"no player is to move \(chance\)"):
        match.submit(Roll())
    with pytest.raises(IllegalActionError, match="not a possible dice outcome"):
        match.force(Roll())
    assert match.ply == 1


def test_roll_all_stops_at_a_decision():
    match = new()
    assert match.roll_all() == []
    match.submit(Roll())
    entries = match.roll_all()
    assert len(entries) == 1 and match.state.kind is NodeKind.DECISION


def play_to_end(match: Match) -> None:
    while match.state.kind is not NodeKind.TERMINAL:
        if match.state.kind is NodeKind.CHANCE:
            match.roll()
        elif match.state.turn_total >= 6:
            match.submit(Hold())
        else:
            match.submit(Roll())


def test_dice_depend_only_on_seed_and_ply():
    a, b = new("same"), new("same")
    play_to_end(a)
    play_to_end(b)
    assert a.log == b.log
    c = new("other")
    play_to_end(c)
    assert c.log != a.log  # (a different seed gives other dice, here at least)


def test_the_dice_of_ply_n_come_from_the_generator_seeded_seed_slash_n():
    match = new("abc")
    play_to_end(match)
    for ply, entry in enumerate(match.log):
        if entry.by == CHANCE:
            outcomes = match.state_at(ply).chance_outcomes()
            assert entry.action == sample(outcomes, random.Random(f"abc/{ply}"))


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=6), st.integers(1, 30))
def test_undo_then_replay_meets_the_same_dice(seed, stop):
    match = new(seed)
    play_to_end(match)
    original = list(match.log)
    decisions = [i for i, e in enumerate(original) if e.by != CHANCE]
    cut = decisions[min(stop, len(decisions) - 1)]
    while match.ply > cut:  # undo the last decision (and what followed it), whoever made it
        assert match.undo(next(e.by for e in reversed(match.log) if e.by != CHANCE))
    assert match.ply == cut
    for entry in original[cut:]:
        if entry.by == CHANCE:
            match.roll()  # not forced: the generator of this ply must give the same face
        else:
            match.submit(entry.action)
    assert match.log == original


def scripted() -> Match:
    """Seat 0 rolls a 5 and holds; seat 1 rolls a 3, rolls a 4 and holds; seat 0 rolls."""
    match = new()
    for step in (Roll(), Die(5), Hold(), Roll(), Die(3), Roll(), Die(4), Hold(), Roll(), Die(2)):
        match.apply_entry(LogEntry(CHANCE if isinstance(step, Die) else match.state.to_move, step))
    return match


def test_undo_takes_back_the_seats_last_decision_and_all_after_it():
    match = scripted()
    assert match.ply == 10
    assert match.undo(1)
    assert match.ply == 7  # seat 1's hold, seat 0's roll and its die are gone
    assert match.state.to_move == 1 and match.state.turn_total == 7  # the dice before it stay
    assert match.log[-1] == LogEntry(CHANCE, Die(4))
    assert match.can_redo and match.redo_seat == 1


def test_undo_twice_goes_further_back_and_redo_comes_back_by_steps():
    match = scripted()
    full = list(match.log)
    assert match.undo(1) and match.undo(1)
    assert match.ply == 5 and match.state.turn_total == 3  # before seat 1's second roll
    assert match.redo(1)
    assert match.log == full[:7]  # its roll and the die that followed, up to its next decision
    assert match.redo(1)
    assert match.log == full and not match.can_redo


def test_redo_re_applies_the_others_moves_up_to_the_seats_next_decision():
    match = scripted()
    full = list(match.log)
    assert match.undo(0) and match.undo(0)  # back before seat 0's hold
    assert match.ply == 2
    assert match.redo(0)
    assert match.log == full[:8]  # the hold, then all of seat 1's turn
    assert match.redo(0)
    assert match.log == full
    assert not match.redo(0)


def test_submit_clears_redo():
    match = scripted()
    match.undo(1)
    match.submit(Roll())  # seat 1 rolls instead of holding
    assert not match.can_redo and match.redo_seat is None and not match.redo(1)


def test_undo_without_a_decision_returns_false():
    match = new()
    assert not match.undo(0) and not match.undo(1)
    match.submit(Roll())
    match.force(Die(3))
    assert not match.undo(1)
    assert match.ply == 2


def test_apply_entry_refuses_the_wrong_seat_and_says_whose_turn_it_is():
    match = new()
    with pytest.raises(IllegalActionError, match="it is player 0's turn, not 1's"):
        match.apply_entry(LogEntry(1, Roll()))
    with pytest.raises(IllegalActionError, match="no dice are rolling"):
        match.apply_entry(LogEntry(CHANCE, Die(2)))
    match.submit(Roll())
    with pytest.raises(IllegalActionError, match="it is the dice's turn, not 0's"):
        match.apply_entry(LogEntry(0, Roll()))


def test_apply_entry_after_the_end():
    match = new(target=3)
    for entry in (LogEntry(0, Roll()), LogEntry(CHANCE, Die(4)), LogEntry(0, Hold())):
        match.apply_entry(entry)
    assert match.state.kind is NodeKind.TERMINAL
    with pytest.raises(IllegalActionError, match="the game is over"):
        match.apply_entry(LogEntry(1, Roll()))
    with pytest.raises(IllegalActionError, match="no dice are rolling"):
        match.roll()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([0, {"type": "roll"}], "a log entry must be"),
        ({"by": 0}, "a log entry must be"),
        ({"do": {"type": "roll"}}, "a log entry must be"),
        ({"by": True, "do": {"type": "roll"}}, '"by" must be a seat number or "chance", got true'),
        ({"by": "dice", "do": {"type": "roll"}}, '"by" must be a seat number'),
        ({"by": 1.0, "do": {"type": "roll"}}, '"by" must be a seat number'),
        ({"by": 0, "do": {"type": "leap"}}, 'unknown action type "leap"'),
    ],
)
def test_entry_from_json_refusals(data, message):
    with pytest.raises(InvalidActionError, match=message):
        new().entry_from_json(data)


def test_entry_json_round_trip():
    match = scripted()
    assert [match.entry_from_json(e) for e in match.log_json()] == match.log
