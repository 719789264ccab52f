"""Indecix's daily challenge (core/challenge.py): Blitz against the expert, and the situation of each die.

Blitz rolls one die a turn, so a situation is a turn: its number (1 to 36) and the seat playing it.
Master has no dice: a challenge there would not need duplicate dice, so the challenge is Blitz.
"""

from __future__ import annotations

from typing import Any

OPTIONS: dict[str, Any] = {"mode": "blitz", "suite_scoring": "text"}
LEVELS = ("expert",)


def situation(state: Any) -> str:
    """'turn 12/seat 1' for the die rolled at the start of that turn."""
    return f"turn {state.turn}/seat {(state.turn - 1) & 1}"
