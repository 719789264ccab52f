"""Le Roudalon's daily challenge (core/challenge.py): four players, and the situation of each die.

Dice land one at a time. At a party's throw-off a situation is the party, the throw-off round (ties throw
again), the seat and its die; in play, the party, the turn of the party (turns finished before it, plus
one), the seat throwing (an alliance's members each have theirs) and its die. Whoever stakes where
another threw, the next turn's dice are the same for both.
"""

from __future__ import annotations

from typing import Any

OPTIONS: dict[str, Any] = {"players": 4}
LEVELS = ("normal", "normal", "expert")


def situation(state: Any) -> str:
    """'party 2/throw-off 1/seat 3/die 2' or 'party 2/turn 5/seat 1/die 1' for the die now landing."""
    if state.phase == "throwoff":
        seat = state.contenders[len(state.offs) // 2]
        return f"party {state.party}/throw-off {len(state.off_rounds) + 1}/seat {seat}/die {len(state.offs) % 2 + 1}"
    seat, faces = state.throws[-1]
    return f"party {state.party}/turn {state.turns + 1}/seat {seat}/die {len(faces) + 1}"
