"""Paradice's review model: the fitted coefficients of games/paradice/review.py's model, per variant.
Written by ``python bench/review.py fit paradice --games 60 --seed fit`` (docs/review.md); do not edit."""

COEFFICIENTS: dict[str, tuple[float, ...]] = {
    "limit": (2.368097, 0.659366, 1.681928),
    "open": (1.884866, 4.330652),
}
