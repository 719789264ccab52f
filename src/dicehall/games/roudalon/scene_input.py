"""Input on the Roudalon screen: the controls (stakes 1–6, throw one or two dice, the alliance buttons,
yes / no, pass), pointer presses with a hover highlight, and the keys: 1–6 stake, T throws one die, D two,
A proposes (or extends) an alliance, O or Y answers yes, N no, C or Enter closes the alliance, P passes.
The arrow keys move a keyboard focus over the enabled controls; Space or Enter activates it, Escape drops it.

``SceneInput`` is a mixin of ``RoudalonScene``: it submits only actions found in ``session.legal()``. A
press on a greyed control says why it is not possible.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dicehall.games.roudalon import texts as tx
from dicehall.games.roudalon.actions import ACCEPT, CLOSE, PASS, PROPOSE, REFUSE, STAKES, THROWS
from dicehall.games.roudalon.odds import chain_chance, hit_chance
from dicehall.games.roudalon.scene_messages import holdings, prompt_text, proposal_chance, throw_chance
from dicehall.games.roudalon.scene_view import Control, Hits
from dicehall.ui.controls import FocusRing
from dicehall.ui.geometry import Rect
from dicehall.ui.i18n import without_keys
from dicehall.ui.scene import Choice, InputEvent, SceneBase

FLASH = 2.2  # a refusal stays on screen this long

__all__ = ["FLASH", "Control", "SceneInput"]


class SceneInput(FocusRing, SceneBase):
    """Pointer and key handling of ``RoudalonScene`` (see the module docstring). Presses hit the controls'
    regions, the same ``Hits`` the painter returns."""

    flash_seconds = FLASH  # SceneBase._flash

    def actor(self) -> int | None:
        """The human seat that may act now (RoudalonScene)."""
        raise NotImplementedError

    # --- the controls ------------------------------------------------------------------------------
    def controls(self) -> list[Control]:
        """The controls on show now, each with its action and whether it is legal for the human to act; on a
        touch screen their labels leave out the keys."""
        out = self._controls()
        return [replace(c, label=without_keys(c.label)) for c in out] if self.touch else out

    def _controls(self) -> list[Control]:
        st = self.state
        if st.phase == "over":
            return []
        lay = self.layout()
        lang = self.lang
        actor = self.actor()
        legal = set(self.session.legal()) if actor is not None else set()
        wait = tx.t(lang, "wait_dice") if self.session.human_to_move else tx.t(lang, "not_your_turn")
        phase = st.phase if actor is not None else "turn"
        out: list[Control] = []
        if phase == "turn":
            seat = actor if actor is not None else None
            if PASS in legal:
                r0, r1 = lay.stakes[0], lay.stakes[-1]
                row = Rect(r0.x, r0.y, r1.right - r0.x, r0.h)
                out.append(Control(("pass",), row, tx.t(lang, "pass"), PASS, True))
            else:
                for a in range(1, 7):
                    stake = STAKES[a - 1]
                    reason = self._stake_reason(a) if actor is not None else wait
                    out.append(Control(("stake", a), lay.stakes[a - 1], str(a), stake, stake in legal, reason=reason))
            for k in (1, 2):
                action = THROWS[k - 1]
                enabled = action in legal
                sub, hopeless = self._chance_sub(k) if enabled else (None, False)
                reason = self._throw_reason(seat, k) if actor is not None else wait
                out.append(
                    Control(
                        ("throw", k),
                        lay.row_throw[k - 1],
                        tx.t(lang, f"throw{k}"),
                        action,
                        enabled,
                        sub,
                        reason,
                        hopeless,
                    )
                )
            left = self.player_name(st.left_of(seat if seat is not None else st.active))
            enabled = PROPOSE in legal
            sub, hopeless = self._alliance_sub(proposal_chance(st)) if enabled else (None, False)
            reason = self._propose_reason(seat) if actor is not None else wait
            r = lay.row_alliance
            wide = Rect(r[0].x, r[0].y, r[1].right - r[0].x, r[0].h)
            out.append(
                Control(("propose",), wide, tx.t(lang, "propose", name=left), PROPOSE, enabled, sub, reason, hopeless)
            )
        elif phase == "answer":
            chance, hopeless = self._alliance_sub(proposal_chance(st))
            yes = Control(("yes",), lay.row_throw[0], tx.t(lang, "yes"), ACCEPT, ACCEPT in legal, chance)
            out.append(replace(yes, hopeless=hopeless))
            out.append(Control(("no",), lay.row_throw[1], tx.t(lang, "no"), REFUSE, REFUSE in legal))
        elif phase == "extend":
            nxt = self.player_name(st.left_of(st.chain[-1]))
            ask, ask_hopeless = self._alliance_sub(proposal_chance(st))
            now, now_hopeless = self._alliance_sub(chain_chance(st.pot, holdings(st, st.chain)))
            extend = Control(
                ("propose",), lay.row_alliance[0], tx.t(lang, "extend", name=nxt), PROPOSE, PROPOSE in legal, ask
            )
            close = Control(("close",), lay.row_alliance[1], tx.t(lang, "close"), CLOSE, CLOSE in legal, now)
            out.append(replace(extend, hopeless=ask_hopeless))
            out.append(replace(close, hopeless=now_hopeless))
        elif phase == "chain":
            seat = st.to_move
            for k in (1, 2):
                action = THROWS[k - 1]
                enabled = action in legal
                sub, hopeless = self._chance_sub(k) if enabled else (None, False)
                out.append(
                    Control(
                        ("throw", k),
                        lay.row_throw[k - 1],
                        tx.t(lang, f"throw{k}"),
                        action,
                        enabled,
                        sub,
                        self._throw_reason(seat, k),
                        hopeless,
                    )
                )
        return out

    def _alliance_sub(self, chance: float) -> tuple[str, bool]:
        """An alliance's chance under its button, and whether it is none at all (the button is then drawn
        greyed, as a throw that cannot hit, and says so)."""
        lang = self.lang
        text = tx.t(lang, "chain_chance", pct=tx.pct_in(lang, chance))
        if chance == 0:
            return f"{text} · {tx.t(lang, 'hopeless')}", True
        return text, False

    def _chance_sub(self, k: int) -> tuple[str, bool]:
        st = self.state
        chance = throw_chance(st, k)
        lang = self.lang
        text = tx.t(lang, "chance", pct=tx.pct_in(lang, chance))
        if st.phase == "turn" and chance:  # alone: the exact fraction too
            exact = hit_chance(st.pot, k)
            text = f"{exact.numerator}/{exact.denominator} · {text}"
        if chance == 0:
            return f"{text} · {tx.t(lang, 'hopeless')}", True
        return text, False

    def _stake_reason(self, amount: int) -> str:
        st, lang = self.state, self.lang
        ceiling = st.options.pot_ceiling
        if st.stake_room == 0:
            return tx.t(lang, "why_ceiling", ceiling=ceiling)
        if amount > st.stake_room:
            return tx.t(lang, "why_room", ceiling=ceiling, room=st.stake_room)
        return tx.t(lang, "not_now")

    def _throw_reason(self, seat: int | None, k: int) -> str:
        st, lang = self.state, self.lang
        if seat is None:
            return tx.t(lang, "not_now")
        if st.phase == "turn" and st.turns == 0:
            return tx.t(lang, "why_first")
        held = st.held[seat]
        if held == 0:
            return tx.t(lang, "why_no_die")
        if k > held:
            return tx.t(lang, "why_one_die")
        return tx.t(lang, "not_now")

    def _propose_reason(self, seat: int | None) -> str:
        st, lang = self.state, self.lang
        if seat is None:
            return tx.t(lang, "not_now")
        left = st.left_of(seat)
        if st.turns == 0:
            return tx.t(lang, "why_no_alliance_first")
        if st.held[seat] == 0:
            return tx.t(lang, "why_no_die")
        if st.refused:
            return tx.t(lang, "why_refused", name=self.player_name(left))
        if st.held[left] == 0:
            return tx.t(lang, "why_left_no_die", name=self.player_name(left))
        return tx.t(lang, "not_now")

    def control(self, target: Any) -> Control | None:
        return next((c for c in self.controls() if c.target == target), None)

    # --- acting ---------------------------------------------------------------------------------------
    def press(self, target: Any) -> bool:
        """Press the control ``target``: submit its action, or say why it is not possible."""
        c = self.control(target)
        if c is None:
            if self.state.phase == "over" or not self.session.human_seats:
                return False
            return self._flash(tx.t(self.lang, "not_your_turn" if not self.session.human_to_move else "not_now"))
        if not c.enabled:
            return self._flash(c.reason or tx.t(self.lang, "not_now"))
        return self._submit(c.action)

    # --- focus, pointer and keys (the plumbing is ui.controls.FocusRing) -----------------------------------
    def focus_ring(self) -> list[Any]:
        return [c.target for c in self.controls() if c.enabled]

    # --- the choices as real buttons (app.choices): the controls the player can press ----------------
    def choices(self) -> list[Choice]:
        out = []
        for c in self.controls():
            if not c.enabled:
                continue
            label = tx.t(self.lang, "choice_stake", n=c.target[1]) if c.target[0] == "stake" else c.label
            out.append(Choice(c.target, f"{label} ({c.sub})" if c.sub else label))
        return out

    def prompt(self) -> str:
        st = self.state
        text = prompt_text(self, st)
        seat = st.to_move if st.phase != "over" else None
        if seat is not None and self.is_human(seat) and st.phase in ("turn", "answer", "extend", "chain"):
            text += " " + tx.t(self.lang, "choice_pot", pot=st.pot, held=tx.dice(self.lang, st.held[seat]))
        return text

    def _target(self, x: float, y: float) -> Any:
        return Hits.of(self.controls()).at(x, y)

    def _activate(self, target: Any) -> bool:
        return self.press(target)

    def _on_game_key(self, event: InputEvent) -> bool:
        key = event.key
        if self.state.phase == "over" or not self.session.human_seats:
            return False
        if key in ("1", "2", "3", "4", "5", "6"):
            return self.press(("stake", int(key)))
        low = key.lower()
        target = {
            "t": ("throw", 1),
            "d": ("throw", 2),
            "a": ("propose",),
            "o": ("yes",),
            "y": ("yes",),
            "n": ("no",),
            "c": ("close",),
            "p": ("pass",),
        }.get(low)
        if key == "Enter" and self.state.phase == "extend":
            target = ("close",)
        if target is None:
            return False
        return self.press(target)
