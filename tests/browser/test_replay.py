"""The replay viewer in real Chromium, in every game: a game played to its end, then watched from the end
panel: the viewer's controls step through it, replayTo reaches the same final view as the game, the move
log follows the position, Escape closes it on the finished game, and the stored game is never touched;
replay(save) refuses a damaged save in one line; a recent game is watched from the win record."""

from __future__ import annotations

import json

import pytest

from .conftest import api

GAMES = {  # (seats, options): quick variants, one human and computers
    "indecix": (2, {}),
    "charidice": (2, {}),
    "roudalon": (4, {"parties": 1}),
    "marchands": (2, {"size": 30}),
    "paradice": (2, {"round_limit": 20}),
}


def finish(page, game: str) -> dict:
    count, options = GAMES[game]
    seats = [{"kind": "human", "name": "Léa"}] + [{"kind": "ai", "level": "easy"}] * (count - 1)
    api(page, f'newGame("{game}", {json.dumps({"seats": seats, "seed": "replay-" + game, **options})})')
    for _ in range(3000):
        state = api(page, "state()")
        if state["over"]:
            return state
        page.evaluate("a => window.dicehall.play(a)", state["legal"][0])
    raise AssertionError("the game did not end")


def stored(page) -> str | None:
    return page.evaluate("() => localStorage.getItem('dicehall:current')")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_replay_of_a_finished_game_reaches_its_final_view(page, open_app, game):
    open_app("?lang=en")
    final = finish(page, game)
    page.wait_for_selector("#end-panel", state="visible")
    before = stored(page)
    page.click("#end-replay")
    page.wait_for_selector("#replay-bar", state="visible")
    state = api(page, "state()")
    assert state["screen"] == "replay" and state["replay"]["ply"] == 0 and state["legal"] == []
    plies = state["replay"]["plies"]
    assert plies == len(api(page, "save()")["log"])
    page.click("#replay-forward")
    page.click("#replay-forward")
    page.wait_for_function("() => dicehall.state().replay.ply === 2")
    page.wait_for_function("() => document.querySelector('#replay-where').textContent.startsWith('2 /')")
    page.click("#replay-back")
    page.wait_for_function("() => dicehall.state().replay.ply === 1")
    page.click("#replay-last")
    page.wait_for_function(f"() => dicehall.state().replay.ply === {plies}")
    state = api(page, "state()")
    assert state["view"] == final["view"] and state["scores"] == final["scores"] and state["over"]
    # replayTo: any position; the move log shows the entries before it only
    every = page.eval_on_selector_all("#move-log li[data-ply]", "els => els.map(e => +e.dataset.ply)")
    half = sorted(set(every))[len(set(every)) // 2] + 1  # a position with lines before and after it
    assert api(page, f"replayTo({half})") == {"ok": True, "ply": half}
    page.wait_for_function(f"() => document.querySelector('#replay-slider').value === '{half}'")
    shown = page.eval_on_selector_all("#move-log li[data-ply]", "els => els.map(e => +e.dataset.ply)")
    assert shown and max(shown) < half < max(every) + 1
    assert api(page, f"replayTo({plies})")["ply"] == plies
    assert api(page, "state()")["view"] == final["view"]
    assert stored(page) == before  # the viewer never writes the stored game
    page.keyboard.press("Escape")
    page.wait_for_function("() => dicehall.state().screen === 'game'")
    assert api(page, "state()")["view"] == final["view"]


def test_the_viewer_plays_at_the_chosen_pace_and_keys_step(page, open_app):
    open_app("?lang=fr")
    finish(page, "charidice")
    save = api(page, "save()")
    api(page, 'speed("instant")')
    assert api(page, f"replay({json.dumps(save)})")["plies"] == len(save["log"])
    page.locator("#board").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => dicehall.state().replay.ply === 2")
    page.keyboard.press("Home")
    page.wait_for_function("() => dicehall.state().replay.ply === 0")
    page.click("#replay-play")
    page.wait_for_function("() => dicehall.state().replay.ply > 5")
    page.click("#replay-play")  # pause (the bar is drawn again at every step: the click may land between two)
    page.wait_for_function(
        "() => document.querySelector('#replay-play').getAttribute('aria-label').startsWith('Lecture')"
    )
    # at the instant pace the whole game may have played by now; play it again at a watchable pace, and
    # pause it with Space on the board (the canvas is never drawn again as HTML)
    api(page, 'speed("fast")')
    page.locator("#board").focus()
    page.keyboard.press("Home")
    page.keyboard.press(" ")
    page.wait_for_function("() => dicehall.state().replay.ply > 3")
    page.keyboard.press(" ")
    page.wait_for_function(
        "() => document.querySelector('#replay-play').getAttribute('aria-label').startsWith('Lecture')"
    )
    page.wait_for_timeout(300)  # the values the page keeps arrive with the worker's next frames
    held = api(page, "state()")["replay"]["ply"]
    page.wait_for_timeout(600)
    assert api(page, "state()")["replay"]["ply"] == held < len(save["log"])
    # the mouse too: the bar is drawn again at every step, and a click on its pause button is not lost
    page.keyboard.press(" ")
    page.wait_for_function(f"() => dicehall.state().replay.ply > {held + 2}")
    page.click("#replay-play")
    page.wait_for_function(
        "() => document.querySelector('#replay-play').getAttribute('aria-label').startsWith('Lecture')"
    )
    page.wait_for_timeout(300)
    paused = api(page, "state()")["replay"]["ply"]
    page.wait_for_timeout(600)
    assert api(page, "state()")["replay"]["ply"] == paused < len(save["log"])
    assert "Revoir" in page.inner_text(".replay-toolbar")


def test_a_damaged_save_is_refused_and_a_recent_game_is_watched_from_the_record(page, open_app):
    open_app("?lang=en")
    finish(page, "indecix")
    save = api(page, "save()")
    save["log"][2]["by"] = 7
    message = page.evaluate("s => window.dicehall.replay(s).then(() => 'opened', e => e.message)", save)
    assert message != "opened" and "\n" not in message
    assert api(page, "state()")["screen"] == "game"
    page.keyboard.press("Escape")  # the end panel aside
    page.click("#menu-button")
    page.click("#menu-record")
    page.wait_for_selector("#recent-replay-0", state="visible")
    assert "Indecix" in page.inner_text("#recent-list")
    page.click("#recent-replay-0")
    page.wait_for_selector("#replay-bar", state="visible")
    assert api(page, "state()")["game"] == "indecix"
