"""Links (``LinkFlow``): "Share this game (link)", a link opened on the page (``#replay=`` in the viewer,
``#play=`` continued here), and play by link: a received move checked against the game this device knows,
two histories of one game, the card of a turn played on another device, a game by link resumed from the hub
(app.links, app.link_games, app.share; what the device keeps of its games by link is app/linked.py's)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.app.session import Session
from dicehall.core import save as save_format
from dicehall.core.errors import DicehallError
from dicehall.core.protocol import NodeKind

if TYPE_CHECKING:
    from dicehall.app.end_flow import EndFlow
    from dicehall.app.game_flow import GameFlow
    from dicehall.app.linked import LinkedGames
    from dicehall.app.log_panel import LogPanel
    from dicehall.app.shell import Shell
    from dicehall.app.viewer_flow import ViewerFlow


class LinkFlow:
    def __init__(
        self, shell: Shell, game: GameFlow, linked: LinkedGames, replay: ViewerFlow, log: LogPanel, end: EndFlow
    ) -> None:
        self.shell = shell
        self.game = game  # the game in progress, which a game by link continues or replaces
        self.linked = linked  # the games by link this device keeps
        self.replay = replay  # where a #replay= link opens
        self.log = log  # the move log, which highlights the entries a link brought
        self.end = end  # the end panel: the card of a turn on another device gives way to it
        self._share: dict[str, Any] | None = None  # the link the share dialog shows
        self._fork: dict[str, Any] | None = None  # two histories of a game by link: the player chooses
        self._pending: Session | None = None  # a game by link waiting for "replace the game in progress?"

    def waiting_card(self) -> str:
        """The card of a game by link whose turn is on another device."""
        session = self.game.session
        if session is None or session.to_move is None or not session.waiting_remote or self.end.shown:
            return ""
        from dicehall.app.share import waiting_card

        return waiting_card(self.shell.lang, session.seats[session.to_move].name)

    def dialog_dom(self) -> str:
        """The links' dialog in front, if one is: the share dialog, two histories, replace the game?"""
        from dicehall.app import screens, share

        lang, dialog = self.shell.lang, self.shell.dialog
        if dialog == "share" and self._share is not None:
            shown = self._share
            return share.dialog(lang, shown["kind"], shown["url"], shown["name"], shown.get("copied", False))
        if dialog == "link-fork":
            return share.fork_dialog(lang, self._fork["at"] + 1 if self._fork else 0)
        if dialog == "confirm-link":
            question = "confirm_link_linked" if self.linked.is_kept(self.game.session) else "confirm_link"
            return screens.confirm(lang, question, "link-confirmed")
        return ""

    def _cmd_share(self, _param: str, arg: Any) -> None:
        """The share dialog: a link that opens the game read-only ("replay"), or continues it ("play")."""
        from dicehall.app import links

        self.shell.menu_open = False
        session = self.game.session
        if session is None:
            return
        kind = arg if arg in links.KINDS else "replay"
        to = session.to_move
        name = session.seats[to].name if to is not None else ""
        url = links.make(self.shell.page_url, kind, session.saved().to_json())
        if kind == "play":
            session.link_sent = len(session.match.log)
        self._share = {"kind": kind, "url": url, "name": name}
        self.shell.dialog = "share"

    def _cmd_link_copied(self, _param: str, _arg: Any) -> None:
        if self._share is not None:
            self._share["copied"] = True

    def open_link(self, fragment: str) -> bool:
        """A link opened on this page (at start, or in this tab later): ``#replay=…`` in the viewer,
        ``#play=…`` continued here. A bad one is refused with one line and changes nothing."""
        from dicehall.app import links

        if not links.is_link(fragment):
            return False
        try:
            kind, document = links.read(fragment)
            saved = save_format.from_json(document)
        except DicehallError as error:
            self.shell.clear_fragment = True
            return self._notice("link_refused", str(error)[:160])
        if kind == "replay":  # the fragment stays while the viewer shows it (a reload shows it again)
            self.replay.open(saved, self.replay.origin(), by_link=True)
            return True
        self.shell.clear_fragment = True  # received: a reload must not offer an older move again
        return self._receive_play(saved)

    def _notice(self, what: str, detail: str) -> bool:
        self.shell.notice(what, detail)
        return False

    def _receive_play(self, saved: Any) -> bool:
        """A game by link: it must extend the game this device knows under the same key; unknown, it starts
        here (after asking, if another game is in progress), this device taking the seat whose turn it is."""
        from dicehall.app import link_games

        document = saved.to_json()
        key = link_games.key_of(document)
        current = self.game.session
        known_doc: dict[str, Any] | None = None
        local: set[int] | None = None
        if current is not None and link_games.session_key(current) == key and current.remote:
            known_doc = current.saved().to_json()
            local = {i for i in range(len(current.seats)) if current.plays_here(i)}
        else:
            known = self.linked.kept(key)
            if known is not None:
                known_doc, local = known[0].to_json(), known[1]
        received = Session.from_saved(saved)
        forks = False
        if known_doc is not None and local is not None:
            if not link_games.same_game(known_doc, document):
                return self._notice("link_rewrites", "0")
            verdict, at = link_games.compare(known_doc["log"], document["log"])
            if verdict == "older":
                return self._notice("link_older", str(at))
            forks, fresh = verdict == "rewrites", at
        else:
            state = received.state
            if state.kind is not NodeKind.DECISION or received.seats[state.to_move].is_ai:
                return self._notice("link_refused", "no player of this device is to move")
            local, fresh = {state.to_move}, 0
        received.remote = frozenset(i for i, seat in enumerate(received.seats) if not seat.is_ai and i not in local)
        received.match.salt = self.linked.device_secret()
        if forks and known_doc is not None:
            # Two histories of one game (a side action taken after the link was sent, the same link played
            # on two devices…): neither is dropped; the player chooses which goes on, the other is saved.
            self._fork = {"received": received, "known": known_doc, "at": fresh}
            self.shell.dialog, self.shell.menu_open = "link-fork", False
            self.shell.changed()
            return True
        return self._accept_received(received, key, fresh)

    def _accept_received(self, received: Session, key: str, fresh: int) -> bool:
        """Show ``received`` (a game by link checked against what this device knows; its first ``fresh``
        entries were known here), asking first if it would replace another game in progress."""
        from dicehall.app import link_games

        current = self.game.session
        self.log.fresh = (received, fresh)
        same = current is not None and link_games.session_key(current) == key
        # Another game in progress is never replaced without asking, whether this link is new here or a
        # newer move of another game by link this device knows (docs/page-api.md).
        if not same and current is not None and not current.over:
            self._pending = received
            self.shell.dialog, self.shell.menu_open = "confirm-link", False
            self.shell.changed()
            return True
        self._show_received(received, same)
        return True

    def _show_received(self, session: Session, same: bool) -> None:
        """Show a game received by link: in place of the same game (its newer version), or as a new game."""
        fresh = self.log.fresh
        new = len(session.match.log) - (fresh[1] if fresh is not None else 0)
        if same:
            self.shell.persist.store_current(session.saved())
            self.game.attach(session, self.shell.make_scene(session))
            self.linked.remember(session)
        else:
            self.game.start(session)
        if new > 0:
            self.shell.said.append(self.shell.t("link_received", n=new))

    def _cmd_link_fork(self, _param: str, arg: Any) -> None:
        """The player's choice between two histories of one game: "keep" this device's (the link's version is
        saved to a file) or "take" the link's (this device's version is saved to a file)."""
        import datetime
        import json

        from dicehall.app import link_games
        from dicehall.app.end_panel import file_name

        fork, self._fork = self._fork, None
        self.shell.dialog = None
        if fork is None or arg not in ("keep", "take"):
            return
        received: Session = fork["received"]
        keep = arg == "keep"
        other = received.saved().dumps() if keep else json.dumps(fork["known"], ensure_ascii=False)
        name = file_name(received.game.id, datetime.date.today().isoformat())
        suffix = "-link.json" if keep else "-this-device.json"
        self.shell.download = {"name": name.replace(".json", suffix), "text": other}
        self.shell.notice("link_fork_kept_done" if keep else "link_fork_taken_done")  # (a notice, not a refusal)
        if not keep:
            self._accept_received(received, link_games.key_of(received.saved().to_json()), fork["at"])

    def _cmd_link_confirmed(self, _param: str, _arg: Any) -> None:
        pending, self._pending = self._pending, None
        self.shell.dialog = None
        if pending is not None:
            self._show_received(pending, False)

    def _cmd_linked_resume(self, _param: str, arg: Any) -> None:
        """A game by link from the hub's list, in place of the game in progress."""
        from dicehall.app import link_games

        entries = link_games.read(self.shell.persist.storage)
        try:
            entry = entries[int(str(arg))]
        except (ValueError, IndexError):
            return  # (the list changed under the button: nothing to resume)
        try:
            saved, _local = link_games.checked(entry)
        except DicehallError as error:
            self.linked.set_aside(entry, str(error))
            return
        session = self.linked.with_remote(Session.from_saved(saved))
        current = self.game.session
        if current is not None and link_games.session_key(current) == entry["key"]:
            self.shell.screen, self.shell.dialog = "game", None
            return
        self.game.start(session)


COMMANDS = {
    "share": LinkFlow._cmd_share,
    "link-copied": LinkFlow._cmd_link_copied,
    "link-fork": LinkFlow._cmd_link_fork,
    "link-confirmed": LinkFlow._cmd_link_confirmed,
    "linked-resume": LinkFlow._cmd_linked_resume,
}
