"""The choices as real buttons (app/choices.py): every game is played to its end through them alone, the way
the keyboard and a screen reader play it."""

from __future__ import annotations

import html
import random
import re

import pytest

from dicehall.app.app import App
from dicehall.app.storage import MemoryStorage

SEATS = {"indecix": 2, "charidice": 3, "roudalon": 4, "marchands": 2, "paradice": 3}
OPTIONS = {"roudalon": {"parties": 2}, "marchands": {"round_limit": 20}, "paradice": {"round_limit": 12}}
CHOICE = re.compile(r'<button type="button" class="btn choice" id="choice-(\d+)"[^>]*>([^<]*)</button>')
PROMPT = re.compile(r'<p class="choices-prompt">([^<]*)</p>')


def new_app(game_id: str, lang: str, seed: str) -> App:
    app = App(MemoryStorage(), {"lang": lang, "params": {}, "width": 1280, "height": 760, "embedded": False})
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "easy"}] * (SEATS[game_id] - 1)
    assert app.api.new_game(game_id, {"seats": seats, "seed": seed, **OPTIONS.get(game_id, {})}) == {"ok": True}
    app.pace.set_fast(False)  # the page's pace: animations run, the choices follow them
    return app


def play_through_choices(app: App, seed: str) -> tuple[int, set[str]]:
    """Press a random choice whenever some are offered, until the game ends; (presses, prompts seen)."""
    rng = random.Random(seed)
    dom, clock, presses, prompts = "", 0.0, 0, set()
    for _ in range(400_000):
        clock += 16
        dom = app.frame(clock).get("dom", dom)
        if app.session.over:
            return presses, prompts
        found = CHOICE.findall(dom)
        if not found:
            continue
        labels = [html.unescape(label) for _, label in found]
        assert all(label.strip() for label in labels), labels
        assert [int(i) for i, _ in found] == list(range(len(found)))
        prompts.add(html.unescape(PROMPT.search(dom).group(1)))
        app.input({"type": "cmd", "cmd": "choose", "arg": rng.choice(found)[0]})
        presses += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", list(SEATS))
def test_a_whole_game_is_played_through_the_choices_alone(game_id, lang):
    app = new_app(game_id, lang, f"choices-{lang}")
    presses, prompts = play_through_choices(app, f"choices-{lang}")
    assert app.session.over and presses >= 5
    human_moves = sum(1 for entry in app.api.save()["log"] if entry.get("by") == 0)
    assert human_moves > 0
    assert all(prompts), "a group of choices always says what the screen asks"


def test_a_choice_acts_as_the_press_it_stands_for_and_a_bad_index_does_nothing():
    app = new_app("indecix", "en", "bad-index")
    app.frame(0)
    dom = app.render_dom()
    assert 'id="choices"' in dom and "STOP: stop the die" in dom
    before = app.api.save()
    for bad in ("99", "-1", "x", None):
        app.input({"type": "cmd", "cmd": "choose", "arg": bad})
    assert app.api.save() == before and app.scene.can_stop()
    app.input({"type": "cmd", "cmd": "choose", "arg": "0"})  # STOP: the die shows its face
    assert not app.scene.can_stop() and app.scene.can_place()


def test_the_choices_are_empty_while_paused_and_say_so():
    app = new_app("roudalon", "fr", "paused")
    app.frame(0)
    app.input({"type": "cmd", "cmd": "pause"})
    dom = app.render_dom()
    assert "En pause" in PROMPT.search(dom).group(1) and not CHOICE.search(dom)
    before = app.api.save()
    app.input({"type": "cmd", "cmd": "choose", "arg": "0"})
    assert app.api.save() == before


def test_a_toggle_says_whether_it_is_pressed():
    app = new_app("charidice", "en", "toggle")
    clock = 0.0
    while not app.scene.can_toggle():
        clock += 16
        app.frame(clock)
        if not app.session.busy and app.scene.choices():
            app.input({"type": "cmd", "cmd": "choose", "arg": "0"})  # roll the six dice
    die = next(i for i, c in enumerate(app.scene.choices()) if c.pressed is not None)
    assert 'aria-pressed="false"' in app.render_dom()
    app.input({"type": "cmd", "cmd": "choose", "arg": str(die)})
    assert app.scene.choices()[die].pressed is True
    assert 'aria-pressed="true"' in app.render_dom()
