"""Watching a game again (``ViewerFlow``): the replay viewer (app.replay) opened from the end panel, the win
record's recent games (app.recent), a ``#replay=`` link or ``replay(save)``; its screen, keys and commands, and
the recent games' own (watch, download). The game in progress waits meanwhile, untouched."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from dicehall.app import screens
from dicehall.app.sounds import sound_button
from dicehall.core import registry
from dicehall.core.errors import DicehallError

if TYPE_CHECKING:
    from dicehall.app.game_flow import GameFlow
    from dicehall.app.log_panel import LogPanel
    from dicehall.app.replay import ReplayViewer
    from dicehall.app.shell import Shell

T = TypeVar("T")

KEYS = {  # the viewer's keys: arrows step, Home and End, Space (or K) plays or pauses, Escape closes
    "arrowleft": "replay-back",
    "arrowright": "replay-forward",
    "home": "replay-first",
    "end": "replay-last",
    " ": "replay-play",
    "escape": "replay-close",
    "k": "replay-play",
}


class ViewerFlow:
    def __init__(self, shell: Shell, game: GameFlow, log: LogPanel) -> None:
        self.shell = shell
        self.game = game  # the game in progress: where closing the viewer goes back to
        self.log = log  # the move log, of the game watched while the viewer is open
        self.viewer: ReplayViewer | None = None  # while the screen is "replay"
        self._shown: tuple[Any, ...] = ()  # what the viewer's HTML shows (position, playing, pace)
        self._by_link: object | None = None  # the viewer a #replay= link opened: closing it clears the fragment

    def open(self, saved: Any, origin: str, by_link: bool = False) -> None:
        """``saved`` in the viewer, from its start; the game in progress stays as it is (and where it is)."""
        from dicehall.app.replay import ReplayViewer, t as replay_t

        shell = self.shell
        viewer = ReplayViewer(saved, shell.make_scene, origin)
        viewer.scene.set_fast(False)
        viewer.scene.end_panel = True  # the last position shows the final board clear; the result is in the toolbar
        self.viewer = viewer
        shell.show("replay")
        self.log.reset()  # (a game in progress waits: only the screen "game" plays it)
        title = registry.info(viewer.game.id).title(shell.lang)
        shell.said.append(replay_t(shell.lang, "opened", game=title, total=viewer.total))
        shell.changed()
        if by_link:
            self._by_link = viewer

    def origin(self) -> str:
        """Where a viewer opened now goes back to: the game, if it is on screen, else the hub."""
        return "game" if self.shell.screen == "game" and self.game.session is not None else "hub"

    def close(self) -> None:
        viewer, self.viewer = self.viewer, None
        shell = self.shell
        if viewer is not None and viewer is self._by_link:  # opened by a #replay= link: the address forgets it
            self._by_link, shell.clear_fragment = None, True
        shell.screen = viewer.origin if viewer is not None and viewer.origin == "game" and self.game.session else "hub"
        if shell.screen == "game" and self.game.scene is not None:
            self.game.scene.dirty = True
        self.log.reset()
        shell.changed()

    def frame(self, dt: float, out: dict[str, Any]) -> None:
        """The viewer's frame: its screen's time (and the next step while playing), its picture."""
        from dicehall.ui.canvas import DisplayList
        from dicehall.ui.scene import SPEEDS

        viewer, shell = self.viewer, self.shell
        assert viewer is not None  # (the viewer's screen is shown)
        if viewer.update(dt, SPEEDS.get(shell.speed(), 1.0)):
            from dicehall.app.replay import t as replay_t

            shell.said.append(replay_t(shell.lang, "at_end"))
        if self._state() != self._shown:
            shell.changed()
        if viewer.scene.dirty:
            dl = DisplayList()
            viewer.scene.draw(dl, shell.width, shell.height)
            out["draw"] = dl.ops

    def _state(self) -> tuple[Any, ...]:
        viewer, shell = self.viewer, self.shell
        assert viewer is not None  # (the viewer's screen is shown)
        return (viewer.ply, viewer.playing, shell.speed(), shell.lang, self.log.open, self.log.more)

    def dom(self) -> str:
        """The viewer's HTML (its dialog, if one is open, is the shell's: app/app.py adds it)."""
        from dicehall.app import replay
        from dicehall.app.end_panel import replay_result  # who won, at the last position

        viewer, shell = self.viewer, self.shell
        assert viewer is not None  # (the viewer's screen is shown)
        lang = shell.lang
        self._shown = self._state()
        log = self.log.panel(viewer.log_session, viewer.ply)
        extra = replay_result(lang, viewer.state, viewer.seats) + self.log.button() + sound_button(lang, shell.sound_on)
        title = registry.info(viewer.game.id).title(lang)
        bar = replay.toolbar(lang, title, viewer.ply, viewer.total, extra, screens.lang_switch(lang))
        problems = screens.banners(lang, shell.persist.problems, shell.update_ready, docked=True)
        speed = (shell.t("speed") + (" :" if lang == "fr" else ":"), shell.t(f"speed_{shell.speed()}"))
        controls = replay.controls(lang, viewer.ply, viewer.total, viewer.playing, speed)
        return bar + problems + controls + log

    def key_command(self, key: str, modified: bool) -> str | None:
        """The command of a key on the viewer, if it has one (a key with Ctrl, Cmd or Alt has none)."""
        return None if modified else KEYS.get(key)

    def state(self) -> dict[str, Any]:
        """``state()`` of the page API on the viewer: the position shown."""
        from dicehall.core.protocol import NodeKind

        viewer = self.viewer
        assert viewer is not None  # (the viewer's screen is shown)
        state = viewer.state
        return {
            "screen": "replay",
            "game": viewer.game.id,
            "view": state.view(),
            "to_move": state.to_move if state.kind is NodeKind.DECISION else None,
            "legal": [],
            "over": state.kind is NodeKind.TERMINAL,
            "scores": list(state.scores()),
            "replay": {"ply": viewer.ply, "plies": viewer.total},
        }

    def set_lang(self, lang: str) -> None:
        if self.viewer is not None:
            self.viewer.scene.set_lang(lang)

    def apply_settings(self) -> None:
        """The settings changed (the pace): the viewer's screen follows."""
        if self.viewer is not None:
            self.viewer.scene.set_settings(self.shell.display_settings(self.viewer.game.id))

    def go(self, ply: int) -> None:
        """The position after ``ply`` entries, the viewer stopped there."""
        assert self.viewer is not None
        self.viewer.playing = False
        self.viewer.go(ply)

    def _cmd_replay_close(self, _param: str, _arg: Any) -> None:
        if self.viewer is not None:
            self.close()

    def _cmd_replay_play(self, _param: str, _arg: Any) -> None:
        if self.viewer is not None:
            self.viewer.toggle_play()

    def _cmd_replay_forward(self, _param: str, _arg: Any) -> None:
        if self.viewer is not None:
            self.viewer.playing = False
            self.viewer.forward()

    def _cmd_replay_back(self, _param: str, _arg: Any) -> None:
        if self.viewer is not None:
            self.go(self.viewer.ply - 1)

    def _cmd_replay_first(self, _param: str, _arg: Any) -> None:
        if self.viewer is not None:
            self.go(0)

    def _cmd_replay_last(self, _param: str, _arg: Any) -> None:
        if self.viewer is not None:
            self.go(self.viewer.total)

    def _cmd_replay_to(self, _param: str, arg: Any) -> None:
        """The slider (its value as text)."""
        if self.viewer is None:
            return
        try:
            ply = int(str(arg))
        except ValueError:
            return
        self.go(ply)

    # --- the recent games (app.recent), listed in the win record ---------------------------------------
    def _recent(self, arg: Any, read: Callable[[dict[str, Any]], T]) -> tuple[dict[str, Any], T | None] | None:
        """The recent game ``arg`` (its index as text; None if the list changed under the button) and what
        ``read`` makes of it (None if it no longer reads: refused with one line, and it stays listed)."""
        from dicehall.app import recent

        try:
            entry = recent.read(self.shell.persist.storage)[int(str(arg))]
        except (ValueError, IndexError):
            return None
        try:
            return entry, read(entry)
        except DicehallError as error:
            self.shell.notice("file_refused", str(error)[:160], entry.get("date", "?")[:10])
            return entry, None

    def _cmd_recent_replay(self, _param: str, arg: Any) -> None:
        """A recent game in the viewer."""
        from dicehall.app import recent

        found = self._recent(arg, recent.saved_game)
        if found is not None and found[1] is None:
            self.shell.dialog = None  # (the notice shows)
        elif found is not None:
            self.open(found[1], "game" if self.shell.screen == "game" else "hub")

    def _cmd_recent_download(self, _param: str, arg: Any) -> None:
        from dicehall.app import recent
        from dicehall.app.end_panel import file_name

        entry, text = self._recent(arg, recent.save_text) or ({}, None)
        if text is not None:
            self.shell.download = {"name": file_name(entry["game"], entry["date"][:10]), "text": text}


COMMANDS = {
    "replay-close": ViewerFlow._cmd_replay_close,
    "replay-play": ViewerFlow._cmd_replay_play,
    "replay-forward": ViewerFlow._cmd_replay_forward,
    "replay-back": ViewerFlow._cmd_replay_back,
    "replay-first": ViewerFlow._cmd_replay_first,
    "replay-last": ViewerFlow._cmd_replay_last,
    "replay-to": ViewerFlow._cmd_replay_to,
    "recent-replay": ViewerFlow._cmd_recent_replay,
    "recent-download": ViewerFlow._cmd_recent_download,
}
