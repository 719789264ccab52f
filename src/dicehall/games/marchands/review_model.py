"""Dés & Marchands' review model: the fitted coefficients of games/marchands/review.py's model, per variant.
Written by ``python bench/review.py fit marchands`` (docs/review.md); do not edit."""

COEFFICIENTS: dict[str, tuple[float, ...]] = {
    "all": (1.0, 0.5, 1.0, 1.0),
}
