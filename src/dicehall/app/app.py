"""The application: which screen is shown, what the player clicked, and the page API.

The browser host calls ``frame``, ``input`` and ``resize`` (through dicehall.web.bridge), and ``api``'s members
for ``window.dicehall``. ``App`` only makes the shell's parts and routes to them; each part owns its state and
its commands (the ``COMMANDS`` of its module, merged here):

- ``shell`` (app/shell.py): what they all share: the page, the screen in front, the settings, a frame's outputs;
- ``game`` (app/game_flow.py): the game in progress; ``pace`` (app/pace.py): how fast it goes;
- ``setup`` (app/setup_flow.py): how a new game starts; ``end`` (app/end_flow.py): the end of a game;
- ``dialogs`` (app/dialogs.py), ``log`` (app/log_panel.py), ``replay`` (app/viewer_flow.py), ``links``
  (app/link_flow.py, app/linked.py), ``hints`` (app/hints.py) and ``api`` (app/page_api.py).

Everything here is plain Python, driven by tests under CPython.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from dicehall.app import dialogs, end_flow, game_flow, link_flow, log_panel, screens, setup_flow, tutorial_flow
from dicehall.app import viewer_flow
from dicehall.app import pace as pace_flow
from dicehall.app.dialogs import Dialogs
from dicehall.app.end_flow import EndFlow
from dicehall.app.game_flow import GameFlow
from dicehall.app.hint_view import HintsView
from dicehall.app.hints import Hints
from dicehall.app.link_flow import LinkFlow
from dicehall.app.linked import LinkedGames
from dicehall.app.log_panel import LogPanel
from dicehall.app.pace import Pace
from dicehall.app.page_api import PageApi
from dicehall.app.setup_flow import SetupFlow
from dicehall.app.shell import Shell
from dicehall.app.tutorial_flow import TutorialFlow
from dicehall.app.sounds import SoundCues, sound_button
from dicehall.app.setup_form import spec
from dicehall.app.viewer_flow import ViewerFlow
from dicehall.core import registry
from dicehall.ui.i18n import LANGS

if TYPE_CHECKING:
    from dicehall.app.move_log import MoveLog
    from dicehall.app.parts import GameScreen
    from dicehall.app.session import Session
    from dicehall.app.setup_form import SetupForm
    from dicehall.app.storage import Storage

# Start-up: the hub imports only what it shows. The game screen's modules (dicehall.ui.canvas,
# dicehall.ui.scene, the game's own setup/scene) and the rules pages are imported when first used.


class App:
    def __init__(self, storage: Storage, config: dict[str, Any]) -> None:
        shell = self.shell = Shell(storage, config)
        self.log = LogPanel(shell)
        self.linked = LinkedGames(shell)
        self.game = GameFlow(shell, self.linked, self.log)
        self.replay = ViewerFlow(shell, self.game, self.log)
        self.pace = Pace(shell, self.game, self.replay)
        self.setup = SetupFlow(shell, self.game)
        self.end = EndFlow(shell, self.game, self.setup, self.replay)
        self.dialogs = Dialogs(shell, self.game, self.setup)
        self.tutorial = TutorialFlow(shell, self.game, self.setup)  # Learn to play (app.tutorial_flow)
        self.links = LinkFlow(shell, self.game, self.linked, self.replay, self.log, self.end)
        # "Suggest a move": the expert's move for the human to move (app.hints)
        self.hints = Hints(HintsView(shell, self.game, self.pace, self.log))
        self.api = PageApi(shell, self.game, self.setup, self.pace, self.end, self.replay, self.log, self.hints)
        self.game.on_attach += [self.pace.cancel, self.end.bring_back]
        self.game.on_over.append(self.end.bring_back)
        self._sounds = SoundCues()  # the sound cues of the game on screen (app.sounds)

        resumed = self.game.resume_stored()
        requested = shell.params.get("game")
        if requested and shell.playable(requested):
            if resumed and resumed[0].game.id == requested:
                self.game.attach(*resumed, show=False)
            self.setup.open(requested)
        elif resumed is not None:
            self.game.attach(*resumed)
        elif shell.embed:
            self.setup.open(registry.default_game())
        if shell.guest:
            shell.dialog = "other-tab"
        elif config.get("link"):
            self.links.open_link(str(config["link"]))

    # What the bridge, the tests and the benches read: the game in progress, its screen, the new-game form.
    @property
    def session(self) -> Session | None:
        return self.game.session

    @property
    def scene(self) -> GameScreen | None:
        return self.game.scene

    @property
    def form(self) -> SetupForm | None:
        return self.setup.form

    def move_log(self) -> MoveLog | None:
        """The move log of the game in progress (None without one)."""
        return self.log.of(self.game.session)

    # --- the frame loop ---------------------------------------------------------------------------
    def frame(self, t_ms: float, advance: bool = True) -> dict[str, Any]:
        """One frame's output. ``advance`` False: the game is not moved on here (a page-API call is
        playing it at full speed in slices of its own, and must see every side action open on the way)."""
        shell, game, pace = self.shell, self.game, self.pace
        last, shell.last_frame = shell.last_frame, t_ms
        dt = 0.0 if last is None else max(0.0, min(0.1, (t_ms - last) / 1000))
        out: dict[str, Any] = {}
        self.tutorial.frame()
        session = game.session if shell.screen == "game" and game.scene is not None else None  # the game on screen
        scene = game.scene
        if session is not None and scene is not None and not game.paused:  # paused: the picture stays
            if advance and not shell.dialog and session.failed is None:  # (redrawn only if asked, e.g. a resize)
                self._sounds.follow(session)  # a new game's first steps are heard
                pace.contained(pace.advance)
            scene.update(dt)
            shell.said.extend(scene.take_announcements())
        viewer = self.replay.viewer if shell.screen == "replay" else None
        if viewer is not None:
            self.replay.frame(dt, out)
        heard = session if session is not None else (viewer.session if viewer is not None else None)
        sound = self._sounds.take(heard, silent=pace.fast or bool(pace.skipping) or not shell.sound_on)
        if sound:
            out["sound"] = sound
        if session is not None:  # the move log, the toolbar's pace controls and the hint follow the game
            if self.log.moved(session.state, pace.log_held()):
                shell.changed()
            if pace.changed():
                shell.changed()
            if self.hints.frame():  # the hint thinks; its card, button and marks follow
                shell.changed()
        if self.end.follow():  # the end panel comes (or goes) with the picture
            shell.changed()
        # The end of a game is the shell's: the end panel, or the board clear behind it once the panel is put
        # aside; the canvas never draws its own result banner over the board (a new scene too).
        scene = game.scene
        ends = self.end.shown or (game.session is not None and game.session.over)
        if scene is not None and scene.end_panel != ends:
            scene.end_panel = ends
            scene.dirty = True
        if session is not None and scene is not None and scene.dirty:
            from dicehall.ui.canvas import DisplayList

            if game.choices_changed():  # the buttons of the choices follow the picture
                shell.changed()
            dl = DisplayList()
            scene.draw(dl, shell.width, shell.height)
            self.hints.draw(dl)
            if game.paused:
                game.draw_paused(dl)
            scene.dirty = False
            out["draw"] = dl.ops
        if shell.dom_dirty:
            out["dom"] = self.render_dom()
            out["canvas"] = session is not None or viewer is not None
            out["keys"] = self._page_keys(session) if viewer is None else {"game": True, "ctrl": [], "wheel": False}
            out["lang"] = shell.lang
            out["title"] = self._title()
            shell.dom_dirty = False
        shell.hand_over(out)
        return out

    def _page_keys(self, session: Session | None) -> dict[str, Any]:
        """What the page must keep from the browser, decided before the worker sees an event (it cannot
        wait for the answer): on a game, the keys without a modifier, the Ctrl/Cmd shortcuts listed here
        ("shift+z": with Shift), and the wheel if the screen zooms with it."""
        ctrl: list[str] = []
        if session is not None:
            ctrl = ["z", "shift+z", "y"]
            for shortcut in spec(session.game.id).shortcuts:
                ctrl.append(("shift+" if shortcut.shift else "") + shortcut.key)
        wheel = session is not None and bool(getattr(self.game.scene, "takes_wheel", False))
        return {"game": session is not None, "ctrl": ctrl, "wheel": wheel}

    def _title(self) -> str:
        shell, viewer, lang = self.shell, self.replay.viewer, self.shell.lang
        if shell.screen == "replay" and viewer is not None:
            from dicehall.app.replay import t as replay_t

            return f"{replay_t(lang, 'title', game=registry.info(viewer.game.id).title(lang))} — dicehall"
        if shell.screen in ("game", "setup"):
            session, form = self.game.session, self.setup.form
            game_id = session.game.id if shell.screen == "game" and session else (form.game if form else None)
            if game_id is not None:
                return f"{registry.info(game_id).title(lang)} — dicehall"
        return "dicehall"

    def resize(self, width: float, height: float) -> None:
        self.shell.width, self.shell.height = float(width), float(height)
        if self.game.scene is not None:
            self.game.scene.resize(self.shell.width, self.shell.height)
            self.game.scene.dirty = True
        if self.replay.viewer is not None:
            self.replay.viewer.scene.resize(self.shell.width, self.shell.height)

    # --- the page's HTML, by screen -----------------------------------------------------------------
    def render_dom(self) -> str:
        shell, session = self.shell, self.game.session
        in_front = self.dialogs.dom() + self.links.dialog_dom()  # the dialog in front, if any
        if shell.screen == "replay" and self.replay.viewer is not None:
            return self.replay.dom() + in_front
        on_game = shell.screen == "game" and session is not None
        problems = screens.banners(shell.lang, shell.persist.problems, shell.update_ready, docked=on_game)
        if on_game:  # the toolbar first, the notices docked under it, the board below them
            return (
                self._toolbar()
                + problems
                + self.game.choice_bar(self.hints.hinted_choices)
                + self.log.panel(session, self.pace.log_held())
                + self.hints.card()
                + self.links.waiting_card()
                + self.end.dom()
                + self.tutorial.dom()
                + in_front
            )
        form = self.setup.form
        if shell.screen == "setup" and form is not None:
            can_resume = bool(session and session.game.id == form.game and not session.over)
            body = screens.setup(
                shell.lang, form, self.setup.form_error, can_resume, shell.embed, self.tutorial.lessons()
            )
        else:
            resume = None
            if session is not None and not session.over:
                state = session.state
                resume = (session.game.id, getattr(state, "turn", session.match.ply), getattr(state, "round", None))
            from dicehall.app import link_games

            linked = link_games.section(shell.lang, link_games.read(shell.persist.storage))
            body = screens.hub(shell.lang, resume, shell.persist.has_previous, linked, self.tutorial.lessons())
        return problems + body + in_front

    def _toolbar(self) -> str:
        """The game's toolbar and menu (GameFlow.toolbar) with the hint's and the pace's controls, the button of
        the result once the end panel is put aside, and the move log's and the sound's buttons."""
        lang, session = self.shell.lang, self.game.session
        extra = ""
        if session is not None and session.over and not self.end.shown:
            from dicehall.app.end_panel import result_button

            extra = result_button(lang)
        pace_items = self.pace.menu_items() + self.hints.menu_items()
        toolbar = self.game.toolbar(self.hints.button() + self.pace.controls(), pace_items, extra)
        spacer = '<span class="spacer"></span>'  # the move log's button before it, the sound's after it
        return toolbar.replace(spacer, self.log.button() + spacer + sound_button(lang, self.shell.sound_on), 1)

    # --- input ------------------------------------------------------------------------------------
    def input(self, event: dict[str, Any]) -> bool:
        shell, game = self.shell, self.game
        kind = event.get("type")
        if kind == "cmd":
            self.command(str(event.get("cmd", "")), event.get("arg"))
            return True
        if kind == "sw" and event.get("state") == "update-ready":
            shell.update_ready = True
            shell.changed()
            return True
        if kind == "owner" and event.get("state") == "lost" and not shell.guest:
            game.lose_ownership()
            return True
        if kind == "link" and not shell.guest:  # the page's fragment changed: a link opened in this tab
            self.links.open_link(str(event.get("hash") or ""))
            return True
        if shell.guest:
            return False  # only the offer to play here is live
        if kind in ("key", "pointerdown"):
            shell.touch = kind == "pointerdown" and event.get("pointer") == "touch"
            if game.scene is not None and hasattr(game.scene, "set_touch"):
                game.scene.set_touch(shell.touch)
        if kind == "key" and self._shortcut(event):
            return True
        scene = game.scene
        if kind == "choice-focus":  # the keyboard is on a choice's button: the screen shows it on the board
            if shell.screen == "game" and scene is not None and hasattr(scene, "focus_choice"):
                scene.focus_choice(int(event.get("index", -1)))
            return False
        if shell.screen != "game" or scene is None or shell.dialog or game.paused or self.end.shown:
            return False
        from dicehall.ui.scene import InputEvent

        fields = {k: event[k] for k in InputEvent.__slots__ if k in event}
        return bool(scene.on_input(InputEvent(**fields)))

    def _shortcut(self, event: dict[str, Any]) -> bool:
        shell, session = self.shell, self.game.session
        key = str(event.get("key", "")).lower()
        ctrl = bool(event.get("ctrl") or event.get("meta"))
        alt, shift = bool(event.get("alt")), bool(event.get("shift"))
        if key == "escape" and (shell.dialog or shell.menu_open):
            self.dialogs.close()
            shell.changed()
            return True
        if key == "escape" and self.log.open:  # the move log's drawer closes
            self.log.open = False
            shell.changed()
            return True
        if shell.screen == "replay" and self.replay.viewer is not None:
            return self._run(self.replay.key_command(key, ctrl or alt))
        if shell.screen != "game" or session is None:
            return False
        if key == "escape" and self.end.shown:  # the end panel is put aside: the final board shows
            return self._run("end-aside")
        if key == "f1" and not ctrl and not alt:  # the original's help keys: the rules, the About box
            shell.dialog, shell.menu_open = ("about" if shift else "rules"), False
            shell.changed()
            return True
        if key in ("k", "h") and not ctrl and not alt and not shell.dialog and not self.game.paused:
            return self._run("skip" if key == "k" else "hint")  # to my turn (or finish), "Suggest a move"
        if not ctrl:
            return False
        if key == "z" and not shift:
            return self._run("undo")
        if key == "y" or (key == "z" and shift):
            return self._run("redo")
        for shortcut in spec(session.game.id).shortcuts:
            if shortcut.key == key and shortcut.shift == shift:
                return self._run(shortcut.cmd, shortcut.arg)
        return False

    def _run(self, command: str | None, arg: Any = None) -> bool:
        """A key's command, if it has one: run. True if it had one."""
        if command is None:
            return False
        self.command(command, arg)
        return True

    # --- commands ---------------------------------------------------------------------------------
    def command(self, cmd: str, arg: Any) -> None:
        """A command from the page (``{"type": "cmd", "cmd": "name:param", "arg": …}``: a button's ``data-cmd``
        and ``data-arg``), a shortcut, a menu entry or a key: its handler in ``COMMANDS``, with the text after
        the colon and the argument; an unknown name does nothing. A handler returning False asks for no new
        HTML (the field already shows what was typed)."""
        if self.shell.guest:
            return  # another tab owns the games: nothing here may change them
        name, _, param = cmd.partition(":")
        found = COMMANDS.get(name)
        if found is not None:
            part, handler = found
            if handler(getattr(self, part) if part else self, param, arg) is not False:
                self.shell.changed()

    def _cmd_lang(self, _param: str, arg: Any) -> None:
        if arg in LANGS:
            shell = self.shell
            shell.menu_open = False  # (the menu's language entry, as every entry, closes it)
            shell.lang = shell.settings["lang"] = arg
            shell.save_settings()
            self.setup.set_lang(arg)
            if self.game.scene is not None:
                self.game.scene.set_lang(arg)
            self.replay.set_lang(arg)

    def _cmd_hub(self, _param: str, _arg: Any) -> None:
        self.shell.show("hub")

    def _cmd_hint(self, _param: str, _arg: Any) -> None:
        """ "Suggest a move" (the toolbar, the menu, H): the card and the marks, or put them away."""
        self.shell.menu_open = False
        self.hints.ask()

    def _cmd_hint_close(self, _param: str, _arg: Any) -> None:
        self.hints.close()


# The shell's commands, by the name the page sends (a button's ``data-cmd`` before any ``:param``, a menu entry,
# a spec's shortcut, a key): each part's table (the ``COMMANDS`` of its module: the name to the method that
# handles it, called with the parameter after the colon and the argument), merged here with the App attribute
# that holds the part ("": App's own). Every command the screens emit has an entry, every entry is emitted
# somewhere (tests/app/test_commands.py). ``host:`` commands never reach here: web/host.js handles them.
CommandHandler = Callable[[Any, str, Any], "bool | None"]

PART_COMMANDS: dict[str, Mapping[str, CommandHandler]] = {
    "": {"lang": App._cmd_lang, "hub": App._cmd_hub, "hint": App._cmd_hint, "hint-close": App._cmd_hint_close},
    "game": game_flow.COMMANDS,
    "setup": setup_flow.COMMANDS,
    "pace": pace_flow.COMMANDS,
    "end": end_flow.COMMANDS,
    "dialogs": dialogs.COMMANDS,
    "tutorial": tutorial_flow.COMMANDS,
    "log": log_panel.COMMANDS,
    "links": link_flow.COMMANDS,
    "replay": viewer_flow.COMMANDS,
}


def _merged(tables: dict[str, Mapping[str, CommandHandler]]) -> dict[str, tuple[str, CommandHandler]]:
    merged: dict[str, tuple[str, CommandHandler]] = {}
    for part, table in tables.items():
        for name, handler in table.items():
            if name in merged:
                raise ValueError(f"the command {name!r} has two handlers: {merged[name][0]!r} and {part!r}")
            merged[name] = (part, handler)
    return merged


COMMANDS = _merged(PART_COMMANDS)


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
