"""Paradice options: the number of players, the original's rule options (1, 2, 4) and our round limit.

The options' schema (types, ranges, defaults, French and English labels, the new-game form's choices) is
part of the game's declaration (spec.py); this module is the options object the rules read."""

from __future__ import annotations

from dataclasses import dataclass

from dicehall.core.options import SchemaOptions
from dicehall.games.paradice.spec import RULE_DECLINED, RULE_LIQUIDATED, RULE_SOLD, SCHEMA  # noqa: F401 (re-exported)


@dataclass(frozen=True, slots=True)
class ParadiceOptions(SchemaOptions):
    schema = SCHEMA

    players: int = 6
    rules: int = RULE_DECLINED  # sum of the RULE_* bits, 0..7
    round_limit: int | None = None  # ours: after this many rounds the richest player wins

    def rule(self, bit: int) -> bool:
        return bool(self.rules & bit)


options_from_json = ParadiceOptions.from_json
options_to_json = ParadiceOptions.to_json
