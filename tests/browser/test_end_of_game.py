"""The end of a game in real Chromium: a game played to its end shows the end panel over the board (focus in
it, Escape puts it aside, Result brings it back); Rematch, from the panel and from the page API, keeps the
seats and options with new dice; the win record counts the finished game once. (No duration is asserted.)"""

from __future__ import annotations

import json

from .conftest import api

SEATS = [{"kind": "human", "name": "Léa"}, {"kind": "ai", "level": "easy", "name": "Max"}]


def play_to_end(page) -> dict:
    """Léa plays the first legal action each time, the computer plays, until the game is over."""
    for _ in range(200):
        state = api(page, "state()")
        if state["over"]:
            return state
        assert state["legal"], "a human to move has a legal action"
        page.evaluate("a => window.dicehall.play(a)", state["legal"][0])
    raise AssertionError("the game did not end")


def stats(page) -> dict:
    return json.loads(page.evaluate("() => localStorage.getItem('dicehall:stats') || '{}'"))


def test_a_game_to_its_end_shows_the_end_panel(page, open_app):
    open_app("?lang=en")
    api(page, 'newGame("indecix", {seats: %s, seed: "end-1"})' % json.dumps(SEATS))
    state = play_to_end(page)
    page.wait_for_selector("#end-panel", state="visible")
    rows = page.locator("#end-ranking tbody tr")
    assert rows.count() == 2
    ranking = page.inner_text("#end-ranking")
    for seat, name in enumerate(("Léa", "Max")):
        assert name in ranking and str(state["view"]["scores"][seat]["total"]) in ranking
    summary = page.inner_text("#end-summary-0")
    assert "Captures" in summary and "Clean runs" in summary
    assert page.inner_text("#end-title").endswith("wins!") or page.inner_text("#end-title").startswith("A tie")
    # the focus moved into the panel, on Rematch
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'end-rematch'")
    assert page.is_enabled("#end-replay")  # the replay viewer: tests/browser/test_replay.py
    # Escape puts it aside (the final board), the toolbar's Result brings it back
    page.keyboard.press("Escape")
    page.wait_for_selector("#end-panel", state="detached")
    page.wait_for_selector("#end-show", state="visible")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'end-show'")
    page.keyboard.press("Enter")  # the keyboard brings it back
    page.wait_for_selector("#end-panel", state="visible")
    page.click("#end-aside")
    page.wait_for_selector("#end-panel", state="detached")
    page.click("#end-show")
    page.wait_for_selector("#end-panel", state="visible")
    # the menu's entry too
    page.click("#end-aside")
    page.wait_for_selector("#end-panel", state="detached")
    page.click("#menu-button")
    page.click('#game-menu [data-cmd="end-show"]')
    page.wait_for_selector("#end-panel", state="visible")
    assert stats(page)["indecix"]["played"] == 1
    # Back to the games
    page.click("#end-hub")
    page.wait_for_function("() => window.dicehall.state().screen === 'hub'")
    assert page.errors == []


def test_rematch_from_the_panel_and_the_page_api(page, open_app):
    open_app("?lang=fr")
    api(page, 'newGame("indecix", {seats: %s, seed: "end-2", mode: "master"})' % json.dumps(SEATS))
    first = api(page, "save()")
    play_to_end(page)
    page.wait_for_selector("#end-panel", state="visible")
    assert "Revanche" in page.inner_text("#end-rematch")
    page.click("#end-rematch")
    page.wait_for_function("() => !window.dicehall.state().over && window.dicehall.save().seed !== 'end-2'")
    page.wait_for_selector("#end-panel", state="detached")
    second = api(page, "save()")
    assert second["seats"] == first["seats"] and second["options"] == first["options"] == {
        "mode": "master",
        "suite_scoring": "text",
    }
    assert second["seed"] != first["seed"]
    assert stats(page)["indecix"]["played"] == 1, "the finished game counted once"
    # the page API: the same seats and options, another seed
    assert api(page, "rematch()") == {"ok": True}
    third = api(page, "save()")
    assert third["seats"] == first["seats"] and third["options"] == first["options"]
    assert third["seed"] not in (first["seed"], second["seed"])
    assert api(page, "state()")["screen"] == "game"
    stored = json.loads(page.evaluate("() => localStorage.getItem('dicehall:previous')"))
    assert stored["seed"] == second["seed"], "the replaced game is kept as the previous one"
    play_to_end(page)
    page.wait_for_selector("#end-panel", state="visible")
    assert stats(page)["indecix"]["played"] == 2
    assert page.errors == []


def test_the_end_panel_on_a_phone_by_touch(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(server.url + "?lang=fr")
        page.wait_for_function("() => window.dicehall && window.dicehall.ready")
        page.evaluate("() => window.dicehall.ready")
        api(page, 'newGame("indecix", {seats: %s, seed: "end-3"})' % json.dumps(SEATS))
        play_to_end(page)
        page.wait_for_selector("#end-panel", state="visible")
        box = page.locator("#end-panel").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
        page.tap("#end-aside")
        page.wait_for_selector("#end-panel", state="detached")
        page.tap("#end-show")
        page.wait_for_selector("#end-panel", state="visible")
        page.tap("#end-new-game")
        page.wait_for_function("() => window.dicehall.state().screen === 'setup'")
        assert page.input_value("#seat-name-0") == "Léa" and page.input_value("#seat-name-1") == "Max"
        assert page.input_value("#seat-kind-1") == "ai" and page.input_value("#seat-level-1") == "easy"
    finally:
        context.close()
