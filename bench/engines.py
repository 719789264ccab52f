"""The same figures in every engine, for bench/load.py and bench/game.py: Chromium, Firefox ESR and WebKitGTK
driven the same way (tests/engines/drivers.py: puppeteer-core for Chromium and Firefox, selenium's WebKitGTK
driver for WebKit), the same build, server and run.

- ``load(engines, rounds)``: cold boots (each round on an origin of its own: no cache, no service worker),
  the page's marks: runtime loaded (`dicehall:pyodide`), app imported, started, ready; median and range.
- ``games(engines, rounds)``: the engine tests' five seeded games of computers (easy level) through the page
  API, the time of each ``newGame`` (the whole game, at full speed), then Paradice's expert deciding for a
  6-player table from a fresh page (its first ``newGame`` of computers: imports and first decisions).

An engine that cannot be had here is reported as such, not measured.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))
from buildtool.common import DIST  # noqa: E402

from tests.engines import drivers  # noqa: E402
from tests.engines.test_engines import GAMES  # noqa: E402

ENGINES = ("chromium", "firefox", "webkit")
MARKS = ("pyodide", "imported", "started", "ready")
PARADICE_FIRST = {"seats": [{"kind": "ai", "level": "easy"}] * 6, "round_limit": 3, "seed": "engines-first"}


def _each(engines: list[str], measure) -> dict:
    out: dict = {}
    for name in engines:
        try:
            engine = drivers.launch(name)
        except drivers.EngineMissing as missing:
            out[name] = {"missing": str(missing)}
            continue
        try:
            out[name] = {"version": engine.version(), **measure(engine)}
        except Exception as error:  # a figure missing is reported, the other engines still measured
            out[name] = {"error": f"{type(error).__name__}: {error}"[:300]}
        finally:
            engine.quit()
    return out


def _boot(engine, query: str = "?lang=en") -> tuple[drivers.Site, drivers.Tab, dict]:
    site = drivers.Site(DIST)
    tab = engine.new_tab()
    tab.goto(site.url + query)
    tab.wait_ready()
    marks = tab.run(
        "return Object.fromEntries(performance.getEntriesByType('mark')"
        ".filter((m) => m.name.startsWith('dicehall:')).map((m) => [m.name.slice(9), m.startTime]));"
    )
    return site, tab, marks


def load(engines: list[str], rounds: int = 3) -> dict:
    def measure(engine) -> dict:
        runs = []
        for _ in range(rounds):
            site, _tab, marks = _boot(engine)
            runs.append({m: round(marks[m]) for m in MARKS if m in marks})
            engine.end_session()
            site.close()
        return {"runs": runs, "median": {m: statistics.median(r[m] for r in runs if m in r) for m in MARKS}}

    return _each(engines, measure)


def games(engines: list[str]) -> dict:
    def measure(engine) -> dict:
        site, tab, _ = _boot(engine)
        first = tab.run(
            f"const t = performance.now(); await window.dicehall.newGame('paradice', {json.dumps(PARADICE_FIRST)});"
            " return performance.now() - t;"
        )
        per_game = {}
        for game_id, options in GAMES.items():
            per_game[game_id] = round(
                tab.run(
                    f"const t = performance.now(); await window.dicehall.newGame({json.dumps(game_id)},"
                    f" {json.dumps({**options, 'seed': 'engines'})}); return performance.now() - t;"
                )
            )
        engine.end_session()
        site.close()
        return {"paradice_first_ms": round(first), "games_ms": per_game, "five_ms": sum(per_game.values())}

    return _each(engines, measure)


def _cell(row: dict, key) -> str:
    if "missing" in row:
        return "not here"
    if "error" in row:
        return "failed"
    return key(row)


def load_table(r: dict) -> str:
    lines = [
        "| engine | runtime loaded | app imported | started | ready (median, ms) | ready, each round |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, row in r.items():
        med = row.get("median", {})
        lines.append(
            f"| {row.get('version', name)} | "
            + " | ".join(_cell(row, lambda _r, m=m: f"{med.get(m, float('nan')):.0f}") for m in MARKS)
            + f" | {_cell(row, lambda x: ', '.join(str(run.get('ready')) for run in x['runs']))} |"
        )
    return "\n".join(lines)


def games_table(r: dict) -> str:
    ids = list(GAMES)
    lines = [
        "| engine | " + " | ".join(ids) + " | five games | Paradice, first game of 6 computers |",
        "|---|" + "---:|" * (len(ids) + 2),
    ]
    for name, row in r.items():
        cells = [_cell(row, lambda x, g=g: str(x["games_ms"][g])) for g in ids]
        cells += [_cell(row, lambda x: str(x["five_ms"])), _cell(row, lambda x: str(x["paradice_first_ms"]))]
        lines.append(f"| {row.get('version', name)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    import argparse

    ap = argparse.ArgumentParser(description="load and game figures in every engine")
    ap.add_argument("--engines", default=",".join(ENGINES))
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    engines = [e for e in args.engines.split(",") if e]
    t = time.time()
    r = {"load": load(engines, args.rounds), "games": games(engines)}
    print(json.dumps(r, indent=1))
    print(load_table(r["load"]))
    print()
    print(games_table(r["games"]))
    print(f"({time.time() - t:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
