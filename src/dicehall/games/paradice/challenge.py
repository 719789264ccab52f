"""Paradice's daily challenge (core/challenge.py): four players for 30 rounds, and the situation of each roll.

Both dice are rolled together, so a situation is a roll: the round, the seat and the roll of its turn (a
relance rolls again in the same turn). A round limit keeps the challenge a game of one sitting and gives
everyone the same number of turns to be the richest.
"""

from __future__ import annotations

from typing import Any

OPTIONS: dict[str, Any] = {"players": 4, "rules": 1, "round_limit": 30}
LEVELS = ("normal", "normal", "expert")


def situation(state: Any) -> str:
    """'round 7/seat 2/roll 1' for the dice now rolling."""
    seat = state.current
    log = state.log
    relance = bool(log) and log[-1].kind == "relance" and log[-1].player == seat  # as the rules read it
    roll = 1 + sum(1 for event in log if event.kind == "roll" and event.player == seat) if relance else 1
    return f"round {state.round}/seat {seat}/roll {roll}"
