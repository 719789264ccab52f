"""Indecix options: the mode (Blitz: a rolled die each turn; Master: chosen tokens) and suite scoring.

The options' schema (types, ranges, defaults, French and English labels, the new-game form's choices) is
part of the game's declaration (spec.py); this module is the options object the rules read."""

from __future__ import annotations

from dataclasses import dataclass

from dicehall.core.options import SchemaOptions
from dicehall.games.indecix.spec import MODES, SCHEMA, SUITE_SCORINGS  # noqa: F401 (MODES, SUITE_SCORINGS: re-exported)


@dataclass(frozen=True, slots=True)
class IndecixOptions(SchemaOptions):
    schema = SCHEMA

    mode: str = "blitz"
    suite_scoring: str = "text"

    @property
    def master(self) -> bool:
        return self.mode == "master"


options_from_json = IndecixOptions.from_json
options_to_json = IndecixOptions.to_json
