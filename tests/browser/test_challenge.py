"""The daily challenge in real Chromium: two browser contexts (two players who never meet) play the same
Charidice challenge through the page API, deciding differently in round 1 — one stops after the first roll,
the other rolls all six dice three times — and still meet the same first roll in round 2, and the same dice
in every later situation both reach (duplicate dice, core/challenge.py). ``state().view.challenge`` is the
date; a bad date is refused with one line. (No request leaves the origin: see the ``context`` fixture.)"""

from __future__ import annotations

from .conftest import api, wait_ready

DATE = "2026-11-26"
CLAIM = {"type": "claim"}


def stop_early(state: dict) -> dict:
    """Stop after the first roll; mark the largest set."""
    own = [a for a in state["legal"] if a != CLAIM]
    if {"type": "stop"} in own:
        return {"type": "stop"}
    marks = [a for a in own if a["type"] == "mark"]
    return max(marks, key=lambda a: (len(a["dice"]), a["dice"])) if marks else own[0]


def roll_everything(state: dict) -> dict:
    """Roll all six dice three times; mark the smallest set."""
    own = [a for a in state["legal"] if a != CLAIM]
    rolls = [a for a in own if a["type"] == "roll"]
    if rolls:
        return max(rolls, key=lambda a: len(a["dice"]))
    marks = [a for a in own if a["type"] == "mark"]
    return min(marks, key=lambda a: (len(a["dice"]), a["dice"])) if marks else own[0]


def dice(state: dict) -> list:
    return [d["value"] for d in state["view"]["dice"]]


def play_to_round(page, choose, rounds: int) -> dict[tuple[int, int], list]:
    """Play the human (seat 0) up to the given round; returns the dice he saw after each of his rolls,
    by (round, roll)."""
    seen: dict[tuple[int, int], list] = {}
    for _ in range(200):
        state = api(page, "state()")
        view = state["view"]
        if state["over"] or view["round"] > rounds:
            return seen
        assert state["to_move"] == 0, state
        if view["rolls"]:
            seen.setdefault((view["round"], view["rolls"]), dice(state))
        answer = page.evaluate("(a) => window.dicehall.play(a)", choose(state))
        assert answer == {"ok": True}, answer
    raise AssertionError("the game did not reach the round")


def test_two_players_of_the_same_challenge_meet_the_same_dice_in_round_two(browser, server, context):
    other = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        pages = [context.new_page(), other.new_page()]
        for page in pages:
            page.goto(server.url + "?lang=en")
            wait_ready(page)
            refused = page.evaluate("""() => window.dicehall.newGame('charidice', {challenge: '2026-02-30'})
                                         .then(() => null, (e) => e.message)""")
            assert refused == 'challenge must be a real day written YYYY-MM-DD, got "2026-02-30"'
            assert api(page, f"newGame('charidice', {{challenge: '{DATE}'}})") == {"ok": True}
            state = api(page, "state()")
            assert state["view"]["challenge"] == DATE and state["to_move"] == 0
        first = play_to_round(pages[0], stop_early, 3)
        second = play_to_round(pages[1], roll_everything, 3)
        assert (1, 3) in second and (1, 2) not in first, "round 1 was played differently"
        assert first[(2, 1)] == second[(2, 1)], "the first roll of round 2"
        assert first[(3, 1)] == second[(3, 1)]
        assert api(pages[0], "state()")["view"]["sheets"] != api(pages[1], "state()")["view"]["sheets"]
        assert all(api(page, "save()")["challenge"] == DATE for page in pages)
    finally:
        other.close()
