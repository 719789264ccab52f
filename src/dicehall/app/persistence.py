"""What the app keeps between visits, under ``dicehall:`` keys.

- ``dicehall:current``: the game in progress, in the save format, rewritten after every action;
- ``dicehall:previous``: the game that the last replacement (new game, load, demonstration, abandon)
  took the place of, so that the menu can bring it back;
- ``dicehall:settings`` and ``dicehall:stats``: JSON objects (shapes in app/documents.py);
- ``dicehall:unreadable:N``: anything that could not be read, set aside untouched, never deleted.

Nothing here deletes a user's data it could not read: it is copied aside first, and if even that
fails (storage full) it stays where it is and the app stops writing over it. A stored game is replaced
only once it has been copied to the previous slot. Every document is measured against the limits of
dicehall.core.limits before it is parsed.

Another tab of the same site may write the same keys. The host gives one tab the ownership (Web
Locks); a tab that is not the owner writes nothing (``read_only``). As a second line of defence, the
game in progress is written only over the text this tab last read or wrote there: if another tab wrote
in between, that write is kept and this tab's game goes to the previous slot (``conflict``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from dicehall.app.storage import Storage, StorageError
from dicehall.core import limits
from dicehall.core import save as save_format
from dicehall.core.errors import SaveFormatError

PREFIX = "dicehall:"
CURRENT = PREFIX + "current"
PREVIOUS = PREFIX + "previous"
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
    blocked: set[str] = field(default_factory=set)  # keys holding data we could not move: never written
    write_failed: bool = False
    read_only: bool = False  # another tab owns the storage: this one writes nothing
    conflict: bool = False  # another tab wrote the game in progress behind this one's back
    _known_current: str | None = None  # the text of CURRENT as this tab last read or wrote it

    def __post_init__(self) -> None:
        if not self.storage.available:
            self.problems.append(Problem("storage_disabled"))

    # --- game in progress ----------------------------------------------------------------------
    def load_current(self) -> save_format.SavedGame | None:
        raw = self.storage.get(CURRENT)
        self._known_current = raw
        return self._read_game(CURRENT, raw)

    def load_previous(self) -> save_format.SavedGame | None:
        """The game kept in the previous slot, or None (none, or unreadable: then set aside and reported)."""
        return self._read_game(PREVIOUS, self.storage.get(PREVIOUS))

    @property
    def has_previous(self) -> bool:
        return self.storage.get(PREVIOUS) is not None

    def _read_game(self, key: str, raw: str | None) -> save_format.SavedGame | None:
        if raw is None:
            return None
        try:
            return save_format.loads(raw)
        except SaveFormatError as error:
            self._set_aside(key, raw, str(error))
            if key == CURRENT:
                self._known_current = self.storage.get(CURRENT)
            return None

    def changed_behind(self) -> bool:
        """The stored game is no longer the text this tab last read or wrote there (another tab wrote it)."""
        return not self.read_only and self.storage.get(CURRENT) != self._known_current

    def forget_current(self) -> None:
        """No game on screen: what another tab stored is simply the game in progress now."""
        self._known_current = self.storage.get(CURRENT)

    def store_current(self, saved: save_format.SavedGame) -> bool:
        """Write the game in progress over what this tab last knew there; if another tab wrote in between,
        keep that and put this game in the previous slot instead (``conflict``)."""
        if self.read_only:
            return False
        text = saved.dumps()
        if self.storage.get(CURRENT) != self._known_current:
            self.conflict = True
            self.read_only = True
            self.problems.append(Problem("changed_elsewhere"))
            self._write(PREVIOUS, text)
            return False
        if self._write(CURRENT, text):
            self._known_current = text
            return True
        return False

    def replace_current(self, saved: save_format.SavedGame | None, kept_elsewhere: bool = False) -> bool:
        """Put ``saved`` in the place of the stored game (None: leave no game), keeping the stored one in
        the previous slot first. If it cannot be kept there (storage full), nothing is replaced: the
        stored game stays and is never written over (the new game goes on unsaved, and the player is told).
        ``kept_elsewhere``: the stored game is kept in another list (a game by link): the previous slot
        keeps the game it holds."""
        if self.read_only:
            return False
        old = self.storage.get(CURRENT)
        if old is not None and CURRENT not in self.blocked and not kept_elsewhere:
            if not self._write(PREVIOUS, old, quiet=True):  # the banner below says it all
                self.blocked.add(CURRENT)
                self.problems.append(Problem("previous_not_kept"))
                return False
        if saved is None:
            if CURRENT not in self.blocked:
                self.storage.remove(CURRENT)
                self._known_current = None
            return True
        self._known_current = self.storage.get(CURRENT)
        return self.store_current(saved)

    def swap_previous(self, current: save_format.SavedGame | None) -> save_format.SavedGame | None:
        """Bring back the previous game: it becomes the stored game in progress, and ``current`` (the game
        shown now, if any) takes its place in the previous slot. Returns the game brought back, or None
        (none kept, unreadable, or the swap could not be written: then nothing changed)."""
        if self.read_only:
            return None
        raw = self.storage.get(PREVIOUS)
        previous = self._read_game(PREVIOUS, raw)
        if previous is None or raw is None:
            return None
        kept = current.dumps() if current is not None else self.storage.get(CURRENT)
        if CURRENT in self.blocked or not self._write(CURRENT, raw):
            return None
        self._known_current = raw
        if kept is not None:
            self._write(PREVIOUS, kept)
        else:
            self.storage.remove(PREVIOUS)
        return previous

    # --- settings and statistics ---------------------------------------------------------------
    def load_object(self, key: str, repair: Any = None) -> dict[str, Any]:
        """A stored JSON object, checked against the limits. Unreadable: set aside, ``{}``. With ``repair``
        (app/documents.py), keys of the wrong shape are dropped, so their defaults apply; a copy of the
        document as it was is set aside, and the player is told."""
        raw = self.storage.get(key)
        if raw is None:
            return {}
        try:
            data = limits.loads(raw, "the document")
            if isinstance(data, dict):
                if repair is None:
                    return data
                clean, dropped = repair(data)
                if dropped:
                    self._copy_aside(key, raw, ", ".join(sorted(dropped)[:8]))
                return clean
            reason = "not a JSON object"
        except limits.DocumentLimitError as error:
            reason = str(error)
        except (ValueError, RecursionError) as error:
            reason = f"not valid JSON ({error})"
        self._set_aside(key, raw, reason)
        return {}

    def store_object(self, key: str, data: dict[str, Any]) -> bool:
        if self.read_only:
            return False
        return self._write(key, json.dumps(data, separators=(",", ":"), ensure_ascii=False))

    def write_refused(self, key: str, reason: str, dropped: list[str]) -> None:
        """The store refused, after the fact, a write this tab counted as done (in the browser, the page
        applies the worker's writes in order and stops at the first refusal): ``key`` was refused and
        ``dropped`` (``key`` and the writes after it) never landed. The storage was put back as it is;
        treat it as the same failure seen at once: a game that was to replace the stored one while the
        copy of that one was refused never writes over it."""
        if key == PREVIOUS and CURRENT in dropped and CURRENT not in self.blocked:
            self.blocked.add(CURRENT)
            self.problems.append(Problem("previous_not_kept"))
        elif not self.write_failed:
            self.problems.append(Problem("storage_full", reason))
        self.write_failed = True
        self._known_current = self.storage.get(CURRENT)

    # --- internals -----------------------------------------------------------------------------
    def _write(self, key: str, text: str, quiet: bool = False) -> bool:
        if key in self.blocked:
            return False
        try:
            self.storage.set(key, text)
        except StorageError as error:
            # say it once, not after every action; disabled storage was said at the start
            if not self.write_failed and self.storage.available and not quiet:
                self.problems.append(Problem("storage_full", str(error)))
            self.write_failed = True
            return False
        self.write_failed = False
        return True

    def set_aside(self, key: str, reason: str) -> None:
        """Set aside what is stored under ``key`` (read but not usable: ``reason`` says why)."""
        raw = self.storage.get(key)
        if raw is not None:
            self._set_aside(key, raw, reason)
            if key == CURRENT:
                self._known_current = self.storage.get(CURRENT)

    def keep_aside(self, key: str, raw: str, reason: str) -> bool:
        """Copy ``raw`` (a part of the document stored under ``key`` that cannot be used: ``reason`` says why) to a fresh
        ``dicehall:unreadable:N`` key, with the notice; False if it could not be written (the caller then
        leaves the original where it is)."""
        aside = self._aside_key(raw)
        if aside is None:
            self.problems.append(Problem("unreadable_kept", _cut(reason), key))
            return False
        self.problems.append(Problem("unreadable_moved", _cut(reason), aside))
        return True

    def _set_aside(self, key: str, raw: str, reason: str) -> None:
        """Copy unreadable data to a fresh ``dicehall:unreadable:N`` key, then free the original key."""
        aside = self._aside_key(raw)
        if aside is None:
            self.blocked.add(key)  # keep it where it is and never write over it
            self.problems.append(Problem("unreadable_kept", _cut(reason), key))
            return
        if not self.read_only:
            self.storage.remove(key)
        self.problems.append(Problem("unreadable_moved", _cut(reason), aside))

    def _copy_aside(self, key: str, raw: str, dropped: str) -> None:
        """Keep a copy of a document that was repaired (some keys dropped); the original key is rewritten
        with the repaired document later. If no copy can be made, the original is never written over."""
        aside = self._aside_key(raw)
        if aside is None:
            self.blocked.add(key)
            self.problems.append(Problem("repaired_kept", _cut(dropped), key))
            return
        self.problems.append(Problem("repaired_moved", _cut(dropped), aside))

    def _aside_key(self, raw: str) -> str | None:
        """Write ``raw`` under a fresh ``dicehall:unreadable:N`` key; None if it cannot be written."""
        if self.read_only:
            return None
        taken = set(self.storage.keys())
        n = 1
        while f"{UNREADABLE}{n}" in taken:
            n += 1
        aside = f"{UNREADABLE}{n}"
        try:
            self.storage.set(aside, raw)
        except StorageError:
            return None
        return aside


def _cut(text: str, size: int = 160) -> str:
    """A reason shown in a banner: one line, at most ``size`` characters."""
    line = " ".join(text.split())
    return line if len(line) <= size else line[: size - 1] + "…"
