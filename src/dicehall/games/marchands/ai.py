"""Dés & Marchands computer players (placeholder: random until the real levels land)."""

from __future__ import annotations

import random

from dicehall.ai.agent import SearchAgent
from dicehall.ai.agents import RandomAgent

LEVELS = ("easy", "normal", "expert")


def make_agent(level: str, seat: int, rng: random.Random) -> SearchAgent:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return RandomAgent(rng)
