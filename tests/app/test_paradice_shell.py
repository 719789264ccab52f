"""Paradice in the shell: its menu entries (one route per seat in play), its shortcuts reaching the screen,
the demonstration from the setup dialog, and the confirmation before a demonstration replaces a game."""

from html import escape

from tests.app.test_app import drive, make_app

SEATS = [{"kind": "human", "name": "Zoé"}, {"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]


def test_the_menu_offers_the_views_and_a_route_per_seat_in_play():
    app = make_app()
    assert app.api_new_game("paradice", {"seats": SEATS, "seed": "menu"}) == {"ok": True}
    app.input({"type": "cmd", "cmd": "menu"})
    dom = app.frame(0)["dom"]
    for view in ("turn", "evolution", "events", "rolls", "credits", "debits"):
        assert f'data-cmd="scene:stats" data-arg="{view}"' in dom
    assert "Parcours de Zoé" in dom and "Parcours de Framboise" in dom and escape("Parcours d'Orange") in dom
    assert "Parcours de Fraise" not in dom, "only the seats in play"
    app.input({"type": "cmd", "cmd": "scene:route", "arg": "1"})
    assert app.scene.route_seat == 1
    app.input({"type": "cmd", "cmd": "scene:route", "arg": "1"})
    assert app.scene.route_seat is None


def test_the_original_shortcuts_reach_the_screen():
    app = make_app()
    app.api_new_game("paradice", {"seats": SEATS, "seed": "keys"})
    drive(app)
    assert app.scene.stats_view == "turn"
    assert app.input({"type": "key", "key": "g", "ctrl": True})
    assert app.scene.stats_view == "evolution"
    assert app.input({"type": "key", "key": "J", "ctrl": True, "shift": True})
    assert app.scene.stats_view == "debits"
    app.input({"type": "key", "key": "s", "ctrl": True})
    assert app.scene.stats_percent is False
    app.input({"type": "key", "key": "c", "ctrl": True})
    assert app.scene.stats_percent is True
    app.input({"type": "key", "key": "e", "ctrl": True})
    assert app.scene.viewer is not None
    app.input({"type": "key", "key": "e", "ctrl": True})
    assert app.scene.viewer is None
    app.input({"type": "key", "key": "3", "ctrl": True})
    assert app.scene.route_seat == 2
    app.input({"type": "key", "key": "p", "ctrl": True})
    assert app.paused
    app.input({"type": "key", "key": "g", "ctrl": True})  # the views still open while paused
    assert app.scene.stats_view == "evolution"
    app.input({"type": "key", "key": "r", "ctrl": True})
    assert not app.paused


def test_the_demonstration_seats_six_computers_and_asks_before_replacing_a_game():
    app = make_app()
    app.input({"type": "cmd", "cmd": "open", "arg": "paradice"})
    assert 'id="demo"' in app.frame(0)["dom"]
    app.input({"type": "cmd", "cmd": "demo"})
    assert app.screen == "game" and len(app.session.seats) == 6
    assert all(seat.kind == "ai" for seat in app.session.seats)
    app.api_new_game("paradice", {"seats": SEATS, "seed": "in-progress"})
    drive(app)
    app.api_play(app.api_state()["legal"][0])
    app.input({"type": "cmd", "cmd": "demo"})
    assert app.dialog == "confirm-demo" and len(app.session.seats) == 3
    app.input({"type": "cmd", "cmd": "demo-confirmed"})
    assert app.dialog is None and len(app.session.seats) == 6


def test_games_without_a_demonstration_offer_none():
    app = make_app()
    app.input({"type": "cmd", "cmd": "open", "arg": "indecix"})
    assert 'id="demo"' not in app.frame(0)["dom"]
    app.input({"type": "cmd", "cmd": "demo"})
    assert app.screen == "setup" and app.session is None
