"""Le Roudalon (3-6 players) in real Chromium: a 4-seat match (1 human + 3 computers) played to the end
through the page API with at least one alliance involving the human and a reload in the middle; the hub
and the setup dialog's four seats. (No request leaves the origin: see the ``context`` fixture.)"""

from __future__ import annotations

import json

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import api, wait_ready

SEATS = [
    {"kind": "human", "name": "Ana"},
    {"kind": "ai", "level": "normal"},
    {"kind": "ai", "level": "expert"},
    {"kind": "ai", "level": "expert"},
]
ACCEPT, CLOSE, PROPOSE = {"type": "accept"}, {"type": "close"}, {"type": "propose"}


def human_choice(state: dict, want_alliance: bool) -> dict:
    """A plain player: says yes to every alliance and closes it at once; proposes one while he has not
    been in one; throws when the pot is in reach (one die for 1-6, two for 7-12), else stakes 1."""
    legal, view = state["legal"], state["view"]
    assert legal, state
    if ACCEPT in legal:
        return ACCEPT
    if CLOSE in legal:
        return CLOSE
    throws = {a["dice"]: a for a in legal if a["type"] == "throw"}
    if view["phase"] == "chain":  # a member's throw: one die while the rest is within one die's reach
        remaining = view["pot"] - view["alliance"]["total"]
        return throws[1] if remaining <= 6 or 2 not in throws else throws[2]
    if want_alliance and PROPOSE in legal:
        return PROPOSE
    pot = view["pot"]
    if 2 in throws and 7 <= pot <= 12:
        return throws[2]
    if 1 in throws and pot <= 6:
        return throws[1]
    stakes = [a for a in legal if a["type"] == "stake"]
    return stakes[0] if stakes else legal[0]  # the smallest stake, else throw or pass


def test_a_four_seat_match_with_an_alliance_and_a_reload_through_the_page(page, open_app):
    open_app("?lang=fr")
    api(page, f"newGame('roudalon', {json.dumps({'seats': SEATS, 'seed': 'page-alliance', 'parties': 3})})")
    state = api(page, "state()")
    assert state["screen"] == "game" and state["game"] == "roudalon" and state["to_move"] == 0
    view = state["view"]
    assert len(view["seats"]) == 4 and view["parties"] == 3 and view["party"] == 1
    assert view["throwoff"]["rounds"] and view["starter"] is not None  # the throw-off decided who starts
    save = api(page, "save()")
    assert save["options"]["players"] == 4 and [s["kind"] for s in save["seats"]] == ["human", "ai", "ai", "ai"]

    allied, reloaded = None, False
    while not state["over"]:
        view = state["view"]
        assert state["to_move"] == 0, state  # play() returns once the computers are done
        assert view["pot"] == sum(s["staked"] for s in view["seats"]) <= view["pot_ceiling"]
        assert all(0 <= s["held"] <= 2 for s in view["seats"])
        if view["phase"] == "chain" and allied is None:
            allied = view["alliance"]
            assert 0 in allied["members"] and len(allied["members"]) >= 2
        if not reloaded and view["party"] >= 2 and view["phase"] == "turn":
            page.reload()
            wait_ready(page)
            page.wait_for_function("() => window.dicehall.state().screen === 'game'")
            assert api(page, "state()") == state
            reloaded = True
        api(page, f"play({json.dumps(human_choice(state, allied is None))})")
        state = api(page, "state()")

    assert reloaded and allied is not None, "no alliance with the human was ever formed"
    view = state["view"]
    assert state["to_move"] is None and state["legal"] == [] and view["over"] and view["party"] == 3
    standings = view["standings"]
    assert len(standings["parties"]) == 3 and all(sum(nets) == 0 for nets in standings["parties"])
    assert standings["totals"] == [sum(p[i] for p in standings["parties"]) for i in range(4)] == state["scores"]
    best = max(state["scores"])
    assert view["winners"] == [i for i, s in enumerate(state["scores"]) if s == best]
    page.wait_for_function("() => document.getElementById('ui').innerText.includes('Partie terminée')", timeout=10_000)
    stats = page.evaluate("() => JSON.parse(localStorage.getItem('dicehall:stats'))")
    assert stats["roudalon"]["played"] == 1
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def test_the_hub_offers_le_roudalon_with_four_seats(page, open_app):
    open_app("?lang=en")
    card = page.locator('[data-game="roudalon"]')
    assert "Coming soon" not in card.inner_text() and "3 to 6 players" in card.inner_text()
    page.click("#play-roudalon")
    page.wait_for_selector("#start")
    assert page.locator("fieldset.seat-row").count() == 4
    assert [page.input_value(f"#seat-kind-{i}") for i in range(4)] == ["human", "ai", "ai", "ai"]
    page.click("#add-seat")
    page.wait_for_selector("#seat-name-4")
    page.click("#add-seat")
    page.wait_for_selector("#seat-name-5")
    assert page.locator("#add-seat").count() == 0  # six seats at most
    page.select_option("#option-parties", "2")
    page.click("#start")
    page.wait_for_function("() => window.dicehall.state().screen === 'game'")
    save = api(page, "save()")
    assert save["game"] == "roudalon" and save["options"] == {"players": 6, "parties": 2, "dead_party": "void"}
    assert len({s["colour"] for s in save["seats"]}) == 6
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def test_the_human_stakes_with_the_scenes_button(page, open_app):
    """Started from the setup dialog (animations on): the human stakes with a click on the scene's stake
    button and gets his second die."""
    from dicehall.games.roudalon.scene_layout import compute_layout

    open_app("?lang=fr")
    page.click("#play-roudalon")
    page.wait_for_selector("#start")
    page.click("#start")
    page.wait_for_function("() => window.dicehall.state().screen === 'game'", timeout=30_000)
    page.wait_for_function("() => window.dicehall.state().to_move === 0", timeout=60_000)
    box = page.evaluate("""() => { const r = document.getElementById('board').getBoundingClientRect();
                                   return {x: r.x, y: r.y, w: r.width, h: r.height}; }""")
    layout = compute_layout(box["w"], box["h"], 4)
    before = api(page, "state()")["view"]
    button = layout.stakes[2]  # stake 3
    staked = before["seats"][0]["staked"] + 3
    for _ in range(20):  # the controls answer once the scene has shown the throw-off and the computers' turns
        page.mouse.click(box["x"] + button.cx, box["y"] + button.cy)
        try:
            page.wait_for_function(f"() => window.dicehall.state().view.seats[0].staked === {staked}", timeout=500)
            break
        except PlaywrightTimeout:
            pass
    assert api(page, "state()")["view"]["seats"][0]["staked"] == staked
    after = api(page, "state()")["view"]
    assert after["seats"][0]["held"] == min(2, before["seats"][0]["held"] + 1)
    assert not [e for e in page.errors if "pageerror" in e], page.errors
