"""The pace of the games: the speed setting (slow, normal, fast, instant) shared by every game and kept in
the settings, "to my turn" (skip the computers' turns up to the next human decision) and "finish the game"
(when no human can act any more), driven as the page drives them. Frames are counted, never timed: the
app's per-frame budgets are made unlimited here, so a loaded machine cannot change what a frame does."""

import json

import pytest

import dicehall.app.pace as pace_module
from dicehall.app.persistence import SETTINGS
from dicehall.app.storage import MemoryStorage
from tests.app.test_app import make_app

AI = {"kind": "ai", "level": "easy"}
HUMAN = {"kind": "human"}


@pytest.fixture(autouse=True)
def unlimited_budgets(monkeypatch):
    monkeypatch.setattr(pace_module, "SLICE", 1e9)
    monkeypatch.setattr(pace_module, "INSTANT_BUDGET", 1e9)
    monkeypatch.setattr(pace_module, "SKIP_BUDGET", 1e9)
    monkeypatch.setattr(pace_module, "FINISH_BUDGET", 1e9)


class Clock:
    def __init__(self, app):
        self.app, self.t, self.said = app, 0.0, []

    def frame(self):
        self.t += 16
        out = self.app.frame(self.t)
        self.said += out.get("say", [])
        return out

    def until(self, done, limit=5000):
        """Frames until ``done()``; how many it took."""
        for n in range(limit):
            if done():
                return n
            self.frame()
        raise AssertionError("never happened")


def new_game(app, game, seats, seed="pace"):
    assert app.api.new_game(game, {"seed": seed, "seats": seats}) == {"ok": True}
    app.pace.set_fast(False)  # the game goes on at the pace chosen, frame by frame (not at the page API's full speed)


# --- the setting ----------------------------------------------------------------------------------------
def test_the_speed_cycles_through_the_four_paces_and_is_remembered():
    storage = MemoryStorage()
    app = make_app(storage)
    new_game(app, "indecix", [HUMAN, AI])
    clock = Clock(app)
    dom = clock.frame()["dom"]
    assert 'id="speed-button"' in dom and 'aria-label="Vitesse : Moyenne (changer)"' in dom
    seen = []
    for _ in range(4):
        app.input({"type": "cmd", "cmd": "speed", "arg": "next"})
        seen.append(app.shell.settings["speed"])
        out = clock.frame()
        assert f"speed-{seen[-1]}" in out["dom"]
    assert seen == ["fast", "instant", "slow", "normal"]
    assert "Vitesse : Lente" in clock.said and "Vitesse : Instantanée" in clock.said
    app.input({"type": "cmd", "cmd": "speed", "arg": "instant"})
    assert json.loads(storage.items[SETTINGS])["speed"] == "instant"
    again = make_app(storage)
    assert again.shell.speed() == "instant"
    assert again.scene is not None and again.scene.speed() == 0.0 and again.scene.instant()
    app.input({"type": "cmd", "cmd": "dialog", "arg": "options"})
    dialog = clock.frame()["dom"]
    for value in ("slow", "normal", "fast", "instant"):
        assert f'<option value="{value}"' in dialog
    assert '<option value="instant" selected>' in dialog


def test_the_toolbar_controls_speak_both_languages():
    app = make_app()
    new_game(app, "charidice", [AI, AI, HUMAN])  # the computers play first
    app.command("lang", "en")
    dom = app.frame(0)["dom"]
    assert 'aria-label="Speed: Medium (change)"' in dom
    assert 'id="skip"' in dom and 'aria-label="To my turn"' in dom and 'title="To my turn (K)"' in dom
    assert 'id="menu-skip"' not in dom  # the menu is closed
    app.command("menu", None)
    dom = app.frame(16)["dom"]
    assert 'id="menu-speed"' in dom and "Speed: Medium" in dom and 'id="menu-skip"' in dom
    app.command("lang", "fr")
    app.command("menu", None)
    dom = app.frame(32)["dom"]
    assert 'aria-label="Jusqu&#x27;à mon tour"' in dom or 'aria-label="Jusqu\'à mon tour"' in dom


def test_a_bad_stored_speed_falls_back_to_normal_and_the_rest_is_kept():
    storage = MemoryStorage({SETTINGS: json.dumps({"speed": "warp", "lang": "en"})})
    app = make_app(storage)
    assert app.shell.lang == "en" and "speed" not in app.shell.settings and app.shell.speed() == "normal"
    new_game(app, "roudalon", [HUMAN, AI, AI, AI])
    assert app.scene.speed() == 1.0 and not app.scene.instant()
    old = MemoryStorage({SETTINGS: json.dumps({"speed": "slow"})})  # a setting stored before "instant" existed
    assert make_app(old).shell.speed() == "slow"


def test_the_page_api_sets_the_pace_and_refuses_anything_else():
    storage = MemoryStorage()
    app = make_app(storage)
    assert app.api.speed("instant") == {"ok": True, "speed": "instant"}
    assert json.loads(storage.items[SETTINGS])["speed"] == "instant"
    for bad in ("warp", "", None, 3, ["fast"], {"speed": "fast"}, "Fast"):
        answer = app.api.speed(bad)
        assert set(answer) == {"error"} and "\n" not in answer["error"] and "instant" in answer["error"]
    assert app.shell.speed() == "instant"


# --- instant --------------------------------------------------------------------------------------------
def test_at_instant_a_computer_turn_takes_one_or_two_frames_and_a_human_die_still_waits_indecix():
    app = make_app()
    app.command("speed", "instant")
    new_game(app, "indecix", [HUMAN, AI])
    clock = Clock(app)
    session = app.session
    for _ in range(6):
        clock.until(lambda: session.human_to_move)
        if app.scene.can_stop():  # the human's die spins until the human stops it, even at instant
            for _ in range(20):
                clock.frame()
            assert app.scene.can_stop()
            app.input({"type": "key", "key": " "})
        clock.frame()
        session.submit(session.state.legal_actions()[0])
        frames = clock.until(lambda: session.human_to_move or session.over)
        assert frames <= 2, f"a computer's turn took {frames} frames at instant"


def test_at_instant_paradice_plays_the_computers_at_once_and_the_human_stops_his_dice():
    app = make_app()
    app.command("speed", "instant")
    new_game(app, "paradice", [HUMAN, AI, AI, AI], seed="instant")
    clock = Clock(app)
    session, scene = app.session, app.scene
    for _ in range(4):
        clock.until(lambda: scene.human_dice() or session.over or not scene.humans_in_play())
        if session.over or not scene.humans_in_play():
            break
        for _ in range(30):  # the dice spin until the human stops them
            clock.frame()
        assert scene.human_dice() and scene.spin is not None and scene.spin.human and not scene.spin.stopped
        app.input({"type": "key", "key": " "})
        frames = 0  # since the human's last act: his dice stopped, or his last decision
        while True:
            clock.frame()
            frames += 1
            if session.human_to_move:
                session.submit(session.state.legal_actions()[0])
                frames = 0
            elif scene.human_dice() or session.over or not scene.humans_in_play():
                break
        assert frames <= 2, f"the computers' turns took {frames} frames at instant"


def test_at_instant_a_claim_window_open_to_the_human_still_waits_for_him():
    app = make_app()
    app.command("speed", "instant")
    new_game(app, "charidice", [AI, HUMAN], seed="claim")  # two players: each is the other's neighbour
    clock = Clock(app)
    session = app.session
    clock.until(lambda: session.human_side_actions() and not session.human_to_move)
    ply = session.match.ply
    for _ in range(20):
        clock.frame()
    assert session.match.ply == ply and session.human_side_actions(), "the claim stays open a while"
    clock.until(lambda: session.match.ply > ply)


# --- to my turn, finish the game ------------------------------------------------------------------------
def test_skip_plays_the_computers_with_no_animation_and_stops_at_the_next_human_decision():
    app = make_app()
    new_game(app, "charidice", [HUMAN, AI, AI])
    clock = Clock(app)
    session = app.session
    clock.until(lambda: session.human_to_move and app.scene.ready())
    while session.human_to_move:  # the human's turn, to the marking
        session.submit(session.state.legal_actions()[-1])
    assert 'id="skip"' in clock.frame()["dom"]
    ply = session.match.ply
    app.input({"type": "key", "key": "k"})
    assert app.pace.skipping == "turn"
    frames = clock.until(lambda: app.pace.skipping is None)
    assert frames == 1
    assert session.human_to_move and session.match.ply > ply + 3 and app.scene.ready()
    assert not app.pace.fast and not app.scene.fast
    assert "Tours de l'ordinateur passés : à vous de jouer." in clock.said
    dom = clock.frame()["dom"] if "dom" in (out := clock.frame()) else out.get("dom", "")
    app.input({"type": "cmd", "cmd": "skip"})  # a human to decide: nothing to skip
    assert app.pace.skipping is None and "C'est à vous de jouer : rien à passer." in app.shell.said
    del dom


def test_skip_in_paradice_stops_at_the_humans_dice_which_wait_for_him():
    app = make_app()
    new_game(app, "paradice", [HUMAN, AI, AI], seed="skip")
    clock = Clock(app)
    session, scene = app.session, app.scene
    clock.until(lambda: scene.human_dice() and scene.spin is not None)
    app.input({"type": "key", "key": " "})
    clock.until(
        lambda: (
            not scene.human_dice()
            and not session.human_to_move
            and scene.ready()
            or session.over
            or (session.human_to_move and scene.ready() and session.submit(session.state.legal_actions()[0]) and False)
        )
    )
    assert app.pace.skip_target() == "turn"
    app.command("skip", None)
    assert clock.until(lambda: app.pace.skipping is None) == 1
    assert scene.human_dice() and session.state.current == 0 and session.state.phase == "roll"
    for _ in range(40):
        clock.frame()
    assert session.state.phase == "roll" and scene.spin is not None and scene.spin.human, "the dice wait"


def test_finish_plays_a_game_no_human_plays_to_its_end():
    app = make_app()
    new_game(app, "paradice", [AI] * 6, seed="finish")
    clock = Clock(app)
    dom = clock.frame()["dom"]
    assert 'id="finish"' in dom and 'id="skip"' not in dom
    assert not app.session.over
    app.input({"type": "cmd", "cmd": "finish"})
    assert app.pace.skipping == "game"
    assert clock.until(lambda: app.pace.skipping is None) == 1
    assert app.session.over and "Partie jouée jusqu'au bout." in clock.said
    assert 'id="finish"' not in clock.frame().get("dom", "")


def test_finish_is_refused_while_a_human_plays_and_skip_finishes_when_none_does():
    app = make_app()
    new_game(app, "marchands", [HUMAN, AI])
    app.command("finish", None)
    assert app.pace.skipping is None
    demo = make_app()
    new_game(demo, "roudalon", [AI] * 4)
    demo.input({"type": "key", "key": "K"})  # K finishes a game no human plays
    assert demo.pace.skipping == "game"
    Clock(demo).until(lambda: demo.session.over)
