#!/usr/bin/env python3
"""Screen drawing benchmark (CPython): the time of one ``scene.draw`` of the Indecix and Dés & Marchands
screens, without a browser, and the first frames of a new Dés & Marchands game.

    .venv/bin/python bench/scenes.py [--frames 600] [--rounds 3] [--games 40] [--cases ...]

The two frames the UI tests used to time (tests count what a frame draws; the seconds live here):

- Indecix, 1200x800: a Blitz game after ten placed dice, a 4 rolled and picked (Space), then animation
  frames (``update(0.016)`` + ``draw``): the static layer is reused, the dice and highlights are drawn.
  Former bound in the tests: median under 2 ms.
- Dés & Marchands, a plain 50x50 board after a roll (E 4) with the board layer already sent: frames
  alternately at 1200x800 and 390x844 (layer named, pawns, highlights, panel). Former bound: p95 under
  8 ms, the game-figure target of docs/performance.md.

- Dés & Marchands start (``marchands-start``, and ``marchands-start-30`` on the quick 30 × 30 board): a
  new game of two computers (expert) started as the page API starts one (``App.api.new_game``, fast mode)
  in an app at 1280x800, then its first ten ``App.frame`` calls: the first deals the board (the layout
  chance node: one of 4,096 layouts drawn with exact fractions, then the cells and starts placed) and draws
  the screen; the board's cached layer is sent in the frame after it. Per game: the first frame, and the
  longest of the ten (the start's longest block; the browser's target is 50 ms), in CPU time
  (``thread_time``: other processes on a shared machine do not inflate it). ``--games`` games per round,
  each in a fresh app (the modules and caches warm after the first).

Each drawing case draws ``--frames`` frames per round, ``--rounds`` rounds; reported per case: wall time per
frame (``perf_counter``) p50 / p95 / max over all rounds, the best round's p95, and the operations per
frame (for the start cases: per game, over ``--games`` × ``--rounds`` games).
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


def marchands_start(size: int) -> Callable[[int], tuple[float, float, int]]:
    """A new Dés & Marchands game's first ten frames: (first frame ms, longest of the ten ms, ops sent by the
    longest)."""
    from dicehall.app.app import App
    from dicehall.app.storage import MemoryStorage

    def game(number: int) -> tuple[float, float, int]:
        app = App(MemoryStorage(), {"lang": "fr", "params": {}, "width": 1280, "height": 800, "embedded": True})
        app.frame(0.0)
        seats = [{"kind": "ai", "level": "expert"}] * 2
        started = app.api.new_game("marchands", {"seats": seats, "seed": f"start-{number}", "size": size})
        assert started == {"ok": True}, started
        times: list[tuple[float, int]] = []
        for i in range(10):
            t0 = time.thread_time()
            out = app.frame(16.7 * (i + 1))
            times.append(((time.thread_time() - t0) * 1000, len(out.get("draw", ())) + _layer_ops(out)))
        worst = max(times)
        return times[0][0], worst[0], worst[1]

    return game


def _layer_ops(out: dict) -> int:
    """The operations of the layers a frame sends (their content rides inside one ``layer`` operation)."""
    return sum(len(op[5]) for op in out.get("draw", ()) if op[0] == "layer" and op[5] is not None)


CASES = {"indecix": indecix_frame, "marchands": marchands_frame}
STARTS = {"marchands-start": 50, "marchands-start-30": 30}


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
    return {
        "frames": len(times),
        "p50_ms": pct(times, 0.5),
        "p95_ms": pct(times, 0.95),
        "max_ms": max(times),
        "best_round_p95_ms": min(round_p95),
        "ops_p50": pct([float(n) for n in ops], 0.5),
    }


def measure_start(size: int, games: int, rounds: int) -> dict[str, dict]:
    play = marchands_start(size)
    firsts: list[float] = []
    worsts: list[float] = []
    ops: list[float] = []
    round_p95: list[float] = []
    for r in range(rounds):
        these = []
        for g in range(games):
            first, worst, n = play(r * games + g)
            firsts.append(first)
            worsts.append(worst)
            these.append(worst)
            ops.append(float(n))
        round_p95.append(pct(these, 0.95))

    def summary(times: list[float]) -> dict:
        return {
            "frames": len(times),
            "p50_ms": pct(times, 0.5),
            "p95_ms": pct(times, 0.95),
            "max_ms": max(times),
            "best_round_p95_ms": min(round_p95),
            "ops_p50": pct(ops, 0.5),
        }

    return {"first frame": summary(firsts), "longest of 10": summary(worsts)}


def row(name: str, r: dict) -> str:
    return (
        f"| {name} | {r['frames']} | {r['p50_ms']:.3f} | {r['p95_ms']:.3f} | {r['max_ms']:.3f} "
        f"| {r['best_round_p95_ms']:.3f} | {r['ops_p50']:.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--frames", type=int, default=600, help="frames per case and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (a fresh screen each)")
    parser.add_argument("--games", type=int, default=40, help="new games per round (start cases)")
    names = list(CASES) + list(STARTS)
    parser.add_argument("--cases", nargs="*", default=names, choices=names)
    args = parser.parse_args()
    summary: dict = {"python": sys.version.split()[0], "cases": {}}
    print("## Screen drawing, CPython (wall ms per frame)\n")
    print("| screen | frames | p50 | p95 | max | best round p95 | ops per frame |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in args.cases:
        if name in STARTS:
            for part, r in measure_start(STARTS[name], args.games, args.rounds).items():
                summary["cases"][f"{name}, {part}"] = r
                print(row(f"{name}, {part}", r), flush=True)
            continue
        r = measure(CASES[name], args.frames, args.rounds)
        summary["cases"][name] = r
        print(row(name, r), flush=True)
    print("\n```json\n" + json.dumps(summary, indent=1) + "\n```")


if __name__ == "__main__":
    main()
