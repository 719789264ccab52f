"""Dés & Marchands' line for the "Suggest a move" card (app/hints.py): the expert's move and why ("Go to the
merchant at (14, 20): buy a 4-face die (4 coins)"), from ``ai.why``."""

from __future__ import annotations

from typing import Any

from dicehall.games.marchands.actions import Move
from dicehall.games.marchands.ai import why

WHOLE = True  # the line names the move itself: the card shows it alone

__all__ = ["WHOLE", "marks", "why"]


def marks(scene: Any, action: Any) -> tuple[list[Any], list[Any]]:
    """The buttons that play ``action`` (roll, stay, a bonus, a transaction on the dialog's page), else the
    destination cell where the board shows it."""
    shown = [c for c in scene.controls() if c.enabled and c.action == action]
    if shown:
        return [c.target for c in shown], [c.rect for c in shown]
    if isinstance(action, Move) and tuple(action.to) in scene.targets():
        view = scene.board_view()
        cell = tuple(action.to)
        if view is not None and view.visible(cell):
            return [("cell", cell)], [view.cell_rect(cell)]
        return [("cell", cell)], []
    return [], []
