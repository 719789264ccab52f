"""The rules side of Le Roudalon as the platform loads it: ``GAME`` (a ``core.registry.GameDef``) and the
names the game's tests and tools import (``dicehall.games.roudalon`` hands them on lazily)."""

from __future__ import annotations

from dicehall.core.registry import GameDef
from dicehall.games.roudalon.actions import CODEC, Accept, Close, Face, Pass, Propose, Refuse, Stake, Throw
from dicehall.games.roudalon.ai import make_agent
from dicehall.games.roudalon.options import RoudalonOptions, options_from_json, options_to_json, upgrade
from dicehall.games.roudalon.rules import Event, RoudalonState, initial, num_players

RULES_VERSION = (
    2  # 2: a dead party (the pot at its ceiling) ends void at once (rules 1: "play_on"; see options.upgrade)
)

GAME = GameDef(
    id="roudalon",
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
    "Accept",
    "Close",
    "Event",
    "Face",
    "Pass",
    "Propose",
    "Refuse",
    "RoudalonOptions",
    "RoudalonState",
    "Stake",
    "Throw",
    "make_agent",
]
