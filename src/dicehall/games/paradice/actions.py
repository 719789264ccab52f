"""Paradice actions and the dice outcome, with their tagged JSON form."""

from __future__ import annotations

from dataclasses import dataclass

from dicehall.core.codec import Codec

CODEC = Codec()


@CODEC.register("dice")
@dataclass(frozen=True, slots=True)
class Dice:
    """Chance outcome: the two dice land on ``a`` and ``b`` (1-6 each)."""

    a: int
    b: int


@CODEC.register("go")
@dataclass(frozen=True, slots=True)
class Go:
    """At a crossing (or on the start) with steps still to travel: leave towards ``direction``, one of
    "N", "E", "S", "W" (up, right, down, left on the board)."""

    direction: str


@CODEC.register("buy")
@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the dice event the pawn stands on, at the price of the table."""


@CODEC.register("decline")
@dataclass(frozen=True, slots=True)
class Decline:
    """Do not buy the dice event the pawn stands on."""


@CODEC.register("sell")
@dataclass(frozen=True, slots=True)
class Sell:
    """Short of money to pay the gains: sell back one's copy of a dice event on cell (``x``, ``y``)."""

    x: int
    y: int


ROLLS = tuple(Dice(a, b) for a in range(1, 7) for b in range(1, 7))  # ROLLS[(a - 1) * 6 + b - 1]
GO = {d: Go(d) for d in "NESW"}
BUY = Buy()
DECLINE = Decline()
