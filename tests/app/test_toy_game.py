"""A sixth game, Pig (tests/toy/pig/), added to the catalogue by these tests alone: with nothing written for
it outside its folder, it has its hub card, its new-game form, a game played to its end on screen, the end
panel, the move log, the replay, the page API (in CPython: the same Python the browser's worker runs) and
its place in the command line's ``games`` and ``simulate``. It declares none of the optional parts, so
each of the shell's defaults is exercised too."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dicehall import cli
from dicehall.app.app import App
from dicehall.app.storage import MemoryStorage
from dicehall.core import registry


@pytest.fixture
def pig(monkeypatch):
    """Pig in the catalogue, last on the hub, for one test."""
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1]))  # tests/: the toy games' home
    from toy.pig.spec import SPEC

    monkeypatch.setattr(registry, "CATALOGUE", (*registry.CATALOGUE, SPEC))
    return SPEC


def make_app(lang: str = "en") -> App:
    return App(MemoryStorage(), {"lang": lang, "params": {}, "width": 1000, "height": 700, "embedded": False})


def play_on_screen(app: App) -> None:
    """Press the screen's buttons as a player would (Hold once something is at stake, else Roll) and let
    the frames take the dice and the computer's turns, to the end."""
    for _ in range(5000):
        app.frame(16)
        if app.session.state.outcome() is not None:
            return
        choices = app.game.scene.choices()
        if choices:
            index = next((i for i, c in enumerate(choices) if c.target == "hold"), 0)
            app.input({"type": "cmd", "cmd": "choose", "arg": index})
    raise AssertionError("the game did not end")


def test_the_hub_shows_its_card_with_its_line_and_plain_felt(pig):
    dom = make_app().frame(0)["dom"]
    card = re.search(r'<article class="game-card" data-game="pig">(.*?)</article>', dom).group(1)
    assert "One die, roll or bank: first to 20 wins." in card and 'id="play-pig"' in card
    assert card.startswith('<svg class="art"') and "<circle" not in card  # no art: the felt alone


def test_setup_a_game_play_it_to_the_end_then_the_end_panel_the_log_and_the_replay(pig):
    app = make_app()
    app.frame(0)
    app.input({"type": "cmd", "cmd": "open", "arg": "pig"})
    assert "New Pig game" in app.frame(16)["dom"]
    app.input({"type": "cmd", "cmd": "seat-level:1", "arg": "easy"})
    app.input({"type": "cmd", "cmd": "start"})
    out = app.frame(16)
    assert app.shell.screen == "game" and out["canvas"] is True
    assert "Roll" in json.dumps(out["draw"]), "the scene draws its buttons"

    play_on_screen(app)
    state = app.session.state
    assert max(state.banked) >= 20
    dom = app.render_dom()
    assert 'id="end-ranking"' in dom and 'id="end-replay"' in dom
    for seat, points in enumerate(state.banked):  # no summary declared: the scores rank the seats
        assert re.search(rf'data-seat="{seat}">.*?<td class="num">{points}</td>', dom)

    lines = app.api.log()  # no log lines declared: each step in the save's words
    assert lines and any(line["by"] == "chance" and line["text"].startswith("Dice: ") for line in lines)
    assert any('"roll"' in line["text"] for line in lines)
    assert 'id="move-log"' in dom and "<h3>Moves</h3>" in dom

    app.input({"type": "cmd", "cmd": "end-replay"})
    assert app.shell.screen == "replay" and 'id="replay-bar"' in app.frame(16)["dom"]
    app.input({"type": "cmd", "cmd": "replay-last"})
    app.frame(16)
    assert app.session is not None and app.session.state.banked == state.banked


def test_the_command_line_lists_it_and_simulates_it(pig, capsys):
    assert cli.main(["games"]) == 0
    games = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {"id": "pig", "title": {"fr": "Cochon", "en": "Pig"}}.items() <= games[-1].items()
    assert cli.main(["simulate", "pig", "--games", "5", "--seed", "toy"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "pig" and result["games"] == 5


def test_the_sounds_are_the_dice_and_the_end(pig):
    from dicehall.app.sounds import cues_between
    from toy.pig.game import GAME, PigState, Roll

    before = GAME.initial(GAME.options_from_json({}))
    after = before.apply(Roll())
    assert cues_between("pig", [], before, after) == []
    done = PigState(before.options, banked=(20, 0))
    assert cues_between("pig", [], before, done) == ["end"]


def test_the_page_api_lists_plays_saves_loads_and_replays_it(pig):
    """The page API (``window.dicehall``: the same Python in the browser's worker) drives it as any game."""
    app = make_app()
    app.frame(0)
    assert app.api.games()[-1]["id"] == "pig"
    seats = [{"kind": "human"}, {"kind": "ai", "level": "normal"}]
    assert app.api.new_game("pig", {"seats": seats, "seed": "api"}) == {"ok": True}
    while not app.api.state()["over"]:
        legal = app.api.state()["legal"]
        assert legal, "a human to move always has a legal action"
        assert app.api.play(legal[-1]) == {"ok": True}  # Hold once something is at stake
        while app.api.busy():
            app.api.advance(0.01)
    saved = app.api.save()
    assert saved["game"] == "pig" and max(app.api.state()["scores"]) >= 20

    other = make_app()
    assert other.api.load(saved) == {"ok": True}
    assert other.api.state()["scores"] == app.api.state()["scores"]
    assert other.api.replay(saved) == {"ok": True, "plies": len(saved["log"])}
    assert other.api.replay_to(0).get("ok") and other.api.state()["screen"] == "replay"
