"""Dés & Marchands' line for the "Suggest a move" card (app/hints.py): the expert's move and why ("Go to the
merchant at (14, 20): buy a 4-face die (4 coins)"), from ``ai.why``."""

from __future__ import annotations

from dicehall.games.marchands.ai import why

WHOLE = True  # the line names the move itself: the card shows it alone

__all__ = ["WHOLE", "why"]
