"""Notices on a game: storage blocked (as in an iframe of a site that blocks third-party storage) gives one
accurate notice, docked under the toolbar, and the board starts below it: the notice never covers the game."""

from __future__ import annotations

import json

from .conftest import api

BLOCK_STORAGE = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("The document is sandboxed", "SecurityError"); },
});
"""


def _box(page, selector):
    return page.evaluate(
        f"() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom}; }"
    )


def test_blocked_storage_gives_one_notice_that_never_covers_the_board(page, open_app):
    page.add_init_script(BLOCK_STORAGE)
    open_app("?lang=en&embed=1")
    api(page, 'newGame("indecix", {seed: "notice", seats: [{kind: "human"}, {kind: "ai", level: "easy"}]})')
    page.wait_for_selector(".banners.docked .banner")
    texts = page.locator(".banner").all_inner_texts()
    assert len(texts) == 1 and "storage is disabled" in texts[0], texts
    assert "full" not in texts[0]
    page.wait_for_function(
        "() => { const d = document.querySelector('.banners.docked').getBoundingClientRect();"
        " return document.getElementById('board').getBoundingClientRect().top >= d.bottom - 0.5; }"
    )
    notice, board = _box(page, ".banners.docked"), _box(page, "#board")
    assert board["top"] >= notice["bottom"] - 0.5
    # A move is still played and the game goes on without storage; dismissing gives the board its room back.
    before = len(api(page, "save()")["log"])
    api(page, f"play({json.dumps(api(page, 'state()')['legal'][0])})")
    assert len(api(page, "save()")["log"]) > before
    page.click(".banners.docked .banner button")
    page.wait_for_selector(".banners.docked", state="detached")
    page.wait_for_function(
        "() => document.getElementById('board').getBoundingClientRect().top"
        " <= document.querySelector('.toolbar').getBoundingClientRect().bottom + 0.5"
    )
    assert not page.errors, page.errors
