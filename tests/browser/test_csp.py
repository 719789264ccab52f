"""The Content-Security-Policy: the page carries it as a <meta>, the server sends the hosts' header (the same
without hashes, docs/hosting.md), the
site boots, shows each game's setup and plays each game to its end under it without a single violation
(also once the service worker serves the page), and it is really enforced: an injected inline script does
not run, eval is refused, a style attribute is not applied."""

from __future__ import annotations

import json
import re
import urllib.request

from buildtool.csp import HOST_CSP
from buildtool.serve import make_server

from dicehall.core import registry

from .conftest import DIST, api, wait_ready

GAME_IDS = [spec.id for spec in registry.CATALOGUE]
# Computer-only games that end in a few seconds each (newGame drives the computers to the end): each game
# its table and a short game; a game not named here plays at its fewest seats.
SHORT = {
    "paradice": {"seats": 3, "round_limit": 20},
    "indecix": {"seats": 2},
    "charidice": {"seats": 3},
    "roudalon": {"seats": 4, "parties": 1},
    "marchands": {"seats": 2, "round_limit": 50},
}
LISTEN = """
window.__cspViolations = [];
addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push({
  directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber,
  sample: e.sample, disposition: e.disposition}), true);
"""


def page_policy() -> str:
    m = re.search(
        r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">',
        (DIST / "index.html").read_text(encoding="utf-8"),
    )
    assert m, "dist/index.html has no Content-Security-Policy <meta>"
    return m.group(1)


def violations(page) -> list[dict]:
    return page.evaluate("window.__cspViolations")


def no_violations(page, where: str) -> None:
    found = violations(page)
    assert not found, f"{where}: CSP violations\n" + "\n".join(json.dumps(v) for v in found)
    assert not page.errors, f"{where}:\n" + "\n".join(page.errors)


def test_the_page_carries_the_policy_and_the_server_sends_the_header_for_hosts(server):
    policy = page_policy()
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    script = directives["script-src"].split()
    assert "'self'" in script and "'wasm-unsafe-eval'" in script
    assert "'unsafe-eval'" not in script and "'unsafe-inline'" not in script
    assert any(s.startswith("'sha256-") for s in script)  # the loading screen's script
    assert "'unsafe-inline'" not in directives["style-src"]
    assert directives["connect-src"] == "'self'" and directives["worker-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert "frame-ancestors" not in directives  # ignored in a <meta>; left to the host
    head = (DIST / "index.html").read_text(encoding="utf-8").split("</head>")[0]
    first_other = min(head.find(tag) for tag in ("<link", "<script", "<style") if tag in head)
    assert head.find('http-equiv="Content-Security-Policy"') < first_other, "the policy must come first"
    for path in ("", "index.html", "sw.js", "?game=indecix"):
        with urllib.request.urlopen(server.url + path) as resp:
            assert resp.headers["Content-Security-Policy"] == HOST_CSP, path


def test_boot_setups_and_five_games_raise_no_violation(page, server):
    page.add_init_script(LISTEN)
    response = page.goto(server.url + "?lang=en")
    assert response.headers.get("content-security-policy") == HOST_CSP
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "en"  # the hashed inline script ran
    assert page.evaluate("getComputedStyle(document.getElementById('ui')).position") == "absolute"
    # web/styles.css, inline by its hash: the hub's cards are laid out by it.
    assert page.evaluate("getComputedStyle(document.querySelector('.hub-head, .hub-header')).display") == "flex"
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")  # worker-src, its fetches
    no_violations(page, "boot")

    # Each game's setup dialog (seat colour swatches, option fields), then back to the hub.
    for game in GAME_IDS:
        page.click(f"#play-{game}")
        page.wait_for_function("() => window.dicehall.state().screen === 'setup'")
        assert page.locator("#ui .swatch svg circle").count() > 0
        fill = page.evaluate("getComputedStyle(document.querySelector('#ui .swatch circle')).fill")
        assert fill not in ("", "none", "rgb(0, 0, 0)"), fill
        page.click('#ui [data-cmd="hub"]')
        page.wait_for_function("() => window.dicehall.state().screen === 'hub'")
    no_violations(page, "setup dialogs")

    for game in GAME_IDS:
        short = SHORT.get(game, {"seats": registry.info(game).min_players})
        options = {k: v for k, v in short.items() if k != "seats"}
        options.update(seed="csp", seats=[{"kind": "ai", "level": "normal"}] * short["seats"])
        api(page, f"newGame({json.dumps(game)}, {json.dumps(options)})")
        state = api(page, "state()")
        assert state["game"] == game and state["over"] is True, (game, state["over"])
        page.wait_for_timeout(300)  # a few frames of the end screen
        no_violations(page, game)

    # Again with the page, its scripts and the runtime served by the service worker.
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    seats = [{"kind": "ai", "level": "easy"}] * 2
    api(page, f"newGame('indecix', {json.dumps({'seed': 'csp-sw', 'seats': seats})})")
    no_violations(page, "served by the service worker")


def test_the_policy_is_enforced(page, open_app):
    page.add_init_script(LISTEN)
    open_app()
    ran = page.evaluate("""() => {
        window.__injected = false;
        const s = document.createElement('script');
        s.textContent = 'window.__injected = true;';
        document.body.append(s);
        return window.__injected;
    }""")
    assert ran is False, "an injected inline script ran"
    assert any(v["directive"] == "script-src-elem" and v["blocked"] == "inline" for v in violations(page))
    # Later, in a task of the page's own (the evaluation Playwright runs itself is exempt from the policy).
    assert (
        page.evaluate("""() => new Promise((done) => setTimeout(() => {
        try { eval('1'); done('ran'); } catch (e) { done(e.name); } }))""")
        == "EvalError"
    )
    width = page.evaluate("""() => {
        const box = document.createElement('div');
        box.innerHTML = '<div style="position:absolute;width:123px;height:5px"></div>';
        document.body.append(box);
        const w = box.firstChild.getBoundingClientRect().width;
        box.remove();
        return w;
    }""")
    assert width != 123, "a style attribute was applied"
    handler = page.evaluate("""() => {
        window.__clicked = false;
        const b = document.createElement('button');
        b.setAttribute('onclick', 'window.__clicked = true');
        document.body.append(b); b.click(); b.remove();
        return window.__clicked;
    }""")
    assert handler is False, "an inline event handler ran"
    page.errors.clear()  # the refusals above are logged


def test_the_header_is_left_out_for_mounted_pages(tmp_path):
    (tmp_path / "page.html").write_text("<p>bench</p>", encoding="utf-8")
    srv = make_server(DIST, 0, mounts={"/bench/": tmp_path}).start_background()
    try:
        with urllib.request.urlopen(srv.url + "bench/page.html") as resp:
            assert resp.headers["Content-Security-Policy"] is None
        with urllib.request.urlopen(srv.url) as resp:
            assert resp.headers["Content-Security-Policy"] == HOST_CSP
    finally:
        srv.stop()
