"""Indecix's review model: the fitted coefficients of games/indecix/review.py's logistic model, per mode.
Written by ``python bench/review.py fit indecix`` (docs/review.md); do not edit by hand."""

COEFFICIENTS: dict[str, tuple[float, ...]] = {
    "blitz": (0.3, 0.0, 0.3, 0.0),
    "master": (0.3, 0.0, 0.3, 0.0),
}
