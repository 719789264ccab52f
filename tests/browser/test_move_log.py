"""The move log in real Chromium: a game against the computer in each game, played a few decisions through the
page API; ``log()`` has a line for every decision and the panel beside the board shows the newest line (the
board keeps the rest of the width); on a phone (390×844, touch) the log is a drawer that the toolbar's button
opens over the board and × shuts, as Escape does."""

from __future__ import annotations

import json

from .conftest import api, wait_ready

PLAYERS = {"paradice": 3, "indecix": 2, "charidice": 3, "roudalon": 4, "marchands": 2}
OPTIONS = {"paradice": {"round_limit": 3}, "roudalon": {"parties": 1}, "marchands": {"round_limit": 3}}


def start(page, game: str) -> None:
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "ai", "level": "easy"}] * (PLAYERS[game] - 1)
    api(page, f"newGame('{game}', {json.dumps({'seats': seats, 'seed': 'log-' + game, **OPTIONS.get(game, {})})})")


def play(page, decisions: int) -> None:
    for _ in range(decisions):
        state = api(page, "state()")
        if state["over"] or not state["legal"]:
            return
        assert api(page, f"play({json.dumps(state['legal'][-1])})") == {"ok": True}


def newest_shown(page) -> str:
    """The text of the newest line once the panel shows it in view (the list scrolled to its end)."""
    page.wait_for_function(
        """() => {
        const log = window.dicehall.log(), items = document.querySelectorAll('#move-log-list li');
        const last = items[items.length - 1], list = document.getElementById('move-log-list');
        if (!log || !log.length || !last || last.textContent !== log[log.length - 1].text) return false;
        const a = last.getBoundingClientRect(), b = list.getBoundingClientRect();
        return a.height > 0 && a.bottom <= b.bottom + 1 && a.top >= b.top - 1;
    }""",
        timeout=30_000,
        polling=100,
    )
    return page.evaluate("() => [...document.querySelectorAll('#move-log-list li')].pop().textContent")


def test_each_game_logs_every_decision_and_shows_the_newest_line_beside_the_board(page, server):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.url + "?lang=en")
    assert page.evaluate("() => window.dicehall.log()") is None  # before ready
    wait_ready(page)
    assert api(page, "log()") is None  # no game yet
    for game in PLAYERS:
        start(page, game)
        play(page, 4)
        save, log = api(page, "save()"), api(page, "log()")
        decisions = {i for i, entry in enumerate(save["log"]) if entry["by"] != "chance"}
        assert decisions <= {line["ply"] for line in log}, game
        assert [line["ply"] for line in log] == sorted(line["ply"] for line in log)
        assert newest_shown(page) == log[-1]["text"]
        # The column and the board are measured once the page has laid them out (the host sets the board's
        # right edge in the next animation frame after the HTML changes), both in the same call: the computers
        # play on, and the log is drawn again between two calls.
        box, board = page.wait_for_function(
            """() => { const log = document.getElementById('move-log');
            const r = log && log.getBoundingClientRect(), b = document.getElementById('board').getBoundingClientRect();
            return r && r.width > 0 && b.right <= r.left + 1 && [r.toJSON(), b.toJSON()]; }""",
            timeout=10_000,
            polling=100,
        ).json_value()
        assert 250 <= box["width"] <= 310 and board["right"] <= box["left"] + 1, (box, board)
        assert board["width"] >= 1280 - 310
        assert not page.is_visible("#move-log-toggle")
    assert not [e for e in page.errors if "pageerror" in e or "console.error" in e]


def test_on_a_phone_the_log_is_a_drawer_that_opens_and_closes(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(server.url + "?lang=fr")
        wait_ready(page)
        start(page, "charidice")
        play(page, 3)
        assert not page.is_visible("#move-log")
        board = page.eval_on_selector("#board", "e => e.getBoundingClientRect().toJSON()")
        assert board["width"] >= 389  # no column: the board keeps the whole width
        page.tap("#move-log-toggle")
        page.wait_for_selector("#move-log.open", state="visible")
        assert page.get_attribute("#move-log-toggle", "aria-expanded") == "true"
        assert newest_shown(page) == api(page, "log()")[-1]["text"]
        page.tap("#move-log-close")
        page.wait_for_selector("#move-log", state="hidden")
        page.tap("#move-log-toggle")
        page.wait_for_selector("#move-log.open", state="visible")
        page.keyboard.press("Escape")
        page.wait_for_selector("#move-log", state="hidden")
    finally:
        context.close()
