"""The games of the hall: one declaration per game (``GameSpec``) and the rules it leads to (``GameDef``).

Each game declares itself once, in ``games/<id>/spec.py`` (``SPEC``): its id, titles, player range, the
computer levels it offers, its options schema (core.options), what its new-game form, menus and keyboard
offer, and where its rules and screen are (module names, imported on first use). The catalogue is built
from these declarations; ``dicehall.games.SPECS`` lists their modules in the hub's order. A spec module
imports no rules (start-up time matters in the browser): a game's rules are imported by ``load``, its
screen by ``make_scene``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from dicehall.core.codec import Codec
from dicehall.core.errors import UnknownGameError
from dicehall.core.limits import quote
from dicehall.core.spec import STANDARD_LEVEL_IDS, STANDARD_LEVELS, GameSpec, Level

__all__ = [
    "CATALOGUE",
    "STANDARD_LEVELS",
    "STANDARD_LEVEL_IDS",
    "GameDef",
    "GameSpec",
    "Level",
    "default_game",
    "info",
    "load",
    "spec",
]


def _catalogue() -> tuple[GameSpec, ...]:
    """Every game's spec, in the hub's order (``dicehall.games.SPECS``)."""
    games = importlib.import_module("dicehall.games")
    return tuple(importlib.import_module(name).SPEC for name in games.SPECS)


CATALOGUE: tuple[GameSpec, ...] = _catalogue()
if sum(entry.default for entry in CATALOGUE) > 1:
    raise ValueError(f"more than one default game: {[entry.id for entry in CATALOGUE if entry.default]}")


@dataclass(frozen=True, slots=True)
class GameDef:
    """What a game module hands to the platform (its ``GAME`` attribute).

    ``options_from_json`` validates and fills defaults (raising ValueError with a clear message);
    ``make_agent(level, seat, rng)`` returns an ``ai.Agent`` for a computer seat.
    ``upgrade(save, version)``, optional, turns the JSON of a save written under an older
    ``rules_version`` into one the current rules replay (raising ValueError if it cannot); without it,
    older saves are replayed as they are.
    """

    id: str
    rules_version: int
    codec: Codec
    options_from_json: Callable[[dict[str, Any]], Any]
    options_to_json: Callable[[Any], dict[str, Any]]
    initial: Callable[[Any], Any]
    num_players: Callable[[Any], int]
    make_agent: Callable[..., Any]
    upgrade: Callable[[dict[str, Any], int], dict[str, Any]] | None = None

    @classmethod
    def from_modules(
        cls, id: str, rules_version: int, actions: ModuleType, options: ModuleType, rules: ModuleType, ai: ModuleType
    ) -> GameDef:
        """A game's entry from its modules, named alike in every game (docs/architecture.md): the ``CODEC`` of
        ``actions``; ``options_from_json``, ``options_to_json`` and, where old saves need it, ``upgrade`` of
        ``options``; ``initial`` and ``num_players`` of ``rules``; ``make_agent`` of ``ai``."""
        return cls(
            id=id,
            rules_version=rules_version,
            codec=actions.CODEC,
            options_from_json=options.options_from_json,
            options_to_json=options.options_to_json,
            initial=rules.initial,
            num_players=rules.num_players,
            make_agent=ai.make_agent,
            upgrade=getattr(options, "upgrade", None),
        )


def info(game_id: str) -> GameSpec:
    """A game's declaration. :raises UnknownGameError: no such game."""
    for entry in CATALOGUE:
        if entry.id == game_id:
            return entry
    raise UnknownGameError(f"unknown game {quote(game_id)}; games: {', '.join(g.id for g in CATALOGUE)}")


spec = info


def default_game() -> str:
    """The game the new-game form opens when none is in progress: the playable one whose spec says
    ``default``, else the first playable one. :raises UnknownGameError: no game is playable."""
    playable = [entry for entry in CATALOGUE if entry.available]
    chosen = [entry for entry in playable if entry.default] or playable
    if not chosen:
        raise UnknownGameError("no game is playable")
    return chosen[0].id


def load(game_id: str) -> GameDef:
    """The rules of a game, imported on first use.

    :raises UnknownGameError: no such game, or it is not playable yet (still to come, or its module
        is not part of this build).
    """
    entry = info(game_id)
    if entry.module is None:
        raise UnknownGameError(f"{entry.title_en} is coming soon and cannot be played yet")
    try:
        module = importlib.import_module(entry.module)
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if entry.module != missing and not entry.module.startswith(missing + "."):
            raise  # the game's module is there but imports something missing: a real bug
        raise UnknownGameError(f"{entry.title_en} is not part of this build ({entry.module})") from None
    return module.GAME
