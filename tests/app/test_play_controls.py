"""Pause, resume and abandon of the game in progress (every game), driven as the page drives them."""

from dicehall.app.persistence import CURRENT
from dicehall.app.storage import MemoryStorage
from tests.app.test_app import drive, make_app


def computer_game(app):
    app.api.new_game(
        "indecix", {"seed": "pause", "seats": [{"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]}
    )
    app.api.busy()
    app.pace.set_fast(False)


def test_pause_freezes_the_computer_players_and_resume_goes_on():
    app = make_app()
    computer_game(app)
    app.input({"type": "cmd", "cmd": "pause"})
    dom = app.frame(0)["dom"]
    assert 'id="resume-play"' in dom and "En pause" in dom
    ply = app.session.match.ply
    t = 0.0
    for _ in range(300):
        t += 16
        app.frame(t)
    assert app.session.match.ply == ply, "nothing moves while paused"
    assert not app.input({"type": "key", "key": " "}), "the board takes no input while paused"
    assert app.input({"type": "key", "key": "r", "ctrl": False}) is False
    app.input({"type": "cmd", "cmd": "resume-play"})
    assert 'id="pause"' in app.frame(t)["dom"]
    for _ in range(3000):
        t += 16
        app.frame(t)
        if app.session.match.ply > ply:
            break
    assert app.session.match.ply > ply


def test_a_finished_game_offers_no_pause():
    app = make_app()
    computer_game(app)
    app.pace.set_fast(True)
    while app.api.busy():
        app.api.advance(0.05)
    assert app.api.state()["over"]
    app.input({"type": "cmd", "cmd": "pause"})
    dom = app.frame(0)["dom"]
    assert not app.game.paused and 'id="pause"' not in dom and 'id="menu-abandon"' not in dom


def test_abandon_asks_first_then_deletes_the_game_and_shows_the_hub():
    storage = MemoryStorage()
    app = make_app(storage)
    app.api.new_game("indecix", {"seed": "abandon"})
    drive(app)
    app.api.play(app.api.state()["legal"][0])
    app.input({"type": "cmd", "cmd": "menu"})
    assert 'id="menu-abandon"' in app.frame(0)["dom"]
    app.input({"type": "cmd", "cmd": "abandon"})
    dom = app.frame(1)["dom"]
    assert "Abandonner la partie en cours" in dom and 'id="confirm-yes"' in dom
    app.input({"type": "key", "key": "Escape"})  # "no": nothing is lost
    assert app.shell.dialog is None and app.session is not None and storage.get(CURRENT)
    app.input({"type": "cmd", "cmd": "abandon"})
    app.input({"type": "cmd", "cmd": "abandon-confirmed"})
    assert app.shell.screen == "hub" and app.session is None and not storage.get(CURRENT)
    assert "Reprendre la partie" not in app.frame(2)["dom"]


def test_the_board_stays_shown_while_paused_and_redraws_when_asked():
    app = make_app()
    computer_game(app)
    app.frame(0)
    app.input({"type": "cmd", "cmd": "pause"})
    out = app.frame(16)
    assert out["canvas"] is True, "the frozen picture stays on the page"
    app.resize(900, 600)
    assert "draw" in app.frame(32), "a resize while paused draws the frozen position again"
    assert "draw" not in app.frame(48)
