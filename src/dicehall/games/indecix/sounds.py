"""Indecix's own sound cue (app/sounds.py): capture when dice were captured."""

from __future__ import annotations

from typing import Any


def _captured(state: Any) -> int:
    return sum(len(dice) for dice in getattr(state, "captured", ()) or ())


def cues(before: Any, after: Any) -> tuple[str, ...]:
    return ("capture",) if _captured(after) > _captured(before) else ()
