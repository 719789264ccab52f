"""Indecix: two players place 36 dice on a 6x6 grid, capturing framed runs and completing lines.

The package itself imports nothing: the hub reads ``indecix.spec`` (the game's declaration) without the
rules. ``GAME`` and the names below come from ``indecix.game`` on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "CODEC",
    "GAME",
    "RULES_VERSION",
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

# what this package has always offered besides __all__ (the rules' entry points, for tests and tools)
_ALSO = frozenset(("initial", "num_players", "options_from_json", "options_to_json"))


def __getattr__(name: str) -> Any:
    if name in __all__ or name in _ALSO:
        return getattr(importlib.import_module(f"{__name__}.game"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
