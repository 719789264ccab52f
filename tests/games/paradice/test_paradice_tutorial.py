"""Paradice's "Learn to play" (games/paradice/tutorial.py): the lesson runs, refuses as it should, and its
prelude and fixed dice bring about what its words say: a crossing, a purchase, an elimination, a tirelire, a
bis repetita, a sale to pay and a jackpot won."""

from __future__ import annotations

from dicehall.core import tutorial as tut
from dicehall.core.tutorial_testing import by_text, check_all, walk
from dicehall.games.paradice.actions import BUY, Sell
from dicehall.games.paradice.board import COPY_OF, EVENTS, KIND, TIRELIRE, cell
from dicehall.games.paradice.rules import POT
from dicehall.games.paradice.tutorial import TUTORIAL


def kinds(state) -> list[str]:
    return [event.kind for event in state.log]


def test_the_lesson_passes_every_tutorial_check() -> None:
    check_all(TUTORIAL)


def test_the_spec_declares_it() -> None:
    assert tut.available("paradice") and tut.load("paradice") is TUTORIAL


def test_the_prelude_opens_on_round_39_with_the_balances_the_coach_reads() -> None:
    start = walk(TUTORIAL)[0].shown
    assert start.round == 39 and start.current == 0 and start.phase == "roll"
    assert start.balances == (17527, 111381, 2751) and start.jackpot == 74591
    assert [len(start.copies_of(p)) for p in range(3)] == [12, 16, 3]


def test_a_crossing_then_a_free_event_after_paying_its_owners() -> None:
    moments = walk(TUTORIAL)
    crossing = by_text(moments, "crossing").shown
    assert crossing.dice == (1, 6) and crossing.phase == "direction" and len(crossing.legal_actions()) == 2
    buy = by_text(moments, "buy")
    state = buy.shown
    assert state.phase == "buy" and state.price == 3750 and BUY in state.legal_actions()
    assert EVENTS[COPY_OF[state.pawn] // 2].code == "Rapport3"
    (pay,) = [event for event in state.log if event.kind == "pay"]
    assert pay.amount == 11050 and dict(pay.payments) == {1: 5380, 2: 2730, POT: 2940}
    assert buy.after.owner_of(state.pawn) == 0


def test_orange_cannot_pay_even_selling_all_and_is_eliminated() -> None:
    state = by_text(walk(TUTORIAL), "eliminated").shown
    assert state.ranks[2] == 3 and "eliminated" in kinds(state) and state.current == 0
    (pay,) = [event for event in state.log if event.kind == "pay"]
    assert pay.amount == 22286 and dict(pay.payments)[0] == 12656


def test_a_tirelire_sends_the_payment_to_the_jackpot() -> None:
    state = by_text(walk(TUTORIAL), "tirelire").shown
    (pay,) = [event for event in state.log if event.kind == "pay"]
    assert pay.tirelire and pay.amount == 10858 and dict(pay.payments) == {POT: 10858}


def test_a_bis_repetita_then_a_sale_to_pay_the_missing_915() -> None:
    moment = by_text(walk(TUTORIAL), "sell")
    state = moment.shown
    assert "bis" in kinds(state) and state.phase == "sell"
    assert KIND[state.pawn] == TIRELIRE and state.amount_due() == 9878 and state.missing() == 915
    assert Sell(6, 1) in state.legal_actions() and len(state.legal_actions()) > 1
    assert EVENTS[COPY_OF[cell(6, 1)] // 2].code == "Somme"
    assert "sell" in kinds(moment.after) and moment.after.balances[0] == 8963 + 3750 - 9878


def test_the_jackpot_corner_wins_the_whole_jackpot() -> None:
    state = by_text(walk(TUTORIAL), "jackpot_won").shown
    (won,) = [event for event in state.log if event.kind == "jackpot"]
    assert won.amount == 105701 and state.balances[0] == 108374 and state.jackpot == 0
    assert state.phase != "over"


def test_every_anchor_is_on_the_canvas_at_both_sizes(anchors_on_screen) -> None:
    anchors_on_screen(TUTORIAL)
