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

``--voids`` measures instead how often a party ends void (dead: the pot reached its ceiling; or the 40-round
limit) when computer players of the normal and expert levels share a table: for 4 and 6 players, every mix
of k experts and players - k normal seats (k = 0 .. players), the experts' seats rotated from match to match
(match g: the experts sit from seat g on), each match seeded ``f"{seed}/voids/{players}/{k}/{g}"``.
``--matches`` is then the number of matches per mix.

``--rollout DEALS`` plays instead, against three random seats, a bench-only ``rollout`` player (not a level
of the game) beside the expert: it weighs every legal action of each of its decisions by ``--playouts``
playouts of the whole rest of the match, with the opponents modelled exactly as they play (uniform random
choices) and itself playing on as the shipped expert, the same playout seeds for every action, and takes
the action of best mean share of the match (at a pot of 40 or more, near the ceiling, it plays as the
expert): match-level play with a perfect model of the opponents, as far
as its playouts can tell the actions apart. Deals are played as bench/strength.py plays its expert-random
row (seed ``strength/roudalon/4 players/expert-random``, deal d once with the player in each seat): the
rollout player and the shipped expert on the same deals, with the paired difference. About 8 s of CPU per
match at 24 playouts; at that count the playouts' noise (a match's share is 0, 1/4 or 1) swamps the
differences between actions, and the rollout player does worse than the expert (docs/performance.md).
Prints markdown tables and a JSON summary.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import random
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from common import agents_for, pct

from dicehall.ai.agent import SearchAgent, decide
from dicehall.cli.simulate import play
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.games.roudalon import GAME, RoudalonOptions
from dicehall.games.roudalon.actions import Face
from dicehall.games.roudalon.ai import ExpertAgent

gc_times: list[float] = []
gc_slices: list[float] = []
FULL_GC = [0]  # full (generation 2) collections so far: a slice that met one is timed apart


def _count_full_gc(phase: str, info: dict) -> None:
    if phase == "stop" and info["generation"] == 2:
        FULL_GC[0] += 1


def play_match(levels: list[str], seed: str, timed: int | None, times: list[float], slices: list[float]) -> Match:
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


def strength(players: int, other: str, matches: int, seed: str, times: list[float], slices: list[float]) -> dict:
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


def voids(players: int, experts: int, matches: int, seed: str) -> dict:
    """The parties of ``matches`` matches at a table of ``experts`` experts (the rest normal): how many,
    and how many ended void."""
    parties = dead = limit = 0
    for g in range(matches):
        levels = ["normal"] * players
        for i in range(experts):
            levels[(g + i) % players] = "expert"
        name = f"{seed}/voids/{players}/{experts}/{g}"
        match = Match(GAME, RoudalonOptions(players=players), name)
        agents = agents_for(GAME, levels, name)
        while match.state.kind is not NodeKind.TERMINAL:
            state = match.state
            if state.kind is NodeKind.CHANCE:
                match.roll()
            else:
                match.submit(decide(agents[state.to_move], state))
            last = match.state.last
            if match.state.party != state.party or match.state.kind is NodeKind.TERMINAL:
                if last is not None and last.kind == "void" and last is not state.last:
                    dead += last.result == "dead"
                    limit += last.result != "dead"
        parties += match.state.options.party_count
    return {
        "players": players,
        "experts": experts,
        "matches": matches,
        "parties": parties,
        "dead": dead,
        "round_limit": limit,
        "void_share": (dead + limit) / parties,
    }


def main_voids(matches: int, seed: str) -> None:
    summary: dict = {"python": sys.version.split()[0], "voids": []}
    print("## Void parties, normal and expert seats together\n")
    print("| players | experts | normal seats | parties | dead | 40 rounds | void share |")
    print("|---|---|---|---|---|---|---|")
    for players in (4, 6):
        for experts in range(players + 1):
            r = voids(players, experts, matches, seed)
            summary["voids"].append(r)
            print(
                f"| {players} | {experts} | {players - experts} | {r['parties']} | {r['dead']} "
                f"| {r['round_limit']} | {r['void_share']:.1%} |",
                flush=True,
            )
    print("\n```json\n" + json.dumps(summary, indent=1) + "\n```")


LATE_POT = 40  # --rollout: from this pot on (the ceiling is 48 at 4 players) it plays as the expert


class RolloutExpert(SearchAgent):
    """Bench-only (``--rollout``): every legal action weighed by ``rollouts`` playouts of the rest of the
    match against uniformly random opponents, itself playing on as the shipped expert; the best mean share."""

    def __init__(self, seat: int, rng: random.Random, rollouts: int) -> None:
        super().__init__()
        self.seat, self.rng, self.rollouts = seat, rng, rollouts
        self.policy = ExpertAgent(seat, random.Random(0))
        self.base = ExpertAgent(seat, rng)

    def playout(self, state, me: int, rng: random.Random) -> float:
        while state.kind is not NodeKind.TERMINAL:
            if state.kind is NodeKind.CHANCE:
                state = state.apply(Face(rng.randint(1, 6)))
                continue
            legal = state.legal_actions()
            mine = state.to_move == me and len(legal) > 1
            state = state.apply(decide(self.policy, state) if mine else rng.choice(legal))
        winners = state.outcome().winners
        return 1 / len(winners) if me in winners else 0.0

    def search(self, state):
        yield
        legal = list(state.legal_actions())
        me = state.to_move
        if state.phase == "turn" and state.pot >= LATE_POT:  # near the ceiling: the expert's choice
            return decide(self.base, state)
        seeds = [self.rng.random() for _ in range(self.rollouts)]
        best, choice = -1.0, legal[0]
        for action in legal:
            after = state.apply(action)
            value = sum(self.playout(after, me, random.Random(s)) for s in seeds) / len(seeds)
            if value > best + 1e-9:
                best, choice = value, action
            yield
        return choice


def rollout(deals: int, rollouts: int) -> None:
    """The shipped expert and the rollout player against three random seats, on the same deals."""
    from strength import interval  # the same statistics as bench/strength.py

    shipped = GAME.make_agent

    def make_agent(level: str, seat: int, rng: random.Random):
        return RolloutExpert(seat, rng, rollouts) if level == "rollout" else shipped(level, seat, rng)

    game = dataclasses.replace(GAME, make_agent=make_agent)
    options = RoudalonOptions(players=4)
    seed = "strength/roudalon/4 players/expert-random"
    rows, summary = {}, {"python": sys.version.split()[0], "deals": deals, "rollouts": rollouts}
    for strong in ("expert", "rollout"):
        started = time.process_time()
        deal_shares, ties = [], 0
        for d in range(deals):
            shares = []
            for r in range(4):
                levels = ["random"] * 4
                levels[r] = strong
                outcome = play(game, options, levels, seed, d).state.outcome()
                shares.append(1 / len(outcome.winners) if r in outcome.winners else 0.0)
                ties += bool(outcome.tie)
            deal_shares.append(statistics.fmean(shares))
            print(
                f"  {strong}: {d + 1}/{deals} deals, share {statistics.fmean(deal_shares):.3f}",
                file=sys.stderr,
                flush=True,
            )
        p, low, high, _ = interval(deal_shares, 4)
        rows[strong] = deal_shares
        summary[strong] = {"share": p, "ci95": [low, high], "ties": ties, "cpu_s": time.process_time() - started}
    diff = [b - a for a, b in zip(rows["expert"], rows["rollout"], strict=True)]
    se = statistics.stdev(diff) / len(diff) ** 0.5 if len(diff) > 1 else 0.0
    summary["difference"] = {"mean": statistics.fmean(diff), "ci95_half": 1.96 * se}
    print("## The rollout player and the expert against 3 random seats (4 players, a match of 4 parties)\n")
    print("| player | matches | share of best net | 95 % CI | ties | CPU s |")
    print("|---|---|---|---|---|---|")
    for strong in ("expert", "rollout"):
        r = summary[strong]
        low, high = r["ci95"]
        print(f"| {strong} | {4 * deals} | {r['share']:.3f} | {low:.2f}–{high:.2f} | {r['ties']} | {r['cpu_s']:.0f} |")
    d = summary["difference"]
    print(f"\nrollout − expert, paired by deal: {d['mean']:+.3f} ± {d['ci95_half']:.3f}")
    print("\n```json\n" + json.dumps(summary, indent=1) + "\n```")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=40, help="matches per line and per seat of the expert")
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--voids", action="store_true", help="how often parties end void (normal and expert mixes)")
    parser.add_argument(
        "--rollout",
        type=int,
        metavar="DEALS",
        help="the rollout player and the expert against 3 random seats (DEALS deals of 4)",
    )
    parser.add_argument("--playouts", type=int, default=24, help="playouts per action (--rollout)")
    args = parser.parse_args()
    if args.rollout:
        rollout(args.rollout, args.playouts)
        return
    if args.voids:
        main_voids(args.matches, args.seed)
        return
    summary: dict = {"python": sys.version.split()[0], "strength": {}}
    times: list[float] = []
    slices: list[float] = []
    gc.callbacks.append(_count_full_gc)
    print("## Expert strength (expert in every seat in turn; a match = as many parties as players)\n")
    print(
        "| players | against | matches | expert net / match (± s.e.) | net / party | rival net / match "
        "| win share | fair share |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for players in (4, 6):
        for other in ("random", "easy", "normal"):
            r = strength(players, other, args.matches, args.seed, times, slices)
            summary["strength"][f"{players}p vs {other}"] = r
            se = r["net_sd"] / r["matches"] ** 0.5
            print(
                f"| {players} | {other} | {r['matches']} | {r['net_per_match']:+.2f} (± {se:.2f}) "
                f"| {r['net_per_party']:+.2f} | {r['rival_net_per_match']:+.2f} | {r['win_share']:.3f} "
                f"| {1 / players:.3f} |"
            )
    ms = [t * 1000 for t in times]
    summary["decision_ms"] = {"n": len(ms), "p50": pct(ms, 0.5), "p95": pct(ms, 0.95), "max": max(ms)}
    summary["slice_max_ms"] = max(slices) * 1000
    summary["with_full_gc"] = {
        "decisions": len(gc_times),
        "max_ms": max(gc_times, default=0.0) * 1000,
        "slice_max_ms": max(gc_slices, default=0.0) * 1000,
    }
    print("\n## Expert decision times (CPython, CPU ms per decision with a choice)\n")
    print("| decisions | p50 | p95 | max | longest think(0) slice |")
    print("|---|---|---|---|---|")
    d = summary["decision_ms"]
    print(f"| {d['n']} | {d['p50']:.3f} | {d['p95']:.3f} | {d['max']:.3f} | {summary['slice_max_ms']:.3f} |")
    g = summary["with_full_gc"]
    print(
        f"\nDecisions during which CPython ran a full garbage collection (timed apart, the collection "
        f"included): {g['decisions']}, longest {g['max_ms']:.3f} ms, longest slice {g['slice_max_ms']:.3f} ms."
    )
    print("\n```json\n" + json.dumps(summary, indent=1) + "\n```")


if __name__ == "__main__":
    main()
