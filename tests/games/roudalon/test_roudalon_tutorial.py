"""Le Roudalon's "Learn to play" (games/roudalon/tutorial.py): the lesson runs, refuses as it should, and its
fixed dice bring about what its words say: the rules page's alliance, a throw over the pot, a dead party."""

from __future__ import annotations

from dicehall.core import tutorial as tut
from dicehall.core.tutorial_testing import by_text, check_all, walk
from dicehall.games.roudalon.actions import PROPOSE
from dicehall.games.roudalon.tutorial import TUTORIAL


def test_the_lesson_passes_every_tutorial_check() -> None:
    check_all(TUTORIAL)


def test_the_spec_declares_it() -> None:
    assert tut.available("roudalon") and tut.load("roudalon") is TUTORIAL


def test_you_win_the_throw_off_with_11_and_must_stake_first() -> None:
    shown = by_text(walk(TUTORIAL), "stake").shown
    assert shown.starter == 0 and shown.turns == 0 and shown.held == (1, 1, 1, 1)
    assert max(a + b for seat, a, b in shown.off_rounds[0] if seat) < 11
    assert all(type(action).__name__ == "Stake" for action in shown.legal_actions())


def test_a_pot_of_8_and_two_dice_each_as_in_the_rules_example() -> None:
    shown = by_text(walk(TUTORIAL), "propose").shown
    assert shown.pot == 8 and shown.held == (2, 2, 2, 2) and shown.staked == (3, 2, 2, 1)
    assert PROPOSE in shown.legal_actions()


def test_the_alliance_makes_the_pot_and_shares_it_3_and_5() -> None:
    moments = walk(TUTORIAL)
    assert by_text(moments, "alliance").shown.chain == (0, 1, 2)
    shared = by_text(moments, "shared").shown
    assert shared.party == 2 and shared.standings[0] == (0, 3, -2, -1)


def test_alone_3_and_5_go_over_a_pot_of_7_and_cost_both_dice() -> None:
    moments = walk(TUTORIAL)
    assert by_text(moments, "alone").shown.pot == 7
    over = by_text(moments, "over").shown
    assert over.last.result == "over" and over.last.loser == 0 and over.last.lost == 2 and over.held[0] == 0


def test_without_a_die_you_must_stake_and_the_pot_reaches_its_ceiling() -> None:
    moments = walk(TUTORIAL)
    must = by_text(moments, "must_stake").shown
    assert must.pot == 25 and must.held[0] == 0 and all(type(a).__name__ == "Stake" for a in must.legal_actions())
    void = by_text(moments, "void").shown
    assert void.last.kind == "void" and void.last.result == "dead" and void.last.amount == 48
    assert void.standings[1] == (0, 0, 0, 0) and void.party == 3 and not void.outcome()


def test_the_computers_are_named_as_the_rules_example_names_them() -> None:
    assert [fr for fr, _ in TUTORIAL.names] == ["Bruno", "Chloé", "Damien"]


def test_every_anchor_is_on_the_canvas_at_both_sizes(anchors_on_screen) -> None:
    anchors_on_screen(TUTORIAL)
