"""Bonus: receive 5 coins."""

from __future__ import annotations

from typing import Any

from dicehall.games.marchands import bonuses

AMOUNT = 5


class Coins(bonuses.BonusAction):
    id = "coins"
    label = ("Recevoir 5 pièces", "Receive 5 coins")
    help = ("Votre réserve gagne 5 pièces.", "Your purse gains 5 coins.")

    def apply(self, state: Any, player: int) -> Any:
        return state.pay(player, AMOUNT, "bonus").end_turn()
