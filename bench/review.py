#!/usr/bin/env python3
"""The game review (core/review.py, docs/review.md) in CPython: fit the estimated evaluators, then check
them (calibration, the levels' order by average loss, the accounting, the time a review takes).

    .venv/bin/python bench/review.py fit GAME [--games N] [--seed fit]
    .venv/bin/python bench/review.py check [GAME ...] [--games 200] [--seed review] [--write]

``fit`` plays seeded games (each seat a level drawn among random, easy, normal and expert; every options
variant the game's model distinguishes), takes the positions where the game's model applies
(``model_positions``), and fits its coefficients by maximum likelihood: a conditional logit over the seats
(``model_rows``: one row of inputs per seat still in the game; a seat's chance is ``exp(b.x) / sum``; a
tie's share is the target). It writes them to ``games/<id>/review_model.py``.

``check`` plays other seeded games (seed ``review``; game g of a game deals each seat a level drawn by
``random.Random(f"{seed}/levels/{g}")`` among the four) with the game's default options and reviews each:

- calibration: every position where the model applies, every seat: the predicted chance against the
  observed result, in ten groups of equal size ordered by the prediction (deciles);
- the levels: the average value lost per decision of each level over its seats' reviewed decisions;
- the accounting: per seat, the drift (result - start - luck - changes at decisions), its largest size;
- the time: CPU seconds of each whole review (p50, p95, max; CPU time, since several programs share the
  machine's two cores).

Each game's figures go to bench/results/review-GAME.json; ``report`` gathers the last of every game into
the "Game review" section of docs/performance.md (``--write``: between its markers; ``check --write`` does
the same with the games it checked). These runs are long: run them with ``nice -n 10``.

    .venv/bin/python bench/review.py report [--write]
    .venv/bin/python bench/review.py pyodide [--games 3]    # the factor between CPython and Pyodide
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "bench")]

from common import pct

from dicehall.cli.simulate import make_agent, play_out
from dicehall.core import registry
from dicehall.core.match import Match
from dicehall.core.review import Review

LEVELS = ("random", "easy", "normal", "expert")
RESULTS = ROOT / "bench" / "results"
BEGIN = "<!-- review:begin (bench/review.py check --write rewrites this section) -->"
END = "<!-- review:end -->"
# The options each game's model is fitted over (each a variant of its options; the model's key groups them).
FIT_OPTIONS: dict[str, tuple[dict[str, Any], ...]] = {
    "indecix": (
        {"mode": "blitz"},
        {"mode": "blitz", "suite_scoring": "original"},
        {"mode": "master"},
        {"mode": "master", "suite_scoring": "original"},
    ),
    "paradice": (
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 6},
        {"players": 3, "round_limit": 20},
        {"players": 4, "round_limit": 30},
    ),
    "charidice": ({"players": 2}, {"players": 3}, {"players": 4}),
    "roudalon": ({"players": 3}, {"players": 4}, {"players": 5}, {"players": 6}, {"players": 4, "parties": 2}),
    "marchands": (
        {"players": 2, "round_limit": 200},
        {"players": 3, "round_limit": 200},
        {"players": 4, "round_limit": 200},
        {"players": 2, "size": 30, "round_limit": 20},
    ),
}
# The games' defaults unless named here. Dés & Marchands has no end but its end cell, which a random
# player never aims at: its games get a round limit beyond the others' usual length.
CHECK_OPTIONS: dict[str, dict[str, Any]] = {"marchands": {"round_limit": 200}}


def module_of(game_id: str) -> Any:
    name = registry.info(game_id).review
    if name is None:
        raise SystemExit(f"{game_id} has no review evaluator")
    return importlib.import_module(name)


def seeded_game(game_id: str, options_json: dict[str, Any], seed: str, number: int) -> tuple[Match, list[str]]:
    """Game ``number`` of a series: its seats' levels drawn from the seed, played to the end."""
    game = registry.load(game_id)
    options = game.options_from_json(dict(options_json))
    rng = random.Random(f"{seed}/levels/{number}")
    levels = [rng.choice(LEVELS) for _ in range(game.num_players(options))]
    match = Match(game, options, f"{seed}/{number}")
    agents = [make_agent(game, lv, s, random.Random(f"{seed}/{number}/{s}")) for s, lv in enumerate(levels)]
    return play_out(match, agents, f"game {number}"), levels


# --- the fit --------------------------------------------------------------------------------------
Group = tuple[list[tuple[float, ...]], list[float]]  # the rows of the seats in the game, their results


def groups_of(module: Any, match: Match) -> list[Group]:
    states = [match.state_at(i) for i in range(match.ply + 1)]
    result = states[-1].returns()
    out = []
    for i in module.model_positions(states):
        rows = module.model_rows(states[i])
        seats = [s for s, row in enumerate(rows) if row is not None]
        out.append(([rows[s] for s in seats], [result[s] for s in seats]))
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def shares(beta: Sequence[float], rows: Sequence[Sequence[float]]) -> list[float]:
    z = [sum(b * x for b, x in zip(beta, row, strict=True)) for row in rows]
    top = max(z)
    e = [math.exp(v - top) for v in z]
    total = sum(e)
    return [v / total for v in e]


def fit(groups: Sequence[Group], ridge: float = 1e-3, rounds: int = 30) -> tuple[list[float], float]:
    """The coefficients of the conditional logit by Newton's method; and the mean log loss per group."""
    k = len(groups[0][0][0])
    beta = [0.0] * k
    loss = math.inf
    for _ in range(rounds):
        grad = [-ridge * b for b in beta]
        hess = [[(ridge if i == j else 0.0) for j in range(k)] for i in range(k)]
        loss = 0.0
        for rows, ys in groups:
            p = shares(beta, rows)
            mean = [sum(pi * row[j] for pi, row in zip(p, rows, strict=True)) for j in range(k)]
            for pi, yi, row in zip(p, ys, rows, strict=True):
                loss -= yi * math.log(max(pi, 1e-300))
                for j in range(k):
                    grad[j] += (yi - pi) * row[j]
                    d = row[j] - mean[j]
                    for m in range(j, k):
                        hess[j][m] += pi * d * (row[m] - mean[m])
        for j in range(k):
            for m in range(j):
                hess[j][m] = hess[m][j]
        step = solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return beta, loss / max(1, len(groups))


def cmd_fit(args: argparse.Namespace) -> int:
    module = module_of(args.game)
    by_key: dict[str, list[Group]] = {}
    started = time.process_time()
    for variant, options_json in enumerate(FIT_OPTIONS[args.game]):
        game = registry.load(args.game)
        key = module.model_key(game.options_from_json(dict(options_json)))
        if args.only and key not in args.only:
            continue
        for g in range(args.games):
            match, _ = seeded_game(args.game, options_json, f"{args.seed}/{variant}", g)
            by_key.setdefault(key, []).extend(groups_of(module, match))
        print(f"{args.game} {options_json}: {args.games} games, {time.process_time() - started:.0f} s", flush=True)
    coefficients = {}
    if args.keep:  # the variants not fitted now keep their coefficients
        coefficients.update(importlib.import_module(f"dicehall.games.{args.game}.review_model").COEFFICIENTS)
    for key, groups in sorted(by_key.items()):
        beta, loss = fit(groups)
        coefficients[key] = tuple(round(b, 6) for b in beta)
        print(f"{key}: {len(groups)} positions, log loss {loss:.4f}, coefficients {coefficients[key]}")
    path = ROOT / "src" / "dicehall" / "games" / args.game / "review_model.py"
    title = registry.info(args.game).title_en
    lines = [
        f'"""{title}\'s review model: the fitted coefficients of games/{args.game}/review.py\'s model, per variant.',
        f"Written by ``python bench/review.py fit {args.game} --games {args.games} --seed {args.seed}`` "
        '(docs/review.md); do not edit."""',
        "",
        "COEFFICIENTS: dict[str, tuple[float, ...]] = {",
        *(f"    {json.dumps(key)}: {value!r}," for key, value in coefficients.items()),
        "}",
        "",
    ]
    if not args.no_write:
        path.write_text("\n".join(lines), encoding="utf-8")
        print(f"written {path.relative_to(ROOT)}")
    return 0


# --- the check ------------------------------------------------------------------------------------
def deciles(pairs: list[tuple[float, float]]) -> list[tuple[float, float, int]]:
    """(mean predicted, mean observed, count) of ten groups of equal size, by prediction (equal predictions
    stay in the games' order: sorting them by the result too would split them by their outcome)."""
    pairs = sorted(pairs, key=lambda pair: pair[0])
    n = len(pairs)
    out = []
    for d in range(10):
        chunk = pairs[d * n // 10 : (d + 1) * n // 10]
        if chunk:
            out.append((sum(p for p, _ in chunk) / len(chunk), sum(y for _, y in chunk) / len(chunk), len(chunk)))
    return out


def check_game(game_id: str, games: int, seed: str, calibration: int) -> dict[str, Any]:
    module = module_of(game_id)
    options_json = CHECK_OPTIONS.get(game_id, {})
    lost = dict.fromkeys(LEVELS, 0.0)
    decisions = dict.fromkeys(LEVELS, 0)
    marks: dict[str, dict[str, int]] = {lv: {} for lv in LEVELS}
    pairs: list[tuple[float, float]] = []
    times: list[float] = []
    slices: list[float] = []  # the CPU time of each unit of work between two yields
    firsts: list[float] = []  # the CPU time until the first decision is marked
    drift: list[float] = []
    lengths: list[int] = []
    losses: dict[str, list[float]] = {lv: [] for lv in LEVELS}  # every decision's loss, per level
    for g in range(max(games, calibration)):
        match, levels = seeded_game(game_id, options_json, seed, g)
        evaluator = module.evaluator(match.options)
        if g >= games:  # a game for the calibration only
            pairs += calibration_pairs(module, match)
            continue
        reviewing = Review(match, evaluator)
        t0 = time.process_time()
        first_mark = None
        while True:  # one unit of work per call, as a worker's slices would run it
            ts = time.process_time()
            done = reviewing.think(0.0, time.process_time)
            slices.append(time.process_time() - ts)
            if first_mark is None and reviewing.items and reviewing.items[-1]["kind"] == "decision":
                first_mark = time.process_time() - t0
            if done:
                break
        times.append(time.process_time() - t0)
        firsts.append(first_mark or 0.0)
        review = reviewing.to_json()
        lengths.append(match.ply)
        for item in review["decisions"]:
            if not item["forced"]:
                losses[levels[item["by"]]].append(item["lost"])
        for summary in review["seats"]:
            lv = levels[summary["seat"]]
            lost[lv] += summary["lost"]
            decisions[lv] += summary["decisions"]
            for mark, count in summary["marks"].items():
                marks[lv][mark] = marks[lv].get(mark, 0) + count
            drift.append(summary["drift"])
        pairs += calibration_pairs(module, match)
        if g % 20 == 19:
            print(f"{game_id}: {g + 1} games", file=sys.stderr, flush=True)
    return {
        "game": game_id,
        "games": games,
        "options": options_json,
        "unit": review["unit"]["id"],
        "per_decision": {lv: lost[lv] / decisions[lv] if decisions[lv] else None for lv in LEVELS},
        "decisions": decisions,
        "marks": marks,
        "losses": {lv: [round(x, 5) for x in values] for lv, values in losses.items()},
        "deciles": deciles(pairs),
        "positions": len(pairs),
        "calibration_games": max(games, calibration),
        "drift": {"max": max(abs(d) for d in drift), "p95": pct([abs(d) for d in drift], 0.95)},
        "seconds": {"p50": pct(times, 0.5), "p95": pct(times, 0.95), "max": max(times)},
        "first_mark": {"p50": pct(firsts, 0.5), "max": max(firsts)},
        "slice": {"p99": pct(slices, 0.99), "max": max(slices)},
        "plies": {"p50": pct(lengths, 0.5), "max": max(lengths)},
    }


def calibration_pairs(module: Any, match: Match) -> list[tuple[float, float]]:
    """(predicted, observed) for every seat at every position of ``match`` where the model applies."""
    states = [match.state_at(i) for i in range(match.ply + 1)]
    result = states[-1].returns()
    pairs = []
    for i in module.model_positions(states):
        values = module.estimate(states[i])
        rows = module.model_rows(states[i])
        pairs += [(values[s], result[s]) for s, row in enumerate(rows) if row is not None]
    return pairs


def ordered(figures: dict[str, Any]) -> bool:
    per = figures["per_decision"]
    values = [per[lv] for lv in LEVELS]
    return all(v is not None for v in values) and all(a > b for a, b in zip(values, values[1:]))


def markdown(results: list[dict[str, Any]]) -> str:
    lines = [
        BEGIN,
        "",
        "Measured by `nice -n 10 .venv/bin/python bench/review.py check --write` (CPython, CPU time; each game's",
        "default options; seats' levels drawn among random, easy, normal and expert).",
        "",
        "| game | games | positions | worst decile gap | random | easy | normal | expert | ordered "
        "| drift p95 / max | review p50 / p95 / max (s) | first mark p50 / max (s) | longest slice (ms) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|",
    ]
    for r in results:
        gap = max(abs(p - y) for p, y, _ in r["deciles"])
        per = r["per_decision"]
        cells = [f"{100 * per[lv]:.2f} %" if per[lv] is not None else "-" for lv in LEVELS]
        s = r["seconds"]
        lines.append(
            f"| {r['game']} | {r['games']} | {r['positions']:,} | {gap:.3f} | {' | '.join(cells)} | "
            f"{'yes' if ordered(r) else 'NO'} | {r['drift']['p95']:.3f} / {r['drift']['max']:.3f} | "
            f"{s['p50']:.2f} / {s['p95']:.2f} / {s['max']:.2f} | "
            f"{r['first_mark']['p50']:.2f} / {r['first_mark']['max']:.2f} | {1000 * r['slice']['max']:.0f} |"
        )
    lines += [
        "",
        "Mistakes and blunders per 100 decisions (inaccuracies in brackets), per level:",
        "",
        "| game | random | easy | normal | expert |",
        "|---|---:|---:|---:|---:|",
    ]
    for r in results:
        scale = module_of(r["game"]).SCALE  # today's thresholds, over the losses the check kept
        cells = []
        for lv in LEVELS:
            marks = [scale.mark(x) for x in r["losses"][lv]]
            n = len(marks) or 1
            bad = 100 * sum(1 for m in marks if m in ("mistake", "blunder")) / n
            cells.append(f"{bad:.1f} ({100 * marks.count('inaccuracy') / n:.1f})")
        lines.append(f"| {r['game']} | {' | '.join(cells)} |")
    lines += ["", "Calibration, predicted against observed per decile:", ""]
    for r in results:
        cells = ", ".join(f"{p:.2f}→{y:.2f}" for p, y, _ in r["deciles"])
        lines.append(f"- {r['game']}: {cells}")
    lines += ["", END]
    return "\n".join(lines)


def write_section(text: str) -> None:
    path = ROOT / "docs" / "performance.md"
    doc = path.read_text(encoding="utf-8")
    if BEGIN in doc and END in doc:
        head, rest = doc.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        doc = head + text + tail
    else:
        doc = doc.rstrip("\n") + "\n\n## Game review\n\n" + text + "\n"
    path.write_text(doc, encoding="utf-8")


def cmd_check(args: argparse.Namespace) -> int:
    ids = args.games_ids or [spec.id for spec in registry.CATALOGUE if spec.review]
    results = []
    for game_id in ids:
        figures = check_game(game_id, args.games, args.seed, args.calibration)
        results.append(figures)
        print(json.dumps({k: v for k, v in figures.items() if k != "losses"}), flush=True)
    text = markdown(results)
    print(text)
    RESULTS.mkdir(exist_ok=True)
    for figures in results:
        (RESULTS / f"review-{figures['game']}.json").write_text(json.dumps(figures), encoding="utf-8")
    if args.write:
        write_section(text)
    return 0 if all(ordered(r) for r in results) else 1


def cmd_calibrate(args: argparse.Namespace) -> int:
    """The calibration alone (the check's games played again, none reviewed): updates the deciles of each
    game's last check in bench/results."""
    for game_id in args.games_ids:
        module = module_of(game_id)
        options_json = CHECK_OPTIONS.get(game_id, {})
        pairs: list[tuple[float, float]] = []
        for g in range(args.calibration):
            match, _ = seeded_game(game_id, options_json, args.seed, g)
            pairs += calibration_pairs(module, match)
        path = RESULTS / f"review-{game_id}.json"
        figures = json.loads(path.read_text(encoding="utf-8"))
        figures.update(deciles=deciles(pairs), positions=len(pairs), calibration_games=args.calibration)
        path.write_text(json.dumps(figures), encoding="utf-8")
        gap = max(abs(p - y) for p, y, _ in figures["deciles"])
        print(f"{game_id}: {len(pairs):,} positions, worst decile gap {gap:.3f}", flush=True)
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    """The section from the games' last checks (bench/results/review-GAME.json), in the hub's order."""
    results = []
    for spec in registry.CATALOGUE:
        path = RESULTS / f"review-{spec.id}.json"
        if path.exists():
            results.append(json.loads(path.read_text(encoding="utf-8")))
    text = markdown(results)
    print(text)
    if args.write:
        write_section(text)
    return 0 if results and all(ordered(r) for r in results) else 1


NODE_SCRIPT = r"""
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import fs from "fs";
import path from "path";
const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
function copy(dir, dest) {
  py.FS.mkdirTree(dest);
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    if (fs.statSync(p).isDirectory()) { if (name !== "__pycache__") copy(p, dest + "/" + name); }
    else if (name.endsWith(".py")) py.FS.writeFile(dest + "/" + name, fs.readFileSync(p));
  }
}
copy("%(src)s", "/home/pyodide/src/dicehall");
py.runPython("import sys; sys.path.insert(0, '/home/pyodide/src'); from dicehall.core import save; from dicehall.core.review import review");
const out = [];
for (const f of process.argv.slice(2)) {
  py.FS.writeFile("/home/pyodide/save.json", fs.readFileSync(f));
  py.runPython("saved = save.loads(open('/home/pyodide/save.json').read())");
  const c0 = process.cpuUsage();
  py.runPython("review(saved.match)");
  const c = process.cpuUsage(c0);
  out.push((c.user + c.system) / 1e6);
}
console.log(JSON.stringify(out));
"""


def cmd_pyodide(args: argparse.Namespace) -> int:
    """CPU seconds of the same reviews in CPython and in the project's Pyodide under Node (V8 and its
    WebAssembly, as in Chromium): the factor between them. The first review of each runtime also pays its
    imports; a game's turn tables (Charidice) are built anew in each runtime."""
    import subprocess
    import tempfile

    from dicehall.cli.simulate import play
    from dicehall.core.save import SavedGame, Seat, loads

    tmp = Path(tempfile.mkdtemp(prefix="review-pyodide-"))
    files, cpython = [], []
    for spec in registry.CATALOGUE:
        if not spec.review:
            continue
        game = registry.load(spec.id)
        options = game.options_from_json({})
        levels = ["normal"] * game.num_players(options)
        for g in range(args.games):
            match = play(game, options, levels, f"{args.seed}/{spec.id}", g)
            path = tmp / f"{spec.id}-{g}.json"
            path.write_text(SavedGame(match, [Seat(str(s), "ai", lv) for s, lv in enumerate(levels)]).dumps())
            files.append((spec.id, path))
    for _, path in files:
        match = loads(path.read_text()).match
        t0 = time.process_time()
        Review(match).run()
        cpython.append(time.process_time() - t0)
    script = tmp / "run.mjs"
    pyodide = ROOT / "node_modules" / "pyodide"
    script.write_text(NODE_SCRIPT % {"pyodide": pyodide, "src": ROOT / "src" / "dicehall"})
    done = subprocess.run(["node", str(script), *(str(p) for _, p in files)], capture_output=True, text=True)
    if done.returncode:
        print(done.stderr, file=sys.stderr)
        return 1
    wasm = json.loads(done.stdout.strip().splitlines()[-1])
    by_game: dict[str, list[tuple[float, float]]] = {}
    for (game_id, _), c, w in zip(files, cpython, wasm, strict=True):
        by_game.setdefault(game_id, []).append((c, w))
    for game_id, pairs in by_game.items():
        c, w = sum(p[0] for p in pairs), sum(p[1] for p in pairs)
        print(f"{game_id}: CPython {c:.2f} s, Pyodide {w:.2f} s, factor {w / c:.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = ap.add_subparsers(dest="command", required=True)
    f = commands.add_parser("fit", help="fit a game's review model on seeded games")
    f.add_argument("game")
    f.add_argument("--games", type=int, default=300, help="games per options variant (300)")
    f.add_argument("--seed", default="fit")
    f.add_argument("--no-write", action="store_true", help="print the coefficients only")
    f.add_argument("--only", nargs="*", metavar="KEY", help="fit only these variants of the model (its keys)")
    f.add_argument("--keep", action="store_true", help="keep the coefficients of the variants not fitted now")
    f.set_defaults(run=cmd_fit)
    c = commands.add_parser("check", help="calibration, levels, accounting and times")
    c.add_argument("games_ids", nargs="*", metavar="GAME")
    c.add_argument("--games", type=int, default=200, help="games reviewed (200)")
    c.add_argument(
        "--calibration",
        type=int,
        default=600,
        help="games whose positions check the calibration (600; the reviewed ones first)",
    )
    c.add_argument("--seed", default="review")
    c.add_argument("--write", action="store_true", help="rewrite the Game review section of docs/performance.md")
    c.set_defaults(run=cmd_check)
    k = commands.add_parser("calibrate", help="the calibration alone, into the games' last checks")
    k.add_argument("games_ids", nargs="+", metavar="GAME")
    k.add_argument("--calibration", type=int, default=600, help="games (600)")
    k.add_argument("--seed", default="review")
    k.set_defaults(run=cmd_calibrate)
    r = commands.add_parser("report", help="the section from the last checks of every game")
    r.add_argument("--write", action="store_true", help="rewrite the Game review section of docs/performance.md")
    r.set_defaults(run=cmd_report)
    w = commands.add_parser("pyodide", help="the same reviews in CPython and in Pyodide (Node): the factor")
    w.add_argument("--games", type=int, default=3, help="games per game (3), every seat normal, default options")
    w.add_argument("--seed", default="pyodide")
    w.set_defaults(run=cmd_pyodide)
    args = ap.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
