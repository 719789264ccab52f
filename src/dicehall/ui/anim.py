"""Small animation helpers for canvas scenes: easings, tweens on a scene clock, counters and blinking.

Scenes keep their own clock (the sum of the ``dt`` given to ``update``) and ask each animation for its
progress at that time, so nothing here reads the wall clock and tests can step time exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


def clamp(x: float, lo: float = 0.0, hi: float = 1.0) -> float:
    return max(lo, min(x, hi))


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def ease_out_cubic(t: float) -> float:
    t = clamp(t)
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = clamp(t)
    return 3 * t * t - 2 * t * t * t


def ease_out_back(t: float, overshoot: float = 1.7) -> float:
    """Goes a little past 1 then settles: a die dropping onto the table."""
    t = clamp(t) - 1
    return 1 + (overshoot + 1) * t**3 + overshoot * t**2


@dataclass(slots=True)
class Tween:
    """Progress 0..1 of an animation that starts at ``start`` (scene clock, seconds) for ``duration``."""

    start: float
    duration: float

    @property
    def end(self) -> float:
        return self.start + self.duration

    def progress(self, now: float) -> float:
        if self.duration <= 0:
            return 1.0
        return clamp((now - self.start) / self.duration)

    def running(self, now: float) -> bool:
        return now < self.end

    def started(self, now: float) -> bool:
        return now >= self.start


@dataclass(slots=True)
class Counter:
    """A number shown on screen that counts up (or down) to its target instead of jumping."""

    value: float = 0.0
    shown_from: float = 0.0
    target: float = 0.0
    tween: Tween | None = None

    def set(self, target: float, now: float, duration: float) -> None:
        if target == self.target and self.tween is None:
            return
        self.shown_from = self.current(now)
        self.target = target
        self.tween = Tween(now, duration) if duration > 0 else None
        if self.tween is None:
            self.value = target

    def jump(self, target: float) -> None:
        self.value = self.shown_from = self.target = target
        self.tween = None

    def current(self, now: float) -> float:
        if self.tween is None:
            return self.target
        return lerp(self.shown_from, self.target, ease_out_cubic(self.tween.progress(now)))

    def shown(self, now: float) -> int:
        """The whole number to display now."""
        return round(self.current(now))

    def running(self, now: float) -> bool:
        if self.tween is not None and not self.tween.running(now):
            self.tween = None
        return self.tween is not None


def blink(now: float, period: float = 0.5) -> bool:
    """On for ``period`` seconds, off for ``period`` seconds (the original's 500 ms blinking)."""
    return math.floor(now / period) % 2 == 0
