"""Every game on a small phone in real Chromium: at 240×240 and 300×340 CSS px (the canvas is what the
toolbar leaves), a game of each with a human and computers is started through the page API and played a
few decisions, with frames painted at both sizes and Paradice's statistics views and viewers opened from the
menu; no page error and no "Internal error" dialog (a rounded rectangle with a negative radius once stopped
the painter there). One page, the five games in turn."""

from __future__ import annotations

import json

from .conftest import api

PLAYERS = {"paradice": 4, "indecix": 2, "charidice": 3, "roudalon": 4, "marchands": 3}
OPTIONS = {"paradice": {"round_limit": 3}, "roudalon": {"parties": 1}, "marchands": {"round_limit": 3}}
VIEWPORTS = ((240, 240), (300, 340))


def errors(page) -> list[str]:
    return [e for e in page.errors if "pageerror" in e or "console.error" in e]


def painted(page, width: int, height: int) -> None:
    """The viewport is ``width``×``height`` and a few frames have been painted at that size."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(f"() => window.innerWidth === {width} && window.innerHeight === {height}")
    page.wait_for_timeout(200)
    assert page.query_selector("#fatal") is None, page.inner_text("#fatal")
    assert not errors(page), errors(page)


def decide(page, decisions: int) -> None:
    """Up to ``decisions`` decisions of the human (seat 0): the first legal action each time."""
    for _ in range(decisions):
        page.wait_for_function(
            "() => { const s = window.dicehall.state(); return s.over || s.to_move === 0; }",
            timeout=60_000,
            polling=100,
        )
        state = api(page, "state()")
        if state["over"]:
            return
        assert api(page, f"play({json.dumps(state['legal'][0])})") == {"ok": True}


def test_every_game_plays_at_240_and_300_px_without_an_error(page, open_app):
    page.set_viewport_size({"width": VIEWPORTS[0][0], "height": VIEWPORTS[0][1]})
    open_app("?lang=fr")
    for game, players in PLAYERS.items():
        seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "ai", "level": "easy"}] * (players - 1)
        options = {"seats": seats, "seed": f"small-{game}", **OPTIONS.get(game, {})}
        api(page, f"newGame('{game}', {json.dumps(options)})")
        assert api(page, "state()")["game"] == game
        for width, height in VIEWPORTS * 2:
            painted(page, width, height)
            decide(page, 2)
            painted(page, width, height)
        if game == "paradice":  # its own views, from the game menu, at the smallest size
            painted(page, *VIEWPORTS[0])
            for cmd, arg in (
                ("scene:stats", "events"),
                ("scene:stats", "evolution"),
                ("scene:stats", "turn"),
                ("scene:events", None),
                ("scene:events", None),
                ("scene:route", "1"),
                ("scene:route", "1"),
            ):
                page.click("#menu-button")
                selector = f'[data-cmd="{cmd}"]' + (f'[data-arg="{arg}"]' if arg is not None else "")
                page.click(f"#game-menu {selector}")
                painted(page, *VIEWPORTS[0])
    assert page.query_selector("#fatal") is None
    assert not errors(page), errors(page)
