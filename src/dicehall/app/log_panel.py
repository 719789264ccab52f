"""The move log beside the board (``LogPanel``): the log of the session shown (app.move_log.MoveLog, made when
first asked for, one at a time: the game's or the replay viewer's), its drawer on a narrow page, how far back
it shows, and the entries a link brought, highlighted."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dicehall.app.move_log import MoveLog
    from dicehall.app.session import Session
    from dicehall.app.shell import Shell
    from dicehall.core.protocol import State


class LogPanel:
    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.open = False  # the drawer is open (a narrow page; a wide one always shows the log)
        self.more = 0  # how many times "show earlier" was pressed
        self.fresh: tuple[Session, int] | None = None  # (session, ply): entries received by link, highlighted
        self._log: MoveLog | None = None
        self._seen: tuple[State[Any], int | None] | None = None  # the state the panel was last shown for

    def of(self, session: Session | None) -> MoveLog | None:
        """The move log of ``session`` (None without one), made when first asked for: it imports the game's
        describer, which the hub never needs."""
        if session is None:
            return None
        if self._log is None or self._log.session is not session:
            from dicehall.app.move_log import MoveLog

            self._log = MoveLog(session)
        return self._log

    def reset(self) -> None:
        """Another screen or game: the drawer closed, the latest entries."""
        self.open, self.more = False, 0

    def moved(self, state: State[Any], held: int | None) -> bool:
        """The game moved (or the screen showed what it held back) since the panel was last shown."""
        seen = (state, held)
        if self._seen == seen:
            return False
        self._seen = seen
        return True

    def panel(self, session: Session | None, held: int | None) -> str:
        """The panel: a column beside the board on a wide page, a drawer over it on a narrow one; the entries
        from ``held`` on are left out (the screen has not shown them yet)."""
        log = self.of(session)
        if log is None:
            return ""
        fresh = self.fresh[1] if self.fresh is not None and self.fresh[0] is session else None
        return log.panel(self.shell.lang, self.more, self.open, held, fresh)

    def button(self) -> str:
        """The toolbar's button that opens the drawer (styles.css shows it on a narrow page)."""
        from dicehall.app.move_log import toggle_button

        return toggle_button(self.shell.lang, self.open)

    def _cmd_log(self, _param: str, arg: Any) -> None:
        """The drawer: "toggle" (the toolbar's button) or "close" (its × button)."""
        self.shell.menu_open = False
        self.open = arg == "toggle" and not self.open

    def _cmd_log_more(self, _param: str, _arg: Any) -> None:
        self.more += 1


COMMANDS = {
    "log": LogPanel._cmd_log,
    "log-more": LogPanel._cmd_log_more,
}
