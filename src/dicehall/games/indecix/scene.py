"""The Indecix screen: the original's layout, input by pointer and keyboard, and the animations.

The scene reads the session's state and submits only actions found in ``session.legal()``. It owns the
presentation only: the spinning die (the face is already rolled by the match; the spin is a show the
human stops with STOP), hover and keyboard focus, dice dropping in and captured dice flying to their
capturer's panel, the count-up of scores, messages and the screen-reader announcements.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.games.indecix import texts as tx
from dicehall.games.indecix.actions import Choose, Face, Pass, Place
from dicehall.games.indecix.rules import Action
from dicehall.games.indecix.scene_frame import SPIN_STEP, frame_hits, paint_frame
from dicehall.games.indecix.scene_layout import Layout, PanelLayout, compute_layout
from dicehall.games.indecix.scene_messages import banner_text, message_lines, result_text
from dicehall.games.indecix.scene_paint import Info, paint_static, panels_for, state_info
from dicehall.games.indecix.scene_view import BannerView, ButtonView, DropView, FlightView, FrameView, Hits
from dicehall.ui.anim import Counter, Tween, blink
from dicehall.ui.canvas import DisplayList
from dicehall.ui.controls import PointerInput
from dicehall.ui.geometry import Rect
from dicehall.ui.scene import Choice, InputEvent, ScaledPointer, SceneBase, SceneContext, bounding, parse_anchor

AI_SPIN = 0.4  # a computer's die spins this long at normal speed, then stops by itself
DROP = 0.28
FLY = 0.42
FLY_DELAY = 0.1
COUNT = 0.6
AI_CHOICE_HOLD = 0.35  # Master: show the computer's token before it is placed
AI_PASS_HOLD = 0.5  # show "cannot place" before the computer's turn ends
FLASH = 1.6
BANNER = 0.5
_ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


@dataclass(slots=True)
class _Flight:
    start: Rect
    player: int  # the capturer
    index: int  # slot in the capturer's captured panel
    owner: int
    face: int
    tween: Tween


@dataclass(slots=True)
class _Spin:
    start: float
    human: bool
    stop_at: float | None  # computer: when it stops by itself


class IndecixScene(ScaledPointer, PointerInput, SceneBase):
    """See the module docstring. Built by ``make_scene(session, ctx)``."""

    min_sizes = ((260.0, 300.0),)  # a smaller canvas is laid out larger and scaled down (SceneBase.fitted)

    def __init__(self, session: Any, ctx: SceneContext) -> None:
        super().__init__(session, ctx)
        self._layouts: dict[tuple[float, float], Layout] = {}
        self._info_for: tuple[Any, Info] | None = None
        self._panels: tuple[Any, PanelLayout, PanelLayout] | None = None
        self._static: tuple[tuple[Any, ...], list[Any]] | None = None
        self.message_cache: dict[Any, Any] = {}
        self.hits: Hits | None = None  # the hit regions of the last frame drawn
        self.hover: tuple[int, int] | None = None
        self.focus: tuple[int, int] | None = None
        self.key_target: tuple[Any, ...] | None = None  # the button or token the keyboard is on in the choices' bar
        self.spin: _Spin | None = None
        self.drops: dict[tuple[int, int], Tween] = {}
        self.flights: list[_Flight] = []
        self.hold_until = 0.0
        self.flash: tuple[int, str, float] | None = None  # (player, text, until)
        self.banner: Tween | None = None
        self.counters = (Counter(), Counter())
        self.blink_on = True
        session.subscribe(self._on_entry, self._on_reset)
        self._on_reset()

    # --- what the app asks ---------------------------------------------------------------------------
    def log_held_from(self) -> int | None:
        """The move log leaves out the entries from this ply on: the die a player is stopping (the Face
        just rolled) is not told before it shows."""
        return self.session.match.ply - 1 if self.spin is not None else None

    def ready(self) -> bool:
        """True when no animation holds back the next session step (always True in fast mode)."""
        if self.fast:
            return True
        if self.spin is not None or self.now < self.hold_until:
            return False
        return not self._moving()

    def set_colours(self, colours: tuple[str, ...]) -> None:
        self.colours = tuple(colours)
        self.dirty = True

    # --- reading the state ---------------------------------------------------------------------------
    def _info(self) -> Info:
        state = self.state
        if self._info_for is None or self._info_for[0] is not state:
            self._info_for = (state, state_info(state))
        return self._info_for[1]

    def layout(self, width: float | None = None, height: float | None = None) -> Layout:
        w, h = self.size if width is None or height is None else (width, height)
        key = (round(w, 1), round(h, 1))
        return self._cached_layout(key, lambda: compute_layout(w or 1200, h or 800))

    def _anchor(self, name: str, lay: Layout) -> Rect | None:
        """The tutorial's anchors (SceneBase.anchor): "grid", "cell:x,y", "row:y", "die", "button", "turn",
        "score:p", "panel:p", "messages:p", "stars:p"."""
        what, args = parse_anchor(name)
        if what == "grid" and not args:
            return lay.grid
        if what == "cell" and len(args) == 2 and all(0 <= a < 6 for a in args):
            return lay.cell_rect(args[0], args[1])
        if what == "row" and len(args) == 1 and 0 <= args[0] < 6:
            return bounding((lay.cell_rect(0, args[0]), lay.cell_rect(5, args[0])))
        if what in ("die", "button", "turn") and not args:
            rect: Rect = getattr(lay, what)
            return rect
        if what in ("score", "panel", "messages", "stars") and len(args) == 1 and args[0] in (0, 1):
            p = args[0]
            if what == "stars":
                return bounding(lay.stars[p])
            return {"score": lay.scores, "panel": lay.panels, "messages": lay.messages}[what][p]
        return None

    def _panel_layouts(self, lay: Layout) -> tuple[PanelLayout, PanelLayout]:
        info = self._info()
        key = (lay, info.counts, self.state.options.mode)
        if self._panels is None or self._panels[0] != key:
            p = panels_for(lay, info, self.state.options.mode == "master")
            self._panels = (key, p[0], p[1])
        return self._panels[1], self._panels[2]

    def player_name(self, p: int) -> str:
        seat = self.session.seats[p]
        return seat.name or tx.t(self.lang, "left" if p == 0 else "right")

    @property
    def revealed(self) -> bool:
        """The die's face is shown (not spinning)."""
        return self.spin is None

    def can_place(self) -> bool:
        st = self.state
        return self.session.human_to_move and st.phase == "place" and self.revealed

    def can_pass(self) -> bool:
        st = self.state
        return self.session.human_to_move and st.phase == "pass" and self.revealed

    @property
    def spinning(self) -> bool:
        return self.spin is not None

    def can_stop(self) -> bool:
        return self.spin is not None and self.spin.human

    def dice_held(self) -> bool:
        """The human's die spins, its face hidden until STOP (SceneBase.dice_held)."""
        return self.can_stop()

    def _moving(self) -> bool:
        now = self.now
        return any(t.running(now) for t in self.drops.values()) or any(f.tween.running(now) for f in self.flights)

    # --- session events ------------------------------------------------------------------------------
    def _on_reset(self) -> None:
        self.spin = None
        self.drops.clear()
        self.flights.clear()
        self.hold_until = self.now
        self.banner = Tween(self.now, 0) if self.state.phase == "over" else None
        self.focus = None
        self.flash = None
        for p in (0, 1):
            self.counters[p].jump(self.state.category_scores(p)["total"])
        self.dirty = True

    def _on_entry(self, entry: Any, before: Any, after: Any) -> None:
        action = entry.action
        lang, now, k = self.lang, self.now, self.speed()
        p = before.mover
        name = self.player_name(p)
        self.flash = None
        self.dirty = True
        if isinstance(action, Face):
            self._say(tx.t(lang, "ann_turn", t=after.turn, name=name))
            if not self.fast:
                human = self.is_human(p)
                self.spin = _Spin(now, human, None if human else now + AI_SPIN * k)
            if self.spin is None:
                self._revealed_now(after)
            return
        if isinstance(action, Choose):
            self._say(tx.t(lang, "ann_choose", name=name, f=action.face))
            if not self.is_human(p) and not self.fast:
                self.hold_until = now + AI_CHOICE_HOLD * k
            self._revealed_now(after)
            return
        # a placement or a pass ends the turn
        self.spin = None
        self.focus = None
        last = after.last
        if isinstance(action, Place) and last is not None and last.cell is not None:
            self._say(tx.t(lang, "ann_place", name=name, f=last.face, cell=tx.cell_name(last.cell)))
            self._say(result_text(self, last, p, for_screen=False))
            if not self.fast:
                self.drops[last.cell] = Tween(now, DROP * k)
                lay = self.layout()
                n_after = len(after.captured[p])
                first = n_after - len(last.captured)
                for i, (cell, owner, face) in enumerate(last.captured):
                    self.flights.append(
                        _Flight(
                            lay.die_rect(*cell),
                            p,
                            first + i,
                            owner,
                            face,
                            Tween(now + FLY_DELAY * k, FLY * k),
                        )
                    )
        elif isinstance(action, Pass):
            self._say(tx.t(lang, "ann_pass", name=name, f=before.die or 0))
        duration = 0 if self.fast else COUNT * k
        for q in (0, 1):
            self.counters[q].set(after.category_scores(q)["total"], now, duration)
        s0, s1 = (after.category_scores(q)["total"] for q in (0, 1))
        self._say(tx.t(lang, "ann_scores", a=s0, b=s1))
        if after.phase == "over":
            self.banner = Tween(now + (0 if self.fast else 0.3 * k), 0 if self.fast else BANNER * k)
            self._say(banner_text(self, after))
        elif after.phase == "choose":
            self._say(tx.t(lang, "ann_turn", t=after.turn, name=self.player_name(after.mover)))

    def _revealed_now(self, state: Any) -> None:
        """The die's face has just been shown (a STOP, a stopped computer die, a chosen token)."""
        lang = self.lang
        p = state.mover
        if state.phase == "place":
            if self.is_human(p):
                self._say(
                    tx.t(lang, "ann_roll", name=self.player_name(p), f=state.die)
                    + " "
                    + tx.t(lang, "ann_legal", n=len(state.legal_cells()))
                )
        elif state.phase == "pass":
            self._say(tx.t(lang, "ann_roll", name=self.player_name(p), f=state.die))
            self._say(
                tx.t(lang, "prompt_pass") if self.is_human(p) else tx.t(lang, "ai_pass", name=self.player_name(p))
            )
            if not self.is_human(p) and not self.fast:
                self.hold_until = max(self.hold_until, self.now + AI_PASS_HOLD * self.speed())

    def _finish_animations(self) -> None:
        if self.spin is not None:
            self.spin = None
            self._revealed_now(self.state)
        self.drops.clear()
        self.flights.clear()
        self.hold_until = self.now
        for c in self.counters:
            c.jump(c.target)
        if self.banner is not None:
            self.banner = Tween(self.now, 0)

    # --- input ---------------------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        return list(self.session.legal())

    def _flash(self, text: str) -> bool:
        p = self.state.mover if self.state.phase != "over" else 0
        if not self.is_human(p):
            p = next((q for q in (0, 1) if self.is_human(q)), p)
        self.flash = (p, text, self.now + FLASH)
        self.dirty = True
        return True

    def press_stop(self) -> bool:
        if not self.can_stop():
            return False
        self.spin = None
        self.dirty = True
        self._revealed_now(self.state)
        return True

    def press_ok(self) -> bool:
        if not self.can_pass():
            return False
        action = next((a for a in self._legal() if isinstance(a, Pass)), None)
        return action is not None and self._submit(action)

    def click_cell(self, cell: tuple[int, int]) -> bool:
        st = self.state
        if st.phase == "over":
            return False
        if not self.session.human_to_move and st.phase != "roll":
            return self._flash(tx.t(self.lang, "flash_wait"))
        if self.spin is not None:
            return self._flash(tx.t(self.lang, "flash_stop")) if self.spin.human else False
        if st.phase == "choose":
            return self._flash(tx.t(self.lang, "prompt_choose"))
        if st.phase == "pass":
            return self._flash(tx.t(self.lang, "prompt_pass"))
        if not self.can_place():
            return False
        action = next((a for a in self._legal() if isinstance(a, Place) and tuple(a.cell) == cell), None)
        if action is None:
            return self._flash(tx.t(self.lang, "flash_cell"))
        return self._submit(action)

    def choose_token(self, face: int) -> bool:
        st = self.state
        if st.phase != "choose" or not self.session.human_to_move:
            return False
        action = next((a for a in self._legal() if isinstance(a, Choose) and a.face == face), None)
        if action is None:
            return self._flash(tx.t(self.lang, "flash_token", f=face))
        return self._submit(action)

    def action_button(self) -> ButtonView | None:
        """The button under the die now: OK to a die that cannot be placed, else STOP (none in Master)."""
        st = self.state
        if st.phase == "over":
            return None
        if self.can_pass() or (st.phase == "pass" and self.revealed):
            return ButtonView(tx.t(self.lang, "ok"), self.can_pass())
        if st.options.mode == "master":
            return None
        return ButtonView(tx.t(self.lang, "stop"), self.can_stop())

    def _choosing_tokens(self) -> bool:
        st = self.state
        return st.options.mode == "master" and st.phase == "choose" and bool(self.session.human_to_move)

    def _target(self, x: float, y: float) -> Any:
        lay = self.layout()
        # the regions of the frame as drawn now (a press between a move and the next frame hits that frame)
        hits = frame_hits(lay, self._panel_layouts(lay), self.frame_view(lay))
        if hits.button is not None and hits.button.contains(x, y):
            return ("button",)
        cell = lay.cell_at(x, y)
        if cell is not None:
            return ("cell", cell)
        face = hits.token_at(x, y)
        if face is not None:
            return ("token", face)
        return None

    def _activate(self, target: Any) -> bool:
        if target[0] == "button":
            return self.press_stop() or self.press_ok()
        if target[0] == "cell":
            return self.click_cell(target[1])
        if target[0] == "token":
            return self.choose_token(target[1])
        return False

    def _hover_target(self, x: float, y: float) -> tuple[int, int] | None:
        return self.layout().cell_at(x, y)  # the hover highlight is on cells only

    def _on_key(self, event: InputEvent) -> bool:
        if event.ctrl or event.meta or event.alt:
            return False
        key = event.key
        if key == " " or event.code == "Space":  # the button's key, whatever it says: STOP, then OK
            return self.press_stop() or self.press_ok()
        if key == "Enter":
            if self.press_stop() or self.press_ok():
                return True
            if self.focus is not None and self.can_place():
                return self.click_cell(self.focus)
            return False
        if key in _ARROWS:
            return self._move_focus(*_ARROWS[key])
        if key in ("1", "2", "3", "4", "5", "6"):
            return self.choose_token(int(key))
        if key == "Escape" and self.focus is not None:
            self.focus = None
            self.dirty = True
            return True
        return False

    def _move_focus(self, dx: int, dy: int) -> bool:
        if not self.can_place():
            return False
        legal = self._info().legal
        if not legal:
            return False
        if self.focus is None or self.focus not in legal:
            start = self.focus or self.hover
            if start is None:
                new = legal[0] if (dx, dy) in ((1, 0), (0, 1)) else legal[-1]
            else:
                new = min(legal, key=lambda c: abs(c[0] - start[0]) + abs(c[1] - start[1]))
        else:
            fx, fy = self.focus
            best = None
            for c in legal:
                along = (c[0] - fx) * dx + (c[1] - fy) * dy
                if along <= 0:
                    continue
                across = abs((c[0] - fx) * dy) + abs((c[1] - fy) * dx)
                score = along + 2.5 * across
                if best is None or score < best[0]:
                    best = (score, c)
            if best is None:
                return True  # at the edge: keep the focus, the key is still ours
            new = best[1]
        self.focus = new
        self.dirty = True
        self._say(self._cell_words(new))
        return True

    def _cell_words(self, cell: tuple[int, int]) -> str:
        """A legal square and what a placement there earns, in words."""
        points, star = self._info().previews.get(cell, (0, False))
        name = tx.cell_name(cell)
        if points:
            return tx.t(self.lang, "ann_cell_points", cell=name, pts=tx.count(self.lang, "pts", points))
        if star:
            return tx.t(self.lang, "ann_cell_star", cell=name)
        return tx.t(self.lang, "ann_cell", cell=name)

    # --- the choices as real buttons (app.choices) ---------------------------------------------------
    def choices(self) -> list[Choice]:
        st, lang = self.state, self.lang
        if st.phase == "over":
            return []
        out: list[Choice] = []
        if self.can_stop():
            out.append(Choice(("button",), tx.t(lang, "choice_stop")))
        if self.can_pass():
            out.append(Choice(("button",), tx.t(lang, "choice_ok")))
        if st.phase == "choose" and self.session.human_to_move:
            faces = sorted({a.face for a in self._legal() if isinstance(a, Choose)})
            out += [Choice(("token", f), tx.t(lang, "choice_token", f=f)) for f in faces]
        if self.can_place():
            out += [Choice(("cell", cell), self._cell_words(cell)) for cell in self._info().legal]
        return out

    def focus_choice(self, index: int) -> None:
        """The keyboard is on a button of the choices' bar: its square, token or button is framed on the
        board (the bar at the foot of the board only names it)."""
        options = self.choices()
        target = options[index].target if 0 <= index < len(options) else None
        if target is not None and target[0] == "cell":
            self.focus, self.key_target = target[1], None
        else:
            self.focus, self.key_target = None, target
        self.dirty = True

    def _key_target(self) -> tuple[Any, ...] | None:
        """The button or token the choices' bar is on, while it is still one of the choices."""
        target = self.key_target
        if target is None or all(c.target != target for c in self.choices()):
            return None
        return target

    def prompt(self) -> str:
        st = self.state
        if st.phase == "over":
            return banner_text(self, st)
        lines = message_lines(self, st.mover)
        text = lines[0][0] if lines else ""
        if st.phase == "place" and self.revealed and st.die:
            text = f"{tx.t(self.lang, 'ann_roll', name=self.player_name(st.mover), f=st.die)} {text}"
        return text

    # --- time ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.now += max(0.0, dt)
        now = self.now
        animating = False
        spin = self.spin
        if spin is not None:
            animating = True
            if spin.stop_at is not None and now >= spin.stop_at:
                self.spin = None
                self._revealed_now(self.state)
        if self.drops or self.flights:
            animating = True
            if not self._moving():
                self.drops.clear()
                self.flights.clear()
        if any(c.running(now) for c in self.counters):
            animating = True
        if self.banner is not None and self.banner.running(now):
            animating = True
        if self.flash is not None and now >= self.flash[2]:
            self.flash = None
            animating = True
        on = blink(now)
        if on != self.blink_on:
            self.blink_on = on
            if any(any(k) for k in self._info().kinds):
                animating = True
        if animating:
            self.dirty = True

    # --- drawing -------------------------------------------------------------------------------------
    def _paint(self, dl: DisplayList, lay: Layout) -> None:
        st = self.state
        info = self._info()
        panels = self._panel_layouts(lay)
        now = self.now
        hidden = frozenset(c for c, t in self.drops.items() if t.running(now))
        flying = [0, 0]
        for f in self.flights:
            if f.tween.running(now):
                flying[f.player] += 1
        key = (
            lay,
            id(st),
            self.lang,
            self.colours,
            self._show_legal(),
            bool(self.settings.get("capture_scores")),
            hidden,
            tuple(flying),
            self.player_name(0),
            self.player_name(1),
        )
        if self._static is None or self._static[0] != key:
            layer = DisplayList()
            paint_static(
                layer,
                lay,
                st,
                info,
                panels,
                self.colours,
                (self._names_full(0), self._names_full(1)),
                self.lang,
                self._show_legal(),
                bool(self.settings.get("capture_scores")),
                hidden,
                (flying[0], flying[1]),
            )
            self._static = (key, layer.ops)
        dl.ops.extend(self._static[1])
        self.hits = paint_frame(dl, lay, self.frame_view(lay), panels, self.message_cache)

    def frame_view(self, lay: Layout) -> FrameView:
        """What the frame painter draws now, over the static layer (scene_frame.paint_frame)."""
        st, now, info = self.state, self.now, self._info()
        over = st.phase == "over"
        can_place = self.can_place()
        drops = []
        for cell, tween in self.drops.items():
            content = st.cell(*cell)
            if tween.running(now) and content is not None:
                drops.append(DropView(cell, content[0], content[1], tween.progress(now)))
        flights = tuple(
            FlightView(f.start, f.player, f.index, f.owner, f.face, f.tween.progress(now))
            for f in self.flights
            if f.tween.running(now)
        )
        banner = None
        if over and self.banner is not None and self.banner.started(now) and not self.end_panel:
            banner = BannerView(
                banner_text(self, st),
                tuple(st.outcome().winners),
                tx.t(self.lang, "game_over"),
                self.banner.progress(now),
            )
        cats = info.cats
        return FrameView(
            over=over,
            phase=st.phase,
            mover=st.mover,
            colours=tuple(self.colours),
            scores=(self.counters[0].shown(now), self.counters[1].shown(now)),
            stars=(
                (cats[0]["suites_mixed"], cats[0]["suites_clean"]),
                (cats[1]["suites_mixed"], cats[1]["suites_clean"]),
            ),
            kinds=info.kinds,
            lit=self.blink_on,
            messages=(tuple(message_lines(self, 0)), tuple(message_lines(self, 1))),
            die=st.die if st.phase in ("place", "pass") else None,
            spin=None if self.spin is None else int((now - self.spin.start) / SPIN_STEP),
            button=self.action_button(),
            hover=self.hover if can_place and self.hover in info.previews else None,
            focus=self.focus if can_place else None,
            key_target=self._key_target(),
            tokens=self._choosing_tokens(),
            drops=tuple(drops),
            flights=flights,
            banner=banner,
        )

    def _names_full(self, p: int) -> str:
        name = self.player_name(p)
        if self.session.seats[p].is_ai:  # (a person playing elsewhere, by link, is not a computer)
            name = f"{name} ({tx.t(self.lang, 'computer')})"
        return name

    def _show_legal(self) -> bool:
        return bool(self.settings.get("playable_cells")) and self.can_place()


def make_scene(session: Any, ctx: SceneContext | None = None) -> IndecixScene:
    """The Indecix screen for ``session``, in the language, settings and colours of ``ctx``."""
    return IndecixScene(session, ctx or SceneContext())
