"""Dés & Marchands options: players, board size (the 50 × 50 board of the rules, the 51 × 51 variant with a
true centre, the quick 30 × 30 board), round limit and the three planned extensions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.core.options import form_flag, form_number, is_int, options_object

SIZES = (50, 51, 30)  # 30: the quick board (same density of special cells, see board.py)
_FLAGS = ("portals", "multipliers", "replay_bonus")
_KEYS = ("players", "size", "round_limit") + _FLAGS


@dataclass(frozen=True, slots=True)
class MarchandsOptions:
    players: int = 2
    size: int = 50  # 51: the variant with a true centre; 30: the quick board
    round_limit: int | None = None  # the game also ends after this many rounds
    portals: bool = False
    multipliers: bool = False
    replay_bonus: bool = False

    def __post_init__(self) -> None:
        if not is_int(self.players) or not 2 <= self.players <= 4:
            raise ValueError(f"Dés & Marchands is for 2 to 4 players, got {self.players!r}")
        if self.size not in SIZES or not is_int(self.size):
            raise ValueError(f"the board is 50, 51 or 30 cells wide, got {self.size!r}")
        if self.round_limit is not None and (not is_int(self.round_limit) or not 1 <= self.round_limit <= 1000):
            raise ValueError(f"round_limit must be 1 to 1000 rounds or none, got {self.round_limit!r}")
        for flag in _FLAGS:
            if not isinstance(getattr(self, flag), bool):
                raise ValueError(f"{flag} must be true or false, got {getattr(self, flag)!r}")

    @property
    def on(self) -> frozenset[str]:
        """The extensions switched on, by name (face kinds, cells and bonuses tied to an option read it)."""
        return frozenset(flag for flag in _FLAGS if getattr(self, flag))

    @classmethod
    def from_json(cls, data: Any) -> MarchandsOptions:
        """Missing keys take their defaults; the setup form sends text ("51", "100", "none", "on"/"off").
        :raises ValueError: not an object, unknown key or value."""
        data = options_object(data, "Dés & Marchands", _KEYS)
        limit = data.get("round_limit")
        limit = None if limit in (None, "none") else form_number(limit)
        flags = {flag: form_flag(data.get(flag, False)) for flag in _FLAGS}
        return cls(players=data.get("players", 2), size=form_number(data.get("size", 50)), round_limit=limit, **flags)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "size": self.size, "round_limit": self.round_limit,
                **{flag: getattr(self, flag) for flag in _FLAGS}}


def options_from_json(data: Any) -> MarchandsOptions:
    return MarchandsOptions.from_json(data)


def options_to_json(options: MarchandsOptions) -> dict[str, Any]:
    return options.to_json()
