"""The rules side of Dés & Marchands as the platform loads it: ``GAME`` (a ``core.registry.GameDef``) and the
names the game's tests and tools import (``dicehall.games.marchands`` hands them on lazily)."""

from __future__ import annotations

from dicehall.core.registry import GameDef
from dicehall.games.marchands.actions import CODEC, Bonus, Buy, Layout, Leave, Move, Replace, Roll, Sell, Side
from dicehall.games.marchands.ai import make_agent
from dicehall.games.marchands.board import Board
from dicehall.games.marchands.options import MarchandsOptions, options_from_json, options_to_json
from dicehall.games.marchands.rules import Event, MarchandsState, initial, num_players

RULES_VERSION = 1

GAME = GameDef(
    id="marchands",
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
    "Board",
    "Bonus",
    "Buy",
    "Event",
    "Layout",
    "Leave",
    "MarchandsOptions",
    "MarchandsState",
    "Move",
    "Replace",
    "Roll",
    "Sell",
    "Side",
    "make_agent",
]
