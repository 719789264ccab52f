"""Charidice actions and the die outcome, with their tagged JSON form.

Dice are named by their index 0-5 (D1-D6); a set of dice is a sorted tuple of indices.
"""

from __future__ import annotations

from dataclasses import dataclass

from dicehall.core.codec import Codec

CODEC = Codec()


@CODEC.register("face")
@dataclass(frozen=True, slots=True)
class Face:
    """Chance outcome: the next die in the air lands on ``face`` (1-6)."""

    face: int


@CODEC.register("roll")
@dataclass(frozen=True, slots=True)
class Roll:
    """Throw these dice: all six for roll 1, any non-empty set for rolls 2 and 3."""

    dice: tuple[int, ...]


@CODEC.register("stop")
@dataclass(frozen=True, slots=True)
class Stop:
    """End the rolls after roll 1 or 2 and go on to marking."""


@CODEC.register("mark")
@dataclass(frozen=True, slots=True)
class Mark:
    """Mark these dice (one colour, 4 or more; or pairwise different colours); the others are given."""

    dice: tuple[int, ...]


@CODEC.register("claim")
@dataclass(frozen=True, slots=True)
class Claim:
    """La grande donation: the active player's left neighbour doubles what he receives this turn.

    A side action: played by the eligible neighbour, not by the player to move."""


def dice_of(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(6) if mask >> i & 1)


def mask_of(dice: tuple[int, ...]) -> int:
    mask = 0
    for i in dice:
        mask |= 1 << i
    return mask


STOP = Stop()
CLAIM = Claim()
FACES = tuple(Face(f) for f in range(1, 7))
# One shared instance per non-empty set of dice (index = bit mask): legal_actions builds no new objects.
ROLLS: tuple[Roll | None, ...] = (None,) + tuple(Roll(dice_of(m)) for m in range(1, 64))
MARKS: tuple[Mark | None, ...] = (None,) + tuple(Mark(dice_of(m)) for m in range(1, 64))
EMPTY_MARK = Mark(())
ROLL_ALL = ROLLS[63]
