"""The hub at first paint: build.py renders the hub (app/screens.py) into index.html, the page's inline script
shows it before any other script, with the "Resume" card of the stored game (which Python then opens, as on
any visit); a game chosen on it while Python loads opens its setup once Python is ready (docs/performance.md,
"The hub at first paint")."""

from __future__ import annotations

import json

from .conftest import wait_ready

SAVE = {
    "format": "dicehall.save/1",
    "game": "charidice",
    "rules_version": 1,
    "seats": [
        {"name": "Léa", "kind": "human"},
        {"name": "Max", "kind": "ai", "level": "easy"},
        {"name": "Zoé", "kind": "ai", "level": "easy"},
    ],
    "seed": "early",
    "log": [],
}
AT_DOM = """addEventListener('DOMContentLoaded', () => {
    const ui = document.getElementById('ui');
    window.__atDom = {play: (document.getElementById('play-indecix') || {}).textContent || null,
                      resume: !!document.getElementById('resume'),
                      resumeGame: (ui.querySelector('.resume-card h2') || {}).textContent || null,
                      resumeArt: !!ui.querySelector('.resume-card > :first-child:not([data-art])'),
                      loading: document.getElementById('loading').className,
                      started: window.dicehall === undefined || window.dicehall.state() === null};
});"""


def test_the_hub_is_in_the_page_before_python(page, server):
    page.add_init_script(AT_DOM)
    page.goto(server.url + "?lang=en", wait_until="domcontentloaded")
    at_dom = page.evaluate("window.__atDom")
    assert at_dom["play"] == "Play" and not at_dom["resume"] and "early" in at_dom["loading"], at_dom
    wait_ready(page)
    assert page.inner_text("#play-indecix") == "Play"
    assert not page.errors, "\n".join(page.errors)


def test_the_resume_card_of_the_stored_game_shows_before_python(page, server):
    page.add_init_script(AT_DOM)
    page.add_init_script(f"""if (!localStorage.getItem('dicehall:current'))
        localStorage.setItem('dicehall:current', {json.dumps(json.dumps(SAVE))});""")
    page.goto(server.url + "?lang=fr", wait_until="domcontentloaded")
    at_dom = page.evaluate("window.__atDom")
    assert at_dom["play"] == "Jouer" and at_dom["resume"] and at_dom["resumeGame"] == "Charidice", at_dom
    assert at_dom["resumeArt"], at_dom  # the game card's picture, copied
    page.click("#resume")  # the stored game: Python opens it by itself once ready
    wait_ready(page)
    page.wait_for_function("() => window.dicehall.state().screen === 'game'")
    assert page.evaluate("window.dicehall.state().game") == "charidice"
    assert not page.errors, "\n".join(page.errors)


def test_a_game_chosen_while_python_loads_opens_its_setup(page, server):
    page.goto(server.url + "?lang=fr", wait_until="domcontentloaded")
    page.click("#play-indecix")
    early = page.evaluate("""() => ({cmd: (window.dicehallEarly || {}).cmd || null,
        busy: document.getElementById('play-indecix').getAttribute('aria-busy'),
        msg: document.getElementById('ld-msg').textContent})""")
    if early["cmd"] is not None:  # chosen before Python ran (else host.js took the click: same result)
        assert early["cmd"] == ["open", "indecix"] and early["busy"] == "true", early
        assert early["msg"].startswith("Démarrage"), early
    wait_ready(page)
    page.wait_for_function("() => window.dicehall.state().screen === 'setup'")
    assert page.evaluate("window.dicehall.state().game") == "indecix"
    assert not page.errors, "\n".join(page.errors)


def test_the_language_switch_works_before_python(page, server):
    page.goto(server.url + "?lang=fr", wait_until="domcontentloaded")
    if page.evaluate("() => !!window.dicehallEarly && !window.dicehallEarly.done"):
        page.click('.lang-switch [data-arg="en"]')
        assert page.inner_text("#play-indecix") == "Play"
    wait_ready(page)
    page.wait_for_function("() => document.getElementById('play-indecix').textContent === 'Play'")
    assert not page.errors, "\n".join(page.errors)


def test_before_python_the_pictures_are_drawn_and_the_font_primer_leaves_nothing(page, server):
    # Our Python archive never arrives: what the page shows is index.html's alone.
    page.route("**/app/dicehall-*.zip", lambda route: None)
    page.goto(server.url + "?lang=en", wait_until="domcontentloaded")
    drawn = """() => [...document.querySelectorAll('#ui .game-card svg.art')].map((svg) => svg.childElementCount)"""
    page.wait_for_function(f"() => ({drawn})().length === 5 && ({drawn})().every((n) => n > 1)")
    page.wait_for_function("() => document.getElementById('ld-fill').style.width !== ''")  # the boot has begun
    page.wait_for_timeout(200)  # the primer's task follows the boot's
    assert page.evaluate("document.querySelectorAll('#ui .font-primer, #ui .screen.setup').length") == 0
    assert page.evaluate("document.querySelectorAll('#ui .screen.hub').length") == 1
    assert page.evaluate("window.dicehall === undefined || window.dicehall.state() === null")
    assert not page.errors, "\n".join(page.errors)


def test_without_paint_timing_the_pictures_and_the_boot_still_follow_the_first_paint(page, server):
    page.add_init_script("Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', {get: () => []});")
    page.goto(server.url + "?lang=fr", wait_until="domcontentloaded")
    drawn = """() => [...document.querySelectorAll('#ui .game-card svg.art')].map((svg) => svg.childElementCount)"""
    page.wait_for_function(f"() => ({drawn})().length === 5 && ({drawn})().every((n) => n > 1)")
    wait_ready(page)
    assert page.inner_text("#play-indecix") == "Jouer"
    assert not page.errors, "\n".join(page.errors)
