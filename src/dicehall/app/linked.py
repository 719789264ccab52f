"""The games by link this device takes part in, as the shell keeps them (``LinkedGames``; app.link_games is
the list itself): this device's secret, the seats of a stored game played on other devices, a game by link
remembered after each move, and a kept entry that cannot be read set aside. The game in progress
(app/game_flow.py) and the links (app/link_flow.py) both use it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.core.errors import DicehallError

if TYPE_CHECKING:
    from dicehall.app.session import Session
    from dicehall.app.shell import Shell
    from dicehall.core.save import SavedGame


class LinkedGames:
    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def with_remote(self, session: Session) -> Session:
        """A stored game that is a game by link gets back which seats are played on other devices."""
        from dicehall.app import link_games

        known = self.kept(link_games.session_key(session))
        if known is not None:
            local = known[1]
            session.remote = frozenset(i for i, seat in enumerate(session.seats) if not seat.is_ai and i not in local)
            session.match.salt = self.device_secret()
        return session

    def device_secret(self) -> str:
        """This device's secret, mixed into the dice it rolls in games by link (made once, kept in the settings)."""
        settings = self.shell.settings
        secret = settings.get("device")
        if not isinstance(secret, str) or not 8 <= len(secret) <= 64:
            import secrets

            secret = settings["device"] = secrets.token_hex(12)
            self.shell.save_settings()
        return secret

    def remember(self, session: Session) -> None:
        import datetime

        from dicehall.app import link_games

        persist = self.shell.persist
        if not persist.read_only:
            local = [i for i in range(len(session.seats)) if session.plays_here(i)]
            link_games.remember(
                persist.storage,
                session.saved().to_json(),
                local,
                session.to_move,
                session.over,
                datetime.date.today().isoformat(),
            )

    def kept(self, key: str) -> tuple[SavedGame, set[int]] | None:
        """The game by link this device keeps under ``key`` and the seats it plays, checked like a save; a
        kept entry that cannot be used is set aside (``dicehall:unreadable:N``) with a notice, and forgotten."""
        from dicehall.app import link_games

        entry = link_games.find(self.shell.persist.storage, key)
        if entry is None:
            return None
        try:
            return link_games.checked(entry)
        except DicehallError as error:
            self.set_aside(entry, str(error))
            return None

    def set_aside(self, entry: dict[str, Any], reason: str) -> None:
        import json

        from dicehall.app import link_games

        persist = self.shell.persist
        if persist.keep_aside(link_games.KEY, json.dumps(entry, ensure_ascii=False), reason):
            link_games.forget(persist.storage, entry["key"])
        self.shell.changed()

    def is_kept(self, session: Session | None) -> bool:
        """``session`` is a game by link, kept (as it is now) in the list of games by link."""
        from dicehall.app import link_games
        from dicehall.core import packed

        if session is None or not session.remote:
            return False
        entry = link_games.find(self.shell.persist.storage, link_games.session_key(session))
        return entry is not None and entry["save"] == packed.pack(session.saved().to_json())
