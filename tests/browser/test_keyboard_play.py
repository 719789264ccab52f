"""Every game played to its end with the keyboard alone: Tab reaches the choices (real buttons built from
the game's legal moves, app/choices.py), the arrows move between them, Enter or Space presses one. No mouse,
no page-API move."""

from __future__ import annotations

import json
import random

import pytest

from .conftest import api

SEATS = {"indecix": 2, "charidice": 3, "roudalon": 4, "marchands": 2, "paradice": 2}
OPTIONS = {"roudalon": {"parties": 1}, "marchands": {"round_limit": 8}, "paradice": {"round_limit": 6}}
FAST = json.dumps({"speed": "fast"})
FOCUS = """() => { const a = document.activeElement;
  return a ? (a.classList.contains("choice") ? "choice" : a.id === "choices" ? "group" : a.id || a.tagName) : ""; }"""


def _frames(page, n=2):
    page.evaluate(
        f"() => new Promise(r => {{ let k = {n}; const f = () => --k ? requestAnimationFrame(f) : r();"
        " requestAnimationFrame(f); })"
    )


@pytest.mark.parametrize("game_id", list(SEATS))
def test_a_game_is_played_to_its_end_with_the_keyboard_alone(page, open_app, game_id):
    page.add_init_script(f"localStorage.setItem('dicehall:settings', {FAST!r});")
    open_app("?lang=en")
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "easy"}] * (SEATS[game_id] - 1)
    api(
        page,
        f"newGame({json.dumps(game_id)}, {json.dumps({'seats': seats, 'seed': 'keys', **OPTIONS.get(game_id, {})})})",
    )
    rng = random.Random(game_id)
    presses = 0
    for _ in range(3000):
        if api(page, "state()")["over"]:
            break
        where = page.evaluate(FOCUS)
        if where == "choice":
            if rng.random() < 0.5:  # the last choice: Roll, Stop, Mark… come after the dice and cells
                page.keyboard.press("End")
            else:
                page.keyboard.press("Home")
                for _ in range(rng.randrange(6)):
                    page.keyboard.press(rng.choice(["ArrowRight", "ArrowDown"]))
            page.keyboard.press(rng.choice(["Enter", " "]))
            presses += 1
        elif where != "group":
            page.keyboard.press("Tab")
        _frames(page)
    state = api(page, "state()")
    assert state["over"], f"not over after {presses} presses"
    log = api(page, "save()")["log"]
    assert any(entry.get("by") == 0 for entry in log), "the human seat played"
    assert not page.errors, page.errors
