#!/usr/bin/env python3
"""Game benchmark: computer move times and frame cost of every playable game's screen, in the browser and
CPython.

    python3 build.py bench game [--games 2] [--seconds 6] [--levels easy,normal,expert] [--modes blitz,master]
                                [--games-to-bench indecix,charidice,roudalon] [--table-levels expert]
                                [--charidice-players 3] [--roudalon-players 4] [--marchands-players 2]
                                [--paradice-players 6]

Serves the built dist/ with the site's own server, in headless Chromium at 1200x800 CSS px,
devicePixelRatio 2.
The page is opened with `window.__dicehallBench = {frames: []}` set before host.js runs: host.js then
records, for every animation frame, the time of the Python `frame()` call in the worker and of the JS
parse + paint on the page, and offers `__dicehallBench.py(code)`: Python run in the worker (a Promise of
the result as text), where the worker's bridge object is `_BRIDGE`.

1. Moves: per level (easy, normal, expert) and Indecix mode (blitz, master), AI-vs-AI games with fixed
   seeds are started with `app.api.new_game` (fast mode: no animation holds the computer back) and then
   played by the page's own requestAnimationFrame loop, exactly as for a player: one `frame()` per frame,
   `SLICE` seconds of thinking in it.  `Session.advance` is wrapped (from this script, through Pyodide)
   to time each slice, so per decision we get the thinking time (sum of slices) and the wall time (first
   slice to decision), and per frame the longest blocking `frame()` call (JS clock).
2. Draw: a normal-speed AI-vs-AI game started through the setup screen (the player's path, animations
   running); after a few moves, `--seconds` of frames are recorded: Python `frame()` + JS paint per frame
   that drew something.
3. CPython: the same seeds and games with the same agents, each decision run to the end (`decide`).
4. Charidice, Le Roudalon, Dés & Marchands and Paradice: the same as 1-3 for AI-vs-AI games
   (`--charidice-players`, `--roudalon-players`, `--marchands-players`, `--paradice-players` computer seats
   of the same level, fixed seeds; Paradice stops at a 25-round limit): per decision (Charidice: roll,
   stop, mark, the grande donation counted apart as a side decision; Le Roudalon: stake, throw, propose,
   accept, refuse, close) the thinking time p50 / p95 / max, and the longest single thinking slice (one
   `advance` call: how long the page is blocked at once); the draw figures of each screen at normal speed.

5. Paradice: whole 6-computer games (easy level) simulated without a screen for `--seconds`, in the page's
   Pyodide and in CPython: games per second and their ratio.

Prints a JSON summary and markdown tables; writes bench/results/game-<time>.json.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))
from buildtool.common import DIST  # noqa: E402
from buildtool.serve import make_server  # noqa: E402

from load import ARGS, TIMEOUT, chromium  # noqa: E402

TARGETS = {"expert_move_ms": 1000, "block_ms": 50, "draw_p95_ms": 8}
LEVELS = ("easy", "normal", "expert")
MODES = ("blitz", "master")

INSTRUMENT = r"""
import time, json
import dicehall.app.session as _s
from dicehall.core.match import CHANCE
from dicehall.core.protocol import NodeKind
_LOG = []
if not hasattr(_s.Session, "_bench_advance"):
    _s.Session._bench_advance = _s.Session.advance
    def advance(self, budget):
        state = self.state
        kind = "roll" if state.kind is NodeKind.CHANCE else "think"
        seat = state.to_move if kind == "think" else None
        t0 = time.perf_counter()
        entry = self._bench_advance(budget)
        t1 = time.perf_counter()
        by = entry.by if entry is not None else None
        what = type(entry.action).__name__.lower() if entry is not None else None
        _LOG.append((t0 * 1000, (t1 - t0) * 1000, kind, seat, entry is not None, self.over, by, what))
        return entry
    _s.Session.advance = advance

# per Bridge.tick() call (a frame): where the Python time goes (ms): [total, advance, scene update, scene draw, dumps]
import dicehall.web.bridge as _b
_FRAMES = []
_CUR = [None]
def _timed(owner, name, slot):
    inner = getattr(owner, name)
    def wrapper(*a, **k):
        t0 = time.perf_counter()
        try:
            return inner(*a, **k)
        finally:
            if _CUR[0] is not None:
                _CUR[0][slot] += (time.perf_counter() - t0) * 1000
    setattr(owner, name, wrapper)
if not hasattr(_b.Bridge, "_bench_tick"):
    _b.Bridge._bench_tick = _b.Bridge.tick
    def tick(self, t_ms, advance=True):
        scene = self.app.scene  # whichever game's scene is on: time its update and draw
        if scene is not None and not getattr(type(scene), "_bench_timed", False):
            type(scene)._bench_timed = True
            _timed(type(scene), "update", 2)
            _timed(type(scene), "draw", 3)
        _CUR[0] = rec = [0.0, 0.0, 0.0, 0.0, 0.0]
        t0 = time.perf_counter()
        out = self._bench_tick(t_ms, advance)
        rec[0] = (time.perf_counter() - t0) * 1000
        _CUR[0] = None
        _FRAMES.append(rec)
        return out
    _b.Bridge.tick = tick
    _timed(_s.Session, "advance", 1)
    _timed(_b, "dumps", 4)
"""


def bridge(page, call: str) -> str:
    """``_BRIDGE.<call>`` run in the worker (the bridge's answer, as text)."""
    return page.evaluate("(c) => window.__dicehallBench.py(c)", f"_BRIDGE.{call}")


def wait_python(page, expression: str, seconds: float) -> None:
    """Poll a Python expression in the worker until it is true."""
    end = time.monotonic() + seconds
    while page.evaluate("(c) => window.__dicehallBench.py(c)", expression) != "True":
        if time.monotonic() > end:
            raise TimeoutError(expression)
        time.sleep(0.25)


def pct(xs: list[float], q: float) -> float | None:
    if not xs:
        return None
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))
    return round(xs[k], 2)


def stats(xs: list[float]) -> dict:
    return {
        "n": len(xs),
        "p50": pct(xs, 0.5),
        "p95": pct(xs, 0.95),
        "max": round(max(xs), 2) if xs else None,
        "mean": round(statistics.fmean(xs), 2) if xs else None,
    }


def decisions(log: list) -> list[dict]:
    """Group the advance() slices into decisions: thinking slices until one returns an entry. A side
    decision (an entry by another seat than the one to move: la grande donation) is marked ``side``."""
    out, cur = [], None
    for t0, dur, kind, seat, applied, _over, *rest in log:
        if kind != "think":
            continue
        by, what = (rest + [None, None])[:2]
        if cur is None:
            cur = {"seat": seat, "think_ms": 0.0, "slices": 0, "start": t0, "max_slice_ms": 0.0}
        cur["think_ms"] += dur
        cur["slices"] += 1
        cur["max_slice_ms"] = max(cur["max_slice_ms"], dur)
        if applied:
            cur["wall_ms"] = t0 + dur - cur["start"]
            cur["action"] = what
            cur["side"] = by is not None and by != seat
            del cur["start"]
            out.append(cur)
            cur = None
    return out


def seed_of(mode: str, level: str, g: int) -> str:
    return f"bench-{mode}-{level}-{g}"


# ------------------------------------------------------------------------------------------ browser
def open_page(browser, url: str):
    ctx = browser.new_context(viewport={"width": 1200, "height": 800}, device_scale_factor=2, service_workers="block")
    ctx.add_init_script("window.__dicehallBench = {frames: []};")
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("() => window.dicehall && window.__dicehallBench.py", timeout=TIMEOUT)
    page.evaluate("() => window.dicehall.ready.then(() => true)")
    return ctx, page


# Games for several players, measured with every seat a computer of one level: (default seats of the setup).
TABLE_GAMES = {"charidice": 3, "roudalon": 4, "marchands": 2, "paradice": 6}
PARADICE_ROUNDS = 25  # Paradice's move benches stop there (a whole game is several hundred decisions)


def table_opts(game_id: str, level: str, g: int, players: int) -> dict:
    opts = {"seed": f"bench-{game_id}-{players}-{level}-{g}", "seats": [{"kind": "ai", "level": level}] * players}
    if game_id == "paradice":
        opts["round_limit"] = PARADICE_ROUNDS
    return opts


HEADLESS = r"""
import json, time
from dicehall.cli.simulate import play as _play
from dicehall.core import registry as _registry
def _headless(game_id, options, level, seconds):
    game = _registry.load(game_id)
    opts = game.options_from_json(options)
    levels = [level] * game.num_players(opts)
    start, n, plies = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds:
        plies += _play(game, opts, levels, "headless", n).ply
        n += 1
    spent = time.perf_counter() - start
    return json.dumps({"games": n, "seconds": spent, "games_per_s": n / spent, "plies_per_game": plies / n})
"""


def headless_call(game_id: str, options: dict, level: str, seconds: float) -> str:
    """The Python expression that times whole computer games simulated without a screen (after HEADLESS)."""
    return f"_headless({game_id!r}, {options!r}, {level!r}, {seconds!r})"


def indecix_opts(mode: str, level: str, g: int) -> dict:
    return {
        "mode": mode,
        "seed": seed_of(mode, level, g),
        "seats": [{"kind": "ai", "level": level}, {"kind": "ai", "level": level}],
    }


def browser_games(page, game_id: str, games: list[dict]) -> dict:
    """Play AI-only games (page-API options each) with the page's own frame loop; sum up per decision."""
    decs, blocks, frames_all, slowest = [], [], [], []
    for opts in games:
        page.evaluate(
            "async () => { window.__dicehallBench.frames.length = 0; "
            "await window.__dicehallBench.py('_LOG.clear(); _FRAMES.clear()'); }"
        )
        r = json.loads(bridge(page, f"api_new_game({game_id!r}, {json.dumps(opts)!r})"))
        assert r.get("ok"), r
        wait_python(page, "bool(_LOG) and _LOG[-1][5]", 600)
        log = json.loads(page.evaluate("() => window.__dicehallBench.py('json.dumps(_LOG)')"))
        frames = page.evaluate("() => window.__dicehallBench.frames.slice()")
        slowest += json.loads(
            page.evaluate("() => window.__dicehallBench.py('json.dumps(sorted(_FRAMES, reverse=True)[:3])')")
        )
        t_first, t_last = log[0][0], log[-1][0] + log[-1][1]
        game_frames = [f for f in frames if f[0] >= t_first - 1 and f[0] <= t_last + 1]
        decs += decisions(log)
        blocks += [f[1] for f in game_frames]
        frames_all.append(len(game_frames))
        bridge(page, "api_busy()")  # leave fast mode
    return summarise(decs) | {
        "frames": sum(frames_all),
        "frame_block_ms": stats(blocks),
        # [frame, advance, update, draw, dumps] ms
        "python_slowest_frames": sorted(slowest, reverse=True)[:3],
    }


def summarise(decs: list[dict]) -> dict:
    """Decisions of the seat to move (side decisions counted apart), per kind of action too."""
    own = [d for d in decs if not d.get("side")]
    side = [d for d in decs if d.get("side")]
    kinds = sorted({d.get("action") for d in own if d.get("action")})
    return {
        "decisions": len(own),
        "side_decisions": len(side),
        "think_ms": stats([d["think_ms"] for d in own]),
        "wall_ms": stats([d["wall_ms"] for d in own]),
        "slices_per_move": stats([float(d["slices"]) for d in own]),
        "max_slice_ms": round(max(d["max_slice_ms"] for d in decs), 2) if decs else None,
        "by_action": {k: stats([d["think_ms"] for d in own if d.get("action") == k]) for k in kinds},
    }


def browser_moves(page, modes, levels, games: int) -> dict:
    page.evaluate("(code) => window.__dicehallBench.py(code)", INSTRUMENT)
    results = {}
    for mode in modes:
        for level in levels:
            res = results[f"{mode}/{level}"] = browser_games(
                page, "indecix", [indecix_opts(mode, level, g) for g in range(games)]
            )
            print(
                f"browser {mode}/{level}: {res['think_ms']} block max {res['frame_block_ms']['max']}",
                file=sys.stderr,
                flush=True,
            )
    return results


def browser_table_moves(page, game_id: str, levels, games: int, players: int) -> dict:
    page.evaluate("(code) => window.__dicehallBench.py(code)", INSTRUMENT)
    results = {}
    for level in levels:
        res = results[level] = browser_games(
            page, game_id, [table_opts(game_id, level, g, players) for g in range(games)]
        )
        print(
            f"browser {game_id}/{level}: {res['think_ms']} longest slice {res['max_slice_ms']} "
            f"block max {res['frame_block_ms']['max']}",
            file=sys.stderr,
            flush=True,
        )
    return results


def browser_draw(
    page, mode: str | None, seconds: float, game_id: str = "indecix", players: int = 2, mid_turn: int = 10
) -> dict:
    """Frames of an AI-vs-AI expert game at normal speed started through the setup screen, from turn
    ``mid_turn`` on (Indecix: ten dice on the board; Charidice: turn = rounds x players + seat)."""
    cmds: list[tuple[str, str | None]] = [("open", game_id)]
    if game_id in TABLE_GAMES:  # bring the setup's default seats to ``players``
        default = TABLE_GAMES[game_id]
        cmds += [(f"remove-seat:{default - 1}", None)] * (default - players) + [("add-seat", None)] * (
            players - default
        )
    for seat in range(players):
        cmds += [(f"seat-kind:{seat}", "ai"), (f"seat-level:{seat}", "expert")]
    if mode:
        cmds.append(("option:mode", mode))
    for cmd, arg in cmds + [("start", None)]:
        bridge(page, f"input({json.dumps({'type': 'cmd', 'cmd': cmd, 'arg': arg})!r})")
    page.wait_for_function("() => window.dicehall.state().screen === 'game'", timeout=TIMEOUT)
    page.wait_for_function(
        f"() => {{ const v = window.dicehall.state().view; return v && (v.turn ?? (v.round - 1) * {players}) >= {mid_turn}; }}",
        timeout=180_000,
        polling=200,
    )
    page.evaluate("(code) => window.__dicehallBench.py(code)", INSTRUMENT)
    page.evaluate(
        "async () => { window.__dicehallBench.frames.length = 0; await window.__dicehallBench.py('_FRAMES.clear()'); }"
    )
    page.wait_for_timeout(seconds * 1000)
    frames, prof = page.evaluate(
        "async () => [window.__dicehallBench.frames.slice(), "
        "JSON.parse(await window.__dicehallBench.py('json.dumps(_FRAMES)'))]"
    )
    assert len(frames) == len(prof), (len(frames), len(prof))
    for f, x in zip(frames, prof):  # drawing only: Python frame() without its thinking slice, + paint
        f.append(f[1] - x[1] + f[2])
    state = page.evaluate("() => window.dicehall.state()")
    drew = [f for f in frames if f[3] > 2]  # "{}" = nothing to do this frame
    total = [f[1] + f[2] for f in drew]
    span = (frames[-1][0] - frames[0][0]) / 1000 if len(frames) > 1 else 0
    return {
        "game": game_id,
        "mode": mode,
        "frames": len(frames),
        "fps": round(len(frames) / span, 1) if span else None,
        "frames_drawn": len(drew),
        "python_ms": stats([f[1] for f in drew]),
        "paint_ms": stats([f[2] for f in drew]),
        "total_ms": stats(total),
        "draw_only_ms": stats([f[4] for f in drew]),
        "idle_frame_ms": stats([f[1] + f[2] for f in frames if f[3] <= 2]),
        "output_chars": stats([float(f[3]) for f in drew]),
        "game_over_at_end": state["over"],
        "python_split_ms": {
            name: stats([x[i] for x in prof]) for i, name in enumerate(("frame", "advance", "update", "draw", "dumps"))
        },
        "python_slowest_frames": sorted(prof, reverse=True)[:5],
    }


def run_browser(args) -> dict:
    from playwright.sync_api import sync_playwright

    srv = make_server(DIST, 0).start_background()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=ARGS)
            version = browser.version
            out: dict = {"browser": f"chromium {version} (headless)", "moves": {}, "draw": {}}
            if "indecix" in args.bench_games:
                ctx, page = open_page(browser, srv.url + "?lang=en")
                out["moves"] = browser_moves(page, args.modes, args.levels, args.games)
                ctx.close()
                for mode in args.modes:
                    ctx, page = open_page(browser, srv.url + "?lang=en")
                    out["draw"][mode] = browser_draw(page, mode, args.seconds)
                    ctx.close()
                    print(f"draw {mode}: {out['draw'][mode]['total_ms']}", file=sys.stderr, flush=True)
            for game_id in TABLE_GAMES:
                if game_id not in args.bench_games:
                    continue
                n = args.players[game_id]
                ctx, page = open_page(browser, srv.url + "?lang=en")
                moves = browser_table_moves(page, game_id, args.table_levels, args.games, n)
                ctx.close()
                ctx, page = open_page(browser, srv.url + "?lang=en")
                draw = browser_draw(page, None, args.seconds, game_id, n, mid_turn=2 * n)  # round 3
                ctx.close()
                print(f"draw {game_id}: {draw['total_ms']}", file=sys.stderr, flush=True)
                out[game_id] = {"players": n, "moves": moves, "draw": draw}
            if "paradice" in args.bench_games:
                ctx, page = open_page(browser, srv.url + "?lang=en")
                page.evaluate("async (c) => { await window.__dicehallBench.py(c); }", HEADLESS)
                call = headless_call("paradice", {"players": 6}, "easy", args.seconds)
                out["paradice"]["headless"] = json.loads(page.evaluate("(c) => window.__dicehallBench.py(c)", call))
                ctx.close()
            browser.close()
    finally:
        srv.stop()
    return out


# ------------------------------------------------------------------------------------------ CPython
def run_cpython(args) -> dict:
    from dicehall.app.setup_form import session_from_request

    INSTR: dict = {}
    exec(INSTRUMENT, INSTR)  # the same wrapper, under CPython
    log = INSTR["_LOG"]

    def play(game_id: str, games: list[dict]) -> dict:
        decs = []
        for opts in games:
            log.clear()
            session = session_from_request(game_id, opts, "en")
            session.run_until_human(budget=1e9)
            decs += decisions([tuple(x) for x in log])
        return summarise(decs)

    results: dict = {}
    out: dict = {"python": platform.python_version(), "moves": results}
    if "indecix" in args.bench_games:
        for mode in args.modes:
            for level in args.levels:
                results[f"{mode}/{level}"] = play("indecix", [indecix_opts(mode, level, g) for g in range(args.games)])
    for game_id in TABLE_GAMES:
        if game_id in args.bench_games:
            n = args.players[game_id]
            out[game_id] = {
                level: play(game_id, [table_opts(game_id, level, g, n) for g in range(args.games)])
                for level in args.table_levels
            }
    if "paradice" in args.bench_games:
        scope: dict = {}
        exec(HEADLESS, scope)  # the same code as in the page
        out["paradice"]["headless"] = json.loads(
            eval(headless_call("paradice", {"players": 6}, "easy", args.seconds), scope)
        )
    return out


# ------------------------------------------------------------------------------------------ report
def tables(r: dict) -> str:
    from dicehall.core import registry

    f = lambda v: "–" if v is None else f"{v:.1f}"  # noqa: E731
    lines = (
        []
        if not r["browser"]["moves"]
        else [
            "| mode / level | moves | browser think p50 / p95 / max (ms) | wall p95 / max (ms) "
            "| longest frame() (ms) | CPython think p50 / p95 / max (ms) | ratio (p95) |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
    )
    for key, b in r["browser"]["moves"].items():
        c = r["cpython"]["moves"].get(key, {}).get("think_ms", {})
        ratio = (b["think_ms"]["p95"] / c["p95"]) if c.get("p95") else None
        lines.append(
            f"| {key} | {b['decisions']} | {f(b['think_ms']['p50'])} / {f(b['think_ms']['p95'])} / "
            f"{f(b['think_ms']['max'])} | {f(b['wall_ms']['p95'])} / {f(b['wall_ms']['max'])} | "
            f"{f(b['frame_block_ms']['max'])} | {f(c.get('p50'))} / {f(c.get('p95'))} / {f(c.get('max'))} "
            f"| {'–' if ratio is None else f'{ratio:.2f}'} |"
        )
    lines += (
        []
        if not r["browser"]["draw"]
        else [
            "",
            "| Indecix screen, 1200×800 @2x | frames drawn | Python frame() p50 / p95 | JS parse + paint "
            "p50 / p95 | total p50 / p95 / max | drawing only (total − thinking slice) p50 / p95 / max "
            "| output chars p50 | fps |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
    )
    for mode, d in r["browser"]["draw"].items():
        lines.append(
            f"| {mode}, AI vs AI, normal speed | {d['frames_drawn']} / {d['frames']} | "
            f"{f(d['python_ms']['p50'])} / {f(d['python_ms']['p95'])} ms | {f(d['paint_ms']['p50'])} / "
            f"{f(d['paint_ms']['p95'])} ms | {f(d['total_ms']['p50'])} / {f(d['total_ms']['p95'])} / "
            f"{f(d['total_ms']['max'])} ms | {f(d['draw_only_ms']['p50'])} / {f(d['draw_only_ms']['p95'])} / "
            f"{f(d['draw_only_ms']['max'])} ms | {d['output_chars']['p50']:.0f} | {d['fps']} |"
        )
    for game_id in TABLE_GAMES:
        ch = r["browser"].get(game_id)
        if not ch:
            continue
        title = registry.info(game_id).title_en
        lines += [
            "",
            f"| {title}, {ch['players']} computers, level | decisions (+ side) | browser think p50 / p95 / "
            "max (ms) | longest think slice (ms) | wall p95 / max (ms) | longest frame() (ms) "
            "| CPython think p50 / p95 / max (ms) |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for level, b in ch["moves"].items():
            c = r["cpython"].get(game_id, {}).get(level, {}).get("think_ms", {})
            lines.append(
                f"| {level} | {b['decisions']} (+{b['side_decisions']}) | {f(b['think_ms']['p50'])} / "
                f"{f(b['think_ms']['p95'])} / {f(b['think_ms']['max'])} | {f(b['max_slice_ms'])} | "
                f"{f(b['wall_ms']['p95'])} / {f(b['wall_ms']['max'])} | {f(b['frame_block_ms']['max'])} | "
                f"{f(c.get('p50'))} / {f(c.get('p95'))} / {f(c.get('max'))} |"
            )
            for action, a in b["by_action"].items():
                lines.append(
                    f"| {level}: {action} | {a['n']} | {f(a['p50'])} / {f(a['p95'])} / {f(a['max'])} | | | | |"
                )
        d = ch["draw"]
        lines += [
            "",
            f"| {title} screen, 1200×800 @2x | frames drawn | total p50 / p95 / max | drawing only "
            "p50 / p95 / max | output chars p50 | fps |",
            "|---|---:|---:|---:|---:|---:|",
            f"| {ch['players']} experts, normal speed | {d['frames_drawn']} / {d['frames']} | "
            f"{f(d['total_ms']['p50'])} / {f(d['total_ms']['p95'])} / {f(d['total_ms']['max'])} ms | "
            f"{f(d['draw_only_ms']['p50'])} / {f(d['draw_only_ms']['p95'])} / {f(d['draw_only_ms']['max'])} ms "
            f"| {(d['output_chars']['p50'] or 0):.0f} | {d['fps']} |",
        ]
    b, c = r["browser"].get("paradice", {}).get("headless"), r["cpython"].get("paradice", {}).get("headless")
    if b and c:
        lines += [
            "",
            "| Paradice, whole 6-computer games (easy) without a screen | games | games/s | decisions "
            "and dice per game |",
            "|---|---:|---:|---:|",
            f"| CPython | {c['games']} | {c['games_per_s']:.2f} | {c['plies_per_game']:.0f} |",
            f"| Chromium (Pyodide) | {b['games']} | {b['games_per_s']:.2f} | {b['plies_per_game']:.0f} |",
            f"| browser ÷ CPython (time per game) | | {c['games_per_s'] / b['games_per_s']:.2f} | |",
        ]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2, help="games per mode and level (fixed seeds)")
    ap.add_argument("--seconds", type=float, default=6.0, help="frames recorded on the game screen")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--cpython-only", action="store_true")
    ap.add_argument("--json-only", action="store_true")
    ap.add_argument(
        "--games-to-bench",
        dest="bench_games",
        default="indecix,charidice,roudalon,marchands,paradice",
        help="which games to measure (indecix, charidice, roudalon, marchands, paradice)",
    )
    ap.add_argument("--table-levels", default="expert", help="levels to measure in Charidice and Le Roudalon")
    ap.add_argument("--charidice-players", type=int, default=3, choices=(2, 3, 4))
    ap.add_argument("--roudalon-players", type=int, default=4, choices=(3, 4, 5, 6))
    ap.add_argument("--marchands-players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--paradice-players", type=int, default=6, choices=(2, 3, 4, 5, 6))
    ap.add_argument(
        "--engines",
        default="chromium,firefox,webkit",
        help="five seeded games in each engine, same driver (bench/engines.py); 'none' for none",
    )
    args = ap.parse_args()
    args.levels, args.modes = args.levels.split(","), args.modes.split(",")
    args.bench_games, args.table_levels = args.bench_games.split(","), args.table_levels.split(",")
    args.players = {
        "charidice": args.charidice_players,
        "roudalon": args.roudalon_players,
        "marchands": args.marchands_players,
        "paradice": args.paradice_players,
    }
    r: dict = {"targets": TARGETS, "games": args.games}
    r["cpython"] = run_cpython(args)
    print(f"cpython: {json.dumps(r['cpython']['moves'])}", file=sys.stderr, flush=True)
    if not args.cpython_only:
        if not (DIST / "index.html").exists():
            sys.exit("dist/ is missing: run `python3 build.py bench game` (it builds first)")
        r["browser"] = run_browser(args)
        mv, dr = dict(r["browser"]["moves"]), dict(r["browser"]["draw"])
        for game_id in TABLE_GAMES:
            ch = r["browser"].get(game_id)
            if ch:
                mv.update({f"{game_id}/{k}": v for k, v in ch["moves"].items()})
                dr[game_id] = ch["draw"]
        r["meets"] = {
            "expert_move_ms": all(
                v["think_ms"]["max"] <= TARGETS["expert_move_ms"] for k, v in mv.items() if k.endswith("/expert")
            ),
            "block_ms": all(v["frame_block_ms"]["max"] <= TARGETS["block_ms"] for v in mv.values()),
            "draw_p95_ms": all(d["draw_only_ms"]["p95"] <= TARGETS["draw_p95_ms"] for d in dr.values()),
        }
        engine_names = [e for e in args.engines.split(",") if e and e != "none"]
        if engine_names:
            import engines

            r["engines"] = engines.games(engine_names)
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    path = out / time.strftime("game-%Y%m%d-%H%M%S.json")
    path.write_text(json.dumps(r, indent=1))
    print(json.dumps(r, indent=1))
    if not args.json_only and "browser" in r:
        print()
        print(tables(r))
        if "engines" in r:
            import engines

            print("\nEvery engine, the same games (ms; bench/engines.py):\n")
            print(engines.games_table(r["engines"]))
    print(f"\n(raw results: {path.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
