"""Input on the Paradice screen, as in the original: Space stops the dice (or a tap on them); at a crossing
the arrow keys choose the direction (or a click on an arrow or on the cell it points to); O or Y buys the
event, N declines it (or the buttons); while selling, V sells the event on offer, S offers the next one (or a
click on one of one's event cells or icons). Keys 1–6 show a player's route (again, Escape or a click hide
it), E opens the dice events viewer; at the end, a click or Escape puts the result banner aside and Enter
brings it back (a click on an event cell or icon opens it at that event); the
statistics panel's tabs and %/score toggle call ``command``.

A key a question takes, pressed before that question is asked (the pawn still walking, the dice not yet
spinning, the last computer's turn still shown), is kept for it: a line of the messages says so at once, and
the key acts as soon as the question comes, if the game is still where it was when the key was pressed.
A key for a question that is not a human's says at once that it is not the moment.

``SceneInput`` is a mixin of ``ParadiceScene``: it submits only actions found in ``session.legal()``.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from dicehall.games.paradice import texts as tx
from dicehall.games.paradice.actions import BUY, DECLINE, GO, Sell
from dicehall.games.paradice.board import COPY_OF, EVENT, EVENTS, KIND, ROUTES, cell, neighbour, xy
from dicehall.games.paradice.scene_messages import offer_text, offered_cell, prompt_text, sell_types
from dicehall.games.paradice.scene_steps import Beat
from dicehall.games.paradice.scene_view import Hits
from dicehall.ui.controls import PointerInput
from dicehall.ui.geometry import Rect
from dicehall.ui.scene import Choice, InputEvent, SceneBase

if TYPE_CHECKING:  # (the viewer is imported on first use: start-up time)
    from dicehall.games.paradice.scene_event_viewer import EventViewer

KEY_DIRECTIONS = {"ArrowUp": "N", "ArrowRight": "E", "ArrowDown": "S", "ArrowLeft": "W"}
KEY_ARROWS = {"ArrowUp": "↑", "ArrowRight": "→", "ArrowDown": "↓", "ArrowLeft": "←"}
FLASH = 2.2


def answer_phase(event: InputEvent) -> str | None:
    """The phase whose question ``event`` (a key) answers: "roll", "direction", "buy" or "sell"; None."""
    key, lower = event.key, event.key.lower()
    if key == " " or event.code == "Space":
        return "roll"
    if key in KEY_DIRECTIONS:
        return "direction"
    if lower in tx.KEYS_BUY_YES or lower in tx.KEYS_BUY_NO:
        return "buy"
    if lower in ("v", "s"):
        return "sell"
    return None


class SceneInput(PointerInput, SceneBase):
    """Pointer and key handling of ``ParadiceScene`` (see the module docstring). Presses hit the regions of
    the frame as drawn (``hits_now``, the same ``Hits`` the painter returns)."""

    flash_seconds = FLASH
    viewer: EventViewer | None
    route_seat: int | None
    spin: Any  # scene.Spin, or None
    beats: deque[Beat]
    sell_offer: int
    typed: tuple[Any, Any] | None  # (a key, the state it was pressed at), for the coming question

    # --- what the scene provides (ParadiceScene) -------------------------------------------------------
    def actor(self) -> int | None:
        raise NotImplementedError

    def banner_shown(self) -> bool:
        raise NotImplementedError

    def show_banner(self, shown: bool) -> bool:
        raise NotImplementedError

    def command(self, name: str, arg: Any) -> bool:
        raise NotImplementedError

    def open_viewer(self, index: int = 0) -> bool:
        raise NotImplementedError

    def stop_dice(self) -> bool:
        raise NotImplementedError

    def hits_now(self) -> Hits:
        raise NotImplementedError

    # --- what is on screen ---------------------------------------------------------------------------
    def lead(self, action: Any) -> Any:
        """The next press towards ``action`` (SceneBase.lead): for a sale, "sell" once the event on offer is the
        one to sell, else "next" (S) to offer the following one."""
        if isinstance(action, Sell):
            return ("button", "sell" if offered_cell(self) == cell(action.x, action.y) else "skip")
        return None

    def buttons(self) -> list[tuple[str, Rect, str]]:
        """The answer buttons on show: (name, rect, label)."""
        actor = self.actor()
        if actor is None:
            return []
        st = self.state
        lay = self.layout()
        lang = self.lang
        touch = self.touch
        if st.phase == "buy":
            return [
                ("yes", lay.buttons[0], tx.keyed(lang, "yes", touch)),
                ("no", lay.buttons[1], tx.keyed(lang, "no", touch)),
            ]
        if st.phase == "sell":
            return [
                ("sell", lay.buttons[0], tx.keyed(lang, "sell", touch)),
                ("skip", lay.buttons[1], tx.keyed(lang, "skip", touch)),
            ]
        return []

    # --- the choices as real buttons (app.choices) ------------------------------------------------------
    def choices(self) -> list[Choice]:
        """Stop the dice, a direction at a crossing, buy or not, sell or skip: the human's question now."""
        if self.viewer is not None or self.route_seat is not None or self.state.phase == "over":
            return []
        lang = self.lang
        if self.spin is not None and self.spin.human and not self.spin.stopped:
            return [Choice(("dice",), tx.t(lang, "choice_stop"))]
        out = [Choice(("go", d), tx.t(lang, "choice_go", towards=tx.towards(lang, d))) for d in self.directions()]
        out += [Choice(("button", name), tx.keyed(lang, name, True)) for name, _rect, _label in self.buttons()]
        return out

    def prompt(self) -> str:
        if self.viewer is not None or self.route_seat is not None:
            return ""
        return " ".join(text for text in (prompt_text(self), offer_text(self)) if text)

    def directions(self) -> str:
        """The directions a human may choose now (at a crossing), else ""."""
        st = self.state
        if self.actor() is None or st.phase != "direction":
            return ""
        return ROUTES[st.current][st.pawn]

    def arrow_rect(self, d: str) -> Rect:
        """The arrow for direction ``d``: on the neighbour cell it leads to."""
        x, y = xy(neighbour(self.state.pawn, d))
        return self.layout().cell_rect(x, y)

    def icon_rects(self) -> list[Rect]:
        """The 26 boxes of the dice events list (board.EVENTS order)."""
        from dicehall.games.paradice.scene_frame import event_grid

        return event_grid(self.layout())[0]

    # --- acting --------------------------------------------------------------------------------------
    def go(self, d: str) -> bool:
        if self.state.phase != "direction" or self.actor() is None:
            return False
        if d not in self.directions():
            return self._flash(
                tx.t(self.lang, "no_way", name=self.player_name(self.state.current), towards=tx.towards(self.lang, d))
            )
        return self._submit(GO[d])

    def answer(self, buy: bool) -> bool:
        if self.state.phase != "buy" or self.actor() is None:
            return False
        return self._submit(BUY if buy else DECLINE)

    def sell_cell(self, index: int) -> bool:
        st = self.state
        if st.phase != "sell" or self.actor() is None:
            return False
        if index not in st.copies_of(st.current):
            return self._flash(tx.t(self.lang, "not_yours", name=self.player_name(st.current)))
        x, y = xy(index)
        return self._submit(Sell(x, y))

    def sell_event(self, event: int) -> bool:
        st = self.state
        mine = st.copies_of(st.current)
        copy = next((c for c in EVENTS[event].copies if c in mine), None)
        if copy is None:
            return self._flash(tx.t(self.lang, "not_yours", name=self.player_name(st.current)))
        return self.sell_cell(copy)

    def sell_offered(self) -> bool:
        if self.state.phase != "sell" or self.actor() is None:
            return False
        offered = offered_cell(self)
        return offered is not None and self.sell_cell(offered)

    def skip_offer(self) -> bool:
        if self.state.phase != "sell" or self.actor() is None:
            return False
        types = sell_types(self.state)
        self.sell_offer = (self.sell_offer + 1) % max(1, len(types))
        self.dirty = True
        self._say(self.offer())
        return True

    def offer(self) -> str:
        from dicehall.games.paradice.scene_messages import offer_text

        return offer_text(self)

    # --- pointer -------------------------------------------------------------------------------------
    def _target(self, px: float, py: float) -> Any:
        if self.viewer is not None:
            return ("viewer",)
        if self.banner_shown():  # a click anywhere puts the end banner aside, to read the final board
            return ("banner",)
        if self.route_seat is not None:
            return ("route",)
        hits = self.hits_now()
        for (x, y, w, h), name, arg in hits.stats:
            if x <= px < x + w and y <= py < y + h:
                return ("command", name, arg)
        for name, r in hits.buttons:
            if r.contains(px, py):
                return ("button", name)
        for d, r in hits.arrows:
            if r.contains(px, py):
                return ("go", d)
        if hits.dice is not None and hits.dice.contains(px, py):
            return ("dice",)
        for i, r in enumerate(hits.icons):
            if r.contains(px, py):
                return ("icon", i)
        lay = self.layout()
        spot = lay.cell_at(px, py)
        if spot is not None and KIND.get(cell(*spot)) == EVENT:
            return ("cell", cell(*spot))
        return None

    def _activate(self, target: Any) -> bool:
        kind = target[0]
        if kind == "banner":
            return self.show_banner(False)
        if kind == "route":
            self.route_seat = None
            self.dirty = True
            return True
        if kind == "command":
            return self.command(target[1], target[2])
        if kind == "button":
            name = target[1]
            if name in ("yes", "no"):
                return self.answer(name == "yes")
            return self.sell_offered() if name == "sell" else self.skip_offer()
        if kind == "go":
            return self.go(target[1])
        if kind == "dice":
            return self.stop_dice()
        if kind == "icon":
            if self.state.phase == "sell" and self.actor() is not None:
                return self.sell_event(target[1])
            return self.open_viewer(target[1])
        if kind == "cell":
            if self.state.phase == "sell" and self.actor() is not None:
                return self.sell_cell(target[1])
            return self.open_viewer(COPY_OF[target[1]] // 2)
        return False

    def on_input(self, event: InputEvent) -> bool:
        if self.viewer is not None and event.type in ("pointerdown", "pointerup"):
            if event.type == "pointerup" and self.viewer.on_pointer(event.x, event.y) == "close":
                self.viewer = None
            self.dirty = True
            return True
        return super().on_input(event)

    # --- keys pressed before their question ----------------------------------------------------------
    def question_open(self) -> bool:
        """A human is asked something now: a decision on show, or his dice spinning."""
        spin = self.spin
        return self.actor() is not None or (spin is not None and spin.human and not spin.stopped and not self.beats)

    def _early_key(self, phase: str, event: InputEvent) -> bool:
        """A key for a question not asked yet: kept for it if it is the coming question of a human (shown at
        once in the messages), else refused at once; a game over takes no answer."""
        st = self.state
        if st.phase == "over":
            return False
        coming = st.phase == "roll" or self.session.human_to_move
        if not (coming and self.is_human(st.current)):
            return self._flash(tx.t(self.lang, "key_wait", name=self.player_name(st.current)))
        if st.phase != phase:
            return self._flash(tx.t(self.lang, "key_early"))
        self.typed = (event, st)
        self._say(self.typed_text())
        self.dirty = True
        return True

    def typed_text(self) -> str:
        """The line saying which key is kept for the coming question ("" when none)."""
        if self.typed is None:
            return ""
        key = self.typed[0].key
        shown = tx.t(self.lang, "key_space") if key == " " else KEY_ARROWS.get(key, key.upper())
        return tx.t(self.lang, "key_kept", pressed=shown)

    def _release_typed(self) -> None:
        """The question may have come: the kept key answers it (if the game is where it was when the key was
        pressed; else the key is dropped)."""
        typed = self.typed
        if typed is None:
            return
        if self.state is not typed[1]:
            self.typed = None
            self.dirty = True
            return
        if self.question_open():
            self.typed = None
            self.dirty = True
            self._on_key(typed[0])

    # --- keys ----------------------------------------------------------------------------------------
    def _on_key(self, event: InputEvent) -> bool:
        if event.ctrl or event.meta or event.alt:
            return False
        key = event.key
        if self.viewer is not None:
            if self.viewer.on_key(key) == "close" or key == "Escape":
                self.viewer = None
            self.dirty = True
            return True
        if key in ("Escape", "Enter") and self.show_banner(key == "Enter"):
            return True
        if key == "Escape":
            if self.typed is not None:  # the key kept for the coming question is forgotten
                self.typed = None
                self.dirty = True
                return True
            if self.route_seat is not None:
                self.route_seat = None
                self.dirty = True
                return True
            return False
        if len(key) == 1 and key in "123456":
            return self.command("route", int(key) - 1)
        phase = answer_phase(event)
        if phase is not None and not self.question_open():
            return self._early_key(phase, event)
        lower = key.lower()
        if key == " " or event.code == "Space":
            return self.stop_dice()
        if key in KEY_DIRECTIONS:
            return self.go(KEY_DIRECTIONS[key])
        if lower in tx.KEYS_BUY_YES or lower in tx.KEYS_BUY_NO:
            return self.answer(lower in tx.KEYS_BUY_YES)
        if lower == "v":
            return self.sell_offered()
        if lower == "s":
            return self.skip_offer()
        if lower == "e":
            return self.open_viewer(0)
        return False
