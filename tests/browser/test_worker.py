"""Python in a Web Worker, seen from the page: the board painted by the worker or, where a canvas cannot be
handed over, by the page; storage refused by the browser after the fact; the keys the page keeps from the
browser; the synchronous page-API members answering without the worker."""

from __future__ import annotations

import json

from .conftest import api

INDECIX = '{seed: "worker", seats: [{kind: "human"}, {kind: "ai", level: "easy"}]}'


def board_painted(page) -> bool:
    """The page's screenshot of the canvas area is not one flat colour (something was painted)."""
    png = page.locator("#board").screenshot()
    return len(set(png[100:4000])) > 40  # a flat PNG compresses to a few repeated bytes


def test_the_worker_paints_the_board_on_the_canvas_handed_over(page, open_app):
    open_app("?lang=en")
    assert page.evaluate("() => typeof document.getElementById('board').transferControlToOffscreen") == "function"
    api(page, f"newGame('indecix', {INDECIX})")
    page.wait_for_timeout(300)
    assert board_painted(page)
    # the page's thread holds no 2D context of the board: it was handed over
    message = page.evaluate(
        "() => { try { document.getElementById('board').getContext('2d'); return 'got one'; }"
        " catch (e) { return e.name; } }"
    )
    assert message == "InvalidStateError"


def test_without_offscreen_canvas_the_page_paints_what_the_worker_sends(page, open_app):
    page.add_init_script("delete HTMLCanvasElement.prototype.transferControlToOffscreen;")
    open_app("?lang=fr")
    api(page, f"newGame('indecix', {INDECIX})")
    state = api(page, "state()")
    api(page, f"play({json.dumps(state['legal'][0])})")
    page.wait_for_timeout(300)
    assert board_painted(page)
    assert page.evaluate("() => !!document.getElementById('board').getContext('2d')")
    assert api(page, "state()")["view"]["turn"] > state["view"]["turn"]


def test_a_write_refused_by_the_browser_keeps_the_stored_game(page, open_app):
    """The copy of the stored game into the previous slot is refused (quota): the stored game stays, the
    new game goes on unsaved, and the banner says so; nothing lands on top later."""
    open_app("?lang=en")
    api(page, f"newGame('indecix', {INDECIX})")
    kept = page.evaluate("() => localStorage.getItem('dicehall:current')")
    page.evaluate("""() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key === 'dicehall:previous') throw new DOMException('full', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };
    }""")
    api(page, "newGame('charidice', {seed: 'refused'})")
    for _ in range(2):
        state = api(page, "state()")
        if state["legal"]:
            api(page, f"play({json.dumps(state['legal'][0])})")
    page.wait_for_timeout(300)
    assert page.evaluate("() => localStorage.getItem('dicehall:current')") == kept
    assert page.evaluate("() => localStorage.getItem('dicehall:previous')") is None
    assert api(page, "state()")["game"] == "charidice"  # the new game goes on
    assert "could not be put aside" in page.inner_text("#ui")


def prevented(page, key: str) -> bool:
    """Whether the page kept ``key`` from the browser (a listener added after the host's sees it)."""
    page.evaluate(
        """(key) => { window.__seen = null;
      const seen = (e) => {
        if (e.key.toLowerCase() !== key.toLowerCase()) return;   // not the modifier's own keydown
        window.__seen = e.defaultPrevented; window.removeEventListener("keydown", seen);
      };
      window.addEventListener("keydown", seen); }""",
        key.split("+")[-1],
    )
    page.keyboard.press(key)
    page.wait_for_function("() => window.__seen !== null")
    return bool(page.evaluate("() => window.__seen"))


def test_the_page_keeps_game_keys_from_the_browser_only_on_a_game(page, open_app):
    open_app("?lang=en")
    page.focus("body")
    assert not prevented(page, "ArrowDown")  # the hub scrolls with the arrows
    api(page, f"newGame('indecix', {INDECIX})")
    page.wait_for_timeout(200)
    page.focus("#board")
    assert prevented(page, "ArrowDown")
    assert prevented(page, "Control+z")  # undo, not the browser's
    assert not prevented(page, "Control+l")  # the browser's own shortcut
    assert not prevented(page, "Tab")


def test_a_synchronous_member_answers_while_the_worker_is_busy(page, open_app):
    """state() answers from the values the page keeps, even while the worker plays a long call."""
    open_app("?lang=en")
    states = page.evaluate("""async () => {
      const d = window.dicehall, seen = [];
      const done = d.newGame('paradice', {seed: 'busy', round_limit: 3,
        seats: [{kind: 'ai', level: 'easy'}, {kind: 'ai', level: 'easy'}, {kind: 'ai', level: 'easy'}]});
      let finished = false;
      done.then(() => { finished = true; });
      while (!finished) { seen.push(d.state().screen); await new Promise((r) => setTimeout(r, 20)); }
      return [seen.length, d.state().over];
    }""")
    assert states[0] > 3 and states[1] is True
