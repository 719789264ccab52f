#!/usr/bin/env python3
"""Main-thread benchmark: how long the page's own thread is blocked while games are played, how soon a key
is painted, and how the renderer's memory grows over many games; this build against a baseline build
(the same measures, the same browser, the same run).

    python3 build.py bench mainthread [--baseline-rev REV | --baseline-dist DIR] [--throttle 4]
                                      [--level expert] [--latency-keys 40] [--memory-games 100]

- **Long tasks** (PerformanceObserver "longtask": tasks of the page's main thread over 50 ms) while each
  game is played to its end through the page API by computer seats of ``--level``, on a 390x844 touch
  phone profile with Chromium's CPU throttling at ``--throttle``x; and, unthrottled at 1280x800, from
  navigation to ready.
- **Input to paint**: Indecix, a human against the expert, throttled phone profile: arrow keys pressed
  every 150 ms through a game's first turns; for each key, the time from its keydown to the end of the
  first frame painted after it (p50, p95, max).
- **Memory**: ``--memory-games`` quick computer games (Indecix Blitz, easy seats) played one after another
  in one page after 10 to warm up; the resident memory of the page's renderer process before and after
  (Linux /proc), read as bench/memory.py reads it (both JS heaps collected first). A quick check only: the
  long session of bench/memory.py, through the five games, is the measure (docs/performance.md, "Memory over
  a long session").

The baseline is a dist/ folder (``--baseline-dist``) or a commit built into a temporary folder
(``--baseline-rev``, default: none, this build only). Prints JSON and a markdown table; writes
bench/results/mainthread-<time>.json.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from buildtool.common import DIST  # noqa: E402
from buildtool.serve import make_server  # noqa: E402

from load import ARGS, TIMEOUT, chromium  # noqa: E402
from memory import WorkerSession, least_reading  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
LONGTASKS = """
window.__dicehallBench = {frames: []};
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
window.__keys = [];
window.addEventListener("keydown", () => window.__keys.push(performance.now()), true);
"""


def game_options(game_id: str, level: str) -> dict:
    """Every seat a computer of ``level``; games kept short where they are long (round limits)."""
    players = {"indecix": 2, "charidice": 3, "roudalon": 4, "marchands": 2, "paradice": 4}[game_id]
    options: dict = {"seed": f"mainthread-{game_id}", "seats": [{"kind": "ai", "level": level}] * players}
    if game_id == "indecix":
        options["mode"] = "blitz"
    if game_id == "marchands":
        options["round_limit"] = 15
    if game_id == "paradice":
        options["round_limit"] = 8
    return options


def summary(durations: list[float]) -> dict:
    return {
        "long_tasks": len(durations),
        "over_100ms": sum(d > 100 for d in durations),
        "longest_ms": round(max(durations), 1) if durations else 0.0,
    }


def open_page(browser, url: str, profile: dict, throttle: float):
    ctx = browser.new_context(service_workers="block", **profile)
    ctx.add_init_script(LONGTASKS)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("() => window.dicehall && window.dicehall.ready", timeout=TIMEOUT)
    page.evaluate("() => window.dicehall.ready.then(() => true)")
    if throttle > 1:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return ctx, page


def boot_tasks(browser, url: str) -> dict:
    ctx, page = open_page(browser, url, DESKTOP, 1)  # the long tasks from navigation on are all kept
    page.wait_for_timeout(1000)
    tasks = page.evaluate("() => window.__longtasks.map((t) => t[1])")
    ready = page.evaluate("() => performance.getEntriesByName('dicehall:ready')[0].startTime")
    ctx.close()
    return summary(tasks) | {"ready_ms": round(ready, 1)}


def game_tasks(browser, url: str, game_id: str, level: str, throttle: float) -> dict:
    ctx, page = open_page(browser, url, PHONE, throttle)
    page.evaluate("() => { window.__longtasks.length = 0; }")
    t0 = time.perf_counter()
    page.evaluate("([g, o]) => window.dicehall.newGame(g, o)", [game_id, game_options(game_id, level)])
    seconds = time.perf_counter() - t0
    state = page.evaluate("() => window.dicehall.state()")
    tasks = page.evaluate("() => window.__longtasks.map((t) => t[1])")
    ctx.close()
    return summary(tasks) | {"seconds": round(seconds, 1), "over": state["over"]}


def latency(browser, url: str, keys: int, throttle: float) -> dict:
    """Keydown to the end of the first frame painted after it (ms)."""
    ctx, page = open_page(browser, url, PHONE, throttle)
    page.evaluate("""() => window.dicehall.newGame('indecix', {mode: 'blitz', seed: 'latency',
        seats: [{kind: 'human'}, {kind: 'ai', level: 'expert'}]})""")
    page.focus("#board")
    page.evaluate("() => { window.__keys.length = 0; window.__dicehallBench.frames.length = 0; }")
    for i in range(keys):
        page.keyboard.press("ArrowRight" if i % 4 < 2 else "ArrowLeft")
        page.wait_for_timeout(150)
    page.wait_for_timeout(500)
    pressed, frames = page.evaluate("() => [window.__keys.slice(), window.__dicehallBench.frames.slice()]")
    ctx.close()
    # A frame record is [start, Python ms, paint ms, chars] (+ [painted at, drew] since the worker):
    # painted at = its 5th field, else start + Python + paint (all on the page's thread before).
    painted = sorted((f[4] if len(f) > 4 else f[0] + f[1] + f[2]) for f in frames if (f[5] if len(f) > 5 else f[3] > 2))
    waits = []
    for k in pressed:
        after = next((p for p in painted if p >= k), None)
        if after is not None:
            waits.append(after - k)
    if not waits:
        return {"keys": len(pressed), "painted": 0}
    waits.sort()
    q = lambda f: round(waits[min(len(waits) - 1, int(f * len(waits)))], 1)  # noqa: E731
    return {
        "keys": len(pressed),
        "painted": len(waits),
        "p50_ms": q(0.5),
        "p95_ms": q(0.95),
        "max_ms": round(waits[-1], 1),
    }


def page_renderer_mb(page, page_cdp, worker: WorkerSession) -> float:
    """The resident memory of this page's renderer process (the worker lives in it), MB: after a collection of
    both JS heaps, the least of three readings (bench/memory.py's reading, which tells this page's renderer from
    the browser's own UI renderer and a spare one, and from any other browser on the machine)."""
    return round(least_reading(page, page_cdp, worker)[0]["kb"] / 1024, 1)


def memory(browser, url: str, games: int) -> dict:
    """A quick check of the same kind as bench/memory.py's long session (which cycles through the five games):
    Indecix Blitz between easy seats, ``games`` games after 10."""
    ctx, page = open_page(browser, url, DESKTOP, 1)
    play = """(n) => (async () => { for (let i = 0; i < n; i++) await window.dicehall.newGame('indecix',
        {mode: 'blitz', seed: 'memory-' + i + '-' + Math.random(), seats: [{kind: 'ai', level: 'easy'},
        {kind: 'ai', level: 'easy'}]}); })()"""
    page.evaluate(play, 10)
    page_cdp, worker = ctx.new_cdp_session(page), WorkerSession(browser, page)
    before = page_renderer_mb(page, page_cdp, worker)
    t0 = time.perf_counter()
    page.evaluate(play, games)
    seconds = time.perf_counter() - t0
    after = page_renderer_mb(page, page_cdp, worker)
    ctx.close()
    return {
        "games": games,
        "seconds": round(seconds, 1),
        "rss_before_mb": before,
        "rss_after_mb": after,
        "growth_mb": round(after - before, 1),
    }


def measure(url: str, args) -> dict:
    from playwright.sync_api import sync_playwright

    out: dict = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=ARGS)
        out["boot"] = boot_tasks(browser, url)
        print(f"  boot {out['boot']}", file=sys.stderr, flush=True)
        out["games"] = {}
        for game_id in args.games_to_bench:
            out["games"][game_id] = game_tasks(browser, url, game_id, args.level, args.throttle)
            print(f"  {game_id} {out['games'][game_id]}", file=sys.stderr, flush=True)
        if args.latency_keys:
            out["latency"] = latency(browser, url, args.latency_keys, args.throttle)
            print(f"  latency {out['latency']}", file=sys.stderr, flush=True)
        browser.close()
        if args.memory_games:  # a browser of its own: only this page's renderer counted
            browser = p.chromium.launch(executable_path=chromium(), args=ARGS)
            out["memory"] = memory(browser, url, args.memory_games)
            print(f"  memory {out['memory']}", file=sys.stderr, flush=True)
            browser.close()
    return out


def baseline_dist(rev: str) -> Path:
    """``rev`` built into a temporary folder (a detached work tree beside this one's node_modules)."""
    sha = subprocess.run(
        ["git", "rev-parse", "--short=10", rev], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    tree, dist = Path(f"/tmp/dicehall-baseline-{sha}"), Path(f"/tmp/dicehall-baseline-{sha}-dist")
    if not (dist / "index.html").exists():
        if not tree.exists():
            subprocess.run(["git", "worktree", "add", "--detach", str(tree), sha], cwd=ROOT, check=True)
        if not (tree / "node_modules").exists() and (ROOT / "node_modules").exists():
            (tree / "node_modules").symlink_to(ROOT / "node_modules")
        env = dict(os.environ, DICEHALL_DIST=str(dist))
        subprocess.run(
            [sys.executable, str(tree / "build.py"), "build"], cwd=tree, env=env, check=True, stdout=subprocess.DEVNULL
        )
    return dist


def table(results: dict) -> str:
    names = list(results)
    rows = ["| measure | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]

    def row(label: str, get) -> None:
        cells = []
        for name in names:
            try:
                cells.append(str(get(results[name])))
            except (KeyError, TypeError):
                cells.append("–")
        rows.append(f"| {label} | " + " | ".join(cells) + " |")

    row("boot: long tasks / longest ms", lambda r: f"{r['boot']['long_tasks']} / {r['boot']['longest_ms']}")
    row("boot: ready ms", lambda r: r["boot"]["ready_ms"])
    for game_id in next(iter(results.values()))["games"]:
        row(
            f"{game_id}: long tasks / over 100 ms / longest ms",
            lambda r, g=game_id: (
                f"{r['games'][g]['long_tasks']} / {r['games'][g]['over_100ms']} / {r['games'][g]['longest_ms']}"
            ),
        )
    row(
        "key to paint p50 / p95 / max ms",
        lambda r: f"{r['latency']['p50_ms']} / {r['latency']['p95_ms']} / {r['latency']['max_ms']}",
    )
    row(
        "memory: growth over the games, MB",
        lambda r: f"{r['memory']['growth_mb']} ({r['memory']['rss_before_mb']} → {r['memory']['rss_after_mb']})",
    )
    return "\n".join(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline-rev")
    ap.add_argument("--baseline-dist", type=Path)
    ap.add_argument("--throttle", type=float, default=4.0)
    ap.add_argument("--level", default="expert")
    ap.add_argument(
        "--games-to-bench",
        default="indecix,charidice,roudalon,marchands,paradice",
        type=lambda s: [g for g in s.split(",") if g],
    )
    ap.add_argument("--latency-keys", type=int, default=40)
    ap.add_argument("--memory-games", type=int, default=100)
    args = ap.parse_args()
    builds = {"this build": DIST}
    if args.baseline_dist:
        builds = {"baseline": args.baseline_dist, **builds}
    elif args.baseline_rev:
        builds = {f"baseline {args.baseline_rev}": baseline_dist(args.baseline_rev), **builds}
    results: dict = {}
    for name, dist in builds.items():
        print(f"{name}: {dist}", file=sys.stderr, flush=True)
        srv = make_server(dist, 0).start_background()
        try:
            results[name] = measure(srv.url + "?lang=en", args)
        finally:
            srv.stop()
    summary_json = {"throttle": args.throttle, "level": args.level, "results": results}
    print(json.dumps(summary_json, indent=1))
    print(table(results))
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"mainthread-{time.strftime('%Y%m%d-%H%M%S')}.json").write_text(json.dumps(summary_json, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
