"""Save texts from outside in real Chromium: a file with a byte order mark opens, a Latin-1 file and a file
whose options are not an object are refused with their own line, and a lone surrogate (a save's seed, a
link's) is refused at the boundary: the page goes on, where the first roll used to wedge it."""

from __future__ import annotations

import json

from dicehall.core import packed

from .conftest import api

SEATS = [{"kind": "human", "name": "Léa"}, {"kind": "ai", "level": "easy", "name": "Max"}]


def a_save(page) -> dict:
    api(page, 'newGame("indecix", {seats: %s, seed: "inputs"})' % json.dumps(SEATS))
    saved = api(page, "save()")
    api(page, 'newGame("charidice", {seats: %s, seed: "other", players: 2})' % json.dumps(SEATS))
    return saved


def open_bytes(page, name: str, data: bytes) -> None:
    page.set_input_files("#open-file", {"name": name, "mimeType": "application/json", "buffer": data})


def banner_of(page, name: str) -> str:
    page.wait_for_function(
        "n => [...document.querySelectorAll('.banner.error span')].some(s => s.textContent.includes(n))", arg=name
    )
    return page.inner_text(".banner.error span")


def test_save_files_with_a_byte_order_mark_in_latin1_and_with_odd_options(page, open_app):
    open_app("?lang=en")
    saved = a_save(page)
    text = json.dumps(saved, ensure_ascii=False)
    open_bytes(page, "latin.json", text.encode("latin-1"))  # "Léa" in Latin-1: é is not UTF-8
    message = banner_of(page, "latin.json")
    assert "is not a dicehall save (it is not UTF-8 text)" in message and "\n" not in message.strip()
    assert api(page, "state()")["game"] == "charidice"
    open_bytes(page, "odd.json", json.dumps({**saved, "options": [1]}).encode())
    message = banner_of(page, "odd.json")
    assert "bad options: they must be a JSON object, got [1]" in message and "another program" not in message
    open_bytes(page, "bom.json", b"\xef\xbb\xbf" + text.encode("utf-8"))
    page.wait_for_function("() => window.dicehall.state().game === 'indecix'")
    assert api(page, "save()") == saved and api(page, "save()")["seats"][0]["name"] == "Léa"
    assert page.errors == []


def test_a_lone_surrogate_in_a_save_or_a_link_is_refused_and_the_page_goes_on(page, open_app, server):
    open_app("?lang=en")
    saved = a_save(page)
    refused = page.evaluate(
        "s => window.dicehall.load({...s, seed: '\\ud800'}).then(() => null, (e) => e.message)", saved
    )
    assert refused == "the save holds text that is not valid Unicode (a lone surrogate in seed)"
    refused = page.evaluate(
        "s => window.dicehall.load({...s, seats: [{...s.seats[0], name: 'L\\udc00a'}, s.seats[1]]})"
        ".then(() => null, (e) => e.message)",
        saved,
    )
    assert "(a lone surrogate in seats[0].name)" in refused
    assert api(page, "state()")["game"] == "charidice", "nothing changed"
    link = "#replay=" + packed.pack_text(json.dumps({**saved, "seed": "\ud800"}))
    page.evaluate("h => { location.hash = h; }", link)
    page.wait_for_selector(".banner.error", state="visible")
    assert "not valid Unicode" in page.inner_text(".banner.error")
    # the page goes on: a game is played (dice rolled from its seed)
    assert api(page, 'newGame("indecix", {seats: %s, seed: "after"})' % json.dumps(SEATS)) == {"ok": True}
    state = api(page, "state()")
    api(page, f"play({json.dumps(state['legal'][0])})")
    assert api(page, "save()")["log"], "the game moved on"
    assert page.errors == []
