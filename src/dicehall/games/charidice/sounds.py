"""Charidice's own sound cue (app/sounds.py): gift when a turn gave points to another player."""

from __future__ import annotations

from typing import Any


def cues(before: Any, after: Any) -> tuple[str, ...]:
    last = getattr(after, "last", None)
    if last is None or last is getattr(before, "last", None):
        return ()
    return ("gift",) if getattr(last, "given", 0) or getattr(last, "received", 0) else ()
