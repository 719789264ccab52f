"""The in-app rules pages: docs/rules/<game>.<lang>.md, shipped inside the package by the build
(``dicehall/rules_pages/``); a source checkout reads them from docs/rules/ directly.

The pages are written by hand, but their table of options is not: it is generated from the game's options
schema (``registry.info(id).options.table(lang)``) and inserted before the section on the computer levels
(at the end of a page without one), so that it can never disagree with what the game accepts."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from dicehall.core import registry
from dicehall.ui.html import markdown

_SOURCE = Path(__file__).resolve().parents[3] / "docs" / "rules"


def _read(name: str) -> str | None:
    try:  # importlib.resources reads inside the zip archive the browser imports from
        return (resources.files("dicehall") / "rules_pages" / name).read_text(encoding="utf-8")
    except (OSError, ValueError):
        pass
    try:
        return (_SOURCE / name).read_text(encoding="utf-8")
    except OSError:
        return None


LEVELS_HEADINGS = ("## Les niveaux de l'ordinateur", "## The computer levels")
OPTIONS_SECTION = (
    (
        "## Tableau des options",
        "Les options de la partie telles que la sauvegarde et l'API de la page les écrivent (newGame(id, options)), "
        "avec leurs valeurs et leur valeur par défaut.",
    ),
    (
        "## Table of options",
        "The game's options as the save and the page API write them (newGame(id, options)), with their values "
        "and their default.",
    ),
)


def with_options_table(text: str, game_id: str, lang: str) -> str:
    """The page's Markdown with the table of the game's options (from its schema) inserted."""
    options = registry.info(game_id).options
    if not options.fields:
        return text
    heading, intro = OPTIONS_SECTION[0 if lang == "fr" else 1]
    section = f"{heading}\n\n{intro}\n\n{options.table(lang)}\n\n"
    for marker in LEVELS_HEADINGS:
        at = text.find("\n" + marker)
        if at >= 0:
            return text[: at + 1] + section + text[at + 1 :]
    return text.rstrip("\n") + "\n\n" + section


@cache
def rules_html(game_id: str, lang: str) -> str:
    text = _read(f"{game_id}.{lang}.md") or _read(f"{game_id}.fr.md") or ""
    return markdown(with_options_table(text, game_id, lang)) if text else "<p>—</p>"
