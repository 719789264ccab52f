"""Le Roudalon scenario tests with forced dice: the throw-off, stakes and the second die, throws alone,
alliances (success split, both failures, refusals, chains stopping), the pot ceiling, the void party,
matches of several parties, options, the exact chances, action JSON and the save-format example."""

from __future__ import annotations

import json
import pathlib
import re
from dataclasses import replace
from fractions import Fraction

import pytest

from dicehall.core import save
from dicehall.core.errors import IllegalActionError, InvalidActionError
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind, step
from dicehall.core.testing import check_action_json
from dicehall.games.roudalon import (
    CODEC,
    GAME,
    Accept,
    Close,
    Face,
    Pass,
    Propose,
    Refuse,
    RoudalonOptions,
    RoudalonState,
    Stake,
    Throw,
    odds,
)
from dicehall.games.roudalon.actions import ACCEPT, CLOSE, PASS, PROPOSE, REFUSE, STAKES, THROWS
from dicehall.games.roudalon.options import ROUND_LIMIT, options_from_json, options_to_json
from dicehall.games.roudalon.rules import initial

DOC = pathlib.Path(__file__).resolve().parents[3] / "docs" / "save-format.md"


# --- helpers ------------------------------------------------------------------------------------------------
def throwoff(s: RoudalonState, starter: int) -> RoudalonState:
    """Finish the throw-off so that ``starter`` wins it: 6+6 for him, 1+2 for the others."""
    assert s.phase == "throwoff" and starter in s.contenders
    for seat in s.contenders:
        for face in (6, 6) if seat == starter else (1, 2):
            s = step(s, Face(face))
    assert s.phase == "turn" and s.active == starter == s.starter and s.turns == 0
    return s


def start(players: int = 4, starter: int = 0, parties: int | None = None, dead_party: str = "void") -> RoudalonState:
    """A new match whose first party starts with ``starter`` (after a forced throw-off)."""
    return throwoff(initial(RoudalonOptions(players, parties, dead_party)), starter)


def play(s: RoudalonState, *steps) -> RoudalonState:
    """Checked steps: actions (by the seat to move) and forced dice (ints are faces)."""
    for item in steps:
        s = step(s, Face(item) if isinstance(item, int) else item)
    return s


def throw(s: RoudalonState, *faces: int) -> RoudalonState:
    """The player to move throws ``len(faces)`` dice, which land on ``faces``."""
    return play(s, Throw(len(faces)), *faces)


def stakes(s: RoudalonState, *amounts: int) -> RoudalonState:
    """Consecutive turns, each a stake."""
    return play(s, *(Stake(a) for a in amounts))


def illegal(s: RoudalonState, action) -> None:
    with pytest.raises(IllegalActionError):
        step(s, action)


def nets(s: RoudalonState) -> tuple[int, ...]:
    return tuple(c - k for c, k in zip(s.collected, s.staked, strict=True))


def four_stakes() -> RoudalonState:
    """4 players, seat 0 starts; stakes 3, 2, 2, 1: pot 8, everyone holds 2 dice, seat 0 to play."""
    s = stakes(start(4), 3, 2, 2, 1)
    assert (s.pot, s.held, s.staked, s.active, s.turns) == (8, (2, 2, 2, 2), (3, 2, 2, 1), 0, 4)
    return s


# --- the throw-off ------------------------------------------------------------------------------------------
def test_a_match_starts_with_a_throw_off_of_everyone():
    s = initial(RoudalonOptions(5))
    assert s.kind is NodeKind.CHANCE and s.phase == "throwoff" and s.to_move is None
    assert s.contenders == (0, 1, 2, 3, 4) and s.starter is None and s.party == 1
    assert s.held == (1,) * 5 and s.pot == 0 and s.standings == ()
    assert [p for _, p in s.chance_outcomes()] == [Fraction(1, 6)] * 6
    assert s.legal_actions() == () and s.view()["active"] is None


def test_throw_off_ties_throw_again_among_the_tied_only():
    s = initial(RoudalonOptions(4))
    s = play(s, 5, 6, 2, 2, 6, 5, 3, 1)  # seats 0 and 2 make 11, seat 1 makes 4, seat 3 makes 4
    assert s.phase == "throwoff" and s.contenders == (0, 2) and s.offs == ()
    assert s.off_rounds == (((0, 5, 6), (1, 2, 2), (2, 6, 5), (3, 3, 1)),)
    s = play(s, 4, 4, 6, 2)  # 8 each: again
    assert s.phase == "throwoff" and s.contenders == (0, 2)
    s = play(s, 1, 2, 3, 1)  # seat 2 wins with 4 against 3
    assert s.phase == "turn" and s.starter == s.active == 2 and s.to_move == 2
    assert len(s.off_rounds) == 3 and s.off_rounds[-1] == ((0, 1, 2), (2, 3, 1))
    assert s.last.kind == "throwoff" and s.last.player == 2 and s.last.amount == 4
    v = s.view()["throwoff"]
    assert v["contenders"] == [] and v["rounds"][1] == [
        {"seat": 0, "dice": [4, 4]},
        {"seat": 2, "dice": [6, 2]},
    ]


def test_play_goes_left_from_the_starter():
    s = start(4, starter=2)
    s = stakes(s, 1)
    assert s.active == 3
    s = stakes(s, 1)
    assert s.active == 0 and s.left_of(3) == 0


# --- stakes and the second die -------------------------------------------------------------------------------
def test_the_first_turn_must_stake():
    s = start(4)
    assert s.legal_actions() == STAKES
    for action in (THROWS[0], PROPOSE, PASS, Throw(2), Stake(7), Stake(0)):
        illegal(s, action)
    assert not s.can_propose() and s.view()["first_turn"]


def test_a_stake_fills_the_pot_and_gives_a_second_die_never_a_third():
    s = start(4)
    s = stakes(s, 4)
    assert s.pot == 4 and s.staked == (4, 0, 0, 0) and s.held == (2, 1, 1, 1)
    assert s.last.kind == "stake" and s.last.player == 0 and s.last.amount == 4
    assert s.active == 1 and not s.view()["first_turn"]
    assert THROWS[0] in s.legal_actions() and THROWS[1] not in s.legal_actions()  # one die held
    s = stakes(s, 1, 1, 1)  # back to seat 0, who holds two dice
    assert s.legal_actions()[:6] == STAKES and THROWS[1] in s.legal_actions()
    s = stakes(s, 6)
    assert s.held[0] == 2 and s.pot == 13 and s.staked[0] == 10  # still two: never above two
    assert sum(s.staked) == s.pot


# --- throws alone ---------------------------------------------------------------------------------------------
def test_a_missed_throw_of_one_die_loses_that_die():
    s = stakes(start(4), 5, 1, 1, 1)  # pot 8; everyone holds 2
    s = throw(s, 3)  # seat 0 throws one die: 3, not 8
    assert s.held == (1, 2, 2, 2) and s.active == 1 and s.pot == 8
    e = s.last
    assert (e.kind, e.player, e.result, e.loser, e.lost, e.amount, e.throws) == (
        "throw",
        0,
        "short",
        0,
        1,
        8,
        ((0, (3,)),),
    )
    assert s.history == (e,)


def test_a_missed_throw_of_two_dice_loses_both_and_the_player_must_stake():
    s = stakes(start(4), 5, 1, 1, 1)  # pot 8
    s = throw(s, 6, 5)  # 11: over
    assert s.held == (0, 2, 2, 2) and s.last.result == "over" and s.last.lost == 2
    s = stakes(s, 1, 1, 1)  # pot 11
    assert s.active == 0 and s.legal_actions() == STAKES  # no die: stake (no throw, no alliance)
    illegal(s, Throw(1))
    illegal(s, PROPOSE)
    s = stakes(s, 2)
    assert s.held[0] == 1 and s.pot == 13


def test_an_exact_throw_collects_the_pot_and_ends_the_party():
    s = start(4)
    s = stakes(s, 4)  # seat 0 stakes 4
    s = throw(s, 4)  # seat 1 makes 4 with one die
    assert s.party == 2 and s.phase == "throwoff" and s.contenders == (0, 1, 2, 3)
    assert s.standings == ((-4, 4, 0, 0),) and s.totals() == (-4, 4, 0, 0)
    assert s.pot == 0 and s.held == (1, 1, 1, 1) and s.staked == s.collected == (0, 0, 0, 0) and s.turns == 0
    e = s.last
    assert (e.kind, e.player, e.result, e.amount, e.party, e.throws) == (
        "throw",
        1,
        "hit",
        4,
        1,
        ((1, (4,)),),
    )
    assert s.view()["standings"] == {"parties": [[-4, 4, 0, 0]], "totals": [-4, 4, 0, 0]}


def test_an_exact_throw_of_two_dice_and_nets_over_several_stakes():
    s = stakes(start(4, starter=1), 2, 3, 1, 2)  # seats 1, 2, 3, 0: pot 8
    s = stakes(s, 1, 1)  # seats 1, 2: pot 10, staked (2, 3, 4, 1)
    assert s.active == 3 and s.held[3] == 2
    s = throw(s, 4, 6)  # seat 3 hits 10 with two dice
    assert s.standings == ((-2, -3, -4 + 0, 10 - 1),) and sum(s.standings[0]) == 0
    assert s.party == 2


# --- alliances ------------------------------------------------------------------------------------------------
def test_alliance_success_splits_the_pot_by_pips():
    """The worked example of docs/rules/roudalon.fr.md and .en.md."""
    s = four_stakes()  # pot 8
    assert s.can_propose() and PROPOSE in s.legal_actions()
    s = play(s, PROPOSE)
    assert s.phase == "answer" and s.to_move == 1 and s.asked == 1 and s.legal_actions() == (ACCEPT, REFUSE)
    s = play(s, ACCEPT)
    assert s.phase == "extend" and s.to_move == 1 and s.chain == (0, 1) and s.legal_actions() == (PROPOSE, CLOSE)
    s = play(s, PROPOSE, ACCEPT)  # seat 1 asks seat 2, who accepts
    assert s.phase == "extend" and s.to_move == 2 and s.chain == (0, 1, 2)
    s = play(s, CLOSE)  # seat 2 does not ask seat 3
    assert s.phase == "chain" and s.to_move == 0 and s.legal_actions() == THROWS
    v = s.view()["alliance"]
    assert v == {"members": [0, 1, 2], "asked": None, "refused": False, "thrower": 0, "total": 0}
    s = throw(s, 3)
    assert s.phase == "chain" and s.to_move == 1 and s.running_total == 3
    assert s.view()["throw"] == {"throws": [{"seat": 0, "dice": [3]}], "pending": 0, "total": 3}
    s = throw(s, 5)  # 3 + 5 = 8: hit before seat 2 throws
    assert s.party == 2 and s.standings == ((3 - 3, 5 - 2, 0 - 2, 0 - 1),)
    e = s.last
    assert (e.kind, e.player, e.result, e.throws) == ("alliance", 0, "hit", ((0, (3,)), (1, (5,))))


def test_alliance_members_throw_one_or_two_dice_and_shares_are_their_pips():
    s = stakes(start(3), 6, 6, 6, 1)  # 3 players; pot 19, seat 1 to play, everyone holds 2
    s = play(s, PROPOSE, ACCEPT, PROPOSE, ACCEPT)  # chain 1, 2, 0: nobody left to ask
    assert s.phase == "chain" and s.chain == (1, 2, 0)
    s = throw(s, 6, 5)  # 11
    s = throw(s, 2)  # 13
    s = throw(s, 4, 2)  # 19: hit
    # staked (7, 6, 6); collected (6, 11, 2)
    assert s.standings == ((6 - 7, 11 - 6, 2 - 6),)


def test_alliance_failure_first_overshoot_loses_his_thrown_dice_only():
    """The worked example of docs/rules/roudalon.fr.md and .en.md."""
    s = four_stakes()  # pot 8
    s = play(s, PROPOSE, ACCEPT, PROPOSE, ACCEPT, CLOSE)  # chain 0, 1, 2
    s = throw(s, 4, 3)  # seat 0: 7
    s = throw(s, 2)  # seat 1: 9 > 8: he loses the one die he threw; seat 2 throws nothing
    assert s.phase == "turn" and s.party == 1 and s.held == (2, 1, 2, 2)
    assert s.active == 1 and s.pot == 8 and s.collected == (0, 0, 0, 0) and s.staked == (3, 2, 2, 1)
    e = s.last
    assert (e.kind, e.player, e.result, e.loser, e.lost) == ("alliance", 0, "over", 1, 1)
    assert e.throws == ((0, (4, 3)), (1, (2,)))


def test_alliance_failure_first_member_overshooting_loses_both_dice():
    s = four_stakes()
    s = play(s, PROPOSE, ACCEPT, CLOSE)  # chain 0, 1
    s = throw(s, 6, 5)  # 11 > 8 at once
    assert s.held == (0, 2, 2, 2) and s.last.loser == 0 and s.last.lost == 2 and s.active == 1


def test_alliance_failure_last_member_short_loses_his_thrown_dice_only():
    """The worked example of docs/rules/roudalon.fr.md and .en.md."""
    s = four_stakes()  # pot 8
    s = play(s, PROPOSE, ACCEPT, PROPOSE, REFUSE)  # seat 2 says no: the chain 0, 1 throws
    assert s.phase == "chain" and s.chain == (0, 1) and s.last.kind == "refused" and s.last.player == 2
    s = throw(s, 2)  # 2
    s = throw(s, 1, 1)  # 4 < 8, and seat 1 is the last: he loses both dice he threw
    assert s.held == (2, 0, 2, 2) and s.active == 1 and s.last.result == "short"
    assert (s.last.loser, s.last.lost) == (1, 2) and s.collected == (0,) * 4


def test_an_alliance_may_not_be_proposed_to_a_player_without_dice():
    s = stakes(start(4), 5, 1, 1, 1)
    s = throw(s, 6, 6)  # seat 0 loses both dice
    s = stakes(s, 1, 1)  # seats 1, 2
    assert s.active == 3 and s.held[0] == 0
    assert not s.can_propose() and PROPOSE not in s.legal_actions()
    illegal(s, PROPOSE)


def test_a_chain_stops_at_a_player_without_dice_and_goes_straight_to_throwing():
    s = stakes(start(4), 5, 1, 1, 1)  # pot 8, seat 0 to play
    s = play(s, Stake(1))  # seat 0: pot 9
    s = throw(s, 6, 6)  # seat 1 loses both
    s = throw(s, 6, 6)  # seat 2 loses both
    s = stakes(s, 1)  # seat 3: pot 10
    assert s.active == 0 and s.held == (2, 0, 0, 2)
    s = stakes(s, 1, 1, 1)  # seats 0, 1, 2: pot 13; seats 1 and 2 hold one die again
    assert s.active == 3 and s.held == (2, 1, 1, 2)
    s = play(s, Stake(1))  # seat 3: pot 14
    s = throw(s, 6, 6)  # seat 0 loses both: held (0, 1, 1, 2), seat 1 to play
    assert s.active == 1 and s.held == (0, 1, 1, 2)
    s = play(s, PROPOSE, ACCEPT)  # seat 1 with seat 2: seat 3 holds dice, so seat 2 may extend
    assert s.phase == "extend" and s.extension_candidate() == 3
    s = play(s, PROPOSE, ACCEPT)  # seat 3 joins; his left (seat 0) holds no die: no extension offered
    assert s.phase == "chain" and s.chain == (1, 2, 3) and s.to_move == 1
    assert s.extension_candidate() is None
    illegal(s, PROPOSE)
    illegal(s, CLOSE)


def test_a_chain_never_wraps_round():
    s = stakes(start(3), 1, 1, 1, 1)  # pot 4, seat 1 to play
    s = play(s, PROPOSE, ACCEPT)  # chain 1, 2; seat 0 may still be asked
    assert s.phase == "extend" and s.extension_candidate() == 0
    s = play(s, PROPOSE, ACCEPT)  # chain 1, 2, 0: seat 0's left is seat 1, a member
    assert s.phase == "chain" and s.chain == (1, 2, 0)


def test_a_refused_first_proposal_lets_the_active_player_stake_or_throw_alone():
    s = four_stakes()
    s = play(s, PROPOSE, REFUSE)
    assert s.phase == "turn" and s.to_move == 0 and s.refused and s.chain == ()
    assert s.legal_actions() == STAKES + THROWS and not s.can_propose()
    illegal(s, PROPOSE)
    assert s.last.kind == "refused" and s.last.player == 1 and s.turns == 4  # still seat 0's turn
    after = play(s, Stake(2))
    assert after.pot == 10 and after.active == 1 and not after.refused and after.can_propose()
    thrown = throw(s, 6, 2)  # or throws alone: 8, a hit
    assert thrown.standings == ((8 - 3, -2, -2, -1),)


def test_a_refusal_further_down_closes_the_chain_and_it_throws():
    s = four_stakes()
    s = play(s, PROPOSE, ACCEPT, PROPOSE, ACCEPT, PROPOSE)  # seat 2 asks seat 3
    assert s.phase == "answer" and s.to_move == 3
    s = play(s, REFUSE)
    assert s.phase == "chain" and s.chain == (0, 1, 2) and s.to_move == 0 and s.legal_actions() == THROWS
    assert s.view()["alliance"]["members"] == [0, 1, 2]
    s = throw(s, 1)
    s = throw(s, 1)
    s = throw(s, 2, 2)  # 6 < 8: the last member, seat 2, loses two dice
    assert s.held == (2, 2, 0, 2) and s.last.loser == 2 and s.active == 1


def test_a_member_holding_one_die_throws_one():
    s = stakes(start(4), 2)  # seat 0 holds 2, pot 2
    s = play(s, PROPOSE, ACCEPT, CLOSE)  # seat 1 (one die) proposes to seat 2 (one die)
    assert s.chain == (1, 2) and s.legal_actions() == (Throw(1),)
    illegal(s, Throw(2))
    s = throw(s, 1)
    assert s.legal_actions() == (Throw(1),)
    s = throw(s, 1)  # 2: hit
    assert s.standings == ((-2, 1, 1, 0),)


# --- safeguards -----------------------------------------------------------------------------------------------
def test_the_pot_ceiling_limits_stakes_then_forces_a_pass_which_gives_a_die_back():
    """With a dead party played on (rules 1, option "play_on")."""
    s = stakes(start(3, dead_party="play_on"), 6, 6, 6, 6, 6)  # 3 players: ceiling 36; pot 30, seat 2 to play
    assert s.options.pot_ceiling == 36 and s.stake_room == 6
    s = stakes(s, 4)  # pot 34
    assert s.stake_room == 2 and s.legal_actions() == (Stake(1), Stake(2)) + THROWS + (PROPOSE,)
    illegal(s, Stake(3))
    s = stakes(s, 2)  # seat 0: pot 36, full
    assert s.pot == s.options.pot_ceiling and s.stake_room == 0
    assert s.legal_actions() == THROWS + (PROPOSE,)  # dice in hand and no room: throw (alone or allied)
    illegal(s, Stake(1))
    s = throw(s, 6, 6)  # seat 1: 12, short of 36: loses both
    s = throw(s, 1, 1)  # seat 2
    s = throw(s, 3, 3)  # seat 0
    assert s.active == 1 and s.held == (0, 0, 0)
    assert s.legal_actions() == (PASS,) and s.to_move == 1
    staked = s.staked
    s = play(s, PASS)
    assert s.held == (0, 1, 0) and s.pot == 36 and s.staked == staked and s.active == 2
    assert s.last.kind == "pass" and s.last.player == 1
    s = play(s, PASS)
    assert s.held == (0, 1, 1) and s.active == 0
    s = play(s, PASS, Throw(1), 6)  # seat 0 passes; seat 1 throws his die and loses it
    assert s.held == (1, 0, 1) and s.pot == 36


def test_the_pot_ceiling_scales_with_the_table():
    for players in range(3, 7):
        s = replace(start(players), turns=1, pot=12 * players - 1)
        assert s.stake_room == 1 and s.legal_actions()[:2] == (Stake(1), Throw(1))
        assert sum(1 for a in s.legal_actions() if isinstance(a, Stake)) == 1


def test_a_party_without_winner_after_40_rounds_is_void_and_refunds_stakes():
    """Everybody stakes until the pot is full (36: no throw can make it), then throws and misses (a dead
    party played on: option "play_on", rules 1)."""
    s = start(3, dead_party="play_on")
    assert ROUND_LIMIT == 40
    while s.party == 1:
        assert s.phase == "turn" and s.round <= ROUND_LIMIT
        legal = s.legal_actions()
        if s.stake_room:
            s = play(s, Stake(min(6, s.stake_room)))
        elif legal == (PASS,):
            s = play(s, PASS)
        else:
            s = throw(s, 1)
    assert s.standings == ((0, 0, 0),) and s.party == 2 and s.phase == "throwoff" and s.pot == 0
    assert s.last.kind == "void" and s.last.amount == 36 and s.last.party == 1 and s.last.result == ""
    assert s.last.to_json()["result"] is None


def test_a_void_party_at_the_end_of_the_match_still_ends_it():
    s = replace(stakes(start(3, parties=1), 5, 4), turns=ROUND_LIMIT * 3 - 1)
    assert s.round == ROUND_LIMIT
    s = stakes(s, 1)  # the last turn of round 40
    assert s.phase == "over" and s.kind is NodeKind.TERMINAL and s.standings == ((0, 0, 0),)
    assert s.pot == 0 and s.staked == s.collected == (0, 0, 0)  # refunded: the pot is empty
    assert s.view()["pot"] == 0 and [seat["net"] for seat in s.view()["seats"]] == [0, 0, 0]
    assert s.outcome().winners == (0, 1, 2) and s.returns() == (1 / 3,) * 3
    assert s.history[-1].kind == "void" and s.to_move is None and s.legal_actions() == ()


# --- a dead party (RULINGS, Le Roudalon: "Dead party") -------------------------------------------------------
def fill_to_ceiling(s: RoudalonState) -> RoudalonState:
    """Everybody stakes as much as he may until the stake that takes the pot to its ceiling."""
    party = s.party
    while s.party == party and s.phase == "turn" and s.pot + s.stake_room < s.options.pot_ceiling:
        s = play(s, Stake(min(6, s.stake_room)))
    return s


def test_a_dead_party_ends_void_at_once_when_the_pot_reaches_its_ceiling():
    """The ruling: once the pot has reached the ceiling nobody can stake and only every die of every player
    showing 6 could hit it: the party ends void at once, the stakes refunded."""
    s = fill_to_ceiling(start(4, parties=2))
    assert s.pot == 42 and s.stake_room == 6 and not s.dead  # below the ceiling the party goes on
    assert odds.chain_chance(42, (2, 2, 2, 2)) > 0  # 42 can still be made
    staked = s.staked
    last = s.active
    s = play(s, Stake(6))  # 48: the ceiling of four players
    assert s.party == 2 and s.phase == "throwoff" and s.pot == 0 and s.contenders == (0, 1, 2, 3)
    assert s.standings == ((0, 0, 0, 0),) and sum(staked) + 6 == 48
    assert s.last.kind == "void" and s.last.result == "dead" and s.last.amount == 48 and s.last.party == 1
    assert s.last.player == last
    assert s.last.to_json()["result"] == "dead" and s.view()["last"]["result"] == "dead"


def test_the_only_hit_at_the_ceiling_is_every_die_of_the_table_showing_6():
    """Why the ruling calls such a party dead: the whole table in one alliance, 2 dice each, all sixes."""
    for players in range(3, 7):
        ceiling = RoudalonOptions(players).pot_ceiling
        assert ceiling == 12 * players
        assert odds.chain_chance(ceiling, (2,) * players) == pytest.approx(1 / 36**players)
        assert odds.chain_chance(ceiling, (2,) * (players - 1) + (1,)) == 0.0


def test_one_below_the_ceiling_the_party_is_alive():
    s = replace(start(4), turns=1, pot=47, staked=(47, 0, 0, 0))
    assert not s.dead and s.stake_room == 1 and Stake(1) in s.legal_actions()
    after = play(s, Stake(1))  # seat 0 takes it to 48
    assert after.party == 2 and after.last.result == "dead"


def test_a_dead_last_party_ends_the_match():
    s = fill_to_ceiling(start(3, parties=1))
    s = play(s, Stake(s.stake_room))
    assert s.phase == "over" and s.standings == ((0, 0, 0),) and s.outcome().winners == (0, 1, 2)
    assert s.history[-1].kind == "void" and s.history[-1].result == "dead"
    assert s.history[-2].kind == "stake"  # the stake that filled the pot, then the void


def test_with_play_on_a_dead_party_goes_on():
    s = fill_to_ceiling(start(4, dead_party="play_on"))
    s = play(s, Stake(s.stake_room))
    assert s.pot == 48 and s.dead and s.party == 1 and s.phase == "turn"
    assert s.legal_actions() == THROWS + (PROPOSE,)


def test_dead_party_option_json():
    assert RoudalonOptions().dead_party == "void" and options_from_json({}).dead_party == "void"
    assert options_from_json({"dead_party": "play_on"}).dead_party == "play_on"
    for bad in ("end", "", None, 1, ["void"]):
        with pytest.raises(ValueError, match="dead_party must be one of void, play_on"):
            options_from_json({"dead_party": bad})


def rules_1_save(text: str) -> dict:
    """The save as rules 1 wrote it: no ``dead_party`` (it played dead parties on)."""
    data = json.loads(text)
    data["rules_version"] = 1
    del data["options"]["dead_party"]
    return data


def test_a_rules_1_save_replays_identically_and_plays_a_dead_party_on():
    """An old match that reached its ceiling and passed (rules 1) loads through the upgrade step with
    "dead_party": "play_on", replays entry for entry to the same state and goes on under its rules."""
    match = Match(GAME, RoudalonOptions(3, 2, "play_on"), "old")
    for face in (6, 6, 1, 1, 2, 2):
        match.force(Face(face))
    while match.state.pot < 36:
        match.submit(Stake(min(6, match.state.stake_room)))
    for _ in range(3):  # seats 0, 1, 2 throw their two dice at 36 and miss
        match.submit(Throw(2))
        match.force(Face(1))
        match.force(Face(1))
    match.submit(PASS)
    old = rules_1_save(save.SavedGame(match, [save.Seat(n) for n in "ABC"]).dumps())
    assert "dead_party" not in old["options"] and old["rules_version"] == 1
    loaded = save.from_json(old)
    assert loaded.match.options.dead_party == "play_on"
    assert loaded.match.log == match.log and loaded.match.state == match.state
    assert loaded.match.state.legal_actions() == (PASS,)  # still played on: the next seat passes too
    again = json.loads(loaded.dumps())
    assert again["rules_version"] == GAME.rules_version == 2 and again["options"]["dead_party"] == "play_on"
    assert save.from_json(again).match.state == match.state


def test_the_upgrade_step_keeps_what_a_save_names_and_leaves_bad_options_to_the_loader():
    from dicehall.games.roudalon.options import upgrade

    assert upgrade({"options": {"players": 3}}, 1) == {"options": {"players": 3, "dead_party": "play_on"}}
    assert upgrade({}, 1) == {"options": {"dead_party": "play_on"}}
    assert upgrade({"options": {"dead_party": "void"}}, 1) == {"options": {"dead_party": "void"}}
    assert upgrade({"options": [3]}, 1) == {"options": [3]}
    assert upgrade({"options": {"players": 3}}, 2) == {"options": {"players": 3}}
    with pytest.raises(save.SaveFormatError, match="bad options: they must be a JSON object"):
        save.from_json({"format": "dicehall.save/1", "game": "roudalon", "rules_version": 1, "options": [3]})


# --- the match ----------------------------------------------------------------------------------------------
def test_a_match_of_parties_records_standings_and_the_winners():
    options = RoudalonOptions(3, parties=2)
    match = Match(GAME, options, "t")
    for face in (6, 6, 1, 1, 2, 2):  # throw-off: seat 0 starts
        match.force(Face(face))
    match.submit(Stake(5))
    match.submit(Throw(1))  # seat 1
    match.force(Face(5))
    s = match.state
    assert s.party == 2 and s.standings == ((-5, 5, 0),) and s.kind is NodeKind.CHANCE
    assert s.contenders == (0, 1, 2)  # the first player is drawn again
    for face in (1, 1, 2, 2, 6, 5):  # seat 2 starts party 2
        match.force(Face(face))
    assert match.state.active == 2
    match.submit(Stake(3))  # seat 2
    match.submit(Stake(2))  # seat 0
    match.submit(Throw(1))  # seat 1 misses
    match.force(Face(1))
    match.submit(Throw(1))  # seat 2 holds two dice and throws one: 5, the pot
    match.force(Face(5))
    s = match.state
    assert s.phase == "over" and s.standings == ((-5, 5, 0), (-2, 0, 2)) and s.totals() == (-7, 5, 2)
    assert s.outcome().winners == (1,) and s.outcome().scores == (-7.0, 5.0, 2.0)
    assert s.returns() == (0.0, 1.0, 0.0)
    v = s.view()
    assert v["over"] and v["winners"] == [1] and v["scores"] == [-7, 5, 2] and v["party"] == 2
    assert v["standings"] == {"parties": [[-5, 5, 0], [-2, 0, 2]], "totals": [-7, 5, 2]}
    assert v["active"] is None and v["last"]["result"] == "hit"
    with pytest.raises(IllegalActionError):
        match.submit(Stake(1))


def test_tied_totals_share_the_victory():
    s = start(4, parties=2)
    s = replace(s, phase="over", standings=((3, -3, 0, 0), (0, 6, -3, -3)))
    assert s.outcome().winners == (0, 1) and s.outcome().tie and s.returns() == (0.5, 0.5, 0.0, 0.0)


def test_by_default_a_match_has_as_many_parties_as_players():
    for players in range(3, 7):
        s = start(players)
        assert s.options.party_count == players == s.view()["parties"]
    s = start(5, parties=1)
    s = stakes(s, 2)
    s = throw(s, 2)
    assert s.phase == "over" and s.standings == ((-2, 2, 0, 0, 0),)


# --- options ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("data", "players", "parties", "count"),
    [
        (None, 4, None, 4),
        ({}, 4, None, 4),
        ({"players": 3}, 3, None, 3),
        ({"players": 6, "parties": "players"}, 6, None, 6),
        ({"players": 5, "parties": 2}, 5, 2, 2),
        ({"players": 4, "parties": "7"}, 4, 7, 7),
        ({"parties": "12"}, 4, 12, 12),
        ({"parties": None}, 4, None, 4),
    ],
)
def test_options_json(data, players, parties, count):
    options = options_from_json(data)
    assert (options.players, options.parties, options.party_count) == (players, parties, count)
    back = options_to_json(options)
    assert back == {"players": players, "parties": "players" if parties is None else parties, "dead_party": "void"}
    assert options_from_json(json.loads(json.dumps(back))) == options
    assert GAME.num_players(options) == players


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"players": 2}, "Le Roudalon is for 3 to 6 players, got 2"),
        ({"players": 7}, "Le Roudalon is for 3 to 6 players, got 7"),
        ({"players": True}, "Le Roudalon is for 3 to 6 players, got true"),
        ({"players": 4.0}, "Le Roudalon is for 3 to 6 players, got 4.0"),
        ({"players": "4"}, 'Le Roudalon is for 3 to 6 players, got "4"'),
        ({"parties": 0}, 'Le Roudalon parties must be 1 to 12 (or "players"), got 0'),
        ({"parties": "0"}, 'Le Roudalon parties must be 1 to 12 (or "players"), got 0'),
        ({"parties": 13}, 'Le Roudalon parties must be 1 to 12 (or "players"), got 13'),
        ({"parties": "many"}, 'got "many"'),
        ({"parties": "-1"}, 'got "-1"'),
        ({"parties": 2.5}, "got 2.5"),
        ({"parties": False}, "got false"),
        ({"players": 4, "rounds": 3}, 'unknown Le Roudalon option(s) ["rounds"]; known: players, parties'),
        ([4], "Le Roudalon options must be an object, got [4]"),
        ("4", 'Le Roudalon options must be an object, got "4"'),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(data, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        options_from_json(data)


def test_options_objects_check_themselves():
    with pytest.raises(ValueError, match="3 to 6 players"):
        RoudalonOptions(players=8)
    assert RoudalonOptions(6).pot_ceiling == 72 and RoudalonOptions(3, 1).party_count == 1


# --- the exact chances --------------------------------------------------------------------------------------
def test_hit_chance_alone():
    assert odds.hit_chance(7, 2) == Fraction(6, 36)
    assert odds.hit_chance(2, 2) == odds.hit_chance(12, 2) == Fraction(1, 36)
    assert odds.hit_chance(4, 2) == Fraction(3, 36)
    assert odds.hit_chance(3, 1) == odds.hit_chance(6, 1) == Fraction(1, 6)
    for pot in (0, 7, 13):
        assert odds.hit_chance(pot, 1) == 0
    for pot in (0, 1, 13, 40):
        assert odds.hit_chance(pot, 2) == 0
    assert sum(odds.hit_chance(p, 2) for p in range(2, 13)) == 1
    assert odds.reach(1) == (1, 6) and odds.reach(2) == (2, 12)


def test_chain_chance_against_hand_computed_values():
    # (1, 1) at pot 7: whatever the first die shows (1-6), the second must make the rest: 1/6 = 6/36
    assert odds.chain_chance(7, (1, 1)) == pytest.approx(6 / 36)
    # (1, 1) at pot 2: only 1 then 1 (a 2 on the first die hits at once): 1/36 + 1/6
    assert odds.chain_chance(2, (1, 1)) == pytest.approx(1 / 36 + 1 / 6)
    # (2, 2) at pot 24: 6-6 then 6-6
    assert odds.chain_chance(24, (2, 2)) == pytest.approx(1 / 1296)
    # (2, 1) at pot 3: the first member should throw ONE die. One die: a 3 hits (1/6); a 1 or a 2 leaves
    # 2 or 1 for the second member's die (1/6 each): (1 + 1/6 + 1/6) / 6 = 8/36. Two dice: 1-2 or 2-1
    # hits (2/36), 1-1 leaves 1 (1/36 x 1/6): 13/216.
    assert odds.chain_throw_chance(3, (2, 1), 0, 1) == pytest.approx(8 / 36)
    assert odds.chain_throw_chance(3, (2, 1), 0, 2) == pytest.approx(13 / 216)
    assert odds.chain_chance(3, (2, 1)) == pytest.approx(8 / 36)
    # (2, 2) at pot 14: two dice first (at most 12, leaving 2-12) beats one die (leaving 8-13)
    two, one = odds.chain_throw_chance(14, (2, 2), 0, 2), odds.chain_throw_chance(14, (2, 2), 0, 1)
    assert two > one and odds.chain_chance(14, (2, 2)) == pytest.approx(two)
    # nothing can be made: pots out of reach
    assert odds.chain_chance(25, (2, 2)) == 0 and odds.chain_chance(0, (1, 1)) == 0


def test_chain_chance_of_one_member_is_his_best_throw_alone():
    for pot in range(14):
        assert odds.chain_chance(pot, (1,)) == pytest.approx(float(odds.hit_chance(pot, 1)))
        best = max(odds.hit_chance(pot, 1), odds.hit_chance(pot, 2))
        assert odds.chain_chance(pot, (2,)) == pytest.approx(float(best))


def test_chain_chance_of_one_die_each_by_enumeration():
    import itertools

    for members in (2, 3, 4):
        for pot in range(1, 6 * members + 2):
            hits = sum(
                any(sum(faces[: i + 1]) == pot for i in range(members))
                for faces in itertools.product(range(1, 7), repeat=members)
            )
            assert odds.chain_chance(pot, (1,) * members) == pytest.approx(hits / 6**members), (members, pot)


# --- actions, JSON and view ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "data"),
    [
        (Stake(3), {"type": "stake", "amount": 3}),
        (Throw(1), {"type": "throw", "dice": 1}),
        (Throw(2), {"type": "throw", "dice": 2}),
        (Propose(), {"type": "propose"}),
        (Accept(), {"type": "accept"}),
        (Refuse(), {"type": "refuse"}),
        (Close(), {"type": "close"}),
        (Pass(), {"type": "pass"}),
        (Face(6), {"type": "face", "face": 6}),
    ],
)
def test_action_json_round_trip(action, data):
    check_action_json(CODEC, action, data)


@pytest.mark.parametrize(
    "data",
    [
        "stake",
        None,
        {"type": "bet", "amount": 1},
        {"type": "stake"},
        {"type": "stake", "amount": "3"},
        {"type": "stake", "amount": True},
        {"type": "throw", "dice": [1]},
        {"type": "propose", "to": 1},
        {"type": "pass", "dice": 0},
        {"type": "face", "face": "6"},
    ],
)
def test_bad_action_json_is_refused(data):
    with pytest.raises(InvalidActionError):
        CODEC.from_json(data)


def test_json_actions_through_the_match_are_checked():
    match = Match(GAME, RoudalonOptions(4), "json")
    for face in (6, 6, 1, 1, 1, 1, 1, 1):
        match.force(CODEC.from_json({"type": "face", "face": face}))
    for bad in (
        {"type": "stake", "amount": 7},
        {"type": "stake", "amount": 0},
        {"type": "throw", "dice": 1},
        {"type": "propose"},
        {"type": "pass"},
        {"type": "accept"},
    ):
        with pytest.raises(IllegalActionError):
            match.submit_json(bad)
    match.submit_json({"type": "stake", "amount": 6})
    with pytest.raises(IllegalActionError):
        match.submit_json({"type": "throw", "dice": 2})  # seat 1 holds one die
    match.submit_json({"type": "propose"})
    with pytest.raises(IllegalActionError):
        match.submit(Accept(), seat=3)  # only seat 2 answers
    match.submit_json({"type": "accept"})
    assert match.state.phase == "extend" and match.state.to_move == 2
    assert match.log_json()[-2:] == [
        {"by": 1, "do": {"type": "propose"}},
        {"by": 2, "do": {"type": "accept"}},
    ]


def test_view_is_json_and_state_is_immutable():
    s = start(4)
    v = s.view()
    assert json.loads(json.dumps(v)) == v
    assert v["phase"] == "turn" and v["active"] == 0 and v["starter"] == 0 and v["first_turn"]
    assert v["pot"] == 0 and v["pot_ceiling"] == 48 and v["stake_room"] == 6 and v["round"] == 1
    assert v["seats"][0] == {"held": 1, "reserve": 1, "staked": 0, "collected": 0, "net": 0}
    assert v["alliance"] is None and v["throw"] is None and v["winners"] == [] and not v["over"]
    assert v["last"] == {
        "kind": "throwoff",
        "player": 0,
        "amount": 12,
        "throws": [],
        "result": None,
        "loser": None,
        "lost": 0,
        "party": 1,
    }
    with pytest.raises(AttributeError):
        s.pot = 3  # type: ignore[misc]
    assert hash(s) == hash(start(4))
    asking = play(four_stakes(), PROPOSE)
    assert asking.view()["alliance"] == {
        "members": [0],
        "asked": 1,
        "refused": False,
        "thrower": None,
        "total": 0,
    }
    rolling = play(four_stakes(), Throw(2), 3)
    assert rolling.kind is NodeKind.CHANCE and rolling.to_move is None
    assert rolling.view()["throw"] == {"throws": [{"seat": 0, "dice": [3]}], "pending": 1, "total": 3}


# --- docs/save-format.md --------------------------------------------------------------------------------------
def doc_blocks() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Le Roudalon") :]
    return re.findall(r"```json\n(.*?)```", section, re.DOTALL)


def test_the_save_format_example_replays_to_its_view():
    """docs/save-format.md: the Le Roudalon save loads, and its view is the one printed there."""
    blocks = doc_blocks()
    loaded = save.loads(blocks[0])
    s = loaded.match.state
    assert loaded.match.game is GAME and loaded.seats[0].name == "Amélie"
    assert json.loads(loaded.dumps()) == json.loads(blocks[0])
    assert s.party == 2 and s.phase == "chain" and s.chain == (0, 1, 2) and s.to_move == 1
    assert s.view() == json.loads(blocks[1])


def test_the_save_format_example_written_by_rules_1_loads_with_play_on():
    """The same save as rules 1 wrote it: upgraded to "dead_party": "play_on", the same position."""
    blocks = doc_blocks()
    old = rules_1_save(blocks[0])
    loaded = save.from_json(old)
    assert loaded.match.options == RoudalonOptions(4, 2, "play_on")
    assert loaded.match.state.view() == json.loads(blocks[1])
    assert json.loads(loaded.dumps())["rules_version"] == 2
