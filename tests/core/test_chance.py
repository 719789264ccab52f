"""Exact dice distributions and seeded sampling."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from dicehall.core.chance import ONE_SIXTH, sample, uniform


@given(st.integers(1, 400))
def test_uniform_sums_to_exactly_one(n):
    outcomes = uniform(range(n))
    assert sum(p for _, p in outcomes) == 1
    assert all(isinstance(p, Fraction) and p == Fraction(1, n) for _, p in outcomes)
    assert [o for o, _ in outcomes] == list(range(n))


def test_one_die():
    assert uniform([1, 2, 3, 4, 5, 6]) == tuple((f, ONE_SIXTH) for f in range(1, 7))


@given(st.text(max_size=10), st.integers(0, 1000))
def test_sample_is_deterministic_for_a_seed(seed, ply):
    outcomes = uniform("abcdef")
    first = [sample(outcomes, random.Random(f"{seed}/{ply}")) for _ in range(3)]
    assert len(set(first)) == 1
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    assert [sample(outcomes, rng_a) for _ in range(20)] == [sample(outcomes, rng_b) for _ in range(20)]


def test_sample_respects_probabilities():
    outcomes = ((0, Fraction(1, 2)), (1, Fraction(1, 3)), (2, Fraction(1, 6)))
    rng = random.Random("frequencies")
    n = 12_000
    counts = Counter(sample(outcomes, rng) for _ in range(n))
    for outcome, p in outcomes:
        assert abs(counts[outcome] / n - float(p)) < 0.02, counts


def test_sample_never_draws_an_impossible_outcome():
    outcomes = (("never", Fraction(0)), ("always", Fraction(1)), ("nope", Fraction(0)))
    rng = random.Random(7)
    assert {sample(outcomes, rng) for _ in range(2000)} == {"always"}


def test_sample_covers_a_fair_die():
    rng = random.Random("die")
    counts = Counter(sample(uniform(range(1, 7)), rng) for _ in range(6000))
    assert set(counts) == set(range(1, 7))
    assert all(850 < c < 1150 for c in counts.values()), counts


def test_equally_likely_outcomes_draw_the_same_outcome_as_the_exact_sum():
    """``sample`` takes a short cut for n equally likely outcomes: it must pick what adding the fractions
    one by one picks, or saved games would replay other dice."""
    import random
    from fractions import Fraction

    from dicehall.core.chance import sample

    def by_sum(outcomes, rng):
        x, acc = Fraction(rng.randrange(1 << 30), 1 << 30), Fraction(0)
        for outcome, p in outcomes:
            acc += p
            if x < acc:
                return outcome
        return outcomes[-1][0]

    for n in (1, 2, 3, 6, 7, 36, 216, 4096):
        outcomes = tuple((i, Fraction(1, n)) for i in range(n))
        for seed in range(200):
            assert sample(outcomes, random.Random(seed)) == by_sum(outcomes, random.Random(seed))
    skewed = ((0, Fraction(1, 2)), (1, Fraction(1, 4)), (2, Fraction(1, 4)))
    for seed in range(200):
        assert sample(skewed, random.Random(seed)) == by_sum(skewed, random.Random(seed))
