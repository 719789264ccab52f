"""Random games (hypothesis): invariants after every step, replay and save round trip at the end."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicehall.core import save
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind, winners_of
from dicehall.core.save import SavedGame, Seat
from dicehall.games.indecix import GAME, IndecixOptions, IndecixState, Place
from dicehall.games.indecix.board import EDGE_LINES, FULL, LINE_CELLS

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(s: IndecixState) -> None:
    grid = s.grid
    # faces distinct in every row and column; the line masks agree with the grid
    for line, cells in enumerate(LINE_CELLS):
        faces = [grid[j] & 7 for j in cells if grid[j]]
        assert len(faces) == len(set(faces)), (line, s)
        assert s.masks[line] == sum(1 << f for f in faces)
        suite = s.lines[line]
        if suite is not None:  # a suite is recorded only for a complete line
            assert s.masks[line] == FULL and suite.line_id == line
    # the 36 dice are all accounted for, per player
    for p in (0, 1):
        on_grid = s.dice_on_grid(p)
        taken = sum(1 for owner, _ in s.captured[0] + s.captured[1] if owner == p)
        lost = sum(1 for owner, _ in s.unplayed[0] + s.unplayed[1] if owner == p)
        assert on_grid + taken + lost + s.dice_left(p) + s.in_hand(p) == 18, s
        assert all(owner != p for owner, _ in s.unplayed[p])  # listed with the beneficiary
        if s.tokens is not None:  # Master: 3 of each face, wherever they are
            for face in range(1, 7):
                where = (
                    sum(1 for v in grid if v and v >> 3 == p and v & 7 == face)
                    + (s.captured[0] + s.captured[1] + s.unplayed[0] + s.unplayed[1]).count((p, face))
                    + s.tokens[p][face - 1]
                    + (1 if s.in_hand(p) and s.die == face else 0)
                )
                assert where == 3, (p, face, s)
        cats = s.category_scores(p)
        assert cats["total"] == cats["captures"] + cats["unplayed"] + cats["suites_mixed"] + cats["suites_clean"]
        assert cats["total"] == s.scores()[p]
        assert cats["captures"] == sum(f if owner == p else 2 * f for owner, f in s.captured[p])
    if s.phase == "place":
        assert s.legal_actions() and all(Place(c) in s.legal_actions() for c in s.legal_cells())
    if s.phase == "pass":
        assert s.legal_cells(s.die) == ()


def pick(s: IndecixState, rng: random.Random):
    """Random, but often a capture or a completed line so that suites get formed and broken."""
    actions = s.legal_actions()
    if s.phase == "place" and rng.random() < 0.5:
        good = [a for a in actions if s.completes_line(a.cell) or s.capture_preview(a.cell)[0]]
        if good:
            return rng.choice(good)
    return rng.choice(actions)


def run_game(options: IndecixOptions, rng: random.Random) -> Match:
    match = Match(GAME, options, f"h{rng.randrange(10**6)}")
    edge_suites: set[int] = set()
    while True:
        s = match.state
        check(s)
        for line in EDGE_LINES:
            if s.lines[line] is not None:
                edge_suites.add(line)
            assert line not in edge_suites or s.lines[line] is not None  # edge suites stay
        if s.kind is NodeKind.TERMINAL:
            return match
        before = s.view()
        if s.kind is NodeKind.CHANCE:
            match.roll()
        else:
            match.submit(pick(s, rng))
        assert s.view() == before  # apply never changes its input


def check_end(match: Match) -> None:
    s = match.state
    assert s.turn == 36 and s.phase == "over"
    assert s.dice_left(0) == s.dice_left(1) == 0
    outcome = s.outcome()
    assert outcome is not None and outcome.scores == tuple(float(x) for x in s.scores())
    assert outcome.winners == winners_of(s.scores()) and s.view()["winners"] == list(outcome.winners)
    replay = Match(GAME, match.options, match.seed)
    for entry in match.log:
        replay.apply_entry(entry)
    assert replay.state == s
    text = SavedGame(match, [Seat("A"), Seat("B", kind="ai", level="expert")]).dumps()
    loaded = save.loads(text)
    assert loaded.match.state == s and loaded.match.state.view() == s.view()
    assert loaded.seats[1].level == "expert"


@SETTINGS
@given(st.randoms(use_true_random=False), st.sampled_from(["text", "original"]))
def test_random_blitz_games(rng, scoring):
    check_end(run_game(IndecixOptions("blitz", scoring), rng))


@SETTINGS
@given(st.randoms(use_true_random=False), st.sampled_from(["text", "original"]))
def test_random_master_games(rng, scoring):
    check_end(run_game(IndecixOptions("master", scoring), rng))


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["blitz", "master"]))
def test_preview_matches_the_placement(rng, mode):
    """capture_preview and completes_line (the UI's hints) agree with what apply does."""
    s = IndecixState.initial(IndecixOptions(mode))
    while s.kind is not NodeKind.TERMINAL:
        if s.kind is NodeKind.CHANCE:
            s = s.apply(rng.choice(s.chance_outcomes())[0])
            continue
        if s.phase == "place":
            for cell in s.legal_cells():
                points, cells = s.capture_preview(cell)
                after = s.apply(Place(cell))
                assert after.last.capture_points == points
                assert tuple(c for c, _, _ in after.last.captured) == cells
                assert s.completes_line(cell) == bool(after.last.suites_formed)
        s = s.apply(pick(s, rng))
