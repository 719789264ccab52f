#!/usr/bin/env python3
"""Finishing a game no human plays, in the browser: a 6-computer Paradice game played to its end.

    DICEHALL_DIST=/tmp/dist python3 bench/pace_browser.py [--rounds 3]

Serves the built site (``$DICEHALL_DIST``, else dist/) with the site's own server, in headless Chromium at
1280x800, and times on the page's clock (``performance.now()``), per round:

- ``newGame``: ``await dicehall.newGame("paradice", {seats: 6 × easy computers})``, which resolves at the
  game's end (the page API plays computer turns at full speed);
- ``finish``: a demonstration from the game's shortcut (Ctrl+O: six computers of level normal, at the
  normal pace), then a press on "Finish the game": from the press until ``state().over``.

The target: under 10 s each (docs/performance.md, "Pacing"). Prints the seconds per round and a JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from buildtool.common import DIST  # noqa: E402
from buildtool.serve import make_server  # noqa: E402

from load import ARGS, chromium  # noqa: E402

SIX_EASY = "Array.from({length: 6}, () => ({kind: 'ai', level: 'easy'}))"

NEW_GAME = (
    """async (seed) => {
  const t0 = performance.now();
  await window.dicehall.newGame("paradice", {seed, seats: %s});
  return {seconds: (performance.now() - t0) / 1000, over: window.dicehall.state().over};
}"""
    % SIX_EASY
)

FINISH = """async () => {
  const d = window.dicehall, frame = () => new Promise((r) => requestAnimationFrame(r));
  while (!document.getElementById("finish") || d.state().over) await frame();   // the demonstration is on
  const t0 = performance.now();
  document.getElementById("finish").click();
  let frames = 0;
  while (!d.state().over) { await frame(); frames++; }
  return {seconds: (performance.now() - t0) / 1000, frames, plies: d.save().log.length};
}"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    srv = make_server(DIST, 0).start_background()
    url = f"http://127.0.0.1:{srv.server_address[1]}/?lang=en"
    results: dict[str, list[float]] = {"newGame": [], "finish": []}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=ARGS)
            for r in range(args.rounds):
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.goto(url)
                page.evaluate("window.dicehall.ready.then(() => true)")
                page.evaluate('window.dicehall.speed("normal")')
                done = page.evaluate(NEW_GAME, f"bench-{r}")
                assert done["over"], done
                results["newGame"].append(done["seconds"])
                page.keyboard.press("Control+o")  # the demonstration: six computers (normal), at the normal pace
                finished = page.evaluate(FINISH)
                results["finish"].append(finished["seconds"])
                page.close()
                print(
                    f"round {r + 1}: newGame {done['seconds']:.2f} s; finish (demonstration) "
                    f"{finished['seconds']:.2f} s in {finished['frames']} frames, {finished['plies']} log entries",
                    flush=True,
                )
            browser.close()
    finally:
        srv.stop()
    summary = {k: {"median": statistics.median(v), "max": max(v)} for k, v in results.items() if v}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
