"""Le Roudalon options: the number of players (4 or 6; 3 and 5 as variants), the parties in the match, and
what a dead party does (``dead_party``); with the compatibility step of older saves (``upgrade``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.core.options import is_int, options_object

MIN_PLAYERS, MAX_PLAYERS = 3, 6
MAX_PARTIES = 12
ROUND_LIMIT = 40  # a party with no winner after this many rounds is void (the rulings' safeguard)
# A party is dead once its pot has reached the ceiling: nobody can stake any more and only a 6 on every die
# of the table, thrown by one alliance of the whole table, could make it. "void": it ends void at once (the
# rulings); "play_on": it goes on, in hopeless throws and passes, until a hit or the round limit (rules 1,
# kept for the saves it wrote).
DEAD_PARTY = ("void", "play_on")
_KEYS = ("players", "parties", "dead_party")


@dataclass(frozen=True, slots=True)
class RoudalonOptions:
    players: int = 4
    parties: int | None = None  # None: as many parties as players
    dead_party: str = "void"  # see DEAD_PARTY

    def __post_init__(self) -> None:
        if not is_int(self.players) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"Le Roudalon is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {self.players!r}")
        if self.parties is not None and (not is_int(self.parties) or not 1 <= self.parties <= MAX_PARTIES):
            raise ValueError(f"Le Roudalon parties must be 1 to {MAX_PARTIES} (or \"players\"), got {self.parties!r}")
        if self.dead_party not in DEAD_PARTY:
            known = ", ".join(DEAD_PARTY)
            raise ValueError(f"Le Roudalon dead_party must be one of {known}, got {self.dead_party!r}")

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
        return cls(players=data.get("players", 4), parties=parties, dead_party=data.get("dead_party", "void"))

    @property
    def dead_party_void(self) -> bool:
        """A party whose pot reaches the ceiling ends void at once."""
        return self.dead_party == "void"

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "parties": "players" if self.parties is None else self.parties,
                "dead_party": self.dead_party}


def options_from_json(data: Any) -> RoudalonOptions:
    return RoudalonOptions.from_json(data)


def options_to_json(options: RoudalonOptions) -> dict[str, Any]:
    return options.to_json()


def upgrade(save: dict[str, Any], version: int) -> dict[str, Any]:
    """A save of an older ``rules_version`` rewritten for the current rules (``GameDef.upgrade``).

    Rules 1 played a dead party on (hopeless throws and passes until the round limit): a save of rules 1
    gets ``"dead_party": "play_on"``, so that its log replays exactly as it was played and the match goes on
    under the rules it started with. Options that are not an object are left for the loader to refuse.
    """
    if version < 2:
        options = save.get("options", {})
        if isinstance(options, dict) and "dead_party" not in options:
            save = {**save, "options": {**options, "dead_party": "play_on"}}
    return save
