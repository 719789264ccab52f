"""The end of a game (``EndFlow``; its HTML is app/end_panel.py): the end panel over the final board, put
aside and brought back, its result card of the day's challenge, and what it offers: play again, a new game
with the same players, watch the replay, download the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.app.session import Session

if TYPE_CHECKING:
    from dicehall.app.game_flow import GameFlow
    from dicehall.app.setup_flow import SetupFlow
    from dicehall.app.shell import Shell
    from dicehall.app.viewer_flow import ViewerFlow
    from dicehall.core.match import Match


class EndFlow:
    def __init__(self, shell: Shell, game: GameFlow, setup: SetupFlow, replay: ViewerFlow) -> None:
        self.shell = shell
        self.game = game  # the game that ended
        self.setup = setup  # "New game": its form, filled in with this game's players
        self.replay = replay  # "Watch the replay"
        self.aside = False  # the panel was put aside (to look at the final board); "Result" brings it back
        self.shown = False  # the panel is in the page now
        self._copied: Match | None = None  # the match whose challenge line was copied (its button says so)

    def bring_back(self) -> None:
        """Another game, or this one over again: its panel shows once the last step is on the board."""
        self.aside = False

    def visible(self) -> bool:
        """The end panel shows over a finished game once its last step is on the board, unless it was put
        aside, or a dialog, the menu or another tab's notice is in front."""
        shell, session, scene = self.shell, self.game.session, self.game.scene
        return (
            shell.screen == "game"
            and session is not None
            and scene is not None
            and session.over
            and not self.aside
            and not shell.dialog
            and not shell.guest
            and bool(scene.ready())
        )

    def follow(self) -> bool:
        """The panel comes (or goes) with the picture: True if it did."""
        if self.visible() == self.shown:
            return False
        self.shown = not self.shown
        return True

    def dom(self) -> str:
        session = self.game.session
        if not self.shown or session is None or not session.over:  # (a new game, before its frame)
            return ""
        from dicehall.app.end_panel import panel

        return panel(
            self.shell.lang,
            session.game.id,
            session.state,
            session.seats,
            self.shell.embed,
            challenge=self.challenge_card(),
            linked=bool(session.remote),
        )

    def challenge_card(self) -> str:
        """The result card of the day's challenge (and the link to its replay, when short enough to share)."""
        session = self.game.session
        if session is None or not session.match.challenge:
            return ""
        from dicehall.app import links
        from dicehall.app.challenge import card

        page_url = self.shell.page_url
        link = links.make(page_url, "replay", session.saved().to_json()) if page_url else ""
        return card(
            self.shell.lang,
            session,
            self.shell.stats,
            self._copied is session.match,
            link if len(link) <= links.MAX_SHARED else "",
        )

    def rematch_session(self) -> Session:
        """A new game of the game on screen: the same seats (names, kinds, levels, colours) and options, a new seed."""
        import secrets  # lazily, as in setup_form

        from dicehall.core.save import Seat

        old = self.game.session
        assert old is not None
        seats = [Seat(name=seat.name, kind=seat.kind, level=seat.level, extra=dict(seat.extra)) for seat in old.seats]
        seed = secrets.token_hex(6)
        while seed == old.match.seed:
            seed = secrets.token_hex(6)
        session = Session.new(old.game, old.match.options, seats, seed)
        session.remote = old.remote  # a game by link: a rematch by link, the same players on the same devices
        return session

    def _cmd_end_rematch(self, _param: str, _arg: Any) -> None:
        if self.game.session is not None:
            self.shell.menu_open = False
            self.game.start(self.rematch_session())

    def _cmd_end_new_game(self, _param: str, _arg: Any) -> None:
        """The new-game form, filled in with this game's seats and options."""
        if self.game.session is not None:
            self.setup.open_with_session()

    def _cmd_end_replay(self, _param: str, _arg: Any) -> None:
        """ "Watch the replay": the finished game in the viewer, from its start."""
        if self.game.session is not None:
            self.replay.open(self.game.session.saved(), "game")

    def _cmd_end_aside(self, _param: str, _arg: Any) -> None:
        self.aside = True

    def _cmd_end_show(self, _param: str, _arg: Any) -> None:
        self.shell.menu_open = False
        self.aside = False

    def _cmd_challenge_copied(self, _param: str, _arg: Any) -> None:
        """The page copied the result's line (host:copy): the button says so."""
        self._copied = self.game.session.match if self.game.session is not None else None

    def _cmd_download(self, _param: str, _arg: Any) -> None:
        """The game on screen as a save file, which the page hands over (frame output ``download``)."""
        import datetime

        from dicehall.app.end_panel import file_name

        self.shell.menu_open = False
        session = self.game.session
        if session is not None:
            self.shell.download = {
                "name": file_name(session.game.id, datetime.date.today().isoformat()),
                "text": session.saved().dumps(),
            }


COMMANDS = {
    "end-rematch": EndFlow._cmd_end_rematch,
    "end-new-game": EndFlow._cmd_end_new_game,
    "end-replay": EndFlow._cmd_end_replay,
    "end-aside": EndFlow._cmd_end_aside,
    "end-show": EndFlow._cmd_end_show,
    "challenge-copied": EndFlow._cmd_challenge_copied,
    "download": EndFlow._cmd_download,
}
