"""The shell's part of issue 26 under CPython: the end of a game is the end panel and the board clear behind it
(no game draws its result banner on the canvas, neither once the panel is put aside nor at the replay's last
position, where the toolbar says who won); the menu holds every control the toolbar may fold; the hint card
stands where it does not cover its move; a game declares the smallest board it can be played on."""

from __future__ import annotations

import importlib

import pytest

from dicehall.app.app import App
from dicehall.app.storage import MemoryStorage
from dicehall.ui.geometry import Rect

GAMES = {
    "indecix": (2, {}),
    "charidice": (3, {}),
    "roudalon": (3, {"parties": 1}),
    "marchands": (2, {"size": 30}),
    "paradice": (3, {"round_limit": 20}),
}


def make_app(lang="en", width=1280, height=800):
    return App(MemoryStorage(), {"lang": lang, "params": {"lang": lang}, "width": width, "height": height})


def frames(app, n=3, start=0.0):
    out = {}
    for i in range(n):
        out.update(app.frame(start + 1000.0 * (i + 1)))
    return out


@pytest.fixture
def banners(monkeypatch):
    """Every result banner a game's painter draws, counted (the painters look their helper up when they run)."""
    drawn = []
    for game in ("charidice", "marchands", "roudalon", "paradice"):
        module = importlib.import_module(f"dicehall.games.{game}.scene_frame")
        monkeypatch.setattr(module, "banner_card", lambda *a, **k: drawn.append(a))
    indecix = importlib.import_module("dicehall.games.indecix.scene_frame")
    monkeypatch.setattr(indecix, "draw_banner", lambda *a, **k: drawn.append(a))
    return drawn


@pytest.mark.parametrize("game", list(GAMES))
def test_no_result_banner_over_the_board_at_the_end_nor_in_the_replay(game, banners):
    count, options = GAMES[game]
    app = make_app()
    seats = [{"kind": "ai", "level": "easy", "name": "Léa"}] + [{"kind": "ai", "level": "easy"}] * (count - 1)
    assert app.api.new_game(game, {"seats": seats, "seed": "banner", **options}) == {"ok": True}
    while app.api.busy():
        app.api.advance(1.0)
    assert app.api.state()["over"]
    out = frames(app, 4)
    assert 'id="end-panel"' in out["dom"]
    app.command("end-aside", None)  # "Look at the board": the panel goes, the board is clear at once
    app.scene.dirty = True
    out = frames(app, 4, 10_000.0)
    assert 'id="end-panel"' not in out["dom"] and 'id="end-show"' in out["dom"] and "draw" in out
    app.input({"type": "key", "key": "Escape"})  # nothing more to put aside
    assert 'id="end-panel"' not in frames(app, 2, 20_000.0).get("dom", "")
    assert banners == []
    # the replay's last position: the final board clear, and who won in the viewer's toolbar
    assert app.api.replay(app.api.save())["ok"]
    total = app.replay.viewer.total
    assert app.api.replay_to(total) == {"ok": True, "ply": total}
    out = frames(app, 4, 30_000.0)
    assert "draw" in out and banners == []
    assert 'id="replay-result"' in out["dom"] and " wins" in out["dom"].split('id="replay-result"')[1][:200]
    assert app.api.replay_to(0)["ok"]
    assert 'id="replay-result"' not in frames(app, 1, 40_000.0)["dom"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_menu_holds_every_control_the_toolbar_may_fold(lang):
    app = make_app(lang)
    seats = [{"kind": "human", "name": "Léa"}, {"kind": "ai", "level": "easy"}]
    app.api.new_game("paradice", {"seats": seats, "seed": "menu"})
    frames(app)
    app.command("menu", None)
    dom = frames(app, 1, 5_000.0)["dom"]
    toolbar, menu = dom.split("</nav>", 1)
    menu = menu.split('id="game-menu"', 1)[1]
    other = "en" if lang == "fr" else "fr"
    assert f'data-cmd="lang" data-arg="{other}"' in menu  # the other language
    assert 'data-cmd="sound"' in menu and 'data-cmd="log"' in menu
    for cmd in ("undo", "pause", "speed", "hint"):
        assert f'data-cmd="{cmd}"' in toolbar and f'data-cmd="{cmd}"' in menu, cmd
    app.command("lang", other)  # an entry done, the menu closes
    assert not app.shell.menu_open and app.shell.lang == other


def test_the_hint_card_stands_away_from_its_move(monkeypatch):
    import dicehall.app.hints as hints

    app = make_app(width=390, height=796)
    seats = [{"kind": "human", "name": "Léa"}, {"kind": "ai", "level": "easy"}]
    app.api.new_game("indecix", {"seats": seats, "seed": "hint"})
    frames(app)
    card = hints.Hints(app.hints.app)  # (what the app's hint reads)
    monkeypatch.setattr(card, "marked", lambda: "a move")
    for rect, low in ((Rect(40, 30, 50, 50), True), (Rect(40, 600, 50, 50), False), (Rect(40, 300, 50, 50), False)):
        monkeypatch.setattr(hints, "_marks", lambda session, scene, action, r=rect: ([], [r]))
        assert card._placement() == (" low" if low else ""), rect
    app.shell.width = 1280  # beside the board: the card never covers it
    assert card._placement() == ""


def test_a_game_declares_the_smallest_board_it_can_be_played_on():
    from dicehall.ui.scene import SceneBase

    app = make_app(width=240, height=192)
    app.api.new_game("paradice", {"seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}]})
    dom = frames(app)["dom"]
    assert app.scene.min_playable and not app.scene.playable(240, 192) and app.scene.playable(390, 796)
    assert app.scene.playable(640, 312) and not app.scene.playable(300, 292)
    assert 'id="too-small"' in dom and 'data-min="320x480;520x260"' in dom
    assert SceneBase.min_playable == ()  # playable at any size unless a game says otherwise
    app.api.new_game("indecix", {})
    assert 'id="too-small"' not in frames(app, 1, 9_000.0)["dom"]  # a game that declares none: no notice
