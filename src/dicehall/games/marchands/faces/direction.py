"""Direction faces: N, E, S, W (North is up). A rolled direction may be used for the move; a face costs 1."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dicehall.games.marchands import faces

if TYPE_CHECKING:
    from dicehall.games.marchands.faces import RollSum

# (dx, dy) on the board, y growing southwards (row 0 is the North edge).
STEPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


class Direction(faces.FaceKind):
    id = "direction"

    def owns(self, token: str) -> bool:
        return token in STEPS

    def add(self, token: str, roll: RollSum) -> None:
        roll.directions.add(token)

    def price(self, token: str) -> int:
        return 1

    def for_sale(self) -> tuple[str, ...]:
        return tuple(STEPS)
