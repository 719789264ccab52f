"""The boundary with the browser: JSON strings in, JSON strings out, one call per frame.

Python runs in a Web Worker (web/worker.js); the page (web/host.js) paints, takes input, holds
localStorage and answers the page API's synchronous members from the values sent here. ``start`` is
called once Pyodide has loaded the package; the returned object's methods are what worker.js calls, and
``tick``/``sync`` give, with each frame or page-API answer, everything the page keeps: the storage writes
to apply and the page-API values that changed (see docs/page-api.md, "Host protocol").

Every page-API member answers ``{"error": one line}`` rather than raising: an embedding site or a test
gets a message it can show, never a Python traceback. The traceback of an unexpected error still goes
to the console (stderr) for us.
"""

from __future__ import annotations

import json
import math
import sys
import traceback
from collections.abc import Callable
from typing import Any

from dicehall.app.app import App, dumps
from dicehall.app.storage import Storage
from dicehall.core import limits
from dicehall.web.storage import MirrorStorage

MAX_ARGUMENT_CHARS = limits.MAX_DOCUMENT_CHARS


class Bridge:
    def __init__(self, storage: Storage, config: dict[str, Any]) -> None:
        self.storage, self.config = storage, config
        self.app = App(storage, config)
        self._seen: tuple[Any, ...] = ()  # what the page-API values were last computed from
        self._seen_lang: str | None = None

    def frame(self, t_ms: float) -> str:
        return dumps(self.app.frame(float(t_ms)))

    def tick(self, t_ms: float, advance: bool = True) -> str:
        """One frame, and with it what the page keeps: ``{"out": frame output, "writes": [[key, value or
        null], ...], "epoch": n, "api": {member: value}}`` (``api``: only the members that changed).
        ``advance`` False while a page-API call plays the game (App.frame)."""
        return dumps({"out": self.app.frame(float(t_ms), bool(advance)), **self._sync()})

    def sync(self) -> str:
        """What the page keeps, without a frame: sent with each page-API answer, so that a resolved
        ``play()`` is followed by a ``state()`` that shows it."""
        return dumps(self._sync())

    def _sync(self) -> dict[str, Any]:
        sync: dict[str, Any] = {}
        take = getattr(self.storage, "take_writes", None)
        if take is not None:
            sync["writes"] = take()
            sync["epoch"] = self.storage.epoch  # type: ignore[attr-defined]
        api = self._changed_api()
        if api:
            sync["api"] = api
        return sync

    def _changed_api(self) -> dict[str, Any]:
        """The synchronous page-API members whose values may have changed since last sent, each as its JSON
        text: the page keeps the text and parses it only when a member is called (a long game's save is
        large, and most frames nobody asks). States are immutable, so holding the last one and comparing
        by identity tells exactly when the game moved."""
        app, shell, api = self.app, self.app.shell, {}
        session = app.session
        viewer = app.replay.viewer
        seen = (
            shell.screen,
            session,
            session.state if session is not None else None,
            app.form.game if app.form is not None else None,
            shell.guest,
            shell.lang,
            viewer,
            viewer.state if viewer is not None else None,
        )
        if len(seen) != len(self._seen) or any(a is not b for a, b in zip(seen, self._seen)):
            self._seen = seen
            api["state"] = _answer(app.api.state)
            api["save"] = _answer(app.api.save)
            api["log"] = _answer_text(app.api.log_json)
            api["packed"] = _packed(api["save"])
        if shell.lang != self._seen_lang:
            self._seen_lang = shell.lang
            api["games"] = _answer(app.api.games)
        return api

    def side_open(self) -> int:
        """The ply at which a human seat may play a side action now (a Charidice claim during another
        seat's turn), or -1. While the page API plays the computers at full speed, the worker stops at each
        such ply until the page has seen it, so that a page-API caller can take it."""
        session = self.app.session
        if session is None or self.app.shell.screen != "game" or not session.human_side_actions():
            return -1
        return int(session.match.ply)

    def storage_refused(self, report_json: str) -> None:
        """The page refused a write: ``{"epoch", "key", "reason", "dropped": [keys], "items": {the
        store's dicehall keys as they are}, "used", "needed"}`` (see MirrorStorage.refused)."""
        report = json.loads(report_json)
        items = report.get("items") if isinstance(report, dict) else None
        if not isinstance(items, dict) or not all(isinstance(v, str) for v in items.values()):
            print("dicehall: a storage report that breaks the host protocol was ignored", file=sys.stderr)
            return
        storage = self.storage
        if isinstance(storage, MirrorStorage) and storage.refused(
            int(report["epoch"]), report["items"], int(report["used"]), int(report["needed"])
        ):
            self.app.shell.storage_refused(
                str(report["key"]), str(report["reason"])[:200], [str(k) for k in report.get("dropped", [])]
            )

    def storage_changed(self, key: str, value: Any) -> None:
        """Another tab wrote ``key`` (``value`` None: removed)."""
        if isinstance(self.storage, MirrorStorage):
            self.storage.changed(str(key), value if isinstance(value, str) else None)
            self.app.game.storage_changed(str(key))

    def input(self, event_json: str) -> str:
        event = _loads(event_json)
        if not _well_formed_event(event):  # other code of the page, or a bug: refused quietly (stderr says so)
            print("dicehall: an input event that breaks the host protocol was ignored", file=sys.stderr)
            return ""
        return "1" if self.app.input(event) else ""

    def resize(self, width: float, height: float, dpr: float = 1.0) -> None:
        self.app.resize(width, height)

    def take_over(self, store_json: str | None = None) -> None:
        """This tab now owns the storage (host.js took the lock): start again from what is stored, as on
        a fresh visit, so the game another tab left is the one shown. ``store_json``: the store as it is
        now, ``{"items": {...}, "used": n}``, for the worker's mirror of it."""
        if store_json is not None and isinstance(self.storage, MirrorStorage):
            store = json.loads(store_json)
            items = store.get("items") if isinstance(store, dict) else None
            if not isinstance(items, dict) or not all(isinstance(v, str) for v in items.values()):
                print("dicehall: a store that breaks the host protocol was ignored", file=sys.stderr)
                return
            self.storage.reset(items, int(store["used"]))
        params = {k: v for k, v in (self.config.get("params") or {}).items() if k != "game"}
        config = {
            **self.config,
            "owner": True,
            "params": params,
            "width": self.app.shell.width,
            "height": self.app.shell.height,
        }
        self.app = App(self.storage, config)

    def api_games(self) -> str:
        return _answer(self.app.api.games)

    def api_new_game(self, game_id: str, options_json: str) -> str:
        options = _loads(options_json)
        if isinstance(options, _Refused):
            return dumps({"error": f"options: {options.reason}"})
        return _answer(lambda: self.app.api.new_game(str(game_id)[:100], options))

    def api_state(self) -> str:
        return _answer(self.app.api.state)

    def api_play(self, action_json: str) -> str:
        action = _loads(action_json)
        if isinstance(action, _Refused):
            return dumps({"error": f"action: {action.reason}"})
        return _answer(lambda: self.app.api.play(action))

    def api_speed(self, value_json: str) -> str:
        value = _loads(value_json)
        if isinstance(value, _Refused):
            return dumps({"error": f"speed: {value.reason}"})
        return _answer(lambda: self.app.api.speed(value))

    def api_hint(self) -> str:
        """``hint()``: ``{"ok": true, "action": the expert's action for the human to move, or null}``."""
        return _answer(lambda: {"ok": True, "action": self.app.api.hint()})

    def api_hint_think(self, seconds: float) -> bool:
        """A slice of the expert's thinking for ``hint()``: True while it is not done (the worker yields
        between slices, so frames and input go on)."""
        return bool(self.app.hints.api_think(float(seconds)))

    def api_busy(self) -> bool:
        return self.app.api.busy()

    def api_advance(self, seconds: float) -> str:
        """Full speed for about ``seconds``: "" or the one line a failed step gives (the call is rejected with it)."""
        return self.app.api.advance(float(seconds))

    def api_save(self) -> str:
        return _answer(self.app.api.save)

    def api_log(self) -> str:
        return _answer(self.app.api.log)

    def api_load(self, save_json: str) -> str:
        if not isinstance(save_json, str):
            return dumps({"error": "the save is refused: it is not JSON text"})
        return _answer(lambda: self.app.api.load_text(save_json))  # (measured and read by save.loads)

    def api_rematch(self) -> str:
        return _answer(self.app.api.rematch)

    def api_replay(self, save_json: str) -> str:
        data = _loads(save_json)
        if isinstance(data, _Refused):
            return dumps({"error": f"the save is refused: {data.reason}"})
        return _answer(lambda: self.app.api.replay(data))

    def api_replay_to(self, ply_json: str) -> str:
        ply = _loads(ply_json)
        if isinstance(ply, _Refused):
            return dumps({"error": f"ply: {ply.reason}"})
        return _answer(lambda: self.app.api.replay_to(ply))

    def open_file(self, name: str, text: Any, size: int = 0) -> str:
        """A save file the player chose or dropped on the page (``text`` None: too large to be read); it
        is measured and loaded as ``load(save)``, or refused with a notice. ``"1"`` if it was opened."""
        opened = self.app.api.open_file(str(name), text if isinstance(text, str) else None, int(size or 0))
        return "1" if opened else ""


_NUMBER = (int, float)
_EVENT_FIELDS: dict[str, tuple[type, ...]] = {  # the input events' fields (docs/page-api.md, "Host protocol")
    "type": (str,),
    "x": _NUMBER,
    "y": _NUMBER,
    "dy": _NUMBER,
    "button": (int,),
    "id": (int,),
    "key": (str,),
    "code": (str,),
    "pointer": (str,),
    "ctrl": (bool,),
    "shift": (bool,),
    "alt": (bool,),
    "meta": (bool,),
    "cmd": (str,),
    "hash": (str,),
    "state": (str,),
    "index": (int,),
}


def _well_formed_event(event: Any) -> bool:
    """An input event as host.js sends it: an object whose known fields have their types (``arg`` is any JSON)."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        return False
    for key, value in event.items():
        kinds = _EVENT_FIELDS.get(key)
        if kinds is None:
            continue
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            return False
        if isinstance(value, float) and not math.isfinite(value):
            return False
    return True


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


def _packed(save_text: str) -> str:
    """The page API's ``packed`` (the game as a link carries it, from which the page makes ``link(kind)``), made
    from the text of ``save`` itself: the save is written once per change, not twice. ``null`` without a game."""
    if save_text == "null" or save_text.startswith('{"error"'):
        return save_text
    from dicehall.core import packed  # (zlib, base64): not at start-up, where the hub has no game

    return _answer(lambda: packed.pack_text(save_text))


def _answer_text(call: Callable[[], str]) -> str:
    """``call()``, JSON text already; an unexpected error becomes ``{"error": one line}`` as in ``_answer``."""
    try:
        return call()
    except Exception as error:  # noqa: BLE001 - the page API never throws a Python traceback at a caller
        traceback.print_exc(file=sys.stderr)
        line = " ".join(f"{type(error).__name__}: {error}".split())[:200]
        return dumps({"error": f"internal error ({line})"})


def start(config_json: str, store_json: str) -> Bridge:
    """The app in the worker. ``store_json``: the page's localStorage as the page read it at start,
    ``{"available": bool, "writable": bool, "items": {dicehall keys}, "used": characters in the store}``."""
    config = json.loads(config_json)
    store = json.loads(store_json)
    storage = MirrorStorage(
        store.get("items") or {}, bool(store.get("available")), bool(store.get("writable")), int(store.get("used") or 0)
    )
    return Bridge(storage, config)
