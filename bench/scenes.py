#!/usr/bin/env python3
"""Screen drawing benchmark (CPython): the time of one ``scene.draw`` of the Indecix and Dés & Marchands
screens, without a browser.

    .venv/bin/python bench/scenes.py [--frames 600] [--rounds 3]

The two frames the UI tests used to time (tests count what a frame draws; the seconds live here):

- Indecix, 1200x800: a Blitz game after ten placed dice, a 4 rolled and picked (Space), then animation
  frames (``update(0.016)`` + ``draw``): the static layer is reused, the dice and highlights are drawn.
  Former bound in the tests: median under 2 ms.
- Dés & Marchands, a plain 50x50 board after a roll (E 4) with the board layer already sent: frames
  alternately at 1200x800 and 390x844 (layer named, pawns, highlights, panel). Former bound: p95 under
  8 ms, the game-figure target of docs/performance.md.

Each case draws ``--frames`` frames per round, ``--rounds`` rounds; reported per case: wall time per frame
(``perf_counter``) p50 / p95 / max over all rounds, the best round's p95, and the operations per frame.
CPython is ~2x faster than the page (docs/performance.md, Game figures); the browser's own frame times are
bench/game.py's. Prints a markdown table and a JSON summary.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from common import pct  # noqa: E402

from dicehall.app.session import Session  # noqa: E402
from dicehall.core.save import Seat  # noqa: E402
from dicehall.ui.canvas import DisplayList  # noqa: E402
from dicehall.ui.scene import InputEvent, SceneContext  # noqa: E402

DESKTOP, PHONE = (1200.0, 800.0), (390.0, 844.0)
# Indecix: Left puts 1s on the diagonal, Right 6s on the other (tests/ui/test_indecix_scene.py's STUCK).
STUCK = [(1, (0, 0)), (6, (5, 0)), (1, (1, 1)), (6, (4, 1)), (1, (2, 2)), (6, (3, 2)),
         (1, (3, 3)), (6, (2, 3)), (1, (4, 4)), (6, (1, 4))]  # fmt: skip


def settle(scene, seconds: float) -> None:
    for _ in range(int(seconds / 0.05)):
        scene.update(0.05)


def draw(scene, size: tuple[float, float]) -> DisplayList:
    dl = DisplayList()
    scene.draw(dl, *size)
    return dl


def indecix_frame() -> Callable[[], int]:
    """The Indecix frame: one animation step and one draw at 1200x800; returns its operation count."""
    from dicehall.games.indecix import GAME, Face, IndecixOptions, Place
    from dicehall.games.indecix.scene import make_scene

    session = Session.new(GAME, IndecixOptions(mode="blitz"), [Seat("Alice"), Seat("Bruno")], "test-seed")
    scene = make_scene(session, SceneContext(lang="fr", colours=("#2450ef", "#ff0000")))
    scene.resize(*DESKTOP)
    for face, cell in STUCK:
        session.force(Face(face))
        scene.press_stop()
        session.submit(Place(cell))
        settle(scene, 3.0)
    session.force(Face(4))
    scene.on_input(InputEvent("key", key=" "))
    draw(scene, DESKTOP)

    def frame() -> int:
        scene.update(0.016)
        return len(draw(scene, DESKTOP).ops)

    return frame


def marchands_frame() -> Callable[[], int]:
    """The Dés & Marchands frame, the board layer cached: one draw, alternately desktop and phone."""
    from dicehall.games.marchands import GAME, Layout, MarchandsOptions, Side
    from dicehall.games.marchands.board import LAYOUTS, deal
    from dicehall.games.marchands.scene import make_scene

    options = MarchandsOptions()

    def plain(number: int) -> bool:  # seat 0 plays first, with room all round its start
        _, starts, order = deal(options, number)
        return order[0] == 0 and all(8 <= v <= options.size - 9 for v in starts[0])

    number = next(n for n in range(LAYOUTS) if plain(n))
    seats = [Seat("Lena"), Seat("Marko", "ai", "easy")]
    session = Session.new(GAME, options, seats, "scene-seed")
    scene = make_scene(session, SceneContext(lang="fr", colours=("#c62828", "#1565c0")))
    scene.resize(*DESKTOP)
    session.force(Layout(number))
    settle(scene, 1.0)
    draw(scene, DESKTOP)
    scene.press(("roll",))
    session.force(Side(1))  # the direction die: E
    session.force(Side(3))  # the power die: 4
    settle(scene, 2.0)
    assert session.state.phase == "move", session.state.phase
    draw(scene, DESKTOP)
    sizes = [DESKTOP, PHONE]

    def frame() -> int:
        sizes.reverse()
        return len(draw(scene, sizes[0]).ops)

    return frame


CASES = {"indecix": indecix_frame, "marchands": marchands_frame}


def measure(make: Callable[[], Callable[[], int]], frames: int, rounds: int) -> dict:
    times: list[float] = []
    round_p95: list[float] = []
    ops: list[int] = []
    for _ in range(rounds):
        frame = make()
        these = []
        for _ in range(frames):
            t0 = time.perf_counter()
            ops.append(frame())
            these.append((time.perf_counter() - t0) * 1000)
        times += these
        round_p95.append(pct(these, 0.95))
    return {"frames": len(times), "p50_ms": pct(times, 0.5), "p95_ms": pct(times, 0.95), "max_ms": max(times),
            "best_round_p95_ms": min(round_p95), "ops_p50": pct([float(n) for n in ops], 0.5)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--frames", type=int, default=600, help="frames per case and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (a fresh screen each)")
    parser.add_argument("--cases", nargs="*", default=list(CASES), choices=list(CASES))
    args = parser.parse_args()
    summary: dict = {"python": sys.version.split()[0], "cases": {}}
    print("## Screen drawing, CPython (wall ms per frame)\n")
    print("| screen | frames | p50 | p95 | max | best round p95 | ops per frame |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in args.cases:
        r = measure(CASES[name], args.frames, args.rounds)
        summary["cases"][name] = r
        print(f"| {name} | {r['frames']} | {r['p50_ms']:.3f} | {r['p95_ms']:.3f} | {r['max_ms']:.3f} "
              f"| {r['best_round_p95_ms']:.3f} | {r['ops_p50']:.0f} |", flush=True)
    print("\n```json\n" + json.dumps(summary, indent=1) + "\n```")


if __name__ == "__main__":
    main()
