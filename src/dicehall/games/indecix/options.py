"""Indecix options: the mode (Blitz: a rolled die each turn; Master: chosen tokens) and suite scoring.

The options' schema (types, ranges, defaults, French and English labels, the new-game form's choices) is
part of the game's declaration (spec.py); this module is the options object the rules read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.games.indecix.spec import MODES, SCHEMA, SUITE_SCORINGS  # noqa: F401 (MODES, SUITE_SCORINGS: re-exported)


@dataclass(frozen=True, slots=True)
class IndecixOptions:
    mode: str = "blitz"
    suite_scoring: str = "text"

    def __post_init__(self) -> None:
        SCHEMA.check(self)

    @property
    def master(self) -> bool:
        return self.mode == "master"

    @classmethod
    def from_json(cls, data: Any) -> IndecixOptions:
        """Missing keys take their defaults. :raises InvalidOptionsError: not an object, unknown key or value."""
        return cls(**SCHEMA.from_json(data))

    def to_json(self) -> dict[str, Any]:
        return SCHEMA.to_json(self)


def options_from_json(data: Any) -> IndecixOptions:
    return IndecixOptions.from_json(data)


def options_to_json(options: IndecixOptions) -> dict[str, Any]:
    return options.to_json()
