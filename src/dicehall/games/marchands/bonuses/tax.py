"""Bonus: every other player loses 2 coins (never below 0); the coins leave the game."""

from __future__ import annotations

from typing import Any

from dicehall.games.marchands import bonuses

AMOUNT = 2


class Tax(bonuses.BonusAction):
    id = "tax"
    label = ("Faire perdre 2 pièces aux autres", "Every other player loses 2 coins")
    help = ("Chaque adversaire perd 2 pièces (jamais en dessous de 0).", "Each opponent loses 2 coins (never below 0).")

    def apply(self, state: Any, player: int) -> Any:
        for other in range(state.num_players):
            if other != player:
                state = state.pay(other, -min(AMOUNT, state.coins[other]), "bonus")
        return state.end_turn()
