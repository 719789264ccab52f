"""The rules side of Le Roudalon as the platform loads it: ``GAME``, a ``core.registry.GameDef`` built
from the game's modules (``dicehall.games.roudalon`` hands it on, with their names, on first use)."""

from dicehall.core.registry import GameDef
from dicehall.games.roudalon import actions, ai, options, rules

# 2: a dead party (the pot at its ceiling) ends void at once (rules 1: "play_on"; see options.upgrade)
RULES_VERSION = 2

GAME = GameDef.from_modules("roudalon", RULES_VERSION, actions, options, rules, ai)
