"""The rules side of Indecix as the platform loads it: ``GAME`` (a ``core.registry.GameDef``) and the
names the game's tests and tools import (``dicehall.games.indecix`` hands them on lazily)."""

from __future__ import annotations

from dicehall.core.registry import GameDef
from dicehall.games.indecix.actions import CODEC, Choose, Face, Pass, Place
from dicehall.games.indecix.ai import evaluate, make_agent
from dicehall.games.indecix.options import IndecixOptions, options_from_json, options_to_json
from dicehall.games.indecix.rules import IndecixState, Last, Suite, initial, num_players

RULES_VERSION = 1

GAME = GameDef(
    id="indecix",
    rules_version=RULES_VERSION,
    codec=CODEC,
    options_from_json=options_from_json,
    options_to_json=options_to_json,
    initial=initial,
    num_players=num_players,
    make_agent=make_agent,
)

__all__ = [
    "CODEC",
    "GAME",
    "Choose",
    "Face",
    "IndecixOptions",
    "IndecixState",
    "Last",
    "Pass",
    "Place",
    "Suite",
    "evaluate",
    "make_agent",
]
