"""The App's screens for watching a game again: the replay viewer (app.replay) opened from the end panel, the
win record's recent games (app.recent) or ``replay(save)``, and the recent games kept for it. A part of
``App`` (app/app.py), which it is mixed into: it reads and sets the App's screen, dialog and session."""

from __future__ import annotations

from typing import Any

from dicehall.app import screens
from dicehall.app.parts import AppParts
from dicehall.app.sounds import sound_button
from dicehall.core import registry
from dicehall.core import save as save_format
from dicehall.core.errors import DicehallError


class ViewerScreens(AppParts):
    """The replay viewer's part of ``App``."""

    def _open_viewer(self, saved: Any, origin: str) -> None:
        """``saved`` in the viewer, from its start; the game in progress stays as it is (and where it is)."""
        from dicehall.app.replay import ReplayViewer, t as replay_t

        viewer = ReplayViewer(saved, self._make_scene, origin)
        viewer.scene.set_fast(False)
        viewer.scene.end_panel = True  # the last position shows the final board clear; the result is in the toolbar
        self.viewer, self.screen, self.dialog, self.menu_open = viewer, "replay", None, False
        self.log_open, self.log_more = False, 0  # (a game in progress waits: only the screen "game" plays it)
        title = registry.info(viewer.game.id).title(self.lang)
        self._say.append(replay_t(self.lang, "opened", game=title, total=viewer.total))
        self._touch()

    def _close_viewer(self) -> None:
        viewer, self.viewer = self.viewer, None
        if viewer is not None and viewer is self._link_viewer:  # opened by a #replay= link: the address forgets it
            self._link_viewer, self._clear_fragment = None, True
        self.screen = viewer.origin if viewer is not None and viewer.origin == "game" and self.session else "hub"
        if self.screen == "game" and self.scene is not None:
            self.scene.dirty = True
        self.log_open, self.log_more = False, 0
        self._touch()

    def _replay_frame(self, dt: float, out: dict[str, Any]) -> None:
        """The viewer's frame: its screen's time (and the next step while playing), its picture."""
        from dicehall.ui.canvas import DisplayList
        from dicehall.ui.scene import SPEEDS

        viewer = self.viewer
        assert viewer is not None  # (the viewer's screen is shown)
        if viewer.update(dt, SPEEDS.get(self._speed(), 1.0)):
            from dicehall.app.replay import t as replay_t

            self._say.append(replay_t(self.lang, "at_end"))
        if self._viewer_state() != self._viewer_shown:
            self._dom_dirty = True
        if viewer.scene.dirty:
            dl = DisplayList()
            viewer.scene.draw(dl, self.width, self.height)
            out["draw"] = dl.ops

    def _viewer_state(self) -> tuple:
        viewer = self.viewer
        assert viewer is not None  # (the viewer's screen is shown)
        return (viewer.ply, viewer.playing, self._speed(), self.lang, self.log_open, self.log_more)

    def _replay_dom(self) -> str:
        from dicehall.app import replay
        from dicehall.app.move_log import MoveLog, toggle_button

        viewer = self.viewer
        assert viewer is not None  # (the viewer's screen is shown)
        self._viewer_shown = self._viewer_state()
        if self._move_log is None or self._move_log.session is not viewer.log_session:
            self._move_log = MoveLog(viewer.log_session)
        log = self._move_log.panel(self.lang, self.log_more, self.log_open, viewer.ply)
        from dicehall.app.end_panel import replay_result  # who won, at the last position

        extra = replay_result(self.lang, viewer.state, viewer.seats)
        extra += toggle_button(self.lang, self.log_open) + sound_button(self.lang, self.sound_on)
        bar = replay.toolbar(
            self.lang,
            registry.info(viewer.game.id).title(self.lang),
            viewer.ply,
            viewer.total,
            extra,
            screens.lang_switch(self.lang),
        )
        problems = screens.banners(self.lang, self.persist.problems, self.update_ready, docked=True)
        controls = replay.controls(
            self.lang,
            viewer.ply,
            viewer.total,
            viewer.playing,
            (self.t("speed") + (" :" if self.lang == "fr" else ":"), self.t(f"speed_{self._speed()}")),
        )
        return bar + problems + controls + log + self._dialog_dom()

    def _replay_key(self, key: str, modified: bool) -> bool:
        """The viewer's keys: arrows step, Home and End, Space plays or pauses, Escape closes."""
        if modified:
            return False
        command = {
            "arrowleft": "replay-back",
            "arrowright": "replay-forward",
            "home": "replay-first",
            "end": "replay-last",
            " ": "replay-play",
            "escape": "replay-close",
            "k": "replay-play",
        }.get(key)
        if command is None:
            return False
        self.command(command, None)
        return True

    def _replay_state(self) -> dict[str, Any]:
        viewer = self.viewer
        assert viewer is not None  # (the viewer's screen is shown)
        state = viewer.state
        from dicehall.core.protocol import NodeKind as Kind

        return {
            "screen": "replay",
            "game": viewer.game.id,
            "view": state.view(),
            "to_move": state.to_move if state.kind is Kind.DECISION else None,
            "legal": [],
            "over": state.kind is Kind.TERMINAL,
            "scores": list(state.scores()),
            "replay": {"ply": viewer.ply, "plies": viewer.total},
        }

    def _cmd_replay_close(self, _param: str, _arg: Any) -> None:
        if self.viewer is not None:
            self._close_viewer()

    def _cmd_replay_play(self, _param: str, _arg: Any) -> None:
        if self.viewer is not None:
            self.viewer.toggle_play()

    def _cmd_replay_forward(self, _param: str, _arg: Any) -> None:
        if self.viewer is not None:
            self.viewer.playing = False
            self.viewer.forward()

    def _cmd_replay_back(self, _param: str, _arg: Any) -> None:
        if self.viewer is not None:
            self.viewer.playing = False
            self.viewer.go(self.viewer.ply - 1)

    def _cmd_replay_first(self, _param: str, _arg: Any) -> None:
        if self.viewer is not None:
            self.viewer.playing = False
            self.viewer.go(0)

    def _cmd_replay_last(self, _param: str, _arg: Any) -> None:
        if self.viewer is not None:
            self.viewer.playing = False
            self.viewer.go(self.viewer.total)

    def _cmd_replay_to(self, _param: str, arg: Any) -> None:
        """The slider (its value as text), or ``replayTo``."""
        if self.viewer is None:
            return
        try:
            ply = int(str(arg))
        except ValueError:
            return
        self.viewer.playing = False
        self.viewer.go(ply)

    def _remember_finished(self, state: Any) -> None:
        """A game just finished joins the recent games (once: finished again after an undo, it is the same)."""
        import datetime

        from dicehall.app import recent

        if self.session is not None and not self.persist.read_only:
            recent.remember(self.persist.storage, self.session.saved(), state, datetime.date.today().isoformat())

    def _recent_entry(self, arg: Any) -> dict[str, Any] | None:
        from dicehall.app import recent

        entries = recent.read(self.persist.storage)
        try:
            return entries[int(str(arg))]
        except (ValueError, IndexError):
            return None

    def _cmd_recent_replay(self, _param: str, arg: Any) -> None:
        """A recent game in the viewer; one that no longer loads is refused with one line (and stays listed)."""
        from dicehall.app import recent

        entry = self._recent_entry(arg)
        if entry is None:
            return
        try:
            saved = recent.saved_game(entry)
        except DicehallError as error:
            self._file_refused("file_refused", entry.get("date", "?")[:10], str(error)[:160])
            self.dialog = None
            return
        origin = "game" if self.screen == "game" else "hub"
        self._open_viewer(saved, origin)

    def _cmd_recent_download(self, _param: str, arg: Any) -> None:
        from dicehall.app import recent
        from dicehall.app.end_panel import file_name

        entry = self._recent_entry(arg)
        if entry is None:
            return
        try:
            text = recent.save_text(entry)
        except DicehallError as error:
            self._file_refused("file_refused", entry.get("date", "?")[:10], str(error)[:160])
            return
        self._download = {"name": file_name(entry["game"], entry["date"][:10]), "text": text}

    def api_replay(self, data: Any) -> dict[str, Any]:
        """``replay(save)``: the viewer on that save, checked like any save; the game in progress untouched."""
        if refused := self._api_refusal():
            return refused
        try:
            saved = save_format.from_json(data)
        except DicehallError as error:
            return {"error": str(error)}
        self._open_viewer(saved, "game" if self.screen == "game" and self.session is not None else "hub")
        assert self.viewer is not None
        return {"ok": True, "plies": self.viewer.total}

    def api_replay_to(self, ply: Any) -> dict[str, Any]:
        """``replayTo(ply)``: the position after ``ply`` log entries in the viewer."""
        if self.screen != "replay" or self.viewer is None:
            return {"error": "the replay viewer is not open: call replay(save) first"}
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= self.viewer.total:
            return {"error": f"ply must be a whole number from 0 to {self.viewer.total}"}
        self._cmd_replay_to("", ply)
        self._touch()
        return {"ok": True, "ply": self.viewer.ply}
