"""The game in progress (``GameFlow``): its session and screen, paused or not; how a game is shown in place of
another, what each of its moves sets off (the autosave, the end of the game counted once), the loss of the
storage to another tab, and the toolbar's and menu's commands on it (undo, pause, abandon, the previous game)
and on its screen (a view, a choice's button)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dicehall.app import screens
from dicehall.app.persistence import CURRENT, PREVIOUS, STATS
from dicehall.app.session import Session
from dicehall.core import registry
from dicehall.core.match import CHANCE, LogEntry
from dicehall.core.protocol import NodeKind
from dicehall.ui.i18n import de_name

if TYPE_CHECKING:
    from dicehall.app.linked import LinkedGames
    from dicehall.app.log_panel import LogPanel
    from dicehall.app.parts import GameScreen
    from dicehall.app.shell import Shell
    from dicehall.core.protocol import State
    from dicehall.core.save import SavedGame
    from dicehall.ui.canvas import DisplayList
    from dicehall.ui.scene import Choice


class GameFlow:
    def __init__(self, shell: Shell, linked: LinkedGames, log: LogPanel) -> None:
        self.shell = shell
        self.linked = linked  # a game by link: its remote seats, remembered after each move
        self.log = log  # the move log: back to its latest entries for another game
        self.session: Session | None = None
        self.scene: GameScreen | None = None
        self.paused = False  # frozen: no computer move, no animation, no input
        # What the parts above this one undo when another game is shown (a skip under way stops, the end panel
        # comes back), and when the game ends (the end panel comes back): app/app.py wires them.
        self.on_attach: list[Callable[[], None]] = []
        self.on_over: list[Callable[[], None]] = []
        self._choices_shown: tuple[Any, ...] = ()  # what the buttons of the choices show (app.choices)

    def resume_stored(self) -> tuple[Session, GameScreen] | None:
        """The stored game in progress and its screen; a game that passes the save checks but still cannot
        be shown (a defect of ours) is set aside like an unreadable save, so no visit fails on it."""
        return self._session_and_scene(self.shell.persist.load_current(), CURRENT)

    def _session_and_scene(self, saved: SavedGame | None, key: str) -> tuple[Session, GameScreen] | None:
        if saved is None:
            return None
        session = self.linked.with_remote(Session.from_saved(saved))
        try:
            return session, self.shell.make_scene(session)
        except Exception as error:  # noqa: BLE001 - whatever it is, the page must go on without that game
            self.shell.persist.set_aside(key, f"{type(error).__name__}: {error}")
            return None

    def attach(self, session: Session, scene: GameScreen, show: bool = True) -> None:
        shell = self.shell
        self.session = session
        self.scene = scene
        for reset in self.on_attach:
            reset()
        shell.persist.problems[:] = [p for p in shell.persist.problems if p.what != "game_failed"]  # (the old game's)
        session.subscribe(self._on_entry, self._on_reset)
        self.log.reset()
        if show:
            shell.show("game")
        shell.changed()

    def start(self, session: Session) -> None:
        """Show ``session`` in place of the game in progress: its screen is built first, then the stored
        game moves to the previous slot and the new one is written."""
        scene = self.shell.make_scene(session)
        self.paused = False
        # A game by link being replaced is kept in the list of games by link: the previous slot keeps its own.
        self.shell.persist.replace_current(session.saved(), kept_elsewhere=self.linked.is_kept(self.session))
        if session.remote:
            session.match.salt = self.linked.device_secret()
            self.linked.remember(session)
        self.attach(session, scene)
        if session.match.challenge:
            self._challenge_notice(session)
        self._post_turn(session.game.id, session.to_move, session.state)

    def _challenge_notice(self, session: Session) -> None:
        """A challenge whose day already counts is started again: say at once that it will not count."""
        from dicehall.app import challenge

        persist = self.shell.persist
        persist.problems[:] = [p for p in persist.problems if p.what != "challenge_counted_done"]
        if challenge.counted(self.shell.stats, session) is not None:
            self.shell.notice("challenge_counted_done", session.match.challenge or "")

    def _post_turn(self, game_id: str, to_move: int | None, state: State[Any]) -> None:
        self.shell.post({"type": "dicehall:turn", "game": game_id, "to_move": to_move, "scores": list(state.scores())})

    def in_progress(self) -> bool:
        return self.session is not None and not self.session.over and self.session.match.ply > 0

    # --- what a move sets off ---------------------------------------------------------------------
    def _on_entry(self, entry: LogEntry, before: State[Any], after: State[Any]) -> None:
        self.autosave()
        assert self.session is not None
        if entry.by != CHANCE or after.kind is NodeKind.TERMINAL:
            self.shell.changed()  # the toolbar's undo state and status change
        if after.kind is NodeKind.DECISION and (entry.by != CHANCE or before.kind is not NodeKind.DECISION):
            self._post_turn(self.session.game.id, after.to_move, after)
        if after.kind is NodeKind.TERMINAL and before.kind is not NodeKind.TERMINAL:
            self.game_over(after)

    def _on_reset(self) -> None:
        self.autosave()
        self.shell.changed()

    def autosave(self) -> None:
        shell = self.shell
        if self.session is not None and not getattr(self.session, "lesson", False):  # (a lesson keeps itself)
            told = len(shell.persist.problems)
            shell.persist.store_current(self.session.saved())
            if self.session.remote:
                self.linked.remember(self.session)
            if shell.persist.conflict and shell.dialog != "other-tab-lost":
                self.lose_ownership()  # another tab wrote the game: this one stops, its game kept aside
            if len(shell.persist.problems) != told:  # a new banner to show (storage just filled up)
                shell.changed()

    def storage_changed(self, key: str) -> None:
        """Another tab (or a script of the site) wrote ``key``. If that is the stored game and it is no longer
        the one this tab wrote, this tab stops at once, before another move is shown or taken: its game is
        kept as the previous game and the notice says so (Persistence.store_current's conflict)."""
        shell = self.shell
        if key == CURRENT and not shell.guest and shell.persist.changed_behind():
            if self.session is not None:
                self.autosave()
            else:
                shell.persist.forget_current()

    def lose_ownership(self) -> None:
        """Another tab took the storage: write nothing more, stop the game here, offer to play here."""
        shell = self.shell
        shell.guest = True
        shell.persist.read_only = True
        self.paused = self.session is not None and not self.session.over
        shell.dialog, shell.menu_open = "other-tab-lost", False
        shell.changed()

    def game_over(self, state: State[Any]) -> None:
        assert self.session is not None
        if getattr(self.session, "lesson", False):  # a lesson counts in no statistics (it never ends one anyway)
            return
        outcome = state.outcome()
        assert outcome is not None  # (a terminal state's)
        shell, session = self.shell, self.session
        game_id = session.game.id
        for reset in self.on_over:  # the end panel shows once the last step is on the board
            reset()
        entry = shell.stats.setdefault(game_id, {"played": 0, "won": 0, "lost": 0, "tied": 0})
        # A game is counted once: finished again after an undo, it is the same game (its seed), not another.
        if entry.get("last") != session.match.seed:
            entry["last"] = session.match.seed
            entry["played"] = int(entry.get("played", 0)) + 1
            humans = session.human_seats
            if len(humans) == 1 and session.has_ai:
                key = ("tied" if outcome.tie else "won") if humans[0] in outcome.winners else "lost"
                entry[key] = int(entry.get(key, 0)) + 1
            shell.persist.store_object(STATS, shell.stats)
        if session.match.challenge:  # the day's result, counted once (app.challenge)
            from dicehall.app import challenge

            if challenge.record(shell.stats, session):
                shell.persist.store_object(STATS, shell.stats)
        self._remember_finished(state)
        shell.post(
            {
                "type": "dicehall:gameover",
                "game": game_id,
                "scores": list(outcome.scores),
                "winners": list(outcome.winners),
            }
        )

    def _remember_finished(self, state: State[Any]) -> None:
        """A game just finished joins the recent games (once: finished again after an undo, it is the same)."""
        import datetime

        from dicehall.app import recent

        persist = self.shell.persist
        if self.session is not None and not persist.read_only:
            recent.remember(persist.storage, self.session.saved(), state, datetime.date.today().isoformat())

    # --- the choices' buttons (app.choices) -------------------------------------------------------
    def current_choices(self) -> tuple[str, list[Choice]]:
        """(prompt, choices) of the game's screen; nothing while paused or under a dialog."""
        if self.scene is None or self.session is None:
            return "", []
        if self.paused:
            return self.shell.t("paused"), []
        if self.shell.dialog:
            return "", []
        return self.scene.prompt(), self.scene.choices()

    def choices_changed(self) -> bool:
        """The choices differ from what their buttons show."""
        from dicehall.app.choices import snapshot

        return snapshot(*self.current_choices()) != self._choices_shown

    def choice_bar(self, hinted: Callable[[list[Choice]], Any]) -> str:
        """The buttons of the choices; ``hinted``: which of them the hint marks (app.hints)."""
        from dicehall.app.choices import choice_bar, snapshot

        prompt, options = self.current_choices()
        self._choices_shown = snapshot(prompt, options)
        return choice_bar(self.shell.lang, prompt, options, hinted(options))

    def draw_paused(self, dl: DisplayList) -> None:
        """The board greyed, so that a paused game never looks like it waits for a move; the pause card, with its
        Resume button, is HTML at the foot of the board (screens.pause_card)."""
        dl.rect(
            0, 0, self.shell.width, self.shell.height, "rgba(20, 30, 28, 0.4)"
        )  # dimmed, still readable: views open

    def toolbar(self, pace: str, pace_items: tuple[tuple[str, str, Any], ...], extra: str) -> str:
        """The game's toolbar and its menu; ``pace``, ``pace_items``: the pace's and the hint's controls and menu
        entries; ``extra``: after the status (the result's button)."""
        from dicehall.app.challenge import title

        shell, session = self.shell, self.session
        assert session is not None
        status = shell.t("game_over") if session.over else (shell.t("paused") if self.paused else "")
        play = "" if session.over else ("paused" if self.paused else "running")
        return screens.toolbar(
            shell.lang,
            title(shell.lang, session, registry.info(session.game.id).title(shell.lang)),
            session.can_undo,
            session.can_redo,
            shell.menu_open,
            shell.embed,
            status,
            play,
            tuple(self._menu_items()),
            shell.menu_open and shell.persist.has_previous,
            extra,
            pace=pace,
            pace_items=pace_items,
            sound=shell.sound_on,
            min_playable=tuple(getattr(self.scene, "min_playable", ())),
        )

    def _menu_items(self) -> list[tuple[Any, ...]]:
        """The game menu's entries for the game in progress: the game's own (the spec's; one per seat in play for
        an entry that names a seat), then the result once it is over, share, download and open a file."""
        shell, session = self.shell, self.session
        assert session is not None
        lang = shell.lang
        items: list[tuple[Any, ...]] = []
        for label, cmd, arg, *section in registry.info(session.game.id).menu_items:
            text = label[0] if lang == "fr" else label[1]
            if "{name}" in text:  # one entry per seat in play
                if not isinstance(arg, int) or arg >= len(session.seats):
                    continue
                name = session.seats[arg].name
                text = text.replace("de {name}", de_name(name)).replace("{name}", name)
            items.append((text, cmd, arg, *section))
        if session.over:
            items.append((shell.t("end_result"), "end-show", None, "game"))
        from dicehall.app.share import t as share_t

        items.append((share_t(lang, "share_item"), "share", "replay", "game"))
        items.append((shell.t("download_game"), "download", None, "game"))
        items.append((shell.t("open_file"), "host:open-file", None, "game"))
        return items

    # --- commands ---------------------------------------------------------------------------------
    def resume(self) -> None:
        """The game in progress in front (from the hub)."""
        if self.session is not None:
            self.shell.show("game")
            if self.scene is not None:
                self.scene.dirty = True

    def _cmd_resume(self, _param: str, _arg: Any) -> None:
        self.resume()

    def _cmd_undo(self, _param: str, _arg: Any) -> None:
        self.shell.menu_open = False
        if self.session is not None:
            self.session.undo()

    def _cmd_redo(self, _param: str, _arg: Any) -> None:
        self.shell.menu_open = False
        if self.session is not None:
            self.session.redo()

    def _cmd_pause(self, _param: str, _arg: Any) -> None:
        shell = self.shell
        shell.menu_open = False
        if shell.screen == "game" and self.session is not None and not self.session.over:
            self.paused = True
            shell.said.append(shell.t("paused"))
            if self.scene is not None:
                self.scene.dirty = True  # the paused card

    def _cmd_resume_play(self, _param: str, _arg: Any) -> None:
        self.shell.menu_open = False
        if self.paused:
            self.paused = False
            self.shell.last_frame = None  # the pause does not count as animation time
            if self.scene is not None:
                self.scene.dirty = True

    def _cmd_abandon(self, _param: str, _arg: Any) -> None:
        self.shell.menu_open = False
        if self.session is not None and not self.session.over:
            self.shell.dialog = "confirm-abandon"

    def _cmd_abandon_confirmed(self, _param: str, _arg: Any) -> None:
        """The player asked for it twice: the game in progress goes to the previous slot, and the hub shows."""
        self.shell.persist.replace_current(None)
        self.session, self.scene, self.paused = None, None, False
        self.shell.show("hub")

    def _cmd_previous(self, _param: str, _arg: Any) -> None:
        """Bring back the game that the last new game, load, demonstration or abandon replaced; the game
        shown now takes its place in the previous slot (so doing it twice changes nothing)."""
        shell = self.shell
        shell.menu_open = False
        current = self.session.saved() if self.session is not None else None
        found = self._session_and_scene(shell.persist.load_previous(), PREVIOUS)
        if found is None:
            shell.said.append(shell.t("previous_none"))
            return
        if shell.persist.swap_previous(current) is None:
            return
        self.paused = False
        self.attach(*found)

    def _cmd_scene(self, param: str, arg: Any) -> None:
        """A command for the game's screen itself (a statistics view, a viewer) from the menu or a shortcut;
        they only show things, so they work while the game is paused too."""
        self.shell.menu_open = False
        if self.scene is None or not hasattr(self.scene, "command"):
            return
        if isinstance(arg, str) and arg.isdigit():  # arguments from the page's menu arrive as text
            arg = int(arg)
        elif arg in ("true", "false"):
            arg = arg == "true"
        self.scene.command(param, arg)
        self.scene.dirty = True

    def _cmd_choose(self, _param: str, arg: Any) -> None:
        """A button of the choices (``app.choices``): as a press on the canvas."""
        if self.scene is None or self.paused or self.shell.dialog or self.shell.guest:
            return
        try:
            index = int(arg)
        except (TypeError, ValueError):
            return
        self.scene.choose(index)


COMMANDS = {
    "resume": GameFlow._cmd_resume,
    "previous": GameFlow._cmd_previous,
    "undo": GameFlow._cmd_undo,
    "redo": GameFlow._cmd_redo,
    "pause": GameFlow._cmd_pause,
    "resume-play": GameFlow._cmd_resume_play,
    "abandon": GameFlow._cmd_abandon,
    "abandon-confirmed": GameFlow._cmd_abandon_confirmed,
    "scene": GameFlow._cmd_scene,
    "choose": GameFlow._cmd_choose,
}
