"""The application: which screen is shown, what the player clicked, and the page API.

The browser host calls ``frame``, ``input`` and ``resize`` (through dicehall.web.bridge), and the
``api_*`` methods for ``window.dicehall``. Everything here is plain Python, driven by tests under CPython.
"""

from __future__ import annotations

import json
import sys
import time
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dicehall import __version__
from dicehall.app import screens
from dicehall.app.challenge import view as challenge_view
from dicehall.app.documents import repair_settings, repair_stats
from dicehall.app.hints import Hints
from dicehall.app.sounds import TEXTS as SOUND_TEXTS, SoundCues, sound_button
from dicehall.app.persistence import CURRENT, PREVIOUS, SETTINGS, STATS, Persistence
from dicehall.app.session import Session
from dicehall.app.link_flow import LinkScreens
from dicehall.app.viewer_flow import ViewerScreens
from dicehall.app.setup_form import SetupForm, option_fields, session_from_form, session_from_request, spec
from dicehall.app.storage import Storage
from dicehall.app.texts import TEXTS
from dicehall.core import registry
from dicehall.core import save as save_format
from dicehall.core.errors import DicehallError, UnknownGameError
from dicehall.core.match import CHANCE, LogEntry
from dicehall.core.protocol import NodeKind
from dicehall.core.spec import ChoiceField, ToggleField
from dicehall.ui.i18n import LANGS, de_name, pick_lang

if TYPE_CHECKING:
    from dicehall.app.move_log import MoveLog
    from dicehall.app.parts import GameScreen
    from dicehall.app.replay import ReplayViewer
    from dicehall.core.match import Match
    from dicehall.core.protocol import State
    from dicehall.core.save import SavedGame
    from dicehall.ui.canvas import DisplayList
    from dicehall.ui.scene import SceneContext

# Start-up: the hub imports only what it shows. The game screen's modules (dicehall.ui.canvas,
# dicehall.ui.scene, the game's own setup/scene) and the rules pages are imported when first used.

SLICE = 0.006  # seconds of computer thinking per frame: the page never blocks for long
INSTANT_BUDGET = 0.015  # at the "instant" pace: seconds of steps per frame, taken while the screen is ready
SKIP_BUDGET = 0.04  # skipping to a human's turn: seconds of steps per frame (input still answered between)
FINISH_BUDGET = 0.1  # finishing a game no human plays: seconds of steps per frame (one picture every 0.1 s)
SKIP_HEARD = 3  # the screen's last announcements read out after a skip (the rest would flood the live region)


class App(ViewerScreens, LinkScreens):
    def __init__(self, storage: Storage, config: dict[str, Any]) -> None:
        self.persist = Persistence(storage)
        # Ownership of the storage between tabs (host.js, Web Locks): "owner", or "guest" when another tab
        # of the site holds it; a guest shows only the offer to play here, and writes nothing.
        self.guest = config.get("owner") is False
        self.persist.read_only = self.guest
        self.settings = self.persist.load_object(SETTINGS, repair_settings)
        self.stats = self.persist.load_object(STATS, repair_stats)
        params = {k: str(v) for k, v in (config.get("params") or {}).items()}
        self.embedded = bool(config.get("embedded"))
        self.embed = params.get("embed") == "1"
        self.version = str(config.get("version") or __version__)  # the build's (the page's), else the package's
        # The last input was a finger: the screens leave out the keyboard's hints. At first, the page's guess
        # (a touch screen and no mouse); then a key or a mouse press says False, a touch True.
        self.touch = bool(config.get("touch"))
        stored_lang = self.settings.get("lang")
        self.lang: str = (
            params["lang"]
            if params.get("lang") in LANGS
            else (
                stored_lang if isinstance(stored_lang, str) and stored_lang in LANGS else pick_lang(config.get("lang"))
            )
        )
        self.width = float(config.get("width") or 800)
        self.height = float(config.get("height") or 600)
        self.screen = "hub"
        self.dialog: str | None = "other-tab" if self.guest else None
        self.menu_open = False
        self.form: SetupForm | None = None
        self.form_error: str | None = None
        self.session: Session | None = None
        self.scene: GameScreen | None = None
        self.update_ready = False
        self.fast = False
        self.rules_game: str | None = None  # the game whose rules the hub opened (else the one on screen)
        self._choices_shown: tuple = ()  # what the buttons of the choices show (app.choices)
        self.paused = False  # the game in progress is frozen: no computer move, no animation, no input
        self.skipping: str | None = None  # "turn": to the next human decision, "game": to the end (no animation)
        self._pace_shown: tuple = ()  # what the toolbar's pace controls show (speed, skip or finish)
        self._skip_heard: list[str] = []  # the screen's last announcements during a skip
        self.end_aside = False  # the end panel was put aside (to look at the final board); "Result" brings it back
        self._end_shown = False  # the end panel is in the page now (app.end_panel)
        self._challenge_copied: Match | None = None  # the match whose challenge line was copied (its button says so)
        self._download: dict[str, str] | None = None  # a save file for the page to hand over (frame "download")
        self.log_open = False  # the move log's drawer is open (a narrow page; a wide one always shows the log)
        self.log_more = 0  # how many times "show earlier" was pressed in the move log
        self._move_log: MoveLog | None = None  # the move log of the session on screen (app.move_log.MoveLog)
        self.viewer: ReplayViewer | None = None  # the replay viewer (app.replay.ReplayViewer) while screen is "replay"
        self._viewer_shown: tuple = ()  # what the viewer's HTML shows (position, playing, pace)
        self._sounds = SoundCues()  # the sound cues of the game on screen (app.sounds)
        self.hints = Hints(self)  # "Suggest a move": the expert's move for the human to move (app.hints)
        self._log_seen: tuple[State[Any], int | None] | None = None  # the state the move log was last shown for
        self._last_t: float | None = None
        self._dom_dirty = True
        self._say: list[str] = []
        self._posts: list[dict[str, Any]] = []
        self.page_url = str(config.get("url") or "")  # this page's address, for links (app.links)
        self._share: dict[str, Any] | None = None  # the link the share dialog shows
        self._fresh: tuple[Session, int] | None = None  # (session, ply): entries received by link, highlighted
        self._fork: dict[str, Any] | None = None  # two histories of a game by link: the player chooses (link_flow)
        self._pending_link: Session | None = None  # a game by link waiting for "replace the game in progress?"
        # The page's fragment (#replay=… or #play=…) once its link is done with: cleared, so that the same link
        # opened again opens again, and a reload does not open an old link (app.link_flow).
        self._link_viewer: object | None = None  # the viewer a #replay= link opened: closing it clears the fragment
        self._clear_fragment = False

        resumed = self._resume_stored()
        requested = params.get("game")
        if requested and self._playable(requested):
            if resumed and resumed[0].game.id == requested:
                self._attach(*resumed, show=False)
            self.open_setup(requested)
        elif resumed is not None:
            self._attach(*resumed)
        elif self.embed:
            self.open_setup("indecix")
        if self.guest:
            self.dialog = "other-tab"
        elif config.get("link"):
            self.open_link(str(config["link"]))

    def _resume_stored(self) -> tuple[Session, GameScreen] | None:
        """The stored game in progress and its screen; a game that passes the save checks but still cannot
        be shown (a defect of ours) is set aside like an unreadable save, so no visit fails on it."""
        return self._session_and_scene(self.persist.load_current(), CURRENT)

    def _session_and_scene(self, saved: SavedGame | None, key: str) -> tuple[Session, GameScreen] | None:
        if saved is None:
            return None
        session = self._with_remote(Session.from_saved(saved))
        try:
            return session, self._make_scene(session)
        except Exception as error:  # noqa: BLE001 - whatever it is, the page must go on without that game
            self.persist.set_aside(key, f"{type(error).__name__}: {error}")
            return None

    # --- helpers ----------------------------------------------------------------------------------
    def t(self, key: str, **fields: object) -> str:
        return TEXTS.t(self.lang, key, **fields)

    @staticmethod
    def _playable(game_id: str) -> bool:
        try:
            return registry.info(game_id).available
        except UnknownGameError:
            return False

    def _touch(self) -> None:
        self._dom_dirty = True

    def storage_changed(self, key: str) -> None:
        """Another tab (or a script of the site) wrote ``key``. If that is the stored game and it is no longer
        the one this tab wrote, this tab stops at once, before another move is shown or taken: its game is
        kept as the previous game and the notice says so (Persistence.store_current's conflict)."""
        if key == CURRENT and not self.guest and self.persist.changed_behind():
            if self.session is not None:
                self._autosave()
            else:
                self.persist.forget_current()

    def storage_refused(self, key: str, reason: str, dropped: list[str]) -> None:
        """The browser refused a write after the fact (see Persistence.write_refused): say so."""
        self.persist.write_refused(key, reason, dropped)
        self._touch()

    def _display_settings(self, game_id: str) -> dict[str, Any]:
        display = self.settings.setdefault("display", {}).setdefault(game_id, {})
        fields = spec(game_id).display_fields
        values: dict[str, Any] = {}
        for f in fields:  # a toggle (ToggleField), or a choice (ChoiceField: a value it offers, else its default)
            if isinstance(f, ChoiceField):
                chosen = display.get(f.key)
                values[f.key] = chosen if any(chosen == c[0] for c in f.choices) else f.default
            else:
                values[f.key] = bool(display.get(f.key, f.default))
        for f in fields:  # a toggle that needs another one is off while that one is
            if isinstance(f, ToggleField) and f.requires and not values.get(f.requires, True):
                values[f.key] = False
        values["speed"] = self.settings.get("speed", "normal")
        return values

    def _save_settings(self) -> None:
        self.persist.store_object(SETTINGS, self.settings)

    def _scene_context(self, session: Session) -> SceneContext:
        from dicehall.ui.forms import seat_colours  # lazy: the hub does not need them
        from dicehall.ui.scene import SceneContext

        game_id = session.game.id
        declared = spec(game_id)
        seats = session.seats
        chosen = [s.extra.get("colour") for s in seats]
        colours = seat_colours(declared.colours, declared.default_colours, chosen, len(seats))

        return SceneContext(lang=self.lang, settings=self._display_settings(game_id), colours=colours, touch=self.touch)

    # --- sessions ---------------------------------------------------------------------------------
    def _make_scene(self, session: Session) -> GameScreen:
        """The game's screen for ``session``, sized for the page (built before the session is shown, so a
        session that cannot be shown never replaces the one in place)."""
        scene = spec(session.game.id).make_scene(session, self._scene_context(session))
        scene.resize(self.width, self.height)
        return scene

    def _attach(self, session: Session, scene: GameScreen, show: bool = True) -> None:
        self.session = session
        self.scene = scene
        if self.skipping:  # a skip under way belonged to the game replaced
            self.skipping, self.fast, self._skip_heard = None, False, []
        self.end_aside = False
        self.persist.problems[:] = [p for p in self.persist.problems if p.what != "game_failed"]  # (the old game's)
        session.subscribe(self._on_entry, self._on_reset)
        self.log_open, self.log_more = False, 0
        if show:
            self.screen, self.dialog, self.menu_open = "game", None, False
        self._touch()

    def _on_entry(self, entry: LogEntry, before: State[Any], after: State[Any]) -> None:
        self._autosave()
        assert self.session is not None
        if entry.by != CHANCE or after.kind is NodeKind.TERMINAL:
            self._touch()  # the toolbar's undo state and status change
        if after.kind is NodeKind.DECISION and (entry.by != CHANCE or before.kind is not NodeKind.DECISION):
            self._post(
                {
                    "type": "dicehall:turn",
                    "game": self.session.game.id,
                    "to_move": after.to_move,
                    "scores": list(after.scores()),
                }
            )
        if after.kind is NodeKind.TERMINAL and before.kind is not NodeKind.TERMINAL:
            self._game_over(after)

    def _on_reset(self) -> None:
        self._autosave()
        self._touch()

    def _autosave(self) -> None:
        if self.session is not None:
            told = len(self.persist.problems)
            self.persist.store_current(self.session.saved())
            if self.session.remote:
                self._remember_linked(self.session)
            if self.persist.conflict and self.dialog != "other-tab-lost":
                self._lose_ownership()  # another tab wrote the game: this one stops, its game kept aside
            if len(self.persist.problems) != told:  # a new banner to show (storage just filled up)
                self._touch()

    def _lose_ownership(self) -> None:
        """Another tab took the storage: write nothing more, stop the game here, offer to play here."""
        self.guest = True
        self.persist.read_only = True
        self.paused = self.session is not None and not self.session.over
        self.dialog, self.menu_open = "other-tab-lost", False
        self._touch()

    def _game_over(self, state: State[Any]) -> None:
        assert self.session is not None
        outcome = state.outcome()
        assert outcome is not None  # (a terminal state's)
        game_id = self.session.game.id
        self.end_aside = False  # the end panel shows once the last step is on the board
        entry = self.stats.setdefault(game_id, {"played": 0, "won": 0, "lost": 0, "tied": 0})
        # A game is counted once: finished again after an undo, it is the same game (its seed), not another.
        if entry.get("last") != self.session.match.seed:
            entry["last"] = self.session.match.seed
            entry["played"] = int(entry.get("played", 0)) + 1
            humans = self.session.human_seats
            if len(humans) == 1 and self.session.has_ai:
                key = ("tied" if outcome.tie else "won") if humans[0] in outcome.winners else "lost"
                entry[key] = int(entry.get(key, 0)) + 1
            self.persist.store_object(STATS, self.stats)
        if self.session.match.challenge:  # the day's result, counted once (app.challenge)
            from dicehall.app import challenge

            if challenge.record(self.stats, self.session):
                self.persist.store_object(STATS, self.stats)
        self._remember_finished(state)
        self._post(
            {
                "type": "dicehall:gameover",
                "game": game_id,
                "scores": list(outcome.scores),
                "winners": list(outcome.winners),
            }
        )

    def _post(self, message: dict[str, Any]) -> None:
        if self.embedded:
            self._posts.append(message)

    def open_setup(self, game_id: str) -> None:
        remembered = self.settings.get("setup", {}).get(game_id)
        self.form = SetupForm.default(game_id, self.lang, remembered)
        self.form_error = None
        self.screen, self.dialog, self.menu_open = "setup", None, False
        self._touch()

    def start_from_form(self) -> None:
        assert self.form is not None
        problem = self.form.problem(self.lang)
        if problem:
            self.form_error = problem
            self._touch()
            return
        try:
            session = session_from_form(self.form, self.lang)
        except (ValueError, UnknownGameError) as error:
            self.form_error = str(error)
            self._touch()
            return
        self.settings.setdefault("setup", {})[self.form.game] = self.form.to_json()
        self._save_settings()
        self._start(session)

    def _start(self, session: Session) -> None:
        """Show ``session`` in place of the game in progress: its screen is built first, then the stored
        game moves to the previous slot and the new one is written."""
        scene = self._make_scene(session)
        self.paused = False
        # A game by link being replaced is kept in the list of games by link: the previous slot keeps its own.
        self.persist.replace_current(session.saved(), kept_elsewhere=self._replaced_is_linked())
        if session.remote:
            session.match.salt = self._device_secret()
            self._remember_linked(session)
        self._attach(session, scene)
        if session.match.challenge:
            self._challenge_notice(session)
        self._post(
            {
                "type": "dicehall:turn",
                "game": session.game.id,
                "to_move": session.to_move,
                "scores": list(session.state.scores()),
            }
        )

    # --- the frame loop ---------------------------------------------------------------------------
    def frame(self, t_ms: float, advance: bool = True) -> dict[str, Any]:
        """One frame's output. ``advance`` False: the game is not moved on here (a page-API call is
        playing it at full speed in slices of its own, and must see every side action open on the way)."""
        dt = 0.0 if self._last_t is None else max(0.0, min(0.1, (t_ms - self._last_t) / 1000))
        self._last_t = t_ms
        out: dict[str, Any] = {}
        game = self.session if self.screen == "game" and self.scene is not None else None  # the game on screen
        on_game = game is not None
        if game is not None and self.scene is not None and not self.paused:  # paused: the picture stays
            if advance and not self.dialog and game.failed is None:  # (redrawn only if asked, e.g. a resize)
                self._sounds.follow(game)  # a new game's first steps are heard
                self._contained(self._advance_game)
            self.scene.update(dt)
            self._say.extend(self.scene.take_announcements())
        viewer = self.viewer if self.screen == "replay" else None
        on_replay = viewer is not None
        if on_replay:
            self._replay_frame(dt, out)
        sound = self._sounds.take(
            game if game is not None else (viewer.session if viewer is not None else None),
            silent=self.fast or bool(self.skipping) or not self.sound_on,
        )
        if sound:
            out["sound"] = sound
        log_seen = (game.state, self._log_held()) if game is not None else None
        if on_game and self._log_seen != log_seen:  # the move log's panel follows
            self._log_seen = log_seen
            self._dom_dirty = True
        if on_game and self._pace_state() != self._pace_shown:  # the toolbar's speed, skip and finish follow
            self._dom_dirty = True
        if on_game and self.hints.frame():  # the hint thinks; its card, button and marks follow
            self._dom_dirty = True
        if self._end_panel_visible() != self._end_shown:  # the end panel comes (or goes) with the picture
            self._end_shown = not self._end_shown
            self._dom_dirty = True
        # The end of a game is the shell's: the end panel, or the board clear behind it once the panel is put
        # aside; the canvas never draws its own result banner over the board (a new scene too).
        ends = self._end_shown or (self.session is not None and self.session.over)
        if self.scene is not None and self.scene.end_panel != ends:
            self.scene.end_panel = ends
            self.scene.dirty = True
        scene = self.scene
        if on_game and scene is not None and scene.dirty:
            from dicehall.ui.canvas import DisplayList

            if self._choices_snapshot() != self._choices_shown:  # the buttons of the choices follow the picture
                self._dom_dirty = True

            dl = DisplayList()
            scene.draw(dl, self.width, self.height)
            self.hints.draw(dl)
            if self.paused:
                self._draw_paused(dl)
            scene.dirty = False
            out["draw"] = dl.ops
        if self._dom_dirty:
            out["dom"] = self.render_dom()
            out["canvas"] = on_game or on_replay
            out["keys"] = self._page_keys(on_game) if not on_replay else {"game": True, "ctrl": [], "wheel": False}
            out["lang"] = self.lang
            out["title"] = self._title()
            self._dom_dirty = False
        if self._say:
            out["say"], self._say = self._say, []
        if self._posts:
            out["post"], self._posts = self._posts, []
        if self._download is not None:
            out["download"], self._download = self._download, None
        if self._clear_fragment:
            out["fragment"], self._clear_fragment = "", False
        return out

    def _page_keys(self, on_game: bool) -> dict[str, Any]:
        """What the page must keep from the browser, decided before the worker sees an event (it cannot
        wait for the answer): on a game, the keys without a modifier, the Ctrl/Cmd shortcuts listed here
        ("shift+z": with Shift), and the wheel if the screen zooms with it."""
        ctrl: list[str] = []
        if on_game and self.session is not None:
            ctrl = ["z", "shift+z", "y"]
            for shortcut in spec(self.session.game.id).shortcuts:
                ctrl.append(("shift+" if shortcut.shift else "") + shortcut.key)
        return {"game": on_game, "ctrl": ctrl, "wheel": on_game and bool(getattr(self.scene, "takes_wheel", False))}

    def _draw_paused(self, dl: DisplayList) -> None:
        """The board greyed, so that a paused game never looks like it waits for a move; the pause card, with its
        Resume button, is HTML at the foot of the board (screens.pause_card)."""
        dl.rect(0, 0, self.width, self.height, "rgba(20, 30, 28, 0.4)")  # dimmed, still readable: views open

    def _title(self) -> str:
        if self.screen == "replay" and self.viewer is not None:
            from dicehall.app.replay import t as replay_t

            return (
                f"{replay_t(self.lang, 'title', game=registry.info(self.viewer.game.id).title(self.lang))} — dicehall"
            )
        if self.screen in ("game", "setup"):
            game_id = (
                self.session.game.id
                if self.screen == "game" and self.session
                else (self.form.game if self.form is not None else None)
            )
            if game_id is not None:
                return f"{registry.info(game_id).title(self.lang)} — dicehall"
        return "dicehall"

    def resize(self, width: float, height: float) -> None:
        self.width, self.height = float(width), float(height)
        if self.scene is not None:
            self.scene.resize(self.width, self.height)
            self.scene.dirty = True
        if self.viewer is not None:
            self.viewer.scene.resize(self.width, self.height)

    def render_dom(self) -> str:
        if self.screen == "replay" and self.viewer is not None:
            return self._replay_dom()
        on_game = self.screen == "game" and self.session is not None
        problems = screens.banners(self.lang, self.persist.problems, self.update_ready, docked=on_game)
        if on_game:  # the toolbar first, the notices docked under it, the board below them
            return (
                self._with_log_button(self._game_dom())
                + problems
                + self._choice_bar()
                + self._log_dom()
                + self.hints.card()
                + self._link_dom()
                + self._end_dom()
                + self._dialog_dom()
            )
        if self.screen == "setup" and self.form is not None:
            can_resume = bool(self.session and self.session.game.id == self.form.game and not self.session.over)
            body = screens.setup(self.lang, self.form, self.form_error, can_resume, self.embed)
        else:
            resume = None
            if self.session is not None and not self.session.over:
                state = self.session.state
                resume = (
                    self.session.game.id,
                    getattr(state, "turn", self.session.match.ply),
                    getattr(state, "round", None),
                )
            from dicehall.app import link_games

            linked = link_games.section(self.lang, link_games.read(self.persist.storage))
            body = screens.hub(self.lang, resume, self.persist.has_previous, linked)
        return problems + body + self._dialog_dom()

    def _game_dom(self) -> str:
        assert self.session is not None
        info = registry.info(self.session.game.id)
        status = self.t("game_over") if self.session.over else (self.t("paused") if self.paused else "")
        play = "" if self.session.over else ("paused" if self.paused else "running")
        items = []
        for label, cmd, arg, *section in info.menu_items:
            text = label[0] if self.lang == "fr" else label[1]
            if "{name}" in text:  # one entry per seat in play
                if not isinstance(arg, int) or arg >= len(self.session.seats):
                    continue
                name = self.session.seats[arg].name
                text = text.replace("de {name}", de_name(name)).replace("{name}", name)
            items.append((text, cmd, arg, *section))
        if self.session.over:
            items.append((self.t("end_result"), "end-show", None, "game"))
        from dicehall.app.share import t as share_t

        items.append((share_t(self.lang, "share_item"), "share", "replay", "game"))
        items.append((self.t("download_game"), "download", None, "game"))
        items.append((self.t("open_file"), "host:open-file", None, "game"))
        extra = ""
        if self.session.over and not self._end_shown:
            from dicehall.app.end_panel import result_button

            extra = result_button(self.lang)
        from dicehall.app.challenge import title as challenge_title

        return screens.toolbar(
            self.lang,
            challenge_title(self.lang, self.session, info.title(self.lang)),
            self.session.can_undo,
            self.session.can_redo,
            self.menu_open,
            self.embed,
            status,
            play,
            tuple(items),
            self.menu_open and self.persist.has_previous,
            extra,
            pace=self.hints.button() + self._pace_controls(),
            pace_items=self._pace_items() + self.hints.menu_items(),
            sound=self.sound_on,
            min_playable=tuple(getattr(self.scene, "min_playable", ())),
        )

    def _dialog_dom(self) -> str:
        game_id = self.session.game.id if self.session else (self.form.game if self.form else None)
        if self.dialog == "rules" and self.rules_game:  # a game's rules asked from the hub
            game_id = self.rules_game
        if self.dialog == "rules" and game_id:
            from dicehall.app.rules_pages import rules_html

            return screens.rules(self.lang, registry.info(game_id).title(self.lang), rules_html(game_id, self.lang))
        if self.dialog == "stats":
            from dicehall.app import recent

            return screens.stats(self.lang, self.stats, recent.section(self.lang, recent.read(self.persist.storage)))
        if self.dialog == "about":
            return screens.about(self.lang, self.version)
        if self.dialog == "options":
            display = self._display_settings(game_id) if game_id else {}
            return screens.options(self.lang, game_id, display, self.settings.get("speed", "normal"))
        if self.dialog == "confirm-new":
            return screens.confirm(self.lang, "confirm_new", "new-game-confirmed")
        if self.dialog == "confirm-abandon":
            return screens.confirm(self.lang, "confirm_abandon", "abandon-confirmed")
        if self.dialog == "share" and self._share is not None:
            from dicehall.app import share

            return share.dialog(
                self.lang,
                self._share["kind"],
                self._share["url"],
                self._share["name"],
                self._share.get("copied", False),
            )
        if self.dialog == "link-fork":
            from dicehall.app.share import fork_dialog

            return fork_dialog(self.lang, self._fork["at"] + 1 if self._fork else 0)
        if self.dialog == "confirm-link":
            question = "confirm_link_linked" if self._replaced_is_linked() else "confirm_link"
            return screens.confirm(self.lang, question, "link-confirmed")
        if self.dialog == "confirm-demo":
            return screens.confirm(self.lang, "confirm_demo", "demo-confirmed")
        if self.dialog in ("other-tab", "other-tab-lost"):
            return screens.other_tab(self.lang, lost=self.dialog == "other-tab-lost")
        return ""

    # --- the end of a game (app.end_panel) ---------------------------------------------------------
    def _end_panel_visible(self) -> bool:
        """The end panel shows over a finished game once its last step is on the board, unless it was put
        aside, or a dialog, the menu or another tab's notice is in front."""
        return (
            self.screen == "game"
            and self.session is not None
            and self.scene is not None
            and self.session.over
            and not self.end_aside
            and not self.dialog
            and not self.guest
            and bool(self.scene.ready())
        )

    def _end_dom(self) -> str:
        if not self._end_shown or self.session is None or not self.session.over:  # (a new game, before its frame)
            return ""
        from dicehall.app.end_panel import panel

        return panel(
            self.lang,
            self.session.game.id,
            self.session.state,
            self.session.seats,
            self.embed,
            challenge=self._challenge_card(),
            linked=bool(self.session.remote),
        )

    def _rematch_session(self) -> Session:
        """A new game of the game on screen: the same seats (names, kinds, levels, colours) and options, a new seed."""
        import secrets  # lazily, as in setup_form

        from dicehall.core.save import Seat

        assert self.session is not None
        old = self.session
        seats = [Seat(name=seat.name, kind=seat.kind, level=seat.level, extra=dict(seat.extra)) for seat in old.seats]
        seed = secrets.token_hex(6)
        while seed == old.match.seed:
            seed = secrets.token_hex(6)
        session = Session.new(old.game, old.match.options, seats, seed)
        session.remote = old.remote  # a game by link: a rematch by link, the same players on the same devices
        return session

    def _cmd_end_rematch(self, _param: str, _arg: Any) -> None:
        if self.session is not None:
            self.menu_open = False
            self._start(self._rematch_session())

    def _cmd_end_new_game(self, _param: str, _arg: Any) -> None:
        """The new-game form, filled in with this game's seats and options."""
        if self.session is None:
            return
        self.open_setup(self.session.game.id)
        assert self.form is not None
        self.form.merge(self._form_of_session(), None)

    def _form_of_session(self) -> dict[str, Any]:
        """The session's seats and options as the setup form remembers a form: an option takes the form's
        choice that gives the same value (the form holds text, the options their own types)."""
        assert self.session is not None
        game = self.session.game
        values = game.options_to_json(self.session.match.options)
        options: dict[str, str] = {}
        for f in option_fields(game.id):
            for value, *_labels in f.choices:
                try:
                    chosen = game.options_to_json(game.options_from_json({**values, f.key: value})).get(f.key)
                except ValueError:
                    continue
                if chosen == values.get(f.key):
                    options[f.key] = value
                    break
        seats = [
            {
                "name": seat.name,
                "kind": "remote" if i in self.session.remote else seat.kind,
                "level": seat.level or "normal",
                **({"colour": seat.extra["colour"]} if isinstance(seat.extra.get("colour"), str) else {}),
            }
            for i, seat in enumerate(self.session.seats)
        ]
        return {"seats": seats, "options": options}

    def _cmd_end_aside(self, _param: str, _arg: Any) -> None:
        self.end_aside = True

    def _cmd_end_show(self, _param: str, _arg: Any) -> None:
        self.menu_open = False
        self.end_aside = False

    def _cmd_end_replay(self, _param: str, _arg: Any) -> None:
        """The end panel's "Watch the replay": the finished game in the viewer, from its start."""
        if self.session is not None:
            self._open_viewer(self.session.saved(), "game")

    def _cmd_download(self, _param: str, _arg: Any) -> None:
        """The game on screen as a save file, which the page hands over (frame output ``download``)."""
        import datetime

        from dicehall.app.end_panel import file_name

        self.menu_open = False
        if self.session is not None:
            self._download = {
                "name": file_name(self.session.game.id, datetime.date.today().isoformat()),
                "text": self.session.saved().dumps(),
            }

    def open_file(self, name: str, text: str | None, size: int = 0) -> bool:
        """A save file chosen with "Open a save file…" or dropped on the page (``text`` None: too large to
        be read at all; ``size``: its length in bytes). It is read by ``save.loads``, the reader of every
        path (``load()``, the command line), and shown as ``load(save)`` shows a game; a bad file is refused
        with one line in the page's language, chosen by the refusal's kind, and changes nothing."""
        from dicehall.core.errors import SaveFormatError

        name = " ".join(str(name).split())[:80] or "?"
        self.persist.problems[:] = [p for p in self.persist.problems if not p.what.startswith("file_")]
        self._touch()
        if self.guest:
            return False
        if text is None:
            return self._file_refused("file_too_large", name)
        try:
            saved = save_format.loads(text, size)
        except SaveFormatError as error:
            notice = {  # the refusal's kind to the page's notice (app/texts.py); any other: the message itself
                "not_utf8": "file_not_utf8",
                "too_large": "file_too_large",
                "not_json": "file_not_json",
                "not_ours": "file_not_ours",
                "newer": "file_newer",
                "edited": "file_edited",
            }.get(error.kind)
            if notice is None:
                return self._file_refused("file_refused", name, " ".join(str(error).split())[:160])
            return self._file_refused(notice, name, str(error.entry) if error.kind == "edited" else "")
        self._start(Session.from_saved(saved))  # (as ``_load`` does with a document)
        self._say.append(self.t("file_opened", name=name))
        return True

    def _file_refused(self, what: str, name: str, detail: str = "") -> bool:
        from dicehall.app.persistence import Problem

        self.persist.problems.append(Problem(what, detail, name))
        self._touch()
        return False

    # --- the move log (app.move_log) ---------------------------------------------------------------
    def move_log(self) -> MoveLog | None:
        """The move log of the game on screen (None without one), made when first asked for: it imports the
        game's describer, which the hub never needs."""
        if self.session is None:
            return None
        if self._move_log is None or self._move_log.session is not self.session:
            from dicehall.app.move_log import MoveLog

            self._move_log = MoveLog(self.session)
        return self._move_log

    def _log_dom(self) -> str:
        """The move log's panel: a column beside the board on a wide page, a drawer over it on a narrow one."""
        log = self.move_log()
        if log is None:
            return ""
        fresh = self._fresh[1] if self._fresh is not None and self._fresh[0] is self.session else None
        return log.panel(self.lang, self.log_more, self.log_open, self._log_held(), fresh)

    def _log_held(self) -> int | None:
        """The ply from which the screen has not shown the entries yet (a die being stopped), if it says so;
        the panel leaves them out until then (``log()`` does not: it serves a caller at full speed)."""
        held = getattr(self.scene, "log_held_from", None)
        return held() if callable(held) and not self.fast else None

    def _with_log_button(self, toolbar: str) -> str:
        """The toolbar with the button that opens the move log's drawer (styles.css shows it on a narrow page)."""
        from dicehall.app.move_log import toggle_button

        spacer = '<span class="spacer"></span>'
        return toolbar.replace(
            spacer, toggle_button(self.lang, self.log_open) + spacer + sound_button(self.lang, self.sound_on), 1
        )

    @property
    def sound_on(self) -> bool:
        """The game's sounds are on (the settings' "sound", on unless the player muted them)."""
        return self.settings.get("sound", True) is not False

    def _cmd_sound(self, _param: str, arg: Any) -> None:
        """The toolbar's mute button: "toggle", or true/false; remembered in the settings."""
        self.settings["sound"] = (not self.sound_on) if arg == "toggle" else bool(arg)
        self._save_settings()
        self._say.append(SOUND_TEXTS.t(self.lang, "sound_on" if self.sound_on else "sound_off"))

    def _cmd_log(self, _param: str, arg: Any) -> None:
        """The move log's drawer: "toggle" (the toolbar's button) or "close" (its × button)."""
        self.menu_open = False
        self.log_open = arg == "toggle" and not self.log_open

    def _cmd_log_more(self, _param: str, _arg: Any) -> None:
        self.log_more += 1

    # --- input ------------------------------------------------------------------------------------
    def input(self, event: dict[str, Any]) -> bool:
        kind = event.get("type")
        if kind == "cmd":
            self.command(str(event.get("cmd", "")), event.get("arg"))
            return True
        if kind == "sw" and event.get("state") == "update-ready":
            self.update_ready = True
            self._touch()
            return True
        if kind == "owner" and event.get("state") == "lost" and not self.guest:
            self._lose_ownership()
            return True
        if kind == "link" and not self.guest:  # the page's fragment changed: a link opened in this tab
            self.open_link(str(event.get("hash") or ""))
            return True
        if self.guest:
            return False  # only the offer to play here is live
        if kind in ("key", "pointerdown"):
            self._set_touch(kind == "pointerdown" and event.get("pointer") == "touch")
        if kind == "key" and self._shortcut(event):
            return True
        if kind == "choice-focus":  # the keyboard is on a choice's button: the screen shows it on the board
            if self.screen == "game" and self.scene is not None and hasattr(self.scene, "focus_choice"):
                self.scene.focus_choice(int(event.get("index", -1)))
            return False
        if self.screen != "game" or self.scene is None or self.dialog or self.paused or self._end_shown:
            return False
        from dicehall.ui.scene import InputEvent

        fields = {k: event[k] for k in InputEvent.__slots__ if k in event}
        return bool(self.scene.on_input(InputEvent(**fields)))

    def _set_touch(self, touch: bool) -> None:
        self.touch = touch
        if self.scene is not None and hasattr(self.scene, "set_touch"):
            self.scene.set_touch(touch)

    def _shortcut(self, event: dict[str, Any]) -> bool:
        key = str(event.get("key", "")).lower()
        ctrl = bool(event.get("ctrl") or event.get("meta"))
        if key == "escape" and (self.dialog or self.menu_open):
            self.dialog, self.menu_open = None, False
            self._touch()
            return True
        if key == "escape" and self.log_open:  # the move log's drawer closes
            self.log_open = False
            self._touch()
            return True
        if self.screen == "replay" and self.viewer is not None:
            return self._replay_key(key, ctrl or bool(event.get("alt")))
        if self.screen != "game" or self.session is None:
            return False
        if key == "escape" and self._end_shown:  # the end panel is put aside: the final board shows
            self.command("end-aside", None)
            return True
        if key == "f1" and not ctrl and not event.get("alt"):  # the original's help keys: the rules, the About box
            self.dialog, self.menu_open = ("about" if event.get("shift") else "rules"), False
            self._touch()
            return True
        if key == "k" and not ctrl and not event.get("alt") and not self.dialog and not self.paused:
            self.command("skip", None)  # to my turn, or finish a game no human plays any more
            return True
        if key == "h" and not ctrl and not event.get("alt") and not self.dialog and not self.paused:
            self.command("hint", None)  # "Suggest a move" (app.hints), or put the suggestion away
            return True
        if not ctrl:
            return False
        if key == "z" and not event.get("shift"):
            self.command("undo", None)
            return True
        if key in ("y",) or (key == "z" and event.get("shift")):
            self.command("redo", None)
            return True
        for shortcut in spec(self.session.game.id).shortcuts:
            if shortcut.key == key and shortcut.shift == bool(event.get("shift")):
                self.command(shortcut.cmd, shortcut.arg)
                return True
        return False

    def command(self, cmd: str, arg: Any) -> None:
        """A command from the page (``{"type": "cmd", "cmd": "name:param", "arg": …}``: a button's ``data-cmd``
        and ``data-arg``), a shortcut, a menu entry or a key: its handler in ``COMMANDS``, with the text after
        the colon and the argument; an unknown name does nothing. A handler returning False asks for no new
        HTML (the field already shows what was typed)."""
        if self.guest:
            return  # another tab owns the games: nothing here may change them
        name, _, param = cmd.partition(":")
        handler = COMMANDS.get(name)
        if handler is not None and handler(self, param, arg) is not False:
            self._touch()

    def _cmd_lang(self, _param: str, arg: Any) -> None:
        if arg in LANGS:
            self.menu_open = False  # (the menu's language entry, as every entry, closes it)
            self.lang = arg
            self.settings["lang"] = arg
            self._save_settings()
            if self.form is not None:
                self.form = SetupForm.default(self.form.game, arg, self.form.to_json())
            if self.scene is not None:
                self.scene.set_lang(arg)
            if self.viewer is not None:
                self.viewer.scene.set_lang(arg)

    def _cmd_open(self, _param: str, arg: Any) -> None:
        if isinstance(arg, str) and self._playable(arg):
            self.open_setup(arg)

    def _cmd_hub(self, _param: str, _arg: Any) -> None:
        self.screen, self.dialog, self.menu_open = "hub", None, False

    def _cmd_resume(self, _param: str, _arg: Any) -> None:
        if self.session is not None:
            self.screen, self.dialog, self.menu_open = "game", None, False
            if self.scene is not None:
                self.scene.dirty = True

    def _cmd_start(self, _param: str, _arg: Any) -> None:
        self.start_from_form()

    def _form_seat(self, param: str) -> dict[str, str] | None:
        """The form's seat named by a command parameter, or None (no form, or a stale index)."""
        if self.form is None or not param.isdigit() or int(param) >= len(self.form.seats):
            return None
        return self.form.seats[int(param)]

    def _cmd_seat_name(self, param: str, arg: Any) -> bool:
        seat = self._form_seat(param)
        if seat is not None:
            seat["name"] = str(arg or "")[:40]
        return False  # the input already shows it; re-rendering would move the caret

    def _cmd_seat_kind(self, param: str, arg: Any) -> None:
        seat = self._form_seat(param)
        if seat is not None and arg in ("human", "ai", "remote"):  # remote: a human on another device (by link)
            seat["kind"] = arg

    def _cmd_seat_level(self, param: str, arg: Any) -> None:
        seat = self._form_seat(param)
        if seat is not None and self.form is not None and arg in spec(self.form.game).level_ids:
            seat["level"] = arg

    def _cmd_seat_colour(self, param: str, arg: Any) -> None:
        seat = self._form_seat(param)
        if seat is None or self.form is None:
            return
        for other in self.form.seats:  # swap rather than refuse: two players never share a colour
            if other is not seat and other["colour"] == arg:
                other["colour"] = seat["colour"]
        seat["colour"] = str(arg)
        self.form_error = None

    def _cmd_add_seat(self, _param: str, _arg: Any) -> None:
        """Games for a variable number of players: one more seat (a normal computer), up to the maximum."""
        if self.form is not None and self.form.add_seat(self.lang):
            self.form_error = None

    def _cmd_remove_seat(self, param: str, _arg: Any) -> None:
        """Remove a seat beyond the game's minimum."""
        if self.form is not None and param.isdigit() and self.form.remove_seat(int(param), self.lang):
            self.form_error = None

    def _cmd_option(self, param: str, arg: Any) -> None:
        if self.form is not None and param in self.form.options:
            self.form.options[param] = str(arg)

    def _current_choices(self) -> tuple[str, list[Any]]:
        """(prompt, choices) of the game's screen; nothing while paused or under a dialog."""
        if self.scene is None or self.session is None:
            return "", []
        if self.paused:
            return self.t("paused"), []
        if self.dialog:
            return "", []
        return self.scene.prompt(), self.scene.choices()

    def _choices_snapshot(self) -> tuple:
        from dicehall.app.choices import snapshot

        return snapshot(*self._current_choices())

    def _choice_bar(self) -> str:
        from dicehall.app.choices import choice_bar, snapshot

        prompt, options = self._current_choices()
        self._choices_shown = snapshot(prompt, options)
        return choice_bar(self.lang, prompt, options, self.hints.hinted_choices(options))

    def _cmd_choose(self, _param: str, arg: Any) -> None:
        """A button of the choices (``app.choices``): as a press on the canvas."""
        if self.scene is None or self.paused or self.dialog or self.guest:
            return
        try:
            index = int(arg)
        except (TypeError, ValueError):
            return
        self.scene.choose(index)

    def _cmd_rules(self, _param: str, arg: Any) -> None:
        """A game's rules, from its card in the hub."""
        if any(info.id == arg for info in registry.CATALOGUE):
            self.rules_game, self.dialog, self.menu_open = str(arg), "rules", False

    def _cmd_menu(self, _param: str, _arg: Any) -> None:
        self.menu_open = not self.menu_open

    def _cmd_dialog(self, _param: str, arg: Any) -> None:
        if arg in ("rules", "stats", "options", "about"):
            self.rules_game = None
            self.dialog, self.menu_open = arg, False

    def _cmd_close(self, _param: str, _arg: Any) -> None:
        self.dialog, self.menu_open = None, False

    def _cmd_dismiss(self, _param: str, arg: Any) -> None:
        try:
            del self.persist.problems[int(arg)]
        except (TypeError, ValueError, IndexError):
            pass

    def _cmd_new_game(self, _param: str, _arg: Any) -> None:
        self.menu_open = False
        if self.session is not None and not self.session.over and self.session.match.ply > 0:
            self.dialog = "confirm-new"
        else:
            self._cmd_new_game_confirmed("", None)

    def _cmd_new_game_confirmed(self, _param: str, _arg: Any) -> None:
        game_id = self.session.game.id if self.session else "indecix"
        self.open_setup(game_id)

    def _in_progress(self) -> bool:
        return self.session is not None and not self.session.over and self.session.match.ply > 0

    def _cmd_pause(self, _param: str, _arg: Any) -> None:
        self.menu_open = False
        if self.screen == "game" and self.session is not None and not self.session.over:
            self.paused = True
            self._say.append(self.t("paused"))
            if self.scene is not None:
                self.scene.dirty = True  # the paused card

    def _cmd_resume_play(self, _param: str, _arg: Any) -> None:
        self.menu_open = False
        if self.paused:
            self.paused = False
            self._last_t = None  # the pause does not count as animation time
            if self.scene is not None:
                self.scene.dirty = True

    def _cmd_abandon(self, _param: str, _arg: Any) -> None:
        self.menu_open = False
        if self.session is not None and not self.session.over:
            self.dialog = "confirm-abandon"

    def _cmd_abandon_confirmed(self, _param: str, _arg: Any) -> None:
        """The player asked for it twice: the game in progress goes to the previous slot, and the hub shows."""
        self.persist.replace_current(None)
        self.session, self.scene, self.paused = None, None, False
        self.screen, self.dialog, self.menu_open = "hub", None, False

    def _cmd_previous(self, _param: str, _arg: Any) -> None:
        """Bring back the game that the last new game, load, demonstration or abandon replaced; the game
        shown now takes its place in the previous slot (so doing it twice changes nothing)."""
        self.menu_open = False
        current = self.session.saved() if self.session is not None else None
        found = self._session_and_scene(self.persist.load_previous(), PREVIOUS)
        if found is None:
            self._say.append(self.t("previous_none"))
            return
        if self.persist.swap_previous(current) is None:
            return
        self.paused = False
        self._attach(*found)

    # --- the daily challenge (app.challenge) ---------------------------------------------------------
    def _challenge_card(self) -> str:
        if self.session is None or not self.session.match.challenge:
            return ""
        from dicehall.app import links
        from dicehall.app.challenge import card

        link = links.make(self.page_url, "replay", self.session.saved().to_json()) if self.page_url else ""
        return card(
            self.lang,
            self.session,
            self.stats,
            self._challenge_copied is self.session.match,
            link if len(link) <= links.MAX_SHARED else "",
        )

    def _challenge_notice(self, session: Session) -> None:
        """A challenge whose day already counts is started again: say at once that it will not count."""
        from dicehall.app import challenge
        from dicehall.app.persistence import Problem

        self.persist.problems[:] = [p for p in self.persist.problems if p.what != "challenge_counted_done"]
        if challenge.counted(self.stats, session) is not None:
            self.persist.problems.append(Problem("challenge_counted_done", session.match.challenge or ""))
            self._touch()

    def _cmd_challenge(self, _param: str, arg: Any) -> None:
        """Today's challenge of a game: the one in progress if it is on, else a new one (a replay once the
        day is counted)."""
        from dicehall.app import challenge

        if not isinstance(arg, str) or not self._playable(arg) or arg not in challenge.core.GAMES:
            return
        self.menu_open = False
        if challenge.is_today(self.session, arg):
            self._cmd_resume("", None)
            return
        self.paused = False
        self._start(challenge.session_from_request(arg, challenge.today_request(), self.lang))

    def _cmd_challenge_copied(self, _param: str, _arg: Any) -> None:
        """The page copied the result's line (host:copy): the button says so."""
        self._challenge_copied = self.session.match if self.session is not None else None

    def _cmd_demo(self, _param: str, _arg: Any) -> None:
        """A demonstration: a game of the current game with as many computer players as it takes."""
        self.menu_open = False
        game_id = (
            self.session.game.id if self.screen == "game" and self.session else (self.form.game if self.form else None)
        )
        if game_id is None or not spec(game_id).demo:
            return
        if self.screen == "game" and self._in_progress():
            self.dialog = "confirm-demo"
            return
        self._cmd_demo_confirmed(game_id, None)

    def _cmd_demo_confirmed(self, param: str, _arg: Any) -> None:
        game_id = param or (self.session.game.id if self.session else None)
        if game_id is None:
            return
        info = registry.info(game_id)
        seats = [{"kind": "ai", "level": "normal"} for _ in range(info.max_players)]
        self.paused = False
        self._start(session_from_request(game_id, {"seats": seats}, self.lang))

    def _cmd_scene(self, param: str, arg: Any) -> None:
        """A command for the game's screen itself (a statistics view, a viewer) from the menu or a shortcut;
        they only show things, so they work while the game is paused too."""
        self.menu_open = False
        if self.scene is None or not hasattr(self.scene, "command"):
            return
        if isinstance(arg, str) and arg.isdigit():  # arguments from the page's menu arrive as text
            arg = int(arg)
        elif arg in ("true", "false"):
            arg = arg == "true"
        self.scene.command(param, arg)
        self.scene.dirty = True

    def _cmd_undo(self, _param: str, _arg: Any) -> None:
        self.menu_open = False
        if self.session is not None:
            self.session.undo()

    def _cmd_redo(self, _param: str, _arg: Any) -> None:
        self.menu_open = False
        if self.session is not None:
            self.session.redo()

    def _cmd_display(self, param: str, arg: Any) -> None:
        if self.session is None:
            return
        game_id = self.session.game.id
        display = self.settings.setdefault("display", {}).setdefault(game_id, {})
        field = next((f for f in spec(game_id).display_fields if f.key == param), None)
        if isinstance(field, ChoiceField):
            if not any(str(arg) == c[0] for c in field.choices):
                return
            display[param] = str(arg)
        else:
            display[param] = arg in ("1", 1, True, "true")
        self._save_settings()
        if self.scene is not None:
            self.scene.set_settings(self._display_settings(game_id))

    def _cmd_toggle(self, param: str, _arg: Any) -> None:
        """A display toggle from a keyboard shortcut (e.g. Shift+Ctrl+J)."""
        if self.session is not None:
            current = self._display_settings(self.session.game.id).get(param, True)
            self._cmd_display(param, not current)

    def _cmd_cycle(self, param: str, _arg: Any) -> None:
        """A display choice from a keyboard shortcut (e.g. Ctrl+F, the font): the next one it offers."""
        if self.session is None:
            return
        game_id = self.session.game.id
        field = next((f for f in spec(game_id).display_fields if f.key == param and isinstance(f, ChoiceField)), None)
        if field is None:
            return
        values = [c[0] for c in field.choices]
        current = self._display_settings(game_id).get(param, field.default)
        chosen: str = values[(values.index(current) + 1) % len(values)] if current in values else field.default
        self._cmd_display(param, chosen)
        colon = " : " if self.lang == "fr" else ": "
        self._say.append(f"{field.label_in(self.lang)}{colon}{field.choice_label(chosen, self.lang)}")

    def _cmd_next_option(self, param: str, arg: Any) -> None:
        """Set an option for the next new game (e.g. Ctrl+B / Ctrl+M choose Blitz or Master)."""
        if self.session is None:
            return
        remembered = self.settings.setdefault("setup", {}).setdefault(self.session.game.id, {})
        remembered.setdefault("options", {})[param] = str(arg)
        self._save_settings()
        field = next((f for f in option_fields(self.session.game.id) if f.key == param), None)
        if field is not None:
            self._say.append(f"{field.label_in(self.lang)} : {field.choice_label(str(arg), self.lang)}")

    def _cmd_players(self, _param: str, _arg: Any) -> None:
        self._cmd_new_game("", None)

    def _cmd_speed(self, _param: str, arg: Any) -> None:
        """The pace of dice and computer turns, in every game: "slow" … "instant", or "next" (the toolbar's
        button: the next one, round); remembered in the settings and said in the live region."""
        from dicehall.ui.scene import SPEED_ORDER

        if arg == "next":
            current = self._speed()
            arg = SPEED_ORDER[(SPEED_ORDER.index(current) + 1) % len(SPEED_ORDER)]
        if arg not in SPEED_ORDER:
            return
        self.settings["speed"] = arg
        self._save_settings()
        if self.scene is not None and self.session is not None:
            self.scene.set_settings(self._display_settings(self.session.game.id))
        if self.viewer is not None:
            self.viewer.scene.set_settings(self._display_settings(self.viewer.game.id))
        colon = " : " if self.lang == "fr" else ": "
        self._say.append(f"{self.t('speed')}{colon}{self.t(f'speed_{arg}')}")

    def _speed(self) -> str:
        """The pace chosen in the settings (a stored value we do not know: normal)."""
        from dicehall.ui.scene import SPEED_ORDER

        speed = self.settings.get("speed", "normal")
        return speed if speed in SPEED_ORDER else "normal"

    # --- the pace: instant steps, skipping to a human's turn, finishing the game ------------------------
    def _advance_game(self) -> None:
        """Move the game on as far as the screen allows in this frame: one step when it has shown the last
        one; at "instant", step after step while it has nothing to show (within ``INSTANT_BUDGET``); while
        skipping or finishing, every step with no animation (within ``SKIP_BUDGET`` or ``FINISH_BUDGET``)."""
        session, scene = self.session, self.scene
        assert session is not None and scene is not None
        if self.skipping:
            self._skip_steps()
            return
        if not session.busy or not (self.fast or scene.ready()):
            return
        session.advance(SLICE)
        if self.fast or not scene.instant():
            return
        deadline = time.perf_counter() + INSTANT_BUDGET
        while session.busy and time.perf_counter() < deadline:
            scene.update(0.0)  # what the last step set off ends at once at this pace
            if not scene.ready():  # a human's dice to stop, a claim window open to a human
                return
            session.advance(SLICE)

    def _skip_target(self) -> str | None:
        """What skipping can do now: "turn" (computers to play before a human decides), "game" (no human
        can act any more: play the game to its end), or None (a human is to act, or nothing to play)."""
        session, scene = self.session, self.scene
        if session is None or scene is None or session.over or self.paused or self.screen != "game":
            return None
        if not scene.humans_in_play():
            return "game"
        if session.busy and session.has_ai and not scene.human_dice():
            return "turn"
        return None

    def _skip_done(self) -> bool:
        session, scene = self.session, self.scene
        if session is None or scene is None or session.over:
            return True
        if self.skipping == "turn":
            return not session.busy or scene.human_dice() or not scene.humans_in_play()
        return False

    def _skip_steps(self) -> None:
        assert self.session is not None and self.scene is not None
        deadline = time.perf_counter() + (FINISH_BUDGET if self.skipping == "game" else SKIP_BUDGET)
        while not self._skip_done():
            if time.perf_counter() >= deadline:
                break
            self.session.advance(SLICE)
        # what the screen said of the steps skipped is not read out one by one: only its last lines, after
        # the line saying what the skip did (the result of a finished game, the human's dice)
        self._skip_heard = (self._skip_heard + self.scene.take_announcements())[-SKIP_HEARD:]
        if self._skip_done():
            self._end_skip()

    def _end_skip(self) -> None:
        mode, self.skipping = self.skipping, None
        heard, self._skip_heard = self._skip_heard, []
        self._set_fast(False)
        session = self.session
        if session is None:
            return
        if session.over:
            self._say.append(self.t("finished_now" if mode == "game" else "skipped_to_end"))
        elif not (self.scene is not None and self.scene.humans_in_play()):
            self._say.append(self.t("skipped_no_human"))
        else:
            self._say.append(self.t("skipped_to_turn"))
        self._say.extend(heard)
        self._touch()

    def _cmd_skip(self, _param: str, _arg: Any) -> None:
        """ "To my turn" (the toolbar, the menu, K): the computers' turns up to the next human decision,
        with no animation; when no human can act any more, the same control finishes the game."""
        self.menu_open = False
        if self.skipping or self.dialog:
            return
        target = self._skip_target()
        if target is None:
            if self.session is not None and not self.session.over and not self.paused:
                self._say.append(self.t("skip_nothing"))
            return
        self.skipping = target
        self._set_fast(True)
        self._say.append(self.t("skipping" if target == "turn" else "finishing"))

    def _cmd_finish(self, _param: str, _arg: Any) -> None:
        """ "Finish the game": only when no human can act any more (all eliminated, or all computers)."""
        if self._skip_target() == "game":
            self._cmd_skip("", None)
        else:
            self.menu_open = False

    def _skip_shown(self) -> tuple[str | None, bool]:
        """The toolbar's skip control: ("turn", enabled) in a game against the computer, ("game", enabled)
        once no human can act, (None, False) without one."""
        session, scene = self.session, self.scene
        if session is None or scene is None or session.over or self.screen != "game":
            return None, False
        target = None if self.skipping or self.paused else self._skip_target()
        if not scene.humans_in_play():
            return "game", target == "game"
        if session.has_ai:
            return "turn", target == "turn"
        return None, False

    def _pace_state(self) -> tuple:
        return (self._speed(), *self._skip_shown(), self.touch)

    def _pace_items(self) -> tuple[tuple[str, str, Any], ...]:
        """The game menu's entries for the pace: the next speed, and skip or finish when they can act."""
        items: list[tuple[str, str, Any]] = [
            (self.t("speed_item", speed=self.t(f"speed_{self._speed()}")), "speed", "next")
        ]
        target = self._skip_target()
        if target == "turn":
            items.append((self.t("skip"), "skip", None))
        elif target == "game":
            items.append((self.t("finish"), "finish", None))
        return tuple(items)

    def _pace_controls(self) -> str:
        self._pace_shown = self._pace_state()
        return screens.pace_controls(self.lang, self._speed(), *self._skip_shown(), self.touch)

    # --- the page API (window.dicehall) -------------------------------------------------------------
    def api_games(self) -> list[dict[str, Any]]:
        return [
            {
                "id": g.id,
                "title": g.title(self.lang),
                "min_players": g.min_players,
                "max_players": g.max_players,
                "available": g.available,
            }
            for g in registry.CATALOGUE
        ]

    def _api_refusal(self) -> dict[str, Any] | None:
        return (
            {"error": "dicehall is open in another tab of this site: play there, or choose Play here"}
            if self.guest
            else None
        )

    def api_new_game(self, game_id: str, options: Any) -> dict[str, Any]:
        if refused := self._api_refusal():
            return refused
        if not isinstance(options, dict):
            return {"error": "options must be an object"}
        try:
            if "challenge" in options:  # the day's challenge: its seats and options are the game's
                from dicehall.app import challenge

                session = challenge.session_from_request(game_id, options, self.lang)
            else:
                session = session_from_request(game_id, options, self.lang)
        except (ValueError, UnknownGameError) as error:
            return {"error": str(error)}
        self._start(session)
        self._set_fast(True)
        return {"ok": True}

    def api_state(self) -> dict[str, Any]:
        if self.screen == "replay" and self.viewer is not None:
            return self._replay_state()
        session = self.session
        game = session.game.id if session else (self.form.game if self.form else None)
        if session is None:
            return {
                "screen": self.screen,
                "game": game,
                "view": None,
                "to_move": None,
                "legal": [],
                "over": False,
                "scores": [],
            }
        codec = session.game.codec
        return {
            "screen": self.screen,
            "game": game,
            "view": challenge_view(session),
            "to_move": session.to_move,
            "legal": [codec.to_json(a) for a in session.legal()],
            "over": session.over,
            "scores": list(session.state.scores()),
        }

    def api_play(self, action: Any) -> dict[str, Any]:
        if refused := self._api_refusal():
            return refused
        if self.session is None or self.screen != "game":
            return {"error": "no game in progress"}
        try:
            self.session.submit_json(action)
        except DicehallError as error:
            return {"error": str(error)}
        self._set_fast(True)
        return {"ok": True}

    def api_busy(self) -> bool:
        session = self.session
        busy = session is not None and self.screen == "game" and session.busy and session.failed is None
        if not busy and self.fast:
            self._set_fast(False)
        return busy

    def api_advance(self, budget: float) -> str:
        """The page API's full speed: steps for about ``budget`` seconds (at least one), stopping at one that
        opens a side action to a human seat (the worker then lets the page see it: docs/page-api.md).
        Returns "" or, if a step failed, the one line the page-API call in flight is rejected with."""
        session = self.session
        if session is None or session.failed is not None:
            return session.failed or "" if session is not None else ""

        def steps() -> None:
            deadline = time.perf_counter() + budget
            while session.busy:
                session.advance(budget)
                if session.human_side_actions() or time.perf_counter() >= deadline:
                    return

        self._contained(steps)
        return session.failed or ""

    contain_failures = True  # tests turn it off (tests/conftest.py), so that a bug fails them rather than a game

    def _contained(self, run: Callable[[], None]) -> None:
        """Run a part of the game's own work (dice, computer players). If it raises, the game stops there,
        as it was stored before the failing step (each step is written after it is applied), with a notice;
        the page stays usable: a new game, the hub and the page API go on (a Promise in flight is rejected
        with the same line). The traceback goes to the console for us."""
        session = self.session
        try:
            run()
        except Exception as error:  # noqa: BLE001 - any bug of a game's rules or players, contained here
            if session is None or not self.contain_failures:
                raise
            traceback.print_exc(file=sys.stderr)
            line = " ".join(f"{type(error).__name__}: {error}".split())[:160]
            session.failed = f"internal error ({line})"
            self.skipping = None
            from dicehall.app.persistence import Problem

            self.persist.problems.append(Problem("game_failed", line))
            self._touch()

    def api_log(self) -> list[dict[str, Any]] | None:
        """The move log of the game on screen, in the page's language, oldest first (``log()``); None without
        a game."""
        log = self.move_log()
        if log is None:
            return None
        return [{"ply": ply, "by": by, "text": text} for ply, by, text in log.lines(self.lang)]

    def api_log_json(self) -> str:
        """``api_log()`` as JSON text, made from each entry's part kept by the move log (the bridge sends it
        with every step)."""
        log = self.move_log()
        return "null" if log is None else log.json_text(self.lang)

    def api_save(self) -> dict[str, Any] | None:
        return self.session.saved().to_json() if self.session is not None else None

    def api_load(self, data: Any) -> dict[str, Any]:
        """``load(save)`` with a document (Python callers, tests): checked by ``save.from_json``."""
        return self._load(lambda: save_format.from_json(data))

    def api_load_text(self, text: str) -> dict[str, Any]:
        """``load(save)`` from the page: the save's JSON text read by ``save.loads``, the reader of every path
        (a file, the command line), so that each refusal says the same there."""
        return self._load(lambda: save_format.loads(text))

    def _load(self, read: Callable[[], SavedGame]) -> dict[str, Any]:
        """The save ``read`` gives, replayed through the checked rules and shown in place of the game in
        progress (which goes to the previous slot), then what follows played at full speed; refused with one
        line, changing nothing."""
        if refused := self._api_refusal():
            return refused
        try:
            saved = read()
        except DicehallError as error:
            return {"error": str(error)}
        self._start(Session.from_saved(saved))
        self._set_fast(True)
        return {"ok": True}

    def _cmd_hint(self, _param: str, _arg: Any) -> None:
        """ "Suggest a move" (the toolbar, the menu, H): the card and the marks, or put them away."""
        self.menu_open = False
        self.hints.ask()

    def _cmd_hint_close(self, _param: str, _arg: Any) -> None:
        self.hints.close()

    def api_hint(self) -> Any:
        """``hint()``: the expert's action for the human seat to move, as JSON (one of ``legal``); None when no
        human is to move. Never plays it."""
        action = self.hints.api_action() if not self.guest else None
        return None if action is None or self.session is None else self.session.game.codec.to_json(action)

    def api_rematch(self) -> dict[str, Any]:
        """A new game of the game on screen with the same seats and options and a new seed (``rematch()``)."""
        if refused := self._api_refusal():
            return refused
        if self.session is None:
            return {"error": "no game to play again"}
        self._start(self._rematch_session())
        self._set_fast(True)
        return {"ok": True}

    def api_speed(self, value: Any) -> dict[str, Any]:
        """``speed(value)``: the pace of dice and computer turns, remembered in the settings."""
        from dicehall.ui.scene import SPEED_ORDER

        if refused := self._api_refusal():
            return refused
        if not isinstance(value, str) or value not in SPEED_ORDER:
            shown = json.dumps(value)[:40] if isinstance(value, (str, int, float, bool, type(None))) else "that"
            return {"error": f'speed must be "slow", "normal", "fast" or "instant", not {shown}'}
        self._cmd_speed("", value)
        self._touch()
        return {"ok": True, "speed": value}

    def _set_fast(self, fast: bool) -> None:
        self.fast = fast
        if self.scene is not None:
            self.scene.set_fast(fast)


# The shell's commands, by the name the page sends (a button's ``data-cmd`` before any ``:param``, a menu entry,
# a spec's shortcut, a key): each to the App method that handles it, called with the parameter after the colon
# and the argument (``data-arg``, a field's value, or the shortcut's). Every command the screens emit has an
# entry, every entry is emitted somewhere (tests/app/test_commands.py). ``host:`` commands never reach here:
# web/host.js handles them in the page.
CommandHandler = Callable[[App, str, Any], "bool | None"]

COMMANDS: dict[str, CommandHandler] = {
    # the hub
    "lang": App._cmd_lang,
    "open": App._cmd_open,
    "rules": App._cmd_rules,
    "hub": App._cmd_hub,
    "resume": App._cmd_resume,
    "previous": App._cmd_previous,
    "dismiss": App._cmd_dismiss,
    "challenge": App._cmd_challenge,
    "challenge-copied": App._cmd_challenge_copied,
    "linked-resume": App._cmd_linked_resume,
    # the new-game form
    "start": App._cmd_start,
    "seat-name": App._cmd_seat_name,
    "seat-kind": App._cmd_seat_kind,
    "seat-level": App._cmd_seat_level,
    "seat-colour": App._cmd_seat_colour,
    "add-seat": App._cmd_add_seat,
    "remove-seat": App._cmd_remove_seat,
    "option": App._cmd_option,
    "demo": App._cmd_demo,
    "demo-confirmed": App._cmd_demo_confirmed,
    # the game's toolbar and menu
    "menu": App._cmd_menu,
    "undo": App._cmd_undo,
    "redo": App._cmd_redo,
    "pause": App._cmd_pause,
    "resume-play": App._cmd_resume_play,
    "new-game": App._cmd_new_game,
    "new-game-confirmed": App._cmd_new_game_confirmed,
    "players": App._cmd_players,
    "abandon": App._cmd_abandon,
    "abandon-confirmed": App._cmd_abandon_confirmed,
    "download": App._cmd_download,
    "share": App._cmd_share,
    "link-copied": App._cmd_link_copied,
    "link-confirmed": App._cmd_link_confirmed,
    "link-fork": App._cmd_link_fork,
    "scene": App._cmd_scene,
    "choose": App._cmd_choose,
    "hint": App._cmd_hint,
    "hint-close": App._cmd_hint_close,
    "log": App._cmd_log,
    "log-more": App._cmd_log_more,
    "sound": App._cmd_sound,
    # the pace
    "speed": App._cmd_speed,
    "skip": App._cmd_skip,
    "finish": App._cmd_finish,
    # dialogs, display settings and the next game's options
    "dialog": App._cmd_dialog,
    "close": App._cmd_close,
    "display": App._cmd_display,
    "toggle": App._cmd_toggle,
    "cycle": App._cmd_cycle,
    "next-option": App._cmd_next_option,
    # the end of a game (app.end_panel)
    "end-rematch": App._cmd_end_rematch,
    "end-new-game": App._cmd_end_new_game,
    "end-replay": App._cmd_end_replay,
    "end-aside": App._cmd_end_aside,
    "end-show": App._cmd_end_show,
    # the replay viewer and the recent games (app/viewer_flow.py)
    "replay-close": App._cmd_replay_close,
    "replay-play": App._cmd_replay_play,
    "replay-forward": App._cmd_replay_forward,
    "replay-back": App._cmd_replay_back,
    "replay-first": App._cmd_replay_first,
    "replay-last": App._cmd_replay_last,
    "replay-to": App._cmd_replay_to,
    "recent-replay": App._cmd_recent_replay,
    "recent-download": App._cmd_recent_download,
}


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
