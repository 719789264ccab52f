"""Le Roudalon options: the number of players (4 or 6; 3 and 5 as variants), the parties in the match, and
what a dead party does (``dead_party``); with the compatibility step of older saves (``upgrade``).

The options' schema (types, ranges, defaults, French and English labels, the new-game form's choices) is
part of the game's declaration (spec.py); this module is the options object the rules read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.core.options import SchemaOptions
from dicehall.games.roudalon.spec import SCHEMA

ROUND_LIMIT = 40  # a party with no winner after this many rounds is void (the rulings' safeguard)


@dataclass(frozen=True, slots=True)
class RoudalonOptions(SchemaOptions):
    schema = SCHEMA

    players: int = 4
    parties: int | None = None  # None: as many parties as players
    dead_party: str = "void"  # see DEAD_PARTY

    @property
    def party_count(self) -> int:
        return self.players if self.parties is None else self.parties

    @property
    def pot_ceiling(self) -> int:
        """What all the players' dice together can make: a stake may not take the pot above it."""
        return 12 * self.players

    @property
    def dead_party_void(self) -> bool:
        """A party whose pot reaches the ceiling ends void at once."""
        return self.dead_party == "void"


options_from_json = RoudalonOptions.from_json
options_to_json = RoudalonOptions.to_json


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
