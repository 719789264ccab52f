"""Helpers for the canvas scene tests: a session and its scene driven without a browser."""

from __future__ import annotations

from typing import Any

import pytest

from dicehall.app.session import Session
from dicehall.core.save import Seat
from dicehall.ui.canvas import DisplayList
from dicehall.ui.scene import InputEvent, SceneContext


class Harness:
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
        self.scene = make_scene(
            self.session, SceneContext(lang=lang, settings=settings or {}, colours=colours)
        )
        self.width, self.height = 1200.0, 800.0
        self.scene.resize(self.width, self.height)

    # --- driving -------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def log(self) -> list[Any]:
        return self.session.match.log

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

    def settle(self, seconds: float = 3.0) -> None:
        for _ in range(int(seconds / 0.05)):
            self.scene.update(0.05)

    def key(self, key: str, code: str = "") -> bool:
        return self.scene.on_input(InputEvent("key", key=key, code=code))

    def click(self, x: float, y: float) -> bool:
        self.scene.on_input(InputEvent("pointerdown", x, y))
        return self.scene.on_input(InputEvent("pointerup", x, y))

    def click_cell(self, cell: tuple[int, int]) -> bool:
        r = self.layout().cell_rect(*cell)
        return self.click(r.cx, r.cy)

    def layout(self) -> Any:
        return self.scene.layout(self.width, self.height)

    def draw(self, width: float | None = None, height: float | None = None) -> DisplayList:
        dl = DisplayList()
        self.scene.draw(dl, width or self.width, height or self.height)
        return dl

    def texts(self, width: float | None = None, height: float | None = None) -> list[str]:
        return self.draw(width, height).texts()

    def screen(self) -> str:
        """Every text drawn, joined by spaces: wrapped messages read as whole sentences."""
        return " ".join(self.texts())


@pytest.fixture
def harness() -> type[Harness]:
    return Harness
