"""The hub's pictures: a miniature of each game's board, as inline SVG (no file to fetch, and the
Content-Security-Policy allows it: presentation attributes, no ``style``). Each game draws its own (its
spec's ``art`` module, with ui.miniature's kit); this frames it on the felt card.

The hub shows before any game's rules are imported (docs/performance.md), so an ``art`` module carries what
it needs and imports no rules: Paradice's 13×13 layout is kept in its own as one bit mask per row, checked
against the board's own data by a test (tests/app/test_hub.py)."""

from __future__ import annotations

from functools import lru_cache

from dicehall.core import registry
from dicehall.ui.miniature import FELT, H, W


def _svg(body: str, label: str) -> str:
    return (
        f'<svg class="art" viewBox="0 0 {W} {H}" role="img" aria-label="{label}" focusable="false">'
        f'<rect width="{W}" height="{H}" rx="8" fill="{FELT}"/>{body}</svg>'
    )


@lru_cache(maxsize=None)
def miniature(game_id: str, label: str) -> str:
    """The picture of ``game_id``'s board (a plain felt card for a game without one), read as ``label``."""
    art = registry.info(game_id).part("art")
    return _svg(art.draw() if art is not None else "", label)
