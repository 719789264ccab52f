"""Pig's rules: the toy game the core and the command line are tested against (tests/core/toygame.py)."""

from __future__ import annotations

from core.toygame import GAME, Hold, PigState, Roll

__all__ = ["GAME", "Hold", "PigState", "Roll"]
