"""Paradice after play-testing: an eliminated player's ownership counter stays, in grey."""

from __future__ import annotations

from dicehall.games.paradice.scene_frame import OUT, event_grid
from dicehall.games.paradice.setup import COLOURS

from .test_paradice_scene import H, placed

HUES = tuple(hue for _, hue, _, _ in COLOURS)


def _counter_squares(h: H) -> list[list]:
    """The squares of the ownership counters under the dice events list (one per party)."""
    strip = event_grid(h.layout())[1]
    return [op for op in h.draw().ops
            if op[0] == "rect" and strip.y - 1 <= op[2] <= strip.bottom and op[1] >= strip.x - 1
            and abs(op[3] - op[4]) < 0.01]


def test_an_eliminated_players_counter_stays_in_grey():
    state = placed(players=3, seat=0, ranks=(0, 3, 0))
    h = H(humans=(True, True, True), state=state)
    squares = _counter_squares(h)
    fills = [op[5] for op in squares]
    assert OUT in fills, "the eliminated player's counter is kept, in grey"
    assert HUES[0] in fills and HUES[2] in fills and HUES[1] not in fills
    counters = [op for op in squares if op[5] in (OUT, "#ffffff", HUES[0], HUES[2])]
    assert len(counters) == 4  # three players and the free events (the jackpot's is a checkerboard)
