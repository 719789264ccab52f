"""Paradice in real Chromium: a 3-player game (1 human + 2 computers) played to its end through the page,
the human choosing directions (the first one with the arrow keys), buying and selling when short; the
demonstration from the setup dialog; the statistics views, the event viewer and the route viewer from the
game menu. (No request leaves the origin: see the ``context`` fixture.)"""

from __future__ import annotations

import json

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import api

SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "ai", "level": "normal"}, {"kind": "ai", "level": "normal"}]


def human_choice(legal: list[dict]) -> dict:
    """A plain player: buys whatever he lands on, takes the last direction offered, sells his first event."""
    kinds = {a["type"] for a in legal}
    if "buy" in kinds:
        return {"type": "buy"}
    if "go" in kinds:
        return legal[-1]
    return legal[0]


def wait_for_human(page) -> dict:
    page.wait_for_function(
        "() => { const s = window.dicehall.state(); return s.over || s.to_move === 0; }", timeout=60_000, polling=100
    )
    return api(page, "state()")


def test_a_three_player_game_with_directions_purchases_and_sales(page, open_app):
    open_app("?lang=fr")
    options = {"seats": SEATS, "seed": "page-0", "round_limit": 60}
    api(page, f"newGame('paradice', {json.dumps(options)})")
    state = wait_for_human(page)
    view = state["view"]
    assert state["game"] == "paradice" and view["players"] == 3 and view["price"] == 3750
    assert view["phase"] == "direction" and sorted(view["directions"]) == ["E", "N", "S", "W"]  # the start
    assert view["balances"] == [100_000] * 3 and len(view["owners"]) == 52

    # the first step with the keyboard: the scene takes the arrow once it has shown the dice
    page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().width > 0")
    page.locator("#board").focus()
    for _ in range(40):
        page.keyboard.press("ArrowUp")
        try:
            page.wait_for_function(
                "() => window.dicehall.state().view.trail.length > 1 || window.dicehall.state().to_move !== 0",
                timeout=500,
            )
            break
        except PlaywrightTimeout:
            pass
    state = api(page, "state()")
    assert state["view"]["trail"][:2] == [[7, 5], [7, 4]], "the pawn left the start northwards"

    done: set[str] = set()
    while not state["over"]:
        state = wait_for_human(page)
        if state["over"]:
            break
        action = human_choice(state["legal"])
        if action["type"] == "sell":
            selling = state["view"]["selling"]
            assert selling["missing"] > 0 and selling["due"] > state["view"]["balances"][0]
        done.add(action["type"])
        assert api(page, f"play({json.dumps(action)})") == {"ok": True}
        state = api(page, "state()")
        view = state["view"]
        assert view["jackpot"] >= 0 and all(b >= 0 for b, out in zip(view["balances"], view["eliminated"]) if not out)

    assert {"go", "buy", "sell"} <= done, done
    view = state["view"]
    assert view["over"] and view["phase"] == "over" and state["legal"] == [] and len(view["winners"]) >= 1
    assert [r["place"] for r in view["ranking"]][0] == 1 and len(view["ranking"]) == 3
    page.wait_for_function("() => document.getElementById('ui').innerText.includes('Partie terminée')", timeout=10_000)
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def test_the_demonstration_plays_six_computers_from_the_setup(page, open_app):
    open_app("?lang=en")
    card = page.locator('[data-game="paradice"]')
    assert "Coming soon" not in card.inner_text() and "2 to 6 players" in card.inner_text()
    page.click("#play-paradice")
    page.wait_for_selector("#demo")
    assert page.locator("fieldset.seat-row").count() == 6
    page.click("#demo")
    page.wait_for_function("() => window.dicehall.state().screen === 'game'", timeout=30_000)
    save = api(page, "save()")
    assert save["game"] == "paradice" and len(save["seats"]) == 6
    assert all(seat["kind"] == "ai" for seat in save["seats"])
    # the computers play on their own, at the chosen speed: some pawns leave the start, money moves
    page.wait_for_function(
        "() => { const v = window.dicehall.state().view; "
        "return v.pawns.filter(p => p && (p[0] !== 7 || p[1] !== 5)).length >= 2; }",
        timeout=90_000,
        polling=250,
    )
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def canvas_picture(page) -> str:
    return page.evaluate("() => document.getElementById('board').toDataURL('image/png')")


def test_the_statistics_views_and_the_two_viewers_open_from_the_menu(page, open_app):
    open_app("?lang=fr")
    options = {"seats": [{"kind": "human"}] + [{"kind": "ai", "level": "easy"}] * 3, "seed": "page-stats"}
    api(page, f"newGame('paradice', {json.dumps(options)})")
    state = wait_for_human(page)
    for _ in range(12):  # a few rounds, so that the statistics have something to show
        api(page, f"play({json.dumps(human_choice(state['legal']))})")
        state = wait_for_human(page)
    assert state["view"]["round"] >= 2
    page.click("#pause")
    page.wait_for_selector("#resume-play")
    page.wait_for_timeout(300)
    pictures = {"paused": canvas_picture(page)}
    entries = [
        ("scene:stats", "evolution"),
        ("scene:stats", "events"),
        ("scene:stats", "rolls"),
        ("scene:stats", "credits"),
        ("scene:stats", "debits"),
        ("scene:stats", "turn"),
        ("scene:events", None),
        ("scene:events", None),
        ("scene:route", "2"),
        ("scene:route", "2"),
    ]
    for cmd, arg in entries:
        page.click("#menu-button")
        selector = f'[data-cmd="{cmd}"]' + (f'[data-arg="{arg}"]' if arg is not None else "")
        page.click(f"#game-menu {selector}")
        page.wait_for_timeout(250)
        pictures[f"{cmd} {arg} {len(pictures)}"] = canvas_picture(page)
    shots = list(pictures.values())
    # each statistics view is a picture of its own; the viewers open (a new picture) and close again
    assert len(set(shots[:6])) == 6, "every statistics view draws something different"
    assert shots[6] == shots[0], "back to the round balance, shown first"
    assert shots[7] not in shots[:7] and shots[8] == shots[6], "the event viewer opens, then closes"
    assert shots[9] not in shots[:9] and shots[10] == shots[8], "the route viewer opens, then closes"
    assert api(page, "state()")["view"] == state["view"], "viewing changes nothing in the game"
    page.click("#resume-play")
    page.wait_for_selector("#pause")
    assert not [e for e in page.errors if "pageerror" in e], page.errors
