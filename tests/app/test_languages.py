"""Every text shown exists in the language chosen: no French reachable from the English interface, no English
from the French one.

Two nets: every text table (``Texts`` and the setup forms' labels) is read directly, and every game is played
to its end in each language through the shell, collecting every string it shows (the canvas's display lists,
the page's HTML with the move log's panel, the live region's announcements, the whole move log), with the setup form, the menu and the dialogs opened on
the way. A string gives itself away by words and letters that only the other language uses."""

from __future__ import annotations

import html
import importlib
import pkgutil
import random
import re
from typing import Any

import pytest

import dicehall
from dicehall.app.app import App
from dicehall.app.storage import MemoryStorage
from dicehall.core import registry
from dicehall.ui.canvas import DisplayList
from dicehall.ui.i18n import Texts

# Words and letters only French uses (a few French words are English too: "on", "tour", "dice"… are left out).
FRENCH = re.compile(
    r"[éèêàçùâîôûœ]|\b(le|la|les|des|du|une|et|est|pour|avec|sur|dans|pas|vous|votre|vos|joueur|joueuse|"
    r"partie|pièces?|lancer|jouer|gagne|manche|donc|mais|ou|aucun|aucune|oui|non)\b",
    re.IGNORECASE,
)
# Words only English uses.
ENGLISH = re.compile(
    r"\b(the|and|of|you|your|with|player|roll|rolls|dice|coins?|wins?|game|turn|throw|round|board|yes|no|"
    r"none|stake|gift|choose|click|press)\b",
    re.IGNORECASE,
)
# Names that stay as they are in both languages: the games' own names, the Paradice players' default names
# (French fruits, kept in English as names are), the Latin of bis repetita.
PROPER = re.compile(r"Le Roudalon|du Roudalon|Bis repetita|bis repetita|dicehall")
FIELD = re.compile(r"\{[^{}]*\}")

LANG_GIVEAWAY = {"en": FRENCH, "fr": ENGLISH}


def foreign(text: str, lang: str) -> bool:
    """``text``, shown in ``lang``, holds a word or letter of the other language."""
    plain = PROPER.sub(" ", FIELD.sub(" ", text))
    return bool(LANG_GIVEAWAY[lang].search(plain))


def all_text_tables() -> list[tuple[str, Texts]]:
    tables: dict[int, tuple[str, Texts]] = {}
    for info in pkgutil.walk_packages(dicehall.__path__, "dicehall."):
        if info.name.startswith("dicehall.web"):  # the browser bindings import the Pyodide FFI
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, Texts):
                tables.setdefault(id(value), (info.name, value))
    return list(tables.values())


def setup_field_texts() -> list[tuple[str, str, str]]:
    """(where, French, English) of every label, help and choice of every game's setup form."""
    out = []
    for game in registry.CATALOGUE:
        for field in game.options.fields:  # the form's fields and the rules page's options table
            where = f"{game.id}.{field.key}"
            out.append((where, *field.label))
            if field.help:
                out.append((where, *field.help))
            out += [(where, fr, en) for _value, fr, en in field.form]
        out += [(f"{game.id}.level", *level.label) for level in game.levels]
    return out


def test_the_detector_sees_each_language():
    assert foreign("Player 2 may claim la grande donation.", "en")
    assert foreign("Réessayer", "en")
    assert not foreign("Player 2 may claim the Grand Donation.", "en")
    assert foreign("Nouvelle partie: choose your seat", "fr")
    assert not foreign("Nouvelle partie de {game}", "fr")  # a field's name is not a word shown
    assert not foreign("Le Roudalon", "en")


def test_the_text_tables_are_found():
    from dicehall.app.texts import TEXTS

    tables = all_text_tables()
    assert any(table is TEXTS for _, table in tables)  # the shell's
    assert {"dicehall.games.charidice.texts", "dicehall.games.paradice.texts"} <= {name for name, _ in tables}


def test_no_text_table_mixes_the_languages():
    wrong = [
        f"{name}:{key} {lang} {text!r}"
        for name, table in all_text_tables()
        for key, (fr, en) in table.table.items()
        for lang, text in (("fr", fr), ("en", en))
        if foreign(text, lang)
    ]
    assert wrong == []


def test_no_setup_form_mixes_the_languages():
    wrong = [
        f"{where} {lang} {text!r}"
        for where, fr, en in setup_field_texts()
        for lang, text in (("fr", fr), ("en", en))
        if foreign(text, lang)
    ]
    assert wrong == []


# --- what a player sees, game by game --------------------------------------------------------------------
SEATS = {"indecix": 2, "charidice": 3, "roudalon": 4, "marchands": 2, "paradice": 3}
OPTIONS = {"marchands": {"round_limit": 30}, "paradice": {"round_limit": 30}}


class Screen:
    """Every string the shell has shown so far."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def take(self, out: dict[str, Any]) -> None:
        if "draw" in out:
            dl = DisplayList()
            dl.ops = out["draw"]
            self.seen.update(dl.texts())
        if "dom" in out:
            text = html.unescape(re.sub(r"<[^>]+>", "\n", out["dom"]))
            self.seen.update(line.strip() for line in text.split("\n") if line.strip())
        self.seen.update(str(said) for said in out.get("say", []))


def play_and_look(game_id: str, lang: str, seed: str) -> set[str]:
    app = App(MemoryStorage(), {"lang": lang, "params": {}, "width": 1280, "height": 760, "embedded": False})
    screen = Screen()
    clock = [0.0]

    def look() -> None:
        clock[0] += 16
        screen.take(app.frame(clock[0]))

    def command(cmd: str, arg: Any = None) -> None:
        app.input({"type": "cmd", "cmd": cmd, "arg": arg})
        look()

    look()
    command("open", game_id)  # the setup form
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "easy"}] * (SEATS[game_id] - 1)
    assert app.api.new_game(game_id, {"seats": seats, "seed": seed, **OPTIONS.get(game_id, {})}) == {"ok": True}
    command("menu")
    command("menu")
    for dialog in ("options", "stats"):
        command("dialog", dialog)
        command("close")
    rng = random.Random(seed)
    for _ in range(5000):
        look()
        if app.api.busy():
            continue
        state = app.api.state()
        if state["over"]:
            break
        assert app.api.play(rng.choice(state["legal"])) == {"ok": True}
    assert app.api.state()["over"]
    for _ in range(3):
        look()
    screen.seen.update(line["text"] for line in app.api.log())  # the whole move log, not only the panel's part
    command("dialog", "stats")
    return screen.seen


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", list(SEATS))
def test_a_whole_game_shows_only_its_language(game_id, lang):
    seen: set[str] = set()
    for seed in ("lang-1", "lang-2"):
        seen |= play_and_look(game_id, lang, seed)
    assert len(seen) > 50  # the net caught the screen
    assert sorted(text for text in seen if foreign(text, lang)) == []
