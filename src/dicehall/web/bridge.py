"""The boundary with web/host.js: JSON strings in, JSON strings out, one call per frame.

``start(config_json)`` is called once Pyodide has loaded the package; the returned object's methods
are what host.js calls (see docs/page-api.md).

Every page-API member answers ``{"error": one line}`` rather than raising: an embedding site or a test
gets a message it can show, never a Python traceback. The traceback of an unexpected error still goes
to the console (stderr) for us.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from typing import Any

from dicehall.app.app import App, dumps
from dicehall.app.storage import Storage
from dicehall.core import limits

MAX_ARGUMENT_CHARS = limits.MAX_DOCUMENT_CHARS


class Bridge:
    def __init__(self, storage: Storage, config: dict[str, Any]) -> None:
        self.storage, self.config = storage, config
        self.app = App(storage, config)

    def frame(self, t_ms: float) -> str:
        return dumps(self.app.frame(float(t_ms)))

    def input(self, event_json: str) -> str:
        event = _loads(event_json)
        return "1" if isinstance(event, dict) and self.app.input(event) else ""

    def resize(self, width: float, height: float, dpr: float = 1.0) -> None:
        self.app.resize(width, height)

    def take_over(self) -> None:
        """This tab now owns the storage (host.js took the lock): start again from what is stored, as on
        a fresh visit, so the game another tab left is the one shown."""
        params = {k: v for k, v in (self.config.get("params") or {}).items() if k != "game"}
        config = {**self.config, "owner": True, "params": params, "width": self.app.width,
                  "height": self.app.height}
        self.app = App(self.storage, config)

    def api_games(self) -> str:
        return _answer(self.app.api_games)

    def api_new_game(self, game_id: str, options_json: str) -> str:
        options = _loads(options_json)
        if isinstance(options, _Refused):
            return dumps({"error": f"options: {options.reason}"})
        return _answer(lambda: self.app.api_new_game(str(game_id)[:100], options))

    def api_state(self) -> str:
        return _answer(self.app.api_state)

    def api_play(self, action_json: str) -> str:
        action = _loads(action_json)
        if isinstance(action, _Refused):
            return dumps({"error": f"action: {action.reason}"})
        return _answer(lambda: self.app.api_play(action))

    def api_busy(self) -> bool:
        return self.app.api_busy()

    def api_advance(self, seconds: float) -> None:
        self.app.api_advance(float(seconds))

    def api_save(self) -> str:
        return _answer(self.app.api_save)

    def api_load(self, save_json: str) -> str:
        data = _loads(save_json)
        if isinstance(data, _Refused):
            return dumps({"error": f"the save is refused: {data.reason}"})
        return _answer(lambda: self.app.api_load(data))


class _Refused:
    """An argument from the page that is not a JSON document within the limits."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def _loads(text: Any) -> Any:
    """A JSON argument from the page, measured before it is parsed (depth, size). ``None`` for the host's
    ``"null"`` (an undefined argument); a _Refused for anything else that cannot be read."""
    if not isinstance(text, str):
        return _Refused("it is not JSON text")
    try:
        return limits.loads(text, "it", MAX_ARGUMENT_CHARS)
    except limits.DocumentLimitError as error:
        return _Refused(str(error))
    except (ValueError, RecursionError):
        return _Refused("it is not valid JSON")


def _answer(call: Callable[[], Any]) -> str:
    """The JSON of ``call()``; an unexpected error becomes ``{"error": one line}`` (traceback to stderr)."""
    try:
        return dumps(call())
    except Exception as error:  # noqa: BLE001 - the page API never throws a Python traceback at a caller
        traceback.print_exc(file=sys.stderr)
        line = " ".join(f"{type(error).__name__}: {error}".split())[:200]
        return dumps({"error": f"internal error ({line})"})


def start(config_json: str) -> Bridge:
    import js  # the browser's global scope: only here

    from dicehall.web.storage import BrowserStorage

    config = json.loads(config_json)
    return Bridge(BrowserStorage(js), config)
