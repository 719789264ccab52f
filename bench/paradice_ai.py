#!/usr/bin/env python3
"""Paradice AI benchmark (CPython): win shares of each level against the one below, and decision times.

    .venv/bin/python bench/paradice_ai.py [--games 20] [--seed bench] [--rounds none] [--rules 1]
                                          [--players 2 4 6] [--pairs expert-easy expert-normal normal-easy]

For each pair "strong-weak" and each player count, the strong level sits in every seat in turn among weak
seats (game g, seat s: dice seeded ``f"{seed}/{players}/{pair}/{g}/{s}"``, agents seeded alike). A game ends
with the last player standing, or at the round limit ``--rounds`` (the richest wins; ties share the win).
Reported: the strong seat's win share (± its standard error) against the fair share 1/players, the mean
number of rounds, and games per second; then the CPU time of every normal and expert decision with more
than one legal action (run to the end with ``think(0)``, one unit of work per call; p50/p95/max), and the
longest single ``think(0)`` slice. Prints markdown tables and a JSON summary.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from common import agents_for, pct, timed_decision  # noqa: E402

from dicehall.ai.agent import decide  # noqa: E402
from dicehall.core.testing import play_sampled  # noqa: E402
from dicehall.games.paradice import GAME, ParadiceOptions, ParadiceState  # noqa: E402


def play(
    levels: list[str], seed: str, options: ParadiceOptions, times: dict[str, list[float]], slices: list[float]
) -> ParadiceState:
    """One game; the decisions of the normal and expert seats are timed into ``times[level]``."""
    agents = agents_for(GAME, levels, seed)

    def choose(state: ParadiceState) -> object:
        seat = state.to_move
        level = levels[seat]
        if level in times and len(state.legal_actions()) > 1:
            action, seconds = timed_decision(agents[seat], state, slices)
            times[level].append(seconds)
            return action
        return decide(agents[seat], state)

    final, _ = play_sampled(ParadiceState.initial(options), choose, random.Random(f"{seed}/dice"))
    return final


def strength(
    players: int,
    strong: str,
    weak: str,
    games: int,
    seed: str,
    options: ParadiceOptions,
    times: dict[str, list[float]],
    slices: list[float],
) -> dict:
    shares: list[float] = []
    rounds: list[int] = []
    t0 = time.perf_counter()
    for g in range(games):
        for seat in range(players):
            levels = [weak] * players
            levels[seat] = strong
            final = play(levels, f"{seed}/{players}/{strong}-{weak}/{g}/{seat}", options, times, slices)
            shares.append(1 / len(final.winners) if seat in final.winners else 0.0)
            rounds.append(final.round)
    n = len(shares)
    return {
        "games": n,
        "win_share": statistics.fmean(shares),
        "win_share_se": (statistics.stdev(shares) / n**0.5) if n > 1 else 0.0,
        "mean_rounds": statistics.fmean(rounds),
        "games_per_s": n / (time.perf_counter() - t0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games per line and per seat of the strong level")
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--rounds", default="none", help="the round limit, or none (last player standing)")
    parser.add_argument("--rules", type=int, default=1, help="the rule options (sum of 1, 2, 4)")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4, 6])
    parser.add_argument(
        "--pairs", nargs="*", default=["expert-easy", "expert-normal", "normal-easy"], help="strong-weak level pairs"
    )
    args = parser.parse_args()
    limit = None if args.rounds == "none" else int(args.rounds)
    summary: dict = {"python": sys.version.split()[0], "round_limit": limit, "rules": args.rules, "strength": {}}
    times: dict[str, list[float]] = {"normal": [], "expert": []}
    slices: list[float] = []
    print(f"## Strength (the strong level in every seat in turn; round limit {args.rounds}, rules {args.rules})\n")
    print("| players | strong | weak | games | strong win share (± s.e.) | fair share | mean rounds | games/s |")
    print("|---|---|---|---|---|---|---|---|")
    for players in args.players:
        options = ParadiceOptions(players=players, rules=args.rules, round_limit=limit)
        for pair in args.pairs:
            strong, weak = pair.split("-")
            r = strength(players, strong, weak, args.games, args.seed, options, times, slices)
            summary["strength"][f"{players}p {pair}"] = r
            print(
                f"| {players} | {strong} | {weak} | {r['games']} | {r['win_share']:.3f} "
                f"(± {r['win_share_se']:.3f}) | {1 / players:.3f} | {r['mean_rounds']:.0f} "
                f"| {r['games_per_s']:.2f} |",
                flush=True,
            )
    print("\n## Decision times (CPython, CPU ms per decision with a choice)\n")
    print("| level | decisions | p50 | p95 | max |")
    print("|---|---|---|---|---|")
    summary["decision_ms"] = {}
    for level, seconds in times.items():
        if not seconds:
            continue
        ms = [t * 1000 for t in seconds]
        d = summary["decision_ms"][level] = {"n": len(ms), "p50": pct(ms, 0.5), "p95": pct(ms, 0.95), "max": max(ms)}
        print(f"| {level} | {d['n']} | {d['p50']:.3f} | {d['p95']:.3f} | {d['max']:.3f} |")
    summary["slice_max_ms"] = max(slices, default=0.0) * 1000
    print(f"\nLongest single think(0) slice: {summary['slice_max_ms']:.3f} ms.")
    print("\n```json\n" + json.dumps(summary, indent=1) + "\n```")


if __name__ == "__main__":
    main()
