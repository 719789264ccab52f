"""The move log (app/move_log.py and each game's log_lines): a seeded game of each game, played by computers
through the shell, has a line for every decision and every dice outcome (dice thrown together share one
line, starting at the first of them), in each language and in that language only; the lines are the same
after a reload and after an undo; the panel shows the newest line, groups under headings and leaves the
oldest out behind "show earlier"; the drawer opens and closes; ``log()`` is None without a game."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dicehall.app.app import App
from dicehall.app.move_log import FIRST_LINES, MoveLog
from dicehall.app.session import Session
from dicehall.app.storage import MemoryStorage
from dicehall.core import save as save_format
from dicehall.core.match import CHANCE

from test_languages import foreign  # tests/app is on the path (rootdir conftest, prepend mode)

SEATS = {"indecix": 2, "charidice": 3, "roudalon": 4, "marchands": 3, "paradice": 4}
OPTIONS = {"paradice": {"round_limit": 25}, "marchands": {"round_limit": 20}, "roudalon": {"parties": 2}}


def app_with_game(
    game_id: str, lang: str = "fr", seed: str = "log-1", human: bool = False, options: dict | None = None
) -> App:
    app = App(MemoryStorage(), {"lang": lang, "params": {}, "width": 1280, "height": 760, "embedded": False})
    names = ("Ana", "Ben", "Cleo", "Dan", "Eli", "Flo")  # names are names: the same in both languages
    seats = [{"kind": "ai", "level": "easy", "name": names[s]} for s in range(SEATS[game_id])]
    if human:
        seats[0] = {"kind": "human", "name": "Ana"}
    assert app.api.new_game(
        game_id, {"seats": seats, "seed": seed, **(OPTIONS.get(game_id, {}) if options is None else options)}
    ) == {"ok": True}
    return app


def finish(app: App) -> None:
    for _ in range(200_000):
        if not app.api.busy():
            break
        app.api.advance(1.0)
    assert app.session.over


def covered(log: list, lines: list[tuple[int, object, str]]) -> list[int]:
    """The log entries with no line: a decision needs a line at its own ply; a dice outcome a line at its
    ply or at an earlier one of the same run of dice outcomes."""
    starts = {ply for ply, _, _ in lines}
    missing = []
    for i, entry in enumerate(log):
        if i in starts:
            continue
        j = i
        while entry.by == CHANCE and j > 0 and log[j - 1].by == CHANCE and j not in starts:
            j -= 1
        if entry.by != CHANCE or j not in starts:
            missing.append(i)
    return missing


@pytest.mark.parametrize("game_id", list(SEATS))
def test_every_decision_and_dice_outcome_has_a_line_in_each_language(game_id):
    app = app_with_game(game_id)
    finish(app)
    log = app.session.match.log
    for lang in ("fr", "en"):
        app.command("lang", lang)
        lines = [(line["ply"], line["by"], line["text"]) for line in app.api.log()]
        assert covered(log, lines) == []
        assert [ply for ply, _, _ in lines] == sorted(ply for ply, _, _ in lines)  # oldest first
        assert all(by == log[ply].by for ply, by, _ in lines)
        assert all(text and text == text.strip() for _, _, text in lines)
        assert sorted({text for _, _, text in lines if foreign(text, lang)}) == []
        headings = {app.move_log().heading(lang, ply) for ply, _, _ in lines}
        assert sorted(h for h in headings if foreign(h, lang)) == []
        assert len(headings) > 1
    assert len(lines) >= sum(1 for entry in log if entry.by != CHANCE)


@pytest.mark.parametrize("game_id", list(SEATS))
def test_the_lines_are_the_same_after_a_reload(game_id):
    app = app_with_game(game_id, seed="log-2")
    for _ in range(400):  # a game under way
        if not app.api.busy():
            break
        app.api.advance(1.0)
    before = app.api.log()
    saved = save_format.from_json(app.api.save())
    fresh = App(MemoryStorage(), {"lang": "fr", "params": {}, "width": 1280, "height": 760})
    assert fresh.api.load(app.api.save()) == {"ok": True}
    assert fresh.api.log() == before
    assert MoveLog(Session.from_saved(saved)).lines("fr") == [(x["ply"], x["by"], x["text"]) for x in before]


def test_an_undo_drops_its_lines_and_a_new_line_of_play_is_described_afresh():
    app = app_with_game("indecix", human=True, seed="log-undo")
    for _ in range(6):
        finish_turns(app)
        assert app.api.play(app.api.state()["legal"][0]) == {"ok": True}
    finish_turns(app)
    told = app.api.log()
    assert app.session.undo()
    undone = app.api.log()
    assert undone == told[: len(undone)] and len(undone) < len(told)
    assert app.api.play(app.api.state()["legal"][-1]) == {"ok": True}
    finish_turns(app)
    fresh = MoveLog(app.session).lines("fr")
    assert app.api.log() == [{"ply": p, "by": b, "text": t} for p, b, t in fresh]


def finish_turns(app: App) -> None:
    while app.api.busy():
        app.api.advance(1.0)


def test_the_panel_shows_the_newest_line_under_its_heading_and_the_drawer_opens_and_closes():
    app = app_with_game("paradice", lang="en", seed="log-panel")
    finish(app)
    out = app.frame(16)
    dom = out["dom"]
    lines = app.api.log()
    assert 'id="move-log"' in dom and 'id="move-log-toggle"' in dom
    newest = lines[-1]["text"].replace("“", "&ldquo;")
    assert lines[-1]["text"].split("“")[0].strip() in dom
    assert dom.count("<li ") <= FIRST_LINES + 60 < len(lines)  # the oldest behind "show earlier"
    assert 'id="move-log-more"' in dom
    heading = app.move_log().heading("en", lines[-1]["ply"])
    assert f"<h3>{heading}</h3>" in dom
    assert 'class="move-log open"' not in dom and newest
    app.input({"type": "cmd", "cmd": "log", "arg": "toggle"})
    assert 'class="move-log open"' in app.frame(32)["dom"]
    app.input({"type": "key", "key": "Escape"})
    assert 'class="move-log open"' not in app.frame(48)["dom"]
    app.input({"type": "cmd", "cmd": "log", "arg": "toggle"})
    app.input({"type": "cmd", "cmd": "log", "arg": "close"})
    assert 'class="move-log open"' not in app.frame(64)["dom"]
    shown = (
        app.frame(
            80,
        )
        or {}
    )
    app.input({"type": "cmd", "cmd": "log-more"})
    assert app.frame(96)["dom"].count("<li ") > dom.count("<li ") and not shown.get("dom")


def test_no_log_without_a_game_and_none_of_it_at_the_hubs_start():
    app = App(MemoryStorage(), {"lang": "fr", "params": {}, "width": 1280, "height": 760})
    assert app.api.log() is None
    code = (
        "import sys; from dicehall.app.app import App; from dicehall.app.storage import MemoryStorage; "
        "App(MemoryStorage(), {'lang': 'fr', 'params': {}}).frame(0); "
        "print(sorted(m for m in sys.modules if 'log_lines' in m or m.endswith('move_log')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_a_long_paradice_log_is_computed_once(monkeypatch):
    """Each entry is described once per language: asking again describes nothing (its speed is measured in
    bench/, never asserted here)."""
    from dicehall.app import move_log

    app = app_with_game("paradice", seed="log-long", options={})  # to the last player standing
    finish(app)
    described = []
    real = move_log.entry_lines
    monkeypatch.setattr(move_log, "entry_lines", lambda *args: described.append(args[-1]) or real(*args))
    log = MoveLog(app.session)
    lines = log.lines("fr")
    assert len(lines) > 500
    assert described == list(range(app.session.match.ply))  # every entry, once
    assert log.lines("fr") == lines and len(described) == app.session.match.ply  # none again


def test_the_page_apis_json_text_is_the_log_and_follows_an_undo():
    import json

    app = app_with_game("charidice", human=True, seed="log-json")
    for _ in range(5):
        finish_turns(app)
        assert app.api.play(app.api.state()["legal"][0]) == {"ok": True}
    finish_turns(app)
    assert json.loads(app.api.log_json()) == app.api.log()
    assert app.session.undo()
    assert json.loads(app.api.log_json()) == app.api.log()
    assert App(MemoryStorage(), {"lang": "fr", "params": {}}).api.log_json() == "null"


def test_a_die_being_stopped_is_not_told_in_the_panel_before_it_shows():
    app = App(MemoryStorage(), {"lang": "en", "params": {}, "width": 1280, "height": 760})
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "ai", "level": "easy", "name": "Ben"}]
    assert app.api.new_game("indecix", {"seats": seats, "seed": "log-spin"}) == {"ok": True}
    app.pace.set_fast(False)  # noqa: SLF001 - the pace of a player, not of the page API
    clock = 0.0
    for _ in range(2000):  # the frames roll Ana's die; it spins until she stops it
        clock += 16
        out = app.frame(clock)
        if app.scene.spin is not None and app.scene.spin.human:
            break
    rolled = app.api.log()[-1]
    assert rolled["by"] == "chance" and "Ana" in rolled["text"]  # log() has it at once...
    out = app.frame(clock + 16)
    dom = out.get("dom") or app.render_dom()
    assert rolled["text"] not in dom  # ...the panel once the die shows
    app.scene.stop_spin() if hasattr(app.scene, "stop_spin") else app.input({"type": "key", "key": " "})
    for _ in range(200):
        clock += 16
        app.frame(clock)
    assert rolled["text"] in app.render_dom()
