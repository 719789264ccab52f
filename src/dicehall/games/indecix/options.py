"""Indecix options: the mode (Blitz: a rolled die each turn; Master: chosen tokens) and suite scoring."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.core.options import options_object

MODES = ("blitz", "master")
# "text": the rule text (the line's faces without the placed die, 15-20, doubled when clean);
# "original": the original program 1.2 (the placed die included: always 21, or 42 when clean).
SUITE_SCORINGS = ("text", "original")


@dataclass(frozen=True, slots=True)
class IndecixOptions:
    mode: str = "blitz"
    suite_scoring: str = "text"

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"Indecix mode must be one of {', '.join(MODES)}, got {self.mode!r}")
        if self.suite_scoring not in SUITE_SCORINGS:
            known = ", ".join(SUITE_SCORINGS)
            raise ValueError(f"Indecix suite_scoring must be one of {known}, got {self.suite_scoring!r}")

    @property
    def master(self) -> bool:
        return self.mode == "master"

    @classmethod
    def from_json(cls, data: Any) -> IndecixOptions:
        """Missing keys take their defaults. :raises ValueError: not an object, unknown key or value."""
        data = options_object(data, "Indecix", ("mode", "suite_scoring"))
        return cls(mode=data.get("mode", "blitz"), suite_scoring=data.get("suite_scoring", "text"))

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "suite_scoring": self.suite_scoring}


def options_from_json(data: Any) -> IndecixOptions:
    return IndecixOptions.from_json(data)


def options_to_json(options: IndecixOptions) -> dict[str, Any]:
    return options.to_json()
