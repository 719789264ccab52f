"""The hub: a card per game with a miniature of its board, Play and its rules; the game in progress on a card
of its own; the About box in the footer."""

from __future__ import annotations

import re
from html import escape

from dicehall.app.app import App
from dicehall.app.hub_art import miniature
from dicehall.games.paradice.art import PARADICE_GOLD, PARADICE_ROWS, PARADICE_START
from dicehall.app.storage import MemoryStorage
from dicehall.core import registry


def make_app(lang: str = "fr") -> App:
    return App(MemoryStorage(), {"lang": lang, "params": {}, "width": 1280, "height": 800, "embedded": False})


def test_every_card_has_its_board_play_and_rules():
    dom = make_app("en").frame(0)["dom"]
    for info in registry.CATALOGUE:
        card = re.search(rf'<article class="game-card" data-game="{info.id}">(.*?)</article>', dom).group(1)
        assert card.startswith('<svg class="art"') and f'aria-label="The board of {escape(info.title("en"))}"' in card
        assert f'id="play-{info.id}"' in card and f'id="rules-{info.id}"' in card
    assert 'id="hub-about"' in dom


def test_the_pictures_use_no_style_attribute_the_policy_would_block():
    for info in registry.CATALOGUE:
        svg = miniature(info.id, "x")
        assert "style=" not in svg and "<script" not in svg and svg.count("<svg") == 1


def test_the_paradice_miniature_is_the_real_board():
    from dicehall.games.paradice.board import LAYOUT

    assert PARADICE_ROWS == tuple(sum(1 << x for x, c in enumerate(row) if c != ".") for row in LAYOUT)
    assert set(PARADICE_GOLD) == {(x, y) for y, row in enumerate(LAYOUT) for x, c in enumerate(row) if c == "J"}
    assert LAYOUT[PARADICE_START[1]][PARADICE_START[0]] == "S"


def test_rules_open_from_the_hub_for_that_game_and_close():
    app = make_app("fr")
    app.frame(0)
    app.input({"type": "cmd", "cmd": "rules", "arg": "roudalon"})
    dom = app.frame(16)["dom"]
    assert "Règles — Le Roudalon" in dom
    assert app.shell.screen == "hub" and app.shell.dialog == "rules"
    app.input({"type": "cmd", "cmd": "close"})
    assert app.shell.dialog is None
    app.input({"type": "cmd", "cmd": "rules", "arg": "chess"})  # not a game: nothing opens
    assert app.shell.dialog is None


def test_the_game_in_progress_has_a_card_with_its_board():
    app = make_app("en")
    assert app.api.new_game("indecix", {"seed": "hub"}) == {"ok": True}
    app.input({"type": "cmd", "cmd": "hub"})
    dom = app.frame(16)["dom"]
    card = re.search(r'<section class="resume-card"[^>]*>(.*?)</section>', dom).group(1)
    assert "The board of Indecix" in card and 'id="resume"' in card and "Game in progress" in card
