"""Merchant cells (15): the player may make one transaction (see merchant.py) or none."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.games.marchands import cells

if TYPE_CHECKING:
    from dicehall.games.marchands.options import MarchandsOptions

COUNT = 15


class MerchantCell(cells.CellKind):
    id = "merchant"

    def count(self, options: MarchandsOptions) -> int:
        return COUNT

    def arrive(self, state: Any, player: int, cell: tuple[int, int]) -> Any:
        return state.ask("merchant")
