"""Portals (option "portals"): cells paired two by two; arriving on one moves the pawn to its twin, whose
own effect does not trigger (nor does anyone get robbed there)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.games.marchands import cells

if TYPE_CHECKING:
    from dicehall.games.marchands.options import MarchandsOptions

PAIRS = 4


class PortalCell(cells.CellKind):
    id = "portal"
    paired = True

    def count(self, options: MarchandsOptions) -> int:
        return PAIRS if options.portals else 0

    def arrive(self, state: Any, player: int, cell: tuple[int, int]) -> Any:
        return state.move_pawn(player, state.board.twin(cell)).end_turn()
