"""Indecix played in real Chromium through the page: clicks and keys for some turns, the page API for the
rest; reload-resume; a corrupted save reported and kept aside. (No request leaves the origin: see
the ``context`` fixture.)"""

from __future__ import annotations

import json

from dicehall.games.indecix.scene_layout import compute_layout

from .conftest import api, wait_ready


def canvas_box(page) -> dict:
    page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().width > 0")
    return page.evaluate("""() => { const r = document.getElementById('board').getBoundingClientRect();
                                    return {x: r.x, y: r.y, w: r.width, h: r.height}; }""")


def click_cell(page, cell: tuple[int, int]) -> None:
    box = canvas_box(page)
    rect = compute_layout(box["w"], box["h"]).cell_rect(*cell)
    page.mouse.click(box["x"] + rect.cx, box["y"] + rect.cy)


def wait_human_turn(page, turn: int) -> dict:
    page.wait_for_function(
        f"() => {{ const s = window.dicehall.state(); return s.over || (s.legal.length > 0 && s.view.turn >= {turn}); }}",
        timeout=30_000,
    )
    return api(page, "state()")


def start_from_the_hub(page) -> dict:
    page.click("#play-indecix")
    page.wait_for_selector("#start")
    page.select_option("#seat-level-1", "normal")
    page.click("#start")
    page.wait_for_function("() => window.dicehall.state().screen === 'game'")
    return wait_human_turn(page, 1)


def test_a_whole_game_against_the_computer_through_the_page(page, open_app):
    open_app("?lang=fr")
    state = start_from_the_hub(page)
    assert state["view"]["turn"] == 1 and state["to_move"] == 0

    # Turn 1: STOP with Space, then a mouse click on a legal cell.
    page.keyboard.press("Space")
    target = state["legal"][0]["cell"]
    click_cell(page, tuple(target))
    state = wait_human_turn(page, 3)
    assert state["view"]["grid"][target[1]][target[0]] == {
        "face": state["view"]["grid"][target[1]][target[0]]["face"],
        "owner": 0,
    }

    # Turn 3: Space, then arrows + Enter on the keyboard.
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    state = wait_human_turn(page, 5)
    assert state["view"]["turn"] == 5

    # The rest through the page API (OK/Pass included when a die cannot be placed).
    while not state["over"]:
        api(page, f"play({json.dumps(state['legal'][0])})")
        state = api(page, "state()")
    view = state["view"]
    assert view["turn"] == 36 and state["to_move"] is None and state["legal"] == []
    best = max(state["scores"])
    assert view["winners"] == [i for i, s in enumerate(state["scores"]) if s == best]
    assert state["scores"] == [view["scores"][i]["total"] for i in range(2)]
    # The game-over banner is drawn once the last placement's animation has finished.
    page.wait_for_function("() => document.getElementById('ui').innerText.includes('Partie terminée')", timeout=10_000)
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def test_an_illegal_action_is_refused_with_a_message(page, open_app):
    open_app()
    api(page, 'newGame("indecix", {seed: "illegal"})')
    message = page.evaluate("""async () => {
        try { await window.dicehall.play({type: "place", cell: [7, 7]}); return null; }
        catch (e) { return e.message; } }""")
    assert message and "not legal" in message


def test_reload_mid_game_resumes_the_same_position(page, open_app):
    open_app()
    api(page, 'newGame("indecix", {seed: "reload", seats: [{kind: "human"}, {kind: "ai", level: "expert"}]})')
    for _ in range(4):
        state = api(page, "state()")
        api(page, f"play({json.dumps(state['legal'][-1])})")
    before = api(page, "state()")
    page.reload()
    wait_ready(page)
    after = api(page, "state()")
    assert after["screen"] == "game"
    assert after == before


def test_master_mode_from_the_page_api(page, open_app):
    open_app("?lang=en")
    api(
        page, 'newGame("indecix", {mode: "master", seed: "m", seats: [{kind: "human"}, {kind: "ai", level: "expert"}]})'
    )
    state = api(page, "state()")
    assert state["view"]["mode"] == "master"
    assert {a["type"] for a in state["legal"]} == {"choose"}
    api(page, 'play({type: "choose", face: 3})')
    state = api(page, "state()")
    assert state["view"]["die"] == 3 and {a["type"] for a in state["legal"]} <= {"place", "pass"}


def test_a_corrupted_save_is_reported_and_kept_aside(page, open_app):
    open_app()
    page.evaluate("() => localStorage.setItem('dicehall:current', '{\"format\": \"dicehall.save/1\", oops')")
    page.reload()
    wait_ready(page)
    assert api(page, "state()")["screen"] == "hub"
    banner = page.inner_text(".banner.error")
    assert "dicehall:unreadable:1" in banner
    kept = page.evaluate("() => localStorage.getItem('dicehall:unreadable:1')")
    assert kept == '{"format": "dicehall.save/1", oops'
    # the page still works: a new game starts and is saved
    api(page, 'newGame("indecix", {seed: "after"})')
    assert page.evaluate("() => JSON.parse(localStorage.getItem('dicehall:current')).game") == "indecix"
