"""Paradice's "Suggest a move" line: its reasons are true of the position (an empty jackpot is never one)."""

from __future__ import annotations

from dataclasses import replace

from dicehall.games.paradice import Go, ParadiceOptions, ParadiceState
from dicehall.games.paradice import hint
from dicehall.games.paradice.ai_eval import finals
from dicehall.games.paradice.board import CELLS, JACKPOT, KIND, ROUTES, START_CELL, neighbour


def at_crossing(pawn: int, dice: tuple[int, int], steps: int, jackpot: int) -> ParadiceState:
    start = ParadiceState.initial(ParadiceOptions(players=2))
    return replace(
        start,
        phase="direction",
        current=0,
        pawns=(pawn, START_CELL),
        dice=dice,
        steps=steps,
        trail=(pawn,),
        jackpot=jackpot,
    )


def jackpot_ways() -> list[tuple[int, tuple[int, int], int, str]]:
    """(crossing, dice, steps, direction): every way seat 0 can take from a crossing that may end on the
    jackpot."""
    out = []
    for pawn in (c for c in CELLS if len(ROUTES[0][c]) > 1):
        for total in range(2, 13):
            dice = (max(1, total - 6), total - max(1, total - 6))
            for steps in range(1, total + 1):
                for d in ROUTES[0][pawn]:
                    if any(KIND[c] == JACKPOT for c in finals(0, neighbour(pawn, d), steps - 1, total)):
                        out.append((pawn, dice, steps, d))
    return out


def test_an_empty_jackpot_is_never_given_as_a_reason():
    ways = jackpot_ways()
    assert ways  # the board has ways to the jackpot corner
    for pawn, dice, steps, d in ways:
        for lang, word in (("fr", "jackpot"), ("en", "jackpot")):
            text = hint.why(at_crossing(pawn, dice, steps, 0), 0, Go(d), lang)
            assert word not in text, (pawn, dice, steps, d, text)


def test_a_full_jackpot_is_given_as_the_reason_with_its_amount():
    told = 0
    for pawn, dice, steps, d in jackpot_ways():
        text = hint.why(at_crossing(pawn, dice, steps, 400_000), 0, Go(d), "en")
        told += "jackpot (400,000" in text or "jackpot (400\u202f000" in text
    assert told > 0
