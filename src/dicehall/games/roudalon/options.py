"""Le Roudalon options: the number of players (4 or 6; 3 and 5 as variants) and parties in the match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.core.options import is_int, options_object

MIN_PLAYERS, MAX_PLAYERS = 3, 6
MAX_PARTIES = 12
ROUND_LIMIT = 40  # a party with no winner after this many rounds is void (the rulings' safeguard)
_KEYS = ("players", "parties")


@dataclass(frozen=True, slots=True)
class RoudalonOptions:
    players: int = 4
    parties: int | None = None  # None: as many parties as players

    def __post_init__(self) -> None:
        if not is_int(self.players) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"Le Roudalon is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {self.players!r}")
        if self.parties is not None and (not is_int(self.parties) or not 1 <= self.parties <= MAX_PARTIES):
            raise ValueError(f"Le Roudalon parties must be 1 to {MAX_PARTIES} (or \"players\"), got {self.parties!r}")

    @property
    def party_count(self) -> int:
        return self.players if self.parties is None else self.parties

    @property
    def pot_ceiling(self) -> int:
        """What all the players' dice together can make: a stake may not take the pot above it."""
        return 12 * self.players

    @classmethod
    def from_json(cls, data: Any) -> RoudalonOptions:
        """Missing keys take their defaults; ``parties`` is a number or "players" (the setup form sends
        digits as text). :raises ValueError: not an object, unknown key or value."""
        data = options_object(data, "Le Roudalon", _KEYS)
        parties = data.get("parties", "players")
        if parties in ("players", None):
            parties = None
        elif isinstance(parties, str) and parties.isdigit():
            parties = int(parties)
        return cls(players=data.get("players", 4), parties=parties)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "parties": "players" if self.parties is None else self.parties}


def options_from_json(data: Any) -> RoudalonOptions:
    return RoudalonOptions.from_json(data)


def options_to_json(options: RoudalonOptions) -> dict[str, Any]:
    return options.to_json()
