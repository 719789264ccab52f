"""The in-app rules pages: docs/rules/<game>.<lang>.md, shipped inside the package by the build
(``dicehall/rules_pages/``); a source checkout reads them from docs/rules/ directly."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

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


@cache
def rules_html(game_id: str, lang: str) -> str:
    text = _read(f"{game_id}.{lang}.md") or _read(f"{game_id}.fr.md") or ""
    return markdown(text) if text else "<p>—</p>"
