"""Paradice's review model: the fitted coefficients of games/paradice/review.py's model, per variant.
Written by ``python bench/review.py fit paradice`` (docs/review.md); do not edit."""

COEFFICIENTS: dict[str, tuple[float, ...]] = {
    "limit": (1.0, 1.0, 0.5),
    "open": (1.0, 1.0, 0.5),
}
