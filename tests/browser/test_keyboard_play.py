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


def _rect(page, selector):
    return page.evaluate(
        f"""() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();
                   return {{x: r.x, y: r.y, w: r.width, h: r.height}}; }}"""
    )


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_indecix_keyboard_focus_is_drawn_on_the_board_and_nothing_covers_the_grid(page, open_app, size):
    """The choices' bar names the square the keyboard is on; the board frames it, and the bar sits under the
    board, not over its grid."""
    from dicehall.games.indecix.scene_layout import compute_layout

    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script(f"localStorage.setItem('dicehall:settings', {FAST!r});")
    open_app("?lang=en")
    seats = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]
    api(page, f"newGame('indecix', {json.dumps({'seats': seats, 'seed': 'focus'})})")
    page.keyboard.press("Space")  # STOP: the die is on a face, the squares are to choose
    page.wait_for_function("() => window.dicehall.state().legal.some(a => a.type === 'place')")
    for _ in range(20):  # Tab past the toolbar to the choices
        if page.evaluate(FOCUS) == "choice":
            break
        page.keyboard.press("Tab")
    assert page.evaluate(FOCUS) == "choice"
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")  # the second square (the first legal ones, in reading order)
    label = page.evaluate("() => document.activeElement.textContent")
    cell = (ord(label[0]) - ord("A"), int(label[1]) - 1)
    _frames(page, 4)
    board = _rect(page, "#board")
    bar = _rect(page, "#choices")
    assert board["w"] > 0 and bar["h"] > 20
    lay = compute_layout(board["w"], board["h"])
    g = lay.grid
    grid = {"x": board["x"] + g.x, "y": board["y"] + g.y, "w": g.w, "h": g.h}
    overlap = min(grid["x"] + grid["w"], bar["x"] + bar["w"]) > max(grid["x"], bar["x"]) and min(
        grid["y"] + grid["h"], bar["y"] + bar["h"]
    ) > max(grid["y"], bar["y"])
    assert not overlap, (grid, bar)
    hit = page.evaluate(
        f"() => {{ const e = document.elementFromPoint({grid['x'] + g.w / 2}, {grid['y'] + g.h - 4}); return e && e.id; }}"
    )
    assert hit == "board", f"{hit!r} lies over the grid's last row"
    r = lay.cell_rect(*cell).inset(-4)
    clip = {"x": board["x"] + r.x, "y": board["y"] + r.y, "width": r.w, "height": r.h}
    focused = page.screenshot(clip=clip)
    page.keyboard.press("ArrowRight")  # the focus moves on: the square is drawn without its frame
    _frames(page, 4)
    assert page.screenshot(clip=clip) != focused, f"{label}: the focused square is not marked on the board"
    assert not page.errors, page.errors
