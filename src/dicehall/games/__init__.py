"""One package per game, each declared once by its ``spec`` module (``SPEC``, a ``core.spec.GameSpec``):
the catalogue (core.registry), the hub, the new-game form, the menus, the command line and the rules
pages are built from these declarations. A game keeps the same file names: spec (its declaration),
options (its options schema), game (``GAME``, a ``core.registry.GameDef``), actions (the JSON codec),
rules (the state), ai (its computer players), hint (why the expert chose a move), scene and texts (its
screen). Rules never import the UI or the browser; a spec imports no rules.

A game's package imports nothing itself (the hub imports it with its spec): ``rules_names`` hands on the
rules' names on first use."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

# The games of the hall, in the hub's order: their declarations' modules.
SPECS: tuple[str, ...] = (
    "dicehall.games.paradice.spec",
    "dicehall.games.indecix.spec",
    "dicehall.games.charidice.spec",
    "dicehall.games.roudalon.spec",
    "dicehall.games.marchands.spec",
)


# The modules a game's rules are made of, where its package finds the names it offers (``rules_names``).
RULES_MODULES = ("game", "actions", "options", "rules", "ai")


def rules_names(package: str, *names: str) -> Callable[[str], Any]:
    """The ``__getattr__`` of a game's package, which imports nothing itself (the hub imports it with its
    spec): the ``names`` it offers tests and tools (space-separated: ``GAME``, the actions, the state, the
    options, the rules' entry points), each from the first of the game's ``RULES_MODULES`` that has it,
    imported on first use. Any other name (a submodule's: ``from dicehall.games.<id> import texts``) is
    not there, so importing it never imports the rules."""
    offered = frozenset(" ".join(names).split())

    def __getattr__(name: str) -> Any:
        if name in offered:
            for module in RULES_MODULES:
                rules_module = importlib.import_module(f"{package}.{module}")
                if hasattr(rules_module, name):
                    return getattr(rules_module, name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
