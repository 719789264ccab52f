"""Die faces: a face is a short token ("N", "3", "x2"); a face kind owns its tokens and says what a rolled
face adds to the move, what it costs at a merchant and what it counts for the tie-break.

To add a face kind: write one module in this package with a ``FaceKind`` subclass and add it to
``KINDS`` below (see docs/extending.md). Nothing else reads tokens directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class RollSum:
    """What the rolled faces add up to: the distinct directions, the power and the power's factor."""

    directions: set[str] = field(default_factory=set)
    power: int = 0
    factor: int = 1

    @property
    def reach(self) -> int:
        """The distance the player may go in a straight line."""
        return self.power * self.factor


class FaceKind:
    """One kind of face. Subclasses set ``id`` and implement the methods."""

    id = ""
    option: str | None = None  # the game option that must be on for the merchants to sell it

    def owns(self, token: str) -> bool:
        raise NotImplementedError

    def add(self, token: str, roll: RollSum) -> None:
        """Add a rolled face to the roll's sum."""
        raise NotImplementedError

    def price(self, token: str) -> int:
        """What a merchant asks for this face."""
        raise NotImplementedError

    def tie_power(self, token: str) -> int:
        """What the face counts in the tie-break's "total power" (power faces: their value)."""
        return 0

    def for_sale(self) -> tuple[str, ...]:
        """The faces of this kind a merchant sells."""
        raise NotImplementedError


from dicehall.games.marchands.faces.direction import Direction  # noqa: E402
from dicehall.games.marchands.faces.multiplier import Multiplier  # noqa: E402
from dicehall.games.marchands.faces.power import Power  # noqa: E402

KINDS: tuple[FaceKind, ...] = (Direction(), Power(), Multiplier())


def kind_of(token: str) -> FaceKind:
    """:raises ValueError: no kind owns the token."""
    for kind in KINDS:
        if kind.owns(token):
            return kind
    raise ValueError(f"unknown die face {token!r}")


def is_face(token: object) -> bool:
    return isinstance(token, str) and any(kind.owns(token) for kind in KINDS)


def roll_sum(tokens: tuple[str, ...]) -> RollSum:
    roll = RollSum()
    for token in tokens:
        kind_of(token).add(token, roll)
    return roll


def faces_for_sale(options_on: frozenset[str]) -> tuple[str, ...]:
    """Every face a merchant sells under these options (kinds tied to an option need it on)."""
    return tuple(t for kind in KINDS if kind.option is None or kind.option in options_on for t in kind.for_sale())


def tie_power(dice: tuple[tuple[str, ...], ...]) -> int:
    return sum(kind_of(t).tie_power(t) for die in dice for t in die)


def has_kind(dice: tuple[tuple[str, ...], ...], kind_id: str) -> bool:
    return any(kind_of(t).id == kind_id for die in dice for t in die)
