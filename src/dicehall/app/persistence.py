"""What the app keeps between visits, under ``dicehall:`` keys.

- ``dicehall:current``: the game in progress, in the save format, rewritten after every action;
- ``dicehall:settings`` and ``dicehall:stats``: JSON objects;
- ``dicehall:unreadable:N``: anything that could not be read, set aside untouched, never deleted.

Nothing here deletes a user's data it could not read: it is copied aside first, and if even that
fails (storage full) it stays where it is and the app stops writing over it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from dicehall.app.storage import Storage, StorageError
from dicehall.core import save as save_format
from dicehall.core.errors import SaveFormatError

PREFIX = "dicehall:"
CURRENT = PREFIX + "current"
SETTINGS = PREFIX + "settings"
STATS = PREFIX + "stats"
UNREADABLE = PREFIX + "unreadable:"


@dataclass(slots=True)
class Problem:
    """Something the user must be told about: ``what`` is a text key of app/texts.py, ``detail`` free text."""

    what: str
    detail: str = ""
    key: str = ""


@dataclass(slots=True)
class Persistence:
    storage: Storage
    problems: list[Problem] = field(default_factory=list)
    blocked: set[str] = field(default_factory=set)  # keys holding unreadable data we could not move
    write_failed: bool = False

    def __post_init__(self) -> None:
        if not self.storage.available:
            self.problems.append(Problem("storage_disabled"))

    # --- game in progress ----------------------------------------------------------------------
    def load_current(self) -> save_format.SavedGame | None:
        raw = self.storage.get(CURRENT)
        if raw is None:
            return None
        try:
            return save_format.loads(raw)
        except SaveFormatError as error:
            self._set_aside(CURRENT, raw, str(error))
            return None

    def store_current(self, saved: save_format.SavedGame) -> bool:
        return self._write(CURRENT, saved.dumps())

    def clear_current(self) -> None:
        if CURRENT not in self.blocked:
            self.storage.remove(CURRENT)

    # --- settings and statistics ---------------------------------------------------------------
    def load_object(self, key: str) -> dict[str, Any]:
        raw = self.storage.get(key)
        if raw is None:
            return {}
        try:
            data = json.loads(raw)
            if isinstance(data, dict):
                return data
            reason = "not a JSON object"
        except ValueError as error:
            reason = f"not valid JSON ({error})"
        self._set_aside(key, raw, reason)
        return {}

    def store_object(self, key: str, data: dict[str, Any]) -> bool:
        return self._write(key, json.dumps(data, separators=(",", ":"), ensure_ascii=False))

    # --- internals -----------------------------------------------------------------------------
    def _write(self, key: str, text: str) -> bool:
        if key in self.blocked:
            return False
        try:
            self.storage.set(key, text)
        except StorageError as error:
            if not self.write_failed:  # say it once, not after every action
                self.problems.append(Problem("storage_full", str(error)))
            self.write_failed = True
            return False
        self.write_failed = False
        return True

    def _set_aside(self, key: str, raw: str, reason: str) -> None:
        """Copy unreadable data to a fresh ``dicehall:unreadable:N`` key, then free the original key."""
        taken = set(self.storage.keys())
        n = 1
        while f"{UNREADABLE}{n}" in taken:
            n += 1
        aside = f"{UNREADABLE}{n}"
        try:
            self.storage.set(aside, raw)
        except StorageError:
            self.blocked.add(key)  # keep it where it is and never write over it
            self.problems.append(Problem("unreadable_kept", reason, key))
            return
        self.storage.remove(key)
        self.problems.append(Problem("unreadable_moved", reason, aside))
