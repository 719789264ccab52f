"""The rules side of Paradice as the platform loads it: ``GAME`` (a ``core.registry.GameDef``) and the
names the game's tests and tools import (``dicehall.games.paradice`` hands them on lazily)."""

from __future__ import annotations

from dicehall.core.registry import GameDef
from dicehall.games.paradice.actions import CODEC, Buy, Decline, Dice, Go, Sell
from dicehall.games.paradice.ai import make_agent
from dicehall.games.paradice.options import ParadiceOptions, options_from_json, options_to_json
from dicehall.games.paradice.rules import Event, ParadiceState, initial, num_players

RULES_VERSION = 1

GAME = GameDef(
    id="paradice",
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
    "Buy",
    "Decline",
    "Dice",
    "Event",
    "Go",
    "ParadiceOptions",
    "ParadiceState",
    "Sell",
    "make_agent",
]
