"""Pig's screen: the banked points, the turn total and two buttons, Roll and Hold. No animation: every
step is shown as soon as it is taken."""

from __future__ import annotations

from typing import Any

from dicehall.core.protocol import NodeKind
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.i18n import Texts
from dicehall.ui.scene import Choice, InputEvent, SceneBase, SceneContext

from .game import Hold, Roll

TEXTS = Texts(
    {
        "roll": ("Lancer", "Roll"),
        "hold": ("Encaisser", "Hold"),
        "banked": ("{name} : {points}", "{name}: {points}"),
        "turn": ("Tour de {name} : {points} en jeu", "{name}'s turn: {points} at stake"),
        "prompt": ("Lancer ou encaisser ?", "Roll or hold?"),
        "over": ("{name} gagne", "{name} wins"),
    }
)
ACTIONS = {"roll": Roll(), "hold": Hold()}


class PigScene(SceneBase):
    def __init__(self, session: Any, ctx: SceneContext) -> None:
        super().__init__(session, ctx)
        self.flash = None
        self.banner = None

    def t(self, key: str, **fields: object) -> str:
        return TEXTS.t(self.lang, key, **fields)

    def layout(self, width: float | None = None, height: float | None = None) -> dict[str, Rect]:
        w, h = self._layout_size(width, height)
        return self._cached_layout(
            (w, h),
            lambda: {"roll": Rect(w / 2 - 130, h * 0.7, 120, 48), "hold": Rect(w / 2 + 10, h * 0.7, 120, 48)},
        )

    def _paint(self, dl: DisplayList, lay: Any) -> None:
        w, h = self.size
        state = self.state
        dl.clear("#173a32")
        for seat, points in enumerate(state.banked):
            line = self.t("banked", name=self.player_name(seat), points=points)
            dl.text(w / 2, 40 + 32 * seat, line, "20px sans-serif", self.colours[seat % len(self.colours)])
        if state.kind is NodeKind.TERMINAL:
            dl.text(w / 2, h / 2, self.t("over", name=self.player_name(state.winner)), "28px sans-serif", "#ffffff")
            return
        turn = self.t("turn", name=self.player_name(state.player), points=state.turn_total)
        dl.text(w / 2, h / 2, turn, "24px sans-serif", "#ffffff")
        for choice in self.choices():
            box = lay[choice.target]
            dl.rect(box.x, box.y, box.w, box.h, "#e9b949")
            dl.text(box.x + box.w / 2, box.y + box.h / 2, choice.label, "18px sans-serif", "#1f2a27")

    def update(self, dt: float) -> None:
        self.now += dt
        if self._overlays_changed(self.now):
            self.dirty = True

    def ready(self) -> bool:
        return True

    def _finish_animations(self) -> None:
        return None

    def choices(self) -> list[Choice]:
        to_move = self.state.to_move
        if to_move is None or not self.is_human(to_move):
            return []
        legal = self.session.legal()
        return [Choice(key, self.t(key)) for key, action in ACTIONS.items() if action in legal]

    def prompt(self) -> str:
        return self.t("prompt") if self.choices() else ""

    def on_input(self, event: InputEvent) -> bool:
        if event.type != "pointerdown":
            return False
        lay = self.layout()
        for choice in self.choices():
            box = lay[choice.target]
            if box.x <= event.x <= box.x + box.w and box.y <= event.y <= box.y + box.h:
                return self._activate(choice.target)
        return False

    def _activate(self, target: str) -> bool:
        return self._submit(ACTIONS[target])


def make_scene(session: Any, ctx: SceneContext) -> PigScene:
    return PigScene(session, ctx)
