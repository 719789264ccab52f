"""The rules side of Charidice as the platform loads it: ``GAME``, a ``core.registry.GameDef`` built
from the game's modules (``dicehall.games.charidice`` hands it on, with their names, on first use)."""

from dicehall.core.registry import GameDef
from dicehall.games.charidice import actions, ai, options, rules

RULES_VERSION = 2  # 2: donation_given defaults to "doubled" (rules 1: "undoubled"; see options.upgrade)

GAME = GameDef.from_modules("charidice", RULES_VERSION, actions, options, rules, ai)
