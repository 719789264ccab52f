#!/usr/bin/env python3
"""The pace of the games (CPython): how long the screen takes to show a computer's turn or decision.

    .venv/bin/python bench/pacing.py [--games paradice,indecix,...] [--speeds slow,normal,fast,instant]
                                     [--decisions 120] [--seed pace] [--paradice-players 4]

Each game is played by computer seats only (level easy) in an ``App`` at 1280x800, exactly as the page
drives it: ``app.frame(t)`` every 16 ms of *simulated* time, the app advancing the session whenever the
screen says it is ready. The computers think with an unlimited budget (``pace.SLICE``), so one decision
takes one frame: what is measured is the animations and holds of the screens, never the CPU.

Reported per game and speed, in simulated seconds:

- Paradice: a computer's turn, from its first roll to the next player's first roll (the target at
  normal: at most 3 s, every turn; ``--paradice-players``: 2 to 6 seats, 4 by default);
- the other games: a computer's decision, from the previous entry decided by a seat to this one (the
  dice rolled and shown in between included; the target at normal: at most 1.5 s);

as the mean, the 90th percentile and the longest, with the number of turns or decisions measured. Also the
frames per computer turn or decision (at "instant": one or two). Prints a markdown table and a JSON summary.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from common import pct  # noqa: E402

import dicehall.app.pace as pace_module  # noqa: E402
from dicehall.app.app import App  # noqa: E402
from dicehall.app.storage import MemoryStorage  # noqa: E402
from dicehall.core import registry  # noqa: E402
from dicehall.core.match import CHANCE  # noqa: E402

GAMES = tuple(spec.id for spec in registry.CATALOGUE)  # every game of the hall
SPEEDS = ("slow", "normal", "fast", "instant")


SEATS = {"paradice": 4, "indecix": 2, "charidice": 4, "roudalon": 4, "marchands": 2}  # else the game's default
STEP_MS = 16.0


def seats_of(game: str) -> int:
    """The seats of ``game``'s measured table: ``SEATS``'s, else its spec's default (else its fewest)."""
    spec = registry.info(game)
    return SEATS.get(game) or spec.default_players or spec.min_players


def measure(
    game: str, speed: str, decisions: int, seed: str, max_seconds: float = 900.0, players: int | None = None
) -> dict:
    app = App(MemoryStorage(), {"lang": "fr", "params": {}, "width": 1280, "height": 800})
    app.shell.settings["speed"] = speed
    seats = [{"kind": "ai", "level": "easy"} for _ in range(players or seats_of(game))]
    answer = app.api.new_game(game, {"seed": seed, "seats": seats})
    assert answer == {"ok": True}, answer
    app.pace.set_fast(False)  # the page API's full speed is for its own calls: the screen's pace from here
    app.pace.set_speed(speed)
    marks: list[tuple[float, int]] = []  # (simulated seconds, frame) at each measured point
    clock = {"t": 0.0, "frame": 0}
    last_roller: list[int | None] = [None]

    def on_entry(entry, before, _after) -> None:
        if game == "paradice":
            if entry.by == CHANCE and type(entry.action).__name__ == "Dice" and before.current != last_roller[0]:
                last_roller[0] = before.current
                marks.append((clock["t"], clock["frame"]))
        elif entry.by != CHANCE:
            marks.append((clock["t"], clock["frame"]))

    app.session.subscribe(on_entry, lambda: None)
    wanted = decisions + 1
    while len(marks) < wanted and not app.session.over and clock["t"] < max_seconds:
        clock["t"] += STEP_MS / 1000
        clock["frame"] += 1
        app.frame(clock["t"] * 1000)
    gaps = [b[0] - a[0] for a, b in zip(marks, marks[1:])]
    frames = [b[1] - a[1] for a, b in zip(marks, marks[1:])]
    return {
        "game": game,
        "players": len(seats),
        "speed": speed,
        "n": len(gaps),
        "mean": sum(gaps) / len(gaps) if gaps else float("nan"),
        "p90": pct(gaps, 0.9),
        "max": max(gaps, default=float("nan")),
        "frames_mean": sum(frames) / len(frames) if frames else float("nan"),
        "frames_max": max(frames, default=0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--speeds", default=",".join(SPEEDS))
    parser.add_argument("--decisions", type=int, default=120)
    parser.add_argument("--seed", default="pace")
    parser.add_argument("--paradice-players", type=int, default=SEATS["paradice"])
    args = parser.parse_args()
    pace_module.SLICE = 1e9  # one decision per frame: the animations are measured, not the thinking
    rows = []
    for game in args.games.split(","):
        for speed in args.speeds.split(","):
            n = max(20, args.decisions // 4) if game == "paradice" else args.decisions
            players = args.paradice_players if game == "paradice" else None
            rows.append(measure(game, speed, n, args.seed, players=players))
            r = rows[-1]
            print(
                f"{game:10} {r['players']}p {speed:8} n={r['n']:4} mean {r['mean']:6.2f} s  p90 {r['p90']:6.2f} s  "
                f"max {r['max']:6.2f} s  frames {r['frames_mean']:6.1f} (max {r['frames_max']})",
                flush=True,
            )
    print()
    print("| game | speed | measured | mean s | p90 s | max s | frames (mean / max) |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        what = "turns" if r["game"] == "paradice" else "decisions"
        print(
            f"| {r['game']} | {r['speed']} | {r['n']} {what} | {r['mean']:.2f} | {r['p90']:.2f} | {r['max']:.2f} "
            f"| {r['frames_mean']:.1f} / {r['frames_max']} |"
        )
    print()
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
