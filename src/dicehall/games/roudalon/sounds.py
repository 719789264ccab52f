"""Le Roudalon's own sound cue (app/sounds.py): coins when the pot or a collection moved."""

from __future__ import annotations

from typing import Any


def cues(before: Any, after: Any) -> tuple[str, ...]:
    moved = any(getattr(before, name, None) != getattr(after, name, None) for name in ("pot", "collected"))
    return ("coins",) if moved else ()
