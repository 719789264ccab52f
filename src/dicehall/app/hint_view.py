"""What the hint of the game on screen (app/hints.py, ``Hints(view)``) reads of the shell, gathered from the
parts that own it, by the names it reads."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dicehall.app.game_flow import GameFlow
    from dicehall.app.log_panel import LogPanel
    from dicehall.app.move_log import MoveLog
    from dicehall.app.pace import Pace
    from dicehall.app.shell import Shell


class HintsView:
    """What the hint (app/hints.py) reads of the shell, by the names it reads: the game on screen, its pause and
    skip, the dialog in front, the page's language, size and input, its move log, the lines to say."""

    def __init__(self, shell: Shell, game: GameFlow, pace: Pace, log: LogPanel) -> None:
        self._shell, self._game, self._pace, self._log = shell, game, pace, log

    session = property(lambda self: self._game.session)
    scene = property(lambda self: self._game.scene)
    paused = property(lambda self: self._game.paused)
    skipping = property(lambda self: self._pace.skipping)
    screen = property(lambda self: self._shell.screen)
    dialog = property(lambda self: self._shell.dialog)
    lang = property(lambda self: self._shell.lang)
    touch = property(lambda self: self._shell.touch)
    width = property(lambda self: self._shell.width)
    height = property(lambda self: self._shell.height)
    _say = property(lambda self: self._shell.said)  # (a new list after each frame)

    def move_log(self) -> MoveLog | None:
        return self._log.of(self._game.session)
