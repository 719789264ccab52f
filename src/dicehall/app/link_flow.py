"""The App's links: "Share this game (link)", a link opened on the page (``#replay=`` in the viewer, ``#play=``
continued here), and play by link (app.links, app.link_games, app.share). A part of ``App`` (app/app.py),
which it is mixed into: it reads and sets the App's screen, dialog and session."""

from __future__ import annotations

from typing import Any

from dicehall.app.parts import AppParts
from dicehall.app.session import Session
from dicehall.core import save as save_format
from dicehall.core.errors import DicehallError
from dicehall.core.protocol import NodeKind


class LinkScreens(AppParts):
    """Links and play by link: a part of ``App``."""

    def _with_remote(self, session: Session) -> Session:
        """A stored game that is a game by link gets back which seats are played on other devices."""
        from dicehall.app import link_games

        known = self._kept_linked(link_games.session_key(session))
        if known is not None:
            local = known[1]
            session.remote = frozenset(i for i, seat in enumerate(session.seats) if not seat.is_ai and i not in local)
            session.match.salt = self._device_secret()
        return session

    def _device_secret(self) -> str:
        """This device's secret, mixed into the dice it rolls in games by link (made once, kept in the settings)."""
        secret = self.settings.get("device")
        if not isinstance(secret, str) or not 8 <= len(secret) <= 64:
            import secrets

            secret = self.settings["device"] = secrets.token_hex(12)
            self._save_settings()
        return secret

    def _remember_linked(self, session: Session) -> None:
        import datetime

        from dicehall.app import link_games

        if not self.persist.read_only:
            local = [i for i in range(len(session.seats)) if session.plays_here(i)]
            link_games.remember(
                self.persist.storage,
                session.saved().to_json(),
                local,
                session.to_move,
                session.over,
                datetime.date.today().isoformat(),
            )

    def _kept_linked(self, key: str) -> tuple[save_format.SavedGame, set[int]] | None:
        """The game by link this device keeps under ``key`` and the seats it plays, checked like a save; a
        kept entry that cannot be used is set aside (``dicehall:unreadable:N``) with a notice, and forgotten."""
        from dicehall.app import link_games

        entry = link_games.find(self.persist.storage, key)
        if entry is None:
            return None
        try:
            return link_games.checked(entry)
        except DicehallError as error:
            self._set_aside_linked(entry, str(error))
            return None

    def _set_aside_linked(self, entry: dict[str, Any], reason: str) -> None:
        import json

        from dicehall.app import link_games

        if self.persist.keep_aside(link_games.KEY, json.dumps(entry, ensure_ascii=False), reason):
            link_games.forget(self.persist.storage, entry["key"])
        self._touch()

    def _replaced_is_linked(self) -> bool:
        """The game in progress is a game by link, kept (as it is now) in the list of games by link."""
        from dicehall.app import link_games

        session = self.session
        if session is None or not session.remote:
            return False
        entry = link_games.find(self.persist.storage, link_games.session_key(session))
        return entry is not None and entry["save"] == _packed_save(session)

    def _link_dom(self) -> str:
        """The card of a game by link whose turn is on another device."""
        session = self.session
        if session is None or session.to_move is None or not session.waiting_remote or self._end_shown:
            return ""
        from dicehall.app.share import waiting_card

        return waiting_card(self.lang, session.seats[session.to_move].name)

    def _cmd_share(self, _param: str, arg: Any) -> None:
        """The share dialog: a link that opens the game read-only ("replay"), or continues it ("play")."""
        from dicehall.app import links

        self.menu_open = False
        if self.session is None:
            return
        kind = arg if arg in links.KINDS else "replay"
        to = self.session.to_move
        name = self.session.seats[to].name if to is not None else ""
        url = links.make(self.page_url, kind, self.session.saved().to_json())
        if kind == "play":
            self.session.link_sent = len(self.session.match.log)
        self._share = {"kind": kind, "url": url, "name": name}
        self.dialog = "share"

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
            self._clear_fragment = True
            return self._link_notice("link_refused", str(error)[:160])
        if kind == "replay":  # the fragment stays while the viewer shows it (a reload shows it again)
            self._open_viewer(saved, "game" if self.screen == "game" and self.session is not None else "hub")
            self._link_viewer = self.viewer
            return True
        self._clear_fragment = True  # received: a reload must not offer an older move again
        return self._receive_play(saved)

    def _link_notice(self, what: str, detail: str) -> bool:
        from dicehall.app.persistence import Problem

        self.persist.problems.append(Problem(what, detail))
        self._touch()
        return False

    def _receive_play(self, saved: Any) -> bool:
        """A game by link: it must extend the game this device knows under the same key; unknown, it starts
        here (after asking, if another game is in progress), this device taking the seat whose turn it is."""
        from dicehall.app import link_games

        document = saved.to_json()
        key = link_games.key_of(document)
        current = self.session
        known_doc: dict[str, Any] | None = None
        local: set[int] | None = None
        if current is not None and link_games.session_key(current) == key and current.remote:
            known_doc = current.saved().to_json()
            local = {i for i in range(len(current.seats)) if current.plays_here(i)}
        else:
            known = self._kept_linked(key)
            if known is not None:
                known_doc, local = known[0].to_json(), known[1]
        received = Session.from_saved(saved)
        forks = False
        if known_doc is not None and local is not None:
            if not link_games.same_game(known_doc, document):
                return self._link_notice("link_rewrites", "0")
            verdict, at = link_games.compare(known_doc["log"], document["log"])
            if verdict == "older":
                return self._link_notice("link_older", str(at))
            forks, fresh = verdict == "rewrites", at
        else:
            state = received.state
            if state.kind is not NodeKind.DECISION or received.seats[state.to_move].is_ai:
                return self._link_notice("link_refused", "no player of this device is to move")
            local, fresh = {state.to_move}, 0
        received.remote = frozenset(i for i, seat in enumerate(received.seats) if not seat.is_ai and i not in local)
        received.match.salt = self._device_secret()
        if forks and known_doc is not None:
            # Two histories of one game (a side action taken after the link was sent, the same link played
            # on two devices…): neither is dropped; the player chooses which goes on, the other is saved.
            self._fork = {"received": received, "known": known_doc, "at": fresh}
            self.dialog, self.menu_open = "link-fork", False
            self._touch()
            return True
        return self._accept_received(received, key, fresh)

    def _accept_received(self, received: Session, key: str, fresh: int) -> bool:
        """Show ``received`` (a game by link checked against what this device knows; its first ``fresh``
        entries were known here), asking first if it would replace another game in progress."""
        from dicehall.app import link_games

        current = self.session
        self._fresh = (received, fresh)
        same = current is not None and link_games.session_key(current) == key
        # Another game in progress is never replaced without asking, whether this link is new here or a
        # newer move of another game by link this device knows (docs/page-api.md).
        if not same and current is not None and not current.over:
            self._pending_link = received
            self.dialog, self.menu_open = "confirm-link", False
            self._touch()
            return True
        self._show_received(received, same)
        return True

    def _show_received(self, session: Session, same: bool) -> None:
        """Show a game received by link: in place of the same game (its newer version), or as a new game."""
        new = len(session.match.log) - (self._fresh[1] if self._fresh is not None else 0)
        if same:
            self.persist.store_current(session.saved())
            self._attach(session, self._make_scene(session))
            self._remember_linked(session)
        else:
            self._start(session)
        if new > 0:
            self._say.append(self.t("link_received", n=new))

    def _cmd_link_fork(self, _param: str, arg: Any) -> None:
        """The player's choice between two histories of one game: "keep" this device's (the link's version is
        saved to a file) or "take" the link's (this device's version is saved to a file)."""
        import datetime
        import json

        from dicehall.app import link_games
        from dicehall.app.end_panel import file_name

        fork, self._fork = self._fork, None
        self.dialog = None
        if fork is None or arg not in ("keep", "take"):
            return
        received: Session = fork["received"]
        keep = arg == "keep"
        other = received.saved().dumps() if keep else json.dumps(fork["known"], ensure_ascii=False)
        name = file_name(received.game.id, datetime.date.today().isoformat())
        self._download = {"name": name.replace(".json", "-link.json" if keep else "-this-device.json"), "text": other}
        self._link_notice("link_fork_kept_done" if keep else "link_fork_taken_done", "")  # (a notice, not a refusal)
        if not keep:
            self._accept_received(received, link_games.key_of(received.saved().to_json()), fork["at"])

    def _cmd_link_confirmed(self, _param: str, _arg: Any) -> None:
        pending, self._pending_link = self._pending_link, None
        self.dialog = None
        if pending is not None:
            self._show_received(pending, False)

    def _cmd_linked_resume(self, _param: str, arg: Any) -> None:
        """A game by link from the hub's list, in place of the game in progress."""
        from dicehall.app import link_games

        entries = link_games.read(self.persist.storage)
        try:
            entry = entries[int(str(arg))]
        except (ValueError, IndexError):
            return  # (the list changed under the button: nothing to resume)
        try:
            saved, _local = link_games.checked(entry)
        except DicehallError as error:
            self._set_aside_linked(entry, str(error))
            return
        session = self._with_remote(Session.from_saved(saved))
        current = self.session
        if current is not None and link_games.session_key(current) == entry["key"]:
            self.screen, self.dialog = "game", None
            return
        self._start(session)


def _packed_save(session: Session) -> str:
    from dicehall.core import packed

    return packed.pack(session.saved().to_json())
