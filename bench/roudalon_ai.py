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

``--ceiling`` computes instead an upper bound on the share of any player against three random seats (4
players, a match of 4 parties), with no simulation: an exact model of a party against uniformly random
seats (``PartyModel``: every state of the pot, the dice in hand, the seat to move and the alliance under
way, solved by memoised recursion, about 10 s), the match solved backwards party by party with collecting
counted as winning the match outright (see ``ceiling``). It prints the best chance of collecting in a party
(0.161) and the bound (0.592).
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


# --- --ceiling: an upper bound on any player's share against three random seats ----------------------------
DICE = {1: [(s, 1 / 6) for s in range(1, 7)], 2: [(s, (6 - abs(s - 7)) / 36) for s in range(2, 13)]}


class PartyModel:
    """One party of Le Roudalon at 4 players, seat 0 playing to maximise a terminal reward and the other
    seats playing as ``RandomAgent`` does (every legal action equally likely: a stake of 1-6, a throw of 1 or
    2 of its dice, a proposal; yes or no to a proposal, extending or closing, 1 or 2 dice as a member). Solved
    exactly by memoised recursion: a party is acyclic (every turn either stakes, raising the pot, or throws,
    and a miss costs dice) and the pot, the dice in hand, the seat to move and the alliance under way tell
    everything the reward below depends on (the 40-round limit, never met in practice, is left out).

    Terminal rewards: ``x`` when seat 0 collects (a throw alone, or pips of its own in an alliance that makes
    the pot), ``v`` when the party leaves every net at 0 (void at the ceiling, or a pot made alone by the only
    player who staked, or an alliance of others holding the only staker), ``o`` when another player wins.
    ``solo`` is the only seat that has staked so far (-2: nobody, -1: several)."""

    N, CEILING = 4, 48

    def __init__(self, x: float, v: float, o: float) -> None:
        self.x, self.v, self.o = x, v, o
        self.memo: dict[tuple, float] = {}

    def party(self) -> float:
        """Seat 0's value at the start of a party, the starter drawn evenly (the throw-off is fair)."""
        return sum(self.turn(0, (1,) * self.N, s, True, False, -2) for s in range(self.N)) / self.N

    def end_turn(self, pot: int, held: tuple, active: int, solo: int) -> float:
        if pot >= self.CEILING:
            return self.v  # dead party: void
        return self.turn(pot, held, (active + 1) % self.N, False, False, solo)

    def turn(self, pot: int, held: tuple, a: int, first: bool, refused: bool, solo: int) -> float:
        key = ("t", pot, held, a, first, refused, solo)
        if key not in self.memo:
            values = []
            for s in range(1, min(6, self.CEILING - pot) + 1):
                more = held[:a] + (min(2, held[a] + 1),) + held[a + 1 :]
                values.append(self.end_turn(pot + s, more, a, a if solo in (-2, a) else -1))
            if not first and held[a]:
                for k in range(1, held[a] + 1):
                    fewer = held[:a] + (held[a] - k,) + held[a + 1 :]
                    miss = self.end_turn(pot, fewer, a, solo)
                    hit = self.x if a == 0 else self.v if solo == a else self.o
                    values.append(sum(p * (hit if s == pot else miss) for s, p in DICE[k]))
                left = (a + 1) % self.N
                if not refused and held[left]:
                    values.append(self.answer(pot, held, (a,), left, solo))
            self.memo[key] = max(values) if a == 0 else sum(values) / len(values)
        return self.memo[key]

    def answer(self, pot: int, held: tuple, chain: tuple, asked: int, solo: int) -> float:
        joined = chain + (asked,)
        candidate = (asked + 1) % self.N
        if candidate in joined or not held[candidate]:
            yes = self.throw(pot, held, joined, 0, 0, False, solo)
        else:
            yes = self.extend(pot, held, joined, solo)
        if len(chain) == 1:
            no = self.turn(pot, held, chain[0], False, True, solo)
        else:
            no = self.throw(pot, held, chain, 0, 0, False, solo)
        return max(yes, no) if asked == 0 else (yes + no) / 2

    def extend(self, pot: int, held: tuple, chain: tuple, solo: int) -> float:
        ask = self.answer(pot, held, chain, (chain[-1] + 1) % self.N, solo)
        close = self.throw(pot, held, chain, 0, 0, False, solo)
        return max(ask, close) if chain[-1] == 0 else (ask + close) / 2

    def throw(self, pot: int, held: tuple, chain: tuple, i: int, total: int, mine: bool, solo: int) -> float:
        """Member ``i`` of ``chain`` throws with ``total`` made so far (``mine``: seat 0 has thrown pips)."""
        key = ("c", pot, held, chain, i, total, mine, solo)
        if key not in self.memo:
            m = chain[i]
            values = []
            for k in range(1, held[m] + 1):
                value = 0.0
                for s, p in DICE[k]:
                    t = total + s
                    if t == pot:
                        value += p * (self.x if mine or m == 0 else self.v if solo in chain else self.o)
                    elif t < pot and i + 1 < len(chain):
                        value += p * self.throw(pot, held, chain, i + 1, t, mine or m == 0, solo)
                    else:
                        value += p * self.end_turn(pot, held[:m] + (held[m] - k,) + held[m + 1 :], chain[0], solo)
                values.append(value)
            self.memo[key] = max(values) if m == 0 else sum(values) / len(values)
        return self.memo[key]


def ceiling(parties: int) -> None:
    """An upper bound on the share of best net any player can have against three random seats (4 players,
    a match of ``parties`` parties). A player who never collects in a match has a total of at most 0, so he
    is among the winners only when every total is 0 (a four-way tie, 1/4 each); whoever collects at least
    once counts here as winning the match outright. So the share is at most the value of a match in which
    collecting is worth 1, a match whose every party left all nets at 0 is worth 1/4 and a match that
    neither is worth 0: solved backwards party by party, a party's rewards being what the rest of the match
    is then worth at best (``PartyModel``). Left out: totals that come back to 0 after parties that were not
    all at 0 (1 match in 1,200 of the expert-random row), worth 1/4 of that."""
    started = time.process_time()
    q = PartyModel(1.0, 0.0, 0.0).party()  # the best chance of collecting in one party
    print("## Ceiling against 3 random seats (4 players): exact party model\n")
    print(f"Best chance of collecting in a party: {q:.4f}; of collecting in at least one of {parties}: ", end="")
    print(f"{1 - (1 - q) ** parties:.4f}\n")
    print("| parties left | best value, every net 0 so far | best value, another has won a party |")
    print("|---|---|---|")
    zero, lost = 0.25, 0.0  # after the last party: every total 0 (a four-way tie), or not
    for left in range(1, parties + 1):
        zero, lost = PartyModel(1.0, zero, lost).party(), 1 - (1 - q) ** left
        print(f"| {left} | {zero:.4f} | {lost:.4f} |", flush=True)
    summary = {"collect_per_party": q, "share_bound": zero, "cpu_s": time.process_time() - started}
    print(f"\nNo play scores more than {zero:.3f} against three random seats.")
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
    parser.add_argument(
        "--ceiling", action="store_true", help="an exact upper bound on any player's share against 3 random seats"
    )
    args = parser.parse_args()
    if args.ceiling:
        ceiling(4)
        return
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
