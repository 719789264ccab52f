"""Learn to play in the shell (app/tutorial_flow.py), under CPython: the hub's and the setup's entries, the
bubble, a move refused with its reason, leaving and resuming without touching the game in progress, skipping,
"Play a real game" with the setup filled in, the lesson done on the hub card, and no statistics."""

from __future__ import annotations

import json
import re

import pytest

from dicehall.app.app import App
from dicehall.app.persistence import CURRENT, STATS
from dicehall.app.storage import MemoryStorage
from dicehall.app.tutorial_flow import LESSONS, LessonSession
from dicehall.core import tutorial as tut

GAMES = ("paradice", "indecix", "charidice", "roudalon", "marchands")


def make_app(storage=None, lang="fr"):
    config = {"lang": lang, "params": {}, "width": 1280, "height": 800}
    return App(storage if storage is not None else MemoryStorage(), config)


def cmd(app, name, arg=None):
    app.input({"type": "cmd", "cmd": name, "arg": arg})


def frames(app, n=1):
    out = {}
    for _ in range(n):
        out = app.frame(app.shell.last_frame + 50 if app.shell.last_frame is not None else 0)
    return out


def to_bubble(app, limit=5000):
    """Frames at full speed until the coach's bubble waits for the learner."""
    app.pace.set_fast(True)
    session = app.game.session
    for _ in range(limit):
        frames(app)
        if session.player.done or session.player.showing():
            frames(app)
            return
    raise AssertionError("the bubble never showed")


def dom(app):
    app.shell.changed()
    return frames(app)["dom"]


def test_every_card_and_setup_offers_learn_to_play() -> None:
    app = make_app(lang="en")
    html = frames(app)["dom"]
    for game in GAMES:
        assert f'id="learn-{game}"' in html and 'data-cmd="tutorial"' in html
    assert "Learn to play" in html
    cmd(app, "open", "charidice")
    assert 'id="learn-charidice"' in dom(app)


def test_the_lesson_leaves_the_game_in_progress_untouched_and_counts_in_no_statistics() -> None:
    storage = MemoryStorage()
    app = make_app(storage)
    app.api.new_game("roudalon", {})
    stored = storage.get(CURRENT)
    stats = storage.get(STATS)
    cmd(app, "tutorial", "indecix")
    assert isinstance(app.game.session, LessonSession) and app.shell.screen == "game"
    to_bubble(app)
    html = dom(app)
    assert 'id="coach"' in html and "Indecix se joue à deux" in html and 'id="coach-next"' in html
    cmd(app, "tutorial-next")
    to_bubble(app)
    assert storage.get(CURRENT) == stored and storage.get(STATS) == stats
    assert not app.game.session.can_undo
    cmd(app, "tutorial-leave")
    assert app.shell.screen == "hub" and app.game.session.game.id == "roudalon"
    assert 'id="learn-indecix"' in dom(app) and "Reprendre la leçon" in dom(app)
    assert storage.get(CURRENT) == stored


def test_a_move_the_step_does_not_want_is_refused_with_its_reason_and_not_played() -> None:
    app = make_app()
    cmd(app, "tutorial", "indecix")
    session = app.game.session
    while session.player.step.text != "capture":
        to_bubble(app)
        step = session.player.step
        if step.awaits is tut.CONTINUE:
            cmd(app, "tutorial-next")
        elif isinstance(step.awaits, tut.Roll):
            frames(app, 3)
    to_bubble(app)
    ply = session.match.ply
    app.api.play({"type": "place", "cell": [3, 1]})  # D2: allowed by the rules, not by the lesson
    assert session.match.ply == ply
    heard = " ".join(frames(app).get("say", []))
    assert "Pas cette fois : posez le 2 en D3" in heard  # the screen reader hears it
    html = dom(app)
    assert "Pas cette fois : posez le 2 en D3" in html and 'class="coach-refusal"' in html
    assert 'data-rect="' in html  # the bubble knows where D3 is drawn
    x, y, w, h = (int(v) for v in re.search(r'data-rect="([-\d,]+)"', html).group(1).split(","))
    assert 0 <= x and 0 <= y and x + w <= 1280 and y + h <= 800
    app.api.play({"type": "place", "cell": [3, 2]})
    assert session.match.ply == ply + 1 and session.player.step.text == "captured"


def test_resume_comes_back_to_the_same_step() -> None:
    storage = MemoryStorage()
    app = make_app(storage)
    cmd(app, "tutorial", "charidice")
    to_bubble(app)
    cmd(app, "tutorial-next")
    to_bubble(app)
    index, ply = app.game.session.player.index, app.game.session.match.ply
    cmd(app, "tutorial-leave")
    again = make_app(storage)
    cmd(again, "tutorial", "charidice")
    session = again.game.session
    assert session.player.index == index and session.match.ply == ply


def test_skip_ends_the_lesson_marks_it_done_and_play_a_real_game_fills_the_setup() -> None:
    storage = MemoryStorage()
    app = make_app(storage, lang="en")
    cmd(app, "tutorial", "roudalon")
    to_bubble(app)
    cmd(app, "tutorial-skip")
    html = dom(app)
    assert 'id="coach-play"' in html and "Play a real game" in html
    assert json.loads(storage.get(LESSONS))["done"] == ["roudalon"]
    cmd(app, "tutorial-play")
    frames(app)
    assert app.shell.screen == "setup" and app.setup.form.game == "roudalon"
    assert len(app.setup.form.seats) == 4 and [s["kind"] for s in app.setup.form.seats] == ["human"] + ["ai"] * 3
    assert app.game.session is None or not isinstance(app.game.session, LessonSession)
    cmd(app, "hub")
    html = dom(app)
    assert "Lesson done" in html and "Take the lesson again" in html


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_plays_to_its_end_in_the_shell(game: str) -> None:
    storage = MemoryStorage()
    app = make_app(storage)
    cmd(app, "tutorial", game)
    session = app.game.session
    codec = session.game.codec
    anchored = 0
    while not session.player.done:
        to_bubble(app)
        if session.player.done:
            break
        step = session.player.step
        if step.anchor is not None and session.player.comment is None:
            anchored += 'data-rect="' in dom(app)
        if session.player.comment is not None or step.awaits is tut.CONTINUE:
            cmd(app, "tutorial-next")
        elif isinstance(step.awaits, tut.Roll):
            frames(app, 2)
        else:
            action = tut.learner_actions(session.state)[0] if step.awaits is tut.ANY else step.awaits
            assert app.api.play(codec.to_json(action))["ok"]
    frames(app)
    assert anchored >= len([s for s in session.tutorial.steps if s.anchor]) // 2
    assert session.player.agent_moves == 0 and not session.over
    assert storage.get(CURRENT) is None and storage.get(STATS) is None
    assert game in json.loads(storage.get(LESSONS))["done"]
