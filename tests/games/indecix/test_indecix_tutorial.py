"""Indecix's "Learn to play" (games/indecix/tutorial.py): the lesson runs, refuses and comments as it should,
and its fixed dice bring about what its words say."""

from __future__ import annotations

from dicehall.core import tutorial as tut
from dicehall.core.tutorial_testing import by_text, check_all, walk
from dicehall.games.indecix.actions import PASS, Place
from dicehall.games.indecix.tutorial import TUTORIAL


def test_the_lesson_passes_every_tutorial_check() -> None:
    check_all(TUTORIAL)


def test_the_spec_declares_it() -> None:
    assert tut.available("indecix") and tut.load("indecix") is TUTORIAL


def test_the_lesson_opens_on_the_rules_page_example() -> None:
    moments = walk(TUTORIAL)
    start = moments[0].shown
    assert start.turn == 21 and start.mover == 0 and start.dice_on_grid() == 20
    assert [start.cell(x, 2) for x in range(4)] == [(1, 6), (0, 5), (1, 3), None]  # 6, 5, 3 left of D3


def test_the_2_captures_the_3_and_the_5_for_11_points_the_6_stays() -> None:
    moment = by_text(walk(TUTORIAL), "capture")
    assert moment.shown.die == 2 and (3, 2) in moment.shown.legal_cells()
    assert moment.shown.legal_cells() == ((3, 1), (3, 2))  # "only D2 and D3": a choice to refuse
    last = moment.after.last
    assert {cell for cell, _, _ in last.captured} == {(1, 2), (2, 2)} and last.capture_points == 11
    assert moment.after.cell(0, 2) == (1, 6)


def test_the_4_completes_the_last_row_for_a_run_of_17() -> None:
    moment = by_text(walk(TUTORIAL), "run")
    assert moment.shown.die == 4
    (suite,) = moment.after.last.suites_formed
    assert (suite.line, suite.index, suite.points, suite.clean, suite.edge) == ("row", 5, 17, False, True)


def test_the_second_2_has_no_square_and_scores_a_point_for_the_computer() -> None:
    moment = by_text(walk(TUTORIAL), "stuck")
    assert moment.shown.die == 2 and moment.shown.legal_actions() == (PASS,)
    assert moment.shown.legal_cells(2) == ()
    assert moment.after.scores()[1] == moment.shown.scores()[1] + 1


def test_the_last_die_may_go_anywhere_and_one_square_captures() -> None:
    moment = by_text(walk(TUTORIAL), "free")
    cells = moment.shown.legal_cells()
    assert len(cells) >= 3
    assert any(moment.shown.capture_preview(cell)[0] for cell in cells)
    assert moment.after.last.cell is not None


def test_the_computers_moves_are_the_ones_its_words_name() -> None:
    moments = walk(TUTORIAL)
    assert by_text(moments, "roll_again").shown.cell(1, 0) == (1, 3)  # "a 3 on B1"
    assert by_text(moments, "roll_third").shown.cell(2, 3) == (1, 5)  # "a 5 on C4"
    assert by_text(moments, "roll_last").shown.cell(4, 2) == (1, 1)  # "a 1 on E3"
    assert Place((3, 2)) == by_text(moments, "capture").step.awaits


def test_every_anchor_is_on_the_canvas_at_both_sizes(anchors_on_screen) -> None:
    anchors_on_screen(TUTORIAL)
