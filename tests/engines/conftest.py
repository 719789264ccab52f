"""Engine tests: the few browser tests of what differs between engines, run in Firefox ESR and WebKitGTK
(and Chromium), each test body once per engine (tests/engines/drivers.py). docs/browsers.md lists them.

`python3 build.py test` installs the engines when it can (Debian's `firefox-esr`, `webkit2gtk-driver`,
`libwebkit2gtk-4.1-0`, `xvfb`) and says which it runs. An engine that cannot be had is skipped with one line
saying what to install; without a built site the tests are skipped as tests/browser's are.

DICEHALL_ENGINES chooses the engines (comma-separated: firefox, webkit, chromium; default firefox,webkit).

Fixtures:

``engine`` (session, one per engine)
    The browser, launched once: ``engine.name``, ``engine.new_tab()``.
``site`` (per test)
    ``site(init="")``: the built site served on a port of its own (so a test's storage, service worker
    and Web Locks are its own), with ``init`` (JavaScript) run first in every page, before the page's own
    scripts. ``.url``, ``.stopped()`` (connection refused while inside, as offline).
``tab`` (per test)
    A new tab of ``engine``; every tab the test opened is closed at the end, and the test fails if a page
    recorded an uncaught error or fetched anything from another origin.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.conftest import DIST, _require_dist  # the built site, as the Chromium tests find it

from . import drivers

# Chromium is tested in full by tests/browser/; add it here to check these tests themselves in it.
ENGINES = [e.strip() for e in os.environ.get("DICEHALL_ENGINES", "firefox,webkit").split(",") if e.strip()]


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session", params=ENGINES)
def engine(request):
    _require_dist()
    try:
        eng = drivers.launch(request.param)
    except drivers.EngineMissing as missing:
        pytest.skip(f"{request.param} tests skipped: {missing}")
    yield eng
    eng.quit()


@pytest.fixture
def site():
    made: list[drivers.Site] = []

    def _make(init: str = "") -> drivers.Site:
        made.append(drivers.Site(DIST, init))
        return made[-1]

    yield _make
    for s in made:
        s.close()


@pytest.fixture
def tab(engine):
    first = engine.new_tab()
    yield first
    problems = []
    for t in getattr(engine, "tabs", None) or [first]:
        try:
            problems += [f"{engine.name}: {e}" for e in t.errors()]
            problems += [
                f"{engine.name}: a request left the origin: {u}"
                for u in t.run(
                    "return performance.getEntriesByType('resource').map((e) => e.name)"
                    ".filter((u) => !u.startsWith(location.origin) && /^https?:/.test(u));"
                )
            ]
        except Exception:
            pass  # a page that is gone or was never opened has nothing to say
    engine.end_session()
    assert not problems, "\n".join(problems)


def open_tab(engine, url: str, tab=None):
    """``tab`` (or a new tab of ``engine``) at ``url``, once window.dicehall is ready."""
    t = tab or engine.new_tab()
    t.goto(url)
    t.wait_ready()
    t.wait("!document.getElementById('loading')", 30)  # the loading screen is gone: nothing covers the page
    return t
