"""The setup by keyboard alone: each seat's colours are one radio group (one Tab stop, the arrows choose), so
Start is a few Tabs away, as in any well-made form."""

from __future__ import annotations

from .conftest import api


def test_the_colours_are_one_tab_stop_and_the_arrows_choose(page, open_app):
    open_app("?lang=en")
    page.click("#play-indecix")
    page.wait_for_selector("#start")
    page.focus("#seat-name-0")
    tabs = 0
    while page.evaluate("document.activeElement.id") != "start":
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs < 20, "Start is out of reach by Tab"
    swatches = page.locator("fieldset.seat-row").first.locator('[role="radio"]').count()
    assert swatches >= 6
    assert tabs <= 12  # was 26 with every colour a Tab stop
    first = page.locator("fieldset.seat-row").first.locator('[role="radio"][aria-checked="true"]')
    chosen = first.get_attribute("id")
    first.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "id => document.activeElement.id !== id && document.activeElement.getAttribute('aria-checked') === 'true'",
        arg=chosen,
    )
    now = page.evaluate("document.activeElement.id")
    assert now.startswith("seat-colour-0-") and now != chosen
    assert page.get_attribute(f"#{chosen}", "aria-checked") == "false"
    page.keyboard.press("Tab")  # out of the group in one Tab
    assert not page.evaluate("document.activeElement.id").startswith("seat-colour-0-")
    assert api(page, "state()")["screen"] == "setup"
