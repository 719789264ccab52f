#!/usr/bin/env python3
""" "Suggest a move" in the browser: how long ``await dicehall.hint()`` takes, and the page's frames meanwhile.

    DICEHALL_DIST=/tmp/dist python3 bench/hints_browser.py [--decisions 14]

Serves the built site (``$DICEHALL_DIST``, else dist/) with the site's own server, in headless Chromium at
1280x800. In each game one human (seat 0) plays against expert computers; at each of the human's decisions
``hint()`` is timed on the page's clock, while an animation-frame loop notes the longest gap between two
frames (the worker lets the expert think in 8 ms slices: the page never waits on it), then a random legal
action is played. Prints per game the median and longest hint and the longest frame gap, in milliseconds,
and a JSON line (docs/performance.md, "Suggest a move").
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from buildtool.common import DIST  # noqa: E402
from buildtool.serve import make_server  # noqa: E402

from load import ARGS, chromium  # noqa: E402

GAMES = {"indecix": 1, "charidice": 2, "roudalon": 3, "marchands": 1, "paradice": 2}  # computers per game

HINTS = """async ([game, computers, decisions]) => {
  const d = window.dicehall, seats = [{kind: "human"}];
  for (let i = 0; i < computers; i++) seats.push({kind: "ai", level: "expert"});
  await d.newGame(game, {seed: "bench-" + game, seats});
  const times = []; let gap = 0;
  for (let k = 0; k < decisions && !d.state().over; k++) {
    let last = performance.now(), on = true;
    const tick = () => { if (!on) return;                      // only the frames while the hint thinks
                         const t = performance.now(); gap = Math.max(gap, t - last); last = t;
                         requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    const t0 = performance.now();
    await d.hint();
    times.push(performance.now() - t0);
    on = false;
    const legal = d.state().legal;
    await d.play(legal[Math.floor(Math.random() * legal.length)]);
  }
  times.sort((a, b) => a - b);
  return {decisions: times.length, median_ms: times[times.length >> 1], max_ms: times[times.length - 1],
          frame_gap_ms: gap};
}"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=14)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    srv = make_server(DIST, 0).start_background()
    url = f"http://127.0.0.1:{srv.server_address[1]}/?lang=en"
    results = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url)
            page.evaluate("window.dicehall.ready.then(() => true)")
            for game, computers in GAMES.items():
                r = page.evaluate(HINTS, [game, computers, args.decisions])
                results[game] = {k: round(v, 1) for k, v in r.items()}
                print(
                    f"{game}: hint() median {r['median_ms']:.1f} ms, longest {r['max_ms']:.1f} ms over "
                    f"{r['decisions']} decisions; longest frame gap {r['frame_gap_ms']:.1f} ms",
                    flush=True,
                )
            browser.close()
    finally:
        srv.stop()
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
