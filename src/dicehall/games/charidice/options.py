"""Charidice options: the number of players and the two variants of the rulings, and the compatibility
step of older saves (``upgrade``).

The options' schema (types, ranges, defaults, French and English labels, the new-game form's choices) is
part of the game's declaration (spec.py); this module is the options object the rules read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.core.options import SchemaOptions
from dicehall.games.charidice.spec import SCHEMA

ROUNDS = 7


@dataclass(frozen=True, slots=True)
class CharidiceOptions(SchemaOptions):
    schema = SCHEMA

    players: int = 3
    marking: str = "one_or_more"
    donation_given: str = "doubled"

    @property
    def zero_mark(self) -> bool:
        return self.marking == "zero_allowed"


options_from_json = CharidiceOptions.from_json
options_to_json = CharidiceOptions.to_json


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
