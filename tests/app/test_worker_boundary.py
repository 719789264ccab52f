"""The worker boundary (dicehall.web.bridge + web/storage.py): what the page keeps arrives with each frame
and answer, and a write the browser refuses after the fact never lets a later write land on top of it.

``Page`` below does what web/host.js does with the worker's messages: apply the writes in order, stop at
the first refusal, drop the rest of that epoch and report the store as it is.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from dicehall.core import packed
from dicehall.app.persistence import CURRENT, PREVIOUS
from dicehall.app.storage import StorageError
from dicehall.web.bridge import Bridge, start
from dicehall.web.storage import MirrorStorage


def config() -> dict[str, Any]:
    return {"lang": "en", "params": {}, "width": 900, "height": 640, "embedded": False}


class Page:
    """localStorage on the page's side, with a quota in characters, applying the worker's writes."""

    def __init__(self, quota: int | None = None, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.quota = quota
        self.refused_epoch = -1
        self.reports: list[dict[str, Any]] = []

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.items.items())

    def store(self) -> str:
        return json.dumps({"available": True, "writable": True, "items": self.items, "used": self.used()})

    def keep(self, bridge: Bridge, sync: dict[str, Any]) -> None:
        epoch, writes = sync.get("epoch", 0), sync.get("writes", [])
        if epoch <= self.refused_epoch:
            return
        for i, (key, value) in enumerate(writes):
            if value is None:
                self.items.pop(key, None)
                continue
            old = self.items.get(key)
            needed = self.used() - (0 if old is None else len(key) + len(old)) + len(key) + len(value)
            if self.quota is not None and needed > self.quota:
                self.refused_epoch = epoch
                report = {
                    "epoch": epoch,
                    "key": key,
                    "reason": "storage is full (QuotaExceededError)",
                    "dropped": [w[0] for w in writes[i:]],
                    "items": dict(self.items),
                    "used": self.used(),
                    "needed": needed,
                }
                self.reports.append(report)
                bridge.storage_refused(json.dumps(report))
                return
            self.items[key] = value

    def tick(self, bridge: Bridge) -> dict[str, Any]:
        result = json.loads(bridge.tick(0))
        self.keep(bridge, result)
        return result

    def call(self, bridge: Bridge, answer: str) -> dict[str, Any]:
        """A page-API call's answer, then the worker playing the computer turns, then what it sends."""
        while bridge.api_busy():
            bridge.api_advance(1.0)
        self.keep(bridge, json.loads(bridge.sync()))
        return json.loads(answer)


def boot(page: Page) -> Bridge:
    bridge = start(json.dumps(config()), page.store())
    page.tick(bridge)
    return bridge


def test_the_first_frame_brings_every_page_api_value_and_the_settings_written():
    page = Page()
    bridge = start(json.dumps(config()), page.store())
    first = page.tick(bridge)
    api = {member: json.loads(text) for member, text in first["api"].items()}  # each value as JSON text
    assert set(api) == {"state", "save", "log", "games", "packed"}
    assert api["state"]["screen"] == "hub" and api["save"] is None and api["log"] is None
    assert [g["id"] for g in api["games"]][:2] == ["paradice", "indecix"]
    assert "api" not in page.tick(bridge)  # nothing changed: nothing sent again


def test_a_resolved_play_is_followed_by_its_state_and_save():
    page = Page()
    bridge = boot(page)
    assert page.call(bridge, bridge.api_new_game("indecix", json.dumps({"seed": "w"}))) == {"ok": True}
    state = json.loads(bridge.api_state())
    action = state["legal"][0]
    sent = json.loads(bridge.sync())  # what came with the answer to newGame already
    assert "api" not in sent
    bridge.api_play(json.dumps(action))
    while bridge.api_busy():
        bridge.api_advance(1.0)
    sent = json.loads(bridge.sync())
    assert json.loads(sent["api"]["state"]) == json.loads(bridge.api_state())
    assert json.loads(sent["api"]["save"])["log"][-1] == json.loads(bridge.api_save())["log"][-1]
    # the game as link(kind) carries it comes with it, packed from that same save
    assert packed.unpack(json.loads(sent["api"]["packed"])) == json.loads(sent["api"]["save"])
    page.keep(bridge, sent)
    assert json.loads(page.items[CURRENT]) == json.loads(sent["api"]["save"])


def test_writes_reach_the_page_in_order_and_match_the_mirror():
    page = Page()
    bridge = boot(page)
    page.call(bridge, bridge.api_new_game("charidice", json.dumps({"seed": "w"})))
    for _ in range(3):
        page.tick(bridge)
    assert isinstance(bridge.storage, MirrorStorage)
    assert page.items == bridge.storage.items


def test_a_refused_copy_keeps_the_stored_game_and_nothing_lands_on_top_of_it():
    page = Page()
    bridge = boot(page)
    page.call(bridge, bridge.api_new_game("indecix", json.dumps({"seed": "kept"})))
    kept = page.items[CURRENT]
    page.quota = page.used() + 200  # no room for a copy of the stored game
    page.call(bridge, bridge.api_new_game("charidice", json.dumps({"seed": "new"})))
    assert page.reports and page.reports[0]["key"] == PREVIOUS and CURRENT in page.reports[0]["dropped"]
    assert page.items[CURRENT] == kept and PREVIOUS not in page.items
    for _ in range(3):  # the new game goes on, unsaved: never over the kept one
        state = json.loads(bridge.api_state())
        if state["legal"]:
            page.call(bridge, bridge.api_play(json.dumps(state["legal"][0])))
        page.tick(bridge)
    assert page.items[CURRENT] == kept
    assert "previous_not_kept" in [p.what for p in bridge.app.shell.persist.problems]


def test_a_refused_move_says_storage_is_full_once_and_later_writes_that_fit_still_land():
    page = Page()
    bridge = boot(page)
    page.call(bridge, bridge.api_new_game("indecix", json.dumps({"seed": "full"})))
    page.quota = page.used() + 5  # the next, longer save does not fit
    state = json.loads(bridge.api_state())
    page.call(bridge, bridge.api_play(json.dumps(state["legal"][0])))
    assert page.reports
    problems = [p.what for p in bridge.app.shell.persist.problems]
    assert problems.count("storage_full") == 1
    assert "storage is full" in bridge.app.render_dom().lower()
    assert bridge.storage.items == page.items  # the mirror was put back as the store is
    page.quota = None  # space freed elsewhere: a settings write (smaller than the limit learnt) lands
    bridge.storage.set("dicehall:test", "x")
    page.tick(bridge)
    assert page.items["dicehall:test"] == "x"


def test_the_mirror_learns_the_limit_and_refuses_at_once_as_the_store_would():
    mirror = MirrorStorage({"dicehall:a": "x" * 10})
    assert mirror.refused(0, {"dicehall:a": "x" * 10}, used=100, needed=150)
    with pytest.raises(StorageError, match="full"):
        mirror.set("dicehall:b", "y" * 60)
    mirror.set("dicehall:a", "")  # shrinking is always allowed
    assert mirror.take_writes() == [("dicehall:a", "")]
    assert not mirror.refused(0, {}, used=0, needed=1)  # an epoch already over is not refused twice


def test_disabled_and_full_stores():
    disabled = MirrorStorage({}, available=False, writable=False)
    assert disabled.get("dicehall:current") is None and disabled.keys() == []
    with pytest.raises(StorageError, match="disabled"):
        disabled.set("dicehall:x", "1")
    full = MirrorStorage({"dicehall:current": "{}"}, available=True, writable=False)
    assert full.get("dicehall:current") == "{}"
    with pytest.raises(StorageError, match="full"):
        full.set("dicehall:x", "1")
    full.remove("dicehall:current")
    assert full.take_writes() == []  # a store refusing writes gets none


def test_another_tabs_write_stops_this_tab_at_once_and_keeps_its_game():
    page = Page()
    bridge = boot(page)
    page.call(bridge, bridge.api_new_game("indecix", json.dumps({"seed": "tabs"})))
    state = json.loads(bridge.api_state())
    page.call(bridge, bridge.api_play(json.dumps(state["legal"][0])))
    mine = json.loads(bridge.api_save())
    page.tick(bridge)  # the page applies this tab's writes
    elsewhere = '{"written": "elsewhere"}'
    page.items[CURRENT] = elsewhere
    bridge.storage_changed(CURRENT, elsewhere)
    assert bridge.app.shell.persist.conflict and bridge.app.shell.guest and bridge.app.shell.dialog == "other-tab-lost"
    page.tick(bridge)
    # The next move is refused before it is shown or taken; nothing is written over the other tab's game,
    # and this tab's game, with every move shown here, is kept as the previous game.
    reply = json.loads(bridge.api_play(json.dumps(json.loads(bridge.api_state())["legal"][0])))
    assert "another tab" in reply["error"]
    page.tick(bridge)
    assert page.items[CURRENT] == elsewhere
    assert json.loads(page.items[PREVIOUS])["log"] == mine["log"]


def test_a_write_of_the_same_text_or_on_the_hub_does_not_stop_the_tab():
    page = Page()
    bridge = boot(page)
    bridge.storage_changed(CURRENT, '{"written": "elsewhere"}')  # no game here: nothing to keep
    assert not bridge.app.shell.guest
    page.call(bridge, bridge.api_new_game("indecix", json.dumps({"seed": "same"})))
    page.tick(bridge)
    bridge.storage_changed(CURRENT, page.items[CURRENT])  # the same text again (a storage event echo)
    assert not bridge.app.shell.guest and not bridge.app.shell.persist.conflict


def test_take_over_starts_again_from_the_store_as_it_is():
    page = Page()
    bridge = boot(page)
    other = Page()
    other_bridge = boot(other)
    other.call(other_bridge, other_bridge.api_new_game("charidice", json.dumps({"seed": "other"})))
    bridge.take_over(json.dumps({"items": other.items, "used": other.used()}))
    assert json.loads(bridge.api_state())["game"] == "charidice"


def test_the_page_keys_follow_the_screen():
    page = Page()
    bridge = boot(page)
    page.call(bridge, bridge.api_new_game("marchands", json.dumps({"seed": "keys"})))
    out = page.tick(bridge)["out"]
    assert out["keys"]["game"] and out["keys"]["wheel"] and "z" in out["keys"]["ctrl"]
    bridge.input(json.dumps({"type": "cmd", "cmd": "hub"}))
    keys = page.tick(bridge)["out"].get("keys")
    assert keys is not None and not keys["game"] and keys["ctrl"] == []


def test_a_run_of_writes_to_one_key_reaches_the_page_as_its_last_value_in_order():
    mirror = MirrorStorage({})
    mirror.set(PREVIOUS, "old game")
    for ply in range(5):
        mirror.set(CURRENT, f"ply {ply}")
    mirror.set("dicehall:settings", "{}")
    mirror.set(CURRENT, "ply 5")
    assert mirror.take_writes() == [
        (PREVIOUS, "old game"),
        (CURRENT, "ply 4"),
        ("dicehall:settings", "{}"),
        (CURRENT, "ply 5"),
    ]


def test_a_step_that_raises_stops_that_game_only_and_the_call_is_told(monkeypatch):
    from dicehall.app.pace import Pace

    monkeypatch.setattr(Pace, "contain_failures", True)  # as in the browser
    page = Page()
    bridge = boot(page)
    seats = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]
    page.call(bridge, bridge.api_new_game("charidice", json.dumps({"seed": "boom", "seats": seats})))
    stored = page.items[CURRENT]

    def broken_dice() -> None:
        raise RuntimeError("the dice broke")

    monkeypatch.setattr(bridge.app.session.match, "roll", broken_dice)
    legal = json.loads(bridge.api_state())["legal"]
    assert json.loads(bridge.api_play(json.dumps(legal[0]))) == {"ok": True}
    failure = ""
    while bridge.api_busy():
        failure = bridge.api_advance(1.0)
    assert failure.startswith("internal error (RuntimeError: the dice broke") and "\n" not in failure
    assert not bridge.api_busy()  # the game is not moved on again: the worker's call loop ends
    page.tick(bridge)  # and a frame neither raises nor tries again
    out = page.tick(bridge)
    assert "cannot go on" in bridge.app.render_dom()
    saved = json.loads(page.items[CURRENT])
    assert saved["log"][: len(json.loads(stored)["log"])] == json.loads(stored)["log"]  # kept up to the failing step
    # The page goes on: a new game plays, and the notice goes with the failed game.
    assert page.call(bridge, bridge.api_new_game("indecix", json.dumps({"seed": "after"}))) == {"ok": True}
    assert "cannot go on" not in bridge.app.render_dom() and out is not None


@pytest.mark.parametrize(
    "event",
    [
        None,
        5,
        [],
        {},
        {"type": 5},
        {"type": "key", "key": 5},
        {"type": "key", "key": "a", "ctrl": "yes"},
        {"type": "pointerdown", "x": "left", "y": 1},
        {"type": "pointerdown", "x": 1, "y": 1, "button": True},
        {"type": "cmd", "cmd": ["new"]},
        {"type": "link", "hash": 7},
    ],
)
def test_an_input_event_that_breaks_the_host_protocol_is_ignored(event):
    page = Page()
    bridge = boot(page)
    page.call(bridge, bridge.api_new_game("indecix", json.dumps({"seed": "events"})))
    before = bridge.api_state()
    assert bridge.input(json.dumps(event)) == ""
    page.tick(bridge)
    assert bridge.api_state() == before


def test_storage_reports_that_break_the_host_protocol_are_ignored():
    page = Page()
    bridge = boot(page)
    page.call(bridge, bridge.api_new_game("indecix", json.dumps({"seed": "reports"})))
    bridge.storage_refused(json.dumps({"epoch": 0, "key": "k", "items": {"a": 1}, "used": 0, "needed": 1}))
    bridge.storage_refused(json.dumps([]))
    bridge.take_over(json.dumps({"items": {CURRENT: 7}, "used": 1}))
    assert json.loads(bridge.api_state())["game"] == "indecix"
