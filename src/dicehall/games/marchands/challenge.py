"""Dés & Marchands' daily challenge (core/challenge.py): three players on the quick board, and the
situation of each die.

The board is one situation ('layout': the same board and play order for everyone that day). Dice land
one at a time, so a situation in play is the round, the seat and the die (its place among the seat's
dice); the die lands on the same side for everyone, whatever faces a merchant put on it. The replay bonus
stays off: a second roll in the same turn leaves no trace in the position, so it could not be told from
the first.
"""

from __future__ import annotations

from typing import Any

OPTIONS: dict[str, Any] = {
    "players": 3,
    "size": 30,
    "round_limit": 40,
    "portals": False,
    "multipliers": False,
    "replay_bonus": False,
}
LEVELS = ("normal", "expert")


def situation(state: Any) -> str:
    """'layout' for the board, 'round 4/seat 1/die 2' for a die now landing."""
    if state.phase == "layout":
        return "layout"
    return f"round {state.round}/seat {state.current}/die {len(state.rolled) + 1}"
