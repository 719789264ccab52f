"""Le Roudalon's line for the "Suggest a move" card (app/hints.py): the expert's move with the odds it
weighed ("Throw 2 dice: 17% to hit the pot of 7"), from ``ai.why``."""

from __future__ import annotations

from typing import Any

from dicehall.games.roudalon.ai import why

WHOLE = True  # the line names the move itself: the card shows it alone

__all__ = ["WHOLE", "marks", "why"]


def marks(scene: Any, action: Any) -> tuple[list[Any], list[Any]]:
    """The controls that play ``action`` (stake, throw, alliance buttons): their targets and rectangles."""
    shown = [c for c in scene.controls() if c.enabled and c.action == action]
    return [c.target for c in shown], [c.rect for c in shown]
