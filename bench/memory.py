#!/usr/bin/env python3
"""Memory over a long session: one page plays game after game, as a player who leaves dicehall open does (or
a site whose demonstration loops), and the renderer's resident memory must not grow.

    DICEHALL_DIST=/tmp/dist python3 bench/memory.py [--games 260] [--variant computers|humans|replay|hint|all]
                                                    [--at 10] [--every 25] [--top 12] [--no-gc-worker]
                                                    [--allocators]
    python3 build.py bench memory [...]            (builds dist/ first)

Serves the built site (``$DICEHALL_DIST``, else dist/) with the site's own server, in a headless Chromium
launched for this one page (1280x800). Game i (0, 1, 2…) is ``dicehall.newGame(game, {seats, seed: "mem<i>"})``,
cycling through paradice, indecix, charidice, roudalon, marchands (Paradice with ``round_limit`` 30), each with
its default number of seats (the spec's ``default_players``), each call awaited. Variants:

- ``computers``: every seat a computer at "normal";
- ``humans``: seat 0 a human whose every decision is the first of ``state().legal``, through ``play()``;
- ``replay``: as ``humans``, and each finished game opened in the replay viewer
  (``replay(save())``, ``replayTo(plies)``) before the next ``newGame``;
- ``hint``: as ``humans``, and "Suggest a move" (``hint()``) asked once a game;
- ``all``: humans, the replay viewer and a hint, together.

The measure: after game ``--at`` (10), every ``--every`` (25) games and at the end, a garbage collection of both
JS heaps that live in the tab's process, the page's and the worker's (DevTools ``HeapProfiler.collectGarbage``;
``--no-gc-worker``: the page's only), a 3 s pause, then the least of three readings 2 s apart of the resident memory
(``VmRSS``, Linux /proc) of the page's renderer process: the tab's memory, the worker included. It is told from
the browser's other renderers (its own user interface, ``--top-chrome-webui``, and a spare one) by its command
line and its CPU time; they are shown apart. With it: the page's and the worker's JS heaps
(``Runtime.getHeapUsage``), the page's DOM nodes and listeners (``Memory.getDOMCounters``: detached nodes kept
by a closure would show there), and in the worker the wasm memory's size (it grows, never shrinks: its high-water
mark), what malloc has in use of it and Python's live objects counted by type (``gc.get_objects()`` after
``gc.collect()``). ``--allocators`` adds Chromium's own account of the page's renderer per allocator (malloc,
Blink's GC heap, canvas...: the "memory-infra" dump of DevTools tracing). Prints a line per checkpoint, the
growth from game ``--at`` to the end and the types that grew, a JSON summary; writes
bench/results/memory-<variant>-<time>.json (docs/performance.md, "Memory over a long session").
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from buildtool.common import DIST  # noqa: E402
from buildtool.serve import make_server  # noqa: E402

from load import ARGS, TIMEOUT, chromium  # noqa: E402

GAMES = ("paradice", "indecix", "charidice", "roudalon", "marchands")
OPTIONS = {"paradice": {"round_limit": 30}}
VARIANTS = {  # humans, replay, hint
    "computers": (False, False, False),
    "humans": (True, False, False),
    "replay": (True, True, False),
    "hint": (True, False, True),
    "all": (True, True, True),
}
# The bench hook (host.js: window.__dicehallBench), without its records of frames: kept, they would grow with
# every frame of a long session and be measured here.
INIT = "window.__dicehallBench = {frames: {push() {}}, slow: {push() {}}};"

# One game, on the page: the call awaited; a human seat plays the first legal action until the game is over.
PLAY = """async ([game, options, human, replay, hint]) => {
  const d = window.dicehall;
  await d.newGame(game, options);
  let plays = 0, hinted = !hint, idle = 0;
  while (human) {
    const s = d.state();
    if (!s || s.over) break;
    if (!s.legal.length) {                 // nothing for the human now: the worker is still playing
      if (++idle > 500) throw new Error("no legal action and the game is not over");
      await new Promise((r) => setTimeout(r, 10));
      continue;
    }
    idle = 0;
    if (!hinted) { hinted = true; await d.hint(); }
    await d.play(s.legal[0]);
    if (++plays > 20000) throw new Error("the game does not end");
  }
  const over = !!(d.state() || {}).over;
  if (replay && over) {
    const r = await d.replay(d.save());
    await d.replayTo(r.plies);
  }
  return {over, plays};
}"""

# Run in the worker (bench hook "py"): the wasm memory's size, how much of it malloc has in use (Pyodide's Python
# allocates with malloc: sys.getallocatedblocks() says 0), the live objects by type and the lru_caches' sizes.
PROBE = """
def _dicehall_memory_probe():
    import functools, gc, json
    from collections import Counter
    import pyodide_js
    gc.collect()
    objects = gc.get_objects()
    types = Counter(type(o).__name__ for o in objects)
    caches = {}
    for o in objects:
        if isinstance(o, functools._lru_cache_wrapper):
            size = o.cache_info().currsize
            if size:
                caches[f"{o.__module__}.{o.__qualname__}"] = size
    n = len(objects)
    del objects
    m = pyodide_js._module
    info = m._malloc(64)
    m._mallinfo(info)
    in_use = m.HEAPU32[info // 4 + 7]
    m._free(info)
    return json.dumps({"wasm_bytes": m.HEAPU8.buffer.byteLength, "malloc_bytes": in_use, "objects": n,
                       "types": dict(types.most_common(200)), "caches": caches})
_dicehall_memory_probe()
"""


def descendants(root: int) -> set[int]:
    """The processes below ``root`` (Linux /proc): this script's browser, and nobody else's."""
    parents: dict[int, int] = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
                parents[int(pid)] = int(stat.rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    found, frontier = set(), {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def renderers() -> list[dict]:
    """This script's Chromium renderer processes, the page's first: [{pid, role, kb (VmRSS), cpu (ticks)}].

    A headless Chromium runs three: the page's (the worker lives in it: by far the busiest, it runs Python), the
    browser's own user interface (``--top-chrome-webui``: its tab strip and menus, drawn by a page of its own even
    when headless) and a spare one kept ready for the next tab. Only the first is what a player's tab costs."""
    found = []
    for pid in descendants(os.getpid()):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"--type=renderer" not in cmdline:
                continue
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            kb = next(
                int(line.split()[1])
                for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                if line.startswith("VmRSS:")
            )
        except (OSError, StopIteration, ValueError, IndexError):
            continue
        ui = b"--top-chrome-webui" in cmdline
        found.append({"pid": pid, "role": "browser UI" if ui else "", "kb": kb, "cpu": int(stat[11]) + int(stat[12])})
    pages = sorted((r for r in found if not r["role"]), key=lambda r: -r["cpu"])
    if not pages:
        raise RuntimeError("the page's renderer process was not found")
    pages[0]["role"] = "page"
    for r in pages[1:]:
        r["role"] = "spare"
    return sorted(found, key=lambda r: (r["role"] != "page", -r["kb"]))


def smaps_mb(pid: int) -> dict[str, float]:
    """The resident memory of ``pid`` by kind of mapping (Linux /proc/<pid>/smaps), MB."""
    kinds: dict[str, int] = {}
    kind = ""
    try:
        lines = Path(f"/proc/{pid}/smaps").read_text().splitlines()
    except OSError:
        return {}
    for text in lines:
        head = text.split(None, 5)
        if "-" in head[0] and ":" not in head[0]:
            lo, hi = (int(x, 16) for x in head[0].split("-"))
            name = head[5] if len(head) > 5 else ""
            if name.startswith("/memfd:") or name.startswith("/dev/shm"):
                kind = "shared memory"
            elif name.startswith("/"):
                kind = "files (code, fonts, data)"
            elif name:
                kind = name  # [heap], [stack]...
            elif "x" in head[1]:
                kind = "anonymous, executable (compiled code)"
            else:
                kind = "anonymous, mappings of 1 MB and more" if hi - lo >= 2**20 else "anonymous, smaller mappings"
        elif head[0] == "Rss:":
            kinds[kind] = kinds.get(kind, 0) + int(head[1])
    return {k: round(v / 1024, 1) for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])}


class WorkerSession:
    """The worker's DevTools target, through a browser-level session (messages relayed by Target.sendMessageToTarget)."""

    def __init__(self, browser, page) -> None:
        self.page, self.cdp, self.answers, self.next = page, browser.new_browser_cdp_session(), {}, 1
        targets = self.cdp.send("Target.getTargets")["targetInfos"]
        worker = next(t for t in targets if t["type"] == "worker" and "/worker-" in t["url"])
        self.cdp.on("Target.receivedMessageFromTarget", self._received)
        self.session = self.cdp.send("Target.attachToTarget", {"targetId": worker["targetId"], "flatten": False})[
            "sessionId"
        ]

    def _received(self, event: dict) -> None:
        message = json.loads(event["message"])
        if "id" in message:
            self.answers[message["id"]] = message

    def send(self, method: str, params: dict | None = None) -> dict:
        n, self.next = self.next, self.next + 1
        message = {"id": n, "method": method, "params": params or {}}
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": self.session, "message": json.dumps(message)})
        for _ in range(600):
            if n in self.answers:
                return self.answers.pop(n).get("result", {})
            self.page.wait_for_timeout(50)
        raise TimeoutError(f"the worker did not answer {method}")


def heap_mb(usage: dict) -> float:
    return round(usage.get("usedSize", 0) / 2**20, 1)


# Beside each allocator's size (what it holds from the system), what its live objects take.
DEEPER = {"blink_gc/main/allocated_objects", "blink_gc/workers/allocated_objects", "malloc/allocated_objects"}


class Allocators:
    """Chromium's own account of a renderer's memory (the "memory-infra" dump of DevTools tracing): per
    allocator (malloc, partition_alloc, v8, blink_gc, canvas, cc, ...), for the page's renderer."""

    def __init__(self, browser, page) -> None:
        self.page, self.cdp, self.events, self.done = page, browser.new_browser_cdp_session(), [], []
        self.cdp.on("Tracing.dataCollected", lambda e: self.events.extend(e["value"]))
        self.cdp.on("Tracing.tracingComplete", lambda e: self.done.append(1))

    def dump(self, pid: int) -> dict[str, float]:
        self.events.clear()
        self.done.clear()
        config = {
            "includedCategories": ["disabled-by-default-memory-infra"],
            "excludedCategories": ["*"],
            "memoryDumpConfig": {"triggers": []},
        }
        self.cdp.send("Tracing.start", {"traceConfig": config, "transferMode": "ReportEvents"})
        self.cdp.send("Tracing.requestMemoryDump", {"deterministic": True, "levelOfDetail": "detailed"})
        self.cdp.send("Tracing.end")
        for _ in range(400):
            if self.done:
                break
            self.page.wait_for_timeout(50)
        per_process: dict[int, dict[str, float]] = {}
        for event in self.events:
            dumps = event.get("args", {}).get("dumps", {}) if event.get("ph") == "v" else {}
            sizes = per_process.setdefault(event.get("pid", 0), {})
            for name, d in dumps.get("allocators", {}).items():
                size = d.get("attrs", {}).get("size", {}).get("value")
                if (
                    size is not None
                    and (name.count("/") <= 1 or name in DEEPER)
                    and not name.startswith("shared_memory/")
                ):
                    sizes[name] = round(int(size, 16) / 2**20, 1)
            total = dumps.get("process_totals", {}).get("private_footprint_bytes")
            if total is not None:
                sizes["private_footprint"] = round(int(total, 16) / 2**20, 1)
        if pid in per_process:
            return per_process[pid]
        return max(per_process.values(), key=lambda d: d.get("private_footprint", 0), default={})


def least_reading(page, page_cdp, worker: WorkerSession, gc_worker: bool = True) -> list[dict]:
    """``renderers()`` after a collection of the page's JS heap (and the worker's, with ``gc_worker``) and 3 s:
    of three readings 2 s apart, the one where the page's renderer is least."""
    page_cdp.send("HeapProfiler.collectGarbage")
    if gc_worker:
        worker.send("HeapProfiler.collectGarbage")
    page.wait_for_timeout(3000)
    readings = []
    for k in range(3):
        if k:
            page.wait_for_timeout(2000)
        readings.append(renderers())
    return min(readings, key=lambda r: r[0]["kb"])


def checkpoint(page, page_cdp, worker: WorkerSession, games: int, gc_worker: bool, allocators) -> dict:
    """The readings after ``games`` games (see the module's docstring)."""
    least = least_reading(page, page_cdp, worker, gc_worker)
    worker_heap = worker.send("Runtime.getHeapUsage")
    dom = page_cdp.send("Memory.getDOMCounters")
    py = json.loads(page.evaluate("(code) => window.__dicehallBench.py(code)", PROBE))
    out = {
        "games": games,
        "page_renderer_mb": round(least[0]["kb"] / 1024, 1),
        "other_renderers_mb": round(sum(r["kb"] for r in least[1:]) / 1024, 1),
        "rss_mb": round(sum(r["kb"] for r in least) / 1024, 1),
        "renderers": [{"role": r["role"], "mb": round(r["kb"] / 1024, 1)} for r in least],
        "page_smaps_mb": smaps_mb(least[0]["pid"]),
        "page_heap_mb": heap_mb(page_cdp.send("Runtime.getHeapUsage")),
        "worker_heap_mb": heap_mb(worker_heap),
        "worker_heap_total_mb": round(worker_heap.get("totalSize", 0) / 2**20, 1),
        "dom_nodes": dom["nodes"],
        "js_listeners": dom["jsEventListeners"],
        "documents": dom["documents"],
        "wasm_mb": round(py["wasm_bytes"] / 2**20, 1),
        "malloc_mb": round(py["malloc_bytes"] / 2**20, 1),
        "py_objects": py["objects"],
        "py_types": py["types"],
        "py_caches": py["caches"],
    }
    if allocators is not None:  # last: the dump's own trace buffers are not in the readings above
        out["allocators"] = allocators.dump(least[0]["pid"])
    return out


MEASURES = (  # key, label in the report
    ("page_renderer_mb", "the page's renderer (the tab: page and worker), MB"),
    ("other_renderers_mb", "the browser's other renderers (its UI, a spare), MB"),
    ("page_heap_mb", "page JS heap (used), MB"),
    ("worker_heap_mb", "worker JS heap (used), MB"),
    ("worker_heap_total_mb", "worker JS heap (committed), MB"),
    ("dom_nodes", "DOM nodes (the page's, live and detached)"),
    ("js_listeners", "JS event listeners"),
    ("wasm_mb", "wasm memory (its size: a high-water mark), MB"),
    ("malloc_mb", "in use of it (malloc), MB"),
    ("py_objects", "Python objects (gc.get_objects)"),
)


def line(c: dict) -> str:
    return (
        f"game {c['games']:4d}: page's renderer {c['page_renderer_mb']:6.1f} MB "
        f"(others {c['other_renderers_mb']:5.1f}), page heap {c['page_heap_mb']} MB, "
        f"worker heap {c['worker_heap_mb']} / {c['worker_heap_total_mb']} MB, DOM {c['dom_nodes']} nodes, "
        f"wasm {c['wasm_mb']} MB (malloc {c['malloc_mb']} MB), Python {c['py_objects']:,} objects"
        + (
            f", blink_gc {c['allocators'].get('blink_gc/main', 0)} MB"
            f" ({c['allocators'].get('blink_gc/main/allocated_objects', 0)} live)"
            if "allocators" in c
            else ""
        )
    )


def default_seats(page) -> dict[str, int]:
    """Each game's default number of seats (its spec), asked of the worker; within games()' range."""
    code = (
        "import json\nfrom dicehall.app import setup_form\n"
        f"json.dumps({{g: setup_form.spec(g).default_players for g in {list(GAMES)!r}}})"
    )
    seats = json.loads(page.evaluate("(code) => window.__dicehallBench.py(code)", code))
    ranges = {g["id"]: (g["min_players"], g["max_players"]) for g in page.evaluate("() => window.dicehall.games()")}
    return {g: min(max(int(seats[g] or ranges[g][0]), ranges[g][0]), ranges[g][1]) for g in GAMES}


def run(url: str, args) -> dict:
    from playwright.sync_api import sync_playwright

    human, replay, hint = VARIANTS[args.variant]
    marks = {args.at, args.games} | (set(range(args.every, args.games, args.every)) if args.every else set())
    marks = {m for m in marks if args.at <= m <= args.games}
    out: dict = {"variant": args.variant, "games": args.games, "level": args.level, "checkpoints": [], "per_game": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=ARGS)  # for this page alone
        ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
        ctx.add_init_script(INIT)
        page = ctx.new_page()
        page.set_default_timeout(TIMEOUT * 5)
        page.goto(url)
        page.wait_for_function("() => window.dicehall && window.dicehall.ready", timeout=TIMEOUT)
        page.evaluate("() => window.dicehall.ready.then(() => true)")
        page_cdp = ctx.new_cdp_session(page)
        worker = WorkerSession(browser, page)
        allocators = Allocators(browser, page) if args.allocators else None
        seats = out["seats"] = default_seats(page)
        print(f"{args.variant}: seats {seats}", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        for i in range(args.games):
            game = GAMES[i % len(GAMES)]
            computer = {"kind": "ai", "level": args.level}
            options = {
                "seats": ([{"kind": "human"}] if human else [computer]) + [computer] * (seats[game] - 1),
                "seed": f"mem{i}",
                **OPTIONS.get(game, {}),
            }
            ts = time.perf_counter()
            r = page.evaluate(PLAY, [game, options, human, replay, hint])
            out["per_game"].append([game, round(time.perf_counter() - ts, 2), r["plays"], r["over"]])
            if i + 1 in marks:
                c = checkpoint(page, page_cdp, worker, i + 1, args.gc_worker, allocators)
                c["seconds"] = round(time.perf_counter() - t0, 1)
                out["checkpoints"].append(c)
                print(line(c) + f"  ({c['seconds']} s)", file=sys.stderr, flush=True)
        browser.close()
    first, last = out["checkpoints"][0], out["checkpoints"][-1]
    growth = {"from_game": first["games"], "to_game": last["games"]}
    for key, _ in MEASURES:
        growth[key] = round(last[key] - first[key], 1)
    types = set(first["py_types"]) | set(last["py_types"])
    grew = {t: last["py_types"].get(t, 0) - first["py_types"].get(t, 0) for t in types}
    growth["py_types"] = dict(sorted(((t, d) for t, d in grew.items() if d), key=lambda td: -abs(td[1]))[: args.top])
    if "allocators" in last:
        names = set(first["allocators"]) | set(last["allocators"])
        moved = {n: round(last["allocators"].get(n, 0) - first["allocators"].get(n, 0), 1) for n in names}
        growth["allocators"] = dict(
            sorted(((n, d) for n, d in moved.items() if abs(d) >= 0.5), key=lambda nd: -abs(nd[1]))
        )
    out["growth"] = growth
    return out


def report(out: dict, top: int) -> str:
    first, last, g = out["checkpoints"][0], out["checkpoints"][-1], out["growth"]
    rows = [
        f"| {out['variant']} | after game {g['from_game']} | after game {g['to_game']} | growth |",
        "|---|---:|---:|---:|",
    ]
    for key, label in MEASURES:
        rows.append(f"| {label} | {first[key]:,} | {last[key]:,} | {g[key]:+,} |")
    rows.append("")
    biggest = sorted(last["py_types"].items(), key=lambda tn: -tn[1])[:top]
    rows.append(
        f"Python objects by type, game {g['from_game']} → {g['to_game']}: "
        + ", ".join(f"{t} {first['py_types'].get(t, 0):,} → {n:,}" for t, n in biggest)
    )
    if g["py_types"]:
        rows.append("grew most: " + ", ".join(f"{t} {d:+,}" for t, d in g["py_types"].items()))
    caches = sorted(set(first["py_caches"]) | set(last["py_caches"]), key=lambda k: -last["py_caches"].get(k, 0))
    if caches:
        rows.append(
            "lru_cache entries: "
            + ", ".join(f"{k} {first['py_caches'].get(k, 0):,} → {last['py_caches'].get(k, 0):,}" for k in caches[:top])
        )
    kinds = sorted(
        set(first["page_smaps_mb"]) | set(last["page_smaps_mb"]), key=lambda k: -last["page_smaps_mb"].get(k, 0)
    )
    rows.append(
        "the page's renderer by kind of mapping (smaps), MB: "
        + ", ".join(f"{k} {first['page_smaps_mb'].get(k, 0)} → {last['page_smaps_mb'].get(k, 0)}" for k in kinds[:8])
    )
    rows.append(
        "every renderer, MB: "
        + ", ".join(f"{r['role']} {r['mb']}" for r in first["renderers"])
        + " → "
        + ", ".join(f"{r['role']} {r['mb']}" for r in last["renderers"])
    )
    if g.get("allocators"):
        rows.append(
            "the page's renderer by Chromium's allocators (memory-infra), MB: "
            + ", ".join(
                f"{n} {first['allocators'].get(n, 0)} → {last['allocators'].get(n, 0)}" for n in g["allocators"]
            )
        )
    return "\n".join(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=260)
    ap.add_argument("--variant", choices=sorted(VARIANTS), default="computers")
    ap.add_argument("--level", default="normal", help="the computers' level")
    ap.add_argument("--at", type=int, default=10, help="the first reading, after this many games")
    ap.add_argument("--every", type=int, default=25, help="a reading every this many games (0: only --at and the end)")
    ap.add_argument("--top", type=int, default=12, help="how many Python types to show")
    ap.add_argument(
        "--no-gc-worker",
        dest="gc_worker",
        action="store_false",
        help="collect only the page's JS garbage before a reading, not the worker's (its heap then reads anywhere in"
        " its cycle: 40 to 75 MB committed)",
    )
    ap.add_argument(
        "--allocators", action="store_true", help="Chromium's memory-infra dump of the page's renderer at each reading"
    )
    args = ap.parse_args()
    if args.games < args.at:
        ap.error("--games must be at least --at")
    srv = make_server(DIST, 0).start_background()
    try:
        out = run(srv.url + "?lang=en", args)
    finally:
        srv.stop()
    summary = {k: out[k] for k in ("variant", "games", "level", "seats", "growth")}
    summary["checkpoints"] = [{k: c[k] for k, _ in MEASURES} | {"games": c["games"]} for c in out["checkpoints"]]
    print(json.dumps(summary))
    print(report(out, args.top))
    results = ROOT / "bench" / "results"
    results.mkdir(parents=True, exist_ok=True)
    (results / f"memory-{args.variant}-{time.strftime('%Y%m%d-%H%M%S')}.json").write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
