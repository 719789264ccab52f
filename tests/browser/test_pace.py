"""The pace of the games in Chromium: the toolbar's speed button and the page API's speed(), computer turns
at "instant", "to my turn" (K) and "finish the game" in a demonstration. Frames and states are asserted,
never durations (bench/pacing.py and bench/pace_browser.py have the seconds)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import api

HUMAN = '{kind: "human"}'
AI = '{kind: "ai", level: "easy"}'

# The human's Indecix turn through the choices' buttons (stop the die, then the first cell offered, or OK
# when no cell is), then the page's frames until the human is to move again: how many positions the page
# was shown on the way (at normal, the computer's die, its placement and the human's die come one by one;
# at instant or after K, in the frame of the human's move or the next).
HUMAN_TURN = """async (after) => {
  const d = window.dicehall, frame = () => new Promise((r) => requestAnimationFrame(r));
  const wait = async (test, limit = 1200) => {
    for (let i = 0; i < limit; i++) { if (test()) return i; await frame(); }
    throw new Error("timed out");
  };
  const choice = () => document.getElementById("choice-0");
  await wait(() => d.state().over || (d.state().to_move === 0 && choice()));
  if (d.state().over) return -1;
  if (choice().textContent.startsWith("STOP")) {            // the die spins until the human stops it
    choice().click();
    await wait(() => choice() && !choice().textContent.startsWith("STOP"));
  }
  const plies = d.save().log.length;
  choice().click();                                          // a cell, or OK
  await wait(() => d.save().log.length > plies);
  if (after === "skip") document.body.dispatchEvent(new KeyboardEvent("keydown", {key: "k", code: "KeyK", bubbles: true}));
  const seen = new Set();                                    // the positions the page was shown on the way
  await wait(() => {
    const n = d.save().log.length;
    if (n > plies) seen.add(n);
    return d.state().over || (d.state().to_move === 0 && n > plies + 2);
  });
  return seen.size;
}"""


def live_text(page) -> str:
    return page.evaluate("document.getElementById('live').textContent")


def test_the_speed_button_and_the_page_api_set_the_pace_and_it_is_remembered(open_app, page):
    early = open_app("?lang=en").evaluate("""async () => {
      return window.dicehall.speed("fast") instanceof Promise;
    }""")
    assert early, "after ready, speed() answers with a Promise"
    api(page, 'newGame("indecix", {seed: "pace", seats: [%s, %s]})' % (HUMAN, AI))
    button = page.locator("#speed-button")
    assert button.get_attribute("aria-label") == "Speed: Fast (change)"
    button.click()
    page.wait_for_function(
        "() => document.getElementById('speed-button').getAttribute('aria-label') === 'Speed: Instant (change)'"
    )
    assert "Speed: Instant" in live_text(page)
    button.click()
    page.wait_for_function(
        "() => document.getElementById('speed-button').getAttribute('aria-label') === 'Speed: Slow (change)'"
    )
    with pytest.raises(Exception) as refused:
        api(page, 'speed("warp")')
    assert 'speed must be "slow", "normal", "fast" or "instant"' in str(refused.value)
    assert api(page, 'speed("instant")') == "instant"
    page.reload()
    page.wait_for_function("() => window.dicehall && window.dicehall.ready")
    page.evaluate("window.dicehall.ready")
    page.wait_for_selector("#speed-button")
    assert page.locator("#speed-button").get_attribute("aria-label") == "Speed: Instant (change)"


def test_speed_returns_null_before_the_page_is_ready(page, server):
    page.goto(server.url + "?lang=en", wait_until="commit")
    page.wait_for_function("() => !!window.dicehall")
    early = page.evaluate("""() => {
      let ready = false;
      window.dicehall.ready.then(() => { ready = true; });
      const answer = window.dicehall.speed("instant");
      return {ready, isNull: answer === null};
    }""")
    if not early["ready"]:
        assert early["isNull"]


def test_at_normal_speed_the_page_sees_the_computer_turn_step_by_step(open_app, page):
    open_app("?lang=en")
    assert api(page, 'speed("normal")') == "normal"
    api(page, 'newGame("indecix", {seed: "instant", seats: [%s, %s]})' % (HUMAN, AI))
    assert page.evaluate(HUMAN_TURN, "wait") >= 3  # the contrast: the human's move, the computer's die, ...


def test_at_instant_the_computer_turns_are_over_at_once(open_app, page):
    open_app("?lang=en")
    assert api(page, 'speed("instant")') == "instant"
    api(page, 'newGame("indecix", {seed: "instant", seats: [%s, %s]})' % (HUMAN, AI))
    for _ in range(3):
        shown = page.evaluate(HUMAN_TURN, "wait")
        assert shown <= 2, f"the computer's turn was shown in {shown} positions at instant"


def test_k_skips_to_my_turn_at_normal_speed(open_app, page):
    open_app("?lang=en")
    assert api(page, 'speed("normal")') == "normal"
    api(page, 'newGame("indecix", {seed: "skip", seats: [%s, %s]})' % (HUMAN, AI))
    page.wait_for_selector("#skip")
    shown = page.evaluate(HUMAN_TURN, "skip")
    assert shown <= 3, f"the skipped turn was shown in {shown} positions"
    page.wait_for_function(
        "() => document.getElementById('live').textContent.includes('Computer turns skipped: your turn.')"
    )
    assert page.locator("#skip").is_disabled()


def test_finish_plays_a_six_computer_paradice_demonstration_to_its_end(open_app, page):
    open_app("?lang=en")
    seats = ", ".join([AI] * 6)
    api(page, 'newGame("paradice", {seed: "finish", seats: [%s]})' % seats)  # resolves at its end
    assert api(page, "state()")["over"]
    # a demonstration started from the game's menu goes at its pace; "Finish the game" ends it at once
    assert api(page, 'speed("slow")') == "slow"
    page.keyboard.press("Control+o")  # Paradice's demonstration (six computers, level normal)
    page.wait_for_function("() => window.dicehall.state().screen === 'game' && !window.dicehall.state().over")
    finish = page.locator("#finish")
    finish.wait_for()
    assert finish.get_attribute("aria-label") == "Finish the game"
    assert not api(page, "state()")["over"]
    finish.click()
    page.wait_for_function("() => window.dicehall.state().over", timeout=60_000)
    page.wait_for_function("() => document.getElementById('live').textContent.includes('Game played to its end.')")
    assert not page.errors
