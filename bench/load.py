#!/usr/bin/env python3
"""Load benchmark: dicehall's page against a bare Pyodide page, same browser, same server, same run.

    python3 build.py bench load [--rounds 5] [--json-only]

Serves dist/ with the site's own server and mounts bench/ at /bench/ (bench/bare.html: loadPyodide +
one runPython from the same runtime files).  Each round, in interleaved order:
  cold = a fresh browser context (no HTTP cache, no service worker), navigation -> ready;
  warm = a second navigation in that context (ours: service worker installed; bare: HTTP cache),
  warm2 = a third one (the browser may have cached compiled wasm code by then).
"ready" is `performance.now()` at the `dicehall:ready` mark (resolution of window.dicehall.ready) or
at the bare page's runPython.  Also: first contentful paint of our loading screen, and the bytes the
server sent for a first visit (page + service-worker precache), split into runtime (pyodide/) and ours.
A blank static page (bench/blank.html) gives the browser's first-paint floor in the same run.
Prints a JSON summary and a markdown table; writes bench/results/load-<time>.json.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TARGETS = {"ratio_cold": 1.10, "ratio_warm": 1.05, "fcp_ms": 100, "ours_gzip_bytes": 300_000}
TIMEOUT = 120_000


def chromium() -> str:
    path = os.environ.get("DICEHALL_CHROMIUM") or shutil.which("chromium")
    if not path:
        sys.exit("no Chromium: run through `python3 build.py bench`, which finds or installs one")
    return path


def bare_url(server_url: str) -> str:
    version = build.pinned_pyodide_version()
    q = urllib.parse.urlencode({"base": f"../pyodide/{version}/", "lock": json.dumps(build.minimal_lock())})
    return f"{server_url}bench/bare.html?{q}"


def measure_ours(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_function("() => window.dicehall && window.dicehall.ready", timeout=TIMEOUT)
    page.evaluate("() => window.dicehall.ready.then(() => true)")
    return page.evaluate("""() => {
        const mark = (n) => { const e = performance.getEntriesByName(n)[0]; return e ? e.startTime : null; };
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        return {ready: mark('dicehall:ready'), pyodide: mark('dicehall:pyodide'), started: mark('dicehall:started'),
                imported: mark('dicehall:imported'), frame: mark('dicehall:frame'),
                fcp: fcp ? fcp.startTime : null, sw: !!navigator.serviceWorker.controller};
    }""")


def measure_bare(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_function("() => window.benchReady !== undefined", timeout=TIMEOUT, polling=50)
    return {"ready": page.evaluate("window.benchReady")}


def wait_service_worker(page) -> None:
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=TIMEOUT)
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")


def stages(samples: dict, prefix: str, m: dict) -> None:
    """Our Python start-up, split: import dicehall.web.bridge / bridge.start / first frame (ms)."""
    if m.get("imported") is None:   # a build from before these marks
        return
    samples[prefix + "app_import"].append(m["imported"] - m["pyodide"])
    samples[prefix + "app_start"].append(m["started"] - m["imported"])
    samples[prefix + "app_frame"].append(m["frame"] - m["started"])


def median(xs):
    xs = [x for x in xs if x is not None]
    return round(statistics.median(xs), 1) if xs else None


def run(rounds: int) -> dict:
    from playwright.sync_api import sync_playwright

    sent: list[tuple[str, int, int]] = []
    srv = build.make_server(build.DIST, 0, mounts={"/bench/": ROOT / "bench"},
                            record=lambda path, status, n: sent.append((path, status, n))).start_background()
    ours_url, bare = srv.url, bare_url(srv.url)
    samples = {k: [] for k in ("cold_bare", "cold_ours", "warm_bare", "warm_ours", "fcp", "fcp_blank", "pyodide",
                               "started", "warm_pyodide", "warm_started", "warm2_bare", "warm2_ours",
                               "app_import", "app_start", "app_frame", "warm_app_import", "warm_app_start",
                               "warm_app_frame")}
    first_visit = None
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=ARGS)
            for i in range(rounds):
                ctx = browser.new_context()
                page = ctx.new_page()
                page.goto(srv.url + "bench/blank.html")
                samples["fcp_blank"].append(page.evaluate("""() => new Promise((res) => new PerformanceObserver(
                    (l) => res(l.getEntries()[0].startTime)).observe({type: 'paint', buffered: true}))"""))
                ctx.close()
                order = ("bare", "ours") if i % 2 == 0 else ("ours", "bare")
                for kind in order:
                    ctx = browser.new_context(viewport={"width": 1100, "height": 760})
                    page = ctx.new_page()
                    if kind == "bare":
                        samples["cold_bare"].append(measure_bare(page, bare)["ready"])
                        samples["warm_bare"].append(measure_bare(page, bare)["ready"])
                        samples["warm2_bare"].append(measure_bare(page, bare)["ready"])
                    else:
                        sent.clear()
                        cold = measure_ours(page, ours_url)
                        wait_service_worker(page)
                        if first_visit is None:
                            first_visit = list(sent)
                        samples["cold_ours"].append(cold["ready"])
                        samples["fcp"].append(cold["fcp"])
                        samples["pyodide"].append(cold["pyodide"])
                        samples["started"].append(cold["started"])
                        stages(samples, "", cold)
                        warm = measure_ours(page, ours_url)
                        assert warm["sw"], "warm navigation was not controlled by the service worker"
                        samples["warm_ours"].append(warm["ready"])
                        samples["warm_pyodide"].append(warm["pyodide"])
                        samples["warm_started"].append(warm["started"])
                        stages(samples, "warm_", warm)
                        samples["warm2_ours"].append(measure_ours(page, ours_url)["ready"])
                    ctx.close()
                print(f"round {i + 1}/{rounds}: cold bare {samples['cold_bare'][-1]:.0f} ms, ours "
                      f"{samples['cold_ours'][-1]:.0f} ms; warm bare {samples['warm_bare'][-1]:.0f} ms, ours "
                      f"{samples['warm_ours'][-1]:.0f} ms", file=sys.stderr, flush=True)
            browser.close()
    finally:
        srv.stop()

    med = {k: median(v) for k, v in samples.items()}
    by_part = {"runtime": 0, "ours": 0}
    files = {}
    for path, status, n in first_visit or []:
        rel = urllib.parse.urlsplit(path).path.lstrip("/")
        by_part["runtime" if rel.startswith("pyodide/") else "ours"] += n
        files[rel or "(index)"] = files.get(rel or "(index)", 0) + n
    dist = build.size_summary(build.DIST)
    result = {
        "rounds": rounds,
        "browser": "chromium (headless)",
        "median_ms": med,
        "ratio_cold": round(med["cold_ours"] / med["cold_bare"], 3),
        "ratio_warm": round(med["warm_ours"] / med["warm_bare"], 3),
        "ratio_warm2": round(med["warm2_ours"] / med["warm2_bare"], 3),
        "fcp_ms": med["fcp"],
        "first_visit_bytes": {**by_part, "files": files},
        "dist_transfer_bytes": {"runtime": dist["transfer_runtime"], "ours": dist["transfer_ours"]},
        "samples_ms": samples,
        "targets": TARGETS,
    }
    result["meets"] = {
        "ratio_cold": result["ratio_cold"] <= TARGETS["ratio_cold"],
        "ratio_warm": result["ratio_warm"] <= TARGETS["ratio_warm"],
        "fcp_ms": (med["fcp"] or 1e9) <= TARGETS["fcp_ms"],
        "ours_gzip_bytes": by_part["ours"] <= TARGETS["ours_gzip_bytes"],
    }
    return result


def table(r: dict) -> str:
    m, ok = r["median_ms"], r["meets"]
    yes = lambda b: "yes" if b else "**no**"  # noqa: E731
    lines = [
        f"| measure (median of {r['rounds']}) | bare Pyodide | dicehall | ratio | target | met |",
        "|---|---:|---:|---:|---:|:---:|",
        f"| cold: navigation → ready | {m['cold_bare']:.0f} ms | {m['cold_ours']:.0f} ms | {r['ratio_cold']:.3f} "
        f"| ≤ {r['targets']['ratio_cold']} | {yes(ok['ratio_cold'])} |",
        f"| warm: navigation → ready | {m['warm_bare']:.0f} ms | {m['warm_ours']:.0f} ms | {r['ratio_warm']:.3f} "
        f"| ≤ {r['targets']['ratio_warm']} | {yes(ok['ratio_warm'])} |",
        f"| warm, 3rd visit: navigation → ready | {m['warm2_bare']:.0f} ms | {m['warm2_ours']:.0f} ms "
        f"| {r['ratio_warm2']:.3f} | | |",
        f"| first paint of the loading screen (cold) | | {m['fcp']:.0f} ms | | ≤ {r['targets']['fcp_ms']} ms "
        f"| {yes(ok['fcp_ms'])} |",
        f"| first paint of a blank static page (floor, same run) | | {m['fcp_blank']:.0f} ms | | | |",
        f"| first visit, bytes sent: runtime (pyodide/) | | {r['first_visit_bytes']['runtime']:,} B | | | |",
        f"| first visit, bytes sent: ours (page, app, SW precache) | | {r['first_visit_bytes']['ours']:,} B | | "
        f"≤ {r['targets']['ours_gzip_bytes']:,} B | {yes(ok['ours_gzip_bytes'])} |",
        f"| cold stages (ours): Pyodide loaded / app started | | {m['pyodide']:.0f} / {m['started']:.0f} ms | | | |",
        f"| warm stages (ours): Pyodide loaded / app started | | {m['warm_pyodide']:.0f} / {m['warm_started']:.0f} ms "
        "| | | |",
    ]
    if m.get("app_import") is not None:
        lines.append(f"| app start-up (ours), cold / warm: import bridge + start + first frame | | "
                     f"{m['app_import']:.0f} + {m['app_start']:.0f} + {m['app_frame']:.0f} / "
                     f"{m['warm_app_import']:.0f} + {m['warm_app_start']:.0f} + {m['warm_app_frame']:.0f} ms | | | |")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--json-only", action="store_true")
    args = ap.parse_args()
    if not (build.DIST / "index.html").exists():
        sys.exit("dist/ is missing: run `python3 build.py bench load` (it builds first)")
    r = run(args.rounds)
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    path = out / time.strftime("load-%Y%m%d-%H%M%S.json")
    path.write_text(json.dumps(r, indent=1))
    summary = {k: v for k, v in r.items() if k != "samples_ms"}
    print(json.dumps(summary, indent=1))
    if not args.json_only:
        print()
        print(table(r))
        print(f"\n(raw samples: {path.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
