"""localStorage behind the app's Storage protocol. Any failure (quota, disabled, private mode) is
turned into StorageError or an unavailable store; it never takes the page down."""

from __future__ import annotations

from typing import Any

from dicehall.app.storage import StorageError


class BrowserStorage:
    def __init__(self, window: Any) -> None:
        try:
            self._ls = window.localStorage
            probe = "dicehall:probe"
            self._ls.setItem(probe, "1")
            self._ls.removeItem(probe)
            self.available = True
        except Exception:  # SecurityError when storage is disabled, or a full store refusing even a probe
            self._ls = None
            self.available = self._readable(window)

    @staticmethod
    def _readable(window: Any) -> bool:
        try:
            window.localStorage.getItem("dicehall:probe")
        except Exception:
            return False
        return True

    def _store(self) -> Any:
        if self._ls is None:
            raise StorageError("storage is disabled")
        return self._ls

    def get(self, key: str) -> str | None:
        try:
            value = self._store().getItem(key)
        except Exception:
            return None
        # localStorage answers a string or null; Pyodide may hand null over as ``jsnull``, not None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            self._store().setItem(key, value)
        except StorageError:
            raise
        except Exception as error:  # QuotaExceededError
            raise StorageError(f"storage is full ({getattr(error, 'name', error)})") from None

    def remove(self, key: str) -> None:
        try:
            self._store().removeItem(key)
        except Exception:
            pass

    def keys(self) -> list[str]:
        try:
            store = self._store()
            return [str(store.key(i)) for i in range(int(store.length))]
        except Exception:
            return []
