"""What the CPython AI benchmarks (bench/*_ai.py) share: percentiles, seeded agents, timed decisions.

Imported by the scripts as ``common`` (their folder is put on ``sys.path``).
"""

from __future__ import annotations

import random
import time
from typing import Any

from dicehall.ai import RandomAgent


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank, no interpolation); NaN when there are none."""
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def agents_for(game: Any, levels: list[str], seed: str) -> list:
    """One agent per seat of ``game``: "random" a ``RandomAgent``, else the game's agent of that level;
    seat s is seeded ``f"{seed}/{s}"``."""
    return [
        RandomAgent(random.Random(f"{seed}/{s}"))
        if lv == "random"
        else game.make_agent(lv, s, random.Random(f"{seed}/{s}"))
        for s, lv in enumerate(levels)
    ]


def timed_decision(agent: Any, state: Any, slices: list[float]) -> tuple[Any, float]:
    """Run ``agent``'s decision at ``state`` to the end with ``think(0)`` (one unit of work per call),
    appending each slice's CPU time to ``slices``; the action and the decision's CPU time."""
    t0 = time.process_time()
    agent.start(state)
    done = False
    while not done:
        ts = time.process_time()
        done = agent.think(0.0)
        slices.append(time.process_time() - ts)
    action = agent.choose()
    return action, time.process_time() - t0
