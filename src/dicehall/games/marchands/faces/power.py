"""Power faces 1-6: the rolled powers add up to the distance; a face of value v costs v."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dicehall.games.marchands import faces

if TYPE_CHECKING:
    from dicehall.games.marchands.faces import RollSum

MAX_POWER = 6
TOKENS = tuple(str(v) for v in range(1, MAX_POWER + 1))


class Power(faces.FaceKind):
    id = "power"

    def owns(self, token: str) -> bool:
        return token in TOKENS

    def add(self, token: str, roll: RollSum) -> None:
        roll.power += int(token)

    def price(self, token: str) -> int:
        return int(token)

    def tie_power(self, token: str) -> int:
        return int(token)

    def for_sale(self) -> tuple[str, ...]:
        return TOKENS
