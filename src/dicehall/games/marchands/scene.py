"""The Dés & Marchands screen: a 50×50 (or 51×51) board that zooms and pans, the pawns with their purses,
the players' dice, the turn's buttons and messages, and the bonus and merchant dialogs.

The board's static part (cells, the end cell, the bonus and merchant cells, portals) is a cached layer
(``dl.layer``): its operations are sent the first time the scene draws its key, later frames only name it,
so a frame draws the layer, the highlights and the pawns. The view fits the screen by default; the wheel,
a drag, a pinch and the keys zoom and pan it (``scene_view``).

A turn: Roll (button, Space, Enter); the dice tumble and land one by one (the session applies one Side per
die; ``ready()`` spaces them out); the reachable cells are highlighted and the player clicks or taps one,
or moves a cursor among them with the arrows and presses Enter (his own cell: stay). Coins stolen fly
between the players' rows; a bonus cell opens the bonus dialog, a merchant cell the merchant's (every
transaction with its price, or why the merchant refuses it). The message zone says whose turn it is, what
was rolled, why there is no move, and the turn's events; everything said is also announced. What an
arrival did (a robbery, a bonus, a trade, a portal, the tax) is also shown for a moment as a callout on the
board by the pawn, when the pawn gets there, and announced. Input lives in ``scene_input`` (a mixin),
painting in ``scene_frame``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from dicehall.games.marchands import faces
from dicehall.games.marchands import texts as tx
from dicehall.games.marchands.actions import Bonus, Buy, Layout as Deal, Leave, Move, Replace, Roll, Sell, Side
from dicehall.games.marchands.scene_frame import BAD, frame_hits, paint
from dicehall.games.marchands.scene_input import SceneInput
from dicehall.games.marchands.scene_layout import Layout, compute_layout
from dicehall.games.marchands.scene_messages import (
    banner_lines,
    callout_text,
    event_lines,
    header_text,
    prompt_text,
)
from dicehall.games.marchands.scene_paint import board_layer
from dicehall.games.marchands.scene_view import (
    BannerView,
    BoardView,
    CalloutView,
    ControlView,
    DialogView,
    FlightView,
    FrameView,
    Hits,
    LayerView,
    Line,
    PawnView,
    PlayerView,
    TargetsView,
    TrayView,
    View,
)
from dicehall.games.marchands.spec import COLOURS, DEFAULT_COLOURS
from dicehall.ui import theme
from dicehall.ui.anim import Tween, ease_in_out
from dicehall.ui.canvas import DisplayList
from dicehall.ui.pacing import DicePacing
from dicehall.ui.geometry import Rect
from dicehall.ui.scene import ScaledPointer, SceneBase, SceneContext, bounding, parse_anchor

TUMBLE = 0.4  # dice in the air before the first lands (normal speed)
STAGGER = 0.12  # between two dice landing
LAND = 0.25
RESULT = 0.6  # a roll's result stays on screen before the move (or the next turn)
STEP = 0.05  # a pawn's slide, per cell (bounded below)
FLY = 0.7  # coins flying between rows
AI_PAUSE = 0.45  # a computer waits this long before it decides
RECENT = 5  # event lines kept in the message zone
TAP_CELL = 32.0  # px: on a phone, the cells of a move are zoomed to this (as far as they all still show)
DEAL_WAIT = 0.01  # a new game's board is dealt from its second frame on (the first shows the screen)
LAYER_AFTER = 0.03  # a board dealt less than this ago (the frame that dealt it) is drawn without its layer
CALLOUT = 1.8  # an arrival's callout stays on the board this long (normal speed)
CALLOUTS = 3  # callouts shown at once at most (the oldest go first)


@dataclass(slots=True)
class Slide:
    """A pawn moving along ``path`` (cells; a portal adds its twin)."""

    path: tuple[tuple[int, int], ...]
    tween: Tween


@dataclass(slots=True)
class Callout:
    """What an arrival did, shown by seat ``player``'s pawn on ``cell`` while ``tween`` runs."""

    text: Callable[[], str]  # in the current language
    player: int
    cell: tuple[int, int]
    tween: Tween


@dataclass(slots=True)
class Flight:
    """``count`` coins flying from seat ``src``'s row to seat ``dst``'s (None: from or to the bank)."""

    src: int | None
    dst: int | None
    count: int
    tween: Tween


class MarchandsScene(ScaledPointer, SceneInput, DicePacing, SceneBase):
    """See the module docstring. Built by ``make_scene(session, ctx)``."""

    min_sizes = ((300.0, 360.0),)  # a smaller canvas is laid out larger and scaled down (SceneBase.fitted)
    takes_wheel = True  # the wheel zooms the board: the page keeps it from scrolling the site around it

    def __init__(self, session: Any, ctx: SceneContext) -> None:
        super().__init__(session, ctx, palette=(COLOURS, DEFAULT_COLOURS))
        self._layouts: dict[tuple[float, float], Layout] = {}
        self.hold_until = 0.0
        self.dice_until = 0.0
        self.tumble_from = 0.0
        self.lands: dict[int, Tween] = {}  # die index -> landing
        self.slides: dict[int, Slide] = {}
        self.flights: list[Flight] = []
        self.callouts: list[Callout] = []
        self.flash: tuple[str, float] | None = None
        self.recent: list[Callable[[], list[str]]] = []
        self.banner: Tween | None = None
        self.cursor: tuple[int, int] | None = None
        self.page: tuple[Any, ...] = ("main",)
        self.page_no = 0
        self.view: View | None = None
        self.sent_layers: set[str] = set()  # layer keys whose content this scene has sent
        self.dealt_at: float | None = None  # when the board on screen was dealt, until its layer is drawn
        self._pointers: dict[int, tuple[float, float]] = {}
        self._drag: Any = None
        self._pinch: tuple[float, float] | None = None
        self._layer_cache: tuple[Any, str] | None = None  # (board, key)
        self.hits: Hits | None = None  # the hit regions of the last frame drawn
        session.subscribe(self._on_entry, self._on_reset)
        self._on_reset()

    # --- reading -------------------------------------------------------------------------------------
    def layout(self, width: float | None = None, height: float | None = None) -> Layout:
        w, h = self._layout_size(width, height)
        return self._cached_layout((w, h), lambda: compute_layout(w, h, self.state.num_players))

    def board_view(self) -> View | None:
        """The zoom and pan of the board in the current layout (None before the board is dealt)."""
        st = self.state
        if st.board is None:
            return None
        if self.view is None or self.view.n != st.board.size:
            self.view = View(st.board.size)
        self.view.attach(self.layout().board)
        return self.view

    def _anchor(self, name: str, lay: Layout) -> Rect | None:
        """The tutorial's anchors (SceneBase.anchor): "board", "cell:x,y", "pawn:p", "end" (the end cell) on the
        board as zoomed and panned (None off the viewport); "players", "dice:p" (a player's row), "tray",
        "message", "button:roll", "dialog" (the bonus or merchant box, while open)."""
        what, args = parse_anchor(name)
        if name in ("board", "tray", "message"):
            rect: Rect = getattr(lay, name)
            return rect
        if name == "players":
            return bounding(lay.players)
        if what == "dice" and len(args) == 1 and 0 <= args[0] < len(lay.players):
            return lay.players[args[0]]
        if name == "button:roll":
            return lay.buttons[0]
        if name == "dialog":
            return self.dialog_geometry()[0] if self.dialog_open() else None
        st, view = self.state, self.board_view()
        if view is None or view.vp is None:
            return None
        cell: tuple[float, float] | None = None
        if what == "cell" and len(args) == 2 and st.board.inside(args):
            cell = (float(args[0]), float(args[1]))
        elif what == "pawn" and len(args) == 1 and 0 <= args[0] < st.num_players:
            cell = self.pawn_at(args[0])
        elif name == "end":
            cell = (float(st.board.end[0]), float(st.board.end[1]))
        if cell is None:
            return None
        s = view.cell_px
        x, y = view.ox + cell[0] * s, view.oy + cell[1] * s
        vp = view.vp
        if x + s <= vp.x or y + s <= vp.y or x >= vp.right or y >= vp.bottom:
            return None
        return Rect(x, y, s, s)

    def layer_key(self) -> str:
        from dicehall.games.marchands.scene_paint import layer_key

        board = self.state.board
        if self._layer_cache is None or self._layer_cache[0] is not board:
            self._layer_cache = (board, layer_key(board))
        return self._layer_cache[1]

    def layer_waits(self) -> bool:
        """The board was dealt in this very frame: it is drawn bare, its cached layer (whose first painting
        the host does then) in the next frame, so that the deal and the layer's painting never add up in
        one frame. Asked once per board."""
        dealt, self.dealt_at = self.dealt_at, None
        return dealt is not None and self.now - dealt < LAYER_AFTER

    def in_air(self) -> bool:
        """Dice are in the air or still landing on screen."""
        st = self.state
        return st.phase in ("layout", "throw") or (not self.fast and self.now < self.dice_until)

    def actor(self) -> int | None:
        """The human seat that may act now (the dice have landed, the pawn arrived), if any."""
        if self.in_air() or not self.session.human_to_move:
            return None
        if not self.fast and any(s.tween.running(self.now) for s in self.slides.values()):
            return None
        return self.session.to_move

    def header(self) -> str:
        return header_text(self, self.state)

    def prompt(self) -> str:
        return prompt_text(self, self.state)

    def recent_lines(self) -> list[str]:
        lines = [line for make in self.recent for line in make()]
        return lines[-RECENT:]

    def callouts_shown(self) -> list[Callout]:
        """The callouts on the board now (started, not yet faded), oldest first."""
        return [c for c in self.callouts if c.tween.started(self.now) and c.tween.running(self.now)]

    def callout_texts(self) -> list[str]:
        return [c.text() for c in self.callouts_shown()]

    def pawn_at(self, p: int) -> tuple[float, float]:
        """Where seat ``p``'s pawn is drawn, in cells (between two cells while it slides; a portal's twin
        is reached by a jump at the end)."""
        st = self.state
        slide = self.slides.get(p)
        if slide is None or self.fast or not slide.tween.running(self.now):
            x, y = st.pos[p]
            return float(x), float(y)
        path = slide.path
        t = slide.tween.progress(self.now)
        if len(path) > 2:
            if t >= 0.75:
                return float(path[2][0]), float(path[2][1])
            t /= 0.75
        t = ease_in_out(t)
        (ax, ay), (bx, by) = path[0], path[1]
        return ax + (bx - ax) * t, ay + (by - ay) * t

    # --- session events ------------------------------------------------------------------------------
    def _on_reset(self) -> None:
        st = self.state
        self.lands.clear()
        self.slides.clear()
        self.flights.clear()
        self.callouts.clear()
        self.hold_until = self.dice_until = self.tumble_from = self.now
        self.flash = None
        self.recent = []
        board = st.board
        for ev in st.events:
            self._remember(partial(event_lines, self, ev, board, st.pos[ev.player]))
        self.banner = Tween(self.now, 0) if st.phase == "over" else None
        self.dealt_at = None
        if st.phase == "layout":
            self._hold(DEAL_WAIT)  # the first frame of a new game only shows the screen: the deal waits a frame
        self.cursor = st.pos[st.current] if st.phase == "move" else None
        self.page, self.page_no = ("main",), 0
        self.dirty = True

    def _remember(self, lines: Callable[[], list[str]]) -> None:
        self.recent.append(lines)
        del self.recent[:-RECENT]

    def _on_entry(self, entry: Any, before: Any, after: Any) -> None:
        action = entry.action
        now, k, fast = self.now, self.speed(), self.fast
        self.dirty = True
        self.flash = None
        p = before.current
        arrival = now  # when the pawn is on its cell (after its slide)
        if isinstance(action, Deal):
            self.view = None
            self.dealt_at = now
            self._hold(0.3)
        elif isinstance(action, Roll):
            self.lands.clear()
            self.tumble_from = now
            self.dice_until = now + (TUMBLE + LAND) * k
            self._hold(TUMBLE)
        elif isinstance(action, Side):
            i = len(before.rolled)
            if not fast:
                self.lands[i] = Tween(now, LAND * k)
                self.dice_until = max(self.dice_until, now + LAND * k)
            if len(after.rolled) == len(before.dice[p]) or after.phase != "throw":
                self._hold(RESULT)
            else:
                self._hold(STAGGER)
        elif isinstance(action, Move):
            to = tuple(action.to)
            start = before.pos[p]
            path = [start, to]
            if after.pos[p] != to:
                path.append(after.pos[p])
            dist = max(abs(to[0] - start[0]), abs(to[1] - start[1]))
            duration = max(0.25, min(0.9, STEP * dist)) + (0.4 if len(path) > 2 else 0)
            if not fast and to != start:
                self.slides[p] = Slide(tuple(path), Tween(now, duration * k))
                arrival = now + duration * k
            self._hold(duration + 0.3)
        # the step's events: lines, announcements, coins in flight
        old = before.events
        new = after.events[len(old) :] if after.events[: len(old)] == old else after.events
        board = after.board
        for ev in new:
            final = after.pos[ev.player]
            lines = event_lines(self, ev, board, final, entry.action, before.dice[ev.player])
            self._say(" ".join(lines))
            self._remember(partial(event_lines, self, ev, board, final, action, before.dice[ev.player]))
            self._fly(ev, before, after)
            self._call_out(ev, entry.action, before, after, arrival)
        if isinstance(action, (Bonus, Sell, Buy, Replace, Leave)):
            self._hold(0.7)
        if after.phase != before.phase or after.turn != before.turn:
            self.page, self.page_no = ("main",), 0
        self.cursor = after.pos[after.current] if after.phase == "move" else None
        if after.phase == "over" and before.phase != "over":
            self.banner = Tween(self.hold_until if not fast else now, 0 if fast else 0.5)
            title, lines = banner_lines(self, after)
            self._say(" ".join([title, *lines]))
        elif after.phase == "roll" and (after.turn != before.turn or before.phase == "layout"):
            self._say(tx.t(self.lang, "ev_turn", name=self.player_name(after.current)))
        seat = after.to_move
        if seat is not None and not self.is_human(seat):
            self._hold(AI_PAUSE)
        elif seat is not None:
            self._say(
                prompt_text(self, after)
                if after.phase != "move"
                else tx.t(self.lang, "prompt_move", name=self.player_name(seat), reach=after.roll_sum().reach)
            )
        if after.phase == "move" and seat is not None and self.is_human(seat):
            self._follow(after.pos[seat], after.roll_sum().reach)

    def _follow(self, cell: tuple[int, int], reach: int) -> None:
        """Before a human's move: bring his pawn into view; on a phone with the board fitted (cells too small
        to tap), zoom in round the pawn as far as the reachable cells still show."""
        view = self.board_view()
        if view is None:
            return
        vp = self.layout().board
        if self.layout().portrait and view.fitted and view.cell_px < TAP_CELL:
            cells = 2 * max(1, reach) + 3
            target = max(view.cell_px, min(TAP_CELL, min(vp.w, vp.h) / cells))
            view.zoom_at(vp.cx, vp.cy, target / view.cell_px)
            view.centre_on(cell)
        elif not view.visible(cell):
            view.centre_on(cell)

    def _call_out(self, ev: Any, action: Any, before: Any, after: Any, start: float) -> None:
        """A callout on the board for what ``ev`` did, if it says something (announced too)."""
        final = after.pos[ev.player]
        dice = before.dice[ev.player]
        board = after.board

        def text() -> str:
            return callout_text(self, ev, board, final, action, dice)

        if not text():
            return
        cell = tuple(final) if ev.kind == "move" else tuple(ev.cell or final)
        self.callouts.append(Callout(text, ev.player, cell, Tween(start, CALLOUT * self.speed())))
        del self.callouts[:-CALLOUTS]
        self._say(text())

    def _fly(self, ev: Any, before: Any, after: Any) -> None:
        if self.fast:
            return
        start = max(self.now, self.hold_until - 0.2 * self.speed())
        tween = Tween(start, FLY * self.speed())
        if ev.kind == "steal":
            for q, n in ev.amounts:
                if n:
                    self.flights.append(Flight(q, ev.player, n, tween))
        elif ev.kind == "bonus" or ev.kind == "merchant":
            for q in range(after.num_players):
                delta = after.coins[q] - before.coins[q]
                if delta > 0:
                    self.flights.append(Flight(None, q, delta, tween))
                elif delta < 0:
                    self.flights.append(Flight(q, None, -delta, tween))

    def _finish_animations(self) -> None:
        self.slides.clear()
        super()._finish_animations()

    # --- time (``update`` and ``ready`` are DicePacing's) -------------------------------------------------
    def _busy(self, now: float) -> bool:
        return super()._busy(now) or any(s.tween.running(now) for s in self.slides.values())

    def _tick(self, now: float) -> bool:
        changing = self.state.board is not None and self.layer_key() not in self.sent_layers  # drawn bare
        if self.callouts:
            changing = True  # fading in, out, or waiting for its pawn: redrawn until the last is gone
            self.callouts = [c for c in self.callouts if c.tween.running(now)]
        if not self.slides:
            return changing
        if not any(s.tween.running(now) for s in self.slides.values()):
            self.slides.clear()
        return True

    # --- drawing -------------------------------------------------------------------------------------
    def _paint(self, dl: DisplayList, lay: Layout) -> None:
        self.hits = paint(dl, lay, self.frame_view(lay, self._layer_view()))

    def _layer_view(self) -> LayerView | None:
        """The board's layer in the frame being drawn: bare in the frame that dealt it, its content the first
        time its key is drawn (then the host has it)."""
        st = self.state
        if st.board is None:
            return None
        key = self.layer_key()
        if key not in self.sent_layers and self.layer_waits():
            return LayerView(key, None, True)
        content = None if key in self.sent_layers else board_layer(st.board)
        self.sent_layers.add(key)
        return LayerView(key, content, False)

    def hits_now(self) -> Hits:
        """The hit regions of the frame as it is drawn now (``frame_hits`` of the current view: a press between
        a move and the next frame hits that frame)."""
        return frame_hits(self.frame_view(self.layout(), None))

    def frame_view(self, lay: Layout, layer: LayerView | None) -> FrameView:
        """What ``scene_frame.paint`` draws now (``layer``: the board's layer, see ``_layer_view``)."""
        st, now, lang = self.state, self.now, self.lang
        over = st.phase == "over"
        focus = self.shown_focus()
        hover = self.hover
        dialog_open = self.dialog_open()
        buttons: tuple[ControlView, ...] = ()
        dialog = None
        if dialog_open:
            box, controls, page_no, pages = self.dialog_geometry()
            colour = self.colours[st.current]
            views = tuple(
                ControlView(
                    c.target,
                    c.rect,
                    c.label,
                    colour if c.target[0] == "item" else theme.tint(colour, 0.55),
                    hover == c.target,
                    focus == c.target,
                    c.enabled,
                    c.sub,
                )
                for c in controls
            )
            page = tx.t(lang, "page", p=page_no + 1, n=pages) if pages > 1 else ""
            dialog = DialogView(box, self.dialog_title(), page, colour, views)
        else:
            actor = self.actor()
            colour = self.colours[actor] if actor is not None else theme.MUTED
            buttons = tuple(
                ControlView(
                    c.target, c.rect, c.label, theme.PANEL, hover == c.target, focus == c.target, True, plain=True
                )
                if c.target[0] == "zoom"
                else ControlView(c.target, c.rect, c.label, colour, hover == c.target, focus == c.target, c.enabled)
                for c in self.controls()
            )
        flights = tuple(
            FlightView(f.src, f.dst, f.count, f.tween.progress(now))
            for f in self.flights
            if f.tween.started(now) and f.tween.running(now)
        )
        banner = None
        if over and self.banner is not None and self.banner.started(now) and not self.end_panel:
            title, lines = banner_lines(self, st)
            winners = st.outcome().winners
            bcolour = theme.readable(self.colours[winners[0]]) if winners else theme.INK
            banner = BannerView(title, bcolour, tuple(lines), tx.t(lang, "game_over"), self.banner.progress(now))
        return FrameView(
            board=self._board_view(st, layer),
            header=self.header(),
            players=tuple(self._player_view(st, p) for p in range(len(lay.players))),
            tray=self._tray_view(st),
            message=self._message(st),
            keys_help=None if self.touch else tx.t(lang, "keys_help"),
            buttons=buttons,
            flights=flights,
            banner=banner,
            dialog=dialog,
        )

    def _board_view(self, st: Any, layer: LayerView | None) -> BoardView:
        view = self.board_view()
        waiting = tx.t(self.lang, "in_air")
        if view is None:
            return BoardView(None, waiting, None, None, (), ())
        targets = self.targets()
        tv = None
        if targets:
            p = st.current
            cell_hover = self.hover[1] if self.hover is not None and self.hover[0] == "cell" else None
            tv = TargetsView(
                targets, tuple(st.pos[p]), self.colours[p], self.actor() is not None, cell_hover, self.cursor
            )
        over = st.phase == "over"
        pawns = []
        for q in sorted(range(st.num_players), key=lambda q: q == st.current):
            x, y = self.pawn_at(q)
            pawns.append(PawnView(x, y, self.colours[q], not over and q == st.current, st.coins[q]))
        callouts = tuple(
            CalloutView(c.cell, self.colours[c.player], c.text(), c.tween.progress(self.now))
            for c in self.callouts_shown()
        )
        spent = tuple(st.served_by(st.current)) if st.options.bonus_once and not over else ()
        return BoardView(view.camera(), waiting, layer, tv, tuple(pawns), callouts, spent)

    def _player_view(self, st: Any, p: int) -> PlayerView:
        lang = self.lang
        live = st.phase != "over" and st.board is not None and st.current == p
        name = self.player_name(p) + (f" ({tx.t(lang, 'computer')})" if self.session.seats[p].is_ai else "")
        return PlayerView(
            colour=self.colours[p],
            live=live,
            name="▶ " + name if live else name,
            coins=st.coins[p],
            coins_words=tx.coins(lang, st.coins[p]),
            power=tx.t(lang, "power", n=st.power(p)),
            power_short=tx.t(lang, "power_short", n=st.power(p)),
            dice=tuple(tuple(d) for d in st.dice[p]),
        )

    def tray_faces(self, st: Any) -> tuple[int | None, list[str | None], bool]:
        """The roll on show: (player, faces with None for a die in the air, faded: the turn's finished roll)."""
        if st.board is None:
            return None, [], False
        if st.phase in ("throw", "move"):
            p = st.current
            rolled: list[str | None] = list(st.rolled)
            if st.phase == "throw":
                rolled += [None] * (len(st.dice[p]) - len(rolled))
            return p, rolled, False
        for ev in reversed(st.events):
            if ev.kind == "roll":
                return ev.player, list(ev.faces), st.phase == "roll" or st.phase == "over"
        return None, [], False

    def _tray_view(self, st: Any) -> TrayView | None:
        p, shown, faded = self.tray_faces(st)
        if p is None or not shown:
            return None
        lands: list[float | None] = []
        for i, token in enumerate(shown):
            land = self.lands.get(i)
            lands.append(land.progress(self.now) if token is not None and land and not self.fast else None)
        text = None
        if None not in shown:
            roll = faces.roll_sum(tuple(t for t in shown if t is not None))
            if not roll.directions:
                text = tx.t(self.lang, "why_no_direction", name=self.player_name(p))
            elif roll.reach <= 0:
                text = tx.t(self.lang, "why_no_power", name=self.player_name(p))
            else:
                text = tx.t(self.lang, "reach_short", n=roll.reach)
        return TrayView(
            p,
            self.colours[p],
            tuple(shown),
            tuple(tuple(d) for d in st.dice[p]),
            tuple(lands),
            max(0.0, self.now - self.tumble_from),
            faded,
            text,
        )

    def _message(self, st: Any) -> tuple[Line, ...]:
        seat = st.current if st.board is not None else None
        colour = theme.readable(self.colours[seat]) if seat is not None and st.phase != "over" else theme.INK
        items: list[Line] = [(self.prompt(), colour, True)]
        if self.flash is not None:
            items.append((self.flash[0], BAD, True))
        items += [(line, theme.MUTED, False) for line in reversed(self.recent_lines())]
        return tuple(items)


def make_scene(session: Any, ctx: SceneContext | None = None) -> MarchandsScene:
    """The Dés & Marchands screen for ``session``, in the language, settings and colours of ``ctx``."""
    return MarchandsScene(session, ctx or SceneContext())


__all__ = ["MarchandsScene", "make_scene"]
