"""Dés & Marchands in real Chromium: a 2-player game (1 human + 1 computer) played to the end through the
page API with a merchant visit by the human; zoom and pan of the board with the wheel and a drag; the
hub card; the quick 30 × 30 board and a bonus callout read out. (No request leaves the origin: see the ``context`` fixture.)"""

from __future__ import annotations

import json

from .conftest import api

SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "ai", "level": "normal"}]


def distance(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def human_choice(state: dict, visited: bool) -> dict:
    """A plain player: heads for the nearest merchant until he has traded once, then for the end cell; at a
    merchant he makes the first transaction that adds power (else the first allowed), after that he
    leaves; on a bonus he takes the coins."""
    legal, view = state["legal"], state["view"]
    assert legal, state
    kinds = {a["type"] for a in legal}
    if kinds == {"roll"}:
        return legal[0]
    if "bonus" in kinds:
        return next(a for a in legal if a.get("choice") == "coins")
    if view["phase"] == "merchant":
        trades = [a for a in legal if a["type"] != "leave"]
        if visited or not trades:
            return {"type": "leave"}
        better = [a for a in trades if a["type"] == "replace" and a["token"].isdigit()]
        return (better or trades)[0]
    board = view["board"]
    goals = [tuple(board["end"])] if visited else [tuple(c) for c in board["specials"]["merchant"]]
    moves = [a for a in legal if a["type"] == "move"]
    return min(moves, key=lambda a: min(distance(a["to"], g) for g in goals))


def test_a_two_player_game_with_a_merchant_visit_through_the_page(page, open_app):
    open_app("?lang=fr")
    options = {"seats": SEATS, "seed": "page-merchant", "round_limit": 80}
    api(page, f"newGame('marchands', {json.dumps(options)})")
    state = api(page, "state()")
    assert state["screen"] == "game" and state["game"] == "marchands" and state["to_move"] == 0
    view = state["view"]
    assert view["board"]["size"] == 50 and view["board"]["end"] == [24, 24]
    assert len(view["board"]["specials"]["bonus"]) == 15 and len(view["board"]["specials"]["merchant"]) == 15
    starts = [p["pos"] for p in view["players"]]
    assert 6 <= distance(*starts) <= 9

    traded = None
    while not state["over"]:
        assert state["to_move"] == 0, state  # play() returns once the computer is done
        action = human_choice(state, traded is not None)
        before = state["view"]["players"][0]
        api(page, f"play({json.dumps(action)})")
        state = api(page, "state()")
        if action["type"] in ("sell", "buy", "replace") and traded is None:
            traded = (action, before, state["view"]["players"][0])
        for player in state["view"]["players"]:
            assert player["coins"] >= 0

    assert traded is not None, "the human never traded at a merchant"
    action, before, after = traded
    prices = {"x2": 5, "x3": 8, "N": 1, "E": 1, "S": 1, "W": 1}
    if action["type"] == "replace":
        paid = int(action["token"]) if action["token"].isdigit() else prices[action["token"]]
    elif action["type"] == "buy":
        paid = action["faces"]
    else:
        paid = -len(before["dice"][action["die"]])
    assert after["dice"] != before["dice"] and after["coins"] == before["coins"] - paid
    view = state["view"]
    assert view["over"] and state["legal"] == [] and state["to_move"] is None
    assert view["ended"] in ("end_cell", "round_limit")
    page.wait_for_function("() => document.getElementById('ui').innerText.includes('Partie terminée')", timeout=10_000)
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def canvas_picture(page) -> str:
    return page.evaluate("() => document.getElementById('board').toDataURL('image/png')")


def test_the_board_zooms_with_the_wheel_and_pans_with_a_drag(page, open_app):
    open_app("?lang=en")
    api(page, f"newGame('marchands', {json.dumps({'seats': SEATS, 'seed': 'zoom'})})")
    page.wait_for_function("() => document.getElementById('board').getBoundingClientRect().width > 0")
    box = page.evaluate("""() => { const r = document.getElementById('board').getBoundingClientRect();
                                   return {x: r.x, y: r.y, w: r.width, h: r.height}; }""")
    page.wait_for_timeout(800)
    fitted = canvas_picture(page)
    page.mouse.move(box["x"] + box["w"] * 0.3, box["y"] + box["h"] * 0.5)
    for _ in range(4):
        page.mouse.wheel(0, -240)
        page.wait_for_timeout(50)
    page.wait_for_timeout(400)
    zoomed = canvas_picture(page)
    assert zoomed != fitted
    x, y = box["x"] + box["w"] * 0.3, box["y"] + box["h"] * 0.5
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 120, y + 80, steps=6)
    page.mouse.up()
    page.wait_for_timeout(400)
    panned = canvas_picture(page)
    assert panned not in (zoomed, fitted)
    assert api(page, "state()")["view"]["phase"] == "roll"  # a drag is not a move
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def test_the_hub_offers_des_et_marchands(page, open_app):
    open_app("?lang=en")
    card = page.locator('[data-game="marchands"]')
    assert "Coming soon" not in card.inner_text() and "2 to 4 players" in card.inner_text()
    page.click("#play-marchands")
    page.wait_for_selector("#start")
    assert page.locator("fieldset.seat-row").count() == 2
    page.select_option("#option-portals", "on")
    page.click("#start")
    # the board is dealt by the first dice, rolled once the screen is up: wait for it, not only for the screen
    page.wait_for_function("() => window.dicehall.state().screen === 'game' && window.dicehall.state().view.board")
    save = api(page, "save()")
    assert save["game"] == "marchands" and save["options"]["portals"] is True
    assert len(api(page, "state()")["view"]["board"]["portals"]) == 4
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def test_the_quick_board_and_the_callout_of_a_bonus_read_out(page, open_app):
    """size 30: the 30 × 30 board (5 bonus and 5 merchant cells, the end cell (14, 14)); two humans head
    for the nearest bonus cell; the callout of the bonus taken ("+5 coins") reaches the live region."""
    open_app("?lang=en")
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bruno"}]
    options = {"seats": seats, "seed": "quick", "size": 30, "round_limit": 60}
    api(page, f"newGame('marchands', {json.dumps(options)})")
    state = api(page, "state()")
    board = state["view"]["board"]
    assert board["size"] == 30 and board["end"] == [14, 14]
    assert len(board["specials"]["bonus"]) == 5 and len(board["specials"]["merchant"]) == 5
    assert 6 <= distance(*[p["pos"] for p in state["view"]["players"]]) <= 9
    page.evaluate("""() => { window.__said = [];
        const live = document.getElementById('live');
        new MutationObserver(() => window.__said.push(live.textContent))
            .observe(live, {childList: true, subtree: true, characterData: true}); }""")
    took = False
    while not took and not state["over"]:
        legal, view = state["legal"], state["view"]
        kinds = {a["type"] for a in legal}
        if "bonus" in kinds:
            action, took = next(a for a in legal if a.get("choice") == "coins"), True
        elif view["phase"] == "merchant":
            action = {"type": "leave"}
        elif kinds == {"roll"}:
            action = legal[0]
        else:
            me = view["players"][state["to_move"]]["pos"]
            goal = min(board["specials"]["bonus"], key=lambda c: distance(c, me))
            action = min(legal, key=lambda a: (distance(a["to"], goal), a is legal[0]))
        api(page, f"play({json.dumps(action)})")
        state = api(page, "state()")
    assert took, "nobody reached a bonus cell"
    page.wait_for_function("() => window.__said.some(t => t.includes('+5 coins'))", timeout=10_000)
    save = api(page, "save()")
    assert save["options"]["size"] == 30 and save["rules_version"] == 1
    assert not [e for e in page.errors if "pageerror" in e], page.errors
