"""The scene protocol: what the app asks of a game's screen.

A scene reads the session's state and submits legal actions through the session; it owns only
presentation state (hover, focus, animations). The app calls, once per frame:
``update(dt)`` then, if ``dirty``, ``draw(dl, width, height)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from collections.abc import Callable
from typing import Any, Protocol

from dicehall.ui.canvas import DisplayList
from dicehall.ui.forms import seat_colours
from dicehall.ui.geometry import Rect
from dicehall.ui.i18n import Texts

# The words every game's screen shares.
SHARED_TEXTS = Texts(
    {
        "remote_wait": (
            "En attente du coup de {name}, sur son appareil («\u00a0Envoyer votre coup…\u00a0» lui renvoie le lien).",
            "Waiting for {name}'s move, on their device (“Send your move…” sends them the link again).",
        ),
    }
)


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
    pointer: str = ""  # mouse | touch | pen
    id: int = 0  # the pointer's id: two touching fingers have two (pinch zoom)


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing the player can do now on a game's screen, as a real button shows it (see
    ``SceneBase.choices``): ``target`` is what a press on the canvas would act on, ``label`` what the button
    says and a screen reader reads, ``pressed`` a toggle's state (None: not a toggle), ``enabled`` False for
    a choice on show that cannot be taken now (pressing it says why)."""

    target: Any
    label: str
    pressed: bool | None = None
    enabled: bool = True


DEFAULT_SETTINGS: dict[str, Any] = {"playable_cells": True, "capture_scores": True, "speed": "normal"}

# Multipliers of animation durations and holds; "instant" plays computer turns and dice with none (a
# human's own dice still wait for the human, and the app takes several steps in one frame: App.frame).
SPEEDS = {"slow": 1.8, "normal": 1.0, "fast": 0.45, "instant": 0.0}
SPEED_ORDER = ("slow", "normal", "fast", "instant")


def bounding(rects: Any) -> Rect | None:
    """The smallest rect holding all of ``rects`` (None for none): an anchor made of several things."""
    found = [r for r in rects if r is not None]
    if not found:
        return None
    x0, y0 = min(r.x for r in found), min(r.y for r in found)
    x1, y1 = max(r.x + r.w for r in found), max(r.y + r.h for r in found)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def parse_anchor(name: str) -> tuple[str, tuple[int, ...]]:
    """ "cell:3,2" -> ("cell", (3, 2)); "dice" -> ("dice", ()); a part that is not a number -> ("", ())."""
    head, _, tail = name.partition(":")
    if not tail:
        return head, ()
    try:
        return head, tuple(int(part) for part in tail.split(","))
    except ValueError:
        return head + ":" + tail, ()


def merged_settings(settings: dict[str, Any] | None) -> dict[str, Any]:
    """The display settings with defaults filled in for missing keys."""
    out = dict(DEFAULT_SETTINGS)
    out.update(settings or {})
    return out


@dataclass(frozen=True, slots=True)
class SceneContext:
    """What the app gives a game's scene: the language, the display settings and the players' colours.

    ``settings``: ``playable_cells`` (frame the legal cells), ``capture_scores`` (show what a placement
    would earn), ``speed`` ("slow" | "normal" | "fast" | "instant" animations). ``colours``: one #rrggbb per seat.
    ``touch``: the last input was a touch (a scene may then leave out what only a keyboard uses).
    """

    lang: str = "fr"
    settings: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_SETTINGS))
    colours: tuple[str, ...] = ("#2450ef", "#ff0000")
    touch: bool = False  # the player's last input was a finger on the screen (no keyboard hints then)

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
    """The plumbing every game scene shares: construction from a session and a context, speed,
    announcements, language, settings, size, and submitting legal actions.

    A subclass calls ``super().__init__(session, ctx)`` (with ``palette=(COLOURS, DEFAULT_COLOURS)`` when
    the context may give fewer colours than seats) before its own fields, and implements ``layout(w, h)``,
    ``_paint(dl, layout)`` (the whole picture; ``draw`` calls it) and ``_finish_animations`` (jump every
    running animation to its end).
    """

    dirty: bool
    fast: bool
    lang: str
    settings: dict[str, Any]
    size: tuple[float, float]  # the size laid out (the canvas' own, or larger when it is drawn scaled down)
    # The smallest sizes the layout fits, e.g. one portrait and one landscape: a canvas under every one of
    # them is laid out larger and drawn scaled down to fit (see ``fitted``), so the picture stays whole
    # instead of being cut. Empty: never scaled.
    min_sizes: tuple[tuple[float, float], ...] = ()
    scale = 1.0  # canvas px per laid-out px (below 1 on a canvas under ``min_sizes``)
    # The smallest canvases (CSS px, e.g. one portrait and one landscape) on which the game can still be played:
    # on a smaller one the shell says so instead of the board, and advises turning the device or a larger window
    # (app/screens.py, ``too_small``). Empty: playable at any size.
    min_playable: tuple[tuple[float, float], ...] = ()
    _announcements: list[str]
    flash: Any
    banner: Any  # the end banner's tween (a ``Tween``), or None before the end
    end_panel = False  # the shell shows the end (its panel, or the board clear behind it): no end banner on the canvas
    flash_seconds = 2.0  # a refusal stays on screen this long (``_flash``)

    def __init__(
        self,
        session: Any,
        ctx: SceneContext,
        palette: tuple[tuple[tuple[str, str, str, str], ...], tuple[str, ...]] | None = None,
    ) -> None:
        self.session = session
        self.lang = ctx.lang
        self.settings = merged_settings(ctx.settings)
        colours = tuple(ctx.colours)
        if palette is not None and len(colours) < session.state.num_players:
            # too few colours in the context: each seat's chosen colour, or its default
            ids = [s.extra.get("colour") for s in session.seats]
            colours = seat_colours(palette[0], palette[1], ids, session.state.num_players)
        self.colours = colours
        self.touch = bool(ctx.touch)
        self.dirty = True
        self.now = 0.0
        self.fast = False
        self.size = (0.0, 0.0)
        self._announcements = []
        self._layouts: dict[Any, Any] = {}  # the layout per size (and what else it depends on)
        self._pressed: Any = None  # the target a pointer went down on

    # --- reading -------------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.session.state

    def player_name(self, p: int) -> str:
        return self.session.seats[p].name or f"J{p + 1}"

    def is_human(self, p: int) -> bool:
        """Seat ``p`` is played here by a person, whom the screen waits for (a die to stop, a choice to make):
        not a computer, not a player on another device (play by link), nobody in a replay, which plays every
        seat's recorded decisions itself. (Labels read the seats: a person stays a person there.)"""
        return bool(self.session.plays_here(p))

    def remote_wait(self) -> str:
        """While the turn is a player's on another device (play by link), the line that says the game waits for
        their move and how to send it again: the prompt says this, not "… rolls the dice" as for a
        computer. Else ""."""
        session = self.session
        if not getattr(session, "waiting_remote", False):
            return ""
        return SHARED_TEXTS.t(self.lang, "remote_wait", name=self.player_name(session.to_move))

    def speed(self) -> float:
        """The multiplier of animation durations chosen in the settings (0 at "instant")."""
        return SPEEDS.get(self.settings.get("speed", "normal"), 1.0)

    def instant(self) -> bool:
        """The pace is "instant": no animation, no hold; only a human's own dice wait for the human."""
        return self.settings.get("speed") == "instant"

    def human_dice(self) -> bool:
        """The dice about to be rolled are a human's, who stops them (Paradice): skipping the computers'
        turns stops there. False by default."""
        return False

    def humans_in_play(self) -> bool:
        """Some human seat can still act in this game (not eliminated): else the game can be finished at
        once. By default: the game has a human seat."""
        return any(not seat.is_ai for seat in self.session.seats)

    # --- acting --------------------------------------------------------------------------------------
    def _submit(self, action: Any) -> bool:
        """Submit ``action`` if it is legal now; False (and nothing done) otherwise."""
        if action is None or action not in self.session.legal():
            return False
        self.session.submit(action)
        self.dirty = True
        return True

    def _say(self, text: str) -> None:
        """Queue ``text`` for the screen reader (empty texts are dropped)."""
        if text:
            self._announcements.append(text)

    def _finish_animations(self) -> None:
        raise NotImplementedError

    def _flash(self, text: str) -> bool:
        """Show ``text`` (a refusal) for ``flash_seconds`` in ``flash`` and announce it; True (the event
        was used)."""
        self.flash = (text, self.now + self.flash_seconds)
        self._say(text)
        self.dirty = True
        return True

    def _overlays_changed(self, now: float) -> bool:
        """The end banner still fading in, or the flash's time up (it is dropped here): True when either
        changes the picture at ``now``."""
        changed = self.banner is not None and self.banner.running(now)
        if self.flash is not None and now >= self.flash[1]:
            self.flash = None
            changed = True
        return changed

    # --- drawing -------------------------------------------------------------------------------------
    def layout(self, width: float | None = None, height: float | None = None) -> Any:
        raise NotImplementedError

    def _layout_size(
        self, width: float | None, height: float | None, default: tuple[float, float] = (1200.0, 800.0)
    ) -> tuple[float, float]:
        """The size to lay out: ``width``×``height``, or the scene's size when none is given; ``default``
        before the first draw (0×0). Rounded to a tenth of a pixel so that sizes a rounding apart share a
        cached layout."""
        w, h = self.size if width is None else (width, height)
        return round(w or default[0], 1), round(h or default[1], 1)

    def _cached_layout(self, key: Any, make: Callable[[], Any]) -> Any:
        """The layout for ``key`` (the size and what else it depends on), made by ``make()`` the first time;
        a few are kept (resizing, rotating a phone)."""
        lay = self._layouts.get(key)
        if lay is None:
            if len(self._layouts) > 8:
                self._layouts.clear()
            lay = self._layouts[key] = make()
        return lay

    def _paint(self, dl: DisplayList, lay: Any) -> None:
        raise NotImplementedError

    def playable(self, width: float, height: float) -> bool:
        """A ``width``×``height`` canvas holds one of ``min_playable`` (or the game declares none)."""
        return not self.min_playable or any(width >= mw and height >= mh for mw, mh in self.min_playable)

    def fitted(self, width: float, height: float) -> tuple[float, float, float]:
        """(scale, width, height) laid out for a ``width``×``height`` canvas: the canvas itself when it holds
        one of ``min_sizes``; else the canvas' shape enlarged until it holds one (the one that needs the
        least enlarging), to be drawn scaled down by ``scale``."""
        if width <= 0 or height <= 0 or not self.min_sizes:
            return 1.0, width, height
        k = max(min(width / mw, height / mh) for mw, mh in self.min_sizes)
        return (1.0, width, height) if k >= 1.0 else (k, width / k, height / k)

    def draw(self, dl: DisplayList, width: float, height: float) -> None:
        """Draw the whole scene at ``width``×``height`` (its size, or larger and scaled down under
        ``min_sizes``: see ``fitted``); must not change any game state."""
        k, w, h = self.fitted(width, height)
        self.size, self.scale = (w, h), k
        start = len(dl.ops)
        self._paint(dl, self.layout(w, h))
        if k != 1.0:
            ops = dl.ops[start:]
            first = 1 if ops and ops[0][0] == "clear" else 0  # the background still fills the canvas
            dl.ops[start + first :] = [["save"], ["scale", round(k, 4), round(k, 4)], *ops[first:], ["restore"]]
        self.dirty = False

    # --- what a tutorial's coach points at ----------------------------------------------------------------
    def anchor(self, name: str) -> Rect | None:
        """Where the thing a tutorial names (``name``: "cell:3,2", "dice", "scores", "button:roll"…, the
        anchors of the game's ``tutorial.py``, core/tutorial.py) is drawn now, in canvas CSS px (the picture's
        ``scale`` applied); None when the screen does not show it. The coach's bubble is placed by it and its
        rect is lit while the rest is dimmed. The scene resolves it from its layout (``_anchor``)."""
        if not self.size[0] or not self.size[1]:
            return None
        rect = self._anchor(name, self.layout())
        if rect is None:
            return None
        k = self.scale
        return Rect(rect.x * k, rect.y * k, rect.w * k, rect.h * k)

    def _anchor(self, name: str, lay: Any) -> Rect | None:
        """``anchor(name)`` in laid-out px, from the layout ``lay``; None: not an anchor of this screen."""
        return None

    def dice_held(self) -> bool:
        """A human's dice spin on screen, waiting to be stopped (after they have landed in the rules, as in
        Indecix, or before, as in Paradice): a lesson moves on once they are stopped. False by default."""
        return False

    def lead(self, action: Any) -> Any:
        """The target (a ``Choice``'s) of the next press towards ``action`` where playing it takes several (dice to
        pick, then the button; a dialog's pages), else None: a lesson sends the keyboard there."""
        return None

    # --- the choices as real buttons (keyboard and screen readers) ------------------------------------
    def choices(self) -> list[Choice]:
        """What the player can do now, in screen order. The app shows them as real, focusable buttons beside
        the canvas, so that every game is played with Tab, Enter, Space and the arrows alone, and with a
        screen reader; ``choose(i)`` acts exactly as a press on choice i's target. Empty while nothing is
        asked of a human."""
        return []

    def prompt(self) -> str:
        """What the screen asks now, in one line (the choices' heading), or ""."""
        return ""

    def focus_choice(self, index: int) -> None:
        """The keyboard is on choice ``index`` of ``choices()`` (-1: on none): a scene shows its target on
        the board itself (the buttons' bar only names it). Nothing by default."""
        return None

    def choose(self, index: int) -> bool:
        """Act on choice ``index`` of ``choices()`` as a press on its target would; False if there is none."""
        options = self.choices()
        if not 0 <= index < len(options):
            return False
        self.dirty = True
        return bool(self._activate(options[index].target))  # type: ignore[attr-defined]

    # --- what the app asks ---------------------------------------------------------------------------
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

    def set_touch(self, touch: bool) -> None:
        """The last input was a touch (True) or a key or a mouse (False)."""
        if bool(touch) != self.touch:
            self.touch = bool(touch)
            self.dirty = True

    def resize(self, width: float, height: float) -> None:
        self.scale, w, h = self.fitted(width, height)
        self.size = (w, h)
        self.dirty = True


POINTER_EVENTS = ("pointerdown", "pointermove", "pointerup", "pointercancel", "wheel")


class ScaledPointer:
    """The first base of a scene with ``min_sizes``: pointer events arrive in canvas px and are passed on in
    laid-out px (divided by ``scale``), so a picture drawn scaled down is hit where it is seen."""

    scale: float

    def on_input(self, event: InputEvent) -> bool:
        k = self.scale
        if k != 1.0 and k > 0 and event.type in POINTER_EVENTS:
            event = replace(event, x=event.x / k, y=event.y / k)
        return super().on_input(event)  # type: ignore[misc]
