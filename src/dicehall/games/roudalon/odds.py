"""Exact chances of hitting the pot: one die, two dice, and an alliance chain.

Shared by the computer players (which decide on them) and the screen (which shows them).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

# WAYS[k][s]: the number of ways k dice (1 or 2) make s, out of 6 ** k.
WAYS: tuple[dict[int, int], ...] = (
    {0: 1},
    {s: 1 for s in range(1, 7)},
    {s: 6 - abs(s - 7) for s in range(2, 13)},
)


def hit_chance(pot: int, dice: int) -> Fraction:
    """The chance that ``dice`` dice (1 or 2) thrown alone make exactly ``pot``."""
    return Fraction(WAYS[dice].get(pot, 0), 6**dice)


def reach(dice: int) -> tuple[int, int]:
    """The smallest and largest totals ``dice`` dice can make."""
    return dice, 6 * dice


@lru_cache(maxsize=4096)
def chain_chance(pot: int, holdings: tuple[int, ...]) -> float:
    """The chance an alliance whose members hold ``holdings`` dice (in chain order) hits ``pot`` exactly,
    each member choosing 1 or 2 of his dice, seeing the running total, so as to make the hit most likely.
    """
    return _chain_from(pot, holdings, 0)


@lru_cache(maxsize=65536)
def _chain_from(remaining: int, holdings: tuple[int, ...], index: int) -> float:
    if remaining <= 0 or index >= len(holdings):
        return 0.0
    return max(chain_throw_chance(remaining, holdings, index, k) for k in range(1, holdings[index] + 1))


def chain_throw_chance(remaining: int, holdings: tuple[int, ...], index: int, dice: int) -> float:
    """The alliance's chance when member ``index`` throws ``dice`` dice with ``remaining`` still to make
    (the members after him playing as ``chain_chance`` assumes)."""
    total = 0.0
    for s, ways in WAYS[dice].items():
        if s == remaining:
            total += ways
        elif s < remaining:
            total += ways * _chain_from(remaining - s, holdings, index + 1)
    return total / 6**dice
