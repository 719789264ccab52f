#!/usr/bin/env python3
"""Charidice AI benchmark (CPython): expert decision times, random games per second, expert strength.

    .venv/bin/python bench/charidice_ai.py [--games 40] [--seed bench]

1. Decision times: seeded games of an expert against normal players (2, 3 and 4 players); every expert
   decision is run to the end (``decide``) and timed, split by kind: the claim window (``wants_side_action``
   for la grande donation, called for every open window), the re-roll decision after roll 1 and after
   roll 2, and the marking. Roll 1 itself is forced (one legal action) and not timed. The tables are
   shared by the turn's decisions (and across turns when the gift weight ``mu`` repeats); the first
   decision with a new ``mu`` builds them (the ``build`` column: decisions that built tables).
   Also the longest single ``think`` slice, with a zero budget (one unit of work).
2. Random games per second: RandomAgent in every seat, ``dicehall.cli.simulate``.
3. Strength: the expert in every seat in turn against random, easy and normal players; win share
   (shared wins split) and mean margin over the best rival.
Prints markdown tables and a JSON summary.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from common import agents_for, pct  # noqa: E402

from dicehall.ai.agent import decide  # noqa: E402
from dicehall.cli.simulate import simulate  # noqa: E402
from dicehall.core.match import Match  # noqa: E402
from dicehall.core.protocol import NodeKind, side_actions  # noqa: E402
from dicehall.games.charidice import GAME, CharidiceOptions  # noqa: E402
from dicehall.games.charidice import ai_tables  # noqa: E402


def timed_games(players: int, games: int, seed: str) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"claim window": [], "after roll 1": [], "after roll 2": [], "marking": []}
    builds: list[float] = []
    slice_max = 0.0
    for g in range(games):
        seat_x = g % players
        levels = ["normal"] * players
        levels[seat_x] = "expert"
        match = Match(GAME, CharidiceOptions(players=players), f"{seed}/{players}/{g}")
        agents = agents_for(GAME, levels, f"{seed}/{players}/{g}")
        while match.state.kind is not NodeKind.TERMINAL:
            state = match.state
            if state.kind is NodeKind.CHANCE:
                match.roll()
                continue
            side = None
            for seat, action in side_actions(state):
                t0 = time.process_time()
                wants = agents[seat].wants_side_action(state, seat, action)
                if seat == seat_x:
                    times["claim window"].append(time.process_time() - t0)
                if wants:
                    side = (seat, action)
                    break
            if side is not None:
                match.submit(side[1], side[0])
                continue
            agent = agents[state.to_move]
            if state.to_move == seat_x and len(state.legal_actions()) > 1:
                kind = "marking" if state.phase == "mark" else f"after roll {state.rolls}"
                cached = (
                    len(ai_tables._CACHE),
                    [(k, t.last is not None, t.two is not None) for k, t in ai_tables._CACHE.items()],
                )
                t0 = time.process_time()
                agent.start(state)
                done = False
                while not done:
                    ts = time.process_time()  # CPU time: the machine may be shared
                    done = agent.think(0.0)
                    slice_max = max(slice_max, time.process_time() - ts)
                action = agent.choose()
                dt = time.process_time() - t0
                times[kind].append(dt)
                after = [(k, t.last is not None, t.two is not None) for k, t in ai_tables._CACHE.items()]
                if kind != "marking" and after != cached[1]:
                    builds.append(dt)
            else:
                action = decide(agent, state)
            match.submit(action)
    times["(decisions that built tables)"] = builds
    times["_slice_max"] = [slice_max]
    return times


def strength(players: int, other: str, games: int, seed: str) -> tuple[float, float, int]:
    wins = margin = 0.0
    count = 0
    for g in range(games):
        for seat in range(players):
            levels = [other] * players
            levels[seat] = "expert"
            result = simulate(GAME, CharidiceOptions(players=players), levels, games=1, seed=f"{seed}/{g}/{seat}")
            # simulate gives wins per seat; rebuild the margin from the mean scores of this one game
            scores = result["mean_scores"]
            wins += result["wins"][seat]
            margin += scores[seat] - max(s for p, s in enumerate(scores) if p != seat)
            count += 1
    return wins / count, margin / count, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per strength line (x players, seats rotated)")
    parser.add_argument("--timed", type=int, default=12, help="timed games per player count")
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    summary: dict = {"python": sys.version.split()[0]}

    print("## Expert decision times (CPython, CPU ms per decision)\n")
    print("| players | decision | n | p50 | p95 | max |")
    print("|---|---|---|---|---|---|")
    summary["times"] = {}
    slice_max = 0.0
    for players in (2, 3, 4):
        times = timed_games(players, args.timed, args.seed)
        slice_max = max(slice_max, times.pop("_slice_max")[0])
        for kind, values in times.items():
            ms = [v * 1000 for v in values]
            row = {"n": len(ms), "p50": pct(ms, 0.5), "p95": pct(ms, 0.95), "max": max(ms, default=float("nan"))}
            summary["times"][f"{players}p {kind}"] = row
            print(f"| {players} | {kind} | {row['n']} | {row['p50']:.2f} | {row['p95']:.2f} | {row['max']:.2f} |")
    summary["slice_max_ms"] = slice_max * 1000
    print(f"\nLongest think(0) slice (CPU): {slice_max * 1000:.2f} ms\n")

    print("## Random games per second (CPython)\n")
    summary["random_games_per_second"] = {}
    for players in (2, 3, 4):
        r = simulate(GAME, CharidiceOptions(players=players), ["random"] * players, games=200, seed=args.seed)
        summary["random_games_per_second"][players] = r["games_per_second"]
        print(f"- {players} players: {r['games_per_second']} games/s")

    print("\n## Expert strength (expert in every seat in turn)\n")
    print("| players | against | games | expert win share | fair share | mean margin over best rival |")
    print("|---|---|---|---|---|---|")
    summary["strength"] = {}
    for players in (2, 3, 4):
        for other in ("random", "easy", "normal"):
            games = args.games // players if other != "normal" else args.games
            if other != "normal":
                games = max(4, games // 2)
            w, m, n = strength(players, other, games, args.seed)
            summary["strength"][f"{players}p vs {other}"] = {"share": w, "margin": m, "games": n}
            print(f"| {players} | {other} | {n} | {w:.3f} | {1 / players:.3f} | {m:+.1f} |")
    print("\n```json\n" + json.dumps(summary, indent=1) + "\n```")


if __name__ == "__main__":
    main()
