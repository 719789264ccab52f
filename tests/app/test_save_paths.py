"""One reader for every path a save comes in by: ``save.loads`` itself, the page API's ``load()``
(``Bridge.api_load``), a file opened on the page (``App.open_file``), a link (``packed.unpack``) and the
command line's ``replay``. The same saves are accepted on each, and refused with the same message; the
page's notice for a file is chosen by the refusal's kind. And a lone surrogate in any text of any game's
save is refused at the boundary, on every path, in one line naming its place."""

from __future__ import annotations

import copy
import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dicehall.app.app import App
from dicehall.app.storage import MemoryStorage
from dicehall.cli import main
from dicehall.core import limits, packed, registry, save
from dicehall.core.errors import SaveFormatError
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.core.save import SavedGame, Seat
from dicehall.web.bridge import Bridge
from dicehall.web.storage import MirrorStorage

SRC = Path(__file__).resolve().parents[2] / "src"
GAMES = [spec.id for spec in registry.CATALOGUE if spec.module is not None]
PYTHON_LITERAL = re.compile(r"\b(None|True|False)\b|(?:^|[\s(\[{,:=])'[^']*'")  # as in tests/core/test_save_inputs.py


def game_save(game_id: str, plies: int = 10) -> dict[str, Any]:
    """A few entries of a game with its default options: seat 0 "Léa" (a colour and a key of a newer version),
    the others computers."""
    game = registry.load(game_id)
    options = game.options_from_json({})
    match = Match(game, options, "paths")
    while match.ply < plies and match.state.kind is not NodeKind.TERMINAL:
        if match.state.kind is NodeKind.CHANCE:
            match.roll()
        else:
            match.submit(match.state.legal_actions()[0])
    levels = registry.info(game_id).level_ids
    seats = [Seat("Léa", extra={"colour": "#c0392b", "note": "newer"})]
    seats += [Seat(f"Bot {i}", "ai", levels[0]) for i in range(1, game.num_players(options))]
    return SavedGame(match, seats).to_json()


def bridge() -> Bridge:
    config = {"lang": "en", "params": {}, "width": 900, "height": 640, "embedded": False}
    return Bridge(MirrorStorage({}, True, True, 0), config)


def make_app(lang: str = "en") -> App:
    return App(MemoryStorage(), {"lang": lang, "params": {"lang": lang}, "width": 1280, "height": 800})


def cli(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str, str]:
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(message: str) -> bool:
    return bool(message) and "\n" not in message and "Traceback" not in message


# --- a lone surrogate in every text of every game's save -------------------------------------------------
def texts(value: Any, path: tuple[str | int, ...] = ()) -> list[tuple[str, tuple[str | int, ...]]]:
    """Every text of a document: ("value", path) for a string, ("key", path of its object + (key,)) for a key."""
    found: list[tuple[str, tuple[str | int, ...]]] = []
    if isinstance(value, str):
        found.append(("value", path))
    elif isinstance(value, dict):
        for key, child in value.items():
            found.append(("key", (*path, key)))
            found += texts(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += texts(child, (*path, i))
    return found


def with_surrogate(document: dict[str, Any], what: str, path: tuple[str | int, ...]) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    parent: Any = changed
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if what == "value":
        text = parent[last]
        parent[last] = text[:1] + "\ud800" + text[1:]
    else:  # the key, renamed in place (its order kept)
        assert isinstance(last, str)
        items = list(parent.items())
        parent.clear()
        parent.update({(k[:1] + "\udc00" + k[1:] if k == last else k): v for k, v in items})
    return changed


def variants(document: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """The save with a lone surrogate in one of its texts, and the place the refusal names, for each text
    (a daily challenge's date too)."""
    out = []
    for what, path in [*texts(document), ("value", ("challenge",))]:
        base = {**document, "challenge": "2026-11-26"} if path == ("challenge",) else document
        if what == "value":
            where = limits.place(path)
        else:
            where = f"a key of {limits.place(path[:-1])}" if path[:-1] else "a key"
        out.append((with_surrogate(base, what, path), where))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lone_surrogate_in_any_text_of_a_save_is_refused_on_every_path(game_id, capsys, tmp_path):
    document = game_save(game_id)
    cases = variants(document)
    places = {where for _, where in cases}
    # every kind of text is there: the envelope, each seat's name, kind, level, colour and newer key, the
    # options' keys, the log's entries (the dice's "by", each action's type and fields), the challenge
    assert {"format", "game", "seed", "challenge", "seats[0].name", "seats[0].colour", "seats[0].note"} <= places
    assert {"seats[1].kind", "seats[1].level", "a key of seats[0]", "a key of options"} <= places
    assert any(p.startswith("log[") and p.endswith("].by") for p in places), "the dice's entries"
    assert any(p.startswith("log[") and p.endswith(".do.type") for p in places)
    page = bridge()
    link = tmp_path / "save.json"
    for changed, where in cases:
        expected = f"the save holds text that is not valid Unicode (a lone surrogate in {where})"
        if where == "a key":
            expected = "the save holds text that is not valid Unicode (a lone surrogate in a key)"
        escaped, raw = json.dumps(changed), json.dumps(changed, ensure_ascii=False)
        assert escaped.isascii() and "\\ud800" in escaped or "\\udc00" in escaped
        # save.loads: the JSON escape, and the character itself in a Python string
        for text in (escaped, raw):
            with pytest.raises(SaveFormatError) as refused:
                save.loads(text)
            assert (refused.value.kind, str(refused.value)) == ("not_unicode", expected)
        # a Python caller's document: refused in one line of valid Unicode (the seed and the names by name),
        # or, for an unknown key at the top, which is not kept, loaded without it
        try:
            loaded = save.from_json(changed)
        except SaveFormatError as error:
            message = str(error)
            assert one_line(message) and message.encode("utf-8") and not PYTHON_LITERAL.search(message), message
            if where in ("seed", "seats[0].name", "seats[1].name"):
                assert message == expected
        else:
            assert where == "a key", where
            loaded.dumps().encode("utf-8")
        # a link (#replay= / #play=) carries the JSON escape
        with pytest.raises(packed.PackedError) as unpacked:
            packed.unpack(packed.pack_text(escaped))
        assert str(unpacked.value) == expected.replace("the save", "the packed game", 1)
        # the page API's load(save)
        answer = json.loads(page.api_load(escaped))
        assert answer == {"error": expected}
        # the command line: a UTF-8 file can only carry the escape
        link.write_text(escaped, encoding="utf-8")
        assert cli(capsys, link) == (1, "", f"dicehall: {link} is not a valid save: {expected}\n")
    assert json.loads(page.api_save()) is None, "nothing was loaded"
    # the character itself cannot be written as UTF-8: such a file is not UTF-8 text
    link.write_bytes(json.dumps(cases[0][0], ensure_ascii=False).encode("utf-8", "surrogatepass"))
    assert cli(capsys, link) == (1, "", f"dicehall: {link} is not a valid save: the file is not UTF-8 text\n")


def test_the_good_saves_load_on_every_path(capsys, tmp_path):
    """The saves the test above spoils are good as they are (so each refusal is the surrogate's)."""
    for game_id in GAMES:
        document = game_save(game_id)
        text = json.dumps(document, ensure_ascii=False)
        assert save.loads(text).to_json() == document
        assert save.from_json(packed.unpack(packed.pack_text(text))).to_json() == document
        page = bridge()
        assert json.loads(page.api_load(text)) == {"ok": True}
        assert json.loads(page.api_save()) == document
        path = tmp_path / f"{game_id}.json"
        path.write_text(text, encoding="utf-8")
        code, out, err = cli(capsys, path)
        assert code == 0 and err == "" and json.loads(out)


def test_a_seed_of_a_lone_surrogate_no_longer_reaches_the_dice():
    """It used to be accepted, and the first roll raised (encoding the seed) and wedged the page."""
    document = {**game_save("indecix", plies=0), "seed": "\ud800"}
    page = bridge()
    answer = json.loads(page.api_load(json.dumps(document)))
    assert answer == {"error": "the save holds text that is not valid Unicode (a lone surrogate in seed)"}
    answer = json.loads(page.api_new_game("indecix", json.dumps({"seed": "\ud800"})))
    assert answer == {"error": "options: it holds text that is not valid Unicode (a lone surrogate in seed)"}
    names = {"seats": [{"kind": "human", "name": "L\udc00a"}, {"kind": "ai"}]}
    answer = json.loads(page.api_new_game("indecix", json.dumps(names)))
    assert answer == {"error": "options: it holds text that is not valid Unicode (a lone surrogate in seats[0].name)"}
    assert json.loads(page.api_save()) is None


# --- one table of hostile save texts, through every path ---------------------------------------------
def good() -> dict[str, Any]:
    return game_save("indecix")


def text_of(document: Any) -> str:
    return json.dumps(document, ensure_ascii=False)


def edited() -> str:
    document = good()
    entry = document["log"][3]
    document["log"][3] = {"by": entry["by"], "do": {"type": "place", "cell": [9, 9]}}
    return text_of(document)


HUGE = '{"log": "' + "x" * 4_000_001 + '"}'

# name: (the file's bytes or the text, and the refusal: None if accepted, else (kind, message))
HOSTILE: dict[str, tuple[Any, tuple[str, str] | None]] = {
    "a good save": (lambda: text_of(good()), None),
    "a byte order mark": (lambda: "\ufeff" + text_of(good()), None),
    "the bytes of a byte order mark": (lambda: b"\xef\xbb\xbf" + text_of(good()).encode("utf-8"), None),
    "Latin-1 bytes": (lambda: text_of(good()).encode("latin-1"), ("not_utf8", "the file is not UTF-8 text")),
    "UTF-16 bytes": (lambda: text_of(good()).encode("utf-16"), ("not_utf8", "the file is not UTF-8 text")),
    "options that are not an object": (
        lambda: text_of({**good(), "options": [1]}),
        ("other", "bad options: they must be a JSON object, got [1]"),
    ),
    "options that are text": (
        lambda: text_of({**good(), "options": "blitz"}),
        ("other", 'bad options: they must be a JSON object, got "blitz"'),
    ),
    "not JSON": (
        lambda: "this is not JSON {",
        ("not_json", "the save is not valid JSON (Expecting value: line 1 column 1 (char 0))"),
    ),
    "a JSON list": (lambda: "[1, 2, 3]", ("not_ours", "the save must be a JSON object")),
    "another program's JSON": (
        lambda: '{"name": "x", "version": "1.0.0"}',
        ("not_ours", 'not a dicehall save (format null, expected "dicehall.save/1")'),
    ),
    "another format": (
        lambda: text_of({**good(), "format": "dicehall.save/2"}),
        ("not_ours", 'not a dicehall save (format "dicehall.save/2", expected "dicehall.save/1")'),
    ),
    "a newer rules_version": (
        lambda: text_of({**good(), "rules_version": 99}),
        (
            "newer",
            "the save was made by a newer version of indecix (rules 99, this version knows 1); update the "
            "page to load it",
        ),
    ),
    "an edited log entry": (
        edited,
        (
            "edited",
            'log entry 3 ({"by": 1, "do": {"type": "place", "cell": [9, 9]}}) is refused: '
            "Place(cell=(9, 9)) is not legal for player 1 here",
        ),
    ),
    "a lone surrogate": (
        lambda: json.dumps({**good(), "seed": "7d\ud800"}),
        ("not_unicode", "the save holds text that is not valid Unicode (a lone surrogate in seed)"),
    ),
    "a seat that is not an object": (
        lambda: text_of({**good(), "seats": [None, good()["seats"][1]]}),
        ("other", "seat 0 must be an object, got null"),
    ),
    "too deep": (lambda: "[" * 5000 + "]" * 5000, ("too_large", "the save nests 5000 levels deep (at most 32)")),
    "too large": (lambda: HUGE, ("too_large", "the save is too large (4,000,012 characters, at most 4,000,000)")),
}
NOTICES = {
    "not_utf8": "file_not_utf8",
    "too_large": "file_too_large",
    "not_json": "file_not_json",
    "not_ours": "file_not_ours",
    "newer": "file_newer",
    "edited": "file_edited",
}


def as_bytes(source: str | bytes) -> bytes:
    return source if isinstance(source, bytes) else source.encode("utf-8")


@pytest.mark.parametrize("case", list(HOSTILE))
def test_every_path_accepts_and_refuses_the_same_saves_with_the_same_message(case, capsys, tmp_path):
    make, refusal = HOSTILE[case]
    source = make()
    raw = as_bytes(source)
    # save.loads, on the text and on the bytes
    for given in (source,) if isinstance(source, bytes) else (source, raw):
        if refusal is None:
            assert save.loads(given).match.game.id == "indecix"
        else:
            with pytest.raises(SaveFormatError) as refused:
                save.loads(given)
            assert (refused.value.kind, str(refused.value)) == refusal
            assert refused.value.entry == (3 if refusal[0] == "edited" else None)
    # the command line, on the file's bytes
    path = tmp_path / "game.json"
    path.write_bytes(raw)
    code, out, err = cli(capsys, path)
    if refusal is None:
        assert (code, err) == (0, "") and json.loads(out) == save.loads(raw).match.state.view()
    else:
        assert (code, out, err) == (1, "", f"dicehall: {path} is not a valid save: {refusal[1]}\n")
    # a file opened on the page: the text the browser read (U+FFFD for bytes that are not UTF-8) and its size
    app = make_app()
    name = f"{case}.json"
    opened = app.api.open_file(name, raw.decode("utf-8", "replace"), len(raw))
    assert opened is (refusal is None)
    if refusal is None:
        assert app.session is not None and app.session.game.id == "indecix"
        assert app.api.save() == save.loads(raw).to_json()
    else:
        kind, message = refusal
        problem = app.shell.persist.problems[-1]
        notice = NOTICES.get(kind, "file_refused")
        detail = "3" if kind == "edited" else message if notice == "file_refused" else ""
        assert (problem.what, problem.detail, problem.key) == (notice, detail, name)
        assert app.session is None
        dom = html.unescape(app.render_dom())
        banners = re.findall(r'<div class="banner error" role="alert"><span>(.*?)</span>', dom)
        assert len(banners) == 1 and name in banners[0] and "nothing was changed" in banners[0]
    # the page API's load(save): a JSON value, never bytes (a file's bytes are the page's business)
    if not isinstance(source, bytes):
        page = bridge()
        answer = json.loads(page.api_load(source))
        if refusal is None:
            assert answer == {"ok": True}
        else:
            assert answer == {"error": refusal[1]}  # the same reader: the same words
            assert json.loads(page.api_save()) is None
    if refusal is not None:
        message = refusal[1]
        assert one_line(message) and not PYTHON_LITERAL.search(message), message


def test_options_that_are_not_an_object_are_bad_options_not_another_programs_file():
    app = make_app()
    assert app.api.open_file("odd.json", text_of({**good(), "options": [1]})) is False
    text = html.unescape(app.render_dom())
    assert "bad options: they must be a JSON object, got [1]" in text and "another program" not in text
    fr = make_app("fr")
    fr.api.open_file("odd.json", text_of({**good(), "options": [1]}))
    assert "bad options" in html.unescape(fr.render_dom())


def test_the_page_notice_for_bytes_that_are_not_utf8_in_both_languages():
    latin = text_of(good()).encode("latin-1")
    for lang, words in (("en", "it is not UTF-8 text"), ("fr", "ce n'est pas du texte UTF-8")):
        app = make_app(lang)
        assert app.api.open_file("latin.json", latin.decode("utf-8", "replace"), len(latin)) is False
        assert words in html.unescape(app.render_dom())


def test_the_command_line_reads_standard_input_as_bytes():
    env = {**os.environ, "PYTHONPATH": str(SRC)}

    def replay(stdin: bytes) -> subprocess.CompletedProcess[bytes]:
        command = [sys.executable, "-m", "dicehall", "replay", "-"]
        return subprocess.run(command, input=stdin, capture_output=True, env=env, timeout=120)

    text = text_of(good())
    done = replay(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert (
        done.returncode == 0 and done.stderr == b"" and json.loads(done.stdout) == save.loads(text).match.state.view()
    )
    done = replay(text.encode("latin-1"))
    assert done.returncode == 1 and done.stdout == b""
    assert done.stderr == b"dicehall: standard input is not a valid save: the file is not UTF-8 text\n"
