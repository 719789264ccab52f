"""Dés & Marchands options: players, board size (the 50 × 50 board of the rules, the 51 × 51 variant with a
true centre, the quick 30 × 30 board), round limit, the three planned extensions and the "bonus once" variant.

The options' schema (types, ranges, defaults, French and English labels, the new-game form's choices) is
part of the game's declaration (spec.py); this module is the options object the rules read."""

from __future__ import annotations

from dataclasses import dataclass

from dicehall.core.options import Flag, SchemaOptions
from dicehall.games.marchands.spec import SCHEMA

_FLAGS = tuple(f.key for f in SCHEMA.fields if isinstance(f, Flag))  # the extensions: "portals", …
_RULE_VARIANTS = frozenset({"bonus_once"})  # flags that change no board


@dataclass(frozen=True, slots=True)
class MarchandsOptions(SchemaOptions):
    schema = SCHEMA

    players: int = 2
    size: int = 50  # 51: the variant with a true centre; 30: the quick board
    round_limit: int | None = None  # the game also ends after this many rounds
    portals: bool = False
    multipliers: bool = False
    replay_bonus: bool = False
    bonus_once: bool = False  # a bonus cell serves each player once (the text: at every arrival)

    @property
    def on(self) -> frozenset[str]:
        """The extensions switched on, by name (face kinds, cells and bonuses tied to an option read it)."""
        return frozenset(flag for flag in _FLAGS if getattr(self, flag))

    @property
    def dealt(self) -> frozenset[str]:
        """The options that change the board dealt (part of the layout's seed): the extensions, not the
        variants that only change what a cell does (``bonus_once``), so that a layout number gives the same
        board with or without them."""
        return self.on - _RULE_VARIANTS


options_from_json = MarchandsOptions.from_json
options_to_json = MarchandsOptions.to_json
