"""Trust, in real Chromium: a second tab, hostile saves and stored documents, and page-API misuse never
lose the stored game or stop the page."""

from __future__ import annotations

import json

import pytest

from .conftest import api, wait_ready

INDECIX = '{seed: "trust", seats: [{kind: "human"}, {kind: "ai", level: "easy"}]}'


def stored(page, key: str = "dicehall:current"):
    return page.evaluate(f"() => localStorage.getItem({json.dumps(key)})")


def keys(page) -> list[str]:
    return page.evaluate("() => Object.keys(localStorage).sort()")


def play_first(page) -> None:
    state = api(page, "state()")
    api(page, f"play({json.dumps(state['legal'][0])})")


def rejection(page, expr: str) -> str:
    """The message of the rejected promise ``window.dicehall.<expr>`` (the test fails if it resolves)."""
    message = page.evaluate(f"""async () => {{
        try {{ await window.dicehall.{expr}; return null; }} catch (e) {{ return String(e.message); }}
    }}""")
    assert message is not None, f"{expr} was accepted"
    return message


def one_line(message: str) -> None:
    assert "\n" not in message and "Traceback" not in message and len(message) < 400, message


def no_errors(page) -> None:
    assert not page.errors, "\n".join(page.errors)


def test_a_second_tab_asks_before_taking_the_game_and_nothing_is_lost(context, page, open_app):
    open_app("?lang=en")
    api(page, f"newGame('indecix', {INDECIX})")
    play_first(page)
    game_a = stored(page)
    turn_a = api(page, "state()")["view"]["turn"]

    other = context.new_page()
    other.errors = []
    other.on("pageerror", lambda e: other.errors.append(str(e)))
    open_app("?lang=en", pg=other)
    other.wait_for_selector("#other-tab")
    assert "another tab" in other.inner_text("#other-tab")
    message = rejection(other, "newGame('charidice', {})")
    assert "another tab" in message
    one_line(message)
    assert stored(other) == game_a, "the guest tab wrote over the game"

    # The first tab goes on playing undisturbed.
    play_first(page)
    game_a = stored(page)

    # The second tab takes over: it shows the stored game; the first one stops and says why.
    other.click("#play-here")
    other.wait_for_function("() => !document.querySelector('#other-tab') && window.dicehall.state().screen === 'game'")
    assert api(other, "state()")["view"]["turn"] == api(page, "state()")["view"]["turn"] > turn_a
    page.wait_for_selector("#other-tab")
    assert "continues in another tab" in page.inner_text("#other-tab")
    assert "another tab" in rejection(page, "play({type: 'stop'})")

    # A new game in the second tab keeps the first one as the previous game.
    api(other, "newGame('charidice', {})")
    assert stored(other, "dicehall:previous") == game_a
    other.reload()
    wait_ready(other)
    assert api(other, "state()")["game"] == "charidice"

    # Back in the first tab: play here shows the Charidice game, and the menu brings Indecix back.
    page.click("#play-here")
    page.wait_for_function("() => window.dicehall.state().game === 'charidice'")
    other.wait_for_selector("#other-tab")
    page.click("#menu-button")
    page.click("#menu-previous")
    page.wait_for_function("() => window.dicehall.state().game === 'indecix'")
    assert stored(page) == game_a
    assert json.loads(stored(page, "dicehall:previous"))["game"] == "charidice"
    no_errors(page)
    assert not other.errors


HOSTILE_SAVES = {
    "a list as a colour": "s => { s.seats[0].colour = [1]; return s; }",
    "an object as a colour": "s => { s.seats[1].colour = {r: 1}; return s; }",
    "nested 5,000 levels": "s => { let d = 0; for (let i = 0; i < 5000; i++) d = [d]; s.seats[0].extra = d; return s; }",
    "a 100,000-character name": "s => { s.seats[0].name = 'x'.repeat(100000); return s; }",
    "an unknown key in a log entry": "s => { s.log[0].when = 3; return s; }",
}


def test_hostile_saves_are_refused_in_one_line_and_the_stored_game_stays(page, open_app):
    open_app("?lang=en")
    api(page, f"newGame('indecix', {INDECIX})")
    play_first(page)
    before, state = stored(page), api(page, "state()")
    for name, mutate in HOSTILE_SAVES.items():
        message = rejection(page, f"load(({mutate})(window.dicehall.save()))")
        one_line(message)
        assert stored(page) == before, name
        assert api(page, "state()") == state, name
    for expr in (
        "play(undefined)",
        "play(Symbol())",
        "play(() => 1)",
        "newGame('indecix', {seed: {}})",
        "newGame('indecix', {seats: [{colour: [1]}, {}]})",
        "newGame('chess', {})",
        "load(5)",
    ):
        one_line(rejection(page, expr))
        assert stored(page) == before, expr
    page.evaluate("() => new Promise(requestAnimationFrame)")
    assert page.query_selector("#fatal") is None
    no_errors(page)


def test_the_members_are_null_before_ready(page, server):
    page.goto(server.url, wait_until="domcontentloaded")
    early = page.evaluate("() => [window.dicehall.games(), window.dicehall.state(), window.dicehall.save()]")
    assert early == [None, None, None]
    wait_ready(page)
    assert api(page, "state()")["screen"] == "hub"


STORED = {
    "a list as a colour": lambda save: {**save, "seats": [{**save["seats"][0], "colour": [1]}, save["seats"][1]]},
    "nested 5,000 levels": lambda save: {**save, "seats": [{**save["seats"][0], "x": "DEEP"}, save["seats"][1]]},
    "a 100,000-character name": lambda save: {
        **save,
        "seats": [{**save["seats"][0], "name": "n" * 100_000}, save["seats"][1]],
    },
}


@pytest.mark.parametrize("case", STORED)
def test_a_hostile_stored_game_is_set_aside_and_the_page_boots(page, open_app, case):
    open_app("?lang=en")
    api(page, f"newGame('indecix', {INDECIX})")
    text = json.dumps(STORED[case](api(page, "save()")))
    text = text.replace('"DEEP"', "[" * 5000 + "]" * 5000)
    page.evaluate("t => localStorage.setItem('dicehall:current', t)", text)
    page.reload()
    wait_ready(page)
    assert api(page, "state()")["screen"] == "hub"
    assert "dicehall:current" not in keys(page)
    assert stored(page, "dicehall:unreadable:1") == text
    assert "kept aside" in page.inner_text(".banners")
    no_errors(page)


def test_settings_and_statistics_of_the_wrong_types_fall_back_to_defaults(page, open_app):
    open_app("?lang=en")
    api(page, f"newGame('indecix', {INDECIX})")
    play_first(page)
    game = stored(page)
    page.evaluate("""() => {
        localStorage.setItem('dicehall:settings', JSON.stringify({display: 5, lang: 'en'}));
        localStorage.setItem('dicehall:stats', JSON.stringify({indecix: 5, charidice: {played: 'many'}}));
    }""")
    page.reload()
    wait_ready(page)
    assert api(page, "state()")["screen"] == "game" and stored(page) == game
    assert "invalid values" in page.inner_text(".banners")
    aside = [json.loads(stored(page, k)) for k in keys(page) if k.startswith("dicehall:unreadable:")]
    assert {"display": 5, "lang": "en"} in aside
    assert {"indecix": 5, "charidice": {"played": "many"}} in aside
    # Display settings of another game and a finished game's statistics now work.
    api(page, "newGame('charidice', {})")
    api(page, "newGame('indecix', {seed: 'end', seats: [{kind: 'ai', level: 'easy'}, {kind: 'ai', level: 'easy'}]})")
    page.wait_for_function("() => window.dicehall.state().over", timeout=120_000)
    assert json.loads(stored(page, "dicehall:stats"))["indecix"]["played"] == 1
    assert page.query_selector("#fatal") is None
    no_errors(page)
