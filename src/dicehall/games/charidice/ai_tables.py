"""Exact turn tables for the Charidice AI: the value of every dice configuration and keep-pattern.

A marking is worth ``total + mu * gift`` to the player who marks (``total`` = points + bonus, ``gift`` =
the unmarked dice with 5 and 6 doubled); ``mu`` folds in what the gift is worth to him (the neighbour's
gain counts against him, the generosity race for him; see ai.py). For a given ``mu`` the turn is a small
Markov decision process, solved here exactly:

- a *pattern* is the six dice with some of them unknown (in the air): digit ``d_i`` of die ``i`` is 0
  (unknown) or its value 1-6; index ``sum(d_i * 7**i)``, 7**6 = 117649 patterns, 6**6 = 46656 of them
  complete (*configurations*);
- ``V0(c)`` = the best marking of configuration c; ``E0(p)`` = the mean of V0 over the completions of p
  (the dice in the air land uniformly): the value of throwing the unknown dice for the last time;
- ``V1(c)`` = max over the dice kept (any subset, all six = stop) of E0: the value after roll 2;
  ``E1(p)`` = the mean of V1 over the completions of p: the value of throwing with one roll still to come.

The tables are built with dimension-wise passes over flat lists (one die at a time: a mean of six
slices, or a running maximum over "this die kept or thrown"), never with per-configuration loops over
the 63 subsets; the builders are generators that ``yield`` between slices of a few milliseconds, so the
browser page is never blocked. ``V0`` is built per ``mu`` in one sweep: for the option "different
colours" the best marking keeps, per colour, the die whose ``value - mu * gift_value`` is highest (if
positive), so a running per-colour maximum over the dice gives it; the 4+ same-colour and 4+
same-number markings (the ones with a bonus) are few and listed once (``SPECIALS``).
"""

from __future__ import annotations

import math
from collections.abc import Generator
from itertools import combinations, product
from typing import Any

from dicehall.games.charidice.dice import LATIN
from dicehall.games.charidice.scoring import DIFFERENT_BONUS, SAME_BONUS, gift_value, is_run

Build = Generator[None, None, Any]

N = 7**6  # patterns
POW7 = tuple(7**i for i in range(6))
GIFT = (0,) + tuple(gift_value(v) for v in range(1, 7))
# COLOUR[i][v]: colour of die i showing v (v = 1..6; index 0 unused, -1).
COLOUR: tuple[tuple[int, ...], ...] = tuple((-1,) + tuple(LATIN[i][v - 1] for v in range(1, 7)) for i in range(6))


def pattern_of(dice: tuple[int, ...], unknown: int = 0) -> int:
    """The pattern index of ``dice`` (values 1-6, 0 = unknown) with the dice of mask ``unknown`` unknown."""
    return sum(0 if unknown >> i & 1 else v * POW7[i] for i, v in enumerate(dice))


def _specials(idx: list[int], totals: list[int], gifts: list[int]) -> Build:
    """Every marking with a possible bonus: 4+ dice of one colour (option A), 4+ dice showing one number
    (option B, always of different colours). As parallel lists (pattern index, total, gift)."""
    for size in (4, 5, 6):
        for chosen in combinations(range(6), size):
            yield
            free = [i for i in range(6) if i not in chosen]
            for kind in ("colour", "number"):
                for x in range(6):
                    if kind == "colour":  # the die of colour x shows the number whose colour is x
                        fixed = {i: LATIN[i].index(x) + 1 for i in chosen}
                        marked = [fixed[i] for i in chosen]
                        bonus = SAME_BONUS[size][is_run(marked)]
                    else:
                        fixed = {i: x + 1 for i in chosen}
                        marked = [x + 1] * size
                        bonus = DIFFERENT_BONUS[size]
                    total = sum(marked) + bonus
                    for rest in product(range(1, 7), repeat=len(free)):
                        values = dict(fixed)
                        values.update(zip(free, rest))
                        dice = tuple(values[i] for i in range(6))
                        idx.append(pattern_of(dice))
                        totals.append(total)
                        gifts.append(sum(GIFT[v] for v in rest))


_SPECIALS: tuple[list[int], list[int], list[int]] | None = None


def build_specials() -> Build:
    """Build the list of bonus markings once (in slices); later calls return at once."""
    global _SPECIALS
    if _SPECIALS is None:
        lists: tuple[list[int], list[int], list[int]] = ([], [], [])
        yield from _specials(*lists)
        _SPECIALS = lists


def specials() -> tuple[list[int], list[int], list[int]]:
    run(build_specials())
    assert _SPECIALS is not None
    return _SPECIALS


# The first five dice of every configuration (values 1-6), with their pattern index part, in order.
_HEADS = tuple(product(range(1, 7), repeat=5))


def build_v0(mu: float, zero_allowed: bool, out: list[float]) -> Build:
    """Write V0 (best ``total + mu * gift``) of every configuration into ``out`` (a pattern-indexed list)."""
    yield from build_specials()
    w = [0.0] + [v - mu * GIFT[v] for v in range(1, 7)]
    col0 = COLOUR[0]
    c1, c2, c3, c4, c5 = COLOUR[1:]
    for n, (v5, v4, v3, v2, v1) in enumerate(_HEADS):
        m = [0.0] * 6  # per colour: the best positive weight of a die of that colour
        top = -math.inf  # the best weight of any die (when every weight is <= 0, one die must be marked)
        for c, v in ((c1[v1], v1), (c2[v2], v2), (c3[v3], v3), (c4[v4], v4), (c5[v5], v5)):
            x = w[v]
            if x > m[c]:
                m[c] = x
            if x > top:
                top = x
        s = sum(m)
        g = GIFT[v1] + GIFT[v2] + GIFT[v3] + GIFT[v4] + GIFT[v5]
        base = v1 * 7 + v2 * 49 + v3 * 343 + v4 * 2401 + v5 * 16807
        for v0 in range(1, 7):
            x = w[v0]
            mc = m[col0[v0]]
            total = s + x - mc if x > mc else s
            if total <= 0.0 and not zero_allowed:
                total = x if x > top else top
            out[base + v0] = total + mu * (g + GIFT[v0])
        if n % 400 == 399:
            yield
    idx, totals, gifts = specials()
    for k in range(0, len(idx), 4000):
        for j, t, g in zip(idx[k : k + 4000], totals[k : k + 4000], gifts[k : k + 4000]):
            x = t + mu * g
            if x > out[j]:
                out[j] = x
        yield


def _slots(d: int) -> list[tuple[slice, ...]]:
    """For die ``d``: units of work, each a tuple of 7 slices selecting the same entries with die d
    unknown (slot 0) or showing 1..6. Strided slices for the low dice, contiguous ones for the high."""
    s = POW7[d]
    block = 7 * s
    units: list[tuple[slice, ...]] = []
    if s <= N // block:
        for j in range(s):
            units.append(tuple(slice(j + k * s, N, block) for k in range(7)))
    else:
        for b in range(0, N, block):
            units.append(tuple(slice(b + k * s, b + (k + 1) * s) for k in range(7)))
    return units


SLOTS = tuple(_slots(d) for d in range(6))
_SIXTH = 1.0 / 6.0
STEP = 17000  # entries written between two yields (a few ms in CPython)


def mean_passes(a: list[float]) -> Build:
    """In place: every entry with unknown dice becomes the mean over its completions (of the complete
    entries, which are left alone)."""
    for d in range(6):
        done = 0
        units = SLOTS[d]
        size = N // 7 // len(units)
        for sl in units:
            _, s1, s2, s3, s4, s5, s6 = sl
            a[sl[0]] = [
                (x1 + x2 + x3 + x4 + x5 + x6) * _SIXTH
                for x1, x2, x3, x4, x5, x6 in zip(a[s1], a[s2], a[s3], a[s4], a[s5], a[s6])
            ]
            done += size
            if done >= STEP:
                done = 0
                yield
        yield


def max_passes(a: list[float]) -> Build:
    """In place: every entry becomes the maximum over the patterns obtained by making any of its known
    dice unknown (itself included)."""
    for d in range(6):
        done = 0
        units = SLOTS[d]
        size = N // 7 // len(units)
        for sl in units:
            s0 = sl[0]
            low = a[s0]
            for k in range(1, 7):
                sk = sl[k]
                a[sk] = [x if x > y else y for x, y in zip(a[sk], low)]
            done += 6 * size
            if done >= STEP:
                done = 0
                yield
        yield


class TurnTables:
    """E0 (``last``) and, if asked, E1 (``two``) for one ``mu``; complete entries hold V0 and V1."""

    def __init__(self, mu: float, zero_allowed: bool) -> None:
        self.mu, self.zero_allowed = mu, zero_allowed
        self.last: list[float] | None = None
        self.two: list[float] | None = None

    def build(self, two: bool) -> Build:
        if self.last is None:
            a = [0.0] * N
            yield from build_v0(self.mu, self.zero_allowed, a)
            yield from mean_passes(a)
            self.last = a
        if two and self.two is None:
            b = list(self.last)
            yield
            yield from max_passes(b)
            yield from mean_passes(b)
            self.two = b


_CACHE: dict[tuple[float, bool], TurnTables] = {}
CACHE_SIZE = 3


def tables(mu: float, zero_allowed: bool) -> TurnTables:
    """The (possibly unbuilt) tables for ``mu``: a small shared cache, most recent last."""
    key = (mu, zero_allowed)
    t = _CACHE.pop(key, None)
    if t is None:
        t = TurnTables(mu, zero_allowed)
        while len(_CACHE) >= CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]
    _CACHE[key] = t
    return t


def run(build: Build) -> Any:
    """Run a builder to the end (tests, CPython)."""
    try:
        while True:
            next(build)
    except StopIteration as stop:
        return stop.value
