"""localStorage as the Python app sees it from the Web Worker: a mirror of the page's store.

localStorage exists only on the page's main thread, so the worker starts from a snapshot of it and every
write goes back to the page, which applies the writes in order (docs/page-api.md, "Host protocol"):

- reads answer from the mirror at once;
- ``set`` and ``remove`` change the mirror and queue the write; ``take_writes`` hands the queue over;
- the page stops at the first write the browser refuses (quota) and drops every later write of the same
  *epoch*; it then sends the store as it really is, and ``refused`` puts the mirror back to it and starts a
  new epoch, so that nothing written after a refused write (a game after the copy that should have kept
  the one it replaces) ever lands;
- a refusal also teaches the mirror how much the store holds: a later write that would need as much
  raises StorageError at once, as the real store would, so the app's own checks (keep the old game, say
  "storage is full") run where they were written, synchronously;
- another tab's writes arrive as ``changed`` (the page's ``storage`` event), so the app's
  compare-before-write check still sees them.

Sizes count characters (UTF-16 code units, as browsers count their quota) of keys and values.
"""

from __future__ import annotations

from typing import Any

from dicehall.app.storage import StorageError

Write = tuple[str, "str | None"]  # (key, new value), None: removed


class MirrorStorage:
    def __init__(
        self, items: dict[str, str], available: bool = True, writable: bool = True, used: int | None = None
    ) -> None:
        self.items: dict[str, str] = dict(items)
        self.available = available  # False: storage is disabled (reads give nothing, writes raise)
        self.writable = writable  # False: readable but refusing even a probe write (full)
        self.used = used if used is not None else _size(self.items)  # the whole store, other keys included
        self.limit: int | None = None  # learnt from a refusal: a store needing this much is refused
        self.epoch = 0
        self._writes: list[Write] = []

    # --- the Storage protocol ------------------------------------------------------------------
    def get(self, key: str) -> str | None:
        return self.items.get(key) if self.available else None

    def set(self, key: str, value: str) -> None:
        if not self.available:
            raise StorageError("storage is disabled")
        if not self.writable:  # readable, but refusing even the page's probe write: a full store
            raise StorageError("storage is full (QuotaExceededError)")
        old = self.items.get(key)
        used = self.used - _entry(key, old) + _entry(key, value)
        if self.limit is not None and used >= self.limit and len(value) > len(old or ""):
            raise StorageError("storage is full (QuotaExceededError)")
        self.items[key] = value
        self.used = used
        self._queue(key, value)

    def remove(self, key: str) -> None:
        if not self.available or key not in self.items:
            return
        self.used -= _entry(key, self.items.pop(key))
        if self.writable:
            self._queue(key, None)

    def keys(self) -> list[str]:
        return list(self.items) if self.available else []

    def _queue(self, key: str, value: str | None) -> None:
        """A write for the page. One that follows a write of the same key replaces it: a game played at
        full speed writes its save at every step, and only the last of a run reaches the store. Writes
        to other keys in between keep their order."""
        if self._writes and self._writes[-1][0] == key:
            self._writes[-1] = (key, value)
        else:
            self._writes.append((key, value))

    # --- the page's side -----------------------------------------------------------------------
    def take_writes(self) -> list[Write]:
        writes, self._writes = self._writes, []
        return writes

    def refused(self, epoch: int, items: dict[str, str], used: int, needed: int) -> bool:
        """The page refused a write of ``epoch`` that would have brought the store to ``needed``
        characters; ``items`` and ``used`` are the store as it is now. False if that epoch is already over
        (the mirror was put back since)."""
        if epoch != self.epoch:
            return False
        self.epoch += 1
        self._writes.clear()  # written on top of the refused one: the page drops them too
        self.items, self.used = dict(items), used
        self.limit = needed if self.limit is None else min(self.limit, needed)
        return True

    def changed(self, key: str, value: str | None) -> None:
        """Another tab wrote ``key`` (None: removed it)."""
        old = self.items.pop(key, None)
        self.used -= _entry(key, old)
        if value is not None:
            self.items[key] = value
            self.used += _entry(key, value)

    def reset(self, items: dict[str, str], used: int) -> None:
        """Start again from the store as it is (this tab took over from another one)."""
        self.items, self.used = dict(items), used
        self._writes.clear()
        self.epoch += 1


def _entry(key: str, value: str | None) -> int:
    return 0 if value is None else len(key) + _units(value)


def _units(text: str) -> int:
    """UTF-16 code units: what a browser's quota counts (a character beyond U+FFFF counts twice)."""
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF) if not text.isascii() else len(text)


def _size(items: dict[str, Any]) -> int:
    return sum(_entry(k, v) for k, v in items.items())
