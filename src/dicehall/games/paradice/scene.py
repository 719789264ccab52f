"""The Paradice screen: the original 13×13 board with its six information zones in the board's empty blocks
(statistics, scores, dice, dice events list, messages, jackpot), the pawns, and the turn played step by
step at the chosen speed (50 / 100 / 220 ms per cell for fast / normal / slow; nothing waits at instant).

The dice spin until the human stops them (Space, or a tap on the dice): the chance node waits, ``ready()``
holding the session back; a computer's dice spin briefly. Each session step is then shown as beats
(``scene_steps``): the dice landing, the pawn walking cell by cell, each event explained in the message
zone (bis repetita, payments per creditor, tirelire, ladder jump, relance, jackpot, purchase, sale,
elimination) and a pause at the end of the turn. Meanwhile the zones show the state as it was (``shown``)
until the pawn lands. Overlays: a player's route (keys 1–6, ``command("route", seat)``) and the dice
events viewer (key E, ``command("events")``). Input lives in ``scene_input``, painting in ``scene_frame``.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dicehall.games.paradice import texts as tx
from dicehall.games.paradice.actions import Dice
from dicehall.games.paradice.board import neighbour, xy
from dicehall.games.paradice.scene_frame import BAD, frame_hits, paint
from dicehall.games.paradice.scene_input import SceneInput
from dicehall.games.paradice.scene_layout import Layout, compute_layout
from dicehall.games.paradice.scene_messages import banner_lines, event_lines, offered_cell, prompt_text
from dicehall.games.paradice.scene_paint import LAYER_KEY, board_layer, layer_res
from dicehall.games.paradice.scene_stats import STATS_VIEWS
from dicehall.games.paradice.scene_steps import Beat, beats_of
from dicehall.games.paradice.scene_view import (
    AnswerButton,
    ArrowView,
    BannerView,
    BoardView,
    DiceView,
    EventsView,
    FrameView,
    Hits,
    JackpotView,
    Line,
    MessagesView,
    PawnView,
    ScoreRow,
    StatsHit,
    StatsView,
)
from dicehall.games.paradice.spec import COLOURS, DEFAULT_COLOURS
from dicehall.ui import theme
from dicehall.ui.anim import Tween
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.scene import SceneBase, SceneContext, bounding, parse_anchor

if TYPE_CHECKING:  # (the viewer is imported on first use: start-up time)
    from dicehall.games.paradice.scene_event_viewer import EventViewer

# Seconds per cell (and per tick of the beats, scene_steps). The original's speeds were 100 / 200 / 500 ms:
# a computer's turn took 7 s on average at its normal; now normal walks at the original's fast pace with
# shorter pauses (a computer's turn within 3 s, docs/performance.md "Pacing"), slow at about its normal.
# "instant": no animation at all; a human's own dice still spin until stopped.
TICKS = {"slow": 0.22, "normal": 0.1, "fast": 0.05, "instant": 0.0}
AI_SPIN_TICKS = 3  # a computer's dice spin this long, then stop by themselves
AGAIN = 0.5  # a turn with a relance (two rolls) is shown at this fraction of its pace, so it too ends in ~3 s
WALK_TICKS = 7  # a step's walks last at most this many ticks, whatever their length (a cell a tick when shorter)
AI_PAUSE_TICKS = 1.0  # a computer waits this long before it decides (the original: 5 intervals)
# A computer's turn, from its dice landing to its last beat, lasts at most TURN_TICKS, whatever it holds (walks
# to a crossing and on, a bis repetita, a relance, a ladder, a purchase): with the next player's dice spinning
# (AI_SPIN_TICKS) it ends within 3 s at the normal pace. Its walks share TURN_WALK_TICKS across its steps; what
# does not fit is shown faster, each beat at least MIN_SHARE of its length (every message stays in its zone
# until the next turn's dice: a shorter beat loses nothing to read).
# Once past TURN_TICKS (a long sale, a relance after it), what is left is shown at LATE_SHARE: a frame or two
# a beat, each line still written in the messages.
TURN_TICKS = 24.0
TURN_WALK_TICKS = 9.0
MIN_SHARE = 0.3
LATE_SHARE = 0.1
SPIN_FRAME = 0.08  # the spinning dice change faces this often
RECENT = 6  # message lines kept
# The board font (the original's font option, Ctrl+F): choice -> (CSS family, text scale, the advance of
# every character in ems for a monospace family)
FONTS: dict[str, tuple[str, float, float | None]] = {
    "normal": (theme.FONT_FAMILY, 1.0, None),
    "large": (theme.FONT_FAMILY, 1.2, None),
    "mono": (theme.MONO_FAMILY, 1.0, 0.62),
}
BANNER = 0.5  # seconds: the end banner fades in


@dataclass(slots=True)
class Spin:
    """The dice spinning before a roll: a human's until stopped, a computer's until ``stop_at``."""

    start: float
    human: bool
    stop_at: float | None
    stopped: bool = False


class ParadiceScene(SceneInput, SceneBase):
    """See the module docstring. Built by ``make_scene(session, ctx)``."""

    min_playable = ((320.0, 480.0), (520.0, 260.0))  # cells of about 18 px and more: a finger can pick one

    def __init__(self, session: Any, ctx: SceneContext) -> None:
        super().__init__(session, ctx, palette=(COLOURS, DEFAULT_COLOURS))
        self.beats: deque[Beat] = deque()
        self.shown: Any = session.state  # the state the zones show while beats play
        self.pawn_hold: dict[int, int] = {}  # where a pawn stands between beats (``shown`` has it elsewhere)
        self.spin: Spin | None = None
        self.dice_shown: tuple[int, int] | None = None
        self.dice_player = 0
        self.hold_until = 0.0
        self.lines: list[Callable[[], list[str]]] = []
        self.flash: tuple[str, float] | None = None
        self.banner: Tween | None = None
        self.banner_hidden = False  # the player put the end banner aside to read the final board
        self.route_seat: int | None = None
        self.viewer: EventViewer | None = None
        self.stats_view = "turn"
        self.stats_percent = True
        self.stats_hits: list[StatsHit] = []  # the statistics' regions as last drawn (they are known by drawing)
        self.hits: Hits | None = None  # the hit regions of the last frame drawn
        self.sell_offer = 0
        self.typed: tuple[Any, Any] | None = None  # (a key, the state it was pressed at), for the coming question
        self._asked: Any = None  # the state whose question was last announced (once each)
        self.turn_from: float | None = None  # when the computer's turn under way had its dice land
        self.turn_walked = 0.0  # the ticks its walks have taken so far
        self.sent_layers: set[str] = set()  # layer keys whose content this scene has sent
        self.zone_cache: dict[str, tuple[Any, list[Any]]] = {}  # zone -> (what it shows, its operations)
        self._rng = random.Random(0)  # the spinning faces: a show, never the roll
        self._faces = (1, 1)
        self._face_clock = 0.0
        session.subscribe(self._on_entry, self._on_reset)
        self._on_reset()

    # --- reading -------------------------------------------------------------------------------------
    def layout(self, width: float | None = None, height: float | None = None) -> Layout:
        w, h = self._layout_size(width, height)
        text = self.text_scale()
        return self._cached_layout((w, h, text), lambda: compute_layout(w, h, self.state.num_players, text))

    def _anchor(self, name: str, lay: Layout) -> Rect | None:
        """The tutorial's anchors (SceneBase.anchor): the zones "board", "stats", "scores", "dice", "events",
        "messages", "jackpot"; "cell:x,y"; "pawn:p"; "arrows" (a crossing's arrows with the pawn, while a
        human chooses); "offer" (the answer buttons, while a human answers)."""
        what, args = parse_anchor(name)
        if name in ("board", "stats", "scores", "dice", "events", "messages", "jackpot"):
            rect: Rect = getattr(lay, name)
            return rect
        if what == "cell" and len(args) == 2 and all(0 <= a < 13 for a in args):
            return lay.cell_rect(args[0], args[1])
        if what == "pawn" and len(args) == 1 and 0 <= args[0] < self.state.num_players:
            at = self.pawn_cell(args[0])
            return (
                None
                if at is None
                else Rect(lay.board.x + at[0] * lay.cell, lay.board.y + at[1] * lay.cell, lay.cell, lay.cell)
            )
        if name == "arrows":
            st = self.state
            arrows = [self.arrow_rect(d) for d in self.directions()]
            return bounding([lay.cell_rect(*xy(st.pawn)), *arrows]) if arrows else None
        if name == "offer":
            return bounding(lay.buttons) if self.actor() is not None and self.state.phase in ("buy", "sell") else None
        return None

    def font_choice(self) -> str:
        """The board font chosen in the Display dialog (Ctrl+F): "normal", "large" or "mono"."""
        choice = self.settings.get("font", "normal")
        return choice if choice in FONTS else "normal"

    def text_scale(self) -> float:
        return FONTS[self.font_choice()][1]

    def tick(self) -> float:
        """Seconds per cell at the chosen speed."""
        return TICKS.get(self.settings.get("speed", "normal"), TICKS["normal"])

    def view(self) -> Any:
        """The state the zones show: the one before the step under way until its pawn lands."""
        return self.shown if self.beats else self.state

    def human_dice(self) -> bool:
        """The dice to roll now are a human's, which the human stops (skipping the computers stops here)."""
        st = self.state
        return st.phase == "roll" and self.is_human(st.current)

    def dice_held(self) -> bool:
        """The human's dice spin until stopped (SceneBase.dice_held)."""
        spin = self.spin
        return self.human_dice() and not (spin is not None and spin.stopped)

    def humans_in_play(self) -> bool:
        """A human seat is still in the game (not eliminated)."""
        st = self.state
        return st.phase != "over" and any(self.is_human(p) and not st.ranks[p] for p in range(st.num_players))

    def busy(self) -> bool:
        """A step is still being shown."""
        return bool(self.beats) and not self.fast

    def turn_player(self) -> int:
        """Whose turn the screen shows (the step under way's player while it plays)."""
        return self.beats[0].player if self.beats else self.state.current

    def actor(self) -> int | None:
        """The human seat that may act now (everything shown, a human decision open), if any."""
        if self.busy() or not self.session.human_to_move:
            return None
        return self.session.to_move

    def dice_faces(self) -> tuple[tuple[int, int] | None, bool]:
        """(faces on show, spinning)."""
        if self.spin is not None and not self.spin.stopped:
            return self._faces, True
        return self.dice_shown, False

    def pawn_cell(self, p: int) -> tuple[float, float] | None:
        """Where seat ``p``'s pawn is drawn, in cells (x, y); between two cells while it walks or jumps;
        None for an eliminated player."""
        st = self.view()
        beat = self.beats[0] if self.beats and not self.fast else None
        if beat is not None and beat.player == p and beat.kind in ("move", "jump") and beat.start is not None:
            t = min(1.0, max(0.0, (self.now - beat.start) / beat.duration)) if beat.duration > 0 else 1.0
            path = beat.path
            pos = t * (len(path) - 1)
            i = min(int(pos), len(path) - 2)
            f = pos - i
            if beat.kind == "move":
                f = min(1.0, f * 1.6)  # a step, then a short rest on the cell
            a, b = path[i], path[i + 1]
            return (a % 13 + (b % 13 - a % 13) * f, a // 13 + (b // 13 - a // 13) * f)
        if st.ranks[p]:
            return None
        cell = self.pawn_hold.get(p, st.pawns[p])
        return float(cell % 13), float(cell // 13)

    def jump_lift(self, p: int) -> float:
        """How high a pawn jumping a ladder is (0..1): an arc over the board."""
        beat = self.beats[0] if self.beats else None
        if beat is None or beat.kind != "jump" or beat.player != p or beat.start is None or beat.duration <= 0:
            return 0.0
        t = min(1.0, max(0.0, (self.now - beat.start) / beat.duration))
        return 4 * t * (1 - t)

    def prompt(self) -> str:
        if self.busy():
            return ""
        return prompt_text(self)

    def recent_lines(self) -> list[str]:
        return [line for make in self.lines for line in make()][-RECENT:]

    def header(self) -> str:
        st = self.view()
        limit = st.options.round_limit
        if limit:
            return tx.t(self.lang, "round_of", r=st.round, n=limit)
        return tx.t(self.lang, "round", r=st.round)

    # --- what the app asks ---------------------------------------------------------------------------
    def ready(self) -> bool:
        """True when the session may take its next step: everything shown, and the dice stopped."""
        if self.fast:
            return True
        if self.beats or self.now < self.hold_until:
            return False
        if self.state.phase == "roll":
            spin = self.spin
            if spin is None:
                return False
            return spin.stopped or (spin.stop_at is not None and self.now >= spin.stop_at)
        return True

    def banner_shown(self) -> bool:
        """The end banner is up: the game is over, its last steps are shown and it was not put aside."""
        return (
            self.state.phase == "over"
            and self.banner is not None
            and self.banner.started(self.now)
            and not self.beats
            and not self.banner_hidden
            and not self.end_panel
        )

    def show_banner(self, shown: bool) -> bool:
        if self.state.phase != "over" or self.banner is None or self.banner_hidden == (not shown):
            return False
        self.banner_hidden = not shown
        self.dirty = True
        return True

    def command(self, name: str, arg: Any) -> bool:
        """The app's menu and shortcuts: "stats" (a view), "percent" (bool), "events" (open the viewer,
        optionally at an event; without one, close it if open), "route" (a seat: show or hide its route).
        The menu works while the game is paused, when keys and clicks do not reach the board."""
        if name == "stats" and arg in STATS_VIEWS:
            self.stats_view = str(arg)
        elif name == "percent" and isinstance(arg, bool):
            self.stats_percent = arg
        elif name == "events":
            if isinstance(arg, int) and not isinstance(arg, bool):
                return self.open_viewer(arg)
            if self.viewer is not None:
                self.viewer = None
            else:
                self.open_viewer(0)
        elif (
            name == "route" and isinstance(arg, int) and not isinstance(arg, bool) and 0 <= arg < self.state.num_players
        ):
            self.route_seat = None if self.route_seat == arg else arg
        else:
            return False
        self.dirty = True
        return True

    def open_viewer(self, index: int = 0) -> bool:
        from dicehall.games.paradice.scene_event_viewer import EventViewer  # on first use: start-up time

        self.viewer = EventViewer(max(0, min(25, index)))
        self.dirty = True
        return True

    # --- session events ------------------------------------------------------------------------------
    def _on_reset(self) -> None:
        st = self.state
        self.beats.clear()
        self.shown = st
        self.pawn_hold.clear()
        self.spin = None
        self.hold_until = self.now
        self.flash = None
        self.lines = []
        for ev in st.log:
            self._remember(ev, st)
        roll = next((e for e in reversed(st.log) if e.kind == "roll"), None)
        self.dice_shown = roll.dice if roll is not None else st.dice
        self.dice_player = st.current
        self.banner = Tween(self.now, 0) if st.phase == "over" else None
        self.banner_hidden = False
        self.sell_offer = 0
        self.typed = None
        self.dirty = True
        if st.phase != "roll":
            self._ask(st)  # a game loaded, or a move undone, at a human's question

    def _remember(self, ev: Any, state: Any) -> list[str]:
        def make() -> list[str]:
            return event_lines(self, ev, state)

        lines = make()
        if lines:
            self.lines.append(make)
            del self.lines[:-RECENT]
        return lines

    def _on_entry(self, entry: Any, before: Any, after: Any) -> None:
        self.dirty = True
        self.flash = None
        if isinstance(entry.action, Dice):
            self.spin = None
        if after.phase == "sell" and before.phase != "sell":
            self.sell_offer = 0
        beats = beats_of(before, after, entry.action)
        # the zones keep showing ``before`` while the pawn walks (and the dice land); from the first beat
        # after the last walk on they show ``after`` (with no such beat, once the step is shown)
        settle = max((i for i, b in enumerate(beats) if b.kind in ("move", "dice")), default=-1) + 1
        if settle < len(beats):
            beats[settle].shows = after
        if not self.beats:
            self.shown = before
        # a long walk goes faster: the step's walks (two with a bis repetita) share at most WALK_TICKS, so
        # that a computer's turn shows in about 3 s at the normal pace
        walked = sum(b.ticks for b in beats if b.kind == "move")
        squeeze = min(1.0, WALK_TICKS / walked) if walked else 1.0
        hurry = AGAIN if _rolled_again(after) else 1.0
        computer = not self.is_human(before.current)
        if computer and isinstance(entry.action, Dice) and not _rolled_again(after):
            self.turn_from, self.turn_walked = self.now, 0.0  # a computer's turn begins: its dice land
        elif not computer:
            self.turn_from = None
        if computer and walked and self.turn_from is not None:  # the turn's walks share TURN_WALK_TICKS
            left = max(TURN_WALK_TICKS * MIN_SHARE, TURN_WALK_TICKS - self.turn_walked)
            squeeze = min(squeeze, left / walked)
            self.turn_walked += walked * squeeze
        for beat in beats:
            beat.duration = beat.ticks * (squeeze if beat.kind == "move" else 1.0) * hurry * self.tick()
        if computer:
            self._fit_turn(beats, before, after)
        self.beats.extend(beats)
        if self.fast:
            self._finish_animations()
        else:
            self._advance_beats()

    # --- time ----------------------------------------------------------------------------------------
    def _turn_left(self, start: float) -> float | None:
        """Seconds left from ``start`` in the computer's turn under way (TURN_TICKS), None outside one."""
        if self.turn_from is None:
            return None
        return self.turn_from + TURN_TICKS * self.tick() - start

    def _fit_turn(self, beats: list[Beat], before: Any, after: Any) -> None:
        """A computer's step whose beats would end its turn past TURN_TICKS is shown faster: each beat
        shortened alike, down to MIN_SHARE of its length (its messages stay on screen all the same)."""
        total = sum(b.duration for b in beats)
        queued = sum(b.duration for b in self.beats if b.start is None)
        started = next((b.start + b.duration for b in self.beats if b.start is not None), self.now)
        start = max(self.now, started) + queued
        left = self._turn_left(start)
        if left is None or total <= 0:
            return
        if after.current == before.current and after.phase != "over":
            left -= AI_PAUSE_TICKS * MIN_SHARE * self.tick()  # its next decision or roll, within the turn
        if total > left:
            share = max(MIN_SHARE if left > 0 else LATE_SHARE, left / total)
            for b in beats:
                b.duration *= share

    def _begin(self, beat: Beat) -> None:
        """A beat starts: its dice, the state it shows, its message."""
        if beat.kind == "dice":
            self.dice_shown = beat.dice
            self.dice_player = beat.player
            if beat.event is not None and not beat.event.again:
                self.lines = []  # a new turn: its messages only
        if beat.shows is not None:
            self.shown = beat.shows
        if beat.event is not None and beat.kind != "jump":
            lines = self._remember(beat.event, self.shown)
            if lines:
                self._say(" ".join(lines))
            elif beat.kind == "landed":
                beat.duration = 0.0  # nothing to say: no pause

    def _end(self, beat: Beat) -> None:
        if beat.kind in ("move", "jump"):
            self.pawn_hold[beat.player] = beat.path[-1]

    def _advance_beats(self) -> None:
        while self.beats:
            beat = self.beats[0]
            if beat.start is None:
                beat.start = self.now
                self._begin(beat)
            if not self.fast and self.now < beat.start + beat.duration:
                return
            self.beats.popleft()
            self._end(beat)
            if self.beats:
                nxt = self.beats[0]
                nxt.start = beat.start + beat.duration  # on schedule, even if this frame came late
                self._begin(nxt)
        self._idle()

    def _idle(self) -> None:
        """Everything of the steps so far is shown: the zones show the state; a computer about to decide
        waits a moment; the end banner comes."""
        st = self.state
        self.shown = st
        self.pawn_hold.clear()
        seat = self.session.to_move
        if seat is not None and not self.is_human(seat) and not self.fast:
            hurry = AGAIN if _rolled_again(self.state) else 1.0
            pause = AI_PAUSE_TICKS * hurry * self.tick()
            left = self._turn_left(self.now)
            if left is not None:  # within a computer's turn: its pause fits what is left of the turn
                pause = max(pause * (MIN_SHARE if left > 0 else LATE_SHARE), min(pause, left))
            self.hold_until = max(self.hold_until, self.now + pause)
        if st.phase == "over" and self.banner is None:
            self.banner = Tween(self.now, 0 if self.fast else BANNER)
            title, lines = banner_lines(self)
            self._say(" ".join([title, *lines]))
        if st.phase != "roll":
            self.spin = None
            self._ask(st)
        elif seat is None and self.spin is None:
            self._start_spin()
        self._release_typed()

    def _ask(self, st: Any) -> None:
        """A human's own question (buy this event?, which way?, what to sell?) goes to the screen reader once,
        when it is asked: the question, and when selling the event on offer (the dice's prompt is said when
        they start spinning)."""
        seat = self.session.to_move
        if seat is None or not self.is_human(seat) or self._asked is st:
            return
        self._asked = st
        self._say(prompt_text(self))
        if st.phase == "sell":
            self._say(self.offer())

    def _start_spin(self) -> None:
        st = self.state
        human = self.is_human(st.current)
        again = bool(st.log) and st.log[-1].kind == "relance" and st.log[-1].player == st.current
        spin = AI_SPIN_TICKS * (AGAIN if again else 1.0) * self.tick()
        left = self._turn_left(self.now) if again else None
        if left is not None:  # a relance: the second roll's spin fits what is left of the turn
            spin = max(spin * (MIN_SHARE if left > 0 else LATE_SHARE), min(spin, left))
        if not again:
            self.turn_from = None  # a new turn: its budget starts when its dice land
        stop_at = None if human else self.now + spin
        self.spin = Spin(self.now, human, stop_at)
        self.dice_player = st.current
        if human:
            self._say(prompt_text(self))
            self._release_typed()  # Space pressed before the dice spun stops them now

    def stop_dice(self) -> bool:
        """Space or a tap on the dice: a human's spinning dice stop (the session then rolls)."""
        spin = self.spin
        if spin is None or not spin.human or spin.stopped or self.beats:
            return False
        spin.stopped = True
        self.dirty = True
        return True

    def _finish_animations(self) -> None:
        while self.beats:
            beat = self.beats.popleft()
            if beat.start is None:
                beat.start = self.now
                self._begin(beat)
            self._end(beat)
        self.hold_until = self.now
        if self.spin is not None and not self.spin.human:
            self.spin.stop_at = self.now
        if self.banner is not None:
            self.banner = Tween(self.now, 0)
        self._idle()

    def update(self, dt: float) -> None:
        self.now += max(0.0, dt)
        now = self.now
        animating = bool(self.beats)
        if self.beats:
            self._advance_beats()
        elif self.state.phase == "roll" and self.spin is None and now >= self.hold_until:
            self._start_spin()
        spin = self.spin
        if spin is not None and not spin.stopped and (spin.stop_at is None or now < spin.stop_at):
            if now >= self._face_clock:
                self._faces = (self._rng.randint(1, 6), self._rng.randint(1, 6))
                self._face_clock = now + SPIN_FRAME
                animating = True
        if self._overlays_changed(now):
            animating = True
        if animating:
            self.dirty = True

    # --- drawing -------------------------------------------------------------------------------------
    def _paint(self, dl: DisplayList, lay: Layout) -> None:
        family, _, fixed = FONTS[self.font_choice()]
        with theme.family(family, fixed):
            hits = paint(dl, lay, self.frame_view(lay, self._layer(lay)), self.zone_cache)
        self.hits = hits
        self.stats_hits = list(hits.stats)
        if self.viewer is not None and hits.viewer is not None:
            self.viewer.remember(hits.viewer)

    def _layer(self, lay: Layout) -> tuple[str, int, DisplayList | None]:
        """The board's layer in the frame being drawn: (key, resolution, content the first time it is sent)."""
        res = layer_res(lay.cell)
        key = f"{LAYER_KEY}/{self.font_choice()}/{res}"
        content = None if key in self.sent_layers else board_layer()
        self.sent_layers.add(key)
        return key, res, content

    def hits_now(self) -> Hits:
        """The hit regions of the frame as it is drawn now (``frame_hits`` of the current view; the
        statistics' as last drawn)."""
        lay = self.layout()
        return frame_hits(lay, self.frame_view(lay, ("", 1, None)), tuple(self.stats_hits))

    def frame_view(self, lay: Layout, layer: tuple[str, int, DisplayList | None]) -> FrameView:
        """What ``scene_frame.paint`` draws now (``layer``: see ``_layer``)."""
        st = self.view()  # the state the zones show
        real = self.state
        lang, colours, now = self.lang, tuple(self.colours), self.now
        n = st.num_players
        names = tuple(self.player_name(p) for p in range(n))
        actor = self.actor()
        turn = self.turn_player()
        over = st.phase == "over"
        stats = StatsView(st, self.stats_view, self.stats_percent, names, self.text_scale())
        scores = tuple(
            ScoreRow(
                place,
                seat,
                names[seat],
                tx.money(lang, 0 if st.ranks[seat] else st.balances[seat]),
                tx.t(lang, "out" if st.ranks[seat] else "computer" if self.session.seats[seat].is_ai else "human"),
                bool(st.ranks[seat]),
                seat == turn,
            )
            for place, seat in st.ranking()
        )
        selling = st.phase == "sell" and actor is not None
        hover = self.hover
        events = EventsView(
            tuple(st.owners),
            tuple(st.ranks),
            actor if selling else None,
            offered_cell(self) if selling else None,
            hover[1] if hover is not None and hover[0] == "icon" else None,
        )
        if st.last_win is None:
            jackpot = JackpotView(
                tx.t(lang, "jackpot"),
                tx.money(lang, st.jackpot),
                tx.t(lang, "last_win"),
                tx.t(lang, "no_win_yet"),
                None,
            )
        else:
            amount, seat = st.last_win
            jackpot = JackpotView(
                tx.t(lang, "jackpot"),
                tx.money(lang, st.jackpot),
                tx.t(lang, "last_win"),
                tx.money(lang, amount),
                theme.readable(colours[seat]),
            )
        route_title = None
        if self.route_seat is not None:
            seat = self.route_seat
            route_title = (
                tx.keyed(lang, "route_of", self.touch, name=self.player_name(seat)),
                theme.readable(colours[seat]),
            )
        banner = None
        if self.banner_shown():
            assert self.banner is not None
            title, lines = banner_lines(self)
            winners = real.winners
            colour = theme.readable(colours[winners[0]]) if len(winners) == 1 else theme.INK
            banner = BannerView(
                title, colour, tuple(lines), tx.keyed(lang, "banner_hint", self.touch), self.banner.progress(now)
            )
        return FrameView(
            lang=lang,
            colours=colours,
            board=self._board_view(lay, st, layer),
            stats=stats,
            scores=scores,
            over=over,
            dice=self._dice_view(),
            events=events,
            messages=self._messages_view(),
            jackpot=jackpot,
            route_title=route_title,
            banner=banner,
            viewer=self.viewer.index if self.viewer is not None else None,
        )

    def _board_view(self, lay: Layout, st: Any, layer: tuple[str, int, DisplayList | None]) -> BoardView:
        real = self.state
        colours = self.colours
        frames: list[tuple[int, str, float]] = []
        actor = self.actor()
        if actor is not None:
            colour = theme.readable(colours[actor])
            if real.phase == "buy":
                frames.append((real.pawn, colour, 3))
            elif real.phase == "sell":
                offered = offered_cell(self)
                for index in real.copies_of(actor):
                    frames.append((index, theme.FOCUS if index == offered else colour, 3 if index == offered else 2))
            hover = self.hover
            if hover is not None and hover[0] == "cell" and real.phase == "sell":
                frames.append((hover[1], theme.FOCUS, 2))
        live = self.turn_player() if st.phase != "over" else None
        where = []
        for p in range(st.num_players):
            at = self.pawn_cell(p)
            if at is not None:
                where.append(PawnView(p, at[0], at[1], self.jump_lift(p)))
        where.sort(key=lambda pv: pv.player == live)  # the player on the move on top
        arrows = tuple(ArrowView(d, xy(neighbour(real.pawn, d)), self.hover == ("go", d)) for d in self.directions())
        return BoardView(
            tuple(st.owners),
            layer[0],
            layer[1],
            layer[2],
            tuple(frames),
            self.route_seat,
            tuple(where),
            live,
            arrows,
            colours[real.current],
        )

    def _dice_view(self) -> DiceView:
        faces, spinning = self.dice_faces()
        p = self.dice_player if self.dice_player < self.state.num_players else 0
        colour = self.colours[p]
        tilts = (
            (-0.2 * math.sin(self.now * 17), 0.25 * math.sin(self.now * 17 + 1))
            if spinning and faces is not None
            else (0.0, 0.0)
        )
        stop = spinning and self.spin is not None and self.spin.human
        if stop:
            return DiceView(faces, tilts, colour, tx.keyed(self.lang, "stop", self.touch), theme.readable(colour), True)
        if faces is not None and not spinning:
            return DiceView(faces, tilts, colour, tx.t(self.lang, "dice_total", n=sum(faces)), theme.INK, False)
        return DiceView(faces, tilts, colour, None, theme.INK, False)

    def _messages_view(self) -> MessagesView:
        st = self.state
        p = self.turn_player()
        colour = theme.readable(self.colours[p]) if st.phase != "over" else theme.INK
        items: list[Line] = []
        prompt = self.prompt()
        actor = self.actor()
        if prompt:
            items.append((prompt, colour, True))
            if st.phase == "sell" and actor is not None:
                items.append((self.offer(), theme.INK, True))
        if self.flash is not None:
            items.append((self.flash[0], BAD, True))
        if self.typed is not None:  # a key kept for the coming question
            items.append((self.typed_text(), theme.MUTED, True))
        buttons = []
        for name, rect, label in self.buttons():
            assert actor is not None  # (answers are on show to the human who may act)
            fill = self.colours[actor] if name in ("yes", "sell") else theme.tint(self.colours[actor], 0.55)
            buttons.append(AnswerButton(name, rect, label, fill, self.hover == ("button", name)))
        # the keys' reminder: for a keyboard only (not after a finger on the screen)
        keys = tx.t(self.lang, "keys_help") if self.session.human_seats and not self.touch else None
        return MessagesView(self.header(), tuple(items), tuple(self.recent_lines()), keys, tuple(buttons))

    def set_settings(self, settings: dict[str, Any]) -> None:
        font = self.font_choice()
        super().set_settings(settings)
        if self.font_choice() != font:
            self.zone_cache.clear()  # their texts name the old font


def make_scene(session: Any, ctx: SceneContext | None = None) -> ParadiceScene:
    """The Paradice screen for ``session``, in the language, settings and colours of ``ctx``."""
    return ParadiceScene(session, ctx or SceneContext())


__all__ = ["ParadiceScene", "make_scene"]


def _rolled_again(state: Any) -> bool:
    """The turn under way had a relance: its log holds a roll made again."""
    return any(event.kind == "roll" and event.again for event in state.log)
