"""Pacing shared by the dice scenes that hold the session back while dice land and things fly
(Le Roudalon, Dés & Marchands): a mixin of a ``SceneBase`` subclass.

The scene keeps ``hold_until`` (no session step before it), ``dice_until`` (dice still landing on screen),
``tumble_from`` (dice in the air tumble from this time), ``lands`` (die key -> landing tween), ``flights``
(things with a ``tween`` flying across the screen), ``banner`` (the end banner's tween, or None) and
``flash`` ((text, until), or None), and implements ``in_air()``. Its own animations go in ``_busy(now)``
(besides the hold, what keeps back the next step) and ``_tick(now)`` (called once per ``update``; True
while something of its own changes on screen).
"""

from __future__ import annotations

from typing import Any

from dicehall.ui.anim import Tween


class DicePacing:
    """Hold times, ``ready()`` and ``update(dt)`` for a dice scene (see the module docstring)."""

    dirty: bool
    fast: bool
    now: float
    hold_until: float
    dice_until: float
    tumble_from: float
    lands: dict[Any, Tween]
    flights: list[Any]
    banner: Tween | None
    flash: tuple[str, float] | None
    speed: Any  # SceneBase.speed(): the multiplier of durations (not defined here: it comes later in the MRO)
    _overlays_changed: Any  # SceneBase's too

    def in_air(self) -> bool:
        """Dice are in the air or still landing on screen."""
        raise NotImplementedError

    def _busy(self, now: float) -> bool:
        """Besides the hold, whether an animation keeps back the next session step: a flight by default."""
        return any(f.tween.running(now) for f in self.flights)

    def _tick(self, now: float) -> bool:
        """The scene's own animations at ``now`` (dropping the finished ones); True while one changes."""
        return False

    def ready(self) -> bool:
        """True when no animation or pause keeps back the next session step (always in fast mode)."""
        if self.fast:
            return True
        now = self.now
        return now >= self.hold_until and not self._busy(now)

    def _hold(self, seconds: float) -> None:
        """Keep the next session step back ``seconds`` (at normal speed) from now, at least."""
        if not self.fast:
            self.hold_until = max(self.hold_until, self.now + seconds * self.speed())

    def _finish_animations(self) -> None:
        self.lands.clear()
        self.flights.clear()
        self.hold_until = self.dice_until = self.tumble_from = self.now
        if self.banner is not None:
            self.banner = Tween(self.now, 0)

    def update(self, dt: float) -> None:
        self.now += max(0.0, dt)
        now = self.now
        animating = now < self.hold_until + 0.1 or now < self.dice_until + 0.1 or self.in_air()
        if self.lands and not any(t.running(now) for t in self.lands.values()):
            self.lands.clear()
            animating = True
        if self.flights:
            animating = True
            if not any(f.tween.running(now) for f in self.flights):
                self.flights.clear()
        if self._tick(now):
            animating = True
        if self._overlays_changed(now):
            animating = True
        if animating:
            self.dirty = True


__all__ = ["DicePacing"]
