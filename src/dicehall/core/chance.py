"""Exact dice distributions for chance nodes, and sampling from them with an injected generator."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TypeVar

T = TypeVar("T")

ONE_SIXTH = Fraction(1, 6)


def uniform(outcomes: Sequence[T]) -> tuple[tuple[T, Fraction], ...]:
    """Each outcome with the same probability (one fair die: six faces, 1/6 each)."""
    p = Fraction(1, len(outcomes))
    return tuple((o, p) for o in outcomes)


def sample(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
    """Draw one outcome by its exact probability. Deterministic for a given generator state."""
    x = Fraction(rng.randrange(1 << 30), 1 << 30)
    acc = Fraction(0)
    for outcome, p in outcomes:
        acc += p
        if x < acc:
            return outcome
    return outcomes[-1][0]


def sample_float(outcomes: Sequence[tuple[Any, Fraction]], rng: random.Random) -> Any:
    """Draw one outcome with a single float: faster than ``sample``, for headless simulations (AI tests and
    benches). Matches keep ``sample``, so that saved games replay the same dice."""
    x = rng.random()
    for outcome, p in outcomes:
        x -= float(p)
        if x < 0:
            return outcome
    return outcomes[-1][0]
