"""The page API (``PageApi``): ``window.dicehall``'s members as docs/page-api.md lists them, one method each
(``newGame`` is ``new_game``, ``replayTo`` is ``replay_to``…), and a save file the page opened. web/bridge.py
calls them with the page's arguments and sends back their JSON; each answers ``{"error": one line}`` rather
than raising for a caller's mistake."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dicehall.app.challenge import view as challenge_view
from dicehall.app.session import Session
from dicehall.app.setup_form import session_from_request
from dicehall.core import registry
from dicehall.core import save as save_format
from dicehall.core.errors import DicehallError, UnknownGameError

if TYPE_CHECKING:
    from dicehall.app.end_flow import EndFlow
    from dicehall.app.game_flow import GameFlow
    from dicehall.app.hints import Hints
    from dicehall.app.log_panel import LogPanel
    from dicehall.app.pace import Pace
    from dicehall.app.setup_flow import SetupFlow
    from dicehall.app.shell import Shell
    from dicehall.app.viewer_flow import ViewerFlow
    from dicehall.core.save import SavedGame

FILE_REFUSALS = {  # a save file's refusal, by kind, to the page's notice (app/texts.py); any other: its message
    "not_utf8": "file_not_utf8",
    "too_large": "file_too_large",
    "not_json": "file_not_json",
    "not_ours": "file_not_ours",
    "newer": "file_newer",
    "edited": "file_edited",
}


class PageApi:
    def __init__(
        self,
        shell: Shell,
        game: GameFlow,
        setup: SetupFlow,
        pace: Pace,
        end: EndFlow,
        replay: ViewerFlow,
        log: LogPanel,
        hints: Hints,
    ) -> None:
        self.shell = shell
        self.game = game  # the game in progress: started, played, saved, loaded
        self.setup = setup  # the form's game, shown in state() before a game starts
        self.pace = pace  # the full speed of the calls that play, the speed chosen
        self.end = end  # rematch()
        self.viewing = replay  # replay(), replayTo() and state() on the viewer
        self.moves = log  # log()
        self.hints = hints  # hint()

    def _refusal(self) -> dict[str, Any] | None:
        return (
            {"error": "dicehall is open in another tab of this site: play there, or choose Play here"}
            if self.shell.guest
            else None
        )

    def _started(self, session: Session) -> dict[str, Any]:
        """``session`` shown in place of the game in progress, what follows played at full speed."""
        self.game.start(session)
        self.pace.set_fast(True)
        return {"ok": True}

    def games(self) -> list[dict[str, Any]]:
        lang = self.shell.lang
        return [
            {
                "id": g.id,
                "title": g.title(lang),
                "min_players": g.min_players,
                "max_players": g.max_players,
                "available": g.available,
            }
            for g in registry.CATALOGUE
        ]

    def new_game(self, game_id: str, options: Any) -> dict[str, Any]:
        if refused := self._refusal():
            return refused
        if not isinstance(options, dict):
            return {"error": "options must be an object"}
        try:
            if "challenge" in options:  # the day's challenge: its seats and options are the game's
                from dicehall.app import challenge

                session = challenge.session_from_request(game_id, options, self.shell.lang)
            else:
                session = session_from_request(game_id, options, self.shell.lang)
        except (ValueError, UnknownGameError) as error:
            return {"error": str(error)}
        return self._started(session)

    def state(self) -> dict[str, Any]:
        screen = self.shell.screen
        if screen == "replay" and self.viewing.viewer is not None:
            return self.viewing.state()
        session, form = self.game.session, self.setup.form
        game = session.game.id if session else (form.game if form else None)
        if session is None:
            return {
                "screen": screen,
                "game": game,
                "view": None,
                "to_move": None,
                "legal": [],
                "over": False,
                "scores": [],
            }
        codec = session.game.codec
        return {
            "screen": screen,
            "game": game,
            "view": challenge_view(session),
            "to_move": session.to_move,
            "legal": [codec.to_json(a) for a in session.legal()],
            "over": session.over,
            "scores": list(session.state.scores()),
        }

    def play(self, action: Any) -> dict[str, Any]:
        if refused := self._refusal():
            return refused
        if self.game.session is None or self.shell.screen != "game":
            return {"error": "no game in progress"}
        try:
            self.game.session.submit_json(action)
        except DicehallError as error:
            return {"error": str(error)}
        self.pace.set_fast(True)
        return {"ok": True}

    def busy(self) -> bool:
        session = self.game.session
        busy = session is not None and self.shell.screen == "game" and session.busy and session.failed is None
        if not busy and self.pace.fast:
            self.pace.set_fast(False)
        return busy

    def advance(self, budget: float) -> str:
        """The page API's full speed: steps for about ``budget`` seconds (at least one), stopping at one that
        opens a side action to a human seat (the worker then lets the page see it: docs/page-api.md).
        Returns "" or, if a step failed, the one line the page-API call in flight is rejected with."""
        session = self.game.session
        if session is None or session.failed is not None:
            return session.failed or "" if session is not None else ""

        def steps() -> None:
            deadline = time.perf_counter() + budget
            while session.busy:
                session.advance(budget)
                if session.human_side_actions() or time.perf_counter() >= deadline:
                    return

        self.pace.contained(steps)
        return session.failed or ""

    def log(self) -> list[dict[str, Any]] | None:
        """The move log of the game on screen, in the page's language, oldest first (``log()``); None without
        a game."""
        log = self.moves.of(self.game.session)
        if log is None:
            return None
        return [{"ply": ply, "by": by, "text": text} for ply, by, text in log.lines(self.shell.lang)]

    def log_json(self) -> str:
        """``log()`` as JSON text, made from each entry's part kept by the move log (the bridge sends it
        with every step)."""
        log = self.moves.of(self.game.session)
        return "null" if log is None else log.json_text(self.shell.lang)

    def save(self) -> dict[str, Any] | None:
        return self.game.session.saved().to_json() if self.game.session is not None else None

    def load(self, data: Any) -> dict[str, Any]:
        """``load(save)`` with a document (Python callers, tests): checked by ``save.from_json``."""
        return self._load(lambda: save_format.from_json(data))

    def load_text(self, text: str) -> dict[str, Any]:
        """``load(save)`` from the page: the save's JSON text read by ``save.loads``, the reader of every path
        (a file, the command line), so that each refusal says the same there."""
        return self._load(lambda: save_format.loads(text))

    def _load(self, read: Callable[[], SavedGame]) -> dict[str, Any]:
        """The save ``read`` gives, replayed through the checked rules and shown in place of the game in
        progress (which goes to the previous slot), then what follows played at full speed; refused with one
        line, changing nothing."""
        if refused := self._refusal():
            return refused
        try:
            saved = read()
        except DicehallError as error:
            return {"error": str(error)}
        return self._started(Session.from_saved(saved))

    def hint(self) -> Any:
        """``hint()``: the expert's action for the human seat to move, as JSON (one of ``legal``); None when no
        human is to move. Never plays it."""
        action = self.hints.api_action() if not self.shell.guest else None
        session = self.game.session
        return None if action is None or session is None else session.game.codec.to_json(action)

    def rematch(self) -> dict[str, Any]:
        """A new game of the game on screen with the same seats and options and a new seed (``rematch()``)."""
        if refused := self._refusal():
            return refused
        if self.game.session is None:
            return {"error": "no game to play again"}
        return self._started(self.end.rematch_session())

    def speed(self, value: Any) -> dict[str, Any]:
        """``speed(value)``: the pace of dice and computer turns, remembered in the settings."""
        from dicehall.ui.scene import SPEED_ORDER

        if refused := self._refusal():
            return refused
        if not isinstance(value, str) or value not in SPEED_ORDER:
            shown = json.dumps(value)[:40] if isinstance(value, (str, int, float, bool, type(None))) else "that"
            return {"error": f'speed must be "slow", "normal", "fast" or "instant", not {shown}'}
        self.pace.set_speed(value)
        self.shell.changed()
        return {"ok": True, "speed": value}

    def replay(self, data: Any) -> dict[str, Any]:
        """``replay(save)``: the viewer on that save, checked like any save; the game in progress untouched."""
        if refused := self._refusal():
            return refused
        try:
            saved = save_format.from_json(data)
        except DicehallError as error:
            return {"error": str(error)}
        self.viewing.open(saved, self.viewing.origin())
        assert self.viewing.viewer is not None
        return {"ok": True, "plies": self.viewing.viewer.total}

    def replay_to(self, ply: Any) -> dict[str, Any]:
        """``replayTo(ply)``: the position after ``ply`` log entries in the viewer."""
        viewer = self.viewing.viewer
        if self.shell.screen != "replay" or viewer is None:
            return {"error": "the replay viewer is not open: call replay(save) first"}
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= viewer.total:
            return {"error": f"ply must be a whole number from 0 to {viewer.total}"}
        self.viewing.go(ply)
        self.shell.changed()
        return {"ok": True, "ply": viewer.ply}

    def open_file(self, name: str, text: str | None, size: int = 0) -> bool:
        """A save file chosen with "Open a save file…" or dropped on the page (``text`` None: too large to
        be read at all; ``size``: its length in bytes). It is read by ``save.loads``, the reader of every
        path (``load()``, the command line), and shown as ``load(save)`` shows a game; a bad file is refused
        with one line in the page's language, chosen by the refusal's kind, and changes nothing."""
        from dicehall.core.errors import SaveFormatError

        shell = self.shell
        name = " ".join(str(name).split())[:80] or "?"
        shell.persist.problems[:] = [p for p in shell.persist.problems if not p.what.startswith("file_")]
        shell.changed()
        if shell.guest:
            return False
        if text is None:
            return self._file_refused("file_too_large", name)
        try:
            saved = save_format.loads(text, size)
        except SaveFormatError as error:
            notice = FILE_REFUSALS.get(error.kind)
            if notice is None:
                return self._file_refused("file_refused", name, " ".join(str(error).split())[:160])
            return self._file_refused(notice, name, str(error.entry) if error.kind == "edited" else "")
        self.game.start(Session.from_saved(saved))  # (as ``load(save)`` does with a document)
        shell.said.append(shell.t("file_opened", name=name))
        return True

    def _file_refused(self, what: str, name: str, detail: str = "") -> bool:
        self.shell.notice(what, detail, name)
        return False
