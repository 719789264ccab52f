"""Save files in real Chromium: "Download this game (.json)" hands the current game over as a file; "Open a
save file…" (the picker) and a file dropped on the page open it through the same checks as load(save), the
replaced game kept as the previous one; a tampered or foreign file is refused with one line and changes
nothing, neither on screen nor in storage."""

from __future__ import annotations

import json
import re

from .conftest import api

SEATS = [{"kind": "human", "name": "Léa"}, {"kind": "ai", "level": "easy", "name": "Max"}]


def stored(page, key="current"):
    text = page.evaluate(f"() => localStorage.getItem('dicehall:{key}')")
    return json.loads(text) if text else None


def play_some(page, moves: int) -> None:
    for _ in range(moves):
        state = api(page, "state()")
        if state["over"] or not state["legal"]:
            return
        page.evaluate("a => window.dicehall.play(a)", state["legal"][0])


def download(page, tmp_path):
    page.click("#menu-button")
    with page.expect_download() as info:
        page.click('#game-menu [data-cmd="download"]')
    dl = info.value
    path = tmp_path / dl.suggested_filename
    dl.save_as(path)
    return dl.suggested_filename, path


def test_download_then_open_gives_the_same_game(page, open_app, tmp_path):
    open_app("?lang=en")
    api(page, 'newGame("charidice", {seats: %s, seed: "file-1", players: 2})' % json.dumps(SEATS))
    play_some(page, 6)
    saved = api(page, "save()")
    name, path = download(page, tmp_path)
    assert re.fullmatch(r"dicehall-charidice-\d{4}-\d{2}-\d{2}\.json", name)
    assert json.loads(path.read_text(encoding="utf-8")) == saved
    # another game in its place, then the file opened with the picker
    api(page, 'newGame("indecix", {seats: %s, seed: "file-2"})' % json.dumps(SEATS))
    other = api(page, "save()")
    page.set_input_files("#open-file", str(path))
    page.wait_for_function("() => window.dicehall.state().game === 'charidice'")
    assert api(page, "save()") == saved and stored(page) == saved
    assert stored(page, "previous") == other, "the replaced game is the previous one"
    assert page.locator(".banner.error").count() == 0
    page.wait_for_function(
        "() => [...document.querySelectorAll('#live p')].some(p => p.textContent.includes("
        "'Game opened: ' + arguments[0]))".replace("arguments[0]", json.dumps(name))
    )
    # Previous game brings the replaced one back
    page.click("#menu-button")
    page.click("#menu-previous")
    page.wait_for_function("() => window.dicehall.state().game === 'indecix'")
    assert api(page, "save()") == other
    assert page.errors == []


def test_a_tampered_file_is_refused_and_changes_nothing(page, open_app, tmp_path):
    open_app("?lang=fr")
    api(page, 'newGame("indecix", {seats: %s, seed: "file-3"})' % json.dumps(SEATS))
    play_some(page, 4)
    _, path = download(page, tmp_path)
    good = json.loads(path.read_text(encoding="utf-8"))
    tampered = dict(good, log=[dict(e) for e in good["log"]])
    tampered["log"][1] = {"by": 0, "do": {"type": "place", "cell": [7, 7]}}
    before, current = api(page, "save()"), stored(page)
    page.set_input_files(
        "#open-file", {"name": "triche.json", "mimeType": "application/json", "buffer": json.dumps(tampered).encode()}
    )
    page.wait_for_selector(".banner.error")
    message = page.inner_text(".banner.error span")
    assert "triche.json" in message and "a été modifié" in message and "rien n'a changé" in message
    assert "\n" not in message.strip()
    assert api(page, "save()") == before and stored(page) == current and stored(page, "previous") is None
    # another program's JSON, and a file that is not JSON: the same, each with its own line
    page.set_input_files(
        "#open-file",
        {"name": "package.json", "mimeType": "application/json", "buffer": b'{"name": "x", "version": "1.0.0"}'},
    )
    page.wait_for_function("() => document.querySelector('.banner.error span').textContent.includes('package.json')")
    assert "autre programme" in page.inner_text(".banner.error span")
    assert page.locator(".banner.error").count() == 1, "one message, the last file's"
    page.set_input_files("#open-file", {"name": "notes.txt", "mimeType": "text/plain", "buffer": b"hello {"})
    page.wait_for_function("() => document.querySelector('.banner.error span').textContent.includes('notes.txt')")
    assert "pas du JSON" in page.inner_text(".banner.error span")
    assert api(page, "save()") == before and stored(page) == current
    assert page.errors == []


def test_a_save_file_dropped_on_the_page_opens(page, open_app):
    open_app("?lang=en")
    api(page, 'newGame("indecix", {seats: %s, seed: "file-4"})' % json.dumps(SEATS))
    play_some(page, 2)
    saved = api(page, "save()")
    api(page, 'newGame("marchands", {seats: %s, seed: "file-5", size: 30})' % json.dumps(SEATS))
    page.evaluate(
        """text => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], "dropped.json", {type: "application/json"}));
        window.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
        window.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
    }""",
        json.dumps(saved),
    )
    page.wait_for_function("() => window.dicehall.state().game === 'indecix'")
    assert api(page, "save()") == saved
    assert page.evaluate("() => document.body.classList.contains('dropping')") is False
    assert page.errors == []


def test_the_hub_opens_a_save_file(page, open_app, tmp_path):
    open_app("?lang=en")
    api(page, 'newGame("indecix", {seats: %s, seed: "file-6"})' % json.dumps(SEATS))
    saved = api(page, "save()")
    page.click("#menu-button")
    page.click("#game-menu >> text=Back to the games")
    page.wait_for_selector("#hub-open-file")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.click("#hub-open-file")
    chooser.value.set_files(str(path))
    page.wait_for_function("() => window.dicehall.state().screen === 'game'")
    assert api(page, "save()") == saved
