"""The shell on small and landscape screens, in real Chromium (issue 26): every control of a game's toolbar stays
reachable at every size from 240×240 up (in the toolbar, whole, or in the menu, where what does not fit folds),
its buttons are a finger's size (44×44 CSS px at least), the title is read whole; "Look at the board" leaves
nothing over the board; the pause card resumes; a board too small to play says so; the menu closes once "Open
a save file…" is chosen."""

from __future__ import annotations

import json

from .conftest import api

SIZES = ((1280, 800), (390, 844), (640, 360), (360, 640), (300, 340), (240, 240))

# Every control of the toolbar, as the page lays it out: where it is, whether it is shown, what it runs.
CONTROLS = """() => {
  const vw = innerWidth, vh = innerHeight;
  return [...document.querySelectorAll('.toolbar button')].map((b) => {
    const r = b.getBoundingClientRect(), shown = b.offsetParent !== null && r.width > 0;
    return { id: b.id, cmd: b.dataset.cmd, arg: b.dataset.arg ?? null, shown,
             whole: shown && r.left >= 0 && r.right <= vw + 0.5 && r.top >= 0 && r.bottom <= vh + 0.5,
             w: r.width, h: r.height, disabled: b.disabled };
  });
}"""
MENU = """() => [...document.querySelectorAll('#game-menu button')].map((b) => [b.dataset.cmd, b.dataset.arg ?? null,
  b.offsetParent !== null])"""
TITLE = """() => { const t = document.querySelector('.toolbar .title'), bar = document.querySelector('.toolbar');
  return { text: t.textContent, cut: t.scrollWidth > t.clientWidth + 0.5, over: bar.scrollWidth > bar.clientWidth + 0.5 }; }"""


def settle(page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(f"() => innerWidth === {width} && innerHeight === {height}")
    page.wait_for_timeout(250)  # a frame or two: the toolbar is fitted in the next animation frame


def menu_entries(page) -> list[tuple[str, str | None]]:
    page.click("#menu-button")
    page.wait_for_selector("#game-menu")
    entries = [(cmd, arg) for cmd, arg, shown in page.evaluate(MENU) if shown]
    page.keyboard.press("Escape")
    page.wait_for_selector("#game-menu", state="detached")
    return entries


def check_toolbar(page, width: int, height: int, lang: str) -> None:
    settle(page, width, height)
    title = page.evaluate(TITLE)
    where = f"{width}×{height} {lang}"
    assert not title["over"], f"{where}: the toolbar runs off the screen"
    assert not title["cut"], f"{where}: the title {title['text']!r} is cut"
    controls = page.evaluate(CONTROLS)
    menu = None
    for c in controls:
        if c["cmd"] == "lang" and c["arg"] == lang:
            continue  # the language in use: nothing to reach
        if c["shown"]:
            assert c["whole"], f"{where}: {c['id'] or c['cmd']} is cut by the screen's edge"
            assert c["w"] >= 44 and c["h"] >= 44, f"{where}: {c['id'] or c['cmd']} is {c['w']}×{c['h']} px"
            continue
        if c["cmd"] == "log" and width >= 900:
            continue  # the move log is a column beside the board: no drawer to open
        if c["disabled"]:
            continue  # nothing to do with it now (the menu lists "To my turn" once the computers are to play)
        if menu is None:
            menu = menu_entries(page)
        wanted = (c["cmd"], c["arg"]) if c["cmd"] == "lang" else c["cmd"]
        found = wanted in menu if c["cmd"] == "lang" else any(cmd == wanted for cmd, _ in menu)
        assert found, f"{where}: {c['id'] or c['cmd']} is neither in the toolbar nor in the menu ({menu})"
    assert page.query_selector("#menu-button").is_visible()


def test_every_toolbar_control_is_reachable_at_every_size_in_both_languages(page, open_app):
    open_app("?lang=fr")
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]
    api(page, f"newGame('paradice', {json.dumps({'seats': seats, 'seed': 'toolbar'})})")
    page.wait_for_selector("#undo")
    for lang in ("fr", "en"):
        if lang == "en":  # the language from the menu, at the smallest size: its entry is there
            settle(page, 240, 240)
            page.click("#menu-button")
            page.click("#menu-lang")
            page.wait_for_function("() => document.documentElement.lang === 'en'")
            page.wait_for_selector("#game-menu", state="detached")  # an entry done, the menu closes
        for width, height in SIZES:
            check_toolbar(page, width, height, lang)
    # paused, then over: the resume button, the status and the Result button are reachable too
    page.click("#menu-button")
    page.click("#menu-pause")
    page.wait_for_selector("#pause-card")
    for width, height in SIZES:
        check_toolbar(page, width, height, "en")
    assert not page.errors, page.errors


def test_the_pause_card_resumes_with_its_own_button(page, open_app):
    open_app("?lang=en")
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "ai", "level": "easy"}]
    api(page, f"newGame('indecix', {json.dumps({'seats': seats, 'seed': 'pause'})})")
    for width, height in ((390, 844), (640, 360), (240, 240)):
        settle(page, width, height)
        page.click("#pause")
        card = page.wait_for_selector("#pause-card")
        assert "Paused" in card.inner_text()
        button = page.query_selector("#pause-card #pause-resume")
        assert button.is_visible() and page.evaluate("() => document.activeElement.id") == "pause-resume"
        box, vw = button.bounding_box(), page.viewport_size
        assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= vw["width"]
        assert box["y"] + box["height"] <= vw["height"] and box["height"] >= 44
        button.click()
        page.wait_for_selector("#pause-card", state="detached")
        page.wait_for_selector("#pause")
    assert not page.errors, page.errors


def finished(page, game: str, players: int) -> None:
    seats = [{"kind": "ai", "level": "easy", "name": "Ana"}] + [{"kind": "ai", "level": "easy"}] * (players - 1)
    api(page, "speed('instant')")
    api(page, f"newGame('{game}', {json.dumps({'seats': seats, 'seed': 'end-' + game})})")
    page.wait_for_function("() => window.dicehall.state().over", timeout=120_000, polling=200)
    page.wait_for_selector("#end-panel", timeout=60_000)


# What stands over the board's area: the topmost element at a grid of points over the stage.
OVER_BOARD = """() => {
  const s = document.getElementById('stage').getBoundingClientRect(), out = new Set();
  for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) {
    const el = document.elementFromPoint(s.left + s.width * i / 8, s.top + s.height * j / 8);
    if (el && el.id !== 'board') out.add(el.id || el.className || el.tagName);
  }
  return [...out];
}"""


def test_look_at_the_board_leaves_nothing_over_the_board(page, open_app):
    open_app("?lang=en")
    for width, height in ((1280, 800), (390, 844), (640, 360)):
        settle(page, width, height)
        finished(page, "charidice", 3)
        page.click("#end-aside")
        page.wait_for_selector("#end-panel", state="detached")
        page.wait_for_timeout(300)
        assert page.evaluate(OVER_BOARD) == [], f"{width}×{height}: {page.evaluate(OVER_BOARD)}"
        assert page.query_selector("#end-show").is_visible()  # the Result button brings the panel back
        page.keyboard.press("Escape")  # nothing more to put aside: the board stays as it is
        page.wait_for_timeout(200)
        assert page.query_selector("#end-panel") is None
        page.click("#end-show")
        page.wait_for_selector("#end-panel")
    assert not page.errors, page.errors


def test_a_board_too_small_to_play_says_so_and_can_be_shown_anyway(page, open_app):
    open_app("?lang=fr")
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "ai", "level": "easy"}]
    api(page, f"newGame('paradice', {json.dumps({'seats': seats, 'seed': 'small'})})")
    for width, height, small in (
        (390, 844, False),
        (640, 360, False),
        (360, 640, False),
        (300, 340, True),
        (240, 240, True),
    ):
        settle(page, width, height)
        assert page.is_visible("#too-small") == small, f"{width}×{height}"
    assert "trop petit" in page.inner_text("#too-small")
    page.click("#small-anyway")
    page.wait_for_selector("#too-small", state="hidden")
    settle(page, 390, 844)
    settle(page, 240, 240)  # smaller again after it fitted: said again
    assert page.is_visible("#too-small")
    api(page, f"newGame('indecix', {json.dumps({'seats': seats, 'seed': 'small'})})")  # no limit declared
    page.wait_for_timeout(300)
    assert not page.is_visible("#too-small")
    assert not page.errors, page.errors


def test_the_menu_closes_once_open_a_save_file_is_chosen(page, open_app):
    open_app("?lang=en")
    api(page, "newGame('indecix', {})")
    page.click("#menu-button")
    with page.expect_file_chooser():
        page.click('#game-menu [data-cmd="host:open-file"]')
    page.wait_for_selector("#game-menu", state="detached", timeout=5_000)
    assert not page.errors, page.errors
