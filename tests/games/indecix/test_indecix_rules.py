"""Scenario tests: positions drawn as pictures (rows of L<face> / R<face> / ..), dice forced."""

from __future__ import annotations

import pytest

from dicehall.core.errors import IllegalActionError
from dicehall.core.protocol import NodeKind, step
from dicehall.games.indecix import Choose, Face, IndecixOptions, IndecixState, Pass, Place, Suite, board

MASTER = IndecixOptions(mode="master")
ORIGINAL = IndecixOptions(suite_scoring="original")


def pic(rows: str, die: int | None = None, to_move: int = 0, options: IndecixOptions | None = None, **kw):
    return IndecixState.from_picture(rows, options, die=die, to_move=to_move, **kw)


def play(state: IndecixState, x: int, y: int) -> IndecixState:
    return step(state, Place((x, y)))


def roll_and_play(state: IndecixState, face: int, x: int, y: int) -> IndecixState:
    return play(step(state, Face(face)), x, y)


EMPTY = "\n".join([".. .. .. .. .. .."] * 6)


# --- placement -------------------------------------------------------------------------------------
def test_placement_forbids_same_face_in_row_and_column_of_either_colour():
    s = pic(
        """
        L3 .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. R5 .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        """,
        die=3,
    )
    cells = s.legal_cells()
    assert all(y != 0 and x != 0 for x, y in cells)  # own 3 blocks row 0 and column 0
    assert len(cells) == 25 - 1  # 5 x 5 free of row 0 / column 0, minus the R5
    five = s.legal_cells(5)
    assert all(y != 3 and x != 3 for x, y in five)  # the opponent's 5 blocks its row and column too
    assert (0, 0) not in s.legal_cells(1)  # an occupied cell is never legal
    assert s.legal_actions() == tuple(Place(c) for c in sorted(cells, key=lambda c: (c[1], c[0])))
    with pytest.raises(IllegalActionError):
        play(s, 4, 0)  # same row as L3
    with pytest.raises(IllegalActionError):
        play(s, 0, 4)  # same column as L3
    with pytest.raises(IllegalActionError):
        play(s, 0, 0)  # occupied


def test_first_move_anywhere_and_alternation():
    s = IndecixState.initial()
    assert s.kind is NodeKind.CHANCE and s.to_move is None and s.phase == "roll" and s.turn == 1
    s = step(s, Face(4))
    assert s.kind is NodeKind.DECISION and s.to_move == 0 and s.die == 4 and len(s.legal_actions()) == 36
    s = play(s, 2, 5)
    assert s.cell(2, 5) == (0, 4) and s.turn == 2 and s.phase == "roll" and s.mover == 1
    s = roll_and_play(s, 4, 3, 3)
    assert s.cell(3, 3) == (1, 4) and s.turn == 3 and s.mover == 0


# --- captures ---------------------------------------------------------------------------------------
def test_capture_west_farthest_valid_borne_and_points():
    # Left places 2 at (3,0): going west R3 L5 R6. The borne R5 would be valid (3 between 2 and 5)
    # but the farther R6 is valid too (3 and 5 between 2 and 6) and wins.
    s = pic(
        """
        R6 L5 R3 .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        """,
        die=2,
    )
    assert s.capture_preview((3, 0)) == (2 * 3 + 5, ((2, 0), (1, 0)))
    after = play(s, 3, 0)
    assert after.cell(0, 0) == (1, 6) and after.cell(1, 0) is None and after.cell(2, 0) is None
    assert after.cell(3, 0) == (0, 2)
    assert after.captured[0] == ((1, 3), (0, 5)) and after.category_scores(0)["captures"] == 11
    assert after.last.captured == (((2, 0), 1, 3), ((1, 0), 0, 5)) and after.last.capture_points == 11


def test_nearer_borne_when_the_farther_is_invalid():
    # West of (3,0): R3 R5 R1. Borne R5: 3 in (2,5) -> valid; borne R1: 3 and 5 not in (1,2) -> invalid.
    s = pic("R1 R5 R3 .. .. ..\n" + "\n".join([".. .. .. .. .. .."] * 5), die=2)
    assert s.capture_preview((3, 0)) == (6, ((2, 0),))


def test_capture_east_descending_orientation():
    # Left places 6 at (2,1): going east R4 L3 R1, all between 6 and the borne R1.
    s = pic(
        """
        .. .. .. .. .. ..
        .. .. .. R4 L3 R1
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        """,
        die=6,
    )
    after = play(s, 2, 1)
    assert after.last.captured == (((3, 1), 1, 4), ((4, 1), 0, 3))
    assert after.scores() == (8 + 3, 0)
    assert after.cell(5, 1) == (1, 1)  # the borne stays


def test_capture_north_and_south():
    north = pic(
        """
        .. .. L6 .. .. ..
        .. .. R5 .. .. ..
        .. .. R4 .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        """,
        die=3,
    )
    assert north.capture_preview((2, 3)) == (18, ((2, 2), (2, 1)))
    south = pic(
        """
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. L4 ..
        .. .. .. .. R2 ..
        .. .. .. .. R1 ..
        """,
        die=5,
        to_move=1,
    )
    assert south.capture_preview((4, 2)) == (2 * 4 + 2, ((4, 3), (4, 4)))
    after = play(south, 4, 2)
    assert after.category_scores(1)["captures"] == 8 + 2  # L4 is the opponent's (x2), R2 its own (x1)


def test_several_directions_at_once():
    # Left places 3 at (2,2): west L2 R1 (2 between 3 and 1), north R4 R5 (4 between 3 and 5),
    # east R5 alone (adjacent, no borne), south L6 .. (gap).
    s = pic(
        """
        .. .. R5 .. .. ..
        .. .. R4 .. .. ..
        R1 L2 .. R5 .. ..
        .. .. L6 .. .. ..
        .. .. .. .. .. ..
        .. .. L1 .. .. ..
        """,
        die=3,
    )
    points, cells = s.capture_preview((2, 2))
    assert set(cells) == {(1, 2), (2, 1)} and points == 2 + 8
    after = play(s, 2, 2)
    assert after.cell(1, 2) is None and after.cell(2, 1) is None and after.cell(3, 2) == (1, 5)


def test_no_capture_over_a_gap_and_adjacent_die_is_never_a_borne():
    gap = pic("R6 .. R3 .. .. ..\n" + "\n".join([".. .. .. .. .. .."] * 5), die=2)
    assert gap.capture_preview((3, 0)) == (0, ())
    joined = pic("R6 R4 R3 .. .. ..\n" + "\n".join([".. .. .. .. .. .."] * 5), die=2)
    assert joined.capture_preview((3, 0)) == (14, ((2, 0), (1, 0)))
    adjacent = pic(".. .. R1 .. .. ..\n" + "\n".join([".. .. .. .. .. .."] * 5), die=6)
    assert adjacent.capture_preview((3, 0)) == (0, ())
    after = play(adjacent, 3, 0)
    assert after.last.captured == () and after.scores() == (0, 0)


def test_bounds_are_exclusive():
    # Impossible in play (faces in a line are distinct), so the primitive is checked directly:
    # a die equal to the placed face or to the borne's face is not "between".
    grid = [0] * 36
    grid[0], grid[1], grid[2] = 6, 2 | 8, 4 | 8  # L6 R2 R4, then 2 placed at index 3
    assert board.captures(tuple(grid), 3, 2) == []
    grid[1] = 6 | 8  # L6 R6 R4: R6 frames R4, but L6 cannot frame R6 R4 (6 is not below 6)
    assert board.captures(tuple(grid), 3, 2) == [2]
    grid[1] = 5 | 8
    assert board.captures(tuple(grid), 3, 2) == [2, 1]


# --- suites -----------------------------------------------------------------------------------------
SUITE_ROW = """
.. .. .. .. .. ..
.. .. .. .. .. ..
L1 L5 L6 L4 L2 ..
.. .. .. .. .. ..
.. .. .. .. .. ..
.. .. .. .. .. ..
"""


def test_suite_scores_the_line_without_the_placed_die_doubled_when_clean():
    s = pic(SUITE_ROW, die=3)
    assert s.completes_line((5, 2)) and s.capture_preview((5, 2)) == (0, ())
    after = play(s, 5, 2)
    (suite,) = after.suites
    assert (suite.line, suite.index, suite.creator, suite.face, suite.clean) == ("row", 2, 0, 3, True)
    assert suite.points == 2 * (21 - 3) and after.last.suites_formed == (suite,)
    assert after.category_scores(0) == {
        "captures": 0, "unplayed": 0, "suites_mixed": 0, "suites_clean": 36, "total": 36,
    }  # fmt: skip
    mixed = play(pic(SUITE_ROW.replace("L1", "R1"), die=3), 5, 2)
    assert mixed.suites[0].points == 18 and not mixed.suites[0].clean
    assert mixed.category_scores(0)["suites_mixed"] == 18 and mixed.scores() == (18, 0)
    # the opponent completing the all-Left line: mixed (the placed die is his), his points
    theirs = play(pic(SUITE_ROW, die=3, to_move=1), 5, 2)
    assert theirs.suites[0].creator == 1 and not theirs.suites[0].clean and theirs.scores() == (0, 18)


def test_original_variant_counts_the_placed_die():
    clean = play(pic(SUITE_ROW, die=3, options=ORIGINAL), 5, 2)
    assert clean.suites[0].points == 42
    mixed = play(pic(SUITE_ROW.replace("L1", "R1"), die=3, options=ORIGINAL), 5, 2)
    assert mixed.suites[0].points == 21


def test_double_suite_row_and_column():
    s = pic(
        """
        .. .. .. .. .. R1
        .. .. .. .. .. R5
        .. .. .. .. .. L6
        .. .. .. .. .. L4
        .. .. .. .. .. L2
        L1 L5 L6 L4 L2 ..
        """,
        die=3,
    )
    after = play(s, 5, 5)
    assert {(x.line, x.index, x.clean, x.points) for x in after.suites} == {
        ("row", 5, True, 36),
        ("col", 5, False, 18),
    }
    assert after.scores() == (54, 0) and len(after.last.suites_formed) == 2


def test_captures_come_before_the_suite_check():
    # Placing 1 at the end of L2..L6 captures L2-L5 (borne L6): the row is no longer complete.
    s = pic(".. .. .. .. .. ..\nL6 L5 L4 L3 L2 ..\n" + "\n".join([".. .. .. .. .. .."] * 4), die=1)
    assert not s.completes_line((5, 1))
    after = play(s, 5, 1)
    assert after.suites == () and after.last.suites_formed == () and after.last.capture_points == 14
    # a capture along the other axis does not stop the suite
    s = pic(
        """
        .. .. .. .. .. R6
        .. .. .. .. .. R4
        L1 L5 L6 L4 L2 ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        """,
        die=3,
    )
    assert s.completes_line((5, 2))
    after = play(s, 5, 2)
    assert after.last.captured == (((5, 1), 1, 4),) and after.suites[0].points == 36
    assert after.scores() == (8 + 36, 0)


def test_broken_suite_loses_its_points_and_a_new_completion_replaces_it():
    s = play(pic(SUITE_ROW, die=3), 5, 2)  # Left: clean suite on row 2, 36 points
    assert s.scores() == (36, 0)
    s = roll_and_play(s, 2, 3, 3)  # Right puts a 2 under L4
    s = roll_and_play(s, 6, 0, 5)  # Left plays elsewhere
    assert s.scores() == (36, 0)
    s = roll_and_play(s, 5, 3, 1)  # Right's 5 above L4, borne R2 below: L4 is captured
    assert s.cell(3, 2) is None and s.suites == () and s.scores() == (0, 8)
    assert s.view()["suites"] == []
    s = roll_and_play(s, 5, 5, 5)  # Left plays elsewhere
    s = roll_and_play(s, 4, 3, 2)  # Right completes the row again: a new, mixed suite of Right's
    (suite,) = s.suites
    assert (suite.line, suite.index, suite.creator, suite.face, suite.clean, suite.points) == (
        "row",
        2,
        1,
        4,
        False,
        17,
    )
    assert s.scores() == (0, 8 + 17)


def test_edge_suites_cannot_be_broken():
    s = pic(
        """
        L1 L5 L6 L4 L2 L3
        R3 .. .. .. .. ..
        .. R6 .. R2 .. ..
        .. .. R4 .. .. R5
        .. .. .. .. .. ..
        .. .. .. .. .. ..
        """,
        turn=11,
        suites=(Suite("row", 0, 0, 3, True, 36),),
    )
    assert s.scores() == (36, 0)
    for face in range(1, 7):
        for cell in s.legal_cells(face):
            after = s.apply(Face(face)).apply(Place(cell))
            assert after.lines[0] is not None, (face, cell)


# --- dice that cannot be placed ----------------------------------------------------------------------
DIAGONAL_SIXES = """
L6 .. .. .. .. ..
.. R6 .. .. .. ..
.. .. L6 .. .. ..
.. .. .. R6 .. ..
.. .. .. .. L6 ..
.. .. .. .. .. R6
"""


def test_unplaceable_die_passes_and_gives_the_opponent_a_point():
    s = step(pic(DIAGONAL_SIXES), Face(6))
    assert s.phase == "pass" and s.legal_actions() == (Pass(),) and s.legal_cells() == ()
    with pytest.raises(IllegalActionError):
        play(s, 1, 0)
    after = step(s, Pass())
    assert after.turn == s.turn + 1 and after.mover == 1 and after.phase == "roll"
    assert after.unplayed == ((), ((0, 6),)) and after.scores() == (0, 1)
    assert after.last.passed and after.last.face == 6 and after.last.player == 0
    with pytest.raises(IllegalActionError):
        step(step(pic(DIAGONAL_SIXES), Face(2)), Pass())  # a placeable die cannot be passed


# --- Master -------------------------------------------------------------------------------------------
def test_master_tokens_and_a_dead_choice_is_lost():
    s = IndecixState.initial(MASTER)
    assert s.kind is NodeKind.DECISION and s.phase == "choose" and s.to_move == 0
    assert s.tokens == ((3,) * 6, (3,) * 6) and s.dice_left(0) == 18
    assert s.legal_actions() == tuple(Choose(f) for f in range(1, 7))
    s = step(s, Choose(4))
    assert s.phase == "place" and s.die == 4 and s.tokens[0] == (3, 3, 3, 2, 3, 3)
    s = play(s, 0, 0)
    assert s.mover == 1 and s.phase == "choose"
    # three 4s used up: Choose(4) is no longer offered
    t = pic(EMPTY, options=MASTER, tokens=((3, 3, 3, 0, 3, 3), (3,) * 6))
    assert Choose(4) not in t.legal_actions()
    with pytest.raises(IllegalActionError):
        step(t, Choose(4))
    # a token with no legal cell can still be chosen: only Pass is left, the token is gone
    d = pic(DIAGONAL_SIXES, options=MASTER, tokens=((3,) * 6, (3,) * 6))
    d = step(d, Choose(6))
    assert d.phase == "pass" and d.legal_actions() == (Pass(),) and d.tokens[0][5] == 2
    d = step(d, Pass())
    assert d.scores() == (0, 1) and d.tokens[0][5] == 2 and d.phase == "choose" and d.mover == 1
    with pytest.raises(IllegalActionError):
        step(d, Face(3))  # no dice in Master


# --- end of the game ---------------------------------------------------------------------------------
def test_last_turn_ends_the_game_and_ties_are_shared():
    s = pic(EMPTY, turn=36)
    assert s.mover == 1
    tie = roll_and_play(s, 3, 0, 0)
    assert tie.kind is NodeKind.TERMINAL and tie.turn == 36 and tie.to_move is None and tie.phase == "over"
    assert tie.legal_actions() == () and tie.chance_outcomes() == ()
    assert tie.outcome().winners == (0, 1) and tie.outcome().tie and tie.returns() == (0.5, 0.5)
    assert tie.view()["winners"] == [0, 1]
    with pytest.raises(IllegalActionError):
        step(tie, Face(1))
    win = pic("R6 L4 .. .. .. ..\n" + "\n".join([".. .. .. .. .. .."] * 5), turn=36)
    win = roll_and_play(win, 2, 2, 0)
    assert win.outcome().winners == (1,) and win.outcome().scores == (0.0, 8.0) and win.returns() == (0.0, 1.0)
    passed = step(step(pic(DIAGONAL_SIXES, turn=36), Face(6)), Pass())
    assert passed.phase == "over" and passed.outcome().winners == (0,)  # Right's lost die: Left +1


def test_a_game_lasts_36_turns():
    import random

    rng = random.Random(7)
    for options in (IndecixOptions(), MASTER):
        s = IndecixState.initial(options)
        turns = []
        while s.kind is not NodeKind.TERMINAL:
            if s.kind is NodeKind.CHANCE:
                s = step(s, rng.choice(s.chance_outcomes())[0])
                continue
            before = s.turn
            s = step(s, rng.choice(s.legal_actions()))
            if s.last is not None and (s.turn != before or s.phase == "over"):
                turns.append((before, s.last.player))
        assert [t for t, _ in turns] == list(range(1, 37))
        assert [p for _, p in turns] == [0, 1] * 18
        assert s.dice_left(0) == s.dice_left(1) == 0
