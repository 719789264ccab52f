"""Bonus: take nothing (the rulings allow it)."""

from __future__ import annotations

from typing import Any

from dicehall.games.marchands import bonuses


class Nothing(bonuses.BonusAction):
    id = "nothing"
    label = ("Ne rien prendre", "Take nothing")
    help = ("Le tour passe.", "The turn passes.")

    def apply(self, state: Any, player: int) -> Any:
        return state.end_turn()
