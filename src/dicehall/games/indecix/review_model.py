"""Indecix's review model: the fitted coefficients of games/indecix/review.py's model, per variant.
Written by ``python bench/review.py fit indecix --games 150 --seed fit`` (docs/review.md); do not edit."""

COEFFICIENTS: dict[str, tuple[float, ...]] = {
    "blitz": (1.120699, -1.750392, 0.277774, -0.498492),
    "master": (1.769488, -3.170755, 0.218525, -0.590912),
}
