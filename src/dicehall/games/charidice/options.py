"""Charidice options: the number of players and the two variants of the rulings, and the compatibility
step of older saves (``upgrade``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.core.options import options_object

# "one_or_more": at least one die must be marked (the rulings); "zero_allowed": a player may mark none
# and give all six (the variant).
MARKINGS = ("one_or_more", "zero_allowed")
# What the giver records when the grande donation is claimed: the doubled gift, like the receiver (the
# rule text and the rulings), or the undoubled one (the variant); it counts for the generosity bonus.
# Rules 1 had "undoubled" as its default; ``upgrade`` keeps that reading for the saves it wrote.
DONATION_GIVEN = ("doubled", "undoubled")
ROUNDS = 7
_KEYS = ("players", "marking", "donation_given")


@dataclass(frozen=True, slots=True)
class CharidiceOptions:
    players: int = 3
    marking: str = "one_or_more"
    donation_given: str = "doubled"

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
            donation_given=data.get("donation_given", "doubled"),
        )

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "marking": self.marking, "donation_given": self.donation_given}


def options_from_json(data: Any) -> CharidiceOptions:
    return CharidiceOptions.from_json(data)


def options_to_json(options: CharidiceOptions) -> dict[str, Any]:
    return options.to_json()


def upgrade(save: dict[str, Any], version: int) -> dict[str, Any]:
    """A save of an older ``rules_version`` rewritten for the current rules (``GameDef.upgrade``).

    Rules 1 defaulted ``donation_given`` to "undoubled": a save of rules 1 that does not name it (one
    written by hand, or by a tool that left defaults out) keeps that reading. A save that names it keeps
    its value. Options that are not an object are left for the loader to refuse.
    """
    if version < 2:
        options = save.get("options", {})
        if isinstance(options, dict) and "donation_given" not in options:
            save = {**save, "options": {**options, "donation_given": "undoubled"}}
    return save
