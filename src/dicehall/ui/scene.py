"""The scene protocol: what the app asks of a game's screen.

A scene reads the session's state and submits legal actions through the session; it owns only
presentation state (hover, focus, animations). The app calls, once per frame:
``update(dt)`` then, if ``dirty``, ``draw(dl, width, height)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from dicehall.ui.canvas import DisplayList


@dataclass(frozen=True, slots=True)
class InputEvent:
    """A pointer or key event from the host, in CSS pixels (see web/host.js)."""

    type: str  # pointerdown | pointermove | pointerup | pointercancel | wheel | key
    x: float = 0.0
    y: float = 0.0
    button: int = 0
    dy: float = 0.0
    key: str = ""
    code: str = ""
    ctrl: bool = False
    shift: bool = False
    alt: bool = False
    meta: bool = False


DEFAULT_SETTINGS: dict[str, Any] = {"playable_cells": True, "capture_scores": True, "speed": "normal"}

SPEEDS = {"fast": 0.45, "normal": 1.0, "slow": 1.8}  # multipliers of animation durations


def merged_settings(settings: dict[str, Any] | None) -> dict[str, Any]:
    """The display settings with defaults filled in for missing keys."""
    out = dict(DEFAULT_SETTINGS)
    out.update(settings or {})
    return out


@dataclass(frozen=True, slots=True)
class SceneContext:
    """What the app gives a game's scene: the language, the display settings and the players' colours.

    ``settings``: ``playable_cells`` (frame the legal cells), ``capture_scores`` (show what a placement
    would earn), ``speed`` ("fast" | "normal" | "slow" animations). ``colours``: one #rrggbb per seat.
    """

    lang: str = "fr"
    settings: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_SETTINGS))
    colours: tuple[str, ...] = ("#2450ef", "#ff0000")

    def setting(self, key: str) -> Any:
        return self.settings.get(key, DEFAULT_SETTINGS.get(key))


class Scene(Protocol):
    dirty: bool

    def on_input(self, event: InputEvent) -> bool:
        """Handle an event; True when it was used (the host then prevents the browser's default)."""

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds; set ``dirty`` when the picture changes."""

    def draw(self, dl: DisplayList, width: float, height: float) -> None:
        """Draw the whole scene; must not change any game state."""

    def resize(self, width: float, height: float) -> None: ...


class SceneBase:
    """The plumbing every game scene shares: speed, announcements, language, settings and size.

    A subclass sets ``dirty``, ``lang``, ``settings``, ``size``, ``fast`` and ``_announcements`` in its
    constructor and implements ``_finish_animations`` (jump every running animation to its end).
    """

    dirty: bool
    fast: bool
    lang: str
    settings: dict[str, Any]
    size: tuple[float, float]
    _announcements: list[str]

    def _finish_animations(self) -> None:
        raise NotImplementedError

    def set_fast(self, fast: bool) -> None:
        self.fast = bool(fast)
        if self.fast:
            self._finish_animations()
        self.dirty = True

    def take_announcements(self) -> list[str]:
        out, self._announcements = self._announcements, []
        return out

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.dirty = True

    def set_settings(self, settings: dict[str, Any]) -> None:
        self.settings = merged_settings(settings)
        self.dirty = True

    def resize(self, width: float, height: float) -> None:
        self.size = (width, height)
        self.dirty = True
