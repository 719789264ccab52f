"""The daily challenge in the app (app/challenge.py): started by the page API or the hub, its view carries
the date, no undo, its result card on the end panel with the line to paste, the history in the win record
(counted once a day: a replay is shown as such), and bad requests refused in one line."""

from __future__ import annotations

import html
import random
import re

import pytest

from dicehall.app import challenge
from dicehall.app.app import App
from dicehall.app.documents import repair_stats
from dicehall.app.storage import MemoryStorage
from dicehall.core import challenge as core

DATE = "2026-11-26"


def make_app(storage=None, lang="en"):
    config = {"lang": lang, "params": {"lang": lang}, "width": 1280, "height": 800}
    return App(storage if storage is not None else MemoryStorage(), config)


def play_to_end(app, seed=1):
    rng = random.Random(seed)
    while True:
        while app.api.busy():
            app.api.advance(1.0)
        state = app.api.state()
        if state["over"]:
            return state
        assert app.api.play(rng.choice(state["legal"])) == {"ok": True}


def show_end(app):
    for _ in range(4000):
        app.frame(10_000.0 + _ * 1000)
        if app.end.shown:
            return app.render_dom()
    raise AssertionError("the end panel did not show")


@pytest.mark.parametrize("game_id", ["charidice", "indecix"])
def test_a_challenge_by_the_page_api(game_id):
    app = make_app()
    assert app.api.new_game(game_id, {"challenge": DATE}) == {"ok": True}
    state = app.api.state()
    assert state["view"]["challenge"] == DATE
    session = app.session
    assert session.match.challenge == DATE and session.match.seed == core.seed(game_id, DATE)
    definition = core.module(game_id)
    assert [s.kind for s in session.seats] == ["human"] + ["ai"] * len(definition.LEVELS)
    assert [s.level for s in session.seats[1:]] == list(definition.LEVELS)
    assert app.api.save()["challenge"] == DATE


@pytest.mark.parametrize(
    "request_, words",
    [
        ({"challenge": "2026-02-30"}, "real day"),
        ({"challenge": "tomorrow"}, "YYYY-MM-DD"),
        ({"challenge": DATE, "players": 4}, "fixes its seats and options"),
        ({"challenge": DATE, "seats": []}, "fixes its seats and options"),
    ],
)
def test_a_bad_request_is_refused_in_one_line(request_, words):
    app = make_app()
    answer = app.api.new_game("charidice", request_)
    assert set(answer) == {"error"} and words in answer["error"] and "\n" not in answer["error"]
    assert app.session is None


def test_no_undo_in_a_challenge():
    app = make_app()
    app.api.new_game("charidice", {"challenge": DATE})
    while app.api.busy():
        app.api.advance(1.0)
    app.api.play(app.api.state()["legal"][0])
    while app.api.busy():
        app.api.advance(1.0)
    assert not app.session.can_undo and not app.session.undo()


def test_the_result_card_the_history_and_a_replay():
    storage = MemoryStorage()
    app = make_app(storage, lang="fr")
    app.api.new_game("indecix", {"challenge": DATE})
    play_to_end(app, seed=1)
    dom = show_end(app)
    assert 'id="challenge-card"' in dom and 'id="challenge-replay"' not in dom
    line = html.unescape(re.sub("<[^>]+>", "", dom.split('<output id="challenge-text">')[1].split("</output>")[0]))
    found = challenge.result(app.session, "fr")
    place = "1er" if found["place"] == 1 else "2e"
    assert line == f"dicehall — Indecix, défi du {DATE} : {found['score_text']} points, {place} sur 2"
    assert 'data-cmd="host:copy"' in dom and 'data-copy="challenge-text"' in dom
    history = app.shell.stats["indecix"]["challenges"]
    assert history[DATE]["score"] == found["score"] and history[DATE]["of"] == 2
    app.command("challenge-copied", None)
    assert "Copié ✓" in app.render_dom()
    # the same day again, played differently: a replay, said at the start and on the line to paste; the
    # history keeps the first result
    app.api.new_game("indecix", {"challenge": DATE})
    assert f"Le défi du {DATE} est déjà compté" in app.render_dom()
    play_to_end(app, seed=2)
    dom = show_end(app)
    first = dict(history[DATE])
    if challenge.result(app.session, "fr")["score"] != first["score"] or app.session.match.ply != first["plies"]:
        assert 'id="challenge-replay"' in dom
        assert f"défi du {DATE} rejoué :" in html.unescape(re.sub("<[^>]+>", "", dom))
    assert app.shell.stats["indecix"]["challenges"] == {DATE: first}
    # the win record lists it, after a reload too
    again = make_app(storage, lang="en")
    again.command("dialog", "stats")
    assert 'id="challenge-stats"' in again.render_dom() and "Challenges of the day" in again.render_dom()


def test_history_summary_streak_best_average():
    days = {"2026-11-20": 10, "2026-11-22": 30, "2026-11-23": 20, "2026-11-24": 40}
    history = {d: {"score": s, "place": 1, "of": 3, "plies": 9} for d, s in days.items()}
    assert challenge.summary(history) == {"days": 4, "streak": 3, "best": 40, "average": 25}
    assert challenge.summary({}) is None


def test_a_bad_history_is_dropped_with_its_record_and_the_rest_kept():
    good = {"played": 1, "challenges": {DATE: {"score": 3, "place": 1, "of": 2, "plies": 70}}}
    bad = {"played": 1, "challenges": {DATE: {"score": "lots", "place": 1, "of": 2, "plies": 70}}}
    clean, dropped = repair_stats({"indecix": good, "charidice": bad})
    assert clean == {"indecix": good} and dropped == ["charidice"]


def test_the_hub_offers_each_challenge_and_starts_today(monkeypatch):
    monkeypatch.setattr(core, "today", lambda: DATE)
    app = make_app()
    dom = app.render_dom()
    for game_id in core.GAMES:
        assert f'id="challenge-{game_id}"' in dom
    app.setup.open("charidice")  # the setup screen offers it too (an embedded page has no hub)
    assert 'id="challenge-charidice"' in app.render_dom()
    app.command("challenge", "roudalon")
    assert app.shell.screen == "game" and app.session.match.challenge == DATE
    assert "challenge of 2026-11-26" in app.render_dom()
    session = app.session
    app.command("hub", None)
    app.command("challenge", "roudalon")  # today's, still on: resumed, not restarted
    assert app.session is session and app.shell.screen == "game"


def test_no_move_is_suggested_in_a_challenge():
    """A challenge's score compares the players' own decisions: "Suggest a move" is not offered."""
    app = make_app()
    assert app.api.new_game("charidice", {"challenge": "2026-11-26"}) == {"ok": True}
    while app.api.busy():
        app.api.advance(1.0)
    assert app.api.state()["legal"], "the player is to move"
    assert app.api.hint() is None
    assert (
        'id="hint-button"' not in app.render_dom() or "disabled" in app.render_dom().split('id="hint-button"')[1][:200]
    )


def test_the_line_copied_carries_the_replay_link_of_the_game():
    config = {"lang": "en", "params": {"lang": "en"}, "width": 1280, "height": 800, "url": "https://example.org/d/"}
    app = App(MemoryStorage(), config)
    assert app.api.new_game("indecix", {"challenge": "2026-11-26"}) == {"ok": True}
    play_to_end(app)
    card = app.end.challenge_card()
    copied = html.unescape(re.sub(r"<[^>]+>", "", card.split('id="challenge-text">')[1].split("</output>")[0]))
    assert "https://example.org/d/#replay=1." in copied and "2026-11-26" in copied
