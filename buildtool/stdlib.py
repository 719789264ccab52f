"""The standard library the page ships: only the part of Pyodide's python_stdlib.zip that Pyodide and dicehall
import, found by a trace under Node and shipped compiled, with a guard that reports any other import."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

from buildtool.appzip import zip_bytes
from buildtool.common import CACHE_DIR, PYODIDE_NPM, ROOT, log, node_script, store_cache, write

# The page ships only the part of Pyodide's python_stdlib.zip that Pyodide and dicehall import (loaded with
# loadPyodide's `stdLibURL`). The list comes from a trace: Pyodide itself (the pinned npm package, under
# Node) boots, imports every module of ours and every standard module our sources name (lazy imports
# too), then drives the app as the page does: the hub and its dialogs in both languages, every game's
# setup and a game of computers in each, rules, statistics, save and load. The modules loaded from the
# standard library are the trace; the build writes it to STDLIB_TRACE (checked in, so that a new import
# shows up in review) and adds STDLIB_EXTRA. The traced modules are shipped compiled (unchecked-hash .pyc,
# compiled by that same Pyodide): no source to compile at each start. Anything else asked for at run time
# is reported by the worker ("not in this build", a console error that fails the browser tests).
STDLIB_TRACE = ROOT / "web" / "stdlib-trace.txt"
# Imported in the browser but not under Node, or only on paths the trace does not take.
STDLIB_EXTRA = (
    "_pyodide",
    "_pyodide._base",
    "_pyodide._core_docs",
    "_pyodide._importhook",
    "_pyodide.docstring",
    "pyodide",
    "pyodide._core",
    "pyodide._package_loader",
    "pyodide._state",
    "pyodide.code",
    "pyodide.console",
    "pyodide.ffi",
    "pyodide.ffi.wrappers",
    "pyodide.webloop",
    "pyodide._run_js",
    "encodings",
    "encodings.aliases",
    "encodings.utf_8",
    "encodings.latin_1",
    "encodings.ascii",
    "encodings.utf_16",
    "encodings.utf_32",
    "traceback",
    "linecache",
    "tokenize",
    "token",
    "codeop",
    "warnings",
    "weakref",
    "_weakrefset",
    "encodings.cp437",  # zipfile reading our zip's names (the rules pages): caught by the guard
)
STDLIB_SCRIPT = r"""
import { loadPyodide } from %(pyodide)s;
const [dir, out] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: %(index)s,
  env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
py.FS.mkdirTree("/src"); py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, "/src");
py.FS.mkdirTree("/out"); py.FS.mount(py.FS.filesystems.NODEFS, { root: out }, "/out");
py.runPython(%(trace)s);
"""
STDLIB_TRACE_PY = r"""
import ast, importlib, json, os, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/src/app.zip")          # imported from the zip, as in the browser (zipimport, zipfile)
ours, named = [], set()
for root, _dirs, files in os.walk("/src/dicehall"):
    if "/cli" in root:
        continue                                   # the command line never runs in the browser
    for f in sorted(files):
        if not f.endswith(".py") or f == "__main__.py":
            continue
        path = os.path.join(root, f)
        mod = os.path.relpath(path, "/src")[:-3].replace("/", ".").removesuffix(".__init__")
        ours.append(mod)
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            if isinstance(node, ast.Import):
                named.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                named.add(node.module)
                named.update(node.module + "." + a.name for a in node.names)
for mod in sorted(ours):
    importlib.import_module(mod)
for mod in sorted(n for n in named if n.split(".")[0] != "dicehall"):
    try:
        importlib.import_module(mod)
    except ImportError:
        pass

from dicehall.web import bridge as bridge_mod
from dicehall.core import registry
t = [0.0]
def tick(b, n=3):
    for _ in range(n):
        t[0] += 50.0
        b.tick(t[0], True)
def cmd(b, name, arg=None):
    b.input(json.dumps({"type": "cmd", "cmd": name, "arg": arg}))
    tick(b, 1)
store = {"available": True, "writable": True, "items": {}, "used": 0}
for lang in ("fr", "en"):
    b = bridge_mod.start(json.dumps({"lang": lang, "params": {}, "width": 1100, "height": 700, "dpr": 1,
                                     "owner": True, "version": "trace"}), json.dumps(store))
    b.resize(1100, 700, 1)
    tick(b)
    for d in ("stats", "about"):
        cmd(b, "dialog", d); cmd(b, "close")
    b.api_games()
    for info in registry.CATALOGUE:
        if not info.available:
            continue
        cmd(b, "rules", info.id); cmd(b, "close")
        cmd(b, "open", info.id); tick(b); cmd(b, "start"); tick(b, 5)
        b.input(json.dumps({"type": "key", "key": "ArrowRight", "code": "ArrowRight"})); tick(b, 2)
        cmd(b, "menu"); cmd(b, "menu")
        seats = [{"kind": "ai", "level": lvl} for lvl in ("easy", "normal", "expert", "normal")]
        n = max(info.min_players, 2)
        options = {"seats": seats[:n], "seed": "trace"}
        if info.id == "paradice":
            options["round_limit"] = 4
        if info.id == "marchands":
            options["round_limit"] = 3
        answer = json.loads(b.api_new_game(info.id, json.dumps(options)))
        if "error" in answer:
            answer = json.loads(b.api_new_game(info.id, json.dumps({"seats": seats[:n]})))
        steps = 0
        while b.api_busy() and steps < 400:
            b.api_advance(0.05); steps += 1
            if steps % 20 == 0:
                tick(b, 1)
        tick(b, 3)
        save = b.api_save(); b.api_log(); b.api_state()
        b.api_load(save); tick(b, 2)
        b.api_rematch(); tick(b, 2)
        b.api_speed(json.dumps("instant"))
        cmd(b, "download"); cmd(b, "hub"); tick(b, 2)
    b.sync() if hasattr(b, "sync") else None

stdlib = {}
for name, m in list(sys.modules.items()):
    origin = getattr(getattr(m, "__spec__", None), "origin", None) or getattr(m, "__file__", None)
    if origin and "/lib/python" in origin and "/src/" not in origin:
        stdlib[name] = origin
json.dump({"modules": sorted(stdlib)}, open("/out/trace.json", "w"))
import py_compile
zip_root = next(p for p in sys.path if p.endswith(".zip") and p.startswith("/lib/python"))
for name, origin in sorted(stdlib.items()):
    if not origin.startswith(zip_root + "/") or not origin.endswith(".py"):
        continue
    rel = origin[len(zip_root) + 1:]
    src = "/tmp/pyc-src/" + rel
    os.makedirs(os.path.dirname(src), exist_ok=True)
    with open(src, "wb") as f:
        f.write(sys.modules[name].__spec__.loader.get_data(origin))
    py_compile.compile(src, cfile="/out/pyc/" + rel + "c", dfile=origin, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
"""


def stdlib_trace(entries: dict[str, bytes], version: str) -> Path | None:
    """A folder with trace.json (the standard modules Pyodide and our app import, traced under Node) and
    pyc/ (those modules compiled), cached under .build/ by the content of our sources; None if Node is
    missing or the trace fails."""
    py_files = {k: v for k, v in entries.items() if k.endswith(".py")}
    h = hashlib.sha256(version.encode() + STDLIB_SCRIPT.encode() + STDLIB_TRACE_PY.encode())
    for name in sorted(entries):
        h.update(name.encode() + b"\0" + hashlib.sha256(entries[name]).digest())
    cache = CACHE_DIR / f"stdlib-{h.hexdigest()[:16]}"
    if not cache.is_dir():
        node = shutil.which("node")
        if not node:
            return None
        work = CACHE_DIR / f"trace-{os.getpid()}"
        if work.exists():
            shutil.rmtree(work)
        for name, data in py_files.items():
            write(work / "src" / name, data)
        write(work / "src" / "app.zip", zip_bytes(entries))
        (work / "out" / "pyc").mkdir(parents=True)
        script = work / "trace.mjs"
        script.write_text(node_script(STDLIB_SCRIPT, trace=json.dumps(STDLIB_TRACE_PY)))
        log("tracing the standard modules the app imports (Pyodide under Node)")
        r = subprocess.run([node, str(script), str(work / "src"), str(work / "out")], capture_output=True, text=True)
        if r.returncode != 0:
            shutil.rmtree(work, ignore_errors=True)
            log(f"warning: the standard-library trace failed:\n{r.stderr[-3000:]}")
            return None
        store_cache(work, cache, "stdlib-*")
    return cache


STDLIB_GUARD = '''"""Written by build.py: the standard modules left out of this build's python_stdlib zip.
A finder placed last on sys.meta_path (so asked only when no other finds the module) reports an import of
one of them to the page, which logs it as an error: the browser tests fail on it (docs/performance.md)."""
import sys

DROPPED = frozenset(%s)


class _Report:
    def __init__(self, report):
        self.report, self.seen = report, set()

    def find_spec(self, name, path=None, target=None):
        if name in DROPPED and name not in self.seen:
            self.seen.add(name)
            self.report(name)
        return None


def install(report):
    sys.meta_path.append(_Report(report))
'''


def trimmed_stdlib(entries: dict[str, bytes], version: str) -> bytes:
    """Pyodide's python_stdlib.zip with only the traced modules and STDLIB_EXTRA (traced ones compiled),
    stored: it travels compressed as a whole (.gz, .br). Rewrites STDLIB_TRACE when the trace changed."""
    trace = stdlib_trace(entries, version)
    if trace is not None:
        traced = json.loads((trace / "trace.json").read_text())["modules"]
        text = (
            "# Standard modules imported by Pyodide and dicehall, traced by build.py (stdlib_trace);\n"
            "# rewritten by the build when they change. Shipped with build.py's STDLIB_EXTRA.\n"
            + "".join(m + "\n" for m in traced)
        )
        if not STDLIB_TRACE.is_file() or STDLIB_TRACE.read_text() != text:
            old = set(_trace_file_modules())
            log(
                f"standard-library trace changed (+{sorted(set(traced) - old)} "
                f"-{sorted(old - set(traced))}): {STDLIB_TRACE.relative_to(ROOT)} rewritten"
            )
            STDLIB_TRACE.write_text(text)
    else:
        log(f"warning: no standard-library trace (Node missing or failed): using {STDLIB_TRACE.relative_to(ROOT)}")
        traced = _trace_file_modules()
    if trace is not None and not any((trace / "pyc").rglob("*.pyc")):
        log("warning: the standard-library trace compiled nothing: the stdlib ships as source (slower start)")
    keep = set(traced) | set(STDLIB_EXTRA)
    out: dict[str, bytes] = {}
    dropped: set[str] = set()
    with zipfile.ZipFile(PYODIDE_NPM / "python_stdlib.zip") as full:
        for name in full.namelist():
            if not name.endswith(".py"):
                continue  # directories, py.typed, READMEs: nothing imports them
            mod = name[:-3].replace("/", ".").removesuffix(".__init__")
            if mod not in keep:
                dropped.add(mod)
                continue
            pyc = trace / "pyc" / (name + "c") if trace is not None else None
            if pyc is not None and pyc.is_file():
                out[name + "c"] = pyc.read_bytes()
            else:
                out[name] = full.read(name)
    out["_dicehall_stdlib.py"] = (STDLIB_GUARD % json.dumps(sorted(dropped))).encode()
    return zip_bytes(out)


def _trace_file_modules() -> list[str]:
    if not STDLIB_TRACE.is_file():
        return []
    lines = STDLIB_TRACE.read_text().splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")]


def minimal_lock() -> dict:
    """The `lockFileContents` passed to loadPyodide: the real lock's `info`, no packages (we load none)."""
    info = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())["info"]
    return {"info": info, "packages": {}}
