"""Links without a server in real Chromium: a replay link opened in a fresh browser (another context: its own
storage) shows the same final view; a game of Indecix by link between two browsers, links passed back and
forth, to its end; a tampered link is refused in one line and loses nothing; the share dialog shows the link."""

from __future__ import annotations

import json

from .conftest import api, wait_ready


def fragment(url: str) -> str:
    return "#" + url.split("#", 1)[1]


def play_my_turns(page) -> dict:
    """The player of this browser plays the first legal action while it is theirs."""
    for _ in range(200):
        state = api(page, "state()")
        if state["over"] or not state["legal"]:
            return state
        page.evaluate("a => window.dicehall.play(a)", state["legal"][0])
    raise AssertionError("still this browser's turn")


def open_in(browser, server, link: str):
    ctx = browser.new_context(viewport={"width": 1100, "height": 760})
    page = ctx.new_page()
    page.goto(server.url + "?lang=en" + link)
    wait_ready(page)
    return ctx, page


def test_a_replay_link_opened_in_a_fresh_browser_shows_the_same_final_view(page, open_app, browser, server):
    open_app("?lang=en")
    api(page, 'newGame("charidice", {seats: [{kind: "human"}, {kind: "ai", level: "easy"}], seed: "link"})')
    final = play_my_turns(page)
    assert final["over"]
    link = api(page, 'link("replay")')
    assert link.startswith(server.url) and "#replay=1." in link and len(link) < 8000
    ctx, other = open_in(browser, server, fragment(link))
    try:
        state = api(other, "state()")
        assert state["screen"] == "replay" and state["game"] == "charidice"
        api(other, f"replayTo({state['replay']['plies']})")
        assert api(other, "state()")["view"] == final["view"]
        assert other.evaluate("() => localStorage.getItem('dicehall:current')") is None
    finally:
        ctx.close()


def test_a_tampered_link_is_refused_and_loses_nothing(page, open_app):
    open_app("?lang=en")
    api(page, 'newGame("indecix", {seats: [{kind: "human"}, {kind: "ai", level: "easy"}], seed: "mine"})')
    before = page.evaluate("() => localStorage.getItem('dicehall:current')")
    link = api(page, 'link("replay")')
    page.evaluate("h => { location.hash = h; }", fragment(link)[:-15] + "xyz")
    page.wait_for_selector(".banner.error", state="visible")
    assert "nothing was changed" in page.inner_text(".banner.error")
    assert api(page, "state()")["screen"] == "game"
    assert page.evaluate("() => localStorage.getItem('dicehall:current')") == before


def test_a_game_of_indecix_by_link_between_two_browsers(page, open_app, browser, server):
    open_app("?lang=en")
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "remote", "name": "Bob"}]
    api(page, f'newGame("indecix", {json.dumps({"seats": seats, "seed": "two-browsers"})})')
    play_my_turns(page)
    page.wait_for_selector("#link-send", state="visible")  # Bob's turn, on his device
    page.click("#link-send")
    page.wait_for_selector("#share-url", state="visible")
    link = page.inner_text("#share-url")
    assert link == api(page, 'link("play")')
    ctx, bob = open_in(browser, server, fragment(link))
    try:
        ann = page
        me, other = bob, ann
        for _ in range(100):
            state = play_my_turns(me)
            if state["over"] and api(other, "state()")["over"]:
                break
            link = api(me, 'link("play")')
            other.evaluate("h => { location.hash = h; }", fragment(link))
            other.wait_for_function(
                "n => dicehall.state().view && JSON.stringify(dicehall.state().view).length"
                " && (dicehall.state().over || dicehall.state().legal.length > 0)",
                arg=0,
            )
            me, other = other, me
        else:
            raise AssertionError("the game by link did not end")
        assert api(ann, "state()")["view"] == api(bob, "state()")["view"]
        assert api(ann, "state()")["over"]
        bob.wait_for_selector("#move-log li.fresh")  # what the other browser played is highlighted
    finally:
        ctx.close()


def a_game_by_link_on_bob(page, browser, server, seed: str):
    """Ann (this page) and Bob (another browser) playing Indecix by link; Bob's device knows the game. Returns
    Bob's context and page, and Ann's newer move as a link."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "remote", "name": "Bob"}]
    api(page, f'newGame("indecix", {json.dumps({"seats": seats, "seed": seed})})')
    play_my_turns(page)
    ctx, bob = open_in(browser, server, fragment(api(page, 'link("play")')))
    play_my_turns(bob)
    page.evaluate("h => { location.hash = h; }", fragment(api(bob, 'link("play")')))
    page.wait_for_function("() => dicehall.state().legal.length > 0")
    play_my_turns(page)
    return ctx, bob, fragment(api(page, 'link("play")'))


def test_a_newer_link_of_a_known_game_asks_before_replacing_another_game(page, open_app, browser, server):
    open_app("?lang=en")
    ctx, bob, newer = a_game_by_link_on_bob(page, browser, server, "asks")
    try:
        api(bob, 'newGame("charidice", {seats: [{kind: "human"}, {kind: "ai", level: "easy"}], seed: "first"})')
        first = bob.evaluate("() => localStorage.getItem('dicehall:current')")
        api(bob, 'newGame("charidice", {seats: [{kind: "human"}, {kind: "ai", level: "easy"}], seed: "second"})')
        second = bob.evaluate("() => localStorage.getItem('dicehall:current')")
        bob.evaluate("h => { location.hash = h; }", newer)
        bob.wait_for_selector("#confirm-yes")  # asked first: nothing replaced yet
        assert api(bob, "state()")["game"] == "charidice"
        assert bob.evaluate("() => localStorage.getItem('dicehall:previous')") == first
        bob.click("#confirm-yes")
        bob.wait_for_function("() => dicehall.state().game === 'indecix' && dicehall.state().legal.length > 0")
        assert bob.evaluate("() => localStorage.getItem('dicehall:previous')") == second
    finally:
        ctx.close()


def test_a_hostile_kept_game_by_link_is_set_aside_and_the_link_still_opens(page, open_app, browser, server):
    open_app("?lang=en")
    ctx, bob, newer = a_game_by_link_on_bob(page, browser, server, "hostile")
    try:
        api(bob, 'newGame("charidice", {seats: [{kind: "human"}, {kind: "ai", level: "easy"}], seed: "mine"})')
        # A well-formed entry whose game is not a save (written by hand, by another program…).
        bad = bob.evaluate("""() => {
            const kept = JSON.parse(localStorage.getItem('dicehall:linked'));
            kept.games[0].save = '1.eNqLjgUAARUAuQ';   // packs [] : no save
            localStorage.setItem('dicehall:linked', JSON.stringify(kept));
            return JSON.stringify(kept.games[0]);
        }""")
        bob.reload()
        wait_ready(bob)
        bob.evaluate("h => { location.hash = h; }", newer)
        bob.wait_for_selector(".banners >> text=dicehall:unreadable:1")
        assert bob.query_selector("#fatal") is None
        assert json.loads(bob.evaluate("() => localStorage.getItem('dicehall:unreadable:1')")) == json.loads(bad)
        bob.wait_for_selector("#confirm-yes")  # now a game this device does not know: it asks, then opens
        bob.click("#confirm-yes")
        bob.wait_for_function("() => dicehall.state().game === 'indecix' && dicehall.state().legal.length > 0")
    finally:
        ctx.close()


def test_a_replay_link_in_the_same_tab_is_forgotten_on_close_and_opens_again(page, open_app):
    open_app("?lang=en")
    api(page, 'newGame("indecix", {seats: [{kind: "human"}, {kind: "ai", level: "easy"}], seed: "same-tab"})')
    play_my_turns(page)
    link = fragment(api(page, 'link("replay")'))
    for _ in range(2):  # the same link, twice
        page.evaluate("h => { location.hash = h; }", link)
        page.wait_for_function("() => dicehall.state().screen === 'replay'")
        page.keyboard.press("Escape")
        page.wait_for_function("() => dicehall.state().screen !== 'replay' && location.hash === ''")
        assert "#" not in page.url


def test_a_charidice_claim_travels_with_the_link_between_two_browsers(page, open_app, browser, server):
    """The one side action of the five games (Charidice's grande donation, claimed during the neighbour's
    turn): on the device that waits, it is taken (key G) before the link is made and travels with it; once
    the link is made it is no longer offered, so the two histories never fork. The link opens in the
    receiver's own language, not the sender's."""
    open_app("?lang=fr")
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "remote", "name": "Bob"}]
    api(page, f'newGame("charidice", {json.dumps({"seats": seats, "seed": "claim-by-link"})})')
    while (state := api(page, "state()"))["to_move"] == 0:
        page.evaluate("a => window.dicehall.play(a)", state["legal"][0])
    assert state["to_move"] == 1 and len(state["legal"]) == 1  # Bob's turn; Ann's claim is open here
    page.locator("canvas").first.focus()
    page.keyboard.press("g")
    page.wait_for_function("() => dicehall.state().legal.length === 0")
    assert api(page, "state()")["view"]["claim"]["claimed"]
    page.click("#link-send")
    page.wait_for_selector("#share-url", state="visible")
    link = page.inner_text("#share-url")
    assert "lang=" not in link.split("#")[0]
    ctx = browser.new_context(viewport={"width": 1100, "height": 760}, locale="en-US")
    try:
        bob = ctx.new_page()
        bob.goto(link)
        wait_ready(bob)
        assert bob.evaluate("document.documentElement.lang") == "en"  # the receiver's language
        assert api(bob, "state()")["view"]["claim"]["claimed"]  # the claim came with the link
        assert api(bob, "save()")["log"] == api(page, "save()")["log"]
        play_my_turns(bob)
        page.evaluate("h => { location.hash = h; }", fragment(api(bob, 'link("play")')))
        page.wait_for_function("() => dicehall.state().to_move === 0 && dicehall.state().legal.length > 0")
        assert api(page, "save()")["log"] == api(bob, "save()")["log"]  # one history on both devices
        assert not [p for p in api(page, "state()").get("problems", []) if "link" in str(p)]
    finally:
        ctx.close()
