"""The game's sound cues (app.sounds): what the worker asks the page to play, frame by frame, and the mute
button in the toolbar, remembered in the settings."""

import json

import pytest

import dicehall.app.pace as pace_module
from dicehall.app.documents import repair_settings
from dicehall.app.persistence import SETTINGS
from dicehall.app.sounds import PRIORITY, SoundCues
from dicehall.app.storage import MemoryStorage
from tests.app.test_app import make_app

AI = {"kind": "ai", "level": "easy"}
HUMAN = {"kind": "human"}


@pytest.fixture(autouse=True)
def unlimited_budgets(monkeypatch):
    monkeypatch.setattr(pace_module, "SLICE", 1e9)
    monkeypatch.setattr(pace_module, "INSTANT_BUDGET", 1e9)


def new_game(app, game, seats, seed="sound"):
    assert app.api.new_game(game, {"seed": seed, "seats": seats}) == {"ok": True}
    app.pace.set_fast(False)


def step_cues(app, limit=20000):
    """The cue of every step of the game on screen, taken one step at a time until its end."""
    cues, tracker = [], SoundCues()
    tracker.take(app.session)  # the game as it is put on screen: silent
    for _ in range(limit):
        if app.session.over:
            break
        app.session.advance(1e9)
        cues.append(tracker.take(app.session))
    assert app.session.over
    return cues


def test_a_roll_gives_dice_a_payment_coins_and_the_end_end_in_paradice():
    app = make_app()
    new_game(app, "paradice", [AI, AI])
    cues = step_cues(app)
    assert all(len(c) <= 1 for c in cues)  # one cue a step at most
    flat = [c[0] for c in cues if c]
    assert "dice" in flat and "coins" in flat
    assert flat[-1] == "end" and flat.count("end") == 1


@pytest.mark.parametrize(
    "game, own", [("indecix", "capture"), ("charidice", "gift"), ("marchands", "coins"), ("roudalon", "coins")]
)
def test_every_game_has_its_dice_its_own_cue_and_its_end(game, own):
    app = make_app()
    seats = [AI, AI, AI] if game in ("marchands", "roudalon") else [AI, AI]
    new_game(app, game, seats)
    flat = [c[0] for c in step_cues(app) if c]
    assert "dice" in flat and own in flat and flat[-1] == "end"


def test_several_steps_in_a_frame_give_the_most_telling_cue_only():
    app = make_app()
    new_game(app, "paradice", [AI, AI])
    tracker = SoundCues()
    tracker.take(app.session)
    while not app.session.over:
        app.session.advance(1e9)
    assert tracker.take(app.session) == ["end"]  # not the dice and coins of the whole game
    assert tracker.take(app.session) == []  # said once
    assert PRIORITY[0] == "end"


def test_undo_and_a_new_game_are_silent():
    app = make_app()
    new_game(app, "paradice", [HUMAN, AI])
    tracker = SoundCues()
    tracker.take(app.session)
    app.session.advance(1e9)  # the human's dice
    assert tracker.take(app.session) == ["dice"]
    app.session.undo()
    assert tracker.take(app.session) == []
    new_game(app, "paradice", [AI, AI], seed="other")
    assert tracker.take(app.session) == []


def frames_until_over(app, limit=200000):
    heard, t = [], 0.0
    for _ in range(limit):
        t += 16
        heard += app.frame(t).get("sound", [])
        if app.session.over and not app.session.busy:
            t += 16
            heard += app.frame(t).get("sound", [])
            return heard
    raise AssertionError("the game did not end")


def test_the_frames_carry_the_cues_at_the_instant_pace(monkeypatch):
    monkeypatch.setattr(pace_module, "INSTANT_BUDGET", 0.0)  # a step a frame
    app = make_app()
    app.api.speed("instant")
    new_game(app, "paradice", [AI, AI])
    heard = frames_until_over(app)
    assert "dice" in heard and "coins" in heard and heard[-1] == "end"


def test_muted_or_full_speed_there_is_no_sound():
    app = make_app()
    app.api.speed("instant")
    app.command("sound", "toggle")
    new_game(app, "paradice", [AI, AI])
    assert frames_until_over(app) == []
    app = make_app()
    assert app.api.new_game("paradice", {"seed": "fast", "seats": [AI, AI]}) == {"ok": True}
    app.pace.set_fast(True)
    assert frames_until_over(app) == []


def test_the_mute_button_is_pressed_when_muted_and_remembered():
    storage = MemoryStorage()
    app = make_app(storage)
    new_game(app, "indecix", [HUMAN, AI])
    dom = app.frame(16)["dom"]
    assert 'id="sound-toggle"' in dom and 'aria-pressed="false"' in dom
    assert 'aria-label="Couper le son"' in dom
    app.command("sound", "toggle")
    out = app.frame(32)
    assert 'id="sound-toggle" aria-pressed="true"' in out["dom"] and out["say"] == ["Son coupé."]
    assert json.loads(storage.get(SETTINGS))["sound"] is False
    again = make_app(storage)
    assert again.shell.sound_on is False


def test_old_settings_load_with_the_sound_on_and_a_bad_value_falls_back():
    assert repair_settings({"speed": "fast"}) == ({"speed": "fast"}, [])
    assert repair_settings({"sound": "yes"}) == ({}, ["sound"])
    storage = MemoryStorage()
    storage.set(SETTINGS, json.dumps({"speed": "fast"}))
    assert make_app(storage).shell.sound_on is True


def test_charidices_dice_landing_one_by_one_rattle_once_then_click():
    app = make_app()
    new_game(app, "charidice", [AI, AI])
    cues = [c[0] if c else None for c in step_cues(app)]
    first = cues.index("dice")
    assert cues[first + 1 : first + 6] == ["land"] * 5  # six dice: one rattle, five more landings
