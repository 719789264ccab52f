"""Paradice options: the number of players, the original's rule options (1, 2, 4) and our round limit.

The options' schema (types, ranges, defaults, French and English labels, the new-game form's choices) is
part of the game's declaration (spec.py); this module is the options object the rules read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.games.paradice.spec import RULE_DECLINED, RULE_LIQUIDATED, RULE_SOLD, SCHEMA  # noqa: F401 (re-exported)


@dataclass(frozen=True, slots=True)
class ParadiceOptions:
    players: int = 6
    rules: int = RULE_DECLINED  # sum of the RULE_* bits, 0..7
    round_limit: int | None = None  # ours: after this many rounds the richest player wins

    def __post_init__(self) -> None:
        SCHEMA.check(self)

    def rule(self, bit: int) -> bool:
        return bool(self.rules & bit)

    @classmethod
    def from_json(cls, data: Any) -> ParadiceOptions:
        """Missing keys take their defaults; the setup form sends text ("3", "none").
        :raises InvalidOptionsError: not an object, unknown key or value."""
        return cls(**SCHEMA.from_json(data))

    def to_json(self) -> dict[str, Any]:
        return SCHEMA.to_json(self)


def options_from_json(data: Any) -> ParadiceOptions:
    return ParadiceOptions.from_json(data)


def options_to_json(options: ParadiceOptions) -> dict[str, Any]:
    return options.to_json()
