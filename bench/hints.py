#!/usr/bin/env python3
""" "Suggest a move" (CPython): how long the expert thinks for a hint, and how long the card's words take.

    .venv/bin/python bench/hints.py [--games paradice,indecix,...] [--decisions 40] [--seed hints]

Each game seats one human (seat 0, choosing at random among the legal actions) against expert computers, in
an ``App`` as the page drives it. At each of the human's decisions the hint is asked as the toolbar asks it,
and its job (``app.hints.Hint``) is thought to the end in the card's slices (``hints.SLICE`` a frame);
then its words are made in French and English (the move log's line and the game's why). Reported per game:
the thinking time and the words' time (mean, 90th percentile, longest, in milliseconds), the frames the
card needs, and the longest single slice (the page never waits on a hint longer than that in a frame).
The browser figures (Pyodide is slower) are in docs/performance.md, "Suggest a move".
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from common import pct  # noqa: E402

from dicehall.app import hints  # noqa: E402
from dicehall.app.app import App  # noqa: E402
from dicehall.app.storage import MemoryStorage  # noqa: E402

GAMES = {"indecix": 1, "charidice": 2, "roudalon": 3, "marchands": 1, "paradice": 2}  # computers per game


def measure(game: str, decisions: int, seed: str) -> dict[str, float]:
    app = App(MemoryStorage(), {"lang": "en", "params": {"lang": "en"}, "width": 1280, "height": 800})
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "expert"}] * GAMES[game]
    assert app.api.new_game(game, {"seats": seats, "seed": seed}) == {"ok": True}
    rng = random.Random(seed)
    think, words, frames, slices = [], [], [], []
    game_no = 0
    while len(think) < decisions:
        while app.api.busy():
            app.api.advance(1.0)
        if app.session.over:
            game_no += 1
            assert app.api.new_game(game, {"seats": seats, "seed": f"{seed}/{game_no}"}) == {"ok": True}
            continue
        job = app.hints.current(make=True)
        n = 0
        while not job.done:
            start = time.perf_counter()
            job.think(hints.SLICE)
            slices.append(time.perf_counter() - start)
            n += 1
        think.append(job.seconds)
        frames.append(n)
        start = time.perf_counter()
        for lang in ("fr", "en"):
            job.words(lang, app.session, app.move_log())
        words.append(time.perf_counter() - start)
        assert app.api.play(rng.choice(app.api.state()["legal"])) == {"ok": True}
    ms = lambda values, q: round(1000 * pct(values, q), 1)  # noqa: E731
    return {
        "decisions": len(think),
        "think_mean_ms": round(1000 * sum(think) / len(think), 1),
        "think_p90_ms": ms(think, 0.9),
        "think_max_ms": ms(think, 1.0),
        "words_mean_ms": round(1000 * sum(words) / len(words), 1),
        "words_max_ms": ms(words, 1.0),
        "frames_max": max(frames),
        "slice_max_ms": ms(slices, 1.0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", default="hints")
    args = parser.parse_args()
    results = {game: measure(game, args.decisions, args.seed) for game in args.games.split(",")}
    print("| game | decisions | think mean / p90 / max (ms) | words mean / max (ms) | frames max | slice max (ms) |")
    print("|---|---|---|---|---|---|")
    for game, r in results.items():
        print(
            f"| {game} | {r['decisions']} | {r['think_mean_ms']} / {r['think_p90_ms']} / {r['think_max_ms']} | "
            f"{r['words_mean_ms']} / {r['words_max_ms']} | {r['frames_max']} | {r['slice_max_ms']} |"
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
