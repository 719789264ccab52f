"""How fast the game in progress goes (``Pace``): a step each time the screen has shown the last one, instant
steps at the "instant" pace, skipping to a human's turn, finishing a game no human plays any more, the full
speed of the page API (``fast``), the chosen speed and the toolbar's and menu's controls for all of these; and
the game's own work (dice, computer players) run so that a failure stops the game, not the page."""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dicehall.app import screens

if TYPE_CHECKING:
    from dicehall.app.game_flow import GameFlow
    from dicehall.app.shell import Shell
    from dicehall.app.viewer_flow import ViewerFlow

SLICE = 0.006  # seconds of computer thinking per frame: the page never blocks for long
INSTANT_BUDGET = 0.015  # at the "instant" pace: seconds of steps per frame, taken while the screen is ready
SKIP_BUDGET = 0.04  # skipping to a human's turn: seconds of steps per frame (input still answered between)
FINISH_BUDGET = 0.1  # finishing a game no human plays: seconds of steps per frame (one picture every 0.1 s)
SKIP_HEARD = 3  # the screen's last announcements read out after a skip (the rest would flood the live region)


class Pace:
    contain_failures = True  # tests turn it off (tests/conftest.py), so that a bug fails them rather than a game

    def __init__(self, shell: Shell, game: GameFlow, replay: ViewerFlow) -> None:
        self.shell = shell
        self.game = game  # the game moved on
        self.replay = replay  # the replay viewer: its screen follows the speed chosen
        self.fast = False  # the page API's full speed: no animation holds the game back
        self.skipping: str | None = None  # "turn": to the next human decision, "game": to the end (no animation)
        self._heard: list[str] = []  # the screen's last announcements during a skip
        self._shown: tuple[Any, ...] = ()  # what the toolbar's pace controls show (speed, skip or finish)

    def set_fast(self, fast: bool) -> None:
        self.fast = fast
        if self.game.scene is not None:
            self.game.scene.set_fast(fast)

    def cancel(self) -> None:
        """Another game is shown: a skip under way belonged to the game replaced."""
        if self.skipping:
            self.skipping, self.fast, self._heard = None, False, []

    def advance(self) -> None:
        """Move the game on as far as the screen allows in this frame: one step when it has shown the last
        one; at "instant", step after step while it has nothing to show (within ``INSTANT_BUDGET``); while
        skipping or finishing, every step with no animation (within ``SKIP_BUDGET`` or ``FINISH_BUDGET``)."""
        session, scene = self.game.session, self.game.scene
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

    def contained(self, run: Callable[[], None]) -> None:
        """Run a part of the game's own work (dice, computer players). If it raises, the game stops there,
        as it was stored before the failing step (each step is written after it is applied), with a notice;
        the page stays usable: a new game, the hub and the page API go on (a Promise in flight is rejected
        with the same line). The traceback goes to the console for us."""
        session = self.game.session
        try:
            run()
        except Exception as error:  # noqa: BLE001 - any bug of a game's rules or players, contained here
            if session is None or not self.contain_failures:
                raise
            traceback.print_exc(file=sys.stderr)
            line = " ".join(f"{type(error).__name__}: {error}".split())[:160]
            session.failed = f"internal error ({line})"
            self.skipping = None
            self.shell.notice("game_failed", line)

    def log_held(self) -> int | None:
        """The ply from which the screen has not shown the entries yet (a die being stopped), if it says so;
        the move log leaves them out until then (``log()`` does not: it serves a caller at full speed)."""
        held = getattr(self.game.scene, "log_held_from", None)
        return held() if callable(held) and not self.fast else None

    # --- skipping to a human's turn, finishing the game ---------------------------------------------
    def skip_target(self) -> str | None:
        """What skipping can do now: "turn" (computers to play before a human decides), "game" (no human
        can act any more: play the game to its end), or None (a human is to act, or nothing to play)."""
        game = self.game
        session, scene = game.session, game.scene
        if session is None or scene is None or session.over or game.paused or self.shell.screen != "game":
            return None
        if not scene.humans_in_play():
            return "game"
        if session.busy and session.has_ai and not scene.human_dice():
            return "turn"
        return None

    def _skip_done(self) -> bool:
        session, scene = self.game.session, self.game.scene
        if session is None or scene is None or session.over:
            return True
        if self.skipping == "turn":
            return not session.busy or scene.human_dice() or not scene.humans_in_play()
        return False

    def _skip_steps(self) -> None:
        session, scene = self.game.session, self.game.scene
        assert session is not None and scene is not None
        deadline = time.perf_counter() + (FINISH_BUDGET if self.skipping == "game" else SKIP_BUDGET)
        while not self._skip_done():
            if time.perf_counter() >= deadline:
                break
            session.advance(SLICE)
        # what the screen said of the steps skipped is not read out one by one: only its last lines, after
        # the line saying what the skip did (the result of a finished game, the human's dice)
        self._heard = (self._heard + scene.take_announcements())[-SKIP_HEARD:]
        if self._skip_done():
            self._end_skip()

    def _end_skip(self) -> None:
        shell = self.shell
        mode, self.skipping = self.skipping, None
        heard, self._heard = self._heard, []
        self.set_fast(False)
        session, scene = self.game.session, self.game.scene
        if session is None:
            return
        if session.over:
            shell.said.append(shell.t("finished_now" if mode == "game" else "skipped_to_end"))
        elif not (scene is not None and scene.humans_in_play()):
            shell.said.append(shell.t("skipped_no_human"))
        else:
            shell.said.append(shell.t("skipped_to_turn"))
        shell.said.extend(heard)
        shell.changed()

    def _cmd_skip(self, _param: str, _arg: Any) -> None:
        """ "To my turn" (the toolbar, the menu, K): the computers' turns up to the next human decision,
        with no animation; when no human can act any more, the same control finishes the game."""
        shell, session = self.shell, self.game.session
        shell.menu_open = False
        if self.skipping or shell.dialog:
            return
        target = self.skip_target()
        if target is None:
            if session is not None and not session.over and not self.game.paused:
                shell.said.append(shell.t("skip_nothing"))
            return
        self.skipping = target
        self.set_fast(True)
        shell.said.append(shell.t("skipping" if target == "turn" else "finishing"))

    def _cmd_finish(self, _param: str, _arg: Any) -> None:
        """ "Finish the game": only when no human can act any more (all eliminated, or all computers)."""
        if self.skip_target() == "game":
            self._cmd_skip("", None)
        else:
            self.shell.menu_open = False

    # --- the speed ------------------------------------------------------------------------------------
    def set_speed(self, speed: str) -> None:
        """The pace of dice and computer turns, in every game (one of ``SPEED_ORDER``): remembered in the
        settings, followed by the screens, said in the live region."""
        shell, game = self.shell, self.game
        shell.settings["speed"] = speed
        shell.save_settings()
        if game.scene is not None and game.session is not None:
            game.scene.set_settings(shell.display_settings(game.session.game.id))
        self.replay.apply_settings()
        colon = " : " if shell.lang == "fr" else ": "
        shell.said.append(f"{shell.t('speed')}{colon}{shell.t(f'speed_{speed}')}")

    def _cmd_speed(self, _param: str, arg: Any) -> None:
        """ "slow" … "instant", or "next" (the toolbar's button: the next one, round)."""
        from dicehall.ui.scene import SPEED_ORDER

        if arg == "next":
            arg = SPEED_ORDER[(SPEED_ORDER.index(self.shell.speed()) + 1) % len(SPEED_ORDER)]
        if arg in SPEED_ORDER:
            self.set_speed(arg)

    # --- the toolbar's and the menu's controls --------------------------------------------------------
    def _skip_shown(self) -> tuple[str | None, bool]:
        """The toolbar's skip control: ("turn", enabled) in a game against the computer, ("game", enabled)
        once no human can act, (None, False) without one."""
        session, scene = self.game.session, self.game.scene
        if session is None or scene is None or session.over or self.shell.screen != "game":
            return None, False
        target = None if self.skipping or self.game.paused else self.skip_target()
        if not scene.humans_in_play():
            return "game", target == "game"
        if session.has_ai:
            return "turn", target == "turn"
        return None, False

    def _state(self) -> tuple[Any, ...]:
        return (self.shell.speed(), *self._skip_shown(), self.shell.touch)

    def changed(self) -> bool:
        """The controls differ from what the toolbar shows."""
        return self._state() != self._shown

    def menu_items(self) -> tuple[tuple[str, str, Any], ...]:
        """The game menu's entries for the pace: the next speed, and skip or finish when they can act."""
        t = self.shell.t
        items: list[tuple[str, str, Any]] = [(t("speed_item", speed=t(f"speed_{self.shell.speed()}")), "speed", "next")]
        target = self.skip_target()
        if target == "turn":
            items.append((t("skip"), "skip", None))
        elif target == "game":
            items.append((t("finish"), "finish", None))
        return tuple(items)

    def controls(self) -> str:
        """The toolbar's speed button and skip (or finish) control."""
        self._shown = self._state()
        return screens.pace_controls(self.shell.lang, self.shell.speed(), *self._skip_shown(), self.shell.touch)


COMMANDS = {
    "speed": Pace._cmd_speed,
    "skip": Pace._cmd_skip,
    "finish": Pace._cmd_finish,
}
