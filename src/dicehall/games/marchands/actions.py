"""Dés & Marchands actions and chance outcomes, with their tagged JSON form.

Faces are tokens: "N", "E", "S", "W" (directions), "1".."6" (powers), "x2", "x3" (multipliers).
"""

from __future__ import annotations

from dataclasses import dataclass

from dicehall.core.codec import Codec

CODEC = Codec()


@CODEC.register("layout")
@dataclass(frozen=True, slots=True)
class Layout:
    """Chance outcome at the start: which of the seeded board layouts (specials, starts, seat order)."""

    number: int


@CODEC.register("side")
@dataclass(frozen=True, slots=True)
class Side:
    """Chance outcome: the next die in the air lands on its face number ``index`` (0-based)."""

    index: int


@CODEC.register("roll")
@dataclass(frozen=True, slots=True)
class Roll:
    """Roll all one's dice."""


@CODEC.register("move")
@dataclass(frozen=True, slots=True)
class Move:
    """Move the pawn to ``to`` (its own cell: a distance of 0, which triggers nothing)."""

    to: tuple[int, ...]


@CODEC.register("bonus")
@dataclass(frozen=True, slots=True)
class Bonus:
    """Take a bonus action by its id ("coins", "tax", "nothing", and those of the options)."""

    choice: str


@CODEC.register("sell")
@dataclass(frozen=True, slots=True)
class Sell:
    """Sell die number ``die`` for as many coins as it has faces."""

    die: int


@CODEC.register("buy")
@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a new power die of ``faces`` faces (2, 4, 6 or 8), all of power 1, for ``faces`` coins."""

    faces: int


@CODEC.register("replace")
@dataclass(frozen=True, slots=True)
class Replace:
    """Replace face ``face`` of die ``die`` by ``token`` (the old face is destroyed)."""

    die: int
    face: int
    token: str


@CODEC.register("leave")
@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the merchant without a transaction."""


ROLL = Roll()
LEAVE = Leave()
