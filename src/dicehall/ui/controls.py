"""Pointer and keyboard plumbing shared by the canvas scenes (mixins of a ``SceneBase`` subclass).

``PointerInput``: a press counts when the pointer goes up on the target it went down on; moving the pointer
keeps ``hover`` on the target under it. ``FocusRing`` adds a keyboard focus that the arrow keys move over
``focus_ring()``; Space or Enter activates the focused target and Escape drops the focus.

A scene says what is where (``_target``) and what a target does (``_activate``); the game's own keys go
in ``_on_key`` (``PointerInput``) or ``_on_game_key`` (``FocusRing``, after the focus keys).
"""

from __future__ import annotations

from typing import Any

from dicehall.ui.scene import InputEvent

ARROWS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}


class PointerInput:
    """Pointer presses with a hover highlight (see the module docstring)."""

    dirty: bool
    hover: Any = None  # the target under the pointer
    _pressed: Any = None  # the target the pointer went down on

    def _target(self, x: float, y: float) -> Any:
        """What a press at (x, y) would act on, or None."""
        raise NotImplementedError

    def _hover_target(self, x: float, y: float) -> Any:
        """What the hover highlight shows at (x, y): by default the press target."""
        return self._target(x, y)

    def _activate(self, target: Any) -> bool:
        """Act on ``target`` (a press or the focused target's key); True when the event was used."""
        raise NotImplementedError

    def _on_key(self, event: InputEvent) -> bool:
        return False

    def _set_hover(self, target: Any) -> None:
        if target != self.hover:
            self.hover = target
            self.dirty = True

    def on_input(self, event: InputEvent) -> bool:
        kind = event.type
        if kind == "pointermove":
            self._set_hover(self._hover_target(event.x, event.y))
            return False
        if kind == "pointerdown":
            self._pressed = self._target(event.x, event.y)
            return self._pressed is not None
        if kind == "pointerup":
            target, self._pressed = self._pressed, None
            if target is None or target != self._target(event.x, event.y):
                return False
            return self._activate(target)
        if kind == "pointercancel":
            self._pressed = None
            self._set_hover(None)
            return False
        if kind == "key":
            return self._on_key(event)
        return False


class FocusRing(PointerInput):
    """``PointerInput`` plus a keyboard focus moved round ``focus_ring()`` (see the module docstring)."""

    focus: Any = None  # the keyboard focus, shown while its target is in the ring

    def focus_ring(self) -> list[Any]:
        """The targets the arrow keys move over, in screen order."""
        raise NotImplementedError

    def _focus_moved(self, target: Any) -> None:
        """Called when the arrow keys put the focus on ``target`` (e.g. to announce it)."""

    def _on_game_key(self, event: InputEvent) -> bool:
        """The game's own keys, once the focus keys are handled."""
        return False

    def shown_focus(self) -> Any:
        """The focus, if its target is still there."""
        return self.focus if self.focus is not None and self.focus in self.focus_ring() else None

    def _move_focus(self, step: int) -> bool:
        ring = self.focus_ring()
        if not ring:
            return False
        current = self.shown_focus()
        if current is None:
            new = ring[0] if step > 0 else ring[-1]
        else:
            new = ring[(ring.index(current) + step) % len(ring)]
        self.focus = new
        self.dirty = True
        self._focus_moved(new)
        return True

    def _on_key(self, event: InputEvent) -> bool:
        if event.ctrl or event.meta or event.alt:
            return False
        key = event.key
        if key in ARROWS:
            return self._move_focus(ARROWS[key])
        if key == "Escape" and self.focus is not None:
            self.focus = None
            self.dirty = True
            return True
        focused = self.shown_focus()
        if focused is not None and (key in (" ", "Enter") or event.code == "Space"):
            return self._activate(focused)
        return self._on_game_key(event)
