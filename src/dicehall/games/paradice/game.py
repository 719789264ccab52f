"""The rules side of Paradice as the platform loads it: ``GAME``, a ``core.registry.GameDef`` built
from the game's modules (``dicehall.games.paradice`` hands it on, with their names, on first use)."""

from dicehall.core.registry import GameDef
from dicehall.games.paradice import actions, ai, options, rules

RULES_VERSION = 1

GAME = GameDef.from_modules("paradice", RULES_VERSION, actions, options, rules, ai)
