"""Key-value storage behind the app (the browser's localStorage, or memory in tests).

Storage may be full or disabled: ``set`` raises StorageError then, and the app says so and goes on.
"""

from __future__ import annotations

from typing import Protocol


class StorageError(Exception):
    """Writing failed: storage full (quota) or disabled by the browser."""


class Storage(Protocol):
    available: bool

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStorage:
    """A dict with the failure modes of the real thing, for tests: a byte quota, or disabled."""

    def __init__(self, items: dict[str, str] | None = None, quota: int | None = None, disabled: bool = False):
        self.items: dict[str, str] = dict(items or {})
        self.quota = quota
        self.available = not disabled

    def get(self, key: str) -> str | None:
        return self.items.get(key) if self.available else None

    def set(self, key: str, value: str) -> None:
        if not self.available:
            raise StorageError("storage is disabled")
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageError("storage is full")
        self.items[key] = value

    def remove(self, key: str) -> None:
        if self.available:
            self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items) if self.available else []
