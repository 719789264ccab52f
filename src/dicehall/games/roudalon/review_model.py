"""Le Roudalon's review model: the fitted coefficients of games/roudalon/review.py's model, per variant.
Written by ``python bench/review.py fit roudalon --games 80 --seed fit`` (docs/review.md); do not edit."""

COEFFICIENTS: dict[str, tuple[float, ...]] = {
    "all": (7.143679, 5.206158),
}
