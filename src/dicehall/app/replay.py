"""The replay viewer: a finished (or any) game watched again, position by position, read-only.

The viewer holds the whole recorded game (a ``Match`` replayed once through the checked rules, every state
kept) and shows the position after ``ply`` entries through the game's own screen, driven by a
``ReplaySession``: a session no seat can act in. Stepping forward hands the screen the next recorded entry
exactly as a game in progress does (so it animates at the chosen pace); any other move (back, first, last,
the slider, ``replayTo``) puts the session on a prefix of the match and tells the screen to start again from
that state, as an undo does. The stored game in progress is never touched: the viewer has its own session.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dicehall.app.session import Session
from dicehall.core.errors import IllegalActionError
from dicehall.core.match import LogEntry, Match
from dicehall.core.save import SavedGame
from dicehall.ui.html import attrs, button, escape
from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "title": ("Revoir — {game}", "Replay — {game}"),
        "close": ("Fermer", "Close"),
        "close_help": ("Quitter le visionneur (Échap)", "Leave the viewer (Esc)"),
        "controls": ("Commandes du visionneur", "Replay controls"),
        "first": ("Début de la partie (Début)", "Start of the game (Home)"),
        "back": ("Coup précédent (←)", "Previous step (←)"),
        "play": ("Lecture (Espace)", "Play (Space)"),
        "pause": ("Pause (Espace)", "Pause (Space)"),
        "forward": ("Coup suivant (→)", "Next step (→)"),
        "last": ("Fin de la partie (Fin)", "End of the game (End)"),
        "slider": ("Position dans la partie", "Position in the game"),
        "position": ("{ply} / {total}", "{ply} / {total}"),
        "position_said": ("Position {ply} sur {total}", "Position {ply} of {total}"),
        "opened": (
            "Visionneur : {game}, {total} étapes. Flèches pour avancer ou reculer, Espace pour la lecture.",
            "Replay viewer: {game}, {total} steps. Arrows to step, Space to play.",
        ),
        "at_end": ("Fin de la partie enregistrée.", "End of the recorded game."),
        "replay_chip": ("Revoir", "Replay"),
    }
)

PLAY_HOLD = 0.25  # seconds between two steps while playing, on top of the screen's own animation (x pace)
STUCK = 4.0  # seconds: a screen still not ready this long after a step (waiting for a human) is stepped on


class ReplaySession(Session):
    """A session that only shows: no seat may act, nothing is thinking; the viewer applies the recorded
    entries itself (``show``, ``jump``). Scenes read it as any session; no seat plays here (their
    ``is_human`` is False for every seat: nothing waits for a person)."""

    def plays_here(self, seat: int) -> bool:
        return False

    @property
    def human_to_move(self) -> bool:
        return False

    def legal(self) -> tuple[Any, ...]:
        return ()

    def human_side_actions(self) -> tuple[tuple[int, Any], ...]:
        return ()

    @property
    def busy(self) -> bool:
        return False

    @property
    def can_undo(self) -> bool:
        return False

    @property
    def can_redo(self) -> bool:
        return False

    def submit(self, action: Any) -> LogEntry:
        raise IllegalActionError("a replay is watched, not played")

    def advance(self, budget: float) -> LogEntry | None:
        return None

    def show(self, entry: LogEntry, after: Any) -> None:
        """The next recorded entry, with the state after it (already computed), told to the screen."""
        self._apply(lambda: self._push(entry, after))

    def _push(self, entry: LogEntry, after: Any) -> LogEntry:
        self.match._push(entry, after)  # noqa: SLF001 - the state is the recorded game's, checked when loaded
        return entry

    def jump(self, match: Match) -> None:
        """Show ``match`` (a prefix of the recorded game) from scratch, as after an undo."""
        self.match = match
        for reset in self._reset_listeners:
            reset()


class ReplayViewer:
    """One recorded game on the viewer's screen. ``make_scene(session)`` builds the game's screen for it;
    ``origin`` is the screen to go back to ("game" or "hub")."""

    def __init__(self, saved: SavedGame, make_scene: Callable[[Session], Any], origin: str) -> None:
        self.full = saved.match
        self.seats = saved.seats
        self.game = saved.match.game
        self.origin = origin
        self.session = ReplaySession(self.game, self.full.prefix(0), saved.seats)
        self.scene = make_scene(self.session)
        # the move log of the whole game, shown up to the position (app.move_log reads a session's match)
        self.log_session = Session(self.game, self.full, saved.seats)
        self.playing = False
        self._wait = 0.0  # seconds since the last step, while playing

    # --- reading ---------------------------------------------------------------------------------
    @property
    def ply(self) -> int:
        return self.session.match.ply

    @property
    def total(self) -> int:
        return self.full.ply

    @property
    def state(self) -> Any:
        return self.session.state

    # --- moving ----------------------------------------------------------------------------------
    def forward(self) -> bool:
        """One recorded entry more, animated by the screen; False at the end."""
        ply = self.ply
        if ply >= self.total:
            return False
        self.scene._finish_animations()  # noqa: SLF001 - a step pressed during the last one's animation
        self.session.show(self.full.log[ply], self.full.state_at(ply + 1))
        self._wait = 0.0
        return True

    def go(self, ply: int) -> None:
        """The position after ``ply`` entries (clamped to the game), shown at once."""
        ply = max(0, min(self.total, int(ply)))
        if ply == self.ply + 1:
            self.forward()
            self.scene._finish_animations()  # noqa: SLF001 - a jump shows the position, not the way there
            return
        if ply != self.ply:
            self.session.jump(self.full.prefix(ply))
        self.scene.dirty = True

    def toggle_play(self) -> None:
        if not self.playing and self.ply >= self.total:
            self.go(0)  # "play" at the end watches the game again from its start
        self.playing = not self.playing
        self._wait = 0.0

    def update(self, dt: float, pace: float) -> bool:
        """Time passing: the screen's animations, and the next step while playing once the screen has shown
        the last one (``pace``: the pace's multiplier of animation times, 0 at "instant"). True when the
        recorded game's end was reached in this call."""
        self.scene.update(dt)
        if not self.playing:
            return False
        self._wait += dt
        ready = bool(self.scene.ready())
        if (ready and self._wait >= PLAY_HOLD * pace) or self._wait >= STUCK:
            if not self.forward():
                self.playing = False
                return True
        return False


# --- the viewer's HTML ---------------------------------------------------------------------------------
def t(lang: str, key: str, **fields: object) -> str:
    return TEXTS.t(lang, key, **fields)


def toolbar(lang: str, game_title: str, ply: int, total: int, extra: str, switch: str) -> str:
    """The viewer's toolbar: close, the title, where the position is, then ``extra`` (the move log's and the
    sound's buttons) and the language switch."""
    close = button(
        "← " + t(lang, "close"), "replay-close", cls="btn ghost", id="replay-close", title=t(lang, "close_help")
    )
    chip = f'<span class="chip status replay-chip">{escape(t(lang, "replay_chip"))}</span>'
    return (
        f'<nav class="toolbar replay-toolbar">{close}<span class="title">'
        f'{escape(t(lang, "title", game=game_title))}</span>{chip}<span class="spacer"></span>'
        f"{extra}{switch}</nav>"
    )


# The controls' icons, drawn (the media symbols ⏮ ⏸ ⏭ are missing from many fonts, phones' included).
_ICONS = {
    "first": '<path d="M5 4v12" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/><path d="M16 4 7.5 10 16 16z"/>',
    "back": '<path d="M15 4 6 10l9 6z"/>',
    "play": '<path d="M6 3.5 16.5 10 6 16.5z"/>',
    "pause": '<rect x="5" y="4" width="3.6" height="12" rx="1"/><rect x="11.4" y="4" width="3.6" height="12" rx="1"/>',
    "forward": '<path d="M5 4l9 6-9 6z"/>',
    "last": '<path d="M15 4v12" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/><path d="M4 4l8.5 6L4 16z"/>',
}


def _icon_button(lang: str, name: str, cmd: str, ident: str, disabled: bool = False) -> str:
    label = escape(t(lang, name))
    return (
        f'<button type="button"{attrs(class_="btn ghost icon", data_cmd=cmd, id=ident, disabled=disabled)} '
        f'title="{label}" aria-label="{label}"><svg viewBox="0 0 20 20" width="20" height="20" '
        f'fill="currentColor" aria-hidden="true" focusable="false">{_ICONS[name]}</svg></button>'
    )


def controls(lang: str, ply: int, total: int, playing: bool, speed_label: tuple[str, str]) -> str:
    """The bar under the board: first, back, play or pause, forward, last, the slider over the log, where
    the position is, and the pace (the same setting as the games'; ``speed_label``: its name, its value)."""
    at_start, at_end = ply <= 0, ply >= total
    play = _icon_button(lang, "pause" if playing else "play", "replay-play", "replay-play")
    slider_attrs = attrs(
        id="replay-slider",
        min=0,
        max=total,
        step=1,
        value=ply,
        data_cmd="replay-to",
        aria_label=t(lang, "slider"),
        aria_valuetext=t(lang, "position_said", ply=ply, total=total),
    )
    slider = f'<input type="range"{slider_attrs}>'
    position = escape(t(lang, "position", ply=ply, total=total))
    where = f'<output class="replay-where" id="replay-where" for="replay-slider">{position}</output>'
    name, value = speed_label
    speed = (
        f'<button type="button"{attrs(class_="btn ghost replay-speed", data_cmd="speed", data_arg="next", id="replay-speed")}>'
        f'<span class="label">{escape(name)} </span>{escape(value)}</button>'
    )
    return (
        f'<div class="replay-bar" role="group" id="replay-bar" aria-label="{escape(t(lang, "controls"))}">'
        f"{_icon_button(lang, 'first', 'replay-first', 'replay-first', at_start)}"
        f"{_icon_button(lang, 'back', 'replay-back', 'replay-back', at_start)}{play}"
        f"{_icon_button(lang, 'forward', 'replay-forward', 'replay-forward', at_end)}"
        f"{_icon_button(lang, 'last', 'replay-last', 'replay-last', at_end)}"
        f"{slider}{where}{speed}</div>"
    )
