"""The Charidice screen: six colour dice, the marking preview, the score sheets and la grande donation.

The scene reads the session's state and submits only actions found in ``session.legal()``. It owns the
presentation: which dice the player has selected (to re-roll, or to mark), the dice tumbling and landing
(the session applies one Face per die; ``ready()`` spaces them out), the gift dice flying to the
neighbour's sheet, counted-up totals, the claim window held open long enough to click when a computer is
active, messages and screen-reader announcements.

Keys: 1–6 toggle a die, Space rolls, Enter stops or confirms the marking, G (or D) claims. The input
handling lives in ``scene_input`` (a mixin); the scene builds the view model of each frame (``frame_view``,
types in ``scene_view``) that ``scene_frame.paint`` draws, and hit-tests the regions it returns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.games.charidice import texts as tx
from dicehall.games.charidice.actions import (
    EMPTY_MARK,
    MARKS,
    ROLL_ALL,
    ROLLS,
    STOP,
    Claim,
    Face,
    Mark,
    Roll,
    Stop,
    mask_of,
)
from dicehall.games.charidice.rules import Action
from dicehall.games.charidice.scene_frame import CLAIM_FILL, frame_hits, paint
from dicehall.games.charidice.scene_input import FLASH, SceneInput
from dicehall.games.charidice.scene_layout import Layout, compute_layout
from dicehall.games.charidice.scene_messages import (
    banner_lines,
    best_selections,
    claim_text,
    prompt_text,
    ranking,
    result_text,
)
from dicehall.games.charidice.scene_preview import BAD, chips, paragraphs, text_box
from dicehall.games.charidice.scene_sheets import SheetView
from dicehall.games.charidice.scene_view import (
    BannerView,
    ButtonView,
    ClaimView,
    DieView,
    FlightView,
    FrameView,
    Hits,
    Line,
    TabView,
)
from dicehall.games.charidice.scoring import DIFFERENT, SAME, analyse
from dicehall.games.charidice.spec import COLOURS, DEFAULT_COLOURS
from dicehall.ui import theme
from dicehall.ui.anim import Counter, Tween, ease_in_out
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.paint import DISABLED
from dicehall.ui.scene import ScaledPointer, SceneBase, SceneContext, bounding, parse_anchor

TUMBLE = 0.35  # dice in the air before the first lands (normal speed)
STAGGER = 0.05  # between two landings
LAND = 0.22
AI_LOOK = 0.45  # a computer's dice stay still this long before it decides
FLY = 0.45
FLY_DELAY = 0.15
AFTER_MARK = 0.3  # after the gift has flown, before the next turn
COUNT = 0.6
CLAIM_HOLD = 1.5  # a claim window held open for a human neighbour while a computer is active
CLAIM_SEEN = 1.2  # a computer's claim shown before the (computer) active player goes on
BANNER = 0.5


@dataclass(slots=True)
class Flight:
    die: int
    value: int
    start: Rect
    receiver: int
    tween: Tween


class CharidiceScene(ScaledPointer, SceneInput, SceneBase):
    """See the module docstring. Built by ``make_scene(session, ctx)``."""

    min_sizes = ((300.0, 500.0), (640.0, 340.0))  # portrait, landscape: a smaller canvas is scaled down

    def __init__(self, session: Any, ctx: SceneContext) -> None:
        super().__init__(session, ctx, palette=(COLOURS, DEFAULT_COLOURS))
        self._layouts: dict[tuple[float, float, bool], Layout] = {}
        self.selected: set[int] = set()
        self._sel_key: Any = None
        self.peek = False  # four players on a narrow screen: the tab swaps the opposite sheet in
        self.tumble_from = 0.0
        self.next_land = 0.0
        self.lands: dict[int, Tween] = {}
        self.flights: list[Flight] = []
        self.hold_until = 0.0
        self.claim_key: Any = None
        self.claim_until = 0.0
        self.flash: tuple[str, float] | None = None
        self.note: tuple[str, float] | None = None  # a claim or a result said on screen for a while
        self.banner: Tween | None = None
        self.counters = [Counter() for _ in range(session.state.num_players)]
        self.hits: Hits | None = None  # the hit regions of the last frame drawn
        session.subscribe(self._on_entry, self._on_reset)
        self._on_reset()

    # --- what the app asks ---------------------------------------------------------------------------
    def ready(self) -> bool:
        """True when no animation or hold keeps back the next session step (always in fast mode)."""
        if self.fast:
            return True
        self._check_claim_window()
        now = self.now
        if now < self.next_land or now < self.hold_until or now < self.claim_until:
            return False
        return not any(f.tween.running(now) for f in self.flights)

    # --- reading -------------------------------------------------------------------------------------
    def layout(self, width: float | None = None, height: float | None = None) -> Layout:
        w, h = self._layout_size(width, height, default=(1280.0, 800.0))
        help = bool(self.settings.get("marking_help"))
        return self._cached_layout((w, h, help), lambda: compute_layout(w, h, self.state.num_players, help))

    def in_air(self) -> bool:
        """Some dice are still tumbling on screen."""
        return bool(self.state.pending) or self.now < self.next_land

    def human_active(self) -> bool:
        st = self.state
        return st.phase in ("roll", "mark") and self.session.human_to_move and not self.in_air()

    def selection(self) -> tuple[int, ...]:
        self._sync_selection()
        return tuple(sorted(self.selected))

    def _sync_selection(self) -> None:
        st = self.state
        key = (st.turn, st.phase, st.rolls)
        if key != self._sel_key:
            self._sel_key = key
            self.selected = set()

    def claimant(self) -> tuple[int, Any] | None:
        """The human seat that may claim la grande donation now, if any."""
        sides = self.session.human_side_actions()
        return sides[0] if sides else None

    def _anchor(self, name: str, lay: Layout) -> Rect | None:
        """The tutorial's anchors (SceneBase.anchor): "dice", "die:i", "info", "message", "claim",
        "button:primary" (roll, mark), "button:secondary" (stop), "sheet:p" (while shown)."""
        what, args = parse_anchor(name)
        if not args and what in ("dice", "info", "message", "claim"):
            return bounding(lay.dice) if what == "dice" else getattr(lay, what)
        if what == "die" and len(args) == 1 and 0 <= args[0] < len(lay.dice):
            return lay.dice[args[0]]
        if name in ("button:primary", "button:secondary"):
            return lay.buttons[0 if name.endswith("primary") else 1]
        if what == "sheet" and len(args) == 1:
            shown, _ = self.visible_sheets(lay)
            return lay.sheets[shown.index(args[0])] if args[0] in shown else None
        return None

    def visible_sheets(self, lay: Layout) -> tuple[list[int], int | None]:
        """The players whose sheets are shown, in seat order, and the one behind the tab."""
        st = self.state
        n = st.num_players
        if lay.tab is None:
            return list(range(n)), None
        a = st.active if st.phase != "over" else 0
        hidden, shown = (a + 2) % n, (a - 1) % n
        if self.peek:
            hidden, shown = shown, hidden
        return [p for p in range(n) if p != hidden], hidden

    def primary_action(self) -> tuple[str, Action | None, bool] | None:
        """(label, action, enabled) of the main button for the human to move."""
        if not self.human_active():
            return None
        st, lang = self.state, self.lang
        if st.phase == "roll":
            if st.rolls == 0:
                return tx.t(lang, "roll_all"), ROLL_ALL, True
            sel = self.selection()
            return tx.t(lang, "reroll", n=len(sel)), ROLLS[mask_of(sel)] if sel else None, bool(sel)
        sel = self.selection()
        m = analyse(st.dice, sel)
        ok = m.valid or (not sel and st.options.zero_mark)
        action = (MARKS[mask_of(sel)] if sel else EMPTY_MARK) if ok else None
        return tx.t(lang, "mark"), action, ok

    def secondary_action(self) -> tuple[str, Action | None, bool] | None:
        st = self.state
        if self.human_active() and st.phase == "roll" and st.rolls > 0:
            return tx.t(self.lang, "stop"), STOP, True
        return None

    def help_selections(self) -> dict[str, tuple[int, ...] | None] | None:
        if not self.settings.get("marking_help") or not self.human_active() or self.state.phase != "mark":
            return None
        return best_selections(self.state)

    # --- session events ------------------------------------------------------------------------------
    def _on_reset(self) -> None:
        st = self.state
        self.lands.clear()
        self.flights.clear()
        self.next_land = self.hold_until = self.claim_until = self.now
        self.flash = self.note = None
        self._sel_key = None
        self.peek = False
        self.banner = Tween(self.now, 0) if st.phase == "over" else None
        for p, c in enumerate(self.counters):
            c.jump(int(st.scores()[p]))
        self.dirty = True

    def _on_entry(self, entry: Any, before: Any, after: Any) -> None:
        action = entry.action
        lang, now, k = self.lang, self.now, self.speed()
        fast = self.fast
        self.dirty = True
        self.flash = None
        name = self.player_name(before.active)
        if isinstance(action, Roll):
            if before.rolls:
                dice = ", ".join(f"D{i + 1}" for i in action.dice)
                self._say(tx.t(lang, "ann_reroll", name=name, dice=dice))
            self.tumble_from = now
            self.next_land = now if fast else now + TUMBLE * k
            self.lands = {i: t for i, t in self.lands.items() if i not in action.dice}
            return
        if isinstance(action, Face):
            die = before.pending[0]
            if not fast:
                start = max(now, self.next_land)
                self.lands[die] = Tween(start, LAND * k)
                self.next_land = start + STAGGER * k
            if not after.pending:
                words = tx.die_words(lang, after.dice, tuple(range(6)))
                self._say(tx.t(lang, "ann_dice", name=name, dice=words))
                if not self.is_human(after.active) and not fast:
                    self.hold_until = self.next_land + (LAND + AI_LOOK) * k
            return
        if isinstance(action, Stop):
            self._say(tx.t(lang, "ann_stop", name=name))
            return
        if isinstance(action, Claim):
            text = claim_text(self, before)
            self._say(text)
            self.note = (text, now + (CLAIM_SEEN + FLASH) * k)
            if not self.is_human(after.active) and not fast:
                self.hold_until = max(self.hold_until, now + CLAIM_SEEN * k)
            return
        assert isinstance(action, Mark)  # a marking ends the turn
        last = after.last
        self.note = None
        self.peek = False
        self._say(result_text(self, last))
        if not fast:
            lay = self.layout()
            gifts = [i for i in range(6) if i not in last.marked]
            for j, i in enumerate(gifts):
                tween = Tween(now + (FLY_DELAY + 0.05 * j) * k, FLY * k)
                self.flights.append(Flight(i, last.dice[i], lay.dice[i], last.receiver, tween))
            self.hold_until = now + (FLY_DELAY + 0.05 * len(gifts) + FLY + AFTER_MARK) * k
        duration = 0 if fast else COUNT * k
        delay = 0 if fast else (FLY_DELAY + FLY) * k
        for p, c in enumerate(self.counters):
            c.set(int(after.scores()[p]), now + delay, duration)
        scores = ", ".join(f"{self.player_name(p)} {int(s)}" for p, s in enumerate(after.scores()))
        self._say(tx.t(lang, "ann_scores", scores=scores))
        if after.phase == "over":
            self.banner = Tween(now + (0 if fast else 0.6 * k), 0 if fast else BANNER * k)
            title, lines, generosity = banner_lines(self, after)
            self._say(" ".join([title, *lines, generosity]))
        else:
            self._say(tx.t(lang, "ann_turn", r=after.round, name=self.player_name(after.active)))

    def _check_claim_window(self) -> None:
        """A computer is active and a human may claim: hold each claim window open for a while."""
        st = self.state
        if self.fast or st.phase != "roll" or self.is_human(st.active) or self.claimant() is None:
            return
        key = (st.turn, st.rolls)
        if key != self.claim_key:
            self.claim_key = key
            start = max(self.now, self.next_land + LAND * self.speed(), self.hold_until)
            # the human's own chance to claim: held open at the normal length even at "instant"
            self.claim_until = start + CLAIM_HOLD * (self.speed() or 1.0)
            self.dirty = True

    def _finish_animations(self) -> None:
        self.lands.clear()
        self.flights.clear()
        self.next_land = self.hold_until = self.claim_until = self.now
        for c in self.counters:
            c.jump(c.target)
        if self.banner is not None:
            self.banner = Tween(self.now, 0)

    # --- time ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.now += max(0.0, dt)
        now = self.now
        self._check_claim_window()
        animating = now < self.next_land + LAND * 2 or now < self.hold_until or now < self.claim_until
        animating = animating or bool(self.state.pending)
        if self.lands and not any(t.running(now) for t in self.lands.values()):
            self.lands.clear()
            animating = True
        if self.flights:
            animating = True
            if not any(f.tween.running(now) for f in self.flights):
                self.flights.clear()
        if any(c.running(now) for c in self.counters):
            animating = True
        if self._overlays_changed(now):
            animating = True
        if self.note is not None and now >= self.note[1]:
            self.note = None
            animating = True
        if animating:
            self.dirty = True

    # --- drawing -------------------------------------------------------------------------------------
    def _paint(self, dl: DisplayList, lay: Layout) -> None:
        self.hits = paint(dl, lay, self.frame_view(lay))

    def hits_now(self, lay: Layout) -> Hits:
        """The hit regions of the frame as it is drawn now (a press between a move and the next frame hits
        that frame)."""
        return frame_hits(lay, self.frame_view(lay))

    def frame_view(self, lay: Layout) -> FrameView:
        """What ``scene_frame.paint`` draws now."""
        st, now = self.state, self.now
        over = st.phase == "over"
        banner = over and self.banner is not None and self.banner.started(now) and not self.end_panel
        playing = not over
        focus = self.shown_focus() if playing else None
        hover = self.hover
        colour = self.colours[st.active]
        primary = secondary = None
        claim = None
        if playing:
            act = self.primary_action()
            if act is not None:
                primary = ButtonView(
                    act[0], colour if act[2] else DISABLED, hover == ("primary",), focus == ("primary",)
                )
            act = self.secondary_action()
            if act is not None:
                secondary = ButtonView(
                    act[0], theme.mix(colour, "#ffffff", 0.45), hover == ("stop",), focus == ("stop",)
                )
            claim = self._claim_view(st, focus)
        shown, hidden = self.visible_sheets(lay)
        rank = {p: r for r, p, _ in ranking(st)} if over else None
        tab = None
        if hidden is not None and lay.tab is not None:
            tab = TabView(self.player_name(hidden), self.colours[hidden], self.counters[hidden].shown(now))
        flights = []
        for f in self.flights:
            if f.tween.running(now) and f.tween.started(now):
                e = ease_in_out(f.tween.progress(now))
                flights.append(FlightView(f.die, f.value, f.start, self.sheet_target(lay, f.receiver), e))
        banner_view = None
        if banner:
            assert self.banner is not None
            title, lines, generosity = banner_lines(self, st)
            winners = st.outcome().winners
            bcolour = theme.INK if len(winners) > 1 else theme.readable(self.colours[winners[0]])
            banner_view = BannerView(
                title, bcolour, tuple(lines), (generosity, tx.t(self.lang, "game_over")), self.banner.progress(now)
            )
        return FrameView(
            lang=self.lang,
            over=over,
            message=None if banner else self._message(st),
            dice=None if banner else self._dice_views(lay, st, focus),
            info=tuple(paragraphs(self, st, text_box(lay).w)) if playing else None,
            chips=chips(self, lay, st, hover) if playing else (),
            primary=primary,
            secondary=secondary,
            claim=claim,
            sheets=tuple(self._sheet_view(st, p, rank) for p in shown[: len(lay.sheets)]),
            tab=tab,
            flights=tuple(flights),
            banner=banner_view,
        )

    def _message(self, st: Any) -> tuple[Line, ...]:
        items: list[Line] = []
        colour = theme.readable(self.colours[st.active]) if st.phase != "over" else theme.INK
        items.append((prompt_text(self, st), colour, True))
        if self.flash is not None:
            items.append((self.flash[0], BAD, False))
        elif self.note is not None:
            items.append((self.note[0], theme.readable(self.colours[st.neighbour]), True))
        elif st.claimed:
            items.append(
                (
                    tx.t(self.lang, "claimed", name=self.player_name(st.neighbour)),
                    theme.readable(self.colours[st.neighbour]),
                    True,
                )
            )
        elif st.last is not None:
            items.append((result_text(self, st.last), theme.readable(self.colours[st.last.player]), False))
        return tuple(items)

    def _shown_dice(self, st: Any) -> tuple[tuple[int, ...], tuple[int, ...] | None, bool]:
        """(values, marked, faded): the current dice, or the last turn's while the next has not rolled."""
        if st.rolls == 0 and not st.pending and st.phase != "throw" and st.last is not None:
            return st.last.dice, st.last.marked, not self.flights
        return st.dice, None, False

    def _dice_views(self, lay: Layout, st: Any, focus: Any) -> tuple[DieView, ...]:
        now = self.now
        values, marked, faded = self._shown_dice(st)
        flying = {f.die for f in self.flights if f.tween.running(now) or not f.tween.started(now)}
        human = self.human_active()
        sel = set(self.selection()) if human else set()
        mark_phase = st.phase == "mark"
        toggling = self.can_toggle()
        accent = theme.readable(self.colours[st.active]) if st.phase != "over" else theme.INK
        out = []
        for i in range(len(lay.dice)):
            v = values[i]
            label = f"D{i + 1}" if not human or self.touch else f"D{i + 1} [{i + 1}]"  # the key: for a keyboard
            tumbling = (
                (i in st.pending)
                or (i in self.lands and not self.lands[i].started(now))
                or (st.phase == "throw" and v == 0)
            )
            if tumbling and not self.fast:
                out.append(DieView(i, v, label, tumble=now - self.tumble_from))
                continue
            if marked is not None and i not in marked and i in flying:
                out.append(DieView(i, v, label, away=True))
                continue
            land = self.lands.get(i)
            ring, ring_colour = None, ""
            if human and i in sel:
                ring, ring_colour = ("mark" if mark_phase else "reroll"), accent
            elif marked is not None and i in marked and not faded:
                ring, ring_colour = "marked", theme.readable(self.colours[st.last.player])
            out.append(
                DieView(
                    i,
                    v,
                    label,
                    land=land.progress(now) if land is not None and land.running(now) else None,
                    alpha=(0.45 if (marked is None or i in marked) else 0.25) if faded else None,
                    dim=mark_phase and human and bool(sel) and i not in sel,
                    lifted=human and not mark_phase and i in sel,
                    ring=ring,
                    ring_colour=ring_colour,
                    accent=accent,
                    hover=toggling and self.hover == ("die", i) and i not in sel,
                    focus=toggling and focus == ("die", i),
                )
            )
        return tuple(out)

    def _claim_view(self, st: Any, focus: Any) -> ClaimView | None:
        claim = self.claimant()
        if claim is not None:
            seat = claim[0]
            label = tx.t(self.lang, "claim", name=self.player_name(seat))
            return ClaimView(
                True,
                label if self.touch else label + " [G]",
                theme.readable(self.colours[seat]),
                self.hover == ("claim",),
                focus == ("claim",),
            )
        if st.claimed:
            return ClaimView(
                False,
                tx.t(self.lang, "claimed", name=self.player_name(st.neighbour)),
                theme.readable(self.colours[st.neighbour]),
                bold=True,
            )
        if st.claim_open:
            return ClaimView(False, tx.t(self.lang, "claim_possible", name=self.player_name(st.neighbour)), theme.MUTED)
        if st.phase == "throw" and st.rolls < 2 and self.is_human(st.neighbour) and st.donations[st.neighbour] is None:
            return ClaimView(False, tx.t(self.lang, "claim_wait"), theme.MUTED)  # open again once the dice land
        return None

    def _sheet_view(self, st: Any, p: int, rank: dict[int, int] | None) -> SheetView:
        over = st.phase == "over"
        seat = self.session.seats[p]
        return SheetView(
            player=p,
            name=self.player_name(p),
            colour=self.colours[p],
            computer=seat.is_ai,
            active=not over and st.active == p,
            receiver=not over and st.neighbour == p,
            rows=st.sheets[p],
            current_round=None if over else st.round,
            donation_round=st.donations[p],
            claimed_now=not over and st.claimed and st.neighbour == p,
            totals=st.sheet_totals(p),
            generosity=st.generosity()[p] if over else None,
            total=self.counters[p].shown(self.now),
            rank=rank.get(p) if rank else None,
        )

    def sheet_target(self, lay: Layout, p: int) -> Rect:
        """Where a gift to ``p`` flies: into ``p``'s sheet, or to the tab when it is behind it."""
        shown, _ = self.visible_sheets(lay)
        if p in shown:
            r = lay.sheets[shown.index(p)]
            return Rect(r.x + r.w * 0.55, r.y + r.h * 0.3, lay.die * 0.5, lay.die * 0.5)
        return lay.tab or lay.sheets_area


def make_scene(session: Any, ctx: SceneContext | None = None) -> CharidiceScene:
    """The Charidice screen for ``session``, in the language, settings and colours of ``ctx``."""
    return CharidiceScene(session, ctx or SceneContext())


__all__ = ["CLAIM_FILL", "DIFFERENT", "SAME", "CharidiceScene", "make_scene"]
