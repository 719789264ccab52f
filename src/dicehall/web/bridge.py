"""The boundary with web/host.js: JSON strings in, JSON strings out, one call per frame.

``start(config_json)`` is called once Pyodide has loaded the package; the returned object's methods
are what host.js calls (see docs/page-api.md).
"""

from __future__ import annotations

import json
from typing import Any

from dicehall.app.app import App, dumps


class Bridge:
    def __init__(self, app: App) -> None:
        self.app = app

    def frame(self, t_ms: float) -> str:
        return dumps(self.app.frame(float(t_ms)))

    def input(self, event_json: str) -> str:
        return "1" if self.app.input(json.loads(event_json)) else ""

    def resize(self, width: float, height: float, dpr: float = 1.0) -> None:
        self.app.resize(width, height)

    def api_games(self) -> str:
        return dumps(self.app.api_games())

    def api_new_game(self, game_id: str, options_json: str) -> str:
        return dumps(self.app.api_new_game(str(game_id), _loads(options_json)))

    def api_state(self) -> str:
        return dumps(self.app.api_state())

    def api_play(self, action_json: str) -> str:
        return dumps(self.app.api_play(_loads(action_json)))

    def api_busy(self) -> bool:
        return self.app.api_busy()

    def api_advance(self, seconds: float) -> None:
        self.app.api_advance(float(seconds))

    def api_save(self) -> str:
        return dumps(self.app.api_save())

    def api_load(self, save_json: str) -> str:
        return dumps(self.app.api_load(_loads(save_json)))


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def start(config_json: str) -> Bridge:
    import js  # the browser's global scope: only here

    from dicehall.web.storage import BrowserStorage

    config = json.loads(config_json)
    return Bridge(App(BrowserStorage(js), config))
