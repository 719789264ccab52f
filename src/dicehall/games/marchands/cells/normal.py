"""Normal cells: nothing happens; the turn passes."""

from __future__ import annotations

from dicehall.games.marchands import cells


class NormalCell(cells.CellKind):
    id = "normal"
    placed = False
