"""Bonus actions: the choices offered on a bonus cell. The list is open: a new action is one module in this
package with a ``BonusAction`` subclass, added to ``ACTIONS`` below (see docs/extending.md)."""

from __future__ import annotations

from typing import Any


class BonusAction:
    id = ""
    option: str | None = None  # the game option that must be on for it to be offered
    label: tuple[str, str] = ("", "")  # (French, English), shown in the bonus dialog
    help: tuple[str, str] = ("", "")

    def apply(self, state: Any, player: int) -> Any:
        """The state after ``player`` took this bonus (the action ends the turn unless it says otherwise)."""
        raise NotImplementedError


from dicehall.games.marchands.bonuses.coins import Coins  # noqa: E402
from dicehall.games.marchands.bonuses.nothing import Nothing  # noqa: E402
from dicehall.games.marchands.bonuses.replay import Replay  # noqa: E402
from dicehall.games.marchands.bonuses.tax import Tax  # noqa: E402

ACTIONS: tuple[BonusAction, ...] = (Coins(), Tax(), Replay(), Nothing())
BY_ID = {action.id: action for action in ACTIONS}


def offered(options_on: frozenset[str]) -> tuple[BonusAction, ...]:
    return tuple(a for a in ACTIONS if a.option is None or a.option in options_on)
