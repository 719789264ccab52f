"""Charidice's daily challenge (core/challenge.py): its table, and the situation of each die.

Dice land one at a time, so a situation is one die: the round, the seat rolling, the roll of its turn and
the die (its colour's index). Two players who keep different dice in round 1 still see the same first
roll in round 2, and the same die wherever they roll it again in the same roll of the same turn.
"""

from __future__ import annotations

from typing import Any

OPTIONS: dict[str, Any] = {"players": 3, "marking": "one_or_more", "donation_given": "doubled"}
LEVELS = ("normal", "expert")  # the computers after the player (seat 0)


def situation(state: Any) -> str:
    """'round 3/seat 0/roll 2/die 4' for the die now landing (rounds, rolls and dice count from 1)."""
    return f"round {state.round}/seat {state.active}/roll {state.rolls + 1}/die {state.pending[0] + 1}"
