"""Helpers for the canvas scene tests: a session and its scene driven without a browser."""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any

import pytest

from dicehall.app.session import Session
from dicehall.core.save import Seat
from dicehall.ui.canvas import DisplayList
from dicehall.ui.scene import InputEvent, SceneContext
from dicehall.ui.widgets import text_width


def text_fields(s: str) -> list[str]:
    """The ``{fields}`` of a text template (its French and English versions must name the same)."""
    return [f for _, f, _, _ in string.Formatter().parse(s) if f]


def mismatched_texts(texts: Any) -> list[str]:
    """The keys of a ``Texts`` table whose French or English version is blank, or whose two versions do not
    name the same ``{fields}``."""
    return [
        key
        for key, (fr, en) in texts.table.items()
        if not (fr.strip() and en.strip()) or sorted(text_fields(fr)) != sorted(text_fields(en))
    ]


def out_of_bounds(dl: DisplayList, w: float, h: float, slack: float = 1.0) -> list:
    """The drawing operations of ``dl`` that reach outside the ``w``×``h`` canvas (by more than ``slack``),
    following save / restore / translate; texts are measured with the toolkit's width estimate."""
    bad = []
    tx_ = ty_ = 0.0
    stack = []
    for op in dl.ops:
        kind = op[0]
        if kind == "save":
            stack.append((tx_, ty_))
            continue
        if kind == "restore":
            tx_, ty_ = stack.pop()
            continue
        if kind == "translate":
            tx_, ty_ = tx_ + op[1], ty_ + op[2]
            continue
        boxes = []
        if kind in ("rect", "rrect"):
            boxes.append((op[1], op[2], op[1] + op[3], op[2] + op[4]))
        elif kind == "circle":
            boxes.append((op[1] - op[3], op[2] - op[3], op[1] + op[3], op[2] + op[3]))
        elif kind == "line":
            boxes.append((min(op[1], op[3]), min(op[2], op[4]), max(op[1], op[3]), max(op[2], op[4])))
        elif kind == "poly":
            xs, ys = op[1][0::2], op[1][1::2]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
        elif kind == "text":
            size = float(op[4].split("px")[0].split()[-1])
            width = text_width(op[3], size, "bold" if "bold" in op[4] else "normal")
            x0 = {"left": op[1], "center": op[1] - width / 2, "right": op[1] - width}[op[6]]
            tops = {"top": op[2], "middle": op[2] - size / 2, "alphabetic": op[2] - size, "bottom": op[2] - size}
            y0 = tops.get(op[7], op[2] - size)
            boxes.append((x0, y0, x0 + width, y0 + size))
        for x0, y0, x1, y1 in boxes:
            if x0 + tx_ < -slack or y0 + ty_ < -slack or x1 + tx_ > w + slack or y1 + ty_ > h + slack:
                bad.append(op)
    return bad


class ScriptedAgent:
    """A test computer that decides at once: ``start`` keeps the state, ``think`` is done in one call; a
    subclass says what it ``choose``s."""

    state: Any

    def start(self, state: Any) -> None:
        self.state = state

    def think(self, budget: float) -> bool:
        return True

    def choose(self) -> Any:
        raise NotImplementedError


class SceneDriver:
    """What every scene test harness shares: ``session``, ``scene``, ``width`` and ``height`` set by the
    subclass; settling time, clicks, drawing and reading the screen."""

    session: Any
    scene: Any
    width: float
    height: float

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def log(self) -> list[Any]:
        return self.session.match.log

    def settle(self, seconds: float = 3.0) -> None:
        for _ in range(int(seconds / 0.05)):
            self.scene.update(0.05)

    def click(self, x: float, y: float) -> bool:
        self.scene.on_input(InputEvent("pointerdown", x, y))
        return self.scene.on_input(InputEvent("pointerup", x, y))

    def layout(self) -> Any:
        return self.scene.layout(self.width, self.height)

    def draw(self, width: float | None = None, height: float | None = None) -> DisplayList:
        dl = DisplayList()
        self.scene.draw(dl, width or self.width, height or self.height)
        return dl

    def texts(self, width: float | None = None, height: float | None = None) -> list[str]:
        return self.draw(width, height).texts()

    def screen(self, width: float | None = None, height: float | None = None) -> str:
        """Every text drawn, joined by spaces: wrapped messages read as whole sentences."""
        return " ".join(self.texts(width, height))

    def play_through(self, sizes: tuple[tuple[float, float], ...], every: int, lang: Callable[[int], str]) -> int:
        """Let the computers play the match out through the scene: a session step whenever the scene is
        ready, and every ``every`` steps the language ``lang(steps)`` and a frame at each of ``sizes`` with
        nothing off the canvas. Returns the number of frames drawn."""
        steps = frames = 0
        while not self.session.over:
            if self.session.busy and self.scene.ready():
                self.session.advance(1.0)
                steps += 1
                if steps % every == 0:
                    self.scene.set_lang(lang(steps))
                    for w, hh in sizes:
                        dl = self.draw(w, hh)
                        frames += 1
                        assert dl.ops[0][0] == "clear"
                        bad = out_of_bounds(dl, w, hh)
                        assert not bad, (w, hh, self.state.phase, bad[:3])
            self.scene.update(0.05)
            assert self.scene.now < 4000, "the scene never let the match finish"
        return frames


class Harness(SceneDriver):
    """One Indecix session and its scene at 1200×800. Dice are forced, never random."""

    def __init__(
        self,
        mode: str = "blitz",
        ai: tuple[bool, bool] = (False, False),
        lang: str = "fr",
        settings: dict[str, Any] | None = None,
        colours: tuple[str, str] = ("#2450ef", "#ff0000"),
    ) -> None:
        from dicehall.games.indecix import GAME, IndecixOptions
        from dicehall.games.indecix.scene import make_scene

        seats = [
            Seat("Alice", "ai", "easy") if ai[0] else Seat("Alice"),
            Seat("Bruno", "ai", "easy") if ai[1] else Seat("Bruno"),
        ]
        self.session = Session.new(GAME, IndecixOptions(mode=mode), seats, "test-seed")
        self.scene = make_scene(self.session, SceneContext(lang=lang, settings=settings or {}, colours=colours))
        self.width, self.height = 1200.0, 800.0
        self.scene.resize(self.width, self.height)

    # --- driving -------------------------------------------------------------------------------
    def roll(self, face: int) -> None:
        """Resolve the chance node with ``face``, through the session so that the scene sees it."""
        from dicehall.games.indecix import Face

        self.session.force(Face(face))

    def play(self, face: int, cell: tuple[int, int]) -> None:
        """A whole Blitz turn by the rules (no UI): roll ``face``, place it on ``cell``."""
        from dicehall.games.indecix import Place

        self.roll(face)
        self.scene.press_stop()
        self.session.submit(Place(cell))
        self.settle()

    def key(self, key: str, code: str = "") -> bool:
        return self.scene.on_input(InputEvent("key", key=key, code=code))

    def click_cell(self, cell: tuple[int, int]) -> bool:
        r = self.layout().cell_rect(*cell)
        return self.click(r.cx, r.cy)


@pytest.fixture
def harness() -> type[Harness]:
    return Harness
