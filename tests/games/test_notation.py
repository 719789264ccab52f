"""The text notation of each game (``str(state)``): a small known position per game, pinned, so that a
test failure or a golden playthrough (tests/golden) shows a picture people can read."""

from __future__ import annotations

from typing import Any

from dicehall.core.protocol import step
from dicehall.games.charidice import actions as charidice_actions
from dicehall.games.charidice import rules as charidice
from dicehall.games.charidice.options import CharidiceOptions
from dicehall.games.marchands import actions as marchands_actions
from dicehall.games.marchands import rules as marchands
from dicehall.games.marchands.options import MarchandsOptions
from dicehall.games.paradice import actions as paradice_actions
from dicehall.games.paradice import rules as paradice
from dicehall.games.paradice.options import ParadiceOptions
from dicehall.games.roudalon import actions as roudalon_actions
from dicehall.games.roudalon import rules as roudalon
from dicehall.games.roudalon.options import RoudalonOptions


def play(state: Any, codec: Any, entries: list[Any]) -> Any:
    """``state`` after the JSON ``entries`` (a ``(seat, action)`` pair for a side action), checked."""
    for entry in entries:
        if isinstance(entry, tuple):
            state = step(state, codec.from_json(entry[1]), entry[0])
        else:
            state = step(state, codec.from_json(entry))
    return state


def faces(*values: int) -> list[dict[str, Any]]:
    return [{"type": "face", "face": v} for v in values]


ALL_DICE = {"type": "roll", "dice": [0, 1, 2, 3, 4, 5]}


def test_charidice_notation() -> None:
    """The dice as number and colour initial, the dice still in the air, one group per round and seat."""
    state = play(
        charidice.initial(CharidiceOptions(players=2)),
        charidice_actions.CODEC,
        [
            ALL_DICE,
            *faces(3, 3, 5, 1, 6, 2),
            {"type": "stop"},
            {"type": "mark", "dice": [1]},
            (0, {"type": "claim"}),
            ALL_DICE,
            *faces(4, 4, 4),
        ],
    )
    assert (
        str(state)
        == """\
Charidice 2p round 1/7 turn 1 throw, seat 1's turn, rolls 0/3, grande donation claimed
dice 4b 4v 4r .. .. .. (in the air: 3 4 5)
 0: 3/0/-/28 -/-/-/- -/-/-/- -/-/-/- -/-/-/- -/-/-/- -/-/-/- = 3
>1: -/-/28/- -/-/-/- -/-/-/- -/-/-/- -/-/-/- -/-/-/- -/-/-/- = 28"""
    )


def test_roudalon_notation() -> None:
    """The starter (*), the seat to move (>), the alliance under way."""
    state = play(
        roudalon.initial(RoudalonOptions()),
        roudalon_actions.CODEC,
        [
            *faces(6, 6, 1, 2, 3, 3, 2, 2),
            {"type": "stake", "amount": 3},
            {"type": "stake", "amount": 2},
            {"type": "throw", "dice": 1},
            *faces(4),
            {"type": "propose"},
            {"type": "accept"},
        ],
    )
    assert (
        str(state)
        == """\
Roudalon 4p party 1/4 extend, round 1 turn 3, pot 5/48
>0* dice 2  staked 3  collected 0  total 0
 1  dice 2  staked 2  collected 0  total 0
 2  dice 0  staked 0  collected 0  total 0
 3  dice 1  staked 0  collected 0  total 0
alliance 3-0"""
    )


def test_roudalon_throw_off_notation() -> None:
    state = play(roudalon.initial(RoudalonOptions()), roudalon_actions.CODEC, faces(6, 6, 1, 2, 6, 6, 2, 2, 5))
    assert str(state).splitlines()[-1] == "throw-off 0:6+6 1:1+2 2:6+6 3:2+2; now 0 2, landed 5"


def test_marchands_notation() -> None:
    """Seats in play order, then the 9 × 9 cells around the current pawn, kept on the board."""
    state = play(
        marchands.initial(MarchandsOptions(size=30)),
        marchands_actions.CODEC,
        [
            {"type": "layout", "number": 7},
            {"type": "roll"},
            {"type": "side", "index": 1},
            {"type": "side", "index": 2},
        ],
    )
    assert (
        str(state)
        == """\
Marchands 2p 30x30 move, round 1 turn 0, seat 0 to play
>0 at 17,6 coins 2 dice NESW 1234
 1 at 14,0 coins 2 dice NESW 1234
rolled E 3
    3 4 5 6 7 8 9 0 1   (x 13-21)
  2 . . . . . . . . .
  3 . . . . . . . . .
  4 . . . . . . . . .
  5 . . . . . . . . .
  6 . . . . 0 . . . .
  7 . . . . . . . . .
  8 . . . . . . . . .
  9 . . . . . . . . .
 10 . . . . . . . . ."""
    )


def test_marchands_notation_cells_and_shared_cell() -> None:
    board = (
        marchands.Board.blank(30)
        .with_cells("bonus", (12, 14))
        .with_cells("merchant", (16, 13))
        .with_cells("portal", (10, 10), (20, 20))
    )
    state = marchands.MarchandsState.on_board(
        MarchandsOptions(size=30, players=3), board, ((13, 13), (13, 13), (2, 28))
    )
    assert str(state).splitlines()[4:] == [
        "    9 0 1 2 3 4 5 6 7   (x 9-17)",
        "  9 . . . . . . . . .",
        " 10 . P . . . . . . .",
        " 11 . . . . . . . . .",
        " 12 . . . . . . . . .",
        " 13 . . . . + . . M .",
        " 14 . . . B . E . . .",
        " 15 . . . . . . . . .",
        " 16 . . . . . . . . .",
        " 17 . . . . . . . . .",
    ]


def test_paradice_notation() -> None:
    """Pawns (@ + seat) over the board's letters, event copies with their owner (E0, E$ the jackpot's)."""
    state = play(
        paradice.initial(ParadiceOptions(players=2)),
        paradice_actions.CODEC,
        [
            {"type": "dice", "a": 3, "b": 4},
            {"type": "go", "direction": "N"},
            {"type": "go", "direction": "N"},
            {"type": "go", "direction": "E"},
            {"type": "buy"},
            {"type": "dice", "a": 1, "b": 1},
            {"type": "go", "direction": "N"},
            {"type": "decline"},
            {"type": "dice", "a": 2, "b": 1},
        ],
    )
    assert (
        str(state)
        == """\
Paradice 2p round 2 buy, seat 0's turn, dice 2+1; jackpot 0; offer De3 for 2500
 0 J  E. E. R  E. E. L  E0 E. B  @0 E. J
 1 E.                E.                E.
 2 E.                T                 R
 3 B                 E.                E.
 4 E.                @1 E. E. E. T  E. L
 5 E.                E. S  E.          E.
 6 L  E. T  E. L  E. L  E. L           B
 7 E.          E.          E.          E.
 8 E.          E.          L  E. T  E. E.
 9 R           E.          E.          E.
10 E.          T           T           R
11 E.          E.          E.          E.
12 J  E. B  E. E. E. R  E. L  E. B  E. J
>0 97500 at 10,0, 1 events
 1 100000 at 6,4, 0 events"""
    )


def test_every_state_prints_short() -> None:
    """The notation of a start position stays a screenful (the reprs of the states are no longer huge)."""
    for state in (charidice.initial(), roudalon.initial(), marchands.initial(), paradice.initial()):
        assert 0 < len(str(state)) < 1500
        assert len(repr(state)) < 1500
