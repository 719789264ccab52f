"""The end cell, at the centre: arriving ends the game at once."""

from __future__ import annotations

from typing import Any

from dicehall.games.marchands import cells


class EndCell(cells.CellKind):
    id = "end"
    placed = False

    def arrive(self, state: Any, player: int, cell: tuple[int, int]) -> Any:
        return state.finish("end_cell")
