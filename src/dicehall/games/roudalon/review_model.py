"""Le Roudalon's review model: the fitted coefficients of games/roudalon/review.py's model, per variant.
Written by ``python bench/review.py fit roudalon`` (docs/review.md); do not edit."""

COEFFICIENTS: dict[str, tuple[float, ...]] = {
    "all": (1.5, 1.5),
}
