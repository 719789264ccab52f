"""What the games' tests share: ``tutorial_anchors``, every anchor of a tutorial resolved by the game's screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dicehall.app.session import Session
from dicehall.core import registry
from dicehall.core import tutorial as tut
from dicehall.core.save import Seat
from dicehall.core.tutorial import Tutorial
from dicehall.ui.scene import SceneContext

SIZES = ((390.0, 844.0), (1280.0, 800.0))  # a phone held upright, a desktop


@pytest.fixture
def tutorial_anchors() -> Callable[[Tutorial], list[tuple[str, tuple[float, float], Any]]]:
    """For each step of the lesson that names an anchor, at each size: (anchor, size, rect on the canvas).
    The screen is built on the step's position, its animations finished."""

    def resolve(tutorial: Tutorial) -> list[tuple[str, tuple[float, float], Any]]:
        spec = registry.spec(tutorial.game)
        game = registry.load(tutorial.game)
        seats = [Seat("Vous")] + [Seat(f"C{i}", "ai", level) for i, level in enumerate(tutorial.levels, 1)]
        match = tutorial.new_match()
        player = tut.TutorialPlayer(tutorial, match)
        out = []
        while not player.done:
            tut.run_to_step(player)
            step = player.step
            if step is None:
                break
            if step.anchor is not None and player.comment is None:
                session = Session(game, match.prefix(match.ply), seats)
                scene = spec.make_scene(session, SceneContext(lang="fr"))
                for size in SIZES:
                    scene.resize(*size)
                    scene.set_fast(True)
                    scene.update(0.0)
                    out.append((step.anchor, size, scene.anchor(step.anchor)))
            if player.comment is not None or step.awaits is tut.CONTINUE:
                player.proceed()
            elif isinstance(step.awaits, tut.Roll):
                player.roll()
            else:
                player.offer(tut.learner_actions(match.state)[0] if step.awaits is tut.ANY else step.awaits)
        return out

    return resolve


def assert_on_screen(found: list[tuple[str, tuple[float, float], Any]]) -> None:
    """Every anchor resolves to a rect of some size inside the canvas."""
    for name, (w, h), rect in found:
        assert rect is not None, f"{name} at {w:.0f}×{h:.0f}: not on the screen"
        assert rect.w >= 4 and rect.h >= 4, f"{name} at {w:.0f}×{h:.0f}: {rect}"
        assert rect.x >= -0.5 and rect.y >= -0.5 and rect.x + rect.w <= w + 0.5 and rect.y + rect.h <= h + 0.5, (
            f"{name} at {w:.0f}×{h:.0f}: {rect} leaves the canvas"
        )


@pytest.fixture
def anchors_on_screen(tutorial_anchors: Callable[[Tutorial], Any]) -> Callable[[Tutorial], None]:
    def check(tutorial: Tutorial) -> None:
        assert_on_screen(tutorial_anchors(tutorial))

    return check
