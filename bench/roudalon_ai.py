#!/usr/bin/env python3
"""Le Roudalon AI benchmark (CPython): expert strength in nets, win shares and decision times.

    .venv/bin/python bench/roudalon_ai.py [--matches 40] [--seed bench]

For 4 and 6 players, the expert sits in every seat in turn against random, easy and normal seats
(match g, seat s: ``Match`` seeded ``f"{seed}/{players}/{other}/{g}/{s}"``, agents seeded alike). A match is
as many parties as players. Reported: the expert's mean net per match and per party (the nets sum to
zero, so the fair mean is 0), the opponents' mean net per seat, its win share (shared wins split) against
the fair share 1/players, and the CPU time of every expert decision with more than one legal action
(run to the end with ``think(0)``, one unit of work per call; p50/p95/max), plus the longest single
``think(0)`` slice. A decision during which CPython ran a full (generation 2) garbage collection is timed
apart: the pause is the collector's (the bench's heap of finished matches), not the player's.
``--matches 100`` takes about five minutes.
Prints markdown tables and a JSON summary.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from common import agents_for, pct

from dicehall.ai.agent import decide
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.games.roudalon import GAME, RoudalonOptions

gc_times: list[float] = []
gc_slices: list[float] = []
FULL_GC = [0]  # full (generation 2) collections so far: a slice that met one is timed apart


def _count_full_gc(phase: str, info: dict) -> None:
    if phase == "stop" and info["generation"] == 2:
        FULL_GC[0] += 1


def play_match(levels: list[str], seed: str, timed: int | None, times: list[float],
               slices: list[float]) -> Match:
    """Play a match; time the decisions of seat ``timed`` (with a full garbage collection: ``gc_times``)."""
    match = Match(GAME, RoudalonOptions(players=len(levels)), seed)
    agents = agents_for(GAME, levels, seed)
    while match.state.kind is not NodeKind.TERMINAL:
        state = match.state
        if state.kind is NodeKind.CHANCE:
            match.roll()
            continue
        agent = agents[state.to_move]
        if state.to_move == timed and len(state.legal_actions()) > 1:
            t0 = time.process_time()  # CPU time: the machine may be shared
            gc0 = FULL_GC[0]
            agent.start(state)
            done = False
            while not done:
                ts, gcs = time.process_time(), FULL_GC[0]
                done = agent.think(0.0)
                (slices if FULL_GC[0] == gcs else gc_slices).append(time.process_time() - ts)
            action = agent.choose()
            (times if FULL_GC[0] == gc0 else gc_times).append(time.process_time() - t0)
        else:
            action = decide(agent, state)
        match.submit(action)
    return match


def strength(players: int, other: str, matches: int, seed: str, times: list[float],
             slices: list[float]) -> dict:
    nets: list[float] = []
    rivals: list[float] = []
    wins = 0.0
    for g in range(matches):
        for seat in range(players):
            levels = [other] * players
            levels[seat] = "expert"
            match = play_match(levels, f"{seed}/{players}/{other}/{g}/{seat}", seat, times, slices)
            outcome = match.state.outcome()
            totals = match.state.totals()
            nets.append(totals[seat])
            rivals.extend(t for p, t in enumerate(totals) if p != seat)
            if seat in outcome.winners:
                wins += 1 / len(outcome.winners)
    n = len(nets)
    return {
        "matches": n,
        "net_per_match": statistics.fmean(nets),
        "net_sd": statistics.stdev(nets) if n > 1 else 0.0,
        "net_per_party": statistics.fmean(nets) / players,
        "rival_net_per_match": statistics.fmean(rivals),
        "win_share": wins / n,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=40, help="matches per line and per seat of the expert")
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    summary: dict = {"python": sys.version.split()[0], "strength": {}}
    times: list[float] = []
    slices: list[float] = []
    gc.callbacks.append(_count_full_gc)
    print("## Expert strength (expert in every seat in turn; a match = as many parties as players)\n")
    print("| players | against | matches | expert net / match (± s.e.) | net / party | rival net / match "
          "| win share | fair share |")
    print("|---|---|---|---|---|---|---|---|")
    for players in (4, 6):
        for other in ("random", "easy", "normal"):
            r = strength(players, other, args.matches, args.seed, times, slices)
            summary["strength"][f"{players}p vs {other}"] = r
            se = r["net_sd"] / r["matches"] ** 0.5
            print(f"| {players} | {other} | {r['matches']} | {r['net_per_match']:+.2f} (± {se:.2f}) "
                  f"| {r['net_per_party']:+.2f} | {r['rival_net_per_match']:+.2f} | {r['win_share']:.3f} "
                  f"| {1 / players:.3f} |")
    ms = [t * 1000 for t in times]
    summary["decision_ms"] = {"n": len(ms), "p50": pct(ms, 0.5), "p95": pct(ms, 0.95), "max": max(ms)}
    summary["slice_max_ms"] = max(slices) * 1000
    summary["with_full_gc"] = {"decisions": len(gc_times), "max_ms": max(gc_times, default=0.0) * 1000,
                               "slice_max_ms": max(gc_slices, default=0.0) * 1000}
    print("\n## Expert decision times (CPython, CPU ms per decision with a choice)\n")
    print("| decisions | p50 | p95 | max | longest think(0) slice |")
    print("|---|---|---|---|---|")
    d = summary["decision_ms"]
    print(f"| {d['n']} | {d['p50']:.3f} | {d['p95']:.3f} | {d['max']:.3f} | {summary['slice_max_ms']:.3f} |")
    g = summary["with_full_gc"]
    print(f"\nDecisions during which CPython ran a full garbage collection (timed apart, the collection "
          f"included): {g['decisions']}, longest {g['max_ms']:.3f} ms, longest slice {g['slice_max_ms']:.3f} ms.")
    print("\n```json\n" + json.dumps(summary, indent=1) + "\n```")


if __name__ == "__main__":
    main()
