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
and screen-reader announcements. Input lives in ``scene_input`` (a mixin); the scene builds the view model
of each frame (``frame_view``, types in ``scene_view``) that ``scene_frame.paint`` draws.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from dicehall.games.roudalon import texts as tx
from dicehall.games.roudalon.actions import Accept, Close, Face, Pass, Propose, Refuse, Stake, Throw
from dicehall.games.roudalon.scene_frame import BAD, STAKE_FILL, paint
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
from dicehall.games.roudalon.scene_view import (
    BannerView,
    ControlView,
    FlightView,
    FrameView,
    Hits,
    Line,
    PotView,
    SeatView,
    StandingsView,
)
from dicehall.games.roudalon.spec import COLOURS, DEFAULT_COLOURS
from dicehall.ui import theme
from dicehall.ui.anim import Counter, Tween
from dicehall.ui.canvas import DisplayList
from dicehall.ui.pacing import DicePacing
from dicehall.ui.geometry import Rect
from dicehall.ui.scene import ScaledPointer, SceneBase, SceneContext, bounding, parse_anchor

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
PARTY_CARD = 3.2  # a party over before a human acted, or void: its card holds the next party back this long


@dataclass(slots=True)
class PartyCard:
    """The card of a party that ended before the humans here acted, or void: what happened, its nets, and
    that the next one starts; said in the language of the moment (``text``). Shown from ``start`` to
    ``until`` (or until a human acts)."""

    text: Callable[[], tuple[str, list[str], str]]
    start: float
    until: float


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
        self.party_card: PartyCard | None = None
        self.acted = True  # a human here has decided in this party (no card for a party he played in)
        self.banner: Tween | None = None
        self.pot = Counter()
        self.hits: Hits | None = None  # the hit regions of the last frame drawn
        session.subscribe(self._on_entry, self._on_reset)
        self._on_reset()

    # --- reading -------------------------------------------------------------------------------------
    def layout(self, width: float | None = None, height: float | None = None) -> Layout:
        w, h = self._layout_size(width, height)
        players = self.state.num_players
        return self._cached_layout((w, h), lambda: compute_layout(w, h, players, self.bottom_seat))

    def _anchor(self, name: str, lay: Layout) -> Rect | None:
        """The tutorial's anchors (SceneBase.anchor): "pot", "table", "seat:p", "stakes", "stake:n",
        "throw:1", "throw:2", "alliance" (propose or extend), "standings", "message", "header"."""
        what, args = parse_anchor(name)
        if name == "pot":
            return Rect(lay.cx - lay.pot_r, lay.cy - lay.pot_r, 2 * lay.pot_r, 2 * lay.pot_r)
        if name in ("table", "standings", "message", "header"):
            rect: Rect = getattr(lay, name)
            return rect
        if what == "seat" and len(args) == 1 and 0 <= args[0] < len(lay.seats):
            return lay.seats[args[0]]
        if name == "stakes":
            return bounding((lay.stake_label, *lay.stakes))
        if what == "stake" and len(args) == 1 and 1 <= args[0] <= len(lay.stakes):
            return lay.stakes[args[0] - 1]
        if what == "throw" and args in ((1,), (2,)):
            return lay.row_throw[args[0] - 1]
        if name == "alliance":
            return lay.row_alliance[0]
        return None

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
                    landed = list(st.offs[2 * i : 2 * i + 2])
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
        self.party_card = None
        self.acted = st.phase != "throwoff" and st.turns > 0  # (after an undo or a load: no card unless sure)
        if st.last is not None:
            self._remember(partial(event_text, self, st.last, st.pot))
        self.banner = Tween(self.now, 0) if st.phase == "over" else None
        self.pot.jump(shown_pot(st))
        self._round_start(st)
        self.dirty = True

    def _line(self, key: str, seats: dict[str, int | None], **values: Any) -> Callable[[], str]:
        """An event's line, said in the language of the moment: ``seats`` name the players in it."""
        return lambda: tx.t(
            self.lang, key, **{k: self.player_name(p) if p is not None else "" for k, p in seats.items()}, **values
        )

    def _remember(self, line: Callable[[], str]) -> None:
        self.recent.append(line)
        del self.recent[:-RECENT]

    def _on_entry(self, entry: Any, before: Any, after: Any) -> None:
        action = entry.action
        lang, now, k, fast = self.lang, self.now, self.speed(), self.fast
        self.dirty = True
        self.flash = None
        actor = entry.by if isinstance(entry.by, int) else None
        name = self.player_name(actor) if actor is not None else ""
        if actor is not None and self.is_human(actor):
            self.acted = True
            self.party_card = None
        if isinstance(action, Face):
            self._on_face(action.face, before, after)
        elif isinstance(action, Stake):
            amount = action.amount
            pot = before.pot + amount
            self._say(tx.t(lang, "ev_stake", name=name, n=amount, pot=pot))
            self._remember(self._line("ev_stake", {"name": actor}, n=amount, pot=pot))
            if not fast and actor is not None:
                self.flights.append(Flight(actor, True, amount, Tween(now, FLY * k)))
            self.pot.set(pot, now, 0 if fast else FLY * k)
            self._hold(FLY + 0.3)
        elif isinstance(action, Pass):
            self._say(tx.t(lang, "ev_pass", name=name))
            self._remember(self._line("ev_pass", {"name": actor}))
            self._hold(0.8)
        elif isinstance(action, Throw):
            n = action.dice
            self._say(tx.t(lang, "ev_throw", name=name, dice=tx.dice(lang, n)))
            self.lands = {key: t for key, t in self.lands.items() if key[0] != actor}
            self.tumble_from = now
            self.dice_until = now + (TUMBLE + LAND) * k
            self._hold(TUMBLE)
        elif isinstance(action, Propose):
            to = after.asked
            self._say(tx.t(lang, "ev_propose", name=name, to=self.player_name(to)))
            self._remember(self._line("ev_propose", {"name": actor, "to": to}))
            self._hold(ANSWER_PAUSE)
        elif isinstance(action, (Accept, Refuse, Close)):
            key = (
                "ev_accept"
                if isinstance(action, Accept)
                else "ev_refuse"
                if isinstance(action, Refuse)
                else ("ev_close")
            )
            self._say(tx.t(lang, key, name=name))
            self._remember(self._line(key, {"name": actor}))
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
                    self._say(tx.t(lang, "throwoff_result", name=self.player_name(after.starter), n=after.last.amount))
                    self._remember(partial(event_text, self, after.last))
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
        self._remember(partial(event_text, self, ev))
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
                self._remember(partial(event_text, self, after.last))
                self.pot.set(shown_pot(after), self.now, 0)
                self._hold(RESULT)
            self._say(party_text(self, party, nets))
            self._remember(partial(party_text, self, party, nets))
            void = after.last is not None and after.last.kind == "void"
            humans = any(self.is_human(p) for p in range(after.num_players))
            if after.phase != "over" and humans and (void or not self.acted):
                self._party_card(after, party, nets, void)
            self.acted = False
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

    def _party_card(self, after: Any, party: int, nets: tuple[int, ...], void: bool) -> None:
        """A party ended before the humans here could act (a pot of 1 hit at once), or void: a card says what
        happened before the next one starts (held back meanwhile, except at the instant pace)."""
        ev = after.last
        before_turn = not self.acted and not void

        def text() -> tuple[str, list[str], str]:
            lang = self.lang
            lines = [event_text(self, ev)] if ev is not None else []
            if before_turn:
                lines.append(tx.t(lang, "card_before"))
            shown = ", ".join(f"{self.player_name(p)} {tx.signed(n)}" for p, n in enumerate(nets))
            lines.append(tx.t(lang, "card_nets", nets=shown))
            title = tx.t(lang, "card_void" if void else "card_title", p=party)
            return title, lines, tx.t(lang, "card_next", p=party + 1)

        start = max(self.now, self.hold_until)
        shown = PARTY_CARD * (self.speed() or 1.0)  # at the instant pace it shows as long, holding nothing
        self.party_card = PartyCard(text, start, start + shown)
        if not self.fast:
            self.hold_until = max(self.hold_until, start + shown)

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
        pc = self.party_card
        if pc is not None:
            animating = True
            if now >= pc.until:
                self.party_card = None
        if self.frozen is not None and now >= self.frozen.until:
            self.frozen = None
            animating = True
        return animating

    # --- drawing -------------------------------------------------------------------------------------
    def _paint(self, dl: DisplayList, lay: Layout) -> None:
        self.hits = paint(dl, lay, self.frame_view(lay))

    def frame_view(self, lay: Layout) -> FrameView:
        """What ``scene_frame.paint`` draws now."""
        st, now, lang = self.state, self.now, self.lang
        over = st.phase == "over"
        chain = st.chain if len(st.chain) > 1 or st.asked is not None else ()
        ceiling = st.options.pot_ceiling
        running = None
        if st.throws and len(st.chain) > 1:
            running = tx.t(lang, "running", total=st.running_total, pot=st.pot)
        pot = PotView(
            self.pot.shown(now),
            tx.t(lang, "pot"),
            tx.t(lang, "at_ceiling" if st.pot >= ceiling else "ceiling", n=ceiling),
            running,
        )
        staked, collected, held = self.cards()
        seats = tuple(self._seat_view(st, p, staked, collected, held) for p in range(st.num_players))
        flights = tuple(
            FlightView(f.seat, f.to_pot, f.count, f.tween.progress(now))
            for f in self.flights
            if f.tween.started(now) and f.tween.running(now)
        )
        controls: tuple[ControlView, ...] = ()
        stake_label = None
        if not over:
            shown = self.controls()
            if any(c.target[0] == "stake" for c in shown):
                stake_label = tx.t(lang, "stake_label")
            seat = self.actor()
            colour = self.colours[seat] if seat is not None else theme.MUTED
            focus = self.shown_focus()
            views = []
            for c in shown:
                if c.target[0] == "stake" or c.target[0] == "pass":
                    fill = STAKE_FILL
                elif c.target[0] == "no":
                    fill = theme.mix(colour, "#ffffff", 0.45)
                elif c.hopeless:
                    fill = theme.mix(colour, "#ffffff", 0.55)
                else:
                    fill = colour
                views.append(
                    ControlView(
                        c.target, c.rect, c.label, fill, self.hover == c.target, focus == c.target, c.enabled, c.sub
                    )
                )
            controls = tuple(views)
        banner = None
        if over and self.banner is not None and self.banner.started(now) and not self.end_panel:
            title, lines = banner_lines(self, st)
            ranks = list(st.outcome().winners)
            colour = theme.INK if len(ranks) > 1 else theme.readable(self.colours[ranks[0]])
            banner = BannerView(title, colour, tuple(lines), tx.t(lang, "game_over"), self.banner.progress(now))
        card = None
        pc = self.party_card
        if pc is not None and not over and pc.start <= now < pc.until:
            title, lines, footer = pc.text()
            fade = min(1.0, (now - pc.start) / 0.25, (pc.until - now) / 0.25)
            card = BannerView(title, theme.INK, tuple(lines), footer, max(0.0, fade))
        return FrameView(
            colours=tuple(self.colours),
            chain=tuple(chain),
            asked=st.asked if chain else None,
            pot=pot,
            seats=seats,
            flights=flights,
            header=self.header(),
            message=self._message(st),
            stake_label=stake_label,
            controls=controls,
            standings=self._standings(st, staked, collected),
            banner=banner,
            card=card,
        )

    def _seat_view(
        self, st: Any, p: int, staked: tuple[int, ...], collected: tuple[int, ...], held: tuple[int, ...]
    ) -> SeatView:
        over = st.phase == "over"
        to_move = not over and st.to_move == p and st.phase != "roll"
        throwing = st.phase == "roll" and bool(st.throws) and st.throws[-1][0] == p
        live = to_move or throwing
        name = self.player_name(p)
        tags = []
        if self.session.seats[p].is_ai:
            tags.append(tx.t(self.lang, "computer"))
        label = f"{name} ({', '.join(tags)})" if tags else name
        if st.asked == p:
            badge = "?"
        elif len(st.chain) > 1 and p in st.chain:
            badge = str(st.chain.index(p) + 1)
        else:
            badge = ""
        faces, style = self.tray(p)
        out = sum(1 for _ in faces) if style == "live" and st.phase in ("roll", "chain") and st.throws else 0
        lands: list[float | None] = []
        for i, face in enumerate(faces[:2]):
            land = self.lands.get((p, i))
            lands.append(land.progress(self.now) if face is not None and land is not None and not self.fast else None)
        lang = self.lang
        return SeatView(
            player=p,
            colour=self.colours[p],
            live=live,
            label=("▶ " if live else "") + label,
            badge=badge,
            held=held[p],
            hand=held[p] - min(out, held[p]),
            tray=tuple(faces[:2]),
            lands=tuple(lands),
            style=style,
            tumble=max(0.0, self.now - self.tumble_from),
            money=" · ".join([tx.t(lang, "staked", n=staked[p]), tx.t(lang, "collected", n=collected[p])]),
            net=tx.t(lang, "net", n=tx.signed(collected[p] - staked[p])),
        )

    def _message(self, st: Any) -> tuple[Line, ...]:
        items: list[Line] = []
        seat = st.to_move
        colour = theme.readable(self.colours[seat]) if seat is not None else theme.INK
        items.append((prompt_text(self, st), colour, True))
        if self.flash is not None:
            items.append((self.flash[0], BAD, True))
        if self.actor() is not None:
            items += [(line, theme.INK, False) for line in reasons(self, st)]
        items += [(line, theme.MUTED, False) for line in self.throwoff_text()]
        recent = self.recent_lines()
        if st.phase == "turn" and st.last is not None and st.last.kind == "stake" and recent:
            recent[-1] = event_text(self, st.last, st.pot)
        items += [(line, theme.MUTED, False) for line in recent]
        return tuple(items)

    def _standings(self, st: Any, staked: tuple[int, ...], collected: tuple[int, ...]) -> StandingsView:
        lang, n = self.lang, st.num_players
        fixed: list[tuple[str, tuple[str, ...], bool]] = []
        if st.phase != "over":  # the party being played
            fixed.append((tx.t(lang, "col_now"), tuple(tx.signed(collected[p] - staked[p]) for p in range(n)), False))
        fixed.append((tx.t(lang, "col_total"), tuple(tx.signed(v) for v in st.totals()), True))
        parties = tuple(
            (tx.t(lang, "col_party", p=i + 1), tuple(tx.signed(v) for v in nets), False)
            for i, nets in enumerate(st.standings)
        )
        return StandingsView(
            tx.t(lang, "standings"),
            tuple(self.player_name(p) for p in range(n)),
            parties,
            tuple(fixed),
            None if self.touch else tx.t(lang, "keys_help"),
        )


def shown_pot(st: Any) -> int:
    """The pot on the table: empty once the match is over (the last party's pot was won or refunded)."""
    return 0 if st.phase == "over" else st.pot


def make_scene(session: Any, ctx: SceneContext | None = None) -> RoudalonScene:
    """The Roudalon screen for ``session``, in the language, settings and colours of ``ctx``."""
    return RoudalonScene(session, ctx or SceneContext())


__all__ = ["RoudalonScene", "make_scene"]
