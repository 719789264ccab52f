"""Dés & Marchands scenario tests with forced dice: moves (straight, diagonal, opposite directions, no move,
distance 0, the board's edge), stealing, the bonus actions, every merchant transaction and its price, the
safeguards, the end cell, the winner, the round limit, the extensions (portals, multipliers, replay bonus),
the seeded layout, options and action JSON, the view, the save-format example, and the openness of the
three lists (a cell kind, a bonus action and a face kind added without touching rules.py).

The game is not yet in the hub's catalogue: tests that go through ``registry.load`` patch it in.
"""

from __future__ import annotations

import json
import pathlib
import re
from dataclasses import replace
from typing import Any

import pytest

from dicehall.core import registry, save
from dicehall.core.errors import IllegalActionError, InvalidActionError
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind, step
from dicehall.core.testing import check_action_json
from dicehall.games.marchands import (
    CODEC,
    GAME,
    Board,
    Bonus,
    Buy,
    Layout,
    Leave,
    MarchandsOptions,
    MarchandsState,
    Move,
    Replace,
    Roll,
    Sell,
    Side,
    bonuses,
    cells,
    faces,
    merchant,
)
from dicehall.games.marchands.actions import LEAVE, ROLL
from dicehall.games.marchands.board import LAYOUTS, deal, manhattan
from dicehall.games.marchands.options import options_from_json, options_to_json
from dicehall.games.marchands.rules import FLOWS, START_COINS, START_DICE, initial

DOC = pathlib.Path(__file__).resolve().parents[3] / "docs" / "save-format.md"
TWO = MarchandsOptions(players=2)
HERE = (10, 10)
AWAY = (40, 40)


# --- helpers ------------------------------------------------------------------------------------------------
@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dés & Marchands in the catalogue (it is switched on later), so that saves can load it."""
    catalogue = tuple(
        g.replace(module="dicehall.games.marchands") if g.id == "marchands" else g for g in registry.CATALOGUE
    )
    monkeypatch.setattr(registry, "CATALOGUE", catalogue)


def at(
    *pos: tuple[int, int],
    board: Board | None = None,
    options: MarchandsOptions | None = None,
    **fields: Any,
) -> MarchandsState:
    """Players on ``pos`` (seat order 0, 1, …) on ``board`` (blank 50×50 by default), player 0 to roll."""
    pos = pos or (HERE, AWAY)
    options = options or MarchandsOptions(players=len(pos))
    s = MarchandsState.on_board(options, board or Board.blank(options.size), pos)
    return replace(s, **fields) if fields else s


def with_dice(s: MarchandsState, player: int, *dice: tuple[str, ...]) -> MarchandsState:
    return replace(s, dice=s.dice[:player] + (tuple(dice),) + s.dice[player + 1 :])


def with_coins(s: MarchandsState, *coins: int) -> MarchandsState:
    return replace(s, coins=tuple(coins))


def roll(s: MarchandsState, *tokens: str) -> MarchandsState:
    """The current player rolls: die k lands on the face ``tokens[k]`` (forced, through the checked step)."""
    s = step(s, ROLL)
    assert s.kind is NodeKind.CHANCE and s.phase == "throw"
    p = s.current
    for token in tokens:
        die = s.dice[p][len(s.rolled)]
        s = step(s, Side(die.index(token)))
    return s


def move(s: MarchandsState, to: tuple[int, int]) -> MarchandsState:
    return step(s, Move(to))


def targets(s: MarchandsState) -> set[tuple[int, int]]:
    assert s.phase == "move"
    return {a.to for a in s.legal_actions()}


def line(start: tuple[int, int], d: tuple[int, int], n: int) -> set[tuple[int, int]]:
    return {(start[0] + d[0] * k, start[1] + d[1] * k) for k in range(1, n + 1)}


def ins_outs(s: MarchandsState, p: int) -> tuple[int, int]:
    f = s.flows[p]
    return sum(f[0::2]), sum(f[1::2])


N, S, E, W = (0, -1), (0, 1), (1, 0), (-1, 0)


# --- the start ----------------------------------------------------------------------------------------------
def test_a_game_starts_with_the_layout_then_two_dice_and_two_coins_each():
    s = initial(MarchandsOptions(players=3))
    assert s.kind is NodeKind.CHANCE and s.phase == "layout" and s.board is None
    outcomes = s.chance_outcomes()
    assert len(outcomes) == LAYOUTS and sum(p for _, p in outcomes) == 1
    s = step(s, Layout(7))
    assert s.phase == "roll" and s.to_move == s.order[0] and s.turn == 0 and s.round == 1
    assert s.coins == (START_COINS,) * 3 == (2, 2, 2)
    assert s.dice == (START_DICE,) * 3 and START_DICE == (("N", "E", "S", "W"), ("1", "2", "3", "4"))
    assert sorted(s.order) == [0, 1, 2]


def test_rolling_throws_every_die_one_after_the_other_each_face_equally_likely():
    s = step(at(), ROLL)
    assert s.phase == "throw" and s.to_move is None and s.legal_actions() == ()
    assert [o for o, _ in s.chance_outcomes()] == [Side(i) for i in range(4)]
    assert all(p == pytest.approx(0.25) for _, p in s.chance_outcomes())
    s = step(s, Side(0))
    assert s.rolled == ("N",) and s.phase == "throw"
    s = step(s, Side(3))
    assert s.rolled == ("N", "4") and s.phase == "move" and s.to_move == 0
    with pytest.raises(IllegalActionError):
        step(step(at(), ROLL), Side(4))


# --- moves --------------------------------------------------------------------------------------------------
def test_a_straight_move_goes_0_to_power_cells_in_the_rolled_direction():
    s = roll(at(), "N", "3")
    assert targets(s) == {HERE} | line(HERE, N, 3)
    assert s.legal_actions()[0] == Move(HERE)  # the pawn's own cell (distance 0) first
    s = move(s, (10, 8))
    assert s.pos == ((10, 8), AWAY) and s.phase == "roll" and s.current == 1 and s.turn == 1
    assert [e.kind for e in s.events] == ["roll", "move"]


def test_powers_add_up():
    s = with_dice(at(), 0, ("E",), ("2",), ("4",))
    s = roll(s, "E", "2", "4")
    assert targets(s) == {HERE} | line(HERE, E, 6)
    assert s.view()["roll"] == {"directions": ["E"], "power": 6, "factor": 1, "reach": 6}


def test_two_perpendicular_directions_give_either_straight_line_or_the_diagonal_at_half_power():
    s = with_dice(at(), 0, ("N",), ("W",), ("5",))
    s = roll(s, "N", "W", "5")
    assert targets(s) == {HERE} | line(HERE, N, 5) | line(HERE, W, 5) | line(HERE, (-1, -1), 2)  # 5 // 2
    assert len(s.legal_actions()) == 1 + 5 + 5 + 2


def test_opposite_directions_never_combine():
    s = with_dice(at(), 0, ("N",), ("S",), ("4",))
    assert targets(roll(s, "N", "S", "4")) == {HERE} | line(HERE, N, 4) | line(HERE, S, 4)
    s = with_dice(at(), 0, ("N",), ("E",), ("S",), ("4",))
    assert targets(roll(s, "N", "E", "S", "4")) == (
        {HERE} | line(HERE, N, 4) | line(HERE, E, 4) | line(HERE, S, 4) | line(HERE, (1, -1), 2) | line(HERE, (1, 1), 2)
    )


def test_a_direction_rolled_twice_counts_once():
    s = with_dice(at(), 0, ("N",), ("N",), ("2",))
    assert targets(roll(s, "N", "N", "2")) == {HERE} | line(HERE, N, 2)


def test_a_diagonal_needs_a_power_of_two():
    s = with_dice(at(), 0, ("N",), ("E",), ("1",))
    assert targets(roll(s, "N", "E", "1")) == {HERE, (10, 9), (11, 10)}


@pytest.mark.parametrize("dice", [(("1",), ("2",)), (("N",), ("E",)), (("x2",), ("S",))])
def test_no_direction_or_no_power_means_no_move_and_the_turn_passes(dice):
    s = with_dice(at(), 0, *dice)
    s = roll(s, *(d[0] for d in dice))
    assert s.phase == "roll" and s.current == 1 and s.turn == 1 and s.pos == (HERE, AWAY)
    assert [e.kind for e in s.events] == ["roll"] and s.events[0].faces == tuple(d[0] for d in dice)


def test_a_mixed_die_may_give_the_direction_or_the_power():
    s = with_dice(at(), 0, ("N", "3"), ("E", "2"))
    assert targets(roll(s, "N", "2")) == {HERE} | line(HERE, N, 2)
    assert targets(roll(s, "3", "E")) == {HERE} | line(HERE, E, 3)


def test_a_distance_of_zero_is_not_an_arrival():
    board = Board.blank(50).with_cells("bonus", HERE)
    s = with_coins(at(HERE, HERE, board=board), 2, 7)  # both on a bonus cell; player 1 has 7 coins
    s = move(roll(s, "N", "2"), HERE)
    assert s.phase == "roll" and s.current == 1 and s.coins == (2, 7)  # no stealing, no bonus
    assert s.events[-1].kind == "move" and s.events[-1].detail == "stay"


def test_moves_off_the_board_are_not_offered():
    s = with_dice(at((1, 0), AWAY), 0, ("N",), ("W",), ("4",))
    s = roll(s, "N", "W", "4")
    assert targets(s) == {(1, 0), (0, 0)}  # North is off the board; one step West; no diagonal room
    s = with_dice(at((48, 49), AWAY), 0, ("S",), ("E",), ("6",))
    assert targets(roll(s, "S", "E", "6")) == {(48, 49), (49, 49)}


def test_passing_over_cells_and_players_does_nothing():
    board = Board.blank(50).with_cells("bonus", (10, 9)).with_cells("merchant", (10, 8))
    s = with_coins(at(HERE, (10, 9), board=board), 2, 6)
    s = move(roll(s, "N", "4"), (10, 7))
    assert s.coins == (2, 6) and s.phase == "roll" and s.current == 1


def test_an_illegal_move_is_refused():
    s = roll(at(), "N", "3")
    for bad in (Move((10, 6)), Move((11, 10)), Move((9, 9)), ROLL, LEAVE, Bonus("coins")):
        with pytest.raises(IllegalActionError):
            step(s, bad)


# --- stealing -----------------------------------------------------------------------------------------------
def test_arriving_on_a_player_takes_half_his_coins_rounded_down():
    s = with_coins(at(HERE, (10, 8)), 2, 7)
    s = move(roll(s, "N", "2"), (10, 8))
    assert s.coins == (5, 4)  # 7 // 2 = 3 taken, 4 left
    steal = next(e for e in s.events if e.kind == "steal")
    assert steal.player == 0 and steal.amounts == ((1, 3),) and steal.cell == (10, 8)
    assert ins_outs(s, 0) == (3, 0) and ins_outs(s, 1) == (0, 3)
    i = 2 * FLOWS.index("stolen")
    assert s.flows[0][i] == 3 and s.flows[1][i + 1] == 3


def test_arriving_on_two_players_robs_each_of_them():
    s = with_coins(at(HERE, (12, 10), (12, 10)), 2, 7, 5)
    s = move(roll(s, "E", "2"), (12, 10))
    assert s.coins == (2 + 3 + 2, 4, 3)
    assert next(e for e in s.events if e.kind == "steal").amounts == ((1, 3), (2, 2))


def test_robbing_a_player_with_one_coin_or_none_takes_nothing():
    s = with_coins(at(HERE, (10, 8)), 2, 1)
    s = move(roll(s, "N", "2"), (10, 8))
    assert s.coins == (2, 1) and s.flows[0] == (0,) * 6
    assert next(e for e in s.events if e.kind == "steal").amounts == ((1, 0),)


def test_the_robber_then_gets_the_cell_effect():
    board = Board.blank(50).with_cells("bonus", (10, 8))
    s = with_coins(at(HERE, (10, 8), board=board), 0, 4)
    s = move(roll(s, "N", "2"), (10, 8))
    assert s.coins == (2, 2) and s.phase == "bonus" and s.to_move == 0


# --- bonus --------------------------------------------------------------------------------------------------
def bonus_state(*coins: int, options: MarchandsOptions | None = None) -> MarchandsState:
    pos = [HERE] + [(40, 40 - 3 * k) for k in range(len(coins) - 1)]
    options = options or MarchandsOptions(players=len(coins))
    s = with_coins(at(*pos, board=Board.blank(50).with_cells("bonus", (10, 8)), options=options), *coins)
    s = move(roll(s, "N", "2"), (10, 8))
    assert s.phase == "bonus" and s.to_move == 0
    return s


def test_a_bonus_cell_offers_five_coins_a_tax_or_nothing():
    s = bonus_state(2, 3)
    assert s.legal_actions() == (Bonus("coins"), Bonus("tax"), Bonus("nothing"))
    got = step(s, Bonus("coins"))
    assert got.coins == (7, 3) and got.phase == "roll" and got.current == 1
    assert got.flows[0][2 * FLOWS.index("bonus")] == 5
    assert step(s, Bonus("nothing")).coins == (2, 3)


def test_the_tax_takes_two_coins_from_every_other_player_never_below_zero():
    s = bonus_state(2, 1, 5, 0)
    got = step(s, Bonus("tax"))
    assert got.coins == (2, 0, 3, 0) and got.phase == "roll" and got.current == 1
    # the coins leave the game
    assert [ins_outs(got, p) for p in range(4)] == [(0, 0), (0, 1), (0, 2), (0, 0)]


def test_the_replay_bonus_is_offered_only_with_its_option_and_the_same_player_rolls_again():
    assert Bonus("replay") not in bonus_state(2, 2).legal_actions()
    s = bonus_state(2, 2, options=MarchandsOptions(replay_bonus=True))
    assert s.legal_actions() == (Bonus("coins"), Bonus("tax"), Bonus("replay"), Bonus("nothing"))
    s = step(s, Bonus("replay"))
    assert s.phase == "roll" and s.current == 0 and s.turn == 0 and s.to_move == 0
    s = move(roll(s, "E", "1"), (11, 8))
    assert s.current == 1 and s.turn == 1 and s.pos[0] == (11, 8)


def back_on_bonus(s: MarchandsState) -> MarchandsState:
    """From player 0 on the bonus cell (10, 8), his turn over: player 1 stays put, he steps off North,
    player 1 stays put again, and he comes back South onto the cell."""
    s = move(roll(s, "N", "1"), s.pos[1])
    s = move(roll(s, "N", "1"), (10, 7))
    s = move(roll(s, "N", "1"), s.pos[1])
    return move(roll(s, "S", "1"), (10, 8))


def test_by_default_a_bonus_cell_serves_at_every_arrival():
    s = step(bonus_state(2, 2), Bonus("coins"))
    s = back_on_bonus(s)
    assert s.phase == "bonus" and s.to_move == 0  # the text: the cell acts at every arrival
    assert "served" not in s.view()["players"][0] and s.served_by(0) == ()


def test_with_bonus_once_a_bonus_cell_serves_each_player_once():
    options = MarchandsOptions(players=2, bonus_once=True)
    s = bonus_state(2, 2, options=options)
    assert s.served_by(0) == ((10, 8),)  # served on arrival, whatever he takes
    s = step(s, Bonus("nothing"))
    s = back_on_bonus(s)
    assert s.phase == "roll" and s.current == 1 and s.coins == (2, 2)  # nothing more: the turn passes
    assert s.events[-1].kind == "spent" and s.events[-1].cell == (10, 8)
    assert s.view()["players"][0]["served"] == [[10, 8]]
    # it still serves the other player: player 1 walks onto it
    s = move(roll(replace(s, pos=(s.pos[0], (10, 10))), "N", "2"), (10, 8))
    assert s.phase == "bonus" and s.to_move == 1 and s.served_by(1) == ((10, 8),)


def test_bonus_once_robs_first_and_does_not_change_the_board_dealt():
    board = Board.blank(50).with_cells("bonus", (10, 8))
    options = MarchandsOptions(players=2, bonus_once=True)
    s = replace(with_coins(at(HERE, (10, 8), board=board, options=options), 0, 4), served=(((10, 8),), ()))
    s = move(roll(s, "N", "2"), (10, 8))
    assert s.coins == (2, 2) and s.phase == "roll" and s.events[-1].kind == "spent"
    for number in (0, 7, 41):
        for players in (2, 4):
            assert deal(MarchandsOptions(players=players, bonus_once=True), number) == deal(
                MarchandsOptions(players=players), number
            )


def test_an_old_save_without_bonus_once_plays_as_before():
    options = options_from_json({"players": 2, "size": 30})  # a save of before the option: no key
    assert options.bonus_once is False and options_to_json(options)["bonus_once"] is False
    assert options_from_json({"bonus_once": "on"}).bonus_once is True  # the new-game form's text


# --- merchant -----------------------------------------------------------------------------------------------
def merchant_state(coins: int, *dice: tuple[str, ...], options: MarchandsOptions | None = None) -> MarchandsState:
    """Player 0 on a merchant cell with ``coins`` and ``dice`` (he walked there with N and 1)."""
    board = Board.blank(50).with_cells("merchant", (10, 9))
    s = with_dice(at(board=board, options=options), 0, ("N",), ("1",))
    s = move(roll(s, "N", "1"), (10, 9))
    assert s.phase == "merchant" and s.to_move == 0
    return with_coins(with_dice(s, 0, *(dice or START_DICE)), coins, 2)


def test_selling_a_die_brings_as_many_coins_as_it_has_faces():
    s = merchant_state(0, ("N", "E", "S", "W"), ("1", "2", "3", "4"), ("1",) * 6)
    assert Sell(2) in s.legal_actions()
    got = step(s, Sell(2))
    assert got.coins[0] == 6 and got.dice[0] == (("N", "E", "S", "W"), ("1", "2", "3", "4"))
    assert got.phase == "roll" and got.current == 1  # one transaction per visit
    assert got.events[-1].kind == "merchant" and got.events[-1].detail == "sell"
    assert got.events[-1].amounts == ((0, 6),)


@pytest.mark.parametrize("n", [2, 4, 6, 8])
def test_buying_a_die_of_2_4_6_or_8_faces_all_power_one_costs_its_faces(n):
    s = merchant_state(8)
    got = step(s, Buy(n))
    assert got.coins[0] == 8 - n and got.dice[0] == START_DICE + (("1",) * n,)
    assert ins_outs(got, 0) == (0, n)
    for bad in (Buy(3), Buy(10), Buy(0)):
        assert merchant.refusal(s.dice[0], 8, bad, frozenset()) == "unknown"


def test_replacing_a_face_by_a_direction_costs_one_and_destroys_the_old_face():
    s = merchant_state(1)
    got = step(s, Replace(1, 0, "N"))  # the power die's 1 becomes a North
    assert got.dice[0] == (("N", "E", "S", "W"), ("N", "2", "3", "4")) and got.coins[0] == 0


@pytest.mark.parametrize("v", [1, 2, 3, 4, 5, 6])
def test_replacing_a_face_by_a_power_v_costs_v(v):
    s = merchant_state(6)
    got = step(s, Replace(0, 0, str(v)))  # N becomes v: a die mixing a power and directions
    assert got.dice[0][0] == (str(v), "E", "S", "W") and got.coins[0] == 6 - v


def test_powers_above_six_and_unknown_faces_are_not_for_sale():
    s = merchant_state(20)
    for token in ("7", "0", "x2", "x3", "NE", ""):
        assert Replace(1, 0, token) not in s.legal_actions()
        assert merchant.refusal(s.dice[0], 20, Replace(1, 0, token), frozenset()) == "unknown"
    assert merchant.refusal(s.dice[0], 20, Replace(1, 3, "4"), frozenset()) == "same"
    assert merchant.refusal(s.dice[0], 20, Replace(1, 4, "4"), frozenset()) == "unknown"
    assert merchant.refusal(s.dice[0], 20, Sell(2), frozenset()) == "unknown"


def test_multiplier_faces_are_sold_for_5_and_8_only_with_the_option():
    plain = merchant_state(8)
    assert not [a for a in plain.legal_actions() if isinstance(a, Replace) and a.token.startswith("x")]
    s = merchant_state(8, options=MarchandsOptions(multipliers=True))
    assert Replace(1, 0, "x2") in s.legal_actions() and Replace(1, 0, "x3") in s.legal_actions()
    assert step(s, Replace(1, 0, "x2")).coins[0] == 3
    assert step(s, Replace(1, 0, "x3")).coins[0] == 0
    assert merchant.refusal(s.dice[0], 7, Replace(1, 0, "x3"), s.options.on) == "coins"


def test_leaving_the_merchant_costs_nothing():
    s = merchant_state(3)
    got = step(s, LEAVE)
    assert got.coins[0] == 3 and got.dice[0] == START_DICE and got.phase == "roll" and got.current == 1
    assert got.events[-1].kind == "leave"
    assert s.legal_actions()[-1] == LEAVE


def test_the_merchant_refuses_what_the_player_cannot_pay():
    s = merchant_state(3)
    legal = s.legal_actions()
    assert Buy(2) in legal and Buy(4) not in legal
    assert Replace(1, 0, "3") in legal and Replace(1, 0, "4") not in legal
    assert merchant.refusal(s.dice[0], 3, Buy(4), frozenset()) == "coins"
    broke = merchant_state(0)
    assert broke.legal_actions() == (LEAVE,)  # nothing to sell either: both dice are needed


def test_safeguard_no_die():
    s = merchant_state(0, ("N", "1"))
    assert merchant.refusal(s.dice[0], 0, Sell(0), frozenset()) == "no_die"
    assert s.legal_actions() == (LEAVE,)


def test_safeguard_no_direction_face():
    s = merchant_state(5, ("N", "E", "S", "W"), ("1", "2", "3", "4"))
    assert merchant.refusal(s.dice[0], 5, Sell(0), frozenset()) == "no_direction"
    lone = merchant_state(5, ("N", "1", "1"), ("2", "2"))
    assert merchant.refusal(lone.dice[0], 5, Replace(0, 0, "3"), frozenset()) == "no_direction"
    assert Replace(0, 0, "3") not in lone.legal_actions() and Replace(0, 0, "E") in lone.legal_actions()


def test_safeguard_no_power_face():
    s = merchant_state(5, ("N", "E", "S", "W"), ("1", "2", "3", "4"))
    assert merchant.refusal(s.dice[0], 5, Sell(1), frozenset()) == "no_power"
    lone = merchant_state(5, ("N", "E"), ("3", "S"))
    assert merchant.refusal(lone.dice[0], 5, Replace(1, 0, "W"), frozenset()) == "no_power"
    # a multiplier is not a power: the last power face may not become one either
    on = frozenset({"multipliers"})
    assert merchant.refusal(lone.dice[0], 5, Replace(1, 0, "x2"), on) == "no_power"
    # with another power face left, it may
    assert merchant.refusal((("N", "1"), ("3", "S")), 5, Replace(1, 0, "x2"), on) is None


def test_the_safeguards_allow_selling_a_die_whose_faces_are_found_elsewhere():
    s = merchant_state(0, ("N", "E", "S", "W"), ("1", "2", "3", "4"), ("N", "5"))
    legal = s.legal_actions()
    assert Sell(0) in legal and Sell(2) in legal and Sell(1) in legal
    assert step(s, Sell(0)).coins[0] == 4


# --- the end ------------------------------------------------------------------------------------------------
def test_the_end_cell_ends_the_game_at_once():
    s = with_coins(at((24, 27), AWAY), 3, 2)
    s = move(roll(s, "N", "3"), (24, 24))
    assert s.phase == "over" and s.kind is NodeKind.TERMINAL and s.ended == "end_cell"
    assert s.to_move is None and s.legal_actions() == () and s.chance_outcomes() == ()
    assert s.outcome().winners == (0,) and s.outcome().scores == (3.0, 2.0) and s.returns() == (1.0, 0.0)
    assert s.events[-1].kind == "end" and s.events[-1].detail == "end_cell"
    with pytest.raises(IllegalActionError):
        step(s, ROLL)


def test_the_end_cell_is_24_24_on_50_and_the_centre_on_51():
    assert Board.blank(50).end == (24, 24) and Board.blank(50).kind((24, 24)) == "end"
    assert Board.blank(51).end == (25, 25) and Board.blank(51).kind((25, 25)) == "end"


def finished(coins: tuple[int, ...], dice: tuple[Any, ...]) -> MarchandsState:
    s = at(*[(24, 27)] + [(40, 40 - 3 * k) for k in range(len(coins) - 1)])
    s = replace(s, coins=coins, dice=tuple(dice))
    return move(roll(s, "N", "3"), (24, 24))


def test_the_winner_has_the_most_coins():
    s = finished((3, 5), (START_DICE, START_DICE))
    assert s.winner() == 1 and s.outcome().winners == (1,)  # reaching the end is not enough


def test_tied_coins_are_broken_by_the_total_of_the_power_faces():
    s = finished((4, 4), (START_DICE, START_DICE + (("1", "1"),)))
    assert s.power(0) == 10 and s.power(1) == 12 and s.outcome().winners == (1,)
    assert s.view()["players"][1]["power"] == 12


def test_multipliers_count_zero_in_the_tie_break():
    big = (("N", "E", "S", "W"), ("x3", "2", "3", "4"))
    s = finished((4, 4), (START_DICE, big))
    assert s.power(1) == 9 and s.outcome().winners == (0,)


def test_still_tied_nobody_wins():
    s = finished((4, 4, 1), (START_DICE, START_DICE, START_DICE))
    assert s.winner() is None and s.outcome().winners == () and s.returns() == (0.0, 0.0, 0.0)
    assert s.view()["winners"] == []


def test_the_round_limit_ends_the_game_after_that_many_rounds():
    s = at(options=MarchandsOptions(round_limit=2))
    for _ in range(3):
        s = move(roll(s, "N", "1"), s.pos[s.current])
        assert s.phase == "roll"
    s = with_coins(s, 1, 3)
    s = move(roll(s, "N", "1"), s.pos[1])
    assert s.phase == "over" and s.ended == "round_limit" and s.round == 2 and s.outcome().winners == (1,)
    assert s.events[-1].kind == "end" and s.events[-1].player == 1
    assert at().options.round_limit is None  # no limit by default


def test_the_round_limit_counts_turns_that_end_in_no_move():
    s = with_dice(at(options=MarchandsOptions(round_limit=1)), 0, ("1",), ("2",))
    s = roll(s, "1", "2")
    assert s.phase == "roll" and s.current == 1
    s = move(roll(s, "N", "1"), AWAY)
    assert s.phase == "over" and s.ended == "round_limit"


# --- extensions ---------------------------------------------------------------------------------------------
PORTALS = MarchandsOptions(portals=True)


def test_a_portal_sends_the_pawn_to_its_twin_whose_effect_does_not_trigger():
    board = Board.blank(50).with_cells("portal", (10, 8), (30, 20), (5, 5), (6, 6))
    assert board.portals == (((10, 8), (30, 20)), ((5, 5), (6, 6))) and board.twin((30, 20)) == (10, 8)
    s = with_coins(at(HERE, (30, 20), board=board, options=PORTALS), 2, 8)
    s = move(roll(s, "N", "2"), (10, 8))
    assert s.pos == ((30, 20), (30, 20)) and s.phase == "roll" and s.current == 1
    assert s.coins == (2, 8)  # nobody is robbed on the twin
    s = move(roll(s, "W", "1"), (29, 20))
    s = move(roll(s, "E", "1"), (31, 20))  # leaving the twin later is an ordinary move
    assert s.pos[0] == (31, 20)


def test_arriving_on_a_portal_robs_the_players_there_before_travelling():
    board = Board.blank(50).with_cells("portal", (10, 8), (30, 20))
    s = with_coins(at(HERE, (10, 8), board=board, options=PORTALS), 2, 6)
    s = move(roll(s, "N", "2"), (10, 8))
    assert s.coins == (5, 3) and s.pos == ((30, 20), (10, 8))


def test_multipliers_multiply_the_rolled_power():
    s = with_dice(at(), 0, ("E",), ("3",), ("x2",))
    assert targets(roll(s, "E", "3", "x2")) == {HERE} | line(HERE, E, 6)
    s = with_dice(at((0, 0), AWAY), 0, ("E",), ("S",), ("2",), ("1",), ("x2",), ("x3",))
    got = roll(s, "E", "S", "2", "1", "x2", "x3")  # (2 + 1) × 2 × 3 = 18; diagonal 9
    assert got.roll_sum().reach == 18
    assert targets(got) == {(0, 0)} | line((0, 0), E, 18) | line((0, 0), S, 18) | line((0, 0), (1, 1), 9)


def test_a_multiplier_without_a_power_is_no_move():
    s = with_dice(at(), 0, ("E",), ("x3",))
    s = roll(s, "E", "x3")
    assert s.phase == "roll" and s.current == 1


def test_the_example_of_the_rules_pages():
    """docs/rules/marchands.*.md, "Example": four dice, North, West, 3 and 2; Bruno robbed at a merchant."""
    board = Board.blank(50).with_cells("merchant", (8, 8))
    s = with_coins(at(HERE, (8, 8), board=board), 2, 9)
    s = with_dice(s, 0, START_DICE[0], START_DICE[0], START_DICE[1], START_DICE[1])
    s = roll(s, "N", "W", "3", "2")
    assert targets(s) == {HERE} | line(HERE, N, 5) | line(HERE, W, 5) | {(9, 9), (8, 8)}
    s = move(s, (8, 8))
    assert s.coins == (6, 5) and s.phase == "merchant"
    s = step(s, Replace(2, 0, "5"))
    assert s.dice[0][2] == ("5", "2", "3", "4") and s.coins == (1, 5)


# --- the seeded layout --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "options",
    [
        MarchandsOptions(2),
        MarchandsOptions(3, size=51),
        MarchandsOptions(4),
        MarchandsOptions(4, size=51, portals=True, multipliers=True, replay_bonus=True),
    ],
)
def test_the_seeded_layout(options):
    for number in (0, 1, 2, 99, LAYOUTS - 1):
        board, starts, order = deal(options, number)
        assert board.size == options.size
        assert board.end == ((24, 24) if options.size == 50 else (25, 25)) and board.kind(board.end) == "end"
        bonus, shop, portal = board.cells_of("bonus"), board.cells_of("merchant"), board.cells_of("portal")
        assert len(bonus) == 15 and len(shop) == 15
        assert len(portal) == (8 if options.portals else 0) and len(board.portals) == len(portal) // 2
        assert board.cells_of("end") == (board.end,)
        specials = bonus + shop + portal
        assert len(set(specials)) == len(specials) and board.end not in specials
        assert len(starts) == options.players and sorted(order) == list(range(options.players))
        assert all(board.kind(c) == "normal" for c in starts)
        for i, a in enumerate(starts):
            for b in starts[i + 1 :]:
                assert 6 <= manhattan(a, b) <= 9, (number, starts)
        assert deal(options, number) == (board, starts, order)  # seeded: the same every time
    assert deal(options, 0)[0] != deal(options, 1)[0]


@pytest.mark.parametrize(
    "options",
    [
        MarchandsOptions(2, size=30),
        MarchandsOptions(3, size=30, portals=True),
        MarchandsOptions(4, size=30, portals=True, multipliers=True),
    ],
)
def test_the_quick_board_has_the_density_of_the_50_board_and_the_same_start_distances(options):
    """30 × 30: 15 bonus and merchant cells on 2,500 cells make 5.4 on 900, so 5 of each, and 1 portal pair
    for 4 (see board.py); the end cell (14, 14) as on 50 × 50; starts still 6 to 9 apart."""
    boards = set()
    for number in range(0, LAYOUTS, 41):
        board, starts, order = deal(options, number)
        assert board.size == 30 and board.end == (14, 14) and board.cells_of("end") == ((14, 14),)
        bonus, shop, portal = board.cells_of("bonus"), board.cells_of("merchant"), board.cells_of("portal")
        assert len(bonus) == 5 and len(shop) == 5
        assert len(portal) == (2 if options.portals else 0) and len(board.portals) == len(portal) // 2
        specials = bonus + shop + portal
        assert len(set(specials)) == len(specials) and board.end not in specials
        assert all(board.inside(c) for c in specials + starts)
        assert len(starts) == options.players and sorted(order) == list(range(options.players))
        assert all(board.kind(c) == "normal" for c in starts)
        for i, a in enumerate(starts):
            for b in starts[i + 1 :]:
                assert 6 <= manhattan(a, b) <= 9, (number, starts)
        assert deal(options, number) == (board, starts, order)
        boards.add(board.kinds)
    assert len(boards) == len(range(0, LAYOUTS, 41))


def test_the_50_and_51_layouts_are_those_of_rules_1():
    """The quick board added a size: every layout of the 50 × 50 and 51 × 51 boards stays as it was dealt
    before, so their saves replay identically (a fingerprint of 64 layouts each)."""
    import hashlib

    expected = ["094e1bc3fbd5ceb9", "4486429312d4606f", "cf243cd85f4cf330"]
    got = []
    for options in (
        MarchandsOptions(2),
        MarchandsOptions(3, size=51),
        MarchandsOptions(4, size=51, portals=True, multipliers=True, replay_bonus=True),
    ):
        digest = hashlib.sha256()
        for number in range(0, LAYOUTS, 64):
            board, starts, order = deal(options, number)
            digest.update(repr((board.kinds, board.portals, starts, order)).encode())
        got.append(digest.hexdigest()[:16])
    assert got == expected


def test_a_seeded_game_on_the_quick_board_plays_to_its_end(registered):
    """Two players heading for the centre (the cell of a move nearest the end cell, the first bonus, the
    merchant left): the seeded game ends on the end cell; its save replays to the same position."""
    match = Match(GAME, MarchandsOptions(size=30), "quick")
    while match.state.kind is not NodeKind.TERMINAL:
        state = match.state
        if state.kind is NodeKind.CHANCE:
            match.roll()
        elif state.phase == "move":
            end = state.board.end
            match.submit(min(state.legal_actions(), key=lambda m: (manhattan(m.to, end), m.to)))
        else:
            match.submit(LEAVE if state.phase == "merchant" else state.legal_actions()[0])
        assert match.ply < 5000
    s = match.state
    assert s.ended == "end_cell" and s.pos[s.current] == (14, 14)
    assert s.view()["board"]["size"] == 30 and s.view()["options"]["size"] == 30
    text = save.SavedGame(match, [save.Seat("A"), save.Seat("B")]).dumps()
    assert json.loads(text)["rules_version"] == 1
    loaded = save.loads(text)
    assert loaded.match.state == s and loaded.dumps() == text


def test_the_layout_outcome_deals_the_board_starts_and_seat_order():
    options = MarchandsOptions(3)
    board, starts, order = deal(options, 5)
    s = step(initial(options), Layout(5))
    assert s.board == board and s.pos == starts and s.order == order and s.current == order[0]


def test_seat_orders_vary_with_the_layout():
    orders = {deal(MarchandsOptions(3), n)[2] for n in range(40)}
    assert len(orders) == 6


# --- options ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (None, MarchandsOptions()),
        ({}, MarchandsOptions(2, 50, None)),
        ({"players": 4, "size": 51, "round_limit": 100}, MarchandsOptions(4, 51, 100)),
        # the setup form sends text
        ({"players": 3, "size": "51", "round_limit": "60"}, MarchandsOptions(3, 51, 60)),
        ({"size": 30}, MarchandsOptions(size=30)),  # the quick board
        ({"players": 4, "size": "30", "portals": "on"}, MarchandsOptions(4, 30, portals=True)),
        ({"round_limit": "none"}, MarchandsOptions()),
        ({"round_limit": None}, MarchandsOptions()),
        (
            {"portals": "on", "multipliers": "off", "replay_bonus": True},
            MarchandsOptions(portals=True, replay_bonus=True),
        ),
        (
            {"portals": True, "multipliers": True, "replay_bonus": True},
            MarchandsOptions(portals=True, multipliers=True, replay_bonus=True),
        ),
    ],
)
def test_options_json(data, expected):
    options = options_from_json(data)
    assert options == expected
    assert options_from_json(json.loads(json.dumps(options_to_json(options)))) == options
    keys = {"players", "size", "round_limit", "portals", "multipliers", "replay_bonus", "bonus_once"}
    assert set(options_to_json(options)) == keys


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"players": 1}, "Dés & Marchands is for 2 to 4 players, got 1"),
        ({"players": 5}, "Dés & Marchands is for 2 to 4 players, got 5"),
        ({"players": "3"}, 'Dés & Marchands is for 2 to 4 players, got "3"'),
        ({"players": True}, "Dés & Marchands is for 2 to 4 players, got true"),
        ({"size": 49}, "the board is 50, 51 or 30 cells wide, got 49"),
        ({"size": 50.0}, "the board is 50, 51 or 30 cells wide, got 50.0"),
        ({"size": "big"}, 'the board is 50, 51 or 30 cells wide, got "big"'),
        ({"round_limit": 0}, "round_limit must be 1 to 1000 rounds or none, got 0"),
        ({"round_limit": "0"}, "round_limit must be 1 to 1000 rounds or none, got 0"),
        ({"round_limit": 1001}, "round_limit must be 1 to 1000 rounds or none, got 1001"),
        ({"round_limit": "-3"}, 'round_limit must be 1 to 1000 rounds or none, got "-3"'),
        ({"round_limit": True}, "round_limit must be 1 to 1000 rounds or none, got true"),
        ({"portals": "yes"}, 'portals must be true or false, got "yes"'),
        ({"multipliers": 1}, "multipliers must be true or false, got 1"),
        ({"rounds": 5}, 'unknown Dés & Marchands option(s) ["rounds"]; known: players, size, round_limit'),
        ([2], "Dés & Marchands options must be an object, got [2]"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(data, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        options_from_json(data)


def test_options_name_the_extensions_switched_on():
    assert MarchandsOptions().on == frozenset()
    assert MarchandsOptions(portals=True, replay_bonus=True).on == {"portals", "replay_bonus"}


# --- action JSON --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "data"),
    [
        (Roll(), {"type": "roll"}),
        (Move((3, 4)), {"type": "move", "to": [3, 4]}),
        (Bonus("tax"), {"type": "bonus", "choice": "tax"}),
        (Sell(1), {"type": "sell", "die": 1}),
        (Buy(6), {"type": "buy", "faces": 6}),
        (Replace(0, 2, "x2"), {"type": "replace", "die": 0, "face": 2, "token": "x2"}),
        (Leave(), {"type": "leave"}),
        (Layout(17), {"type": "layout", "number": 17}),
        (Side(3), {"type": "side", "index": 3}),
    ],
)
def test_action_json_round_trip(action, data):
    check_action_json(CODEC, action, data)


@pytest.mark.parametrize(
    "data",
    [
        "roll",
        None,
        {"type": "walk", "to": [1, 2]},
        {"type": "move"},
        {"type": "move", "to": "1,2"},
        {"type": "sell", "die": "1"},
        {"type": "buy", "faces": True},
        {"type": "replace", "die": 0, "face": 1},
        {"type": "replace", "die": 0, "face": 1, "token": 3},
        {"type": "leave", "now": True},
        {"type": "side", "index": 1.0},
    ],
)
def test_bad_action_json_is_refused(data):
    with pytest.raises(InvalidActionError):
        CODEC.from_json(data)


def test_json_actions_through_the_match_are_checked():
    match = Match(GAME, TWO, "json")
    match.force(Layout(0))
    p = match.state.current
    with pytest.raises(IllegalActionError):
        match.submit_json({"type": "move", "to": list(match.state.pos[p])})
    match.submit_json({"type": "roll"})
    match.force(Side(0))  # N
    match.force(Side(1))  # 2
    x, y = match.state.pos[p]
    with pytest.raises(IllegalActionError):
        match.submit_json({"type": "move", "to": [x, y + 1]})  # South was not rolled
    with pytest.raises(IllegalActionError):
        match.submit(Move((x, y - 1)), seat=1 - p)
    match.submit_json({"type": "move", "to": [x, y - 1]})
    assert match.log_json()[-1] == {"by": p, "do": {"type": "move", "to": [x, y - 1]}}


# --- view ---------------------------------------------------------------------------------------------------
def test_view_is_json_and_state_is_immutable():
    board = (
        Board.blank(50).with_cells("bonus", (1, 2)).with_cells("merchant", (3, 4)).with_cells("portal", (5, 6), (7, 8))
    )
    s = at(HERE, AWAY, board=board, options=PORTALS)
    v = s.view()
    assert json.loads(json.dumps(v)) == v
    assert v["phase"] == "roll" and v["current"] == 0 and v["round"] == 1 and v["turn"] == 0
    assert v["board"] == {
        "size": 50,
        "end": [24, 24],
        "specials": {"bonus": [[1, 2]], "merchant": [[3, 4]], "portal": [[5, 6], [7, 8]]},
        "portals": [[[5, 6], [7, 8]]],
    }
    assert v["players"][0] == {
        "pos": [10, 10],
        "coins": 2,
        "dice": [["N", "E", "S", "W"], ["1", "2", "3", "4"]],
        "power": 10,
    }
    assert v["rolled"] == [] and v["roll"] is None and v["events"] == [] and v["winners"] == []
    assert not v["over"] and v["ended"] is None and v["scores"] == [2, 2]
    assert v["options"] == PORTALS.to_json()
    with pytest.raises(AttributeError):
        s.coins = (3, 3)  # type: ignore[misc]
    assert hash(s) == hash(at(HERE, AWAY, board=board, options=PORTALS))
    rolled = roll(s, "N", "2").view()
    assert rolled["phase"] == "move" and rolled["rolled"] == ["N", "2"]
    assert rolled["roll"] == {"directions": ["N"], "power": 2, "factor": 1, "reach": 2}
    assert rolled["events"] == [
        {"kind": "roll", "player": 0, "faces": ["N", "2"], "cell": None, "detail": None, "amounts": []}
    ]
    start = initial(TWO).view()
    assert start["board"] is None and start["current"] is None and start["phase"] == "layout"


# --- openness: a cell kind, a bonus action and a face kind added without touching rules.py ------------------
class Fountain(cells.CellKind):
    """Arriving gives 1 coin (booked as a bonus); 3 per board."""

    id = "fountain"

    def count(self, options):
        return 3

    def arrive(self, state, player, cell):
        return state.pay(player, 1, "bonus").end_turn()


class Gift(bonuses.BonusAction):
    """Every other player gets 1 coin."""

    id = "gift"
    label = ("Offrir", "Give")

    def apply(self, state, player):
        for other in range(state.num_players):
            if other != player:
                state = state.pay(other, 1, "bonus")
        return state.end_turn()


class Jump(faces.FaceKind):
    """The face "J" adds 10 to the power; sold for 9."""

    id = "jump"

    def owns(self, token):
        return token == "J"

    def add(self, token, roll):
        roll.power += 10

    def price(self, token):
        return 9

    def for_sale(self):
        return ("J",)


def test_a_new_cell_kind_bonus_action_and_face_kind_need_no_change_to_the_rules(monkeypatch):
    kinds = cells.KINDS + (Fountain(),)
    monkeypatch.setattr(cells, "KINDS", kinds)
    monkeypatch.setattr(cells, "BY_ID", {k.id: k for k in kinds})
    actions = bonuses.ACTIONS + (Gift(),)
    monkeypatch.setattr(bonuses, "ACTIONS", actions)
    monkeypatch.setattr(bonuses, "BY_ID", {a.id: a for a in actions})
    monkeypatch.setattr(faces, "KINDS", faces.KINDS + (Jump(),))

    # the board scatters the new cells among the others
    board, starts, _ = deal(TWO, 3)
    assert len(board.cells_of("fountain")) == 3 and len(board.cells_of("bonus")) == 15
    assert not set(board.cells_of("fountain")) & set(starts)
    assert "fountain" in initial(TWO).apply(Layout(3)).view()["board"]["specials"]

    # the cell acts, the face moves, the merchant sells the face and the bonus is offered
    board = (
        Board.blank(50).with_cells("fountain", (10, 0)).with_cells("bonus", (20, 0)).with_cells("merchant", (40, 38))
    )
    s = with_coins(with_dice(at(board=board), 0, ("N",), ("J",)), 2, 9)
    s = roll(s, "N", "J")
    assert targets(s) == {HERE} | line(HERE, N, 10)
    s = move(s, (10, 0))
    assert s.coins == (3, 9) and s.phase == "roll" and s.current == 1
    s = move(roll(s, "N", "2"), (40, 38))
    assert Replace(1, 0, "J") in s.legal_actions()
    s = step(s, Replace(1, 0, "J"))
    assert s.dice[1] == (("N", "E", "S", "W"), ("J", "2", "3", "4")) and s.coins == (3, 0)
    s = with_dice(s, 0, ("E",), ("J",))
    s = move(roll(s, "E", "J"), (20, 0))
    assert Bonus("gift") in s.legal_actions()
    s = step(s, Bonus("gift"))
    assert s.coins == (3, 1) and s.phase == "roll"


class Off(Fountain):
    id = "off"

    def count(self, options):
        return 0


def test_a_cell_kind_switched_off_leaves_the_layouts_unchanged(monkeypatch):
    """docs/extending.md: a save stores the layout number, so a kind absent from a game must not change it."""
    options = [MarchandsOptions(2), MarchandsOptions(4, size=51, portals=True)]
    before = [deal(o, n) for o in options for n in (0, 1, 77)]
    kinds = cells.KINDS + (Off(),)
    monkeypatch.setattr(cells, "KINDS", kinds)
    monkeypatch.setattr(cells, "BY_ID", {k.id: k for k in kinds})
    assert [deal(o, n) for o in options for n in (0, 1, 77)] == before


# --- docs/save-format.md ------------------------------------------------------------------------------------
def doc_blocks() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Dés & Marchands") :]
    return re.findall(r"```json\n(.*?)```", section, re.DOTALL)


def test_the_save_format_example_replays_to_its_view(registered):
    """docs/save-format.md: the Dés & Marchands save loads, and its view is the one printed there."""
    blocks = doc_blocks()
    loaded = save.loads(blocks[0])
    s = loaded.match.state
    assert loaded.match.game is GAME
    assert json.loads(loaded.dumps()) == json.loads(blocks[0])
    assert s.phase == "move" and s.kind is NodeKind.DECISION
    assert s.view() == json.loads(blocks[1])


def test_a_save_round_trips(registered):
    match = Match(GAME, MarchandsOptions(3, round_limit=3, portals=True), "trip")
    while match.state.kind is not NodeKind.TERMINAL:
        if match.state.kind is NodeKind.CHANCE:
            match.roll()
        else:
            match.submit(match.state.legal_actions()[-1])
    seats = [save.Seat("A"), save.Seat("B", "ai", "easy"), save.Seat("C", "ai", "expert")]
    text = save.SavedGame(match, seats).dumps()
    loaded = save.loads(text)
    assert loaded.match.state == match.state and loaded.dumps() == text
