"""Keys reach the game after a click on the toolbar: Space never repeats Undo."""

from __future__ import annotations

import json

from .conftest import api


def test_space_after_a_click_on_undo_goes_to_the_game_not_to_undo(page, open_app):
    open_app("?lang=en")
    api(page, 'newGame("indecix", {seed: "keys", seats: [{kind: "human"}, {kind: "ai", level: "easy"}]})')
    for _ in range(2):
        state = api(page, "state()")
        api(page, f"play({json.dumps(state['legal'][0])})")
    before = len(api(page, "save()")["log"])
    page.click("#undo")
    page.wait_for_function(f"() => window.dicehall.save().log.length < {before}")
    after_undo = len(api(page, "save()")["log"])
    assert page.evaluate("() => document.activeElement.id") == "board"
    for _ in range(3):
        page.keyboard.press(" ")
    page.evaluate("() => new Promise(requestAnimationFrame)")
    assert len(api(page, "save()")["log"]) >= after_undo, "Space undid again"
    # From the keyboard, Space on the focused undo button does not undo either; Enter does.
    page.focus("#undo")
    page.keyboard.press(" ")
    page.evaluate("() => new Promise(requestAnimationFrame)")
    assert len(api(page, "save()")["log"]) >= after_undo
    assert not page.errors, page.errors
