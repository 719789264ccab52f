"""Paradice after play-testing, in real Chromium: the setup's Start in view at 1280x800, the game menu in
sections that scrolls visibly within an 800 px window, Ctrl+F / F1 / Shift+F1 reaching the game, no
keyboard hints on a phone (the page guesses a touch screen), and a key pressed during the computers' turns
answered at once."""

from __future__ import annotations

import json

from .conftest import BOOT_TIMEOUT_MS, api, wait_ready

SIX = [{"kind": "human"}] + [{"kind": "ai", "level": "normal"}] * 5


def _six_player_game(page, open_app, lang="fr"):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(f"?lang={lang}")
    api(page, f"newGame('paradice', {json.dumps({'seats': SIX, 'seed': 'polish'})})")
    page.wait_for_selector("#menu-button")


def test_the_setups_start_button_is_in_view_at_1280x800(page, open_app):
    page.set_viewport_size({"width": 1280, "height": 800})
    for game in ("paradice", "roudalon"):
        open_app(f"?game={game}&lang=fr")
        page.wait_for_selector("#start")
        inside = page.evaluate("""() => {
            const b = document.getElementById('start').getBoundingClientRect();
            const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
            const form = document.querySelector('.screen.setup');
            return {bottom: b.bottom, top: b.top, hit: !!hit && hit.closest('#start') !== null,
                    scrolls: form.scrollHeight > form.clientHeight};
        }""")
        assert inside["scrolls"], f"{game}: the form is longer than the window (the case to cover)"
        assert 0 <= inside["top"] and inside["bottom"] <= 800 and inside["hit"], f"{game}: Start out of view"
        page.click("#start")  # it can be pressed at once, without scrolling
        page.wait_for_function("() => window.dicehall.state().screen === 'game'")
    assert not page.errors, page.errors


def test_the_game_menu_is_in_sections_and_scrolls_visibly_within_the_window(page, open_app):
    _six_player_game(page, open_app)
    page.click("#menu-button")
    page.wait_for_selector("#game-menu")
    menu = page.evaluate("""() => {
        const m = document.getElementById('game-menu'), r = m.getBoundingClientRect(), s = getComputedStyle(m);
        return {bottom: r.bottom, scrolls: m.scrollHeight > m.clientHeight, overflow: s.overflowY,
                shadows: s.backgroundImage, headings: [...m.querySelectorAll('.menu-heading')].map(h => h.textContent),
                record: !!m.querySelector('#menu-record')};
    }""")
    assert menu["headings"] == ["Partie", "Vues", "Statistiques", "Options et aide"]
    assert menu["record"] and menu["bottom"] <= 800
    assert menu["scrolls"] and menu["overflow"] == "auto", "taller than the window: it scrolls inside it"
    assert menu["shadows"].count("gradient") >= 4, "the edges that have more are shaded"
    page.locator("#menu-about").scroll_into_view_if_needed()
    page.click("#menu-about")
    page.wait_for_selector("#about-version")
    assert api(page, "version") in page.inner_text("#about-version")
    assert not page.errors, page.errors


def test_ctrl_f_f1_and_shift_f1_reach_the_game(page, open_app):
    _six_player_game(page, open_app, "en")
    page.locator("#board").focus()
    page.keyboard.press("Control+f")
    page.wait_for_function("() => document.getElementById('live').textContent.includes('Board font: Large')")
    page.keyboard.press("F1")
    page.wait_for_selector(".dialog .rules")
    assert "Rules" in page.inner_text(".dialog-title")
    page.keyboard.press("Escape")
    page.wait_for_selector(".dialog .rules", state="detached")
    page.keyboard.press("Shift+F1")
    page.wait_for_selector("#about-version")
    assert api(page, "version") in page.inner_text("#about-version")
    page.keyboard.press("Escape")
    page.wait_for_selector("#about-version", state="detached")
    page.click("#menu-button")
    page.click("#game-menu [data-arg='options']")
    page.wait_for_selector("#display-font")
    assert page.input_value("#display-font") == "large", "the font chosen by Ctrl+F, in the Display dialog"
    assert not page.errors, page.errors


def test_a_phone_gets_no_keyboard_hints(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        page = ctx.new_page()
        page.goto(server.url + "?lang=fr")
        wait_ready(page)
        api(page, f"newGame('paradice', {json.dumps({'seats': SIX, 'seed': 'phone'})})")
        # the human's dice spin: the prompt, read out for screen readers, asks for a tap, not for Space
        page.wait_for_function("() => document.getElementById('live').textContent.includes('touchez-les')")
        assert "[Espace]" not in page.inner_text("#live")
    finally:
        ctx.close()


def test_a_key_pressed_during_the_computers_turns_is_answered_at_once(page, open_app):
    _six_player_game(page, open_app)
    page.locator("#board").focus()
    for _ in range(200):  # the human plays his turn by keys until the computers' turns
        state = api(page, "state()")
        view = state["view"]
        if state["to_move"] not in (None, 0) or (view["phase"] == "roll" and view["current"] != 0):
            break
        if view["phase"] == "direction" and state["to_move"] == 0:
            page.keyboard.press(
                {"N": "ArrowUp", "E": "ArrowRight", "S": "ArrowDown", "W": "ArrowLeft"}[view["directions"][0]]
            )
        elif view["phase"] == "buy" and state["to_move"] == 0:
            page.keyboard.press("n")
        elif view["phase"] == "roll":
            page.keyboard.press(" ")
        page.wait_for_timeout(100)
    page.keyboard.press("o")
    page.wait_for_function(
        "() => /Pas maintenant|pas encore posée|retenue/.test(document.getElementById('live').textContent)"
    )
    assert not page.errors, page.errors
