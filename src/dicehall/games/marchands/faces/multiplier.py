"""Multiplier faces x2 and x3 (option "multipliers"): the rolled power is multiplied by every multiplier
rolled. Sold at merchants for 5 and 8 coins; they count 0 in the tie-break."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dicehall.games.marchands import faces

if TYPE_CHECKING:
    from dicehall.games.marchands.faces import RollSum

PRICES = {"x2": 5, "x3": 8}


class Multiplier(faces.FaceKind):
    id = "multiplier"
    option = "multipliers"

    def owns(self, token: str) -> bool:
        return token in PRICES

    def add(self, token: str, roll: RollSum) -> None:
        roll.factor *= int(token[1:])

    def price(self, token: str) -> int:
        return PRICES[token]

    def for_sale(self) -> tuple[str, ...]:
        return tuple(PRICES)
