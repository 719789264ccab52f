"""Bonus cells (15): the player chooses one of the bonus actions (see the bonuses package). With the option
``bonus_once`` a bonus cell serves each player once: arriving there again does nothing (an event
"spent" says so) and the turn passes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.games.marchands import cells

if TYPE_CHECKING:
    from dicehall.games.marchands.options import MarchandsOptions

COUNT = 15


class BonusCell(cells.CellKind):
    id = "bonus"

    def count(self, options: MarchandsOptions) -> int:
        return COUNT

    def arrive(self, state: Any, player: int, cell: tuple[int, int]) -> Any:
        if not state.bonus_open(player, cell):
            from dicehall.games.marchands.rules import Event  # (the rules import the cells)

            return state.note(Event("spent", player, cell=cell)).end_turn()
        return state.serve(player, cell).ask("bonus")
