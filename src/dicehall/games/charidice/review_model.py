"""Charidice's review model: the fitted coefficients of games/charidice/review.py's model, per variant.
Written by ``python bench/review.py fit charidice`` (docs/review.md); do not edit."""

COEFFICIENTS: dict[str, tuple[float, ...]] = {
    "all": (1.0, 20.0, 7.0, 1.0, 7.0),
}
