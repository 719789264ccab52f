#!/usr/bin/env python3
"""Where Python's time goes in each engine (issue 33): the same work, split into its layers, in Chromium,
Firefox ESR and WebKitGTK, the engines taken in turn round after round (on a shared machine only the ratios
measured together mean something). Findings: docs/performance.md, "Every engine"; docs/browsers.md.

    .venv/bin/python bench/engine_python.py [--engines chromium,firefox,webkit] [--rounds 2] [--passes 2]
        [--parts first,games,micro,layers,player,levels] [--levels normal,expert] [--jsc useOMGJIT=0,...]
        [--worker-timings] [--page-paints] [--no-cpython] [--out FILE]

Each engine boots the built site (tests/engines/drivers.py) with the bench hook (``window.__dicehallBench``:
Python run in the worker, where the bridge is ``_BRIDGE``), then measures in that page: ``first`` once, then
the other parts ``--passes`` times over (the first pass meets JavaScriptCore's wasm tiers as they start, the
last one warm):

- ``first``: Paradice's first ``newGame`` of 6 computers (bench/engines.py's), first thing after the boot.
- ``games``: bench/engines.py's five seeded games through the page API's ``newGame``, timed on the page and
  from inside the worker (``Bridge`` methods wrapped: its slices, the page's frames, the state sent), with
  what the page saw of the frames; ``--worker-timings`` adds the worker's own parts (its yields between
  slices, each message's handler, the picture's parse and paint) from a timed copy of the site.
- ``micro``: the interpreter alone: arithmetic, calls, objects, dict and list churn, JSON, a generator's
  steps (how the computer players think), the clock (``time.perf_counter``, a call out of the wasm), and
  calls across the FFI both ways. Each the best of 3, in ms.
- ``layers``: the same five games played in the worker by the rules and computers alone (no app), then by
  the app's own loop without any frame (a Bridge of its own, the page API's 8 ms slices back to back:
  autosaves, the page's state kept).
- ``player``: the player's path: experts playing through the page's own frames (app.SLICE of thinking a
  frame), each decision's thinking and wall time.
- ``levels``: each computer's thinking per decision (``start``/``think``/``choose`` to the end, as the
  worker's slices add up to), per game and level, for the first decisions of a seeded game.

``--jsc`` passes JavaScriptCore options to WebKit (``JSC_<name>`` in the environment of the browser's
processes: which of its wasm tiers run), ``--page-paints`` leaves the canvas on the page. CPython figures for
the same ``micro``, ``layers`` and ``levels`` work come first (the machine's own speed at that moment).

Prints tables and writes the JSON to bench/results/engine-python-<time>.json (or ``--out``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))
from buildtool.common import DIST  # noqa: E402
from engines import PARADICE_FIRST  # noqa: E402

from tests.engines import drivers  # noqa: E402
from tests.engines.test_engines import GAMES  # noqa: E402

ENGINES = ("chromium", "firefox", "webkit")
PARTS = ("first", "micro", "layers", "games", "levels")
SEED = "engines"  # bench/engines.py's games
# (game, options of the rules, levels, decisions measured): the setup's default tables; Paradice to 25 rounds
LEVEL_GAMES = (
    ("paradice", {"players": 6, "round_limit": 25}),
    ("indecix", {"mode": "blitz"}),
    ("indecix", {"mode": "master"}),
    ("charidice", {"players": 3}),
    ("roudalon", {"players": 4}),
    ("marchands", {"players": 2}),
)
LEVELS = ("easy", "normal", "expert")
DECISIONS = 40

# ------------------------------------------------------------------------------- Python, run in the worker
# The same text runs under CPython here (the reference) and in each engine's worker.
PYTHON = r"""
import gc as _gc, json as _json, random as _random, time as _time
from dicehall.ai.agent import side_choice as _side_choice
from dicehall.core import registry as _registry
from dicehall.core.match import Match as _Match
from dicehall.core.protocol import NodeKind as _NodeKind

def _ep_arith(n=200_000):
    s = 0
    for i in range(n):
        s = (s * 31 + i) & 0xFFFF
    return s

def _ep_fib(n):
    return n if n < 2 else _ep_fib(n - 1) + _ep_fib(n - 2)

class _EPPoint:
    __slots__ = ("x", "y")
    def __init__(self, x, y):
        self.x, self.y = x, y
    def add(self, other):
        return _EPPoint(self.x + other.x, self.y + other.y)

def _ep_objects(n=60_000):
    p, one = _EPPoint(0, 0), _EPPoint(1, 2)
    for _ in range(n):
        p = p.add(one)
    return p.x

def _ep_churn(n=20_000):
    rows = [{"id": i, "name": f"n{i % 97}", "v": [i, i * 2]} for i in range(n)]
    rows.sort(key=lambda r: (r["name"], -r["id"]))
    return len({r["name"]: r for r in rows})

def _ep_json(n=4):
    data = [{"op": "rect", "x": i * 1.5, "y": i, "w": 10, "h": 10, "fill": "#abcdef"} for i in range(3000)]
    for _ in range(n):
        _json.loads(_json.dumps(data))

def _ep_generator(n=150_000):
    def search():
        for _ in range(n):
            yield
    for _ in search():
        pass

def _ep_clock(n=30_000):
    clock = _time.perf_counter
    for _ in range(n):
        clock()

def _ep_py_to_js(n=5_000):
    import js
    largest = js.Math.max
    for _ in range(n):
        largest(1, 2)

def _ep_js_to_py(n=5_000):
    import js
    from pyodide.ffi import create_proxy
    f = create_proxy(lambda *a: None)
    js.Uint8Array.new(n).forEach(f)
    f.destroy()

_EP_MICRO = {"arith": _ep_arith, "calls": lambda: _ep_fib(21), "objects": _ep_objects, "churn": _ep_churn,
             "json": _ep_json, "generator": _ep_generator, "clock": _ep_clock,
             "py_to_js": _ep_py_to_js, "js_to_py": _ep_js_to_py}

def _ep_micro(names):
    out = {}
    for name in names:
        best = None
        for _ in range(3):
            t = _time.perf_counter()
            _EP_MICRO[name]()
            d = (_time.perf_counter() - t) * 1000
            best = d if best is None else min(best, d)
        out[name] = round(best, 2)
    return _json.dumps(out)

def _ep_rules_options(options):
    # the page API's options of bench/engines.py's games as the rules take them
    o = {k: v for k, v in options.items() if k not in ("seats", "seed")}
    return o, [s["level"] for s in options["seats"]]

def _ep_rules(games_json):
    # the rules and computer players alone: the five games, no app, no frame
    out = {}
    for game_id, options in _json.loads(games_json).items():
        o, levels = _ep_rules_options(options)
        if game_id != "indecix":
            o["players"] = len(levels)
        _registry.load(game_id).make_agent(levels[0], 0, _random.Random(0))  # imported before the clock starts
        t = _time.perf_counter()
        times, plies = _ep_play(game_id, o, levels, "ep", None)
        out[game_id] = [round((_time.perf_counter() - t) * 1000, 1), plies]
    return _json.dumps(out)

def _ep_app(games_json):
    # the app's own loop, as the worker runs a page-API call, without the frames: a Bridge of its own
    from dicehall.app.storage import MemoryStorage
    from dicehall.web.bridge import Bridge
    b = Bridge(MemoryStorage(), {"lang": "en", "params": {}, "width": 1100, "height": 760, "embedded": False})
    b.tick(0.0, True)
    out = {}
    for game_id, options in _json.loads(games_json).items():
        t = _time.perf_counter()
        b.api_new_game(game_id, _json.dumps({**options, "seed": "engines"}))
        slices = 0
        while b.api_busy():
            b.side_open()
            b.api_advance(0.008)
            slices += 1
        b.sync()
        out[game_id] = [round((_time.perf_counter() - t) * 1000, 1), slices]
    return _json.dumps(out)

def _ep_play(game_id, options, levels, seed, most):
    # a game of computers (dicehall.cli.simulate's loop; the CLI itself is not in the site's stdlib): each
    # decision's thinking timed to the end (what the worker's slices add up to), up to `most` decisions
    game = _registry.load(game_id)
    opts = game.options_from_json(options)
    match = _Match(game, opts, seed)
    agents = [game.make_agent(level, s, _random.Random(f"{seed}/{s}")) for s, level in enumerate(levels)]
    times, clock = [], _time.perf_counter
    while match.state.kind is not _NodeKind.TERMINAL and (most is None or len(times) < most):
        state = match.state
        if state.kind is _NodeKind.CHANCE:
            match.roll()
            continue
        side = _side_choice(state, agents.__getitem__)
        if side is not None:
            match.submit(side[1], side[0])
            continue
        agent = agents[state.to_move]
        t = clock()
        agent.start(state)
        while not agent.think(1.0):
            pass
        action = agent.choose()
        times.append((clock() - t) * 1000)
        match.submit(action)
    return times, match.ply

def _ep_levels(spec_json, most):
    out = []
    for game_id, options, level in _json.loads(spec_json):
        players = _registry.load(game_id).num_players(_registry.load(game_id).options_from_json(options))
        ts, _ = _ep_play(game_id, options, [level] * players, "levels", most)
        s = sorted(ts)
        out.append({"game": game_id, "options": options, "level": level, "n": len(s),
                    "max": round(s[-1], 1), "p95": round(s[min(len(s) - 1, int(0.95 * len(s)))], 1),
                    "sum": round(sum(s), 1)})
    return _json.dumps(out)
"""

# In the worker only: the page API's own calls timed from inside (Bridge's methods, wrapped on the class).
INSTRUMENT = r"""
from dicehall.web import bridge as _ep_bridge
_EP_CALLS = {}
_EP_GC = [0, 0.0, None]
def _ep_wrap(name):
    inner = getattr(_ep_bridge.Bridge, name)
    def timed(self, *args):
        t = _time.perf_counter()
        try:
            return inner(self, *args)
        finally:
            d = (_time.perf_counter() - t) * 1000
            c = _EP_CALLS.setdefault(name, [0, 0.0, 0.0])
            c[0] += 1; c[1] += d; c[2] = max(c[2], d)
    setattr(_ep_bridge.Bridge, name, timed)
for _n in ("tick", "api_advance", "api_busy", "side_open", "sync", "api_new_game"):
    _ep_wrap(_n)
def _ep_gc(phase, info):
    if phase == "start":
        _EP_GC[2] = _time.perf_counter()
    elif _EP_GC[2] is not None:
        _EP_GC[0] += 1; _EP_GC[1] += (_time.perf_counter() - _EP_GC[2]) * 1000
_gc.callbacks.append(_ep_gc)
# the player's path: each Session.advance (a thinking slice in a frame, or a roll) timed, for `player`
import dicehall.app.session as _ep_session
_EP_STEPS = []
if not hasattr(_ep_session.Session, "_ep_advance"):
    _ep_session.Session._ep_advance = _ep_session.Session.advance
    def _ep_advance(self, budget):
        thinking = self.state.kind is not _NodeKind.CHANCE
        t = _time.perf_counter()
        entry = self._ep_advance(budget)
        _EP_STEPS.append((t * 1000, (_time.perf_counter() - t) * 1000, entry is not None, thinking))
        return entry
    _ep_session.Session.advance = _ep_advance
def _ep_player_decisions():
    # thinking slices grouped into decisions: [thinking ms, wall ms from its first slice to the move, slices]
    out, cur = [], None
    for t0, d, applied, thinking in _EP_STEPS:
        if not thinking:
            continue
        if cur is None:
            cur = [0.0, t0, 0]
        cur[0] += d
        cur[2] += 1
        if applied:
            out.append([round(cur[0], 1), round(t0 + d - cur[1], 1), cur[2]])
            cur = None
    return out
def _ep_take():
    out = {"calls": {k: [v[0], round(v[1], 1), round(v[2], 1)] for k, v in _EP_CALLS.items()},
           "py_gc": [_EP_GC[0], round(_EP_GC[1], 1)]}
    _EP_CALLS.clear(); _EP_GC[0] = 0; _EP_GC[1] = 0.0
    import js
    if getattr(js, "__epT", None) is not None:  # a worker instrumented by --worker-timings
        out["worker"] = _json.loads(js.JSON.stringify(js.__epT))
        for key in list(js.Object.keys(js.__epT)):
            js.Reflect.deleteProperty(js.__epT, key)
    return _json.dumps(out)
"""

MICRO = ("arith", "calls", "objects", "churn", "json", "generator", "clock", "py_to_js", "js_to_py")
CPYTHON_MICRO = MICRO[:7]  # (no FFI there)


def level_spec() -> list:
    return [[g, o, lv] for g, o in LEVEL_GAMES for lv in SITE["levels"]]


# ------------------------------------------------------------------------------------------------ a page
def py(tab: drivers.Tab, code: str, timeout: float = drivers.CALL_TIMEOUT_S):
    """Python run in the worker (the bench hook): its value as text. An exception there is raised here (the
    worker would otherwise stop answering)."""
    guarded = (
        "try:\n    _EP_ANSWER = eval(compile("
        + repr(code)
        + ", '<bench>', 'exec' if '\\n' in "
        + repr(code)
        + " else 'eval'), globals())\nexcept BaseException:\n"
        "    import traceback\n    _EP_ANSWER = 'bench error: ' + traceback.format_exc()[-600:]\n_EP_ANSWER"
    )
    answer = tab.run(f"return await window.__dicehallBench.py({json.dumps(guarded)});", timeout=timeout)
    if str(answer).startswith("bench error: "):
        raise RuntimeError(answer)
    return answer


def timed_new_game(tab: drivers.Tab, game_id: str, options: dict) -> dict:
    """The page API's newGame, its wall time on the page's clock and what the page saw of its frames."""
    return tab.run(
        "const b = window.__dicehallBench; b.frames.length = 0; const t = performance.now();"
        f" await window.dicehall.newGame({json.dumps(game_id)}, {json.dumps(options)});"
        " const ms = performance.now() - t, f = b.frames.slice(); b.frames.length = 0;"
        " return {ms, frames: f.length, tick_js_ms: f.reduce((s, x) => s + x[1], 0),"
        " page_ms: f.reduce((s, x) => s + x[2], 0), chars: f.reduce((s, x) => s + x[3], 0),"
        " drew: f.reduce((s, x) => s + x[5], 0)};"
    )


# The player's path: computers of one level play through the page's own frames (started through the bridge,
# not the page API, so nothing plays at full speed: a thinking slice of app.SLICE per frame, as for a player
# waiting for the computer), at the "fast" pace; the first PLAYER_DECISIONS decisions of the seat's thinking.
PLAYER_GAMES = (
    ("indecix", {"mode": "blitz", "seats": [{"kind": "ai", "level": "expert"}] * 2}),
    ("charidice", {"seats": [{"kind": "ai", "level": "expert"}] * 3}),
)
PLAYER_DECISIONS = 12


def player(tab: drivers.Tab) -> dict:
    tab.run("await window.dicehall.speed('fast'); return true;")
    out = {}
    for game_id, options in PLAYER_GAMES:
        py(tab, "_EP_STEPS.clear()")
        tab.run("window.__dicehallBench.frames.length = 0; return true;")
        opts = {**options, "seed": "player"}
        py(tab, f"_BRIDGE.api_new_game({game_id!r}, {json.dumps(opts)!r})")
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            if int(py(tab, "len(_ep_player_decisions())")) >= PLAYER_DECISIONS:
                break
            time.sleep(1)
        decisions = json.loads(py(tab, "_json.dumps(_ep_player_decisions())"))[:PLAYER_DECISIONS]
        frames = tab.run(
            "const f = window.__dicehallBench.frames; return {n: f.length, drew: f.reduce((s, x) => s + x[5], 0),"
            " span: f.length ? f[f.length - 1][0] - f[0][0] : 0};"
        )
        out[game_id] = {"decisions": decisions, "frames": frames}
    py(tab, "_BRIDGE.api_new_game('roudalon', '{}')")  # the computers stop thinking
    return out


def measure_pass(tab: drivers.Tab, parts: list[str]) -> dict:
    out: dict = {}
    if "games" in parts:
        out["games"] = {}
        for game_id, options in GAMES.items():
            py(tab, "_ep_take()")
            page = timed_new_game(tab, game_id, {**options, "seed": SEED})
            out["games"][game_id] = {**page, **json.loads(py(tab, "_ep_take()"))}
    if "micro" in parts:
        out["micro"] = json.loads(py(tab, f"_ep_micro({list(MICRO)!r})"))
    if "layers" in parts:
        games = json.dumps(GAMES)
        out["rules"] = json.loads(py(tab, f"_ep_rules({games!r})"))
        out["app"] = json.loads(py(tab, f"_ep_app({games!r})"))
    if "player" in parts:
        out["player"] = player(tab)
    if "levels" in parts:
        out["levels"] = json.loads(py(tab, f"_ep_levels({json.dumps(level_spec())!r}, {DECISIONS})", timeout=1800))
    return out


def measure_page(tab: drivers.Tab, parts: list[str], passes: int) -> dict:
    """Paradice's first game, then the other parts ``passes`` times over in the same page: the first pass
    meets the engine's code as it starts (its wasm tiers not yet up), the last one as it runs once warm."""
    out: dict = {"marks": tab.run(MARKS)}
    py(tab, PYTHON + INSTRUMENT + "\n'ok'")
    if "first" in parts:
        py(tab, "_ep_take()")
        first = timed_new_game(tab, "paradice", PARADICE_FIRST)
        out["first"] = {**first, **json.loads(py(tab, "_ep_take()"))}
    out["passes"] = [measure_pass(tab, parts) for _ in range(passes)]
    return out


MARKS = (
    "return Object.fromEntries(performance.getEntriesByType('mark')"
    ".filter((m) => m.name.startsWith('dicehall:')).map((m) => [m.name.slice(9), Math.round(m.startTime)]));"
)


# --worker-timings: a copy of the built site whose worker times its own parts in `self.__epT` ({name: [count,
# ms]}, read and cleared by _ep_take): each yield between slices, the parse and paint of a frame's picture, its
# postMessage calls, each message's handler. Anchored on worker.js's text: a change there says so here.
WORKER_TIMINGS = (
    (
        "const post = (message, transfer) => self.postMessage(message, transfer || []);",
        "self.__epT = {};\nconst epAdd = (k, ms) => { const c = self.__epT[k] ||= [0, 0]; c[0]++; c[1] += ms; };\n"
        "const post = (message, transfer) => { const t = performance.now(); self.postMessage(message, transfer || []);"
        ' epAdd("post", performance.now() - t); };',
    ),
    (
        "const r = JSON.parse(s), draw = r.out.draw;\n  if (draw) { delete r.out.draw; lastDraw = draw; painter.paint(draw, dpr); }",
        'const tp = performance.now(), r = JSON.parse(s), draw = r.out.draw; epAdd("parse", performance.now() - tp);\n'
        "  const tq = performance.now();\n"
        '  if (draw) { delete r.out.draw; lastDraw = draw; painter.paint(draw, dpr); epAdd("paint", performance.now() - tq); }',
    ),
    (
        "const yieldNow = () => new Promise((res) => {",
        "const yieldNow = () => { const ty = performance.now(); return yieldPlain().then(() => "
        'epAdd("yield", performance.now() - ty)); };\nconst yieldPlain = () => new Promise((res) => {',
    ),
    (
        "self.onmessage = (e) => { try { handle(e.data); } catch (err) { report(err); } };",
        "self.onmessage = (e) => { const t = performance.now(); try { handle(e.data); } catch (err) { report(err); }"
        ' epAdd("on:" + (e.data && e.data.t), performance.now() - t); };',
    ),
)


def timed_worker_copy(dist: Path) -> Path:
    """A copy of the built site (links, but for web/) with the worker of WORKER_TIMINGS."""
    root = Path(tempfile.mkdtemp(prefix="dicehall-ep-dist-"))
    for entry in dist.iterdir():
        if entry.name == "web":
            shutil.copytree(entry, root / "web")
        else:
            (root / entry.name).symlink_to(entry)
    worker = next(p for p in (root / "web").glob("worker-*.js"))
    text = worker.read_text(encoding="utf-8")
    for anchor, timed in WORKER_TIMINGS:
        if anchor not in text:
            raise SystemExit(f"--worker-timings: worker.js changed, {anchor[:60]!r}... is not there any more")
        text = text.replace(anchor, timed, 1)
    worker.write_text(text, encoding="utf-8")
    for packed in (worker.with_name(worker.name + ".br"), worker.with_name(worker.name + ".gz")):
        packed.unlink(missing_ok=True)  # the server would send those, untimed
    return root


SITE: dict = {"dist": DIST, "init": "", "levels": LEVELS}
# --page-paints: the page keeps its canvas (no OffscreenCanvas hand-over), as in a browser without it: the
# worker sends the picture and the page paints it
PAGE_PAINTS = "delete HTMLCanvasElement.prototype.transferControlToOffscreen;\n"


def served_site() -> drivers.Site:
    """The built site (or its timed copy) with the bench hook set before the page's scripts."""
    return drivers.Site(SITE["dist"], "window.__dicehallBench = {frames: []};\n" + SITE["init"])


def measure_engine(name: str, parts: list[str], passes: int) -> dict:
    try:
        engine = drivers.launch(name)
    except drivers.EngineMissing as missing:
        return {"missing": str(missing)}
    site = served_site()
    try:
        tab = engine.new_tab()
        t = time.monotonic()
        tab.goto(site.url + "?lang=en")
        tab.wait_ready()
        tab.wait("window.__dicehallBench.py")
        return {
            "version": engine.version(),
            "boot_s": round(time.monotonic() - t, 1),
            **measure_page(tab, parts, passes),
        }
    except Exception as error:  # reported; the other engines are still measured
        return {"error": f"{type(error).__name__}: {error}"[:400]}
    finally:
        try:
            engine.end_session()
        finally:
            engine.quit()
            site.close()


def cpython(parts: list[str]) -> dict:
    """The same Python under this machine's CPython, in a process of its own (the reference)."""
    calls = []
    if "micro" in parts:
        calls.append(f"'micro': json.loads(_ep_micro({list(CPYTHON_MICRO)!r}))")
    if "layers" in parts:
        calls.append(f"'rules': json.loads(_ep_rules({json.dumps(GAMES)!r}))")
        calls.append(f"'app': json.loads(_ep_app({json.dumps(GAMES)!r}))")
    if "levels" in parts:
        calls.append(f"'levels': json.loads(_ep_levels({json.dumps(level_spec())!r}, {DECISIONS}))")
    if not calls:
        return {}
    code = PYTHON + "\nimport json, sys\nprint(json.dumps({" + ", ".join(calls) + "}))\n"
    app = sorted((DIST / "app").glob("dicehall-*.zip"))  # the built app's own sources, as the engines run them
    env = dict(os.environ, PYTHONPATH=str(app[0] if app else ROOT / "src"))
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=1800)
    if run.returncode:
        return {"error": run.stderr[-400:]}
    return {"version": "CPython " + sys.version.split()[0], **json.loads(run.stdout)}


# ------------------------------------------------------------------------------------------------ tables
def median_at(items: list, *path) -> float | None:
    """The median over ``items`` (one per round) of the value at ``path`` (a list's first element)."""
    values = []
    for item in items:
        v = item
        for key in path:
            v = v.get(key) if isinstance(v, dict) else None
        if isinstance(v, list):
            v = v[0]
        if isinstance(v, (int, float)):
            values.append(v)
    return statistics.median(values) if values else None


def fmt(v, digits: int = 0) -> str:
    return "–" if v is None else f"{v:.{digits}f}"


def times(v, base) -> str:
    return f" ({v / base:.1f}×)" if v is not None and base else ""


def _game_sums(p: dict) -> dict:
    """One pass's newGame figures, summed over the five games (ms, counts)."""
    games = p["games"].values()

    def calls(member: str, i: int) -> float:
        return sum(g["calls"].get(member, [0, 0.0, 0.0])[i] for g in games)

    wall = sum(g["ms"] for g in games)
    timed = all("worker" in g for g in games)
    in_slices = calls("api_advance", 1)
    tick_js = sum(g["tick_js_ms"] for g in games)
    other_py = sum(calls(m, 1) for m in ("api_busy", "side_open", "sync", "api_new_game"))
    return {
        "wall": wall,
        "slices": calls("api_advance", 0),
        "in_slices": in_slices,
        "frames": calls("tick", 0),
        "in_frames": calls("tick", 1),
        "tick_js": tick_js,
        "rest": wall - in_slices - tick_js - other_py,
        "chars": sum(g["chars"] for g in games),
        "py_gc": sum(g["py_gc"][1] for g in games),
        "page": sum(g["page_ms"] for g in games),
        # with --worker-timings only
        # a yield's time beyond the frames the worker handled meanwhile: waiting
        "yields": sum(g["worker"].get("yield", [0, 0])[1] - g["worker"].get("on:frame", [0, 0])[1] for g in games)
        if timed
        else None,
        "paint": sum(g["worker"].get("paint", [0, 0])[1] + g["worker"].get("parse", [0, 0])[1] for g in games)
        if timed
        else None,
    }


def tables(result: dict, parts: list[str]) -> str:
    runs: dict[str, list[dict]] = {}
    for rnd in result["rounds"]:
        for name, run in rnd.items():
            if "error" not in run and "missing" not in run:
                runs.setdefault(name, []).append(run)
    ref = result.get("cpython", {})
    passes = max((len(r["passes"]) for rs in runs.values() for r in rs), default=0)
    chromium = runs.get("chromium", [])

    def pass_of(rs: list[dict], k: int) -> list[dict]:
        return [r["passes"][k] for r in rs if len(r["passes"]) > k]

    lines = ["| engine | ready, ms | Paradice's first game of 6 computers, ms |", "|---|---:|---:|"]
    for rs in runs.values():
        ready, first = median_at(rs, "marks", "ready"), median_at(rs, "first", "ms")
        lines.append(
            f"| {rs[0]['version']} | {fmt(ready)}{times(ready, median_at(chromium, 'marks', 'ready'))}"
            f" | {fmt(first)}{times(first, median_at(chromium, 'first', 'ms'))} |"
        )
    lines.append("")
    if "micro" in parts:
        lines += ["| micro, ms (best of 3) | pass | " + " | ".join(MICRO) + " |", "|---|---|" + "---:|" * len(MICRO)]
        if "micro" in ref:
            lines.append(f"| {ref['version']} | | " + " | ".join(fmt(ref["micro"].get(m), 1) for m in MICRO) + " |")
        for k in range(passes):
            for rs in runs.values():
                ps, base = pass_of(rs, k), pass_of(chromium, k)
                cells = []
                for m in MICRO:
                    v = median_at(ps, "micro", m)
                    cells.append(fmt(v, 1) + times(v, median_at(base, "micro", m)))
                lines.append(f"| {rs[0]['version']} | {k + 1} | " + " | ".join(cells) + " |")
        lines.append("")
    ids = list(GAMES)
    if "layers" in parts or "games" in parts:
        lines += [
            "| the five games, ms | pass | layer | " + " | ".join(ids) + " | sum |",
            "|---|---|---|" + "---:|" * (len(ids) + 1),
        ]
        if "rules" in ref:
            for layer, key in (("rules + computers", "rules"), ("app, no frame", "app")):
                vals = [ref[key][g][0] for g in ids]
                lines.append(
                    f"| {ref['version']} | | {layer} | " + " | ".join(fmt(v) for v in vals) + f" | {sum(vals):.0f} |"
                )
        for k in range(passes):
            for rs in runs.values():
                ps, base = pass_of(rs, k), pass_of(chromium, k)
                for layer, key in (
                    ("rules + computers", "rules"),
                    ("app, no frame", "app"),
                    ("newGame (page API)", "games"),
                ):
                    if not ps or key not in ps[0]:
                        continue
                    sub = ("ms",) if key == "games" else ()
                    vals = [median_at(ps, key, g, *sub) for g in ids]
                    total = sum(v or 0 for v in vals)
                    base_total = sum(median_at(base, key, g, *sub) or 0 for g in ids) if base else None
                    lines.append(
                        f"| {rs[0]['version']} | {k + 1} | {layer} | "
                        + " | ".join(fmt(v) for v in vals)
                        + f" | {total:.0f}{times(total, base_total)} |"
                    )
        lines.append("")
    if "games" in parts:
        cols = (
            "wall",
            "slices",
            "in_slices",
            "frames",
            "in_frames",
            "tick_js",
            "rest",
            "yields",
            "paint",
            "page",
            "py_gc",
        )
        lines += [
            "| newGame, the five games (ms, medians) | pass | wall | slices | in slices (Python) | frames "
            "| in frames (Python) | frames (JS, with the FFI) | rest: yields, messages, paint, JS | waiting in yields "
            "| the worker's parse + paint | the page's frames | Python's GC | chars sent |",
            "|---|---|" + "---:|" * 12,
        ]
        for k in range(passes):
            for rs in runs.values():
                sums = [_game_sums(p) for p in pass_of(rs, k) if "games" in p]
                if not sums:
                    continue
                med = {
                    c: statistics.median(x[c] for x in sums) if sums[0][c] is not None else None
                    for c in (*cols, "chars")
                }
                lines.append(
                    f"| {rs[0]['version']} | {k + 1} | "
                    + " | ".join(fmt(med[c]) for c in cols)
                    + f" | {med['chars'] / 1e6:.1f} M |"
                )
        lines.append("")
    if "player" in parts:
        lines += [
            "| the player's path (medians) | pass | game | decisions | thinking ms | wall ms | wall ÷ thinking "
            "| longest wall ms | frames (drawn) |",
            "|---|---|---|" + "---:|" * 6,
        ]
        for k in range(passes):
            for rs in runs.values():
                ps = [p for p in pass_of(rs, k) if "player" in p]
                for game_id, _ in PLAYER_GAMES if ps else ():
                    rows = [p["player"][game_id] for p in ps]
                    think = statistics.median(sum(d[0] for d in r["decisions"]) for r in rows)
                    wall = statistics.median(sum(d[1] for d in r["decisions"]) for r in rows)
                    longest = statistics.median(max((d[1] for d in r["decisions"]), default=0) for r in rows)
                    frames = statistics.median(r["frames"]["n"] for r in rows)
                    drew = statistics.median(r["frames"]["drew"] for r in rows)
                    n = statistics.median(len(r["decisions"]) for r in rows)
                    lines.append(
                        f"| {rs[0]['version']} | {k + 1} | {game_id} | {n:.0f} | {think:.0f} | {wall:.0f}"
                        f" | {wall / think if think else 0:.1f} | {longest:.0f} | {frames:.0f} ({drew:.0f}) |"
                    )
        lines.append("")
    if "levels" in parts:
        sources = [("CPython", [ref])] if "levels" in ref else []
        for rs in runs.values():
            last = pass_of(rs, passes - 1)
            if last and "levels" in last[0]:
                sources.append((rs[0]["version"], last))
        if sources:
            lines += [
                "| a decision's thinking, longest / p95 ms (last pass) | " + " | ".join(s for s, _ in sources) + " |",
                "|---|" + "---:|" * len(sources),
            ]
            for i, (game_id, options, level) in enumerate(level_spec()):
                label = game_id + (f" {options['mode']}" if "mode" in options else "") + f" {level}"
                cells = []
                for _, items in sources:
                    mx = statistics.median(x["levels"][i]["max"] for x in items)
                    p95 = statistics.median(x["levels"][i]["p95"] for x in items)
                    cells.append(f"{mx:.0f} / {p95:.0f}")
                lines.append(f"| {label} | " + " | ".join(cells) + " |")
            lines.append("")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description="where Python's time goes in each engine (issue 33)")
    ap.add_argument("--engines", default=",".join(ENGINES))
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--parts", default="first,games,micro,layers")
    ap.add_argument("--passes", type=int, default=2, help="the parts measured this many times over in one page")
    ap.add_argument("--jsc", default="", help="JavaScriptCore options for WebKit: name=value,...")
    ap.add_argument("--no-cpython", action="store_true")
    ap.add_argument("--worker-timings", action="store_true", help="a copy of the site whose worker times its parts")
    ap.add_argument("--page-paints", action="store_true", help="no OffscreenCanvas hand-over: the page paints")
    ap.add_argument("--levels", default=",".join(LEVELS), help="the levels of `levels`")
    ap.add_argument("--out")
    args = ap.parse_args()
    engines = [e for e in args.engines.split(",") if e]
    parts = [p for p in args.parts.split(",") if p]
    for option in filter(None, args.jsc.split(",")):
        name, _, value = option.partition("=")
        os.environ["JSC_" + name] = value  # the browser's processes inherit it (drivers.WebKitEngine)
    t = time.time()
    if args.worker_timings:
        SITE["dist"] = timed_worker_copy(DIST)
    if args.page_paints:
        SITE["init"] = PAGE_PAINTS
    SITE["levels"] = tuple(args.levels.split(","))
    result: dict = {
        "parts": parts,
        "jsc": args.jsc,
        "worker_timings": args.worker_timings,
        "page_paints": args.page_paints,
        "rounds": [],
    }
    if not args.no_cpython:
        result["cpython"] = cpython(parts)
        print("CPython done", file=sys.stderr, flush=True)
    for n in range(args.rounds):
        order = engines if n % 2 == 0 else engines[::-1]  # each engine first in turn
        rnd = {}
        for name in order:
            rnd[name] = measure_engine(name, parts, args.passes)
            print(f"round {n + 1}, {name}: {json.dumps(rnd[name])[:300]}", file=sys.stderr, flush=True)
        result["rounds"].append(rnd)
    out = (
        Path(args.out)
        if args.out
        else ROOT / "bench" / "results" / f"engine-python-{time.strftime('%Y%m%d-%H%M%S')}.json"
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1))
    print(tables(result, parts))
    print(f"({time.time() - t:.0f} s; {out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
