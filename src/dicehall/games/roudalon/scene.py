"""The Le Roudalon screen: a round table of 3 to 6 seats round the collective pot.

Each seat card shows the player's name in his colour, his held dice (drawn as dice) and those in reserve
(greyed), his throw tray, and what he staked, collected and his net this party. The pot in the centre is
drawn as stacks of units that grow as stakes fly in, with its value written big and its ceiling. The
throw-off opens each party (each contender's two dice land at his seat, tied players throw again). On a
human's turn the controls offer the stakes 1–6, throwing one or two dice (with the exact chance of each)
and an alliance with the left neighbour (with the chain's chance); a proposal to a human is answered by
Oui / Non; the newest member may extend or close the alliance; members throw in chain order with the
running total shown against the pot. A hit sends each member's share flying to him. The message zone
always says what is possible now and why other actions are not. The standings (per party and in total)
are always visible; the end banner ranks the players by total net.

The scene reads the session's state and submits only actions found in ``session.legal()``. It owns the
presentation: dice tumbling and landing (the session applies one Face per die; ``ready()`` spaces them
out), units in flight, the pot counting up, computer decisions spaced so a human can follow, messages
and screen-reader announcements. Input lives in ``scene_input`` (a mixin), painting in ``scene_frame``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dicehall.games.roudalon import texts as tx
from dicehall.games.roudalon.scene_frame import paint
from dicehall.games.roudalon.scene_input import SceneInput
from dicehall.games.roudalon.scene_layout import Layout, compute_layout
from dicehall.games.roudalon.scene_messages import (
    banner_lines,
    event_text,
    header_text,
    party_text,
    prompt_text,
    reasons,
    throw_text,
    throwoff_lines,
)
from dicehall.games.roudalon.spec import COLOURS, DEFAULT_COLOURS
from dicehall.ui.anim import Counter, Tween
from dicehall.ui.canvas import DisplayList
from dicehall.ui.pacing import DicePacing
from dicehall.ui.scene import ScaledPointer, SceneBase, SceneContext

TUMBLE = 0.4  # dice in the air before the first lands (normal speed)
STAGGER = 0.12  # between two dice landing
OFF_STAGGER = 0.06  # between two dice of a throw-off (every player's two dice land almost together)
LAND = 0.25
FLY = 0.6  # units flying between a seat and the pot
FLY_STAGGER = 0.05
AI_PAUSE = 0.45  # a computer waits this long before it decides
ANSWER_PAUSE = 0.7  # a proposal, an answer or a close stays on screen this long
THROWOFF_SEEN = 0.55  # a throw-off round's dice stay on screen (tied rounds follow one another quickly)
RESULT = 0.8  # a throw's result
HIT = 1.3  # a hit: the shares fly
RECENT = 3  # event lines kept in the message zone


@dataclass(slots=True)
class Flight:
    """``count`` units flying between seat ``seat``'s card and the pot (``to_pot``: a stake)."""

    seat: int
    to_pot: bool
    count: int
    tween: Tween


@dataclass(slots=True)
class Frozen:
    """A finished party's cards, shown until the next throw-off starts (the state has moved on)."""

    until: float
    staked: tuple[int, ...]
    collected: tuple[int, ...]
    held: tuple[int, ...]


class RoudalonScene(ScaledPointer, SceneInput, DicePacing, SceneBase):
    """See the module docstring. Built by ``make_scene(session, ctx)``."""

    min_sizes = ((300.0, 580.0), (700.0, 400.0))  # portrait, landscape: a smaller canvas is scaled down

    def __init__(self, session: Any, ctx: SceneContext) -> None:
        super().__init__(session, ctx, palette=(COLOURS, DEFAULT_COLOURS))
        humans = [p for p in range(session.state.num_players) if not session.seats[p].is_ai]
        self.bottom_seat = humans[0] if humans else 0
        self._layouts: dict[tuple[float, float], Layout] = {}
        self.hold_until = 0.0
        self.dice_until = 0.0  # dice still landing on screen
        self.tumble_from = 0.0  # dice in the air tumble from this time (a throw-off round waits for it)
        self.lands: dict[tuple[int, int], Tween] = {}  # (seat, die index in his tray) -> landing
        self.flights: list[Flight] = []
        self.frozen: Frozen | None = None
        self.flash: tuple[str, float] | None = None
        self.recent: list[Callable[[], str]] = []  # the last events, said in the current language
        self.banner: Tween | None = None
        self.pot = Counter()
        session.subscribe(self._on_entry, self._on_reset)
        self._on_reset()

    # --- reading -------------------------------------------------------------------------------------
    def layout(self, width: float | None = None, height: float | None = None) -> Layout:
        w, h = self._layout_size(width, height)
        players = self.state.num_players
        return self._cached_layout((w, h), lambda: compute_layout(w, h, players, self.bottom_seat))

    def in_air(self) -> bool:
        """Dice are in the air or still landing on screen."""
        st = self.state
        return st.phase in ("roll", "throwoff") or bool(st.pending) or (not self.fast and self.now < self.dice_until)

    def actor(self) -> int | None:
        """The human seat that may act now (the dice have landed), if any."""
        if self.in_air() or not self.session.human_to_move:
            return None
        return self.session.to_move

    def header(self) -> str:
        return header_text(self, self.state)

    def recent_lines(self) -> list[str]:
        return [line() for line in self.recent]

    def throwoff_text(self) -> list[str]:
        st = self.state
        if st.phase == "throwoff" or (st.phase == "turn" and st.turns == 0 and st.off_rounds):
            return throwoff_lines(self, st)
        return []

    def cards(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """(staked, collected, held) shown on the cards: the finished party's for a while after its end."""
        st = self.state
        if self.frozen is not None and self.now < self.frozen.until and not self.fast:
            return self.frozen.staked, self.frozen.collected, self.frozen.held
        return st.staked, st.collected, st.held

    def tray(self, p: int) -> tuple[list[int | None], str]:
        """Seat ``p``'s throw tray: the faces (None: in the air) and a style: "live" (this throw),
        "last" (the previous throw, faded), "lost" (the previous throw that cost these dice), "win"."""
        st = self.state
        last = st.last
        shown_last = last is not None and last.kind in ("throw", "alliance")
        if st.phase == "throwoff":
            if (st.offs or st.off_rounds) and (st.offs or self.now >= self.tumble_from or self.fast):
                if p in st.contenders:
                    i = st.contenders.index(p)
                    landed = list(st.offs[2 * i: 2 * i + 2])
                    return landed + [None] * (2 - len(landed)), "live"
                for rnd in reversed(st.off_rounds):
                    for seat, a, b in rnd:
                        if seat == p:
                            return [a, b], "last"
                return [], "live"
            if st.off_rounds:  # a tie's round is still on show before the next one tumbles
                for seat, a, b in st.off_rounds[-1]:
                    if seat == p:
                        return [a, b], "live"
                return self._last_offs(p)
            if shown_last and not self.fast and self.now < self.tumble_from:
                return self._from_event(last, p)
            return ([None, None], "live") if p in st.contenders else ([], "live")
        if st.throws:
            for i, (seat, faces) in enumerate(st.throws):
                if seat == p:
                    pending = st.pending if i == len(st.throws) - 1 and st.phase == "roll" else 0
                    return list(faces) + [None] * pending, "live"
            return [], "live"
        if st.phase == "over" or shown_last:
            return self._from_event(last, p) if shown_last else ([], "live")
        if st.turns == 0 and st.off_rounds:
            return self._last_offs(p)
        return [], "live"

    def _last_offs(self, p: int) -> tuple[list[int | None], str]:
        st = self.state
        for rnd in reversed(st.off_rounds):
            for seat, a, b in rnd:
                if seat == p:
                    return [a, b], "win" if seat == st.starter else "last"
        return [], "live"

    def _from_event(self, ev: Any, p: int) -> tuple[list[int | None], str]:
        for seat, faces in ev.throws:
            if seat == p:
                if ev.result == "hit":
                    return list(faces), "win"
                return list(faces), "lost" if seat == ev.loser else "last"
        return [], "live"

    # --- session events ------------------------------------------------------------------------------
    def _on_reset(self) -> None:
        st = self.state
        self.lands.clear()
        self.flights.clear()
        self.hold_until = self.dice_until = self.tumble_from = self.now
        self.flash = None
        self.frozen = None
        self.recent = []
        if st.last is not None:
            self._remember(lambda last=st.last, pot=st.pot: event_text(self, last, pot))
        self.banner = Tween(self.now, 0) if st.phase == "over" else None
        self.pot.jump(shown_pot(st))
        self._round_start(st)
        self.dirty = True

    def _remember(self, line: Callable[[], str]) -> None:
        self.recent.append(line)
        del self.recent[:-RECENT]

    def _on_entry(self, entry: Any, before: Any, after: Any) -> None:
        kind = type(entry.action).__name__
        lang, now, k, fast = self.lang, self.now, self.speed(), self.fast
        self.dirty = True
        self.flash = None
        actor = entry.by if isinstance(entry.by, int) else None
        name = self.player_name(actor) if actor is not None else ""
        if kind == "Face":
            self._on_face(entry.action.face, before, after)
        elif kind == "Stake":
            amount = entry.action.amount
            pot = before.pot + amount
            self._say(tx.t(lang, "ev_stake", name=name, n=amount, pot=pot))
            self._remember(lambda a=actor, n=amount, p=pot: tx.t(self.lang, "ev_stake", name=self.player_name(a),
                                                                   n=n, pot=p))
            if not fast:
                self.flights.append(Flight(actor, True, amount, Tween(now, FLY * k)))
            self.pot.set(pot, now, 0 if fast else FLY * k)
            self._hold(FLY + 0.3)
        elif kind == "Pass":
            self._say(tx.t(lang, "ev_pass", name=name))
            self._remember(lambda a=actor: tx.t(self.lang, "ev_pass", name=self.player_name(a)))
            self._hold(0.8)
        elif kind == "Throw":
            n = entry.action.dice
            self._say(tx.t(lang, "ev_throw", name=name, dice=tx.dice(lang, n)))
            self.lands = {key: t for key, t in self.lands.items() if key[0] != actor}
            self.tumble_from = now
            self.dice_until = now + (TUMBLE + LAND) * k
            self._hold(TUMBLE)
        elif kind == "Propose":
            to = after.asked
            self._say(tx.t(lang, "ev_propose", name=name, to=self.player_name(to)))
            self._remember(lambda a=actor, b=to: tx.t(self.lang, "ev_propose", name=self.player_name(a),
                                                      to=self.player_name(b)))
            self._hold(ANSWER_PAUSE)
        elif kind in ("Accept", "Refuse", "Close"):
            key = {"Accept": "ev_accept", "Refuse": "ev_refuse", "Close": "ev_close"}[kind]
            self._say(tx.t(lang, key, name=name))
            self._remember(lambda a=actor, key=key: tx.t(self.lang, key, name=self.player_name(a)))
            self._hold(ANSWER_PAUSE)
        self._after(before, after)

    def _on_face(self, face: int, before: Any, after: Any) -> None:
        lang, now, k, fast = self.lang, self.now, self.speed(), self.fast
        if before.phase == "throwoff":
            i = len(before.offs)
            seat = before.contenders[i // 2]
            if not fast:
                self.lands[(seat, i % 2)] = Tween(now, LAND * k)
                self.dice_until = max(self.dice_until, now + LAND * k)
            if len(after.off_rounds) > len(before.off_rounds) or after.phase != "throwoff":
                lines = throwoff_lines(self, after)
                self._say(lines[-1] if lines else "")
                if after.phase != "throwoff":
                    self._say(tx.t(lang, "throwoff_result", name=self.player_name(after.starter),
                                   n=after.last.amount))
                    self._remember(lambda ev=after.last: event_text(self, ev))
                self._hold(THROWOFF_SEEN)
            else:
                self._hold(OFF_STAGGER)
            return
        seat, faces = before.throws[-1]
        if not fast:
            self.lands[(seat, len(faces))] = Tween(now, LAND * k)
            self.dice_until = max(self.dice_until, now + LAND * k)
        if before.pending > 1:
            self._hold(STAGGER)
            return
        self._say(throw_text(self, seat, faces + (face,)))
        resolved = after.party != before.party or after.phase in ("turn", "over")
        if not resolved:  # an alliance goes on: the next member throws
            self._hold(RESULT * 0.7)
            return
        ev = after.last
        self._say(event_text(self, ev))
        self._remember(lambda ev=ev: event_text(self, ev))
        if ev.result == "hit":
            collected = list(before.collected)
            for j, (member, member_faces) in enumerate(ev.throws):
                share = sum(member_faces)
                collected[member] += share
                if share and not fast:
                    self.flights.append(Flight(member, False, share, Tween(now + (0.35 + 0.2 * j) * k, FLY * k)))
            self.frozen = Frozen(now + HIT * k, before.staked, tuple(collected), before.held)
            self.pot.set(shown_pot(after), now + 0.35 * k, 0 if fast else (FLY + 0.2 * len(ev.throws)) * k)
            self._hold(HIT)
        else:
            self._hold(RESULT)

    def _after(self, before: Any, after: Any) -> None:
        """What every step may end: a party (and the match), a turn; the pause before a computer decides."""
        lang = self.lang
        if after.party != before.party or (after.phase == "over" and before.phase != "over"):
            nets = after.standings[-1]
            party = before.party
            if after.last is not None and after.last.kind == "void":  # 40 rounds, or a dead party: why
                self._say(event_text(self, after.last))
                self._remember(lambda ev=after.last: event_text(self, ev))
                self.pot.set(shown_pot(after), self.now, 0)
                self._hold(RESULT)
            self._say(party_text(self, party, nets))
            self._remember(lambda p=party, nets=nets: party_text(self, p, nets))
            if after.phase == "over":
                self.banner = Tween(self.hold_until if not self.fast else self.now, 0 if self.fast else 0.5)
                title, lines = banner_lines(self, after)
                self._say(" ".join([title, *lines]))
            else:
                self._say(header_text(self, after))
        elif after.phase == "turn" and (after.turns != before.turns or before.phase == "throwoff"):
            self._say(tx.t(lang, "ev_turn", r=after.round, name=self.player_name(after.active)))
        seat = after.to_move
        if seat is not None and not self.is_human(seat):
            self._hold(AI_PAUSE)
        elif seat is not None and after.kind.name == "DECISION":  # a human decides: what he may do, and why not
            self._say(" ".join([prompt_text(self, after), *reasons(self, after)]))
        self._round_start(after)

    def _round_start(self, st: Any) -> None:
        """A throw-off round is about to be thrown: its dice tumble once what is on show has been seen."""
        if st.phase == "throwoff" and not st.offs and not self.fast:
            self.tumble_from = max(self.now, self.hold_until)
            self.hold_until = self.tumble_from + TUMBLE * self.speed()

    def _finish_animations(self) -> None:
        super()._finish_animations()
        self.frozen = None
        self.pot.jump(self.pot.target)

    # --- time (``update`` and ``ready`` are DicePacing's) -------------------------------------------------
    def _tick(self, now: float) -> bool:
        animating = self.pot.running(now)
        if self.frozen is not None and now >= self.frozen.until:
            self.frozen = None
            animating = True
        return animating

    # --- drawing -------------------------------------------------------------------------------------
    def _paint(self, dl: DisplayList, lay: Layout) -> None:
        paint(self, dl, lay)


def shown_pot(st: Any) -> int:
    """The pot on the table: empty once the match is over (the last party's pot was won or refunded)."""
    return 0 if st.phase == "over" else st.pot


def make_scene(session: Any, ctx: SceneContext | None = None) -> RoudalonScene:
    """The Roudalon screen for ``session``, in the language, settings and colours of ``ctx``."""
    return RoudalonScene(session, ctx or SceneContext())


__all__ = ["RoudalonScene", "make_scene"]
