"""Cell kinds: what happens when a player arrives on a cell (after he has robbed the players there).

A cell kind says how many cells of its kind a board gets and what arriving does, through the few state
methods it needs (``end_turn``, ``finish``, ``ask``, ``move_pawn``). To add one, write a module in this
package with a ``CellKind`` subclass and add it to ``KINDS`` below (see docs/extending.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dicehall.games.marchands.options import MarchandsOptions


class CellKind:
    id = ""
    placed = True  # False for kinds the board does not scatter (normal, end)
    paired = False  # placed two by two (portals): ``count`` is then the number of pairs

    def count(self, options: MarchandsOptions) -> int:
        """How many cells (or pairs) of this kind a 50 × 50 board gets under these options; a quick 30 × 30
        board gets the same density (``board.scaled_count``)."""
        return 0

    def arrive(self, state: Any, player: int, cell: tuple[int, int]) -> Any:
        """The state after ``player`` has arrived on ``cell``."""
        return state.end_turn()


from dicehall.games.marchands.cells.bonus import BonusCell  # noqa: E402
from dicehall.games.marchands.cells.end import EndCell  # noqa: E402
from dicehall.games.marchands.cells.merchant import MerchantCell  # noqa: E402
from dicehall.games.marchands.cells.normal import NormalCell  # noqa: E402
from dicehall.games.marchands.cells.portal import PortalCell  # noqa: E402

KINDS: tuple[CellKind, ...] = (NormalCell(), EndCell(), BonusCell(), MerchantCell(), PortalCell())
BY_ID = {kind.id: kind for kind in KINDS}
