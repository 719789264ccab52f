"""The games of the hall.

The catalogue below is static metadata, so the hub can list every game without importing any rules
(start-up time matters in the browser). A game's rules are imported on first use by ``load``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dicehall.core.codec import Codec
from dicehall.core.errors import UnknownGameError


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the hub shows about a game; ``module`` is None while the game is still to come."""

    id: str
    title_fr: str
    title_en: str
    min_players: int
    max_players: int
    module: str | None

    @property
    def available(self) -> bool:
        return self.module is not None

    def title(self, lang: str) -> str:
        return self.title_fr if lang == "fr" else self.title_en

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": {"fr": self.title_fr, "en": self.title_en},
            "min_players": self.min_players,
            "max_players": self.max_players,
            "available": self.available,
        }


CATALOGUE: tuple[GameInfo, ...] = (
    GameInfo("paradice", "Paradice", "Paradice", 2, 6, "dicehall.games.paradice"),
    GameInfo("indecix", "Indecix", "Indecix", 2, 2, "dicehall.games.indecix"),
    GameInfo("charidice", "Charidice", "Charidice", 2, 4, "dicehall.games.charidice"),
    GameInfo("roudalon", "Le Roudalon", "Le Roudalon", 3, 6, "dicehall.games.roudalon"),
    GameInfo("marchands", "Dés & Marchands", "Dice & Merchants", 2, 4, "dicehall.games.marchands"),
)


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


def info(game_id: str) -> GameInfo:
    for entry in CATALOGUE:
        if entry.id == game_id:
            return entry
    raise UnknownGameError(f"unknown game {game_id!r}; games: {', '.join(g.id for g in CATALOGUE)}")


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
