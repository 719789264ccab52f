"""Dés & Marchands' own sound cue (app/sounds.py): coins when a player's coins moved."""

from __future__ import annotations

from typing import Any


def cues(before: Any, after: Any) -> tuple[str, ...]:
    return ("coins",) if getattr(before, "coins", None) != getattr(after, "coins", None) else ()
