"""A list of games kept under one storage key as ``{"games": [entry, ...]}``, newest first: the recent games
(app/recent.py) and the games by link (app/link_games.py). Reading skips entries of the wrong shape (and
leaves them in place); writing gives the oldest entries up, one by one, until the storage takes the rest."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from dicehall.app.storage import StorageError
from dicehall.core import limits


def read(storage: Any, key: str, what: str, well_formed: Callable[[Any], bool]) -> list[dict[str, Any]]:
    """The entries kept under ``key`` that pass ``well_formed`` (``what`` names the list in a limit's message)."""
    raw = storage.get(key)
    if raw is None:
        return []
    try:
        data = limits.loads(raw, what)
    except (ValueError, RecursionError):
        return []
    games = data.get("games") if isinstance(data, dict) else None
    return [g for g in games if well_formed(g)] if isinstance(games, list) else []


def write(storage: Any, key: str, games: list[dict[str, Any]]) -> bool:
    """Store ``games``, the oldest (last) giving way while the storage is full; False if not even the first
    one could be stored (nothing is written then)."""
    while games:
        try:
            storage.set(key, json.dumps({"games": games}, separators=(",", ":"), ensure_ascii=False))
            return True
        except StorageError:
            games = games[:-1]
    return False
