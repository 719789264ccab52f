"""Input on the Dés & Marchands screen: the buttons, the bonus and merchant dialogs (paged, the face
replacement in three steps: die, face, new face), the board's zoom and pan (wheel, drag, pinch, keys) and
the choice of a cell (click or tap on a highlighted cell; arrows move a cursor among them, Enter goes).

The plumbing of presses, hover and the dialog's keyboard focus is ``ui.controls.FocusRing``; the board
keys are handled here before it (the arrows pan, or move the cell cursor while a cell is to be chosen).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from dicehall.games.marchands import bonuses, faces, merchant
from dicehall.games.marchands import texts as tx
from dicehall.games.marchands.actions import LEAVE, ROLL, Bonus, Buy, Move, Replace, Sell
from dicehall.games.marchands.scene_messages import refusal_text
from dicehall.games.marchands.scene_view import Control, Hits, View
from dicehall.ui.controls import ARROWS, FocusRing
from dicehall.ui.geometry import Rect
from dicehall.ui.i18n import without_keys
from dicehall.ui.scene import Choice, InputEvent, SceneBase

TAP_RADIUS = 16.0  # px: a tap this close to a reachable cell's centre takes it (a 32 px target)
FLASH = 2.2  # a refusal stays on screen this long
DRAG_SLOP = 6.0  # px a press may move and still be a click
KEY_PAN = 80.0  # px per arrow key
KEY_ZOOM = 1.25
WHEEL_ZOOM = 0.0015  # zoom factor per wheel pixel (exponential)


@dataclass(frozen=True, slots=True)
class Item:
    label: str
    action: Any = None
    enabled: bool = True
    sub: str | None = None
    reason: str | None = None
    go: tuple[Any, ...] | None = None
    tokens: tuple[str, ...] = ()


@dataclass(slots=True)
class Drag:
    x: float
    y: float
    moved: bool = False


class SceneInput(FocusRing, SceneBase):
    """Pointer and key handling of ``MarchandsScene`` (see the module docstring). Presses hit the regions of
    the frame as drawn (``hits_now``, the same ``Hits`` the painter returns)."""

    flash_seconds = FLASH  # SceneBase._flash
    page: tuple[Any, ...]  # the merchant dialog's page
    page_no: int
    cursor: tuple[int, int] | None  # the keyboard's cell on the board
    _pointers: dict[int, tuple[float, float]]
    _drag: Drag | None
    _pinch: tuple[float, float] | None

    # --- what the scene provides (MarchandsScene) ------------------------------------------------------
    def in_air(self) -> bool:
        raise NotImplementedError

    def actor(self) -> int | None:
        raise NotImplementedError

    def board_view(self) -> View | None:
        raise NotImplementedError

    def hits_now(self) -> Hits:
        raise NotImplementedError

    # --- what is offered ---------------------------------------------------------------------------------
    def targets(self) -> tuple[tuple[int, int], ...]:
        """The cells the player to move may go to (dice landed), his own cell first."""
        st = self.state
        if st.phase != "move" or self.in_air():
            return ()
        return tuple((a.to[0], a.to[1]) for a in st.legal_actions() if isinstance(a, Move))

    def dialog_open(self) -> bool:
        return self.actor() is not None and self.state.phase in ("bonus", "merchant")

    def dialog_title(self) -> str:
        st, lang = self.state, self.lang
        if st.phase == "bonus":
            return tx.t(lang, "bonus_title")
        page = self.page
        if page[0] == "dice":
            return tx.t(lang, "replace_die_title")
        if page[0] == "faces":
            return tx.t(lang, "replace_face_title", k=page[1] + 1)
        if page[0] == "tokens":
            die = st.dice[st.current][page[1]]
            return tx.t(lang, "replace_token_title", k=page[1] + 1, old=tx.face(die[page[2]]))
        return tx.t(lang, "merchant_title", coins=tx.coins(lang, st.coins[st.current]))

    def dialog_items(self) -> list[Item]:
        st, lang = self.state, self.lang
        p = st.current
        if st.phase == "bonus":
            i = 0 if lang == "fr" else 1
            return [Item(a.label[i], Bonus(a.id), sub=a.help[i]) for a in bonuses.offered(st.options.on)]
        dice, coins, on = st.dice[p], st.coins[p], st.options.on
        page = self.page
        if page[0] == "main":
            out = []
            for d, die in enumerate(dice):
                out.append(self._trade_item(tx.t(lang, "sell", k=d + 1, faces=tx.faces(die)), Sell(d), tokens=die))
            for k in merchant.NEW_DIE_FACES:
                out.append(self._trade_item(tx.t(lang, "buy", n=k), Buy(k)))
            replaces = [a for a in merchant.candidates(dice, on) if isinstance(a, Replace)]
            ok = [a for a in replaces if merchant.refusal(dice, coins, a, on) is None]
            if ok:
                cheapest = min(merchant.price(dice, a) for a in ok)
                out.append(
                    Item(
                        tx.t(lang, "replace_open"),
                        sub=tx.t(lang, "from_price", coins=tx.coins(lang, cheapest)),
                        go=("dice",),
                    )
                )
            else:
                reasons = [r for a in replaces if (r := merchant.refusal(dice, coins, a, on)) is not None]
                reason = refusal_text(lang, reasons[0], 1, coins) if reasons else tx.t(lang, "why_none")
                out.append(Item(tx.t(lang, "replace_open"), enabled=False, sub=reason, reason=reason, go=("dice",)))
            return out
        if page[0] == "dice":
            return [
                Item(tx.t(lang, "die_row", k=d + 1, faces=tx.faces(die)), go=("faces", d), tokens=die)
                for d, die in enumerate(dice)
            ]
        if page[0] == "faces":
            die = dice[page[1]]
            return [
                Item(
                    tx.t(lang, "face_row", i=f + 1, face=tx.face_word(lang, tok)),
                    go=("tokens", page[1], f),
                    tokens=(tok,),
                )
                for f, tok in enumerate(die)
            ]
        d, f = page[1], page[2]
        out = []
        for token in faces.faces_for_sale(on):
            label = tx.face_word(lang, token)
            out.append(self._trade_item(label, Replace(d, f, token), tokens=(token,)))
        return out

    def _trade_item(self, label: str, action: Any, tokens: tuple[str, ...] = ()) -> Item:
        st, lang = self.state, self.lang
        p = st.current
        dice, coins = st.dice[p], st.coins[p]
        reason = merchant.refusal(dice, coins, action, st.options.on)
        price = merchant.price(dice, action) if reason != "unknown" else 0
        money = (
            tx.t(lang, "gain", coins=tx.coins(lang, -price))
            if price < 0
            else tx.t(lang, "cost", coins=tx.coins(lang, price))
        )
        if reason is None:
            return Item(label, action, True, money, tokens=tokens)
        why = refusal_text(lang, reason, price, coins)
        return Item(label, action, False, f"{money} · {why}", why, tokens=tokens)

    def dialog_geometry(self) -> tuple[Rect, list[Control], int, int]:
        """The dialog's box, its controls (the items of the page shown, then the footer), the page number
        and the page count."""
        lay = self.layout()
        items = self.dialog_items()
        box = lay.dialog
        row, gap = lay.row_h, 6.0
        title_h = row * 0.9
        per_page = max(1, int((box.h - title_h - row - 3 * gap) // (row + gap)) - 0)
        pages = max(1, math.ceil(len(items) / per_page))
        page_no = min(self.page_no, pages - 1)
        shown = items[page_no * per_page : (page_no + 1) * per_page]
        rows = len(shown) if pages == 1 else per_page
        h = title_h + rows * (row + gap) + row + 2 * gap
        box = Rect(box.x, box.y + (box.h - h) / 2, box.w, h)
        inner = box.inset(10.0) if box.w > 240 else box.inset(6.0)
        controls = []
        y = box.y + title_h
        for i, it in enumerate(shown):
            r = Rect(inner.x, y, inner.w, row)
            controls.append(
                Control(
                    ("item", page_no * per_page + i),
                    r,
                    it.label,
                    it.action,
                    it.enabled,
                    it.sub,
                    it.reason,
                    it.go,
                    it.tokens,
                )
            )
            y += row + gap
        fy = box.bottom - row - gap
        lang = self.lang
        footer: list[tuple[tuple[Any, ...], str, bool]] = []
        if self.state.phase == "merchant":
            if self.page[0] == "main":
                footer.append((("leave",), tx.t(lang, "leave"), True))
            else:
                footer.append((("back",), tx.t(lang, "back"), True))
        if pages > 1:
            footer.append((("prev",), tx.t(lang, "prev"), page_no > 0))
            footer.append((("next",), tx.t(lang, "next"), page_no < pages - 1))
        if footer:
            small = row * 1.2
            wide = inner.w - (len(footer) - 1) * (small + gap)
            x = inner.x
            for k, (target, label, enabled) in enumerate(footer):
                fw = wide if k == 0 else small
                action = LEAVE if target == ("leave",) else None
                controls.append(Control(target, Rect(x, fy, fw, row), label, action, enabled))
                x += fw + gap
        return box, controls, page_no, pages

    def controls(self) -> list[Control]:
        """The controls on show now: the dialog's (it is modal), else the zoom and turn buttons; on a touch
        screen their labels leave out the keys."""
        out = self._controls()
        return [replace(c, label=without_keys(c.label)) for c in out] if self.touch else out

    def _controls(self) -> list[Control]:
        if self.dialog_open():
            return self.dialog_geometry()[1]
        lay = self.layout()
        lang = self.lang
        out = [
            Control(("zoom", "in"), lay.zoom[0], tx.t(lang, "zoom_in")),
            Control(("zoom", "out"), lay.zoom[1], tx.t(lang, "zoom_out")),
            Control(("zoom", "fit"), lay.zoom[2], tx.t(lang, "fit")),
        ]
        st = self.state
        if st.phase == "over":
            return out
        legal = set(self.session.legal()) if self.actor() is not None else set()
        wait = tx.t(lang, "not_your_turn") if not self.session.human_to_move else tx.t(lang, "not_now")
        out.append(Control(("roll",), lay.buttons[0], tx.t(lang, "roll"), ROLL, ROLL in legal, reason=wait))
        here = Move(st.pos[st.current]) if st.board is not None else None
        out.append(Control(("stay",), lay.buttons[1], tx.t(lang, "stay"), here, here in legal, reason=wait))
        return out

    def lead(self, action: Any) -> Any:
        """The next press towards ``action`` (SceneBase.lead): the control that plays it, else the dialog's item
        that opens the next page on its way (a face to replace: the dice, the die, its face)."""
        controls = self.controls()
        for c in controls:
            if c.enabled and c.action == action:
                return c.target
        if isinstance(action, Replace) and self.dialog_open():
            way = {"main": ("dice",), "dice": ("faces", action.die), "faces": ("tokens", action.die, action.face)}
            step = way.get(self.page[0])
            for c in controls:
                if c.enabled and c.go == step:
                    return c.target
        return None

    def control(self, target: Any) -> Control | None:
        return next((c for c in self.controls() if c.target == target), None)

    # --- acting ------------------------------------------------------------------------------------------
    def press(self, target: Any) -> bool:
        c = self.control(target)
        if c is None:
            return False
        kind = target[0]
        if kind == "zoom":
            return self.zoom_key(target[1])
        if not c.enabled:
            return self._flash(c.reason or tx.t(self.lang, "not_now"))
        if kind == "back":
            self._open(
                ("main",)
                if self.page[0] == "dice"
                else ("dice",)
                if self.page[0] == "faces"
                else ("faces", self.page[1])
            )
            return True
        if kind in ("prev", "next"):
            self.page_no = max(0, self.page_no + (1 if kind == "next" else -1))
            self.focus = None
            self.dirty = True
            return True
        if c.go is not None:
            self._open(c.go)
            return True
        return self._submit(c.action)

    def _open(self, page: tuple[Any, ...]) -> None:
        self.page = page
        self.page_no = 0
        self.focus = None
        self.dirty = True
        self._say(self.dialog_title())

    def choose_cell(self, cell: tuple[int, int]) -> bool:
        """Go to ``cell`` if it is one of the highlighted cells of a human's move."""
        if self.actor() is None or cell not in self.targets():
            return False
        return self._submit(Move(cell))

    # --- the board's view ----------------------------------------------------------------------------------
    def zoom_key(self, what: str) -> bool:
        view = self.board_view()
        if view is None:
            return False
        vp = self.layout().board
        if what == "fit":
            view.fit()
        else:
            view.zoom_at(vp.cx, vp.cy, KEY_ZOOM if what == "in" else 1 / KEY_ZOOM)
        self.dirty = True
        return True

    # --- the choices as real buttons (app.choices) ------------------------------------------------------
    def choices(self) -> list[Choice]:
        """The dialog's items and buttons while it is open; else Roll, Stay put and every cell the dice reach."""
        if self.state.phase == "over":
            return []
        if self.dialog_open():
            return [
                Choice(c.target, f"{c.label} ({c.sub})" if c.sub else c.label, enabled=c.enabled)
                for c in self.controls()
            ]
        out = [Choice(c.target, c.label) for c in self.controls() if c.enabled and c.target[0] in ("roll", "stay")]
        here = self.state.pos[self.state.current]
        if self.actor() is not None:
            out += [Choice(("cell", cell), self.cursor_text(cell)) for cell in self.targets() if cell != here]
        return out

    # --- focus, pointer and keys -----------------------------------------------------------------------------
    def focus_ring(self) -> list[Any]:
        if not self.dialog_open():
            return []
        return [c.target for c in self.controls() if c.enabled]

    def _focus_moved(self, target: Any) -> None:
        c = self.control(target)
        if c is not None:
            self._say(f"{c.label}. {c.sub}" if c.sub else c.label)

    def _target(self, x: float, y: float) -> Any:
        hits = self.hits_now()
        target = hits.control_at(x, y)
        if target is not None:
            return target
        cam = hits.camera  # None while a dialog (modal) is open
        if cam is None:
            return None
        cell = cam.cell_at(x, y)
        if self.actor() is not None and cell not in self.targets():
            cell = self._near_target(cam, x, y) or cell
        return ("cell", cell) if cell is not None else None

    def _near_target(self, view: Any, x: float, y: float) -> tuple[int, int] | None:
        """The reachable cell whose centre is nearest (x, y) within ``TAP_RADIUS``: on small cells a tap
        that misses a highlighted cell by a little still takes it, so every target is at least 32 px."""
        if not view.vp.contains(x, y):
            return None
        best, best_d = None, TAP_RADIUS**2
        for cell in self.targets():
            cx, cy = view.centre(cell)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if d <= best_d:
                best, best_d = cell, d
        return best

    def _hover_target(self, x: float, y: float) -> Any:
        target = self._target(x, y)
        if target is not None and target[0] == "cell" and target[1] not in self.targets():
            return None
        return target

    def _activate(self, target: Any) -> bool:
        if target[0] == "cell":
            return self.choose_cell(target[1])
        return self.press(target)

    def on_input(self, event: InputEvent) -> bool:
        kind = event.type
        view = self.board_view()
        if kind == "wheel":
            if view is None or self.dialog_open() or not self.layout().board.contains(event.x, event.y):
                return False
            view.zoom_at(event.x, event.y, math.exp(-event.dy * WHEEL_ZOOM))
            self.dirty = True
            return True
        if kind == "pointerdown":
            self._pointers[event.id] = (event.x, event.y)
            if len(self._pointers) == 2 and view is not None and not self.dialog_open():
                (ax, ay), (bx, by) = self._pointers.values()
                self._pinch = (math.hypot(ax - bx, ay - by), view.z)
                self._drag = None
                self._pressed = None
                return True
            target = self._target(event.x, event.y)
            if (
                view is not None
                and not self.dialog_open()
                and (target is None or target[0] == "cell")
                and self.layout().board.contains(event.x, event.y)
            ):
                self._drag = Drag(event.x, event.y)
                self._pressed = target
                return True
            return super().on_input(event)
        if kind == "pointermove":
            last = self._pointers.get(event.id)
            if last is not None:
                self._pointers[event.id] = (event.x, event.y)
            if self._pinch is not None and view is not None and len(self._pointers) == 2:
                (ax, ay), (bx, by) = self._pointers.values()
                dist = math.hypot(ax - bx, ay - by)
                start, z0 = self._pinch
                if start > 0:
                    view.zoom_at((ax + bx) / 2, (ay + by) / 2, z0 * dist / start / view.z)
                    if last is not None:  # the fingers' midpoint also pans
                        view.pan((event.x - last[0]) / 2, (event.y - last[1]) / 2)
                self.dirty = True
                return True
            if self._drag is not None and last is not None and view is not None:
                d = self._drag
                if d.moved or math.hypot(event.x - d.x, event.y - d.y) > DRAG_SLOP:
                    d.moved = True
                    view.pan(event.x - last[0], event.y - last[1])
                    self.dirty = True
                return True
            return super().on_input(event)
        if kind in ("pointerup", "pointercancel"):
            self._pointers.pop(event.id, None)
            if self._pinch is not None:
                if len(self._pointers) < 2:
                    self._pinch = None
                return True
            if self._drag is not None:
                d, self._drag = self._drag, None
                pressed, self._pressed = self._pressed, None
                if kind == "pointerup" and not d.moved and pressed is not None:
                    if pressed[0] == "cell" and self._target(event.x, event.y) == pressed:
                        return self.choose_cell(pressed[1])
                return d.moved
            return super().on_input(event)
        return super().on_input(event)

    def _on_key(self, event: InputEvent) -> bool:
        if self.dialog_open():
            if event.key == "Escape" and self.state.phase == "merchant" and self.page[0] != "main":
                return self.press(("back",))
            return super()._on_key(event)
        if event.ctrl or event.meta or event.alt:
            return False
        key = event.key
        targets = self.targets() if self.actor() is not None else ()
        if key in ARROWS:
            if targets and not event.shift:
                return self._move_cursor(key, targets)
            view = self.board_view()
            if view is None:
                return False
            dx = {"ArrowLeft": 1, "ArrowRight": -1}.get(key, 0) * KEY_PAN
            dy = {"ArrowUp": 1, "ArrowDown": -1}.get(key, 0) * KEY_PAN
            view.pan(dx, dy)
            self.dirty = True
            return True
        if key in ("+", "="):
            return self.zoom_key("in")
        if key in ("-", "−", "_"):
            return self.zoom_key("out")
        if key in ("0", "f", "F"):
            return self.zoom_key("fit")
        if key in (" ", "Enter") or event.code == "Space" or key in ("r", "R"):
            if targets and self.cursor in targets and key not in ("r", "R"):
                return self.choose_cell(self.cursor)
            if self.state.phase == "over" or not self.session.human_seats:
                return False
            return self.press(("roll",))
        if key in ("s", "S") and targets:
            return self.press(("stay",))
        return False

    def _move_cursor(self, key: str, targets: tuple[tuple[int, int], ...]) -> bool:
        dx, dy = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}[key]
        here = self.cursor if self.cursor in targets else targets[0]
        best, best_score = None, None
        for t in targets:
            along = (t[0] - here[0]) * dx + (t[1] - here[1]) * dy
            if along <= 0:
                continue
            across = abs((t[0] - here[0]) * dy) + abs((t[1] - here[1]) * dx)
            score = along + 3 * across
            if best_score is None or score < best_score:
                best, best_score = t, score
        if best is None:
            best = here
        self.cursor = best
        view = self.board_view()
        if view is not None and not view.visible(best):
            view.centre_on(best)
        self.dirty = True
        self._say(self.cursor_text(best))
        return True

    def cursor_text(self, cell: tuple[int, int]) -> str:
        lang = self.lang
        st = self.state
        here = st.pos[st.current]
        n = max(abs(cell[0] - here[0]), abs(cell[1] - here[1]))
        what = tx.t(lang, "cursor_stay") if n == 0 else tx.t(lang, "cursor_go", n=n)
        from dicehall.games.marchands.scene_messages import CELL_WORDS

        kind = st.board.kind(cell)
        if n and kind in CELL_WORDS:
            what += tx.t(lang, CELL_WORDS[kind])
        return tx.t(lang, "cursor", cell=tx.cell(lang, cell), what=what)
