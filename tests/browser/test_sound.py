"""The game's sounds in Chromium (web/sound.js, app/sounds.py): the toolbar's mute button, remembered across
a reload, and the cues played while a game goes on through the page (recorded by sound.js's test hook,
window.__dicehallSoundLog, switched on before load by window.__dicehallSoundTest)."""

import json

from tests.browser.conftest import api, wait_ready

HOOK = "window.__dicehallSoundTest = true;"
AI = {"name": "Ordi", "kind": "ai", "level": "easy"}
# Indecix between two computers, remembered by the setup form (so that Start plays it at the page's pace)
SETUP = {
    "setup": {
        "indecix": {
            "seats": [dict(AI, colour="blue"), dict(AI, name="Ordi 2", colour="red")],
            "options": {"mode": "blitz", "suite_scoring": "text"},
        }
    },
    "speed": "fast",
}


def seed_settings(page, settings):
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem('dicehall:settings', {json.dumps(json.dumps(settings))}); }}"
    )


def test_the_mute_button_toggles_and_is_remembered_across_a_reload(open_app, page):
    open_app("?lang=en")
    api(page, 'newGame("indecix", {seed: "mute", seats: [{kind: "human"}, {kind: "ai"}]})')
    button = page.locator("#sound-toggle")
    button.wait_for()
    assert button.get_attribute("aria-pressed") == "false"
    assert button.get_attribute("aria-label") == "Mute sounds"
    button.click()
    page.wait_for_function("() => document.getElementById('sound-toggle').getAttribute('aria-pressed') === 'true'")
    page.reload()
    wait_ready(page)
    page.locator("#sound-toggle").wait_for()
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "true"


def test_the_mute_button_fits_a_phone_toolbar(open_app, page):
    page.set_viewport_size({"width": 390, "height": 760})
    open_app("?lang=fr")
    api(page, 'newGame("indecix", {seed: "phone", seats: [{kind: "human"}, {kind: "ai"}]})')
    page.locator("#sound-toggle").wait_for(state="attached")
    assert page.locator("#sound-toggle").get_attribute("aria-label") == "Couper le son"
    if not page.locator("#sound-toggle").is_visible():  # folded into the menu on a narrow toolbar: it is there
        page.click("#menu-button")
        page.locator("#menu-sound").wait_for()
        assert page.inner_text("#menu-sound").strip() == "Couper le son"
        page.keyboard.press("Escape")
    widths = page.evaluate("""() => {
      const bar = document.querySelector('.toolbar');
      return {scroll: bar.scrollWidth, client: bar.clientWidth, page: document.documentElement.scrollWidth,
              right: Math.max(...[...bar.children].map((e) => e.getBoundingClientRect().right))};
    }""")
    assert widths["scroll"] <= widths["client"] and widths["page"] <= 390 and widths["right"] <= 390, widths


def play_a_game(page, open_app, settings):
    page.add_init_script(HOOK)
    seed_settings(page, settings)
    open_app("?lang=fr&game=indecix")
    page.locator("#start").click()  # a gesture: the page may start its audio now
    page.wait_for_function(
        "() => window.dicehall.state() && window.dicehall.state().over", timeout=120_000, polling=250
    )
    page.wait_for_timeout(500)  # the end's frame
    return page.evaluate("() => window.__dicehallSoundLog")


def test_a_game_played_through_the_page_sounds_its_dice_and_its_end(open_app, page):
    log = play_a_game(page, open_app, SETUP)
    assert "dice" in log and "end" in log, log
    assert log[-1] == "end"


def test_a_muted_game_is_silent(open_app, page):
    log = play_a_game(page, open_app, dict(SETUP, sound=False))
    assert log == []
