"""On a touch screen no game shows keyboard hints: no "[Space]" on a button, no keys' reminder, no "(Enter)"
in a prompt. A key press brings them back (the last input decides)."""

from __future__ import annotations

import random
import re

import pytest

from dicehall.app.app import App
from dicehall.app.storage import MemoryStorage
from dicehall.ui.canvas import DisplayList

SEATS = {"indecix": 2, "charidice": 3, "roudalon": 4, "marchands": 2, "paradice": 2}
OPTIONS = {"roudalon": {"parties": 1}, "marchands": {"round_limit": 6}, "paradice": {"round_limit": 4}}
KEY_HINT = re.compile(
    r"\[(Space|Espace|Enter|Entrée|[A-Z0-9])\]|\((Space|Espace|Enter|Entrée)\)|^Keys|^Touches|^Espace|^Space"
)


def shown_texts(game_id: str, touch: bool, lang: str) -> set[str]:
    app = App(
        MemoryStorage(), {"lang": lang, "params": {}, "width": 390, "height": 760, "embedded": False, "touch": touch}
    )
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "easy"}] * (SEATS[game_id] - 1)
    assert app.api.new_game(game_id, {"seats": seats, "seed": "touch", **OPTIONS.get(game_id, {})}) == {"ok": True}
    app.pace.set_fast(False)
    rng, clock, seen = random.Random(game_id), 0.0, set()
    for step in range(60_000):
        clock += 16
        out = app.frame(clock)
        if "draw" in out:
            dl = DisplayList()
            dl.ops = out["draw"]
            seen.update(dl.texts())
        if app.session.over or len(app.session.match.log) > 40:
            break
        options = app.scene.choices()
        if options and step % 4 == 0:
            app.input({"type": "cmd", "cmd": "choose", "arg": rng.randrange(len(options))})
    return seen


@pytest.mark.parametrize("game_id", list(SEATS))
def test_a_touch_screen_shows_no_keyboard_hints(game_id):
    for lang in ("fr", "en"):
        hints = sorted(text for text in shown_texts(game_id, True, lang) if KEY_HINT.search(text))
        assert hints == [], hints


def test_a_keyboard_still_gets_its_hints():
    assert any(KEY_HINT.search(text) for text in shown_texts("roudalon", False, "en"))
    assert any(KEY_HINT.search(text) for text in shown_texts("charidice", False, "fr"))
