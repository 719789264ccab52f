"""The in-app rules pages: docs/rules/<game>.<lang>.md, shipped inside the package by the build."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from dicehall.ui.html import markdown

_PACKAGED = Path(__file__).resolve().parent.parent / "rules_pages"  # inside the built archive
_SOURCE = Path(__file__).resolve().parents[3] / "docs" / "rules"  # a source checkout (tests, CLI)


def _read(name: str) -> str | None:
    for folder in (_PACKAGED, _SOURCE):
        try:
            return (folder / name).read_text(encoding="utf-8")
        except OSError:
            continue
    return None


@cache
def rules_html(game_id: str, lang: str) -> str:
    text = _read(f"{game_id}.{lang}.md") or _read(f"{game_id}.fr.md") or ""
    return markdown(text) if text else "<p>—</p>"
