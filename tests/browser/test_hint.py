""" "Suggest a move" in Chromium, in every game: the page API's hint() is one of state().legal and never plays;
the toolbar's button shows the card (the move, in the page's language) and the game does not move; H puts
it away; no hint without a human to move."""

from __future__ import annotations

from tests.browser.conftest import api

HUMAN = '{kind: "human", name: "Léa"}'
AI = '{kind: "ai", level: "normal"}'
GAMES = {  # the human first, then computers; small variants so that the computers' turns are quick
    "indecix": (1, ""),
    "charidice": (2, ""),
    "roudalon": (2, ", parties: 2"),
    "marchands": (1, ", size: 30"),
    "paradice": (2, ""),
}

HINT = """async () => {
  const d = window.dicehall;
  const before = d.state(), plies = d.save().log.length;
  const hint = await d.hint();
  const legal = before.legal.map((a) => JSON.stringify(a));
  return {legal: legal.includes(JSON.stringify(hint)), hint, to_move: before.to_move,
          unmoved: d.save().log.length === plies && JSON.stringify(d.state()) === JSON.stringify(before)};
}"""


def test_the_hint_is_a_legal_action_and_the_button_shows_it_without_playing(open_app, page):
    open_app("?lang=en")
    assert api(page, "hint()") is None, "no game: nothing to suggest"
    for game, (computers, options) in GAMES.items():
        seats = ", ".join([HUMAN] + [AI] * computers)
        api(page, f'newGame("{game}", {{seed: "hint-{game}", seats: [{seats}]{options}}})')
        state = api(page, "state()")
        assert state["to_move"] == 0 and state["legal"], f"{game}: the human is to move"
        result = page.evaluate(HINT)
        assert result["legal"] and result["unmoved"], f"{game}: {result}"
        plies = api(page, "save()")["log"]
        page.wait_for_selector("#hint-button:not([disabled])")
        page.click("#hint-button")
        page.wait_for_selector("#hint-card #hint-what:not(.thinking)")
        text = page.text_content("#hint-card")
        assert "Suggested move for Léa" in text and len(page.inner_text("#hint-what")) > 3, f"{game}: {text}"
        assert page.get_attribute("#hint-button", "aria-pressed") == "true"
        page.wait_for_timeout(300)  # frames go by: the game still waits for the human
        assert api(page, "save()")["log"] == plies, f"{game}: the hint played"
        assert api(page, "state()")["to_move"] == 0
        page.keyboard.press("h")  # H puts the suggestion away
        page.wait_for_selector("#hint-card", state="detached")
    assert not page.errors


def test_the_card_speaks_french_and_goes_when_the_human_plays(open_app, page):
    open_app("?lang=fr")
    api(page, f'newGame("indecix", {{seed: "hint-fr", seats: [{HUMAN}, {AI}]}})')
    page.wait_for_selector("#hint-button:not([disabled])")
    page.keyboard.press("h")
    page.wait_for_selector("#hint-card #hint-what:not(.thinking)")
    assert "Coup suggéré pour Léa" in page.text_content("#hint-card")
    hint = api(page, "hint()")
    page.evaluate("async (a) => window.dicehall.play(a)", hint)
    page.wait_for_selector("#hint-card", state="detached")
    assert not page.errors
