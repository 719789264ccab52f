"""Paradice options: the number of players, the original's rule options (1, 2, 4) and our round limit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.core.options import form_number, is_int, options_object

MIN_PLAYERS, MAX_PLAYERS = 2, 6
# The original's "Règle" bits: where an event goes that nobody holds any more.
RULE_DECLINED = 1  # an event declined (or too dear) on landing goes to the jackpot (default)
RULE_SOLD = 2  # an event sold to pay goes to the jackpot
RULE_LIQUIDATED = 4  # the events of an eliminated player go to the jackpot
_KEYS = ("players", "rules", "round_limit")


@dataclass(frozen=True, slots=True)
class ParadiceOptions:
    players: int = 6
    rules: int = RULE_DECLINED  # sum of the RULE_* bits, 0..7
    round_limit: int | None = None  # ours: after this many rounds the richest player wins

    def __post_init__(self) -> None:
        if not is_int(self.players) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"Paradice is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {self.players!r}")
        if not is_int(self.rules) or not 0 <= self.rules <= 7:
            raise ValueError(f"Paradice rules are a sum of 1, 2 and 4 (0 to 7), got {self.rules!r}")
        if self.round_limit is not None and (not is_int(self.round_limit) or not 1 <= self.round_limit <= 999):
            raise ValueError(f"round_limit must be 1 to 999 rounds or none, got {self.round_limit!r}")

    def rule(self, bit: int) -> bool:
        return bool(self.rules & bit)

    @classmethod
    def from_json(cls, data: Any) -> ParadiceOptions:
        """Missing keys take their defaults; the setup form sends text ("3", "none").
        :raises ValueError: not an object, unknown key or value."""
        data = options_object(data, "Paradice", _KEYS)
        limit = data.get("round_limit")
        limit = None if limit in (None, "none", "") else form_number(limit)
        return cls(players=data.get("players", 6), rules=form_number(data.get("rules", RULE_DECLINED)),
                   round_limit=limit)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "rules": self.rules, "round_limit": self.round_limit}


def options_from_json(data: Any) -> ParadiceOptions:
    return ParadiceOptions.from_json(data)


def options_to_json(options: ParadiceOptions) -> dict[str, Any]:
    return options.to_json()
