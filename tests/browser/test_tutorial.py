"""Learn to play in Chromium: each game's lesson played to its end from its hub card, on a desktop (1280×800:
mouse clicks and keys: the coach sends the keyboard to the control its step awaits) and on a phone (390×844:
taps on the board where the step's control is drawn). At every bubble: the lit rect is on screen and inside
the canvas, and the bubble never covers it. At the end, "Play a real game" opens the filled-in setup and the
hub card says the lesson is done."""

from __future__ import annotations

import pytest

from tests.browser.conftest import wait_ready

GAMES = ("indecix", "charidice", "roudalon", "marchands", "paradice")

BUBBLE = """() => {
  const coach = document.getElementById("coach");
  if (!coach) return null;
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  return {state: coach.dataset.state, step: coach.dataset.step, bubble: coach.dataset.bubble,
          ready: coach.dataset.ready === "1", rect: coach.dataset.rect || null,
          press: coach.dataset.press || null, focus: coach.dataset.focusTo || null,
          next: !!document.getElementById("coach-next"), play: !!document.getElementById("coach-play"),
          hole: box(document.getElementById("coach-hole")), bubble: box(document.getElementById("coach-bubble")),
          board: box(document.getElementById("board")), active: document.activeElement && document.activeElement.id,
          view: {w: innerWidth, h: innerHeight}};
}"""


def bubble(page):
    for _ in range(20):
        info = _settled_bubble(page)
        if info["state"] == "done" or (info["state"] == "wait" and (info["next"] or info["ready"])):
            return info
    raise AssertionError(f"the bubble does not settle: {info}")


def _settled_bubble(page):
    page.wait_for_function(  # the bubble waits for the learner: Continue, or the board takes the move
        """() => { const c = document.getElementById("coach");
                   return c && (c.dataset.state === "done" || (c.dataset.state === "wait" &&
                                (document.getElementById("coach-next") || c.dataset.ready === "1"))); }""",
        timeout=60_000,
    )
    info, same = page.evaluate(BUBBLE), 0
    for _ in range(60):  # settled: the board laid out (a choices' bar may come), the bubble placed after it
        page.wait_for_timeout(120)
        again = page.evaluate(BUBBLE)
        same = same + 1 if again == info else 0
        info = again
        if same >= 3:
            break
    return info


def check_placement(info, where: str) -> None:
    """The lit rect is on screen, inside the canvas; the bubble is on screen and off it."""
    hole, bubble_box, board, view = info["hole"], info["bubble"], info["board"], info["view"]
    assert bubble_box["x"] >= -1 and bubble_box["y"] >= -1, where
    assert bubble_box["x"] + bubble_box["w"] <= view["w"] + 1 and bubble_box["y"] + bubble_box["h"] <= view["h"] + 1, (
        where
    )
    if hole is None:
        return
    inner = {k: hole[k] + (4 if k in "xy" else -8) for k in hole}  # the rect itself (the hole has a 4 px margin)
    assert inner["x"] >= board["x"] - 1 and inner["y"] >= board["y"] - 1, (where, inner, board)
    assert inner["x"] + inner["w"] <= board["x"] + board["w"] + 1, (where, inner, board)
    assert inner["y"] + inner["h"] <= board["y"] + board["h"] + 1, (where, inner, board)
    assert inner["y"] + inner["h"] <= view["h"] and inner["x"] + inner["w"] <= view["w"], where
    clear = [inner]
    if info["press"]:  # the control the step's move presses
        x, y, w, h = (float(v) for v in info["press"].split(","))
        clear.append({"x": board["x"] + x, "y": board["y"] + y, "w": w, "h": h})
        if inner["w"] * inner["h"] > 0.4 * view["w"] * view["h"]:  # most of the page (a phone's dialog):
            clear = clear[1:]  # its control stays clear
    for target in clear:
        overlap_w = min(bubble_box["x"] + bubble_box["w"], target["x"] + target["w"]) - max(
            bubble_box["x"], target["x"]
        )
        overlap_h = min(bubble_box["y"] + bubble_box["h"], target["y"] + target["h"]) - max(
            bubble_box["y"], target["y"]
        )
        assert overlap_w <= 1 or overlap_h <= 1, (where, "the bubble covers its target", bubble_box, target)


def press_point(info):
    """Where on the page the next press goes: the step's control (data-press), else the lit rect's centre."""
    board = info["board"]
    if info["press"]:
        x, y, w, h = (float(v) for v in info["press"].split(","))
        return board["x"] + x + w / 2, board["y"] + y + h / 2
    hole = info["hole"]
    return hole["x"] + hole["w"] / 2, hole["y"] + hole["h"] / 2


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_is_played_to_its_end_by_clicks_taps_and_keys(browser, server, game, size):
    phone = size == "phone"
    context = browser.new_context(
        viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 800},
        has_touch=phone,
        is_mobile=phone,
        service_workers="block",
    )
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.url + "?lang=fr")
        wait_ready(page)
        page.evaluate("async () => await window.dicehall.speed('fast')")
        (page.tap if phone else page.click)(f"#learn-{game}")
        seen = 0
        for _ in range(80):
            info = bubble(page)
            where = f"{game} {size} step {info['step']}"
            check_placement(info, where)
            if info["state"] == "done":
                break
            seen += 1
            before = info["bubble"]
            if info["next"]:
                if phone:
                    page.tap("#coach-next")
                elif seen % 2:
                    page.click("#coach-next")
                else:
                    page.keyboard.press("Enter")  # Continue has the focus
            elif phone:
                x, y = press_point(info)
                page.touchscreen.tap(x, y)
            else:
                assert info["focus"] and info["active"] == info["focus"], (where, info)
                page.keyboard.press("Enter")
            page.wait_for_function(
                f"""() => {{ const c = document.getElementById("coach");
                            return !c || c.dataset.bubble !== {before!r} || c.dataset.state === "done"; }}""",
                timeout=30_000,
            )
        else:
            pytest.fail(f"{game} {size}: the lesson never ended")
        assert seen >= 8
        (page.tap if phone else page.click)("#coach-play")
        page.wait_for_selector("#setup-title")
        assert page.is_visible("#start")
        page.goto(server.url + "?lang=fr")
        wait_ready(page)
        card = page.inner_text(f'article[data-game="{game}"]')
        assert "Leçon faite" in card and "Revoir la leçon" in card
        assert not errors, errors
    finally:
        context.close()
