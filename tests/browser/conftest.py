"""Browser tests: the built site (dist/) in real Chromium, driven by Playwright (sync API).

`python3 build.py test` builds dist/ first and exports DICEHALL_CHROMIUM, so in CI these always run.
Run alone (after `python3 build.py build`): `.venv/bin/python -m pytest tests/browser`. Without dist/
they are skipped with a reason, unless DICEHALL_BUILT=1 says a build was expected (then they fail).

Fixtures (use them in any tests/browser/test_*.py):

``server`` (session)
    The site's own static server (``buildtool.serve.LiveServer``: same MIME types, cache headers and gzip
    as ``build.py serve``) on a free port of 127.0.0.1, in a thread.  ``server.url`` ends with "/";
    ``server.origin`` has none.  ``with server.stopped(): ...`` stops it (connection refused, as
    offline) and restarts it on the same port afterwards.
``browser`` (session)
    Chromium launched with ``executable_path`` = $DICEHALL_CHROMIUM (else Playwright's own browser,
    else /usr/bin/chromium) and the flags this machine needs (CHROMIUM_ARGS).
``context`` (per test)
    A fresh, empty browser context (no cache, no storage, no service worker), viewport 1100x760.
    Every request it makes (pages, iframes, service worker) is recorded in ``context.requests``;
    at teardown the test fails if any went to another origin than the server, or if a page logged an
    import of a standard module left out of the trimmed stdlib (buildtool/stdlib.py STDLIB_EXTRA).
``page`` (per test)
    A new page of ``context``.  ``page.errors`` collects uncaught page errors and console errors.
``open_app`` (per test)
    ``open_app(query="", page=None, timeout=60_000)`` navigates ``page`` to ``server.url + query``
    (e.g. "?lang=en" or "?game=indecix") and waits for ``window.dicehall.ready``; returns the page.
    Helpers on the module: ``wait_ready(page)``, ``api(page, "state()")`` evaluates
    ``window.dicehall.<expr>`` (awaiting promises) and returns the JSON result.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from buildtool.serve import LiveServer

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("DICEHALL_DIST", ROOT / "dist"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BOOT_TIMEOUT_MS = 90_000
LOCAL_SCHEMES = ("data:", "blob:", "about:", "chrome-extension:", "chrome:")


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def _require_dist() -> None:
    if (DIST / "index.html").exists() and (DIST / "sw.js").exists():
        return
    if os.environ.get("DICEHALL_BUILT") == "1":
        pytest.fail(f"{DIST} has no built site although build.py test built it")
    pytest.skip(f"no built site in {DIST}: run `python3 build.py test` (or `python3 build.py build` first)")


def _chromium() -> str:
    path = os.environ.get("DICEHALL_CHROMIUM")
    if path and Path(path).exists():
        return path
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            own = p.chromium.executable_path
        if own and Path(own).exists():
            return own
    except Exception:
        pass
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.skip("no Chromium: install Debian's `chromium` or run `python3 build.py test`, which does")
    return found


@pytest.fixture(scope="session")
def server():
    _require_dist()
    srv = LiveServer(DIST)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser():
    _require_dist()
    executable = _chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def context(browser, server):
    ctx = browser.new_context(viewport={"width": 1100, "height": 760}, service_workers="allow")
    ctx.set_default_timeout(BOOT_TIMEOUT_MS)
    ctx.requests = []
    ctx.on("request", lambda r: ctx.requests.append(r.url))
    # The page logs an import of a standard module that the build left out of the trimmed stdlib (any page
    # of the context): such a test fails, whatever it asserts.
    trimmed = []
    ctx.on(
        "console",
        lambda m: (
            trimmed.append(m.text) if "is not in this build" in m.text or "ModuleNotFoundError" in m.text else None
        ),
    )
    yield ctx
    ctx.close()
    if trimmed:
        pytest.fail(
            "a standard module is missing from the build's trimmed stdlib (add it to buildtool/stdlib.py "
            "STDLIB_EXTRA):\n  " + "\n  ".join(sorted(set(trimmed)))
        )
    foreign = [
        u
        for u in ctx.requests
        if not u.startswith(LOCAL_SCHEMES) and f"{urlsplit(u).scheme}://{urlsplit(u).netloc}" != server.origin
    ]
    if foreign:
        pytest.fail("requests left the origin:\n  " + "\n  ".join(sorted(set(foreign))))


@pytest.fixture
def page(context):
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(f"pageerror: {e}"))
    pg.on("console", lambda m: pg.errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
    return pg


def wait_ready(page, timeout: int = BOOT_TIMEOUT_MS) -> None:
    page.wait_for_function("() => window.dicehall && window.dicehall.ready", timeout=timeout)
    page.evaluate("() => window.dicehall.ready.then(() => true)")


def api(page, expr: str):
    """Evaluate window.dicehall.<expr> in the page (promises awaited) and return its JSON value."""
    return page.evaluate(f"async () => await window.dicehall.{expr}")


@pytest.fixture
def open_app(page, server):
    def _open(query: str = "", pg=None, timeout: int = BOOT_TIMEOUT_MS):
        target = pg or page
        target.goto(server.url + query)
        wait_ready(target, timeout)
        return target

    return _open
