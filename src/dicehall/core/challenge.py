"""The daily challenge: one game a day with the same seats, options and dice for everyone (docs/challenge.md).

Its dice are **duplicate dice**: they are drawn per situation ("round 3, seat 0, roll 2, die 4"), not per
ply, so two players who decide differently still meet the same dice in the same situation and the score
measures the decisions. Each game names its situations in ``games/<id>/challenge.py`` (``situation(state)``),
next to its rules, with the seats and options of its challenge. A save records the outcomes as always, so
replaying a challenge never depends on any of this.

Anyone who reads this code can compute a challenge's dice from its date: the challenge is a fair contest
between honest players, not a protection against cheating (said in every rules page).
"""

from __future__ import annotations

import datetime
import random
from types import ModuleType
from typing import Any

from dicehall.core import registry
from dicehall.core.errors import UnknownGameError
from dicehall.core.limits import quote

# The games with a daily challenge: those whose declaration names a challenge module (the hub offers their
# challenge without importing any rules).
GAMES = tuple(spec.id for spec in registry.CATALOGUE if spec.challenge is not None)
FIRST_DAY = datetime.date(2020, 1, 1)  # before it, a date is surely a mistake
LAST_DAY = datetime.date(2999, 12, 31)


def check_date(value: Any) -> str:
    """``value`` as a challenge date ``YYYY-MM-DD``.

    :raises ValueError: one line naming the value (not text, not that shape, not a real day, out of range).
    """
    shown = quote(value, 40)
    if not isinstance(value, str) or len(value) != 10 or value[4] != "-" or value[7] != "-":
        raise ValueError(f"challenge must be a date written YYYY-MM-DD, got {shown}")
    try:
        day = datetime.date.fromisoformat(value)
    except ValueError:
        raise ValueError(f"challenge must be a real day written YYYY-MM-DD, got {shown}") from None
    if not FIRST_DAY <= day <= LAST_DAY:
        raise ValueError(f"challenge dates run from {FIRST_DAY} to {LAST_DAY}, got {shown}")
    return value


def today() -> str:
    """Today's challenge date. UTC, so that the whole world plays the same challenge at the same moment."""
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


def module(game_id: str) -> ModuleType | None:
    """The game's challenge module (its spec's ``challenge``, ``games/<id>/challenge.py``), or None: the game
    has none, or there is no such game."""
    try:
        declared = registry.info(game_id)
    except UnknownGameError:
        return None
    return declared.part("challenge")


def available(game_id: str) -> bool:
    return module(game_id) is not None


def seed(game_id: str, date: str) -> str:
    """The match seed of a challenge: the same for everyone, so the computers' own choices (their
    generators derive from the seed) are the same too."""
    return f"challenge/{game_id}/{date}"


def situation_seed(game_id: str, date: str, situation: str) -> str:
    return f"challenge/{game_id}/{date}/{situation}"


def dice_generator(game_id: str, date: str, state: Any) -> random.Random:
    """The generator of the chance node ``state`` in that game's challenge of ``date``: seeded by the
    situation alone, so the same situation gets the same outcome whatever happened before. A node that
    draws several dice at once draws them all from it, which is the same as long as the situation key
    names the situation exactly (what each game's ``situation`` promises)."""
    found = module(game_id)
    if found is None:
        raise ValueError(f"{game_id} has no daily challenge")
    return random.Random(situation_seed(game_id, date, found.situation(state)))
