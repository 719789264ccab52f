"""French quotation marks never break from their words: « and » are held by no-break spaces, on the canvas
(every text table) and in the page (every escaped text, the rules pages included)."""

from __future__ import annotations

from dicehall.app.rules_pages import rules_html
from dicehall.ui.html import escape
from dicehall.ui.i18n import Texts

NBSP = "\u00a0"


def test_texts_and_html_hold_french_quotes_to_their_words():
    texts = Texts({"q": ("Appuyez sur « {k} » pour lancer.", "Press “{k}” to roll.")})
    assert texts.t("fr", "q", k="Espace") == f"Appuyez sur «{NBSP}Espace{NBSP}» pour lancer."
    assert texts.t("en", "q", k="Space") == "Press “Space” to roll."
    assert escape("la clé « a<b »") == f"la clé «{NBSP}a&lt;b{NBSP}»"


def test_no_rules_page_breaks_a_french_quote():
    for game in ("paradice", "indecix", "charidice", "roudalon", "marchands"):
        page = rules_html(game, "fr")
        assert "« " not in page and " »" not in page, game
