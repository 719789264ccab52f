"""Dés & Marchands' "Learn to play" (games/marchands/tutorial.py): the lesson runs, refuses as it should, and
its board and fixed dice bring about what its words say."""

from __future__ import annotations

from dicehall.core import tutorial as tut
from dicehall.core.tutorial_testing import by_text, check_all, walk
from dicehall.games.marchands.actions import Move
from dicehall.games.marchands.tutorial import TUTORIAL


def test_the_lesson_passes_every_tutorial_check() -> None:
    check_all(TUTORIAL)


def test_the_spec_declares_it() -> None:
    assert tut.available("marchands") and tut.load("marchands") is TUTORIAL


def test_you_open_beside_a_merchant_with_a_small_die_bought() -> None:
    shown = walk(TUTORIAL)[0].shown
    assert shown.current == 0 and shown.pos[0] == (8, 22) and shown.board.kind((8, 22)) == "merchant"
    assert shown.dice[0] == (("N", "E", "S", "W"), ("1", "2", "3", "4"), ("1", "1")) and shown.coins[0] == 0


def test_south_3_and_1_reach_the_bonus_below_for_5_coins() -> None:
    moment = by_text(walk(TUTORIAL), "move")
    assert moment.shown.rolled == ("S", "3", "1") and moment.shown.roll_sum().reach == 4
    assert moment.shown.board.kind((8, 23)) == "bonus"
    assert len(moment.shown.legal_actions()) > 1
    bonus = by_text(walk(TUTORIAL), "bonus")
    assert bonus.after.coins[0] == 5


def test_a_direction_face_costs_1_coin_at_the_merchant() -> None:
    moments = walk(TUTORIAL)
    assert by_text(moments, "roll_again").shown.coins[1] == 7  # "the computer took 5 coins too"
    trade = by_text(moments, "trade")
    assert trade.shown.phase == "merchant" and trade.shown.coins[0] == 5
    assert trade.after.coins[0] == 4 and trade.after.dice[0][2] == ("E", "1")


def test_south_and_east_open_the_diagonal_onto_the_computer_who_loses_half_its_coins() -> None:
    moment = by_text(walk(TUTORIAL), "diagonal")
    shown = moment.shown
    assert set(shown.roll_sum().directions) == {"S", "E"} and shown.roll_sum().reach == 2
    assert Move((9, 23)) in shown.legal_actions() and Move((10, 24)) not in shown.legal_actions()
    assert shown.pos[1] == (9, 23) and shown.coins == (4, 7)
    assert moment.after.coins == (7, 4)


def test_the_lesson_ends_far_from_the_end_cell_and_the_game_goes_on() -> None:
    last = walk(TUTORIAL)[-1].shown
    assert last.board.end == (14, 14) and last.phase != "over"


def test_every_anchor_is_on_the_canvas_at_both_sizes(anchors_on_screen) -> None:
    anchors_on_screen(TUTORIAL)
