"""Dés & Marchands: a 50×50 board, dice whose faces are directions and powers, bonus and merchant cells;
built to be extended (cells, bonus actions and face kinds are open lists: see docs/extending.md).

The package itself imports nothing: the hub reads ``marchands.spec`` (the game's declaration) without the
rules. ``GAME`` and the names below come from ``marchands.game`` on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "CODEC",
    "GAME",
    "RULES_VERSION",
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

# what this package has always offered besides __all__ (the rules' entry points, for tests and tools)
_ALSO = frozenset(("initial", "num_players", "options_from_json", "options_to_json"))


def __getattr__(name: str) -> Any:
    if name in __all__ or name in _ALSO:
        return getattr(importlib.import_module(f"{__name__}.game"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
