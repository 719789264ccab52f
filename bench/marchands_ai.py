#!/usr/bin/env python3
"""Dés & Marchands AI benchmark (CPython): expert win shares, coin margins and decision times.

    .venv/bin/python bench/marchands_ai.py [--games 20] [--seed bench] [--rounds 100]

For 2 and 4 players, the expert sits in every seat in turn against random, easy and normal seats (game g,
seat s: dice seeded ``f"{seed}/{players}/{other}/{g}/{s}"``, agents seeded alike; options: the round limit
``--rounds`` of the rulings, every extension off). A game ends on the end cell or at the round limit.
Reported: the expert's win share (a game nobody wins counts for nobody) against the fair share 1/players,
the share of games ended on the end cell, the expert's mean coin margin over the richest rival at the end,
and the CPU time of every expert decision with more than one legal action (run to the end with
``think(0)``, one unit of work per call; p50/p95/max), plus the longest single ``think(0)`` slice.
Then the longest slice on harder positions (what tests/games/marchands/test_marchands_ai.py used to time;
it now counts units of work): a 4-expert game with every extension and a 40-round limit, every third
decision and ten move positions with oversized dice, ``--slice-rounds`` times (former bound 50 ms).
Then, with ``--transactions DEALS`` (``--only-transactions``: that alone), the expert against the normal level
in 2-player games played exactly as bench/strength.py plays its rows (``dicehall.cli.simulate``, seed
``f"{seed}/marchands/2 players, 100 rounds/expert-normal"``, deal d played once per seat of the expert; on
the 30 × 30 board the table name says so): the share of the expert's games with at least one merchant
transaction, its mean transactions per game (buys, sales, replaced faces), the mean game length in rounds,
the share ended on the end cell, the expert's win share, and the CPU time of its decisions and of their
``think(0)`` slices (p95, max). Rows: the 50 × 50 board and the quick 30 × 30 board (``--sizes``), round
limit ``--rounds``. The win share's 95 % interval is bench/strength.py's (Wilson's, on the spread between
deals); the share of games with a transaction has Wilson's interval on the games.
Prints markdown tables and a JSON summary.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

from common import agents_for, pct, timed_decision  # noqa: E402
from strength import interval, wilson  # noqa: E402  (the statistics of bench/strength.py)

from dicehall.ai.agent import decide  # noqa: E402
from dicehall.cli.simulate import make_agent, play_out  # noqa: E402
from dicehall.core.match import Match  # noqa: E402
from dicehall.core.testing import play_sampled  # noqa: E402
from dicehall.games.marchands import GAME, Buy, MarchandsOptions, MarchandsState, Replace, Sell  # noqa: E402

BIG_DICE = (("N", "E", "S", "W"), ("N", "E", "S", "W"), ("6", "6", "x3", "5"), ("6",) * 6, ("x2", "4"))


def play(
    levels: list[str],
    seed: str,
    options: MarchandsOptions,
    timed: int | None = None,
    times: list[float] | None = None,
    slices: list[float] | None = None,
) -> MarchandsState:
    agents = agents_for(GAME, levels, seed)

    def choose(state: MarchandsState) -> object:
        agent = agents[state.to_move]
        if state.to_move == timed and times is not None and len(state.legal_actions()) > 1:
            action, seconds = timed_decision(agent, state, slices)
            times.append(seconds)
            return action
        return decide(agent, state)

    final, _ = play_sampled(MarchandsState.initial(options), choose, random.Random(f"{seed}/dice"))
    return final


def strength(
    players: int, other: str, games: int, seed: str, rounds: int, times: list[float], slices: list[float]
) -> dict:
    wins = ends = 0.0
    margins: list[float] = []
    n = 0
    options = MarchandsOptions(players=players, round_limit=rounds)
    for g in range(games):
        for seat in range(players):
            levels = [other] * players
            levels[seat] = "expert"
            final = play(levels, f"{seed}/{players}/{other}/{g}/{seat}", options, seat, times, slices)
            n += 1
            wins += final.winner() == seat
            ends += final.ended == "end_cell"
            margins.append(final.coins[seat] - max(c for p, c in enumerate(final.coins) if p != seat))
    return {
        "games": n,
        "win_share": wins / n,
        "end_cell_share": ends / n,
        "margin": statistics.fmean(margins),
        "margin_sd": statistics.stdev(margins) if n > 1 else 0.0,
    }


def hard_positions(seed: str) -> list[MarchandsState]:
    """Every third decision of a 4-expert game with every extension (round limit 40), and ten of its move
    positions with oversized dice (more faces and multipliers than games reach quickly)."""
    options = MarchandsOptions(players=4, round_limit=40, multipliers=True, portals=True, replay_bonus=True)
    agents = agents_for(GAME, ["expert"] * 4, seed)
    states: list[MarchandsState] = []

    def choose(state: MarchandsState) -> object:
        states.append(state)
        return decide(agents[state.to_move], state)

    play_sampled(MarchandsState.initial(options), choose, random.Random(f"{seed}/dice"))
    found = states[::3][:120] + [replace(s, dice=(BIG_DICE,) * 4) for s in states if s.phase == "move"][:10]
    out = []
    for state in found:
        if state.phase == "move" and not state.destinations():
            state = replace(state, rolled=())
        if len(state.legal_actions()) > 1:
            out.append(state)
    return out


def hard_slices(seed: str, rounds: int) -> dict:
    """The longest ``think(0)`` slice (CPU ms) of the expert over ``hard_positions``, ``rounds`` times."""
    positions = hard_positions(seed)
    slices: list[float] = []
    for _ in range(rounds):
        for state in positions:
            agent = GAME.make_agent("expert", state.current, random.Random(0))
            timed_decision(agent, state, slices)
    ms = [t * 1000 for t in slices]
    return {"positions": len(positions), "slices": len(ms), "p95": pct(ms, 0.95), "max": max(ms)}


def transactions(size: int, deals: int, seed: str, rounds: int) -> dict:
    """The expert against the normal level, 2 players, as bench/strength.py plays its row (same seeds and
    dice; the 30 × 30 board under its own table name): transactions, game length, win share, times."""
    table = "2 players, 100 rounds" if size == 50 else f"2 players, {size} x {size}, 100 rounds"
    sim_seed = f"{seed}/marchands/{table}/expert-normal"
    options = MarchandsOptions(players=2, size=size, round_limit=rounds)
    counts, lengths, times, slices, deal_shares = [], [], [], [], []
    wins = ends = 0.0
    for d in range(deals):
        deal_wins = 0.0
        for seat in range(2):
            levels = ["normal", "normal"]
            levels[seat] = "expert"
            agents = [make_agent(GAME, lv, s, random.Random(f"{sim_seed}/{d}/{s}")) for s, lv in enumerate(levels)]

            def choose(agent: Any, state: Any, seat: int = seat) -> Any:  # the expert's decisions timed
                if state.to_move != seat or len(state.legal_actions()) <= 1:
                    return decide(agent, state)
                action, seconds = timed_decision(agent, state, slices)
                times.append(seconds)
                return action

            match = play_out(Match(GAME, options, f"{sim_seed}/{d}"), agents, choose=choose)
            final = match.state
            counts.append(sum(1 for e in match.log if e.by == seat and isinstance(e.action, (Buy, Sell, Replace))))
            lengths.append(final.round)
            wins += final.winner() == seat
            deal_wins += final.winner() == seat
            ends += final.ended == "end_cell"
        deal_shares.append(deal_wins / 2)
    n = len(counts)
    share, low, high, _ = interval(deal_shares, 2)
    traded = sum(c > 0 for c in counts) / n
    t_low, t_high = wilson(traded, n)
    ms, sl = [t * 1000 for t in times], [t * 1000 for t in slices]
    return {
        "size": size,
        "games": n,
        "with_transaction": traded,
        "with_transaction_ci95": [t_low, t_high],
        "win_share_ci95": [low, high],
        "mean_transactions": statistics.fmean(counts),
        "mean_rounds": statistics.fmean(lengths),
        "median_rounds": statistics.median(lengths),
        "end_cell_share": ends / n,
        "win_share": wins / n,
        "decision_ms": {"n": len(ms), "p50": pct(ms, 0.5), "p95": pct(ms, 0.95), "max": max(ms)},
        "slice_ms": {"n": len(sl), "p95": pct(sl, 0.95), "max": max(sl)},
    }


def print_transactions(summary: dict, deals: int, seed: str, rounds: int, sizes: tuple[int, ...] = (50, 30)) -> None:
    print(f"\n## Expert against normal: merchant transactions and game length (2 players, round limit {rounds})\n")
    print(
        "| board | games | games with a transaction (95 % CI) | transactions per game "
        "| rounds (mean / median) | ended on the end cell | expert win share (95 % CI) "
        "| decision p95 / max (ms) | slice p95 / max (ms) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    rows = summary.setdefault("transactions", {})
    for size in sizes:
        r = rows[f"{size}x{size}"] = transactions(size, deals, seed, rounds)
        d, sl = r["decision_ms"], r["slice_ms"]
        tl, th = r["with_transaction_ci95"]
        wl, wh = r["win_share_ci95"]
        print(
            f"| {size} × {size} | {r['games']} | {r['with_transaction']:.3f} ({tl:.2f}–{th:.2f}) "
            f"| {r['mean_transactions']:.2f} | {r['mean_rounds']:.1f} / {r['median_rounds']:g} "
            f"| {r['end_cell_share']:.2f} | {r['win_share']:.3f} ({wl:.2f}–{wh:.2f}) "
            f"| {d['p95']:.1f} / {d['max']:.1f} | {sl['p95']:.2f} / {sl['max']:.2f} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games per line and per seat of the expert")
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--rounds", type=int, default=100, help="the round limit")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    parser.add_argument("--against", nargs="*", default=["random", "easy", "normal"])
    parser.add_argument("--slice-rounds", type=int, default=5, help="passes over the harder positions")
    parser.add_argument(
        "--transactions",
        type=int,
        default=0,
        metavar="DEALS",
        help="deals (2 games each) of the expert against normal, per board size",
    )
    parser.add_argument("--only-transactions", action="store_true", help="only that section")
    parser.add_argument("--strength-seed", default="strength", help="the seed of bench/strength.py")
    parser.add_argument(
        "--sizes",
        type=int,
        nargs="+",
        default=[50, 30],
        choices=(50, 30),
        help="the boards of the transactions section",
    )
    args = parser.parse_args()
    summary: dict = {"python": sys.version.split()[0], "rounds": args.rounds, "strength": {}}
    if args.transactions or args.only_transactions:
        print_transactions(summary, args.transactions or 100, args.strength_seed, args.rounds, tuple(args.sizes))
        if args.only_transactions:
            print("\n```json\n" + json.dumps(summary, indent=1) + "\n```")
            return
    times: list[float] = []
    slices: list[float] = []
    print(f"## Expert strength (expert in every seat in turn; round limit {args.rounds})\n")
    print(
        "| players | against | games | expert win share | fair share | ended on the end cell "
        "| coin margin over the richest rival (± s.e.) |"
    )
    print("|---|---|---|---|---|---|---|")
    for players in args.players:
        for other in args.against:
            r = strength(players, other, args.games, args.seed, args.rounds, times, slices)
            summary["strength"][f"{players}p vs {other}"] = r
            se = r["margin_sd"] / r["games"] ** 0.5
            print(
                f"| {players} | {other} | {r['games']} | {r['win_share']:.3f} | {1 / players:.3f} "
                f"| {r['end_cell_share']:.2f} | {r['margin']:+.2f} (± {se:.2f}) |",
                flush=True,
            )
    ms = [t * 1000 for t in times]
    summary["decision_ms"] = {"n": len(ms), "p50": pct(ms, 0.5), "p95": pct(ms, 0.95), "max": max(ms)}
    summary["slice_max_ms"] = max(slices) * 1000
    print("\n## Expert decision times (CPython, CPU ms per decision with a choice)\n")
    print("| decisions | p50 | p95 | max | longest think(0) slice |")
    print("|---|---|---|---|---|")
    d = summary["decision_ms"]
    print(f"| {d['n']} | {d['p50']:.3f} | {d['p95']:.3f} | {d['max']:.3f} | {summary['slice_max_ms']:.3f} |")
    h = summary["hard_slices_ms"] = hard_slices("slices", args.slice_rounds)
    print("\n## Expert think(0) slices on harder positions (every extension, oversized dice; CPU ms)\n")
    print("| positions | slices | p95 | max |")
    print("|---|---|---|---|")
    print(f"| {h['positions']} | {h['slices']} | {h['p95']:.3f} | {h['max']:.3f} |")
    print("\n```json\n" + json.dumps(summary, indent=1) + "\n```")


if __name__ == "__main__":
    main()
