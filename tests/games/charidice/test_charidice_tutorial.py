"""Charidice's "Learn to play" (games/charidice/tutorial.py): the lesson runs, refuses as it should, and its
fixed dice bring about what its words say."""

from __future__ import annotations

from dicehall.core import tutorial as tut
from dicehall.core.tutorial_testing import by_text, check_all, walk
from dicehall.games.charidice.actions import CLAIM
from dicehall.games.charidice.dice import BLACK, RED, colour_of
from dicehall.games.charidice.scoring import analyse
from dicehall.games.charidice.tutorial import TUTORIAL


def colours(state, dice) -> list[int]:
    return [colour_of(i, state.dice[i]) for i in dice]


def test_the_lesson_passes_every_tutorial_check() -> None:
    check_all(TUTORIAL)


def test_the_spec_declares_it() -> None:
    assert tut.available("charidice") and tut.load("charidice") is TUTORIAL


def test_the_first_roll_shows_three_reds_3_1_4() -> None:
    shown = by_text(walk(TUTORIAL), "keep").shown
    assert shown.dice[:3] == (3, 1, 4) and colours(shown, (0, 1, 2)) == [RED] * 3
    assert RED not in colours(shown, (3, 4, 5))


def test_five_reds_the_run_of_four_beats_all_five_and_leaves_a_doubled_5() -> None:
    shown = by_text(walk(TUTORIAL), "colour").shown
    assert colours(shown, range(5)) == [RED] * 5 and colours(shown, (5,)) == [BLACK]
    run = analyse(shown.dice, (0, 2, 3, 4))
    assert (run.points, run.bonus, run.gift) == (18, 25, 11)  # the 1, and the 5 counted double
    five = analyse(shown.dice, (0, 1, 2, 3, 4))
    assert five.bonus == 0 and five.points + five.bonus < run.points + run.bonus  # no run, no bonus


def test_the_gift_goes_left_and_the_claim_doubles_what_the_right_neighbour_gives() -> None:
    moments = walk(TUTORIAL)
    assert by_text(moments, "gift").shown.sheets[1][0].received == 11
    claim = by_text(moments, "claim").shown
    assert claim.active == 2 and claim.rolls == 0 and (0, CLAIM) in claim.side_actions()
    assert claim.sheets[1][0].marked == 13 and claim.sheets[1][0].bonus == 15  # "four blacks"
    claimed = by_text(moments, "claimed").shown
    assert claimed.sheets[0][0].received == 28 and claimed.last.claimed and claimed.donations[0] == 1


def test_three_4s_then_four_of_four_colours_for_16_and_a_bonus_of_15() -> None:
    moments = walk(TUTORIAL)
    assert by_text(moments, "keep4").shown.dice[:3] == (4, 4, 4)
    shown = by_text(moments, "number").shown
    assert shown.dice[:4] == (4, 4, 4, 4) and len(set(colours(shown, range(4)))) == 4
    four = analyse(shown.dice, (0, 1, 2, 3))
    assert (four.points, four.bonus, four.gift) == (16, 15, 12)


def test_every_anchor_is_on_the_canvas_at_both_sizes(anchors_on_screen) -> None:
    anchors_on_screen(TUTORIAL)
