"""Trust, round two, in real Chromium: what could wedge the page or drop a move. A failing step rejects the
call in flight and leaves the page usable; another tab's write stops this tab before a move is lost; messages
that break the host protocol are refused quietly; a link carries the game and nothing else; a sandboxed frame
without an origin of its own says why it cannot run."""

from __future__ import annotations

import json

from .conftest import api, wait_ready
from .test_trust import INDECIX, no_errors, one_line, play_first, rejection, stored

BENCH_HOOK = "window.__dicehallBench = {frames: []};"  # lets a test run Python in the worker (bench/ does too)


def in_worker(page, code: str) -> str:
    return page.evaluate("code => window.__dicehallBench.py(code)", code)


def fatal_shown(page) -> bool:
    page.evaluate("() => new Promise(requestAnimationFrame)")
    return page.query_selector("#fatal") is not None


def test_a_step_that_raises_rejects_the_call_in_flight_and_the_page_goes_on(page, open_app):
    page.add_init_script(BENCH_HOOK)
    open_app("?lang=en")
    api(page, "newGame('charidice', {seed: 'boom', seats: [{kind: 'human'}, {kind: 'ai', level: 'easy'}]})")
    stored_before = stored(page)
    # The dice of this game now raise, as a bug in a game's rules would.
    in_worker(
        page,
        "exec('def _boom(*a, **k):\\n    raise RuntimeError(\"the dice broke\")\\n'"
        "'_BRIDGE.app.session.match.roll = _boom'); 'ok'",
    )
    state = api(page, "state()")
    message = rejection(page, f"play({json.dumps(state['legal'][0])})")
    one_line(message)
    assert "internal error" in message and "the dice broke" in message
    # Said on the page, the game kept as it was stored before the failing step, no overlay, nothing hangs.
    page.wait_for_selector(".banners >> text=this game cannot go on")
    assert not fatal_shown(page)
    assert json.loads(stored(page))["log"][: len(json.loads(stored_before)["log"])] == json.loads(stored_before)["log"]
    # Later calls answer, and a new game plays.
    api(page, f"newGame('indecix', {INDECIX})")
    play_first(page)
    assert api(page, "state()")["game"] == "indecix" and api(page, "state()")["view"]["turn"] > 1
    assert page.query_selector(".banners >> text=this game cannot go on") is None


def test_a_call_made_while_the_page_is_stopped_is_rejected_not_left_waiting(page, open_app):
    page.add_init_script(BENCH_HOOK)
    open_app("?lang=en")
    api(page, f"newGame('indecix', {INDECIX})")
    # A frame that raises outside a game's step (a bug in a screen): the page stops with its notice.
    in_worker(
        page, "exec('def _boom(*a, **k):\\n    raise RuntimeError(\"a frame broke\")\\n_BRIDGE.tick = _boom'); 'ok'"
    )
    page.wait_for_selector("#fatal")
    message = rejection(page, "newGame('charidice', {})")
    one_line(message)
    assert "internal error" in message


def test_another_tabs_write_stops_this_tab_before_a_move_is_lost(context, page, open_app, server):
    open_app("?lang=en")
    api(page, f"newGame('indecix', {INDECIX})")
    for _ in range(3):
        play_first(page)
    mine = json.loads(stored(page))
    other = context.new_page()
    other.goto(server.url + "another-page-of-the-site", wait_until="domcontentloaded")  # (a 404: same origin)
    # Another tab of the site writes the stored game (a copy of this one, three moves shorter).
    theirs = json.dumps({**mine, "log": mine["log"][: max(0, len(mine["log"]) - 6)]})
    other.evaluate("t => localStorage.setItem('dicehall:current', t)", theirs)
    page.wait_for_selector("#other-tab")  # at once, before any other move
    message = rejection(page, "play({type: 'stop'})")
    assert "another tab" in message
    one_line(message)
    assert stored(page) == theirs  # their write is kept
    assert json.loads(stored(page, "dicehall:previous"))["log"] == mine["log"]  # and this tab's game, every move
    other.close()


def test_a_write_in_between_is_caught_before_it_is_written_over(page, open_app):
    """The storage event comes late: a move stored after another tab's write, before its event arrives, must
    not be written over it. The page's compare-before-write sees it and the call is rejected."""
    open_app("?lang=en")
    api(page, f"newGame('indecix', {INDECIX})")
    play_first(page)
    before = json.loads(stored(page))
    # A write no storage event announces (this very page's own code writing, as a tab without events would).
    theirs = json.dumps({**before, "log": before["log"][:2]})
    message = page.evaluate(
        """async ([t, action]) => {
            localStorage.setItem('dicehall:current', t);
            try { await window.dicehall.play(action); return null; } catch (e) { return String(e.message); }
        }""",
        [theirs, api(page, "state()")["legal"][0]],
    )
    assert message and "another tab" in message
    one_line(message)
    assert stored(page) == theirs
    page.wait_for_selector("#other-tab")
    kept = json.loads(stored(page, "dicehall:previous"))
    assert len(kept["log"]) > len(before["log"])  # the move made is kept, with the game


BROKEN_MESSAGES = [
    "null",
    "5",
    "'frame'",
    "{}",
    "{t: 42}",
    "{t: 'nonsense'}",
    "{t: 'frame'}",
    "{t: 'frame', now: 'soon'}",
    "{t: 'input'}",
    "{t: 'input', event: null}",
    "{t: 'input', event: {type: 'key', key: 5}}",
    "{t: 'input', event: {type: 'pointerdown', x: 'left', y: 3}}",
    "{t: 'input', event: {type: 'cmd', cmd: ['new']}}",
    "{t: 'resize', width: 'wide'}",
    "{t: 'call', id: 999001, member: '__init__', args: []}",
    "{t: 'call', id: 999002, member: 'api_play', args: [{}]}",
    "{t: 'call', member: 'api_state'}",
    "{t: 'open-file', name: 5}",
    "{t: 'storage-refused', report: {}}",
    "{t: 'storage-refused', report: {epoch: 0, key: 'k', items: {a: 1}, used: 0, needed: 1}}",
    "{t: 'storage-changed', key: 5, value: 'x'}",
    "{t: 'take-over', store: 'all'}",
    "{t: 'take-over', store: {items: {'dicehall:current': 7}, used: 1}, width: 10, height: 10, now: 0}",
    "{t: 'boot', base: '/', painter: '/'}",
    "{t: 'wasm-chunk', chunk: new Uint8Array(4)}",
    "{t: 'wasm-end'}",
    "{t: 'ack'}",
    "{t: 'py', id: 1, code: '1'}",
]


# As the worker would send them: forged by other code of the page dispatching on the worker object.
BROKEN_REPLIES = [
    "null",
    "{}",
    "{t: 'out'}",
    "{t: 'out', s: 'not json'}",
    "{t: 'out', s: '{}'}",
    "{t: 'out', r: {out: {dom: 5}}}",
    "{t: 'out', r: {out: {}, writes: [['dicehall:current', {}]]}}",
    "{t: 'out', r: {out: {}, writes: [['elsewhere', 'x']]}}",
    "{t: 'out', r: {out: {draw: 'all'}}}",
    "{t: 'out', r: {out: {say: [1]}}}",
    "{t: 'out', r: {out: {download: {name: 1}}}}",
    "{t: 'reply'}",
    "{t: 'reply', id: 1}",
    "{t: 'reply', id: 1, r: '{}', s: 'oops'}",
    "{t: 'sync', s: '{}'}",
    "{t: 'sync', ack: 1, s: '[]'}",
    "{t: 'stage'}",
    "{t: 'error'}",
    "{t: 'boot-failed', message: 3}",
    "{t: 'py', id: 1}",
    "{t: 'unknown'}",
]
CAPTURE_WORKER = """
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (...a) { window.__dicehallWorker = this; return post.apply(this, a); };
"""


def test_messages_that_break_the_host_protocol_are_refused_quietly(page, open_app):
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.add_init_script(CAPTURE_WORKER)  # other code of the same origin, holding the worker
    open_app("?lang=en")
    api(page, f"newGame('indecix', {INDECIX})")
    play_first(page)
    game = stored(page)
    for message in BROKEN_MESSAGES:  # to the worker
        page.evaluate(f"() => window.__dicehallWorker.postMessage({message})")
    for message in BROKEN_REPLIES:  # as if from the worker
        page.evaluate(f"() => window.__dicehallWorker.dispatchEvent(new MessageEvent('message', {{data: {message}}}))")
    page.evaluate("() => new Promise(r => setTimeout(r, 500))")
    assert not fatal_shown(page)
    warned = sum("breaks the host protocol" in w for w in warnings)
    assert warned >= len(BROKEN_MESSAGES) + len(BROKEN_REPLIES) - 2, warnings  # (the worker's: some via Python)
    assert stored(page) == game
    assert page.evaluate("() => localStorage.getItem('elsewhere')") is None
    play_first(page)  # the page goes on
    assert json.loads(stored(page))["log"] != json.loads(game)["log"]
    no_errors(page)


def test_a_link_with_anything_after_the_game_is_refused_and_changes_nothing(browser, page, open_app):
    open_app("?lang=en")
    api(page, f"newGame('indecix', {INDECIX})")
    play_first(page)
    link = page.evaluate("() => window.dicehall.link('replay')")
    device = browser.new_context()  # another device
    try:
        other = device.new_page()
        other.goto(link + "&utm_source=chat")
        wait_ready(other)
        other.wait_for_selector(".banners >> text=something else than the game")
        assert api(other, "state()")["screen"] == "hub"
        assert other.evaluate("() => localStorage.getItem('dicehall:current')") is None
        other.goto(link.replace("#", "?lang=en#"))  # the same link, whole, opens
        wait_ready(other)
        other.wait_for_function("() => window.dicehall.state().screen === 'replay'")
    finally:
        device.close()


def test_a_sandboxed_frame_without_its_own_origin_says_why_it_cannot_run(page, server):
    for lang, words in (("en", "allow-same-origin"), ("fr", "allow-same-origin")):
        page.set_content(
            f'<iframe id="f" sandbox="allow-scripts allow-popups" src="{server.url}?lang={lang}" '
            'style="width:390px;height:700px"></iframe>'
        )
        frame = page.frame_locator("#f")
        detail = frame.locator("#ld-detail")
        detail.wait_for()
        text = detail.inner_text()
        assert words in text and ("sandbox" in text)
        assert frame.locator("#ld-open").get_attribute("href").startswith(server.url)
        heading = frame.locator("#ld-msg").inner_text()
        assert heading == ("dicehall cannot run here." if lang == "en" else "dicehall ne peut pas fonctionner ici.")
    # With allow-same-origin, the same frame runs.
    page.set_content(
        f'<iframe id="f" sandbox="allow-scripts allow-same-origin" src="{server.url}?lang=en&embed=1&game=indecix" '
        'style="width:900px;height:700px"></iframe>'
    )
    frame = page.frames[1]
    frame.wait_for_function("() => window.dicehall && window.dicehall.state() !== null", timeout=90_000)
    assert frame.evaluate("() => window.dicehall.state().screen") in ("setup", "hub", "game")
