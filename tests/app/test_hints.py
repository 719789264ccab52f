""" "Suggest a move" (app/hints.py and games/<id>/hint.py) under CPython, in each game: one human seat against
the computer, played until the human is to move. The hint is a legal action and the expert's own choice, the
card tells it in French and in English, it never plays, it goes as soon as the state changes, and there is
none while a computer is to move."""

from __future__ import annotations

import html
import random
import re

import pytest

import dicehall.app.hints as hints_module
from dicehall.ai.agent import decide
from dicehall.app.app import App
from dicehall.app.storage import MemoryStorage
from dicehall.core.protocol import NodeKind

# small tables and quick variants; the computer seats play at "normal" (the hint is always the expert's)
GAMES = {
    "indecix": (2, {}),
    "charidice": (3, {}),
    "roudalon": (3, {"parties": 2}),
    "marchands": (2, {"size": 30}),
    "paradice": (3, {}),
}


def make_app(lang: str = "fr") -> App:
    return App(MemoryStorage(), {"lang": lang, "params": {"lang": lang}, "width": 1280, "height": 800})


def drive(app: App) -> None:
    while app.api.busy():
        app.api.advance(1.0)


def start(app: App, game: str, seed: str = "hint", humans: int = 1) -> None:
    count, options = GAMES[game]
    seats = [{"kind": "human", "name": f"Léa{i or ''}"} for i in range(humans)]
    seats += [{"kind": "ai", "level": "normal"} for _ in range(count - humans)]
    assert app.api.new_game(game, {"seats": seats, "seed": seed, **options}) == {"ok": True}
    drive(app)


def frames(app: App, n: int = 10) -> dict:
    """``n`` frames; the last DOM sent (or {})."""
    out: dict = {}
    for i in range(n):
        frame = app.frame(16.0 * (i + 1) + 1000.0 * len(app.session.match.log))
        out = frame if "dom" in frame else out
    return out


def card_text(dom: str) -> str:
    match = re.search(r'<section class="hint-card".*?</section>', dom)
    return html.unescape(re.sub(r"<[^>]+>", " ", match.group(0))) if match else ""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_hint_is_the_experts_legal_choice_told_in_both_languages_and_never_played(game):
    for lang in ("fr", "en"):
        app = make_app(lang)
        start(app, game)
        rng = random.Random(2)
        for _ in range(3):  # a few of the human's decisions, the game moving on between them
            assert app.session.human_to_move
            state, log = app.session.state, len(app.session.match.log)
            action = app.api.hint()
            assert action in app.api.state()["legal"]
            job = app.hints.job
            rng_seed = random.Random(f"{app.session.match.seed}/hint/{app.session.match.ply}")
            expert = app.session.game.make_agent("expert", state.to_move, rng_seed)
            assert app.session.game.codec.to_json(decide(expert, state)) == action, "the expert's own choice"
            app.command("hint", None)
            dom = frames(app).get("dom") or app.render_dom()
            text = card_text(dom)
            assert text.strip() and job.done
            heading = "Coup suggéré pour" if lang == "fr" else "Suggested move for"
            assert heading in text
            what, why = job.words(lang, app.session, app.move_log())
            assert what and what in text and (not why or why in text)
            assert app.session.state is state and len(app.session.match.log) == log, "the hint never plays"
            assert 'id="hint-button"' in dom and 'aria-pressed="true"' in dom
            app.api.play(rng.choice(app.api.state()["legal"]))  # the state changes: the hint goes
            drive(app)
            frames(app, 2)
            assert app.hints.job is None and not app.hints.shown
            assert card_text(app.render_dom()) == ""
            if app.session.over:
                break


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_why_line_where_the_game_can_say_one(game):
    """Each game says why for one of the human's first decisions at least (odds, points, a price, a cell)."""
    app = make_app("en")
    start(app, game, seed="why")
    rng = random.Random(4)
    whys = []
    for _ in range(6):
        if app.session.over or not app.session.human_to_move:
            break
        app.api.hint()
        whys.append(app.hints.job.words("en", app.session, app.move_log()))
        app.api.play(rng.choice(app.api.state()["legal"]))
        drive(app)
    assert any(why or (what and ":" in what) for what, why in whys), whys


def test_no_hint_while_a_computer_is_to_move_nor_on_the_hub():
    app = make_app("en")
    assert app.api.hint() is None  # the hub
    count, options = GAMES["charidice"]
    easy = {"kind": "ai", "level": "easy"}
    seats = [easy, {"kind": "human", "name": "Léa"}, easy]
    assert app.api.new_game("charidice", {"seats": seats, "seed": "cpu", **options}) == {"ok": True}
    app.pace.set_fast(False)
    session = app.session
    while session.state.kind is NodeKind.CHANCE:
        session.advance(1.0)
    assert session.to_move == 0 and not session.human_to_move
    assert app.api.hint() is None
    said = []
    app.command("hint", None)
    said += app.frame(16).get("say", [])
    assert not app.hints.shown
    assert "Nothing to suggest: it is not your turn." in said
    assert 'id="hint-button"' in app.render_dom() and 'id="hint-button" ' in app.render_dom()
    assert re.search(r'id="hint-button"[^>]*disabled', app.render_dom())


def test_the_card_thinks_in_slices_and_says_so(monkeypatch):
    """With a tiny slice the expert needs several frames: the card says it is thinking, then the move."""
    monkeypatch.setattr(hints_module, "SLICE", 1e-6)
    app = make_app("fr")
    start(app, "indecix", seed="slices")
    app.command("hint", None)
    first = app.frame(16)
    assert "L'expert réfléchit" in card_text(first["dom"])
    said = []
    for i in range(2000):
        said += app.frame(32.0 + 16 * i).get("say", [])
        if app.hints.job.done:
            break
    said += app.frame(99999).get("say", [])
    assert app.hints.job.done
    assert any(line.startswith("Suggestion : ") for line in said)
    assert "L'expert réfléchit" not in card_text(app.render_dom())


def test_h_toggles_the_card_the_menu_offers_it_and_pause_hides_it():
    app = make_app("en")
    start(app, "roudalon")
    assert app.input({"type": "key", "key": "h", "code": "KeyH"})
    frames(app, 2)
    assert app.hints.shown and "hint-card" in app.render_dom()
    assert app.input({"type": "key", "key": "H", "code": "KeyH", "shift": True})
    assert not app.hints.shown
    app.command("menu", None)
    assert 'data-cmd="hint"' in app.render_dom().split('id="game-menu"')[1]
    app.command("hint", None)
    assert app.hints.shown and not app.shell.menu_open
    app.command("pause", None)
    frames(app, 2)
    assert "hint-card" not in app.render_dom()
    app.command("resume-play", None)
    frames(app, 2)
    assert "hint-card" in app.render_dom()
    app.command("hint-close", None)
    assert "hint-card" not in app.render_dom()


def test_offered_between_humans_too():
    """On one device between humans, each seat may ask on its own turn (a beginner learns from a friend)."""
    app = make_app("en")
    start(app, "indecix", humans=2)
    assert not app.session.has_ai
    action = app.api.hint()
    assert action in app.api.state()["legal"]


def test_an_undo_drops_the_hint():
    app = make_app("en")
    start(app, "indecix", seed="undo")
    app.api.play(app.api.state()["legal"][0])
    drive(app)
    app.command("hint", None)
    frames(app, 3)
    assert app.hints.shown
    app.command("undo", None)
    frames(app, 2)
    assert not app.hints.shown
    assert app.hints.job is None or app.hints.job.state is app.session.state


GOLD = "#e9b949"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_suggested_move_is_marked_on_the_board_and_in_the_choices(game):
    """At the game's own pace: once the screen shows the human's turn, the card's move is ringed on the canvas
    (the game's ``hint.marks``) and its buttons among the choices are outlined."""
    app = make_app("en")
    start(app, game, seed="marks")
    app.pace.set_fast(False)
    t = 0.0
    for _ in range(400):  # the screen catches up with the state (dice landing, pawns moving)
        t += 50
        app.frame(t)
    app.command("hint", None)
    for _ in range(200):
        t += 16
        app.frame(t)
        if app.hints.marked() is not None:
            break
    action = app.hints.marked()
    assert action is not None and action in app.session.legal()
    app.scene.dirty = True
    out = app.frame(t + 16)
    rings = [op for op in out["draw"] if op[0] == "rrect" and op[7] == GOLD]
    assert rings, "a ring over the board"
    dom = app.render_dom()
    assert re.search(r'class="btn choice hinted"[^>]*aria-describedby="hint-what"', dom)
    assert "Circled on the board" in card_text(dom)
    app.command("hint", None)  # put away: no ring, no outline
    app.frame(t + 32)
    app.scene.dirty = True
    out = app.frame(t + 48)
    assert not [op for op in out["draw"] if op[0] == "rrect" and op[7] == GOLD]
    assert "hinted" not in app.render_dom()


def test_indecix_offers_no_hint_while_the_humans_die_spins():
    """The die is drawn spinning until the human stops it: a hint then would tell its face."""
    from dicehall.games.indecix.scene import _Spin

    app = make_app("en")
    start(app, "indecix", seed="spin")
    app.pace.set_fast(False)
    app.frame(0)
    app.scene.spin = _Spin(app.scene.now, True, None)  # as the scene starts it when a human's die is thrown
    said = []
    app.command("hint", None)
    said += app.frame(16).get("say", [])
    assert not app.hints.shown and "Nothing to suggest yet." in said
    assert re.search(r'id="hint-button"[^>]*disabled', app.render_dom())
    assert app.scene.press_stop()
    app.command("hint", None)
    app.frame(32)
    assert app.hints.shown


def test_the_bridge_thinks_in_slices_then_answers_with_the_action():
    """What the worker does for ``hint()``: ``api_hint_think`` in short slices while it says True, then
    ``api_hint`` gives ``{"ok": true, "action": ...}``; ``null`` with no human to move."""
    import json

    from dicehall.web.bridge import Bridge

    bridge = Bridge(MemoryStorage(), {"lang": "en", "params": {}, "width": 900, "height": 640, "embedded": False})
    assert json.loads(bridge.api_hint()) == {"ok": True, "action": None}
    seats = [{"kind": "human"}, {"kind": "ai", "level": "normal"}]
    assert json.loads(bridge.api_new_game("charidice", json.dumps({"seed": "bridge", "seats": seats}))) == {"ok": True}
    while bridge.api_busy():
        bridge.api_advance(1.0)
    plies = len(bridge.app.session.match.log)
    slices = 0
    while bridge.api_hint_think(0.0005):
        slices += 1
    answer = json.loads(bridge.api_hint())
    assert answer["ok"] and answer["action"] in bridge.app.api.state()["legal"]
    assert len(bridge.app.session.match.log) == plies and not bridge.api_busy()
