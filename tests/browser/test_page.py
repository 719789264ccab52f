"""The page as a platform: loading screen, boot, page API basics, manifest, service worker, offline,
language and embedding.  Every test also checks (through the `context` fixture) that no request
leaves the origin."""

from __future__ import annotations

import json
import struct
import urllib.error
import urllib.request

import pytest

from dicehall.core import registry

from .conftest import DIST, api, wait_ready

GAME_IDS = [spec.id for spec in registry.CATALOGUE]


def no_errors(page) -> None:
    assert not page.errors, "\n".join(page.errors)


def test_loading_screen_comes_first_then_ready(page, server):
    page.add_init_script("""
        addEventListener('DOMContentLoaded', () => {
          const l = document.getElementById('loading');
          window.__atDom = {shown: !!l && getComputedStyle(l).display !== 'none' && !l.classList.contains('done'),
                            text: document.getElementById('ld-msg').textContent};
        });""")
    page.goto(server.url + "?lang=fr", wait_until="domcontentloaded")
    wait_ready(page)
    at_dom = page.evaluate("window.__atDom")
    assert at_dom["shown"], "the loading screen is not shown while Python loads"
    assert at_dom["text"].startswith("Chargement"), at_dom
    timing = page.evaluate("""() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return {fcp: fcp ? fcp.startTime : null, now: performance.now()};
    }""")
    assert timing["fcp"] is not None and timing["fcp"] < timing["now"]
    # how soon it paints is measured by bench/load.py, not asserted here
    # The loading screen goes away once ready.
    page.wait_for_selector("#loading", state="detached", timeout=5000)
    no_errors(page)


def test_hub_lists_the_five_games(page, open_app):
    open_app()
    games = api(page, "games()")
    assert [g["id"] for g in games] == GAME_IDS
    for g in games:
        assert g["title"] and 1 <= g["min_players"] <= g["max_players"]
    state = api(page, "state()")
    assert state["screen"] == "hub"
    ui_text = page.inner_text("#ui")
    for g in games:
        assert g["title"] in ui_text
    assert page.evaluate("typeof window.dicehall.version") == "string"
    no_errors(page)


def test_page_api_rejects_unknown_game(page, open_app):
    open_app()
    message = page.evaluate("""() => window.dicehall.newGame('no-such-game', {})
        .then(() => 'resolved', (e) => e instanceof Error ? 'Error: ' + e.message : 'not an Error')""")
    assert message.startswith("Error: ") and len(message) > len("Error: ")
    assert api(page, "state()")["screen"] == "hub"


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_and_icons(page, open_app, server):
    open_app()
    href = page.get_attribute('link[rel="manifest"]', "href")
    resp = page.request.get(server.url + href)
    assert resp.ok and resp.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(resp.text())
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] in {"standalone", "fullscreen", "minimal-ui"}
    assert manifest.get("lang") == "fr" and manifest.get("id")
    sizes = {}
    for icon in manifest["icons"]:
        r = page.request.get(server.url + icon["src"])
        assert r.ok, icon["src"]
        assert r.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            w, h = _png_size(r.body())
            assert f"{w}x{h}" == icon["sizes"], icon
            sizes.setdefault(icon.get("purpose", "any"), set()).add(w)
    assert {192, 512} <= sizes["any"]
    assert 512 in sizes.get("maskable", set())


def _precache_count() -> int:
    files = [p for p in DIST.rglob("*") if p.is_file() and p.suffix not in (".gz", ".br") and p.name != "sw.js"]
    return len(files)


def test_service_worker_controls_the_page_and_precaches_everything(page, open_app):
    open_app()
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=60_000)
    info = page.evaluate("""async () => {
        const keys = (await caches.keys()).filter((k) => k.startsWith('dicehall-'));
        const cache = await caches.open(keys[0]);
        return {keys, entries: (await cache.keys()).length,
                scope: (await navigator.serviceWorker.ready).scope};
    }""")
    assert len(info["keys"]) == 1
    assert info["entries"] == _precache_count()
    assert info["scope"] == page.url.split("?")[0].rsplit("/", 1)[0] + "/"


def test_offline_after_first_visit(page, open_app, server):
    open_app()
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=60_000)
    with server.stopped():
        with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
            urllib.request.urlopen(server.url, timeout=5)
        page.reload()
        wait_ready(page)
        assert api(page, "state()")["screen"] == "hub"
        assert len(api(page, "games()")) == 5
        assert page.inner_text("#ui").strip()
    no_errors(page)


def test_lang_en(page, server):
    page.add_init_script("""addEventListener('DOMContentLoaded', () => {
        window.__ldText = document.getElementById('ld-msg').textContent; });""")
    page.goto(server.url + "?lang=en", wait_until="domcontentloaded")
    wait_ready(page)
    assert page.evaluate("window.__ldText").startswith("Loading")
    page.wait_for_function("document.documentElement.lang === 'en'", timeout=10_000)
    assert api(page, "state()")["screen"] == "hub"
    no_errors(page)


def test_embedded_in_an_iframe(page, server):
    host = """<!doctype html><meta charset="utf-8"><title>host</title>
        <script>window.msgs = []; addEventListener('message', (e) => window.msgs.push(e.data));</script>
        <iframe id="f" src="index.html?embed=1&game=indecix&lang=en" width="900" height="640"></iframe>"""
    page.route(
        server.url + "embed-host.html", lambda route: route.fulfill(status=200, content_type="text/html", body=host)
    )
    page.goto(server.url + "embed-host.html")
    frame = page.wait_for_selector("#f").content_frame()
    wait_ready(frame)
    assert frame.evaluate("window.parent !== window")
    state = frame.evaluate("window.dicehall.state()")
    assert state["screen"] != "hub"
    assert frame.locator(".hub").count() == 0
    # A computer-only game runs to its end; the parent hears about turns and the game over.
    frame.evaluate("""() => window.dicehall.newGame('indecix',
        {seats: [{kind: 'ai', level: 'easy'}, {kind: 'ai', level: 'easy'}], seed: 7})""")
    assert frame.evaluate("window.dicehall.state()")["over"] is True
    page.wait_for_function("window.msgs.some((m) => m && m.type === 'dicehall:gameover')", timeout=10_000)
    msgs = page.evaluate("window.msgs")
    over = [m for m in msgs if m.get("type") == "dicehall:gameover"][-1]
    assert over["game"] == "indecix" and len(over["scores"]) == 2 and isinstance(over["winners"], list)
    assert any(m.get("type") == "dicehall:turn" for m in msgs)
    no_errors(page)


@pytest.mark.parametrize("how", ["missing", "wrong-mime"])
def test_boot_failure_is_reported_on_the_loading_screen(page, server, how):
    wasm = next(DIST.glob("pyodide/*/pyodide.asm.wasm")).read_bytes()

    def broken(route):
        if how == "missing":
            route.fulfill(status=404, content_type="text/plain", body="not found")
        else:
            route.fulfill(status=200, content_type="text/plain", body=wasm)

    page.route("**/pyodide.asm.wasm", broken)
    page.goto(server.url + "?lang=fr")
    page.wait_for_selector("#ld-retry", state="visible", timeout=60_000)
    assert page.inner_text("#ld-msg") == "Le chargement a échoué."
    assert "pyodide.asm.wasm" in page.inner_text("#ld-detail")
    outcome = page.evaluate("window.dicehall.ready.then(() => 'resolved', (e) => 'rejected: ' + e.message)")
    assert outcome.startswith("rejected: ")
