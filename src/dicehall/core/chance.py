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
    r = rng.randrange(1 << 30)
    n = len(outcomes)
    first = outcomes[0][1] if n else None
    if (
        first is not None
        and first.numerator == 1
        and first.denominator == n
        and all(p is first or p == first for _, p in outcomes)
    ):
        # n equally likely outcomes: the first k with r / 2**30 < k / n, without adding n fractions (a board
        # of Dés & Marchands is drawn among 4,096 layouts); the same outcome as the sum below.
        return outcomes[(r * n) >> 30][0]
    x = Fraction(r, 1 << 30)
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
