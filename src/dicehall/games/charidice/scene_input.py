"""Input on the Charidice screen: pointer presses on the dice, the buttons, the claim row, the help chips
and the sheet tab, with a hover highlight; and the keys (1–6 toggle a die, Space rolls, Enter stops or
confirms the marking, G or D claims). The arrow keys move a keyboard focus over the dice and the buttons;
then Space or Enter activates the focused one, and Escape drops the focus.

``SceneInput`` is a mixin of ``CharidiceScene``: it reads the scene's state and submits only actions found
in ``session.legal()``.
"""

from __future__ import annotations

from typing import Any

from dicehall.games.charidice import texts as tx
from dicehall.games.charidice.actions import CLAIM, Claim, Mark, Roll, Stop
from dicehall.games.charidice.scene_messages import prompt_text
from dicehall.games.charidice.scene_preview import paragraphs
from dicehall.games.charidice.scoring import analyse
from dicehall.games.charidice.scene_view import Hits
from dicehall.ui.controls import FocusRing
from dicehall.ui.scene import Choice, InputEvent, SceneBase

FLASH = 1.8  # a refusal stays on screen this long


class SceneInput(FocusRing, SceneBase):
    """Pointer and key handling of ``CharidiceScene`` (see the module docstring).

    ``hover``: the target under the pointer: ("die", i), ("primary",), ("help", option)…; ``focus``: the
    keyboard focus: ("die", i), ("primary",), ("stop",) or ("claim",). Presses hit the regions of the
    frame as drawn (``hits_now``, the same ``Hits`` the painter returns).
    """

    flash_seconds = FLASH  # SceneBase._flash
    selected: set[int]  # the dice chosen (to re-roll, or to mark)
    peek: bool  # the tab's sheet is swapped in

    # --- what the scene provides (CharidiceScene) ------------------------------------------------------
    def human_active(self) -> bool:
        raise NotImplementedError

    def in_air(self) -> bool:
        raise NotImplementedError

    def selection(self) -> tuple[int, ...]:
        raise NotImplementedError

    def _sync_selection(self) -> None:
        raise NotImplementedError

    def claimant(self) -> tuple[int, Any] | None:
        raise NotImplementedError

    def primary_action(self) -> tuple[str, Any, bool] | None:
        raise NotImplementedError

    def secondary_action(self) -> tuple[str, Any, bool] | None:
        raise NotImplementedError

    def help_selections(self) -> dict[str, tuple[int, ...] | None] | None:
        raise NotImplementedError

    def hits_now(self, lay: Any) -> Hits:
        raise NotImplementedError

    def can_toggle(self) -> bool:
        """The human to move may choose dice now (not before the first roll)."""
        st = self.state
        return self.human_active() and not (st.phase == "roll" and st.rolls == 0)

    def lead(self, action: Any) -> Any:
        """The next press towards ``action`` (SceneBase.lead): a die to pick or to drop, then the button."""
        if isinstance(action, Stop):
            return ("stop",)
        if isinstance(action, Claim):
            return ("claim",)
        if isinstance(action, (Roll, Mark)):
            if not self.can_toggle():
                return ("primary",)
            wrong = sorted(set(action.dice) ^ set(self.selection()))
            return ("die", wrong[0]) if wrong else ("primary",)
        return None

    def focus_ring(self) -> list[Any]:
        """The targets the arrow keys move over, in screen order."""
        ring: list[Any] = [("die", i) for i in range(6)] if self.can_toggle() else []
        if self.primary_action() is not None:
            ring.append(("primary",))
        if self.secondary_action() is not None:
            ring.append(("stop",))
        if self.claimant() is not None:
            ring.append(("claim",))
        return ring

    # --- the choices as real buttons (app.choices): the same targets as the arrow keys' ring ----------
    def choices(self) -> list[Choice]:
        out: list[Choice] = []
        for target in self.focus_ring():
            kind = target[0]
            if kind == "die":
                words = tx.die_words(self.lang, self.state.dice, (target[1],)) or f"D{target[1] + 1}"
                out.append(Choice(target, words, pressed=target[1] in self.selection()))
            elif kind == "claim":
                claim = self.claimant()
                assert claim is not None  # in the ring
                out.append(Choice(target, tx.t(self.lang, "claim", name=self.player_name(claim[0]))))
            else:
                act = self.primary_action() if kind == "primary" else self.secondary_action()
                assert act is not None  # in the ring
                label, _action, enabled = act
                out.append(Choice(target, label, enabled=enabled))
        return out

    def prompt(self) -> str:
        st = self.state
        words = [prompt_text(self, st)]
        if st.phase != "over":
            if st.rolls:
                words.append(tx.die_words(self.lang, st.dice, tuple(range(6))) + ".")
            words += [p.text for p in paragraphs(self, st) if p.text != tx.t(self.lang, "keys_help")]
        return " ".join(w for w in words if w)

    def _focus_moved(self, target: Any) -> None:
        if target[0] == "die":
            self._say(tx.die_words(self.lang, self.state.dice, (target[1],)))

    def toggle(self, die: int) -> bool:
        st = self.state
        if st.phase == "over":
            return False
        if not self.human_active():
            return self._flash(tx.t(self.lang, "flash_wait")) if self.session.human_seats else False
        if st.phase == "roll" and st.rolls == 0:
            return self._flash(tx.t(self.lang, "flash_first"))
        self._sync_selection()
        if die in self.selected:
            self.selected.discard(die)
            self._say(tx.t(self.lang, "ann_unselected", d=die + 1))
        else:
            self.selected.add(die)
            self._say(tx.t(self.lang, "ann_selected", d=die + 1))
        self.dirty = True
        return True

    def press_primary(self) -> bool:
        act = self.primary_action()
        if act is None:
            return False
        label, action, enabled = act
        if not enabled:
            st = self.state
            if st.phase == "mark":
                m = analyse(st.dice, self.selection())
                return self._flash(tx.t(self.lang, f"problem_{m.problem}"))
            return self._flash(tx.t(self.lang, "reroll_none"))
        return self._submit(action)

    def press_stop(self) -> bool:
        act = self.secondary_action()
        return act is not None and self._submit(act[1])

    def press_claim(self) -> bool:
        """Claim la grande donation for the human seat that may now; otherwise say why not (the dice are in
        the air, too late, already used…), so that a press is never lost in silence."""
        claim = self.claimant()
        if claim is not None:
            return self._submit(CLAIM)
        why = self.claim_refusal()
        return self._flash(why) if why else False

    def claim_refusal(self) -> str:
        """Why no human here may claim la grande donation now ("" when nobody here could have meant to)."""
        st, lang = self.state, self.lang
        n = st.num_players
        if st.phase == "over":
            return ""
        humans = [p for p in range(n) if self.is_human(p)]
        if not humans:
            return ""
        neighbour = st.neighbour
        name, active = self.player_name(neighbour), self.player_name(st.active)
        if not self.is_human(neighbour):
            if humans == [st.active]:
                return tx.t(lang, "claim_not_now", name=name, active=active)
            return tx.t(lang, "claim_not_yours", name=name, active=active)
        if st.donations[neighbour] is not None:
            return tx.t(lang, "claim_used", name=name)
        if st.claimed:
            return tx.t(lang, "claim_taken", name=name)
        if st.phase == "throw" and st.rolls < 2:
            return tx.t(lang, "claim_air")
        if st.phase in ("throw", "mark"):
            return tx.t(lang, "claim_late", active=active)
        return ""

    def apply_help(self, option: str) -> bool:
        helps = self.help_selections()
        chosen = helps.get(option) if helps else None
        if chosen is None:
            return False
        self._sync_selection()
        self.selected = set(chosen)
        self.dirty = True
        return True

    def _target(self, x: float, y: float) -> Any:
        return self.hits_now(self.layout()).at(x, y)

    def _activate(self, target: Any) -> bool:
        kind = target[0]
        if kind == "die":
            return self.toggle(target[1])
        if kind == "primary":
            return self.press_primary()
        if kind == "stop":
            return self.press_stop()
        if kind == "claim":
            return self.press_claim()
        if kind == "help":
            return self.apply_help(target[1])
        if kind == "tab":
            self.peek = not self.peek
            self.dirty = True
            return True
        return False

    def _on_game_key(self, event: InputEvent) -> bool:
        key = event.key
        if key in ("1", "2", "3", "4", "5", "6"):
            return self.toggle(int(key) - 1)
        if key == " " or event.code == "Space":
            return self.state.phase == "roll" and self.press_primary()
        if key == "Enter":
            st = self.state
            if st.phase == "roll" and st.rolls > 0:
                return self.press_stop()
            return self.press_primary()
        if key.lower() in ("g", "d"):
            return self.press_claim()
        return False
