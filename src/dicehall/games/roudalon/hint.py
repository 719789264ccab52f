"""Le Roudalon's line for the "Suggest a move" card (app/hints.py): the expert's move with the odds it
weighed ("Throw 2 dice: 17% to hit the pot of 7"), from ``ai.why``."""

from __future__ import annotations

from dicehall.games.roudalon.ai import why

WHOLE = True  # the line names the move itself: the card shows it alone

__all__ = ["WHOLE", "why"]
