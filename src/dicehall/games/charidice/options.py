"""Charidice options: the number of players and the two variants of the rulings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.core.options import options_object

# "one_or_more": at least one die must be marked (the rulings); "zero_allowed": a player may mark none
# and give all six (the variant).
MARKINGS = ("one_or_more", "zero_allowed")
# What the giver records when the grande donation is claimed: the undoubled gift (the rulings) or the
# doubled one (the variant), which counts for the generosity bonus.
DONATION_GIVEN = ("undoubled", "doubled")
ROUNDS = 7
_KEYS = ("players", "marking", "donation_given")


@dataclass(frozen=True, slots=True)
class CharidiceOptions:
    players: int = 3
    marking: str = "one_or_more"
    donation_given: str = "undoubled"

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise ValueError(f"Charidice is for 2 to 4 players, got {self.players!r}")
        if self.marking not in MARKINGS:
            raise ValueError(f"Charidice marking must be one of {', '.join(MARKINGS)}, got {self.marking!r}")
        if self.donation_given not in DONATION_GIVEN:
            known = ", ".join(DONATION_GIVEN)
            raise ValueError(f"Charidice donation_given must be one of {known}, got {self.donation_given!r}")

    @property
    def zero_mark(self) -> bool:
        return self.marking == "zero_allowed"

    @classmethod
    def from_json(cls, data: Any) -> CharidiceOptions:
        """Missing keys take their defaults. :raises ValueError: not an object, unknown key or value."""
        data = options_object(data, "Charidice", _KEYS)
        return cls(
            players=data.get("players", 3),
            marking=data.get("marking", "one_or_more"),
            donation_given=data.get("donation_given", "undoubled"),
        )

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "marking": self.marking, "donation_given": self.donation_given}


def options_from_json(data: Any) -> CharidiceOptions:
    return CharidiceOptions.from_json(data)


def options_to_json(options: CharidiceOptions) -> dict[str, Any]:
    return options.to_json()
