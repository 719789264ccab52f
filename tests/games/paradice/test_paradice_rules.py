"""Paradice scenario tests with forced dice and directions: the help page's example, bis repetita chains,
relance, ladders, tirelire, the jackpot, buying (second copy free), both copies paying twice, declining
under rule 1, selling under rule 2, elimination (rule 4, creditors paid in full, no jackpot), the ranking,
the round limit and the per-round ledger, refused actions, options, action JSON, the view and the
save-format example.

Positions are built with ``dataclasses.replace`` on a new game; seats are Myrtille 0, Framboise 1,
Orange 2, Fraise 3, Citron 4, Kiwi 5.
"""

from __future__ import annotations

import dataclasses
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
from dicehall.core.testing import check_action_json, check_replay_and_save
from dicehall.games.paradice import CODEC, GAME, Buy, Decline, Dice, Go, ParadiceOptions, ParadiceState, Sell
from dicehall.games.paradice.actions import BUY, DECLINE
from dicehall.games.paradice.board import COPY_CELLS, COPY_OF, EVENTS, START_CELL, cell, xy
from dicehall.games.paradice.options import options_from_json, options_to_json
from dicehall.games.paradice.rules import NOBODY, POT

DOC = pathlib.Path(__file__).resolve().parents[3] / "docs" / "save-format.md"
MYRTILLE, FRAMBOISE, ORANGE, FRAISE, CITRON, KIWI = range(6)
CODES = [e.code for e in EVENTS]


# --- helpers ------------------------------------------------------------------------------------------------
@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Paradice in the catalogue (it is switched on with its screen), so that saves can load it."""
    catalogue = tuple(
        g.replace(module="dicehall.games.paradice") if g.id == "paradice" else g for g in registry.CATALOGUE
    )
    monkeypatch.setattr(registry, "CATALOGUE", catalogue)


def copy(code: str, number: int = 1) -> tuple[int, int]:
    """The cell of copy ``number`` (1 or 2, column-first order) of event ``code``."""
    return xy(EVENTS[CODES.index(code)].copies[number - 1])


def at(
    pawns: dict[int, tuple[int, int]] | None = None,
    owners: dict[tuple[int, int], int] | None = None,
    options: ParadiceOptions | None = None,
    balances: dict[int, int] | None = None,
    **fields: Any,
) -> ParadiceState:
    """A new game with some pawns moved, some copies owned (cell -> seat or POT) and some balances set."""
    s = ParadiceState.initial(options or ParadiceOptions())
    pawn_list, owner_list, money = list(s.pawns), list(s.owners), list(s.balances)
    for seat, where in (pawns or {}).items():
        pawn_list[seat] = cell(*where)
    for where, party in (owners or {}).items():
        owner_list[COPY_OF[cell(*where)]] = party
    for seat, amount in (balances or {}).items():
        money[seat] = amount
    return replace(s, pawns=tuple(pawn_list), owners=tuple(owner_list), balances=tuple(money), **fields)


def play(s: ParadiceState, *steps: Any) -> ParadiceState:
    """Checked steps: (a, b) are dice, "N"/"E"/"S"/"W" directions, anything else an action."""
    for item in steps:
        if isinstance(item, tuple):
            item = Dice(*item)
        elif isinstance(item, str):
            item = Go(item)
        s = step(s, item)
    return s


def kinds(s: ParadiceState) -> list[str]:
    return [e.kind for e in s.log]


def pawn(s: ParadiceState, seat: int) -> tuple[int, int]:
    return xy(s.pawns[seat])


def owner(s: ParadiceState, where: tuple[int, int]) -> int:
    return s.owner_of(cell(*where))


def paid(s: ParadiceState) -> list[tuple[int, int]]:
    """The payments of the turn so far: (creditor, amount)."""
    return [p for e in s.log if e.kind == "pay" for p in e.payments]


# --- the help page's example --------------------------------------------------------------------------------
EXAMPLE_OWNERS = {copy("Impair"): KIWI, copy("Ecart2"): ORANGE}


@pytest.mark.parametrize("dice", [(1, 3), (3, 1), (3, 5), (5, 3)])
def test_the_help_pages_example_gains(dice):
    """Two odd dice two apart: Impair (490 × 2 odd dice) to Kiwi, Ecart2 (2 205) to Orange."""
    s = at(owners=EXAMPLE_OWNERS)
    assert sorted(s.gains(*dice), key=lambda g: g[1]) == [
        (CODES.index("Ecart2"), ORANGE, 2205),
        (CODES.index("Impair"), KIWI, 980),
    ]
    assert sorted(a for _, c, a in s.gains(*dice, tirelire=True) if c == POT) == [980, 2205]


def test_the_help_pages_example_played():
    # Myrtille from the jackpot corner (0, 0), 1 + 3 down the left border to De2 (0, 4), unowned
    s = play(at({MYRTILLE: (0, 0)}, EXAMPLE_OWNERS), (1, 3))
    assert pawn(s, MYRTILLE) == (0, 4) and s.phase == "buy" and s.to_move == MYRTILLE
    assert paid(s) == [(ORANGE, 2205), (KIWI, 980)]
    assert s.balances == (100_000 - 3185, 100_000, 102_205, 100_000, 100_000, 100_980) and s.jackpot == 0
    assert s.log[-1].to_json() == {
        "kind": "pay",
        "player": 0,
        "cell": [0, 4],
        "event": "De2",
        "dice": [1, 3],
        "amount": 3185,
        "payments": [{"to": 2, "amount": 2205}, {"to": 5, "amount": 980}],
        "tirelire": False,
    }


def test_the_help_pages_example_on_a_tirelire():
    # from De2 (0, 4), 1 + 3 to the tirelire (2, 6): the 3 185 all go to the jackpot
    s = play(at({MYRTILLE: (0, 4)}, EXAMPLE_OWNERS), (1, 3))
    assert pawn(s, MYRTILLE) == (2, 6)
    assert s.jackpot == 3185 and s.balances == (100_000 - 3185,) + (100_000,) * 5
    assert s.current == FRAMBOISE and s.phase == "roll"  # nothing more happens on a tirelire
    assert s.event_stats[CODES.index("Impair")] == 980 and s.event_stats[CODES.index("Ecart2")] == 2205
    assert s.ledger[0] == ((0, 0, 0, 0, 0, 0, 3185), (3185, 0, 0, 0, 0, 0, 0))


# --- moving -------------------------------------------------------------------------------------------------
def test_the_first_move_from_the_start_is_a_choice_of_four():
    s = play(at(), (2, 3))
    assert s.phase == "direction" and pawn(s, 0) == (7, 5) and s.legal_actions() == tuple(Go(d) for d in "NESW")
    assert s.view()["directions"] == ["N", "E", "S", "W"] and s.steps == 5
    s = play(s, "W")  # (6, 5), then the small ring goes south and east: (6, 6) … (8, 6) is a crossing
    assert s.phase == "direction" and pawn(s, 0) == (8, 6) and s.steps == 1
    s = play(s, "S")
    assert pawn(s, 0) == (8, 7) and s.phase == "buy"  # Ecart1's second copy


def test_nothing_is_asked_on_the_last_cell_of_a_move():
    # Myrtille's (6, 4) is a N/S crossing: ending the move there asks nothing
    s = play(at({MYRTILLE: (8, 4)}), (1, 1))
    assert pawn(s, 0) == (6, 4) and s.phase == "buy"


def test_bis_repetita_chains_pay_only_at_the_end_with_the_same_dice():
    """Framboise from (9, 12), 4 + 5: north at (12, 8) to the bis repetita (12, 6), 9 more to the bis
    repetita (9, 0), 9 more to the ladder S (6, 6): she pays there, then jumps to (8, 12)."""
    owners = {copy("Somme9"): KIWI, copy("Somme9", 2): POT, copy("De6", 2): ORANGE}  # De6 pays nothing on 4, 5
    s = play(at({FRAMBOISE: (9, 12)}, owners, current=FRAMBOISE), (4, 5))
    assert s.phase == "direction" and pawn(s, FRAMBOISE) == (12, 8) and s.jackpot == 0
    s = play(s, "N")
    assert s.current == ORANGE and pawn(s, FRAMBOISE) == (8, 12)
    assert s.balances[FRAMBOISE] == 100_000 - 2 * 4410 and s.balances[KIWI] == 104_410 and s.jackpot == 4410
    assert s.event_stats[CODES.index("Somme9")] == 8820 and sum(s.event_stats) == 8820


def test_bis_repetita_then_an_event():
    # Myrtille from (1, 0), 1 + 3 to the bis repetita (0, 3), 4 more to Rapport (1, 6): pays on (1, 3) there
    s = play(at({MYRTILLE: (1, 0)}, {copy("Impair", 2): KIWI}), (1, 3))
    assert pawn(s, MYRTILLE) == (1, 6) and s.phase == "buy"
    assert kinds(s) == ["roll", "bis", "pay"] and s.log[1].amount == 4 and xy(s.log[1].cell) == (0, 3)
    assert paid(s) == [(KIWI, 980)] and [xy(c) for c in s.trail] == [
        (1, 0),
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (0, 5),
        (0, 6),
        (1, 6),
    ]  # the walk since the roll


def test_relance_pays_then_rolls_moves_and_pays_again():
    """Myrtille from De3 (10, 0), 1 + 3 to the relance (12, 2); she pays Ecart2, rolls 1 + 1, moves two
    cells to the ladder E (12, 4), pays Ecart0 there and jumps to (8, 6)."""
    owners = {copy("Ecart2"): KIWI, copy("Ecart0"): ORANGE}
    s = play(at({MYRTILLE: (10, 0)}, owners), (1, 3))
    assert pawn(s, MYRTILLE) == (12, 2) and s.phase == "roll" and s.current == MYRTILLE and s.to_move is None
    assert kinds(s) == ["roll", "pay", "relance"] and s.balances[KIWI] == 102_205
    s = play(s, (1, 1))
    assert s.current == FRAMBOISE and pawn(s, MYRTILLE) == (8, 6)
    assert s.balances[MYRTILLE] == 100_000 - 2205 - 2940 and s.balances[ORANGE] == 102_940
    assert s.roll_stats[0] == 2 * 2940 and s.roll_stats[2] == s.roll_stats[12] == 2205  # [1][1], [1][3], [3][1]


def test_a_relance_roll_is_marked_again():
    # from the relance (12, 2), 1 + 2 to Produit (11, 4): the turn is still open to read
    s = play(at({MYRTILLE: (10, 0)}), (1, 3), (1, 2))
    assert s.phase == "buy" and pawn(s, MYRTILLE) == (11, 4) and kinds(s) == ["roll", "relance", "roll"]
    assert not s.log[0].again and s.log[2].again and s.log[2].to_json()["again"]


def test_a_ladder_pays_first_then_jumps_and_the_other_end_does_nothing():
    # Myrtille from (0, 2), 1 + 3 to the ladder W (0, 6): she pays Ecart2, jumps to (8, 8), an unowned
    # crossing of the ladder W: nothing is offered there
    s = play(at({MYRTILLE: (0, 2)}, {copy("Ecart2"): ORANGE}), (1, 3))
    assert pawn(s, MYRTILLE) == (8, 8) and s.current == FRAMBOISE and s.balances[ORANGE] == 102_205
    # the finished turn's log stays readable until the next player rolls, then starts again
    assert kinds(s) == ["roll", "pay", "ladder"] and s.view()["log"][-1]["to"] == [8, 8]
    s = play(s, (6, 6))
    assert kinds(s)[0] == "roll" and s.log[0].player == FRAMBOISE and "ladder" not in kinds(s)


def test_the_start_is_never_landed_on_again():
    s = at({MYRTILLE: (6, 4)})
    for dice in ((1, 1), (1, 2), (2, 2)):
        t = play(s, dice)
        while t.phase == "direction":
            t = play(t, t.legal_actions()[0])
        assert t.pawns[MYRTILLE] != START_CELL


# --- the jackpot --------------------------------------------------------------------------------------------
def test_the_jackpot_corner_after_paying_the_jackpots_events():
    """Myrtille from Somme6 (4, 0), 1 + 3 west to the corner (0, 0): she pays the jackpot its Impair gain,
    then takes the whole jackpot, what she just paid included."""
    s = play(at({MYRTILLE: (4, 0)}, {copy("Impair"): POT, copy("Ecart2"): KIWI}, jackpot=5000), (1, 3))
    assert pawn(s, MYRTILLE) == (0, 0) and s.jackpot == 0 and s.last_win == (5980, MYRTILLE)
    assert s.balances[MYRTILLE] == 100_000 - 980 - 2205 + 5980 and s.balances[KIWI] == 102_205
    v = s.view()
    assert v["last_win"] == {"amount": 5980, "player": 0} and v["jackpot"] == 0
    credits, debits = s.totals()
    assert credits[6] == 980 and debits[6] == 5980 and credits[0] == 5980 and debits[0] == 3185


def test_an_empty_jackpot_wins_nothing_and_keeps_the_last_win():
    s = play(at({MYRTILLE: (4, 0)}, last_win=(2492, ORANGE)), (1, 3))
    assert s.jackpot == 0 and s.last_win == (2492, ORANGE) and s.balances[MYRTILLE] == 100_000


def test_an_eliminated_player_does_not_collect_the_jackpot():
    owners = {copy("Rapport3"): KIWI, copy("Rapport3", 2): KIWI}  # 2 × 4 410 on 1, 3
    s = play(at({MYRTILLE: (4, 0)}, owners, balances={MYRTILLE: 100}, jackpot=50_000), (1, 3))
    assert s.ranks[MYRTILLE] == 6 and s.jackpot == 50_000 and s.last_win is None
    assert s.balances[MYRTILLE] == 100 - 8820 and s.balances[KIWI] == 108_820


# --- buying and owning --------------------------------------------------------------------------------------
def test_buying_costs_the_price_and_goes_to_the_bank():
    s = play(at({MYRTILLE: (0, 0)}), (1, 3))
    assert s.view()["offer"] == {"cell": [0, 4], "event": "De2", "price": 7500}
    s = play(s, BUY)
    assert owner(s, (0, 4)) == MYRTILLE and s.balances[MYRTILLE] == 92_500 and s.jackpot == 0
    assert s.bank == (7500, 0) and s.totals()[1][0] == 7500 and s.current == FRAMBOISE
    assert s.copies_of(MYRTILLE) == (cell(0, 4),)


@pytest.mark.parametrize("players, price", [(2, 2500), (3, 3750), (4, 5000), (5, 6250), (6, 7500)])
def test_the_price_depends_on_the_players(players, price):
    s = play(at({MYRTILLE: (0, 0)}, options=ParadiceOptions(players)), (1, 3), BUY)
    assert s.balances[MYRTILLE] == 100_000 - price


@pytest.mark.parametrize("previous", [NOBODY, POT])
def test_the_second_copy_is_free_even_from_the_jackpot(previous):
    s = play(at({MYRTILLE: (0, 0)}, {copy("De2", 2): MYRTILLE, (0, 4): previous}), (1, 3))
    assert owner(s, (0, 4)) == MYRTILLE and s.balances[MYRTILLE] == 100_000 and s.current == FRAMBOISE
    assert s.bank == (0, 0)


def test_a_jackpot_event_can_be_bought():
    s = play(at({MYRTILLE: (0, 0)}, {(0, 4): POT}), (1, 3))
    assert s.phase == "buy"
    s = play(s, BUY)
    assert owner(s, (0, 4)) == MYRTILLE and s.jackpot == 0 and s.balances[MYRTILLE] == 92_500


def test_an_opponents_event_and_ones_own_end_the_turn():
    for who in (KIWI, MYRTILLE):
        s = play(at({MYRTILLE: (0, 0)}, {(0, 4): who}), (1, 3))
        assert s.current == FRAMBOISE and owner(s, (0, 4)) == who and s.bank == (0, 0)


def test_both_copies_pay_twice():
    s = play(at({MYRTILLE: (0, 0)}, {copy("Impair"): KIWI, copy("Impair", 2): KIWI}), (1, 3))
    assert paid(s) == [(KIWI, 1960)] and s.event_stats[CODES.index("Impair")] == 1960
    assert s.gains(1, 3) == [(CODES.index("Impair"), KIWI, 980)] * 2


def test_ones_own_events_are_ignored():
    s = play(at({MYRTILLE: (0, 0)}, {copy("Impair"): MYRTILLE, copy("Impair", 2): KIWI}), (1, 3))
    assert paid(s) == [(KIWI, 980)] and s.event_stats[CODES.index("Impair")] == 980
    assert s.gains(1, 3, seat=KIWI) == [(CODES.index("Impair"), MYRTILLE, 980)]


# --- declining ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "rules, previous, after", [(1, NOBODY, POT), (0, NOBODY, NOBODY), (0, POT, POT), (1, POT, POT)]
)
def test_declining_under_rule_1(rules, previous, after):
    s = play(at({MYRTILLE: (0, 0)}, {(0, 4): previous}, ParadiceOptions(rules=rules)), (1, 3), DECLINE)
    assert owner(s, (0, 4)) == after and s.balances[MYRTILLE] == 100_000 and s.current == FRAMBOISE


@pytest.mark.parametrize("rules, after", [(1, POT), (0, NOBODY)])
def test_an_event_too_dear_is_declined_without_asking(rules, after):
    s = play(at({MYRTILLE: (0, 0)}, options=ParadiceOptions(rules=rules), balances={MYRTILLE: 7499}), (1, 3))
    assert s.current == FRAMBOISE and owner(s, (0, 4)) == after and s.balances[MYRTILLE] == 7499


def test_exactly_the_price_can_buy():
    s = play(at({MYRTILLE: (0, 0)}, balances={MYRTILLE: 7500}), (1, 3))
    assert s.phase == "buy"
    assert play(s, BUY).balances[MYRTILLE] == 0


# --- selling ------------------------------------------------------------------------------------------------
def test_selling_until_the_due_can_be_paid():
    """Myrtille owes 3 185 with 1 000 and two events: she sells one (7 500) and pays at once."""
    owners = {**EXAMPLE_OWNERS, copy("Somme"): MYRTILLE, copy("Produit"): MYRTILLE}
    s = play(at({MYRTILLE: (0, 0)}, owners, balances={MYRTILLE: 1000}), (1, 3))
    assert s.phase == "sell" and s.to_move == MYRTILLE and s.due == (0, 0, 2205, 0, 0, 980, 0)
    assert set(s.legal_actions()) == {Sell(*copy("Somme")), Sell(*copy("Produit"))}
    assert s.view()["selling"] == {
        "due": 3185,
        "missing": 2185,
        "creditors": [{"to": 2, "amount": 2205}, {"to": 5, "amount": 980}],
    }
    s = play(s, Sell(*copy("Produit")))
    assert owner(s, copy("Produit")) == NOBODY and owner(s, copy("Somme")) == MYRTILLE  # rule 2 off
    assert s.balances[MYRTILLE] == 1000 + 7500 - 3185 and s.bank == (0, 7500)
    # 5 315 left is less than the price: De2 is declined without asking, and goes to the jackpot (rule 1)
    assert s.current == FRAMBOISE and owner(s, (0, 4)) == POT


def test_a_sale_to_the_jackpot_under_rule_2_is_owed_at_once():
    """With rule 2 the sold Impair copy pays the jackpot its 980 on this very roll."""
    owners = {**EXAMPLE_OWNERS, copy("Impair", 2): MYRTILLE}
    s = play(at({MYRTILLE: (0, 0)}, owners, ParadiceOptions(rules=3), balances={MYRTILLE: 1000}), (1, 3))
    assert s.due == (0, 0, 2205, 0, 0, 980, 0)
    s = play(s, Sell(*copy("Impair", 2)))
    assert owner(s, copy("Impair", 2)) == POT and s.jackpot == 980
    assert s.balances[MYRTILLE] == 1000 + 7500 - 3185 - 980


def test_a_sale_to_the_jackpot_can_lead_to_elimination():
    """Two players (price 2 500): Myrtille owes Framboise 2 940 (Ecart0 on 1, 1) with 500 and one De1 copy.
    Selling it would cover the debt, but under rule 2 the jackpot now owns it and is owed 2 940 too."""
    owners = {copy("Ecart0"): FRAMBOISE, copy("De1"): MYRTILLE}
    s = at({MYRTILLE: (0, 0)}, owners, ParadiceOptions(2, rules=2), balances={MYRTILLE: 500})
    s = play(s, (1, 1))
    assert pawn(s, MYRTILLE) == (0, 2) and s.phase == "sell" and s.due == (0, 2940, 0)
    s = play(s, Sell(*copy("De1")))
    assert s.phase == "over" and s.ranks == (2, 0) and s.winners == (FRAMBOISE,)
    assert s.balances == (500 + 2500 - 5880, 102_940) and s.jackpot == 2940
    assert owner(s, copy("De1")) == POT and owner(s, (0, 2)) == NOBODY  # rule 1 off: the cell stays unowned
    assert s.outcome().scores == (0.0, 102_940.0) and s.returns() == (0.0, 1.0)


# --- elimination --------------------------------------------------------------------------------------------
ELIMINATION_OWNERS = {
    copy("Rapport3"): KIWI,
    copy("Rapport3", 2): KIWI,  # 2 × 4 410 on (1, 3)
    copy("Ecart2"): ORANGE,  # 2 205
    copy("Impair"): FRAISE,  # 980
    copy("De3"): MYRTILLE,  # 1 470 on (1, 3): hers, until liquidated
}


@pytest.mark.parametrize("rules", [1, 5])
def test_elimination_pays_every_creditor_in_full(rules):
    """Myrtille owes 12 005 with 1 000 and one event worth 7 500: eliminated. Her event is liquidated (to
    the jackpot under rule 4, which then is owed its 1 470 too, as in the original), the cell she stands
    on goes to the jackpot (rule 1), and everybody is paid in full."""
    s = play(
        at({MYRTILLE: (0, 0)}, ELIMINATION_OWNERS, ParadiceOptions(rules=rules), balances={MYRTILLE: 1000}), (1, 3)
    )
    quirk = 1470 if rules & 4 else 0
    assert s.ranks == (6, 0, 0, 0, 0, 0) and s.current == FRAMBOISE and s.phase == "roll"
    assert s.balances == (1000 + 7500 - 12_005 - quirk, 100_000, 102_205, 100_980, 100_000, 108_820)
    assert s.jackpot == quirk and owner(s, copy("De3")) == (POT if rules & 4 else NOBODY)
    assert owner(s, (0, 4)) == POT and s.copies_of(MYRTILLE) == () and s.bank == (0, 7500)
    v = s.view()
    assert v["pawns"][0] is None and v["eliminated"] == [6, None, None, None, None, None]
    assert v["scores"][0] == 0 and v["ranking"][-1] == {"place": 6, "seat": 0}


def test_an_eliminated_player_is_skipped():
    s = play(at({MYRTILLE: (0, 0)}, ELIMINATION_OWNERS, balances={MYRTILLE: 1000}), (1, 3))
    s = replace(s, current=KIWI)
    s = play(s, (1, 1))
    while s.phase != "roll":
        s = play(s, s.legal_actions()[-1])
    assert s.current == FRAMBOISE and s.round == 2  # Myrtille's turn is skipped


def test_the_first_eliminated_is_last():
    """Three players, Myrtille already out (third); Orange is eliminated now: second. Framboise wins."""
    s = at(
        {ORANGE: (0, 0)},
        {copy("Ecart0"): FRAMBOISE, copy("Ecart0", 2): FRAMBOISE},
        ParadiceOptions(3),
        balances={ORANGE: 10, MYRTILLE: -4000},
        ranks=(3, 0, 0),
        current=ORANGE,
    )
    s = play(s, (2, 2))
    assert s.phase == "over" and s.ranks == (3, 0, 2) and s.winners == (FRAMBOISE,)
    assert s.ranking() == [(1, FRAMBOISE), (2, ORANGE), (3, MYRTILLE)]
    assert s.outcome().scores == (0.0, 105_880.0, 0.0) and s.kind is NodeKind.TERMINAL and s.to_move is None
    assert s.log[-1].kind == "over"


def test_the_ranking_of_players_in_play_shares_places():
    s = at(balances={0: 90_000, 1: 110_000, 2: 110_000}, options=ParadiceOptions(4), ranks=(0, 0, 0, 4))
    assert s.ranking() == [(1, 1), (1, 2), (3, 0), (4, 3)]


# --- rounds -------------------------------------------------------------------------------------------------
def test_the_round_limit_richest_wins_and_ties_share():
    s = at(options=ParadiceOptions(2, rules=0, round_limit=1))  # rule 1 off: a declined event stays free
    s = play(s, (1, 2), "W", DECLINE)  # (6, 5), (6, 6), (7, 6): Somme's second copy
    assert s.current == FRAMBOISE and s.round == 1
    s = play(s, (1, 2), "W", "E", DECLINE)  # Framboise turns at the crossing (6, 6)
    assert s.phase == "over" and s.winners == (0, 1) and s.returns() == (0.5, 0.5) and s.round == 1
    s = at(options=ParadiceOptions(2, round_limit=1))
    s = play(s, (1, 2), "W", BUY, (1, 2), "W", "E")  # Framboise pays Myrtille Somme's 210 on her own Somme cell
    assert s.phase == "over" and s.winners == (FRAMBOISE,) and s.balances == (97_710, 99_790)


def test_the_round_counter_and_the_per_round_ledger():
    s = at(options=ParadiceOptions(2))
    s = play(s, (1, 2), "W", BUY)  # round 1: Myrtille buys Somme (2 500)
    s = play(s, (1, 2), "W", "E")  # Framboise pays 210 on it: the round ends
    assert s.round == 2 and s.current == MYRTILLE and len(s.ledger) == 2
    assert s.ledger[0] == ((210, 0, 0), (2500, 210, 0)) and s.ledger[1] == ((0, 0, 0), (0, 0, 0))
    assert s.evolution() == [[100_000, 97_710, 97_710], [100_000, 99_790, 99_790], [0, 0, 0]]
    assert s.view()["ledger"] == [
        {"round": 1, "credits": [210, 0, 0], "debits": [2500, 210, 0]},
        {"round": 2, "credits": [0, 0, 0], "debits": [0, 0, 0]},
    ]
    assert s.totals() == ((210, 0, 0), (2500, 210, 0))


# --- refused actions ----------------------------------------------------------------------------------------
def test_illegal_actions_are_refused_and_nothing_changes():
    s = at({MYRTILLE: (0, 0)})
    for bad in (BUY, DECLINE, Go("N"), Sell(0, 4)):
        with pytest.raises(IllegalActionError, match="not a possible dice outcome"):
            step(s, bad)
    for bad in (Dice(0, 3), Dice(7, 1)):
        with pytest.raises(IllegalActionError):
            step(s, bad)
    buying = play(s, (1, 3))
    for bad in (Dice(1, 1), Go("S"), Sell(0, 4)):
        with pytest.raises(IllegalActionError, match="not legal for player 0"):
            step(buying, bad)
    choosing = play(at(), (1, 1))
    with pytest.raises(IllegalActionError):
        step(choosing, BUY)
    assert s == at({MYRTILLE: (0, 0)}) and buying.phase == "buy"
    with pytest.raises(TypeError):
        s.apply("roll")


def test_actions_through_the_match_are_checked(registered):
    match = Match(GAME, ParadiceOptions(2), "checks")
    match.force(Dice(1, 2))
    for bad in ({"type": "go", "direction": "X"}, {"type": "buy"}, {"type": "sell", "x": 0, "y": 4}):
        with pytest.raises(IllegalActionError):
            match.submit_json(bad)
    with pytest.raises(IllegalActionError):
        match.submit(Go("W"), seat=1)
    for bad in (
        {"type": "go"},
        {"type": "go", "direction": 5},
        {"type": "sell", "x": "0", "y": 4},
        {"type": "fly"},
        {"type": "buy", "cell": 3},
        ["go", "N"],
    ):
        with pytest.raises(InvalidActionError):
            match.submit_json(bad)
    assert match.ply == 1
    match.submit_json({"type": "go", "direction": "W"})
    assert match.state.phase == "buy" and match.log_json()[-1] == {"by": 0, "do": {"type": "go", "direction": "W"}}
    with pytest.raises(IllegalActionError):
        match.roll()
    match.submit(BUY)
    check_replay_and_save(GAME, match)


@pytest.mark.parametrize(
    "action, data",
    [
        (Dice(3, 5), {"type": "dice", "a": 3, "b": 5}),
        (Go("N"), {"type": "go", "direction": "N"}),
        (Buy(), {"type": "buy"}),
        (Decline(), {"type": "decline"}),
        (Sell(4, 11), {"type": "sell", "x": 4, "y": 11}),
    ],
)
def test_action_json_round_trip(action, data):
    check_action_json(CODEC, action, data)


# --- options ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "data, expected",
    [
        (None, ParadiceOptions(6, 1, None)),
        ({}, ParadiceOptions(6, 1, None)),
        ({"players": 2, "rules": 7, "round_limit": 50}, ParadiceOptions(2, 7, 50)),
        ({"rules": "3", "round_limit": "none"}, ParadiceOptions(6, 3, None)),
        ({"rules": 0, "round_limit": "20"}, ParadiceOptions(6, 0, 20)),
    ],
)
def test_options_json(data, expected):
    assert options_from_json(data) == expected
    assert options_from_json(options_to_json(expected)) == expected
    assert options_to_json(expected) == {
        "players": expected.players,
        "rules": expected.rules,
        "round_limit": expected.round_limit,
    }


@pytest.mark.parametrize(
    "data, message",
    [
        ({"players": 7}, "Paradice is for 2 to 6 players, got 7"),
        ({"players": 1}, "Paradice is for 2 to 6 players, got 1"),
        ({"players": True}, "Paradice is for 2 to 6 players, got true"),
        ({"players": "4"}, 'Paradice is for 2 to 6 players, got "4"'),
        ({"rules": 8}, r"Paradice rules are a sum of 1, 2 and 4 \(0 to 7\), got 8"),
        ({"rules": -1}, "got -1"),
        ({"round_limit": 0}, "round_limit must be 1 to 999 rounds or none, got 0"),
        ({"round_limit": 2.5}, "got 2.5"),
        ({"rounds": 3}, r'unknown Paradice option\(s\) \["rounds"\]; known: players, rules, round_limit'),
        ([1], "Paradice options must be an object"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(data, message):
    with pytest.raises(ValueError, match=message):
        options_from_json(data)


def test_options_objects_check_themselves():
    with pytest.raises(ValueError):
        ParadiceOptions(players=0)
    assert ParadiceOptions(rules=5).rule(4) and not ParadiceOptions(rules=5).rule(2)
    assert GAME.num_players(ParadiceOptions(3)) == 3 and GAME.initial(ParadiceOptions(3)).price == 3750


# --- the view -----------------------------------------------------------------------------------------------
def test_view_is_json_and_state_is_immutable():
    s = at()
    v = s.view()
    assert json.loads(json.dumps(v)) == v
    assert v["balances"] == [100_000] * 6 and v["jackpot"] == 0 and v["last_win"] is None
    assert len(v["owners"]) == 52 and all(o["owner"] is None for o in v["owners"])
    assert v["owners"][0] == {"cell": list(xy(COPY_CELLS[0])), "event": "Somme", "copy": 1, "owner": None}
    assert v["pawns"] == [[7, 5]] * 6 and v["eliminated"] == [None] * 6 and v["round"] == 1
    assert v["phase"] == "roll" and v["current"] == 0 and v["to_move"] is None and v["price"] == 7500
    assert v["stats"]["events"] == dict.fromkeys(CODES, 0) and v["stats"]["rolls"] == [[0] * 6] * 6
    assert not v["over"] and v["winners"] == []
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.jackpot = 3  # type: ignore[misc]
    assert hash(s) == hash(at())


def test_view_owners_name_the_jackpot_and_seats():
    s = at(owners={copy("Impair"): POT, copy("Ecart2"): ORANGE})
    owners = {o["event"] + str(o["copy"]): o["owner"] for o in s.view()["owners"]}
    assert owners["Impair1"] == "jackpot" and owners["Ecart21"] == 2 and owners["Impair2"] is None


# --- docs/save-format.md ------------------------------------------------------------------------------------
def doc_blocks() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Paradice") :]
    return re.findall(r"```json\n(.*?)```", section, re.DOTALL)


def test_the_save_format_example_replays_to_its_view(registered):
    """docs/save-format.md: the Paradice save loads, and its view is the one printed there."""
    blocks = doc_blocks()
    loaded = save.loads(blocks[0])
    s = loaded.match.state
    assert loaded.match.game is GAME and loaded.seats[0].name == "Myrtille"
    assert json.loads(loaded.dumps()) == json.loads(blocks[0])
    assert s.view() == json.loads(blocks[1])
    assert check_replay_and_save(GAME, loaded.match).match.state == s
