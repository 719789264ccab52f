"""Charidice (2-4 players) in real Chromium: a 3-player game (1 human + 2 computers) played to the end
through the page API, with a grande donation claimed by the human during his right neighbour's turn and a
reload in the middle; the hub and the setup dialog's seats (add / remove); the claim button of the scene.
(No request leaves the origin: see the ``context`` fixture.)"""

from __future__ import annotations

import json

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import api, wait_ready

CLAIM = {"type": "claim"}
SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "ai", "level": "expert"}, {"kind": "ai", "level": "normal"}]

# Plays one action of the human through the page API and, while the computers play on (window.dicehall.play
# drives them in ~10 ms steps, yielding to the event loop between steps), watches for la grande donation
# to be open to the human: it is when seat 2, his right neighbour, is to move. Claims it once if asked.
PLAY_AND_CLAIM = """async ([action, claim]) => {
  const d = window.dicehall;
  let finished = false, claimed = null;
  const done = d.play(action).finally(() => { finished = true; });
  while (claim && !finished) {
    await new Promise((r) => setTimeout(r, 0));
    const s = d.state();
    if (s.legal.some((a) => a.type === "claim")) {
      claimed = {turn: s.view.turn, round: s.view.round, active: s.view.active, to_move: s.to_move,
                 rolls: s.view.rolls, legal: s.legal};
      await d.play({type: "claim"});
      break;
    }
  }
  await done;
  return claimed;
}"""


def human_choice(state: dict) -> dict:
    """A simple player: stop after the first roll when he may, then mark the largest valid set."""
    own = [a for a in state["legal"] if a != CLAIM]
    assert own, state
    if {"type": "stop"} in own:
        return {"type": "stop"}
    marks = [a for a in own if a["type"] == "mark"]
    if marks:
        return max(marks, key=lambda a: (len(a["dice"]), a["dice"]))
    return own[0]  # roll 1: all six dice


def comparable(state: dict) -> dict:
    """What a reload must give back: the position, scores and sheets (a computer neighbour may be asked
    again about la grande donation after a reload, so its open/claimed flags are left out)."""
    view = dict(state["view"])
    view.pop("claim")
    return {
        "screen": state["screen"],
        "game": state["game"],
        "to_move": state["to_move"],
        "scores": state["scores"],
        "over": state["over"],
        "view": view,
        "legal": [a for a in state["legal"] if a != CLAIM],
    }


def test_a_three_player_game_with_a_claim_and_a_reload_through_the_page(page, open_app):
    open_app("?lang=fr")
    api(page, f"newGame('charidice', {json.dumps({'seats': SEATS, 'seed': 'page-claim'})})")
    state = api(page, "state()")
    assert state["screen"] == "game" and state["game"] == "charidice" and state["to_move"] == 0
    assert len(state["view"]["sheets"]) == 3 and len(state["scores"]) == 3
    save = api(page, "save()")
    assert save["options"]["players"] == 3 and [s["kind"] for s in save["seats"]] == ["human", "ai", "ai"]

    claim, reloaded, human_turns = None, False, 0
    while not state["over"]:
        assert state["to_move"] == 0, state  # play() returns once the computers are done
        if not reloaded and state["view"]["round"] >= 4 and state["view"]["rolls"] == 0:
            before = api(page, "state()")
            page.reload()
            wait_ready(page)
            page.wait_for_function("() => window.dicehall.state().screen === 'game'")
            after = api(page, "state()")
            assert comparable(after) == comparable(before)
            assert after["view"]["round"] == before["view"]["round"] >= 4
            reloaded = True
        action = human_choice(state)
        seen = page.evaluate(PLAY_AND_CLAIM, [action, claim is None and action["type"] == "mark"])
        if seen is not None:
            claim = seen
        human_turns += action["type"] == "mark"
        state = api(page, "state()")

    assert reloaded and human_turns == 7
    # the claim: offered to the human (seat 0) during seat 2's turn, alone (the human is not to move)
    assert claim is not None, "the grande donation was never open to the human during seat 2's turn"
    assert claim["active"] == 2 and claim["to_move"] == 2 and claim["legal"] == [CLAIM]
    view = state["view"]
    row = view["sheets"][0]["rows"][claim["round"] - 1]
    assert view["sheets"][0]["donation_round"] == claim["round"] and view["claim"]["used"][0]
    giver = view["sheets"][2]["rows"][claim["round"] - 1]
    assert row["received"] == giver["given"]  # doubled for the receiver, and the giver notes the doubled gift too

    # the end: 7 rounds filled for everyone, scores, winners
    assert state["to_move"] is None and state["legal"] == [] and view["over"] and view["round"] == 7
    for sheet in view["sheets"]:
        assert all(
            r["marked"] is not None and r["given"] is not None and r["received"] is not None for r in sheet["rows"]
        )
        assert sheet["total"] == (
            sheet["totals"]["marked"] + sheet["totals"]["bonus"] + sheet["totals"]["received"] + sheet["generosity"]
        )
    assert state["scores"] == [s["total"] for s in view["sheets"]]
    best = max(state["scores"])
    assert view["winners"] == [i for i, s in enumerate(state["scores"]) if s == best]
    # The toolbar's game-over chip comes with the next DOM render after the last action.
    page.wait_for_function("() => document.getElementById('ui').innerText.includes('Partie terminée')", timeout=10_000)
    stats = page.evaluate("() => JSON.parse(localStorage.getItem('dicehall:stats'))")
    assert stats["charidice"]["played"] == 1
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def test_gameover_message_to_the_embedding_page(page, server):
    host = """<!doctype html><meta charset="utf-8"><title>host</title>
        <script>window.msgs = []; addEventListener('message', (e) => window.msgs.push(e.data));</script>
        <iframe id="f" src="index.html?embed=1&game=charidice&lang=en" width="900" height="640"></iframe>"""
    page.route(
        server.url + "embed-host.html", lambda route: route.fulfill(status=200, content_type="text/html", body=host)
    )
    page.goto(server.url + "embed-host.html")
    frame = page.wait_for_selector("#f").content_frame()
    wait_ready(frame)
    assert frame.evaluate("window.dicehall.state()")["screen"] == "setup"
    assert frame.locator("fieldset.seat-row").count() == 3  # the embedded setup: Charidice's three seats
    seats = [{"kind": "ai", "level": "normal"}] * 3
    frame.evaluate(f"() => window.dicehall.newGame('charidice', {json.dumps({'seats': seats, 'seed': 'embed'})})")
    state = frame.evaluate("window.dicehall.state()")
    assert state["over"] is True
    page.wait_for_function("window.msgs.some((m) => m && m.type === 'dicehall:gameover')", timeout=10_000)
    msgs = page.evaluate("window.msgs")
    over = [m for m in msgs if m.get("type") == "dicehall:gameover"]
    assert len(over) == 1 and over[0]["game"] == "charidice"
    assert over[0]["scores"] == state["scores"] and over[0]["winners"] == state["view"]["winners"]
    assert {m["to_move"] for m in msgs if m.get("type") == "dicehall:turn"} == {0, 1, 2}
    assert not page.errors, page.errors


def test_the_hub_offers_charidice_and_its_setup_adds_and_removes_seats(page, open_app):
    open_app("?lang=en")
    card = page.locator('[data-game="charidice"]')
    assert "Coming soon" not in card.inner_text() and "2 to 4 players" in card.inner_text()
    page.click("#play-charidice")
    page.wait_for_selector("#start")
    assert page.locator("fieldset.seat-row").count() == 3
    assert page.inner_text("#seat-count") == "3 players (2 to 4)"
    assert [page.input_value(f"#seat-kind-{i}") for i in range(3)] == ["human", "ai", "ai"]
    page.click("#add-seat")
    page.wait_for_selector("#seat-name-3")
    assert page.locator("fieldset.seat-row").count() == 4 and page.locator("#add-seat").count() == 0
    assert page.input_value("#seat-name-3") == "Player 4" and page.input_value("#seat-kind-3") == "ai"
    page.click("#seat-remove-2")
    page.wait_for_function("() => document.querySelectorAll('fieldset.seat-row').length === 3")
    page.click("#seat-remove-2")
    page.wait_for_function("() => document.querySelectorAll('fieldset.seat-row').length === 2")
    assert page.locator(".seat-remove").count() == 0
    page.click("#add-seat")
    page.wait_for_selector("#seat-name-2")
    page.select_option("#seat-level-2", "easy")
    page.click("#start")
    page.wait_for_function("() => window.dicehall.state().screen === 'game'")
    save = api(page, "save()")
    assert save["game"] == "charidice" and save["options"]["players"] == 3
    assert [s.get("level") for s in save["seats"]][1:] == ["normal", "easy"]
    assert len({s["colour"] for s in save["seats"]}) == 3
    # the setup is remembered with its three seats
    assert (
        page.evaluate("() => JSON.parse(localStorage.getItem('dicehall:settings')).setup.charidice.seats.length") == 3
    )
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def test_the_human_claims_with_the_scenes_button_during_a_computers_turn(page, open_app):
    """Started from the setup dialog (animations on): seat 0 is a computer and seat 1, its left neighbour,
    the human; the scene holds the claim window open, and a click on its button claims."""
    from dicehall.games.charidice.scene_layout import compute_layout

    open_app("?lang=fr")
    page.evaluate("() => localStorage.setItem('dicehall:settings', JSON.stringify({lang: 'fr', speed: 'slow'}))")
    page.reload()  # slow speed: the scene holds each claim window open longer
    wait_ready(page)
    page.click("#play-charidice")
    page.wait_for_selector("#start")
    page.select_option("#seat-kind-0", "ai")
    page.wait_for_selector("#seat-level-0")
    page.select_option("#seat-kind-1", "human")
    page.click("#start")
    page.wait_for_function("() => window.dicehall.state().screen === 'game'", timeout=30_000)
    page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().width > 0")
    box = page.evaluate("""() => { const r = document.getElementById('board').getBoundingClientRect();
                                   return {x: r.x, y: r.y, w: r.width, h: r.height}; }""")
    help_on = True  # the "marking help" display toggle is on by default: the layout leaves room for it
    claim = compute_layout(box["w"], box["h"], 3, help_on).claim
    claimed = False
    for _ in range(3):  # the window opens before roll 1, after roll 1 and after roll 2 of seat 0's turn
        page.wait_for_function(
            """() => { const s = window.dicehall.state();
            return s.view.turn > 0 || s.legal.some((a) => a.type === 'claim'); }""",
            timeout=30_000,
        )
        state = api(page, "state()")
        if state["view"]["turn"] > 0:
            break
        assert state["to_move"] == 0 and state["view"]["claim"]["eligible"] == 1
        page.mouse.click(box["x"] + claim.cx, box["y"] + claim.cy)
        try:
            page.wait_for_function("() => window.dicehall.state().view.claim.claimed", timeout=4_000)
        except PlaywrightTimeout:
            continue
        claimed = True
        break
    assert claimed, "a click on the claim button did not claim during seat 0's first turn"
    # the computer's turn goes on; the human receives the doubled gift and may not claim again
    page.wait_for_function("() => { const v = window.dicehall.state().view; return v.turn >= 1; }", timeout=60_000)
    view = api(page, "state()")["view"]
    assert view["last"]["player"] == 0 and view["last"]["receiver"] == 1 and view["last"]["claimed"]
    assert view["sheets"][1]["donation_round"] == 1
    assert view["sheets"][1]["rows"][0]["received"] == view["last"]["given"]  # both record the doubled points
    assert view["claim"]["used"][1]
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def test_g_pressed_while_a_computers_dice_are_in_the_air_is_taken_or_refused_with_a_reason(page, open_app):
    """Seat 0 a computer, seat 1 the human, its left neighbour: G pressed while seat 0's dice are rolling is
    never lost in silence. Once the dice are down it claims; in the air the screen reader hears why not (the
    claim reopens once they land)."""
    open_app("?lang=fr")
    page.evaluate("() => localStorage.setItem('dicehall:settings', JSON.stringify({lang: 'fr', speed: 'slow'}))")
    page.reload()  # slow speed (the page API's newGame would play the computers at once)
    wait_ready(page)
    page.click("#play-charidice")
    page.wait_for_selector("#start")
    page.select_option("#seat-kind-0", "ai")
    page.wait_for_selector("#seat-level-0")
    page.select_option("#seat-kind-1", "human")
    page.click("#start")
    page.wait_for_function("() => window.dicehall.state().screen === 'game'", timeout=30_000)
    page.locator("#board").focus()
    outcomes = []
    for _ in range(4):
        page.wait_for_function(
            "() => { const s = window.dicehall.state(); return s.view.phase === 'throw' || s.view.turn > 0; }",
            timeout=30_000,
        )
        if api(page, "state()")["view"]["turn"] > 0:
            break
        page.evaluate("() => { for (const p of document.querySelectorAll('#live p')) p.remove(); }")
        page.keyboard.press("g")
        page.wait_for_function(
            """() => window.dicehall.state().view.claim.claimed
                || /Les dés roulent|Trop tard/.test(document.getElementById('live').textContent)""",
            timeout=5_000,
        )
        if api(page, "state()")["view"]["claim"]["claimed"]:
            outcomes.append("claimed")
            break
        outcomes.append("refused")
        page.wait_for_function("() => window.dicehall.state().view.phase !== 'throw'", timeout=30_000)
    assert outcomes, "seat 0's dice were never seen in the air"
    assert not [e for e in page.errors if "pageerror" in e], page.errors
