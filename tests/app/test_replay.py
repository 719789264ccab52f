"""The replay viewer (app/replay.py) and the recent games (app/recent.py), under CPython: every game played
to its end, then watched again: stepping forward reaches the same final view as the game; back, first, last
and the slider show the position after that many entries; the viewer never touches the stored game; the
finished game joins the recent games (once), from which it can be watched and downloaded; a damaged entry
is refused with one line and stays listed."""

from __future__ import annotations

import json

import pytest

from dicehall.app import recent
from dicehall.app.persistence import CURRENT
from dicehall.app.storage import MemoryStorage
from dicehall.core import packed
from dicehall.core import save as save_format
from tests.app.test_end_of_game import GAMES, make_app, play_to_end, start


def finished(game, seed="replay"):
    storage = MemoryStorage()
    app = make_app(storage)
    start(app, game, seed)
    play_to_end(app)
    return app, storage


def run_frames(app, seconds, step=1 / 60):
    t = 0.0
    for _ in range(int(seconds / step)):
        t += step * 1000
        app.frame(t)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_viewer_reaches_the_final_view_of_the_game(game):
    app, storage = finished(game)
    final = app.api.state()
    stored = storage.get(CURRENT)
    save = app.api.save()
    assert app.api.replay(save)["ok"]
    state = app.api.state()
    assert state["screen"] == "replay" and state["legal"] == [] and state["replay"]["ply"] == 0
    total = state["replay"]["plies"]
    assert total == len(save["log"])
    for _ in range(total):  # the forward button, one entry at a time, each animated then finished
        app.command("replay-forward", None)
        app.frame(0)
    state = app.api.state()
    assert state["replay"]["ply"] == total and state["view"] == final["view"] and state["over"]
    assert state["scores"] == final["scores"]
    assert storage.get(CURRENT) == stored  # the viewer never writes the stored game
    app.command("replay-close", None)
    assert app.api.state()["screen"] == "game" and app.api.state()["view"] == final["view"]


@pytest.mark.parametrize("game", ["charidice", "roudalon"])
def test_back_first_last_and_the_slider_show_the_position_after_that_many_entries(game):
    app, _ = finished(game)
    save = app.api.save()
    reference = save_format.from_json(save).match
    app.api.replay(save)
    total = reference.ply
    for ply in (total // 2, 1, total, 0, total - 1):
        assert app.api.replay_to(ply) == {"ok": True, "ply": ply}
        assert app.api.state()["view"] == reference.state_at(ply).view()
    app.command("replay-back", None)
    assert app.api.state()["replay"]["ply"] == total - 2
    app.command("replay-last", None)
    assert app.api.state()["replay"]["ply"] == total
    app.command("replay-first", None)
    assert app.api.state()["replay"]["ply"] == 0
    app.command("replay-to", str(total // 3))  # the slider sends its value as text
    assert app.api.state()["view"] == reference.state_at(total // 3).view()
    for bad in (-1, total + 1, "3", 1.5, True, None):
        assert "error" in app.api.replay_to(bad)
    assert app.api.state()["replay"]["ply"] == total // 3


def test_play_steps_through_the_game_at_the_chosen_pace_and_stops_at_the_end():
    app, _ = finished("indecix")
    app.api.speed("instant")
    app.api.replay(app.api.save())
    total = app.api.state()["replay"]["plies"]
    app.command("replay-play", None)
    run_frames(app, 1.0)
    reached = app.api.state()["replay"]["ply"]
    assert 0 < reached
    run_frames(app, total / 30 + 5)
    assert app.api.state()["replay"]["ply"] == total
    assert not app.replay.viewer.playing
    app.command("replay-play", None)  # play at the end: from the start again
    assert app.replay.viewer.playing and app.api.state()["replay"]["ply"] == 0


def test_the_viewer_keys_step_and_close():
    app, _ = finished("charidice")
    app.api.replay(app.api.save())
    for key, ply in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1), ("End", None), ("Home", 0)):
        app.input({"type": "key", "key": key})
        if ply is not None:
            assert app.api.state()["replay"]["ply"] == ply
    app.input({"type": "key", "key": " "})
    assert app.replay.viewer.playing
    app.input({"type": "key", "key": "Escape"})
    assert app.api.state()["screen"] == "game" and app.replay.viewer is None


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_viewer_page_has_its_controls_and_the_move_log_in_step(lang):
    app, _ = finished("charidice")
    app.command("lang", lang)
    app.api.replay(app.api.save())
    app.api.replay_to(10)
    out = app.frame(0)
    dom = out["dom"]
    assert out["canvas"] is True and "draw" in out
    for ident in (
        "replay-close",
        "replay-first",
        "replay-back",
        "replay-play",
        "replay-forward",
        "replay-last",
        "replay-slider",
        "move-log",
    ):
        assert f'id="{ident}"' in dom
    assert ('value="10"' in dom) and ("Revoir" in dom if lang == "fr" else "Replay" in dom)
    shown = [int(p) for p in __import__("re").findall(r'<li data-ply="(\d+)"', dom)]
    assert shown and max(shown) < 10  # the log shows the entries up to the position only


def test_a_finished_game_joins_the_recent_games_once_and_can_be_watched_and_downloaded():
    app, storage = finished("indecix")
    entries = recent.read(storage)
    assert len(entries) == 1 and entries[0]["game"] == "indecix"
    app.command("undo", None)  # finished again after an undo: the same game
    while not app.api.state()["over"]:
        app.api.play(app.api.state()["legal"][0])
        while app.api.busy():
            app.api.advance(1.0)
    assert len(recent.read(storage)) == 1
    app.command("dialog", "stats")
    dom = app.frame(0)["dom"]
    assert 'id="recent-replay-0"' in dom and 'id="recent-download-0"' in dom
    app.command("recent-download", "0")
    download = app.frame(0)["download"]
    assert download["name"].startswith("dicehall-indecix-") and json.loads(download["text"])["game"] == "indecix"
    app.command("recent-replay", "0")
    assert app.api.state()["screen"] == "replay"


def test_the_recent_list_keeps_twenty_and_gives_way_when_the_storage_is_full():
    app, storage = finished("indecix")
    saved = save_format.from_json(app.api.save())
    entry = recent.read(storage)[0]
    games = [dict(entry, seed=str(i)) for i in range(25)]
    storage.set(recent.KEY, json.dumps({"games": games}))
    assert recent.remember(storage, saved, app.session.state, "2026-11-26")
    kept = recent.read(storage)
    assert len(kept) == recent.KEEP and kept[0]["date"] == "2026-11-26"

    small = MemoryStorage(quota=len(storage.get(recent.KEY)) // 3)
    small.set(recent.KEY, json.dumps({"games": games[:5]}))
    assert recent.remember(small, saved, app.session.state, "2026-11-27")
    assert 1 <= len(recent.read(small)) < recent.KEEP and recent.read(small)[0]["date"] == "2026-11-27"


def test_a_damaged_recent_game_is_refused_in_one_line_and_stays_listed():
    app, storage = finished("indecix")
    data = json.loads(storage.get(recent.KEY))
    data["games"][0]["save"] = data["games"][0]["save"][:-12]
    storage.set(recent.KEY, json.dumps(data))
    app.command("recent-replay", "0")
    assert app.api.state()["screen"] == "game"
    assert app.shell.persist.problems and app.shell.persist.problems[-1].what == "file_refused"
    assert len(recent.read(storage)) == 1


def test_packing_round_trips_and_refuses_damage():
    app, _ = finished("charidice")
    save = app.api.save()
    text = packed.pack(save)
    assert len(text) < len(json.dumps(save)) / 5
    assert packed.unpack(text) == save
    for bad, words in (
        (text[:-10], "damaged"),
        ("2." + text[2:], "newer"),
        ("hello", "not a packed"),
        ("1.!!!", "damaged"),
        ("1." + "A" * 40, "damaged"),
        (None, "text"),
    ):
        with pytest.raises(packed.PackedError, match=words):
            packed.unpack(bad)
    bomb = (
        packed.VERSION
        + "."
        + __import__("base64").urlsafe_b64encode(__import__("zlib").compress(b" " * 5_000_000)).decode().rstrip("=")
    )
    with pytest.raises(packed.PackedError, match="too large"):
        packed.unpack(bomb)


def test_replay_refuses_a_bad_save_and_changes_nothing():
    app, storage = finished("indecix")
    before = app.api.state()
    save = app.api.save()
    save["log"][3]["do"] = {"nonsense": 1}
    assert "error" in app.api.replay(save)
    assert app.api.state() == before and app.replay.viewer is None
    assert "error" in app.api.replay_to(3)


def test_the_recent_list_writes_scores_in_the_languages_grouping():
    from dicehall.ui.i18n import number

    assert number("fr", 262395) == "262\u202f395" and number("en", 262395) == "262,395"
    assert number("fr", 87.5) == "87,5" and number("en", -1250) == "−1,250" and number("fr", 12.0) == "12"
    entry = {
        "date": "2026-11-27T10:00:00",
        "game": "paradice",
        "names": ["Ann", "Bob"],
        "scores": [262395, 0],
        "winners": [0],
        "save": "x",
    }
    for lang, shown in (("fr", "Ann 262\u202f395"), ("en", "Ann 262,395")):
        assert shown in recent.section(lang, [entry])
