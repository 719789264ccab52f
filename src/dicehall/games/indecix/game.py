"""The rules side of Indecix as the platform loads it: ``GAME``, a ``core.registry.GameDef`` built
from the game's modules (``dicehall.games.indecix`` hands it on, with their names, on first use)."""

from dicehall.core.registry import GameDef
from dicehall.games.indecix import actions, ai, options, rules

RULES_VERSION = 1

GAME = GameDef.from_modules("indecix", RULES_VERSION, actions, options, rules, ai)
