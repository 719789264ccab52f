"""A new version of the site is picked up without breaking an open game: the new service worker waits,
the page offers to reload, the game goes on meanwhile, and after the reload it resumes where it was."""

from __future__ import annotations

import json
import re
import shutil

from buildtool.serve import make_server

from .conftest import BOOT_TIMEOUT_MS, DIST, api, wait_ready


def play_one(page) -> None:
    state = api(page, "state()")
    api(page, f"play({json.dumps(state['legal'][0])})")


def test_a_new_version_waits_for_the_player_and_keeps_the_game(browser, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    server = make_server(site, 0).start_background()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(service_workers="allow")
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(url)
        wait_ready(page)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        api(page, 'newGame("indecix", {seed: "update", seats: [{kind: "human"}, {kind: "ai", level: "easy"}]})')
        play_one(page)

        # Publish a new version: a service worker with another cache name.
        sw = site / "sw.js"
        text = sw.read_text(encoding="utf-8")
        old_cache = re.search(r'const CACHE = "([^"]+)"', text).group(1)
        sw.write_text(text.replace(old_cache, old_cache + "-next"), encoding="utf-8")
        for suffix in (".gz", ".br"):  # the server prefers a precompressed copy
            sw.with_name("sw.js" + suffix).unlink(missing_ok=True)
        page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_selector('[data-cmd="host:update"]')

        # The open game is not disturbed: it still plays on the old version.
        play_one(page)
        before = api(page, "state()")
        assert before["view"]["turn"] == 5

        with page.expect_navigation():
            page.click('[data-cmd="host:update"]')
        wait_ready(page)
        assert api(page, "state()") == before
        caches = page.evaluate("() => caches.keys()")
        assert old_cache + "-next" in caches and old_cache not in caches
    finally:
        context.close()
        server.stop()
