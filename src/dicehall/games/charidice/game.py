"""The rules side of Charidice as the platform loads it: ``GAME`` (a ``core.registry.GameDef``) and the
names the game's tests and tools import (``dicehall.games.charidice`` hands them on lazily)."""

from __future__ import annotations

from dicehall.core.registry import GameDef
from dicehall.games.charidice.actions import CODEC, Claim, Face, Mark, Roll, Stop
from dicehall.games.charidice.ai import make_agent
from dicehall.games.charidice.options import CharidiceOptions, options_from_json, options_to_json, upgrade
from dicehall.games.charidice.rules import CharidiceState, Row, Turn, initial, num_players

RULES_VERSION = 2  # 2: donation_given defaults to "doubled" (rules 1: "undoubled"; see options.upgrade)

GAME = GameDef(
    id="charidice",
    rules_version=RULES_VERSION,
    codec=CODEC,
    options_from_json=options_from_json,
    options_to_json=options_to_json,
    initial=initial,
    num_players=num_players,
    make_agent=make_agent,
    upgrade=upgrade,
)

__all__ = [
    "CODEC",
    "GAME",
    "CharidiceOptions",
    "CharidiceState",
    "Claim",
    "Face",
    "Mark",
    "Roll",
    "Row",
    "Stop",
    "Turn",
    "make_agent",
]
