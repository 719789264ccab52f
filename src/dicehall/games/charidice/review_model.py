"""Charidice's review model: the fitted coefficients of games/charidice/review.py's model, per variant.
Written by ``python bench/review.py fit charidice --games 100 --seed fit`` (docs/review.md); do not edit."""

COEFFICIENTS: dict[str, tuple[float, ...]] = {
    "all": (2.080415, 53.553887, 28.33198, 0.653052, 45.631926),
}
