"""Paradice computer players (placeholder: random legal choices until the levels are written)."""

from __future__ import annotations

import random

from dicehall.ai.agents import RandomAgent

LEVELS = ("easy", "normal", "expert")


def make_agent(level: str, seat: int, rng: random.Random) -> RandomAgent:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return RandomAgent(rng)
