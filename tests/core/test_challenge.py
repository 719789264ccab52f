"""The daily challenge's duplicate dice (core/challenge.py, games/<id>/challenge.py).

For every game: two matches of the same challenge where the player decides differently early on still
meet the same dice in every situation both reach; no situation comes twice in one game (else its dice
would repeat); a challenge's save records it, loads and replays; a normal game's dice are untouched.
"""

from __future__ import annotations

import json
import random

import pytest

from dicehall.core import challenge, registry
from dicehall.core.match import CHANCE, Match
from dicehall.core.protocol import NodeKind
from dicehall.core.save import SavedGame, Seat, loads

DATE = "2026-11-26"


def challenge_match(game_id: str, date: str = DATE) -> Match:
    definition = challenge.module(game_id)
    game = registry.load(game_id)
    match = Match(game, game.options_from_json(definition.OPTIONS), challenge.seed(game_id, date))
    match.challenge = date
    return match


def play(match: Match, choose, max_steps: int = 20_000) -> dict[str, object]:
    """Play to the end; ``choose(state, ply)`` picks each decision. Returns the outcome met in each
    situation."""
    module = challenge.module(match.game.id)
    met: dict[str, object] = {}
    for _ in range(max_steps):
        state = match.state
        if state.kind is NodeKind.TERMINAL:
            return met
        if state.kind is NodeKind.CHANCE:
            key = module.situation(state)
            assert key not in met, f"situation {key!r} came twice in one game"
            met[key] = match.roll().action
        else:
            match.submit(choose(state, match.ply))
    raise AssertionError("the game did not end")


def first(state, _ply):
    return state.legal_actions()[0]


def seeded(seed):
    rng = random.Random(seed)
    return lambda state, _ply: rng.choice(list(state.legal_actions()))


@pytest.mark.parametrize("game_id", challenge.GAMES)
def test_the_list_of_games_matches_the_modules(game_id):
    assert challenge.available(game_id)
    definition = challenge.module(game_id)
    game = registry.load(game_id)
    assert game.num_players(game.options_from_json(definition.OPTIONS)) == 1 + len(definition.LEVELS)


@pytest.mark.parametrize("game_id", challenge.GAMES)
def test_different_decisions_meet_the_same_dice_in_the_same_situations(game_id):
    a = play(challenge_match(game_id), first)
    b = play(challenge_match(game_id), seeded(7))
    shared = set(a) & set(b)
    assert len(shared) >= 5, "the two games share situations"
    assert all(a[key] == b[key] for key in shared), [k for k in shared if a[k] != b[k]][:5]
    # and another day is another challenge
    c = play(challenge_match(game_id, "2026-11-27"), first)
    assert any(a[key] != c[key] for key in set(a) & set(c))


def test_charidice_round_two_starts_with_the_same_roll_whatever_round_one_was():
    """Round 1: one player stops after the first roll, the other rolls everything three times; in round 2
    (and every later situation) the dice are the same."""
    from dicehall.games.charidice.actions import ROLL_ALL, STOP

    def stop_early(state, _ply):
        if state.phase == "roll" and state.rolls >= 1 and STOP in state.legal_actions():
            return STOP
        return state.legal_actions()[0]

    def roll_all(state, _ply):
        if state.phase == "roll" and ROLL_ALL in state.legal_actions():
            return ROLL_ALL
        return state.legal_actions()[-1]

    a = play(challenge_match("charidice"), stop_early)
    b = play(challenge_match("charidice"), roll_all)
    round2 = [f"round 2/seat 0/roll 1/die {d}" for d in range(1, 7)]
    assert [a[k] for k in round2] == [b[k] for k in round2]
    assert any(k.startswith("round 1/seat 0/roll 3") for k in b) and not any(
        k.startswith("round 1/seat 0/roll 3") for k in a
    ), "round 1 was played differently"
    assert all(a[k] == b[k] for k in set(a) & set(b))


@pytest.mark.parametrize("game_id", challenge.GAMES)
def test_a_challenge_save_records_it_loads_and_replays(game_id):
    match = challenge_match(game_id)
    play(match, seeded(3))
    definition = challenge.module(game_id)
    seats = [Seat("Léa")] + [Seat(f"C{i}", kind="ai", level=lv) for i, lv in enumerate(definition.LEVELS)]
    data = SavedGame(match, seats).to_json()
    assert data["challenge"] == DATE and list(data)[-1] == "challenge"
    back = loads(json.dumps(data))
    assert back.match.challenge == DATE
    assert back.match.state.view() == match.state.view()
    assert back.match.log == match.log


def test_a_normal_game_is_unchanged():
    """No challenge key in its save, and its dice still come from the seed and the ply."""
    game = registry.load("charidice")
    match = Match(game, game.options_from_json({}), "s")
    while match.state.kind is not NodeKind.CHANCE:
        match.submit(match.state.legal_actions()[0])
    entry = match.roll()
    from dicehall.core.chance import sample

    assert entry.action == sample(
        game.initial(match.options).apply(match.log[0].action).chance_outcomes(), random.Random(f"s/{match.ply - 1}")
    )
    assert "challenge" not in SavedGame(match, [Seat("a"), Seat("b"), Seat("c")]).to_json()


@pytest.mark.parametrize("bad", ["2026-13-01", "26-11-2026", "2026/11/26", 20261126, "", "1999-01-01", True])
def test_a_bad_challenge_date_is_refused_in_one_line(bad):
    with pytest.raises(ValueError) as error:
        challenge.check_date(bad)
    assert "\n" not in str(error.value) and "challenge" in str(error.value)
    match = challenge_match("indecix")
    data = SavedGame(match, [Seat("a"), Seat("b", kind="ai", level="expert")]).to_json()
    data["challenge"] = bad
    with pytest.raises(ValueError, match="challenge"):
        loads(json.dumps(data))


def test_the_dice_of_a_situation_come_from_its_key_alone():
    """A chance node drawing from the situation's generator: the same key gives the same outcome, at any ply."""
    match = challenge_match("indecix")
    entry = match.roll()
    assert entry.by == CHANCE
    rng = random.Random(challenge.situation_seed("indecix", DATE, "turn 1/seat 0"))
    from dicehall.core.chance import sample

    assert entry.action == sample(registry.load("indecix").initial(match.options).chance_outcomes(), rng)
