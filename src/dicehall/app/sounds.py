"""The sounds of a game: which cue the page plays for what happened since the last frame.

The worker decides, the page plays (web/sound.js synthesises each cue with Web Audio, no file). Each frame
the App asks ``SoundCues.take`` and puts the answer in its output as ``out["sound"]``. The source is the
session's log: the entries applied since the last frame, and the states before and after them.

- ``"dice"``: dice were thrown (a chance outcome after a decision); the page plays a rattle and the
  landing click;
- ``"land"``: one more die of a throw under way landed (a chance outcome right after another: Charidice's
  and Le Roudalon's dice land one by one); the page plays the click only;
- ``"coins"``: money moved (Paradice's balances or jackpot, Le Roudalon's pot, Dés & Marchands' coins);
- ``"capture"``: Indecix: dice were captured;
- ``"gift"``: Charidice: a turn gave points to another player;

(the last three are each game's own: its spec's ``sounds`` module says which its states call for;)
- ``"end"``: the game has just ended.

At most one cue a frame (the most telling one, ``PRIORITY``): at the "instant" pace many steps are taken in
a frame, and a cue not played in its frame is dropped, never queued. Nothing when muted, at full speed
(``App.fast``: the page API, skipping, finishing) or for a game just put on screen (a new game, a load, an
undo or a redo): those steps are taken in silently.
"""

from __future__ import annotations

from typing import Any

from dicehall.core import registry
from dicehall.core.protocol import NodeKind
from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "mute": ("Couper le son", "Mute sounds"),
        "sound_off": ("Son coupé.", "Sounds muted."),
        "sound_on": ("Son activé.", "Sounds on."),
    }
)

CUES = ("dice", "land", "coins", "capture", "gift", "end")
PRIORITY = ("end", "capture", "gift", "coins", "dice", "land")  # the one played when a frame has several


def _chance(entry: Any) -> bool:
    return getattr(entry, "by", None) == "chance"


def cues_between(game_id: str, entries: list[Any], before: Any, after: Any, previous: Any = None) -> list[str]:
    """Every cue for ``entries`` applied from ``before`` to ``after``, in ``PRIORITY`` order; ``previous``:
    the entry before them (None at the start)."""
    found: set[str] = set()
    for entry in entries:
        if _chance(entry):
            found.add("land" if _chance(previous) else "dice")
        previous = entry
    own = registry.info(game_id).part("sounds")  # the game's own cues (its spec's ``sounds``), if any
    if own is not None:
        found.update(own.cues(before, after))
    if after.kind is NodeKind.TERMINAL and before.kind is not NodeKind.TERMINAL:
        found.add("end")
    return [cue for cue in PRIORITY if cue in found]


class SoundCues:
    """Follows one session's log from frame to frame."""

    def __init__(self) -> None:
        self._session: Any = None
        self._ply = 0
        self._state: Any = None

    def follow(self, session: Any) -> None:
        """Start from ``session`` as it is now, if it is not the one followed (called before the frame
        moves the game on, so that a new game's first steps are heard)."""
        if session is not None and session is not self._session:
            self.take(session, silent=True)

    def take(self, session: Any, *, silent: bool = False) -> list[str]:
        """The cue for the steps since the last call (``[]`` or one name); ``silent``: take them in and
        say nothing (muted, full speed)."""
        if session is None:
            self._session = None
            return []
        match = session.match
        ply, state = match.ply, match.state
        known = session is self._session and self._ply <= ply and match.state_at(self._ply) is self._state
        before_ply, before = self._ply, self._state
        self._session, self._ply, self._state = session, ply, state
        if silent or not known or ply == before_ply:
            return []
        previous = match.log[before_ply - 1] if before_ply else None
        cues = cues_between(session.game.id, match.log[before_ply:ply], before, state, previous)
        return cues[:1]


def sound_button(lang: str, on: bool) -> str:
    """The toolbar's mute button: a loudspeaker icon, pressed (``aria-pressed="true"``) while muted."""
    label = TEXTS.t(lang, "mute")
    waves = (
        '<path d="M13 7.5a3.5 3.5 0 0 1 0 5M15.5 5a7 7 0 0 1 0 10" fill="none" stroke="currentColor" '
        'stroke-width="1.8" stroke-linecap="round"/>'
        if on
        else '<path d="M13 7.5l5 5M18 7.5l-5 5" fill="none" stroke="currentColor" stroke-width="1.8" '
        'stroke-linecap="round"/>'
    )
    icon = (
        '<svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">'
        '<path d="M3 7.5h3l4-3.5v12l-4-3.5H3z" fill="currentColor"/>' + waves + "</svg>"
    )
    return (
        f'<button type="button" class="btn ghost icon sound-toggle" data-cmd="sound" data-arg="toggle" '
        f'id="sound-toggle" aria-pressed="{"false" if on else "true"}" aria-label="{label}" '
        f'title="{label}">{icon}</button>'
    )
