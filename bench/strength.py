#!/usr/bin/env python3
"""Strength of the computer levels of every game (CPython): win shares with 95 % confidence intervals.

    .venv/bin/python bench/strength.py [--games 200] [--seed strength] [--only GAME ...] [--quick]
                                       [--pairs STRONG-WEAK ...] [--ceiling] [--no-write]
                                       [--doc docs/performance.md]

Each row is one pairing: a strong level in one seat, the weak level in every other seat. It is played
by the machinery of ``python -m dicehall simulate`` (``dicehall.cli.simulate.play``: the match rolls its
dice from its seed, each seat's agent has its own seeded generator, side actions included), in
**deals**: deal d is played once per seat of the strong level (the seat rotations), every rotation with
the same simulate seed and game number, hence the same dice at every ply (``f"{seed}/{d}"``) and the same
agent seeds per seat. No seat is favoured, and luck that follows the dice is partly cancelled. Rotation r
of a pairing is exactly::

    python -m dicehall simulate GAME --seed "SEED/GAME/TABLE/STRONG-WEAK" --games DEALS \\
        --ai <weak levels with STRONG at seat r> --options '<the row's options>'

The strong seat's win share counts a tie of k winners as 1/k. Its 95 % interval is Wilson's, on an
effective number of games: the rotations of a deal are not independent, so the variance of the share is
taken from the spread between deals (``n_eff = p (1 - p) / var``, kept between the number of deals and
the number of games). Also reported: the fair share (1 / seats), games that ended in a tie (anyone's),
and games per second.

``--games`` is per pairing, rounded up to whole deals. ``--quick`` plays 2 deals per pairing (a smoke
run; its rows are marked "quick"). ``--only`` takes game ids (paradice, indecix, charidice, roudalon,
marchands), ``--pairs`` level pairs (expert-normal, normal-easy, ...). ``--ceiling`` runs instead the
Indecix Blitz ceiling: a bench-only deeper expert (``deep``: the shipped ExpertAgent with every move
answered and more replies; not a level of the game) against the normal and expert levels.

The rows measured replace the rows of the same pairings in the table between the markers of
docs/performance.md (``--no-write``: print only); the other rows stay. A JSON summary goes to
bench/results/strength.json.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from dicehall.cli.simulate import play  # noqa: E402
from dicehall.core import registry  # noqa: E402
from dicehall.core.registry import GameDef  # noqa: E402

BEGIN = "<!-- strength-table:begin (bench/strength.py rewrites this table) -->"
END = "<!-- strength-table:end -->"
HEADER = (
    "| game | table | strong vs weak | games | strong win share | 95 % CI | fair share | ties | games/s | run |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---|",
)
Z95 = 1.959963984540054
QUICK_DEALS = 2

# The bench-only deeper Indecix expert (``--ceiling``): the shipped search answers its 8 most promising
# moves with the opponent's 3 best replies; ``deep`` answers every move with 8 replies.
DEEP_WIDTH = 36
DEEP_REPLIES = 8


@dataclasses.dataclass(frozen=True)
class Pairing:
    game: str
    table: str  # what the row's options mean, as the table shows it
    options: dict[str, Any]
    strong: str
    weak: str
    ceiling: bool = False  # only with --ceiling

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.game, self.table, f"{self.strong} vs {self.weak}")


def _pairs(game: str, table: str, options: dict[str, Any], pairs: str, ceiling: bool = False) -> list[Pairing]:
    out = []
    for pair in pairs.split():
        strong, weak = pair.split("-")
        out.append(Pairing(game, table, options, strong, weak, ceiling))
    return out


PAIRINGS: tuple[Pairing, ...] = tuple(
    _pairs("paradice", "6 players", {"players": 6}, "expert-easy normal-easy")
    + _pairs("indecix", "Blitz", {"mode": "blitz"}, "expert-normal normal-easy")
    + _pairs("indecix", "Master", {"mode": "master"}, "expert-normal normal-easy")
    + _pairs("charidice", "2 players", {"players": 2}, "expert-normal normal-easy")
    + _pairs("roudalon", "4 players", {"players": 4}, "expert-random expert-normal normal-easy")
    + _pairs(
        "marchands",
        "2 players, 100 rounds",
        {"players": 2, "round_limit": 100},
        "expert-normal expert-random normal-easy",
    )
    + _pairs("indecix", "Blitz", {"mode": "blitz"}, "deep-normal deep-expert", ceiling=True)
)
GAMES = tuple(spec.id for spec in registry.CATALOGUE)  # every game of the hall


# --- the bench-only level -----------------------------------------------------------------------------------
def with_deep(game: GameDef) -> GameDef:
    """``game`` whose ``make_agent`` also knows "deep" (Indecix only): the shipped ExpertAgent searching
    wider. The game's own levels are untouched."""
    if game.id != "indecix":
        return game
    from dicehall.games.indecix.ai import ExpertAgent

    shipped = game.make_agent

    def make_agent(level: str, seat: int, rng: random.Random) -> Any:
        if level == "deep":
            return ExpertAgent(rng, width=DEEP_WIDTH, replies=DEEP_REPLIES)
        return shipped(level, seat, rng)

    return dataclasses.replace(game, make_agent=make_agent)


# --- statistics ---------------------------------------------------------------------------------------------
def wilson(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``p`` observed on ``n`` (possibly fractional) trials."""
    if n <= 0:
        return (0.0, 1.0)
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def interval(deal_shares: list[float], seats: int) -> tuple[float, float, float, float]:
    """(share, low, high, n_eff): the strong seat's mean share over the deals (each the mean of its
    ``seats`` rotations), its Wilson interval and the effective number of games it is computed on."""
    deals = len(deal_shares)
    games = deals * seats
    p = statistics.fmean(deal_shares)
    var = statistics.variance(deal_shares) / deals if deals > 1 else 0.0
    if var > 0 and 0 < p < 1:
        n_eff = min(max(p * (1 - p) / var, deals), games)
    else:
        n_eff = games
    low, high = wilson(p, n_eff)
    return p, low, high, n_eff


# --- measuring ----------------------------------------------------------------------------------------------
def measure(pairing: Pairing, deals: int, seed: str, progress: Callable[[str], None]) -> dict[str, Any]:
    game = with_deep(registry.load(pairing.game))
    options = game.options_from_json(pairing.options)
    seats = game.num_players(options)
    sim_seed = f"{seed}/{pairing.game}/{pairing.table}/{pairing.strong}-{pairing.weak}"
    deal_shares: list[float] = []
    ties = 0
    started = time.perf_counter()
    for d in range(deals):
        shares = []
        for r in range(seats):
            levels = [pairing.weak] * seats
            levels[r] = pairing.strong
            outcome = play(game, options, levels, sim_seed, d).state.outcome()
            if outcome is None:
                raise RuntimeError(f"{sim_seed} game {d} ended without an outcome")
            shares.append(1 / len(outcome.winners) if r in outcome.winners else 0.0)
            ties += bool(outcome.tie)
        deal_shares.append(statistics.fmean(shares))
        if (d + 1) % max(1, deals // 10) == 0:
            p = statistics.fmean(deal_shares)
            progress(f"  {d + 1}/{deals} deals, share {p:.3f}, {time.perf_counter() - started:.0f} s")
    seconds = time.perf_counter() - started
    p, low, high, n_eff = interval(deal_shares, seats)
    var = statistics.variance(deal_shares) / deals if deals > 1 else 0.0
    return {
        "game": pairing.game,
        "table": pairing.table,
        "options": game.options_to_json(options),
        "strong": pairing.strong,
        "weak": pairing.weak,
        "seats": seats,
        "seed": sim_seed,
        "deals": deals,
        "games": deals * seats,
        "win_share": p,
        "ci95": [low, high],
        "n_eff": n_eff,
        "n_eff_unclipped": p * (1 - p) / var if var > 0 else None,
        "fair_share": 1 / seats,
        "deal_shares": deal_shares,
        "ties": ties,
        "seconds": seconds,
        "games_per_second": deals * seats / seconds if seconds else None,
    }


# --- the table in docs/performance.md -----------------------------------------------------------------------
def row_of(r: dict[str, Any], run: str) -> str:
    low, high = r["ci95"]
    return (
        f"| {r['game']} | {r['table']} | {r['strong']} vs {r['weak']} | {r['games']} "
        f"| {r['win_share']:.3f} | {low:.2f}–{high:.2f} | {r['fair_share']:.3f} | {r['ties']} "
        f"| {r['games_per_second']:.2f} | {run} |"
    )


def key_of(row: str) -> tuple[str, str, str] | None:
    cells = [c.strip() for c in row.strip().strip("|").split("|")]
    return (cells[0], cells[1], cells[2]) if len(cells) >= 3 and cells[0] in GAMES else None


def update_doc(path: Path, rows: dict[tuple[str, str, str], str]) -> None:
    """Replace (or add) ``rows`` in the table between the markers; rows of other pairings stay, in the
    order of PAIRINGS. Without the markers, a "Strength" section holding them is appended."""
    text = path.read_text(encoding="utf-8")
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        body, tail = rest.split(END, 1)
    else:
        head, body, tail = text.rstrip("\n") + "\n\n## Strength\n\n", "", "\n"
    old = {k: line for line in body.splitlines() if (k := key_of(line)) is not None}
    merged = {**old, **rows}
    order = [p.key for p in PAIRINGS]
    keys = sorted(merged, key=lambda k: (order.index(k) if k in order else len(order), k))
    table = "\n".join([*HEADER, *(merged[k] for k in keys)])
    path.write_text(f"{head}{BEGIN}\n{table}\n{END}{tail}", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per pairing (rounded up to whole deals)")
    parser.add_argument("--seed", default="strength")
    parser.add_argument("--only", nargs="+", choices=GAMES, metavar="GAME", help=f"only these: {', '.join(GAMES)}")
    parser.add_argument("--pairs", nargs="+", metavar="STRONG-WEAK", help="only these pairings, e.g. expert-normal")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_DEALS} deals per pairing (a smoke run)")
    parser.add_argument("--ceiling", action="store_true", help="the Indecix Blitz ceiling rows instead")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/performance.md alone")
    parser.add_argument("--doc", type=Path, default=ROOT / "docs" / "performance.md")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    chosen = [
        p
        for p in PAIRINGS
        if p.ceiling == args.ceiling
        and (not args.only or p.game in args.only)
        and (not args.pairs or f"{p.strong}-{p.weak}" in args.pairs)
    ]
    if not chosen:
        parser.error("no pairing left to measure")

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    today = datetime.date.today().isoformat()
    run = f"{today}{', quick' if args.quick else ''}"
    results, rows = [], {}
    print("\n".join(HEADER), flush=True)
    for pairing in chosen:
        seats = registry.load(pairing.game).num_players(registry.load(pairing.game).options_from_json(pairing.options))
        deals = QUICK_DEALS if args.quick else -(-args.games // seats)
        progress(f"{pairing.game} {pairing.table}: {pairing.strong} vs {pairing.weak}, {deals} deals × {seats}")
        r = measure(pairing, deals, args.seed, progress)
        results.append(r)
        rows[pairing.key] = row_of(r, run)
        print(rows[pairing.key], flush=True)
    summary = {
        "python": sys.version.split()[0],
        "date": today,
        "quick": args.quick,
        "seed": args.seed,
        "results": results,
    }
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "strength.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    if not args.no_write:
        update_doc(args.doc, rows)
        progress(f"updated {args.doc}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
