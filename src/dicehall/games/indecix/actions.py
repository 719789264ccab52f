"""Indecix actions and the die outcome, with their tagged JSON form.

Cells are (x, y): x the column from the left, y the row from the top, both 0-based.
"""

from __future__ import annotations

from dataclasses import dataclass

from dicehall.core.codec import Codec

CODEC = Codec()


@CODEC.register("face")
@dataclass(frozen=True, slots=True)
class Face:
    """Chance outcome (Blitz): the rolled die shows ``face`` (1-6)."""

    face: int


@CODEC.register("choose")
@dataclass(frozen=True, slots=True)
class Choose:
    """Master: take one of your remaining tokens, named by its face. Choosing is final."""

    face: int


@CODEC.register("place")
@dataclass(frozen=True, slots=True)
class Place:
    """Put the die in hand on ``cell`` = (x, y)."""

    cell: tuple[int, int]


@CODEC.register("pass")
@dataclass(frozen=True, slots=True)
class Pass:
    """The die in hand has no legal cell: it is "not played" and the opponent scores 1 point."""


PASS = Pass()
FACES = tuple(Face(f) for f in range(1, 7))
CHOOSES = tuple(Choose(f) for f in range(1, 7))
# One shared instance per cell (index y * 6 + x): legal_actions builds no new objects.
PLACES = tuple(Place((i % 6, i // 6)) for i in range(36))
