"""Dice & Merchants's review model: the fitted coefficients of games/marchands/review.py's model, per variant.
Written by ``python bench/review.py fit marchands --games 40 --seed fit`` (docs/review.md); do not edit."""

COEFFICIENTS: dict[str, tuple[float, ...]] = {
    "all": (1.378459, 0.332372, 10.181367, 1.030296),
}
