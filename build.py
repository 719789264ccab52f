#!/usr/bin/env python3
"""dicehall build tool (standard library only, Python >= 3.11, so it bootstraps itself).

    python3 build.py build                      # -> dist/, the whole deployable static site
    python3 build.py serve [--port 8000] [--host 127.0.0.1]
    python3 build.py test [pytest args...] [--soak]   # ruff and mypy, then every test layer
    python3 build.py bench                      # every benchmark: load, then game
    python3 build.py bench load [--rounds N]    # one benchmark, extra args go to bench/<name>.py
    python3 build.py bench game [--games N]
    python3 build.py bench mainthread [--baseline-rev REV]   # long tasks, key-to-paint, memory vs a baseline

Every setup step is idempotent and fast when already done:
  * `npm ci` when node_modules/pyodide is missing or is not the version pinned by package-lock.json;
  * for test/bench: a virtual environment in .venv with `pip install -e .[test]` (re-run when
    pyproject.toml changes, tracked by a stamp file), and a Chromium: Playwright's own browser if one
    is installed, else /usr/bin/chromium (Debian package `chromium`), installed with apt-get when we
    are root (or have passwordless sudo).  The chosen binary is exported as DICEHALL_CHROMIUM;
  * for test: Firefox ESR and WebKitGTK for the engine tests (tests/engines/, docs/browsers.md), Debian's
    firefox-esr, webkit2gtk-driver, libwebkit2gtk-4.1-0 and xvfb, installed with apt-get likewise; an
    engine that cannot be had is said so, and its tests are skipped.

The HTTP server used by `serve`, the browser tests and the benchmarks is `make_server()` below.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import gzip
import html as html_lib
import hashlib
import http.server
import json
import os
import re
import shutil
import socketserver
import struct
import subprocess
import sys
import threading
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = Path(os.environ.get("DICEHALL_DIST") or ROOT / "dist")  # another folder: parallel builds of one tree
SRC_PKG = ROOT / "src" / "dicehall"
RULES_DIR = ROOT / "docs" / "rules"
WEB = ROOT / "web"
VENV = ROOT / ".venv"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"

# Only what the browser needs at boot; pyodide-lock.json is replaced by an inline `lockFileContents`
# (see web/host.js), which saves a 119 kB request.
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
# Text-like files get a precompressed .gz sibling; so does the wasm (compresses ~3x).
GZIP_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".wasm", ".txt", ".md"}
PACKAGE_DATA_SUFFIXES = {".md", ".json", ".txt"}
HASH_LEN = 10
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def die(msg: str, code: int = 2) -> None:
    print(f"[build] error: {msg}", file=sys.stderr, flush=True)
    sys.exit(code)


def sha(data: bytes, n: int = HASH_LEN) -> str:
    return hashlib.sha256(data).hexdigest()[:n]


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


# ----------------------------------------------------------------------------------------- setup
def pinned_pyodide_version() -> str:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    return lock["packages"]["node_modules/pyodide"]["version"]


def _pinned_npm(name: str) -> str | None:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    return lock["packages"].get(f"node_modules/{name}", {}).get("version")


def _installed_npm(name: str) -> str | None:
    pkg = ROOT / "node_modules" / name / "package.json"
    return json.loads(pkg.read_text()).get("version") if pkg.exists() else None


def ensure_node_modules() -> str:
    """Run `npm ci` unless node_modules has the pinned pyodide (and the engine tests' puppeteer-core, which
    downloads no browser). Returns the Pyodide version."""
    want = pinned_pyodide_version()
    have = _installed_npm("pyodide")
    complete = all((PYODIDE_NPM / f).exists() for f in PYODIDE_FILES)
    driver = _pinned_npm("puppeteer-core")
    if have == want and complete and _installed_npm("puppeteer-core") == driver:
        return want
    npm = shutil.which("npm")
    if not npm or not shutil.which("node"):
        die(
            "Node.js and npm are needed to fetch the Pyodide runtime (package-lock.json pins pyodide "
            f"{want}). Install them (e.g. `apt-get install nodejs npm`) and run again."
        )
    log(
        f"npm ci (pyodide {have or 'missing'} -> {want}, puppeteer-core {_installed_npm('puppeteer-core')} -> {driver})"
    )
    env = dict(os.environ, PUPPETEER_SKIP_DOWNLOAD="1")  # never a browser of its own
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True, env=env)
    return want


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """A .venv with `pip install -e .[test]`, redone when pyproject.toml (or the Python) changes."""
    py = venv_python()
    stamp = VENV / ".dicehall-stamp"
    want = sha((ROOT / "pyproject.toml").read_bytes() + sys.version.encode(), 64)
    if py.exists() and stamp.exists() and stamp.read_text().strip() == want:
        return py
    if not py.exists():
        log(f"creating virtual environment {VENV.relative_to(ROOT)} with {sys.executable}")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    log("pip install -e .[test]")
    subprocess.run(
        [str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", ".[test]"], cwd=ROOT, check=True
    )
    stamp.write_text(want)
    return py


def _can_sudo() -> bool:
    if not shutil.which("sudo"):
        return False
    return subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0


def ensure_chromium(py: Path) -> str:
    """Playwright's own Chromium if installed, else Debian's /usr/bin/chromium (installed if we can)."""
    env_choice = os.environ.get("DICEHALL_CHROMIUM")
    if env_choice and Path(env_choice).exists():
        return env_choice
    probe = (
        "from playwright.sync_api import sync_playwright\n"
        "with sync_playwright() as p: print(p.chromium.executable_path)"
    )
    r = subprocess.run([str(py), "-c", probe], capture_output=True, text=True)
    own = r.stdout.strip().splitlines()[-1] if r.returncode == 0 and r.stdout.strip() else ""
    if own and Path(own).exists():
        return own
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    apt = ["apt-get"] if os.geteuid() == 0 else (["sudo", "-n", "apt-get"] if _can_sudo() else None)
    if apt is None or not shutil.which("apt-get"):
        die(
            "no Chromium found for the browser tests. Install Debian's `chromium` package "
            "(`sudo apt-get install chromium`) or set DICEHALL_CHROMIUM=/path/to/chrome; "
            "Playwright's own browser download does not work offline."
        )
    log("installing Debian's chromium (apt-get)")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(apt + ["update"], check=True, env=env)
    subprocess.run(apt + ["install", "-y", "--no-install-recommends", "chromium"], check=True, env=env)
    found = shutil.which("chromium")
    if not found:
        die("apt-get install chromium finished but no `chromium` is on PATH")
    return found


# The engine tests (tests/engines/) run in Firefox ESR and WebKitGTK beside Chromium, from Debian's packages:
# firefox-esr (driven by node_modules/puppeteer-core over WebDriver BiDi), webkit2gtk-driver and the MiniBrowser
# of libwebkit2gtk-4.1-0 (driven by PyPI's selenium, on an X server of its own: xvfb). docs/browsers.md.
ENGINE_PACKAGES = {
    "firefox": (["firefox-esr"], ["/usr/bin/firefox-esr"]),
    "webkit": (
        ["webkit2gtk-driver", "libwebkit2gtk-4.1-0", "xvfb"],
        ["/usr/bin/WebKitWebDriver", "/usr/lib/*/webkit2gtk-4.1/MiniBrowser", "/usr/bin/Xvfb"],
    ),
}


def _engine_present(name: str) -> bool:
    import glob

    return all(glob.glob(path) for path in ENGINE_PACKAGES[name][1])


def ensure_engines() -> list[str]:
    """Firefox ESR and WebKitGTK for the engine tests: installed with apt-get when we can. Never fatal: an
    engine that cannot be had is named here, and its tests are skipped with a line saying what to install."""
    missing = [name for name in ENGINE_PACKAGES if not _engine_present(name)]
    if missing:
        apt = ["apt-get"] if os.geteuid() == 0 else (["sudo", "-n", "apt-get"] if _can_sudo() else None)
        packages = [p for name in missing for p in ENGINE_PACKAGES[name][0]]
        if apt is None or not shutil.which("apt-get"):
            log(
                f"engine tests: no {' nor '.join(missing)} here and no apt-get as root: their tests are skipped "
                f"(install Debian's {' '.join(packages)})"
            )
        else:
            log(f"installing Debian's {' '.join(packages)} for the engine tests (apt-get)")
            env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
            subprocess.run(apt + ["update", "-qq"], env=env)
            for name in missing:  # one engine at a time: a package that cannot be had costs only its engine
                r = subprocess.run(
                    apt + ["install", "-y", "-qq", "--no-install-recommends", *ENGINE_PACKAGES[name][0]], env=env
                )
                if r.returncode:
                    log(f"engine tests: apt-get could not install {name}'s packages: its tests are skipped")
    have = [name for name in ENGINE_PACKAGES if _engine_present(name)]
    log(f"engine tests (tests/engines/) in: {', '.join(have) or 'none of Firefox and WebKit'}")
    return have


# ----------------------------------------------------------------------------------------- build
def _zip_bytes(entries: dict[str, bytes]) -> bytes:
    """A deterministic zip (sorted names, fixed dates) so the content hash is stable.  Entries are
    stored, not deflated: the whole file then travels gzip-compressed (app/*.zip.gz), which is ~20%
    smaller than per-entry deflate, and zipimport reads it without inflating."""
    import io

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            z.writestr(info, entries[name])
    return buf.getvalue()


def app_entries(overlay: Path | None = None) -> dict[str, bytes]:
    """The Python package as zip entries: .py files and package data, plus docs/rules/*.md copied to
    dicehall/rules_pages/<game>.<lang>.md.  `overlay` (development only) adds or replaces files."""
    entries: dict[str, bytes] = {}

    def add_tree(pkg_root: Path) -> None:
        for path in sorted(pkg_root.rglob("*")):
            rel = path.relative_to(pkg_root.parent)
            if not path.is_file() or "__pycache__" in rel.parts or any(p.startswith(".") for p in rel.parts):
                continue
            if path.suffix == ".py" or path.suffix in PACKAGE_DATA_SUFFIXES:
                entries[rel.as_posix()] = path.read_bytes()

    add_tree(SRC_PKG)
    if RULES_DIR.is_dir():
        for md in sorted(RULES_DIR.glob("*.md")):
            entries[f"dicehall/rules_pages/{md.name}"] = md.read_bytes()
    if overlay:
        add_tree(overlay / "dicehall")
    return entries


# Start-up modules are shipped precompiled too: Pyodide (Python 3.14) compiles them at build time,
# under Node with the pinned npm package, since the host Python is another version.  zipimport takes
# `x.pyc` next to `x.py` in the archive; unchecked-hash pycs are never compared with the source.
# Only the modules the hub imports (found by importing it there), so the zip stays small; the .py
# files stay for tracebacks.  Cached under .build/ by content; if Node fails, the build goes on without.
PYC_SCRIPT = r"""
import { loadPyodide } from %(pyodide)s;
const [dir, out] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: %(index)s,
  env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
py.FS.mkdirTree("/src"); py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, "/src");
py.FS.mkdirTree("/out"); py.FS.mount(py.FS.filesystems.NODEFS, { root: out }, "/out");
console.log(py.runPython(`
import os, py_compile, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/src")
import dicehall.web.bridge, dicehall.web.storage
from dicehall.app.app import App
from dicehall.app.storage import MemoryStorage
for lang in ("fr", "en"):
    App(MemoryStorage(), {"lang": lang, "width": 800, "height": 600}).frame(0.0)
names = sorted(n for n in sys.modules if n == "dicehall" or n.startswith("dicehall."))
for name in names:
    src = sys.modules[name].__file__
    rel = os.path.relpath(src, "/src")
    dest = os.path.join("/out", rel[:-3] + ".pyc")
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    py_compile.compile(src, cfile=dest, dfile="/app/dicehall.zip/" + rel, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
f"{len(names)} modules, Python {sys.version.split()[0]}"
`));
"""


def precompiled(entries: dict[str, bytes], version: str) -> dict[str, bytes]:
    """`dicehall/....pyc` entries for the start-up modules (empty if Node is missing or fails)."""
    py_files = {k: v for k, v in entries.items() if k.endswith(".py")}
    h = hashlib.sha256(version.encode() + PYC_SCRIPT.encode())
    for name in sorted(py_files):
        h.update(name.encode() + b"\0" + hashlib.sha256(py_files[name]).digest())
    cache = ROOT / ".build" / f"pyc-{h.hexdigest()[:16]}"
    if not cache.is_dir():
        node = shutil.which("node")
        if not node:
            log("warning: no node: the app zip ships without precompiled start-up modules")
            return {}
        work = ROOT / ".build" / f"tmp-{os.getpid()}"  # per process: builds of one tree may run at once
        if work.exists():
            shutil.rmtree(work)
        for name, data in py_files.items():
            _write(work / "src" / name, data)
        (work / "out").mkdir()
        script = work / "compile.mjs"
        script.write_text(
            PYC_SCRIPT
            % {
                "pyodide": json.dumps((PYODIDE_NPM / "pyodide.mjs").as_uri()),
                "index": json.dumps(str(PYODIDE_NPM) + "/"),
            }
        )
        r = subprocess.run([node, str(script), str(work / "src"), str(work / "out")], capture_output=True, text=True)
        if r.returncode != 0:
            shutil.rmtree(work, ignore_errors=True)
            log(f"warning: precompiling failed, the app zip ships without .pyc:\n{r.stderr[-2000:]}")
            return {}
        try:
            (work / "out").rename(cache)
        except OSError:  # a build running beside this one stored the same cache first
            pass
        shutil.rmtree(work, ignore_errors=True)
        # Keep the few newest caches (another tree's build may be reading one of them).
        caches = sorted((ROOT / ".build").glob("pyc-*"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in caches[4:]:
            shutil.rmtree(old, ignore_errors=True)
    return {p.relative_to(cache).as_posix(): p.read_bytes() for p in sorted(cache.rglob("*.pyc"))}


# ----------------------------------------------------------------------------------------- stdlib
# The page ships only the part of Pyodide's python_stdlib.zip that Pyodide and dicehall import (loaded with
# loadPyodide's `stdLibURL`). The list comes from a trace: Pyodide itself (the pinned npm package, under
# Node) boots, imports every module of ours and every standard module our sources name (lazy imports
# too), then drives the app as the page does: the hub and its dialogs in both languages, every game's
# setup and a game of computers in each, rules, statistics, save and load. The modules loaded from the
# standard library are the trace; build.py writes it to STDLIB_TRACE (checked in, so that a new import
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
    cache = ROOT / ".build" / f"stdlib-{h.hexdigest()[:16]}"
    if not cache.is_dir():
        node = shutil.which("node")
        if not node:
            return None
        work = ROOT / ".build" / f"trace-{os.getpid()}"
        if work.exists():
            shutil.rmtree(work)
        for name, data in py_files.items():
            _write(work / "src" / name, data)
        _write(work / "src" / "app.zip", _zip_bytes(entries))
        (work / "out" / "pyc").mkdir(parents=True)
        script = work / "trace.mjs"
        script.write_text(
            STDLIB_SCRIPT
            % {
                "pyodide": json.dumps((PYODIDE_NPM / "pyodide.mjs").as_uri()),
                "index": json.dumps(str(PYODIDE_NPM) + "/"),
                "trace": json.dumps(STDLIB_TRACE_PY),
            }
        )
        log("tracing the standard modules the app imports (Pyodide under Node)")
        r = subprocess.run([node, str(script), str(work / "src"), str(work / "out")], capture_output=True, text=True)
        if r.returncode != 0:
            shutil.rmtree(work, ignore_errors=True)
            log(f"warning: the standard-library trace failed:\n{r.stderr[-3000:]}")
            return None
        try:
            (work / "out").rename(cache)
        except OSError:  # a build running beside this one stored the same trace first
            pass
        shutil.rmtree(work, ignore_errors=True)
        caches = sorted((ROOT / ".build").glob("stdlib-*"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in caches[4:]:
            shutil.rmtree(old, ignore_errors=True)
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
    return _zip_bytes(out)


def _trace_file_modules() -> list[str]:
    if not STDLIB_TRACE.is_file():
        return []
    lines = STDLIB_TRACE.read_text().splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")]


def minimal_lock() -> dict:
    """The `lockFileContents` passed to loadPyodide: the real lock's `info`, no packages (we load none)."""
    info = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())["info"]
    return {"info": info, "packages": {}}


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def inline_styles(src: Path) -> str:
    """styles.css as index.html carries it inline (so the hub paints without a stylesheet's round trip):
    without its comments and indentation, ~30 % smaller."""
    css = re.sub(r"/\*.*?\*/", "", src.read_text(encoding="utf-8"), flags=re.S)
    if "</" in css:
        die(f"{src.name}: '</' would end the page's <style> element")
    return "\n".join(line.strip() for line in css.splitlines() if line.strip())


def _fingerprint(src: Path, dest_dir: Path) -> str:
    data = src.read_bytes()
    name = f"{src.stem}-{sha(data)}{src.suffix}"
    _write(dest_dir / name, data)
    return name


# ----------------------------------------------------------------------------------------- CSP
# The page's Content-Security-Policy; docs/hosting.md says why each directive is there.  build() writes it
# into index.html's <meta http-equiv="Content-Security-Policy">. {scripts} and {styles} are the sha256
# sources of the page's inline <script> and <style> elements (the styles are inline: they change with every
# change of styles.css). A host's header cannot follow those hashes from one release to the next, so the
# header we give hosts (host_csp(), which make_server() sends too) is the same policy with 'unsafe-inline' in
# their place: a browser enforces both policies, so the page keeps the meta's hashes, and the header covers
# the responses a meta cannot (the workers' scripts) and never has to change.
# No frame-ancestors: a <meta> policy cannot carry it, and being embeddable in any site is a feature
# (a host that wants to restrict embedding adds it to its own header).
CSP_DIRECTIVES = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'wasm-unsafe-eval' {scripts}"),  # wasm compilation; never 'unsafe-eval'
    ("style-src", "'self' {styles}"),  # no style="" attributes in our markup
    ("img-src", "'self'"),
    ("connect-src", "'self'"),
    ("worker-src", "'self'"),
    ("manifest-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'none'"),
    ("form-action", "'none'"),
)
_INLINE_RE = {tag: re.compile(rf"<{tag}\b([^>]*)>(.*?)</{tag}\s*>", re.S | re.I) for tag in ("script", "style")}
_INLINE_ATTR_RE = re.compile(r"<[a-z][^>]*?\s(on[a-z]+|style)\s*=", re.I)
_DATA_SCRIPT_RE = re.compile(r'\btype\s*=\s*"text/html"', re.I)
_CSP_META_RE = re.compile(r'<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"', re.I)


def csp_hash(text: str) -> str:
    """The CSP source allowing an inline element whose content is exactly `text`."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def inline_hashes(page: str, tag: str) -> list[str]:
    """The hash sources of the page's inline <script> (those without src) or <style> elements, in order."""
    out: list[str] = []
    for m in _INLINE_RE[tag].finditer(page):
        if tag == "script" and (re.search(r"\bsrc\s*=", m.group(1)) or _DATA_SCRIPT_RE.search(m.group(1))):
            continue  # a script file, or data that never runs (html_data)
        if csp_hash(m.group(2)) not in out:
            out.append(csp_hash(m.group(2)))
    return out


def csp_policy(page: str) -> str:
    """The policy for `page` (index.html's text).  Refuses inline event handlers and style attributes,
    which the policy blocks: the page must not rely on them."""
    bare = re.sub(r"<!--.*?-->", "", page, flags=re.S)
    for tag in ("script", "style"):
        bare = _INLINE_RE[tag].sub("", bare)
    bad = _INLINE_ATTR_RE.search(bare)
    if bad:
        die(f"index.html: the Content-Security-Policy would block the inline attribute {bad.group(1)}=")
    return _policy(" ".join(inline_hashes(page, "script")), " ".join(inline_hashes(page, "style")))


def host_csp() -> str:
    """The header policy for hosts: the page's, with no hashes (see above); the same at every release."""
    return _policy("'unsafe-inline'", "'unsafe-inline'")


def _policy(scripts: str, styles: str) -> str:
    """CSP_DIRECTIVES with these sources for the page's inline scripts and styles."""
    return "; ".join(f"{name} {value.format(scripts=scripts, styles=styles)}".strip() for name, value in CSP_DIRECTIVES)


HOST_CSP = host_csp()


def page_csp(index: Path) -> str | None:
    """The policy in a built index.html's <meta http-equiv>."""
    m = _CSP_META_RE.search(index.read_text(encoding="utf-8"))
    return html_lib.unescape(m.group(1)) if m else None


# ----------------------------------------------------------------------------------------- static hub
def fnv(text: str) -> str:
    """FNV-1a (32 bits) over the UTF-16 code units of `text`, as host.js computes it: host.js skips Python's
    first hub when it is the one index.html already shows."""
    h = 0x811C9DC5
    data = text.encode("utf-16-le")
    for (unit,) in struct.iter_unpack("<H", data):
        h = ((h ^ unit) * 0x01000193) & 0xFFFFFFFF
    return format(h, "x")


@contextlib.contextmanager
def _app_importable() -> Iterator[None]:
    """src/ on sys.path meanwhile: the build renders parts of the page with the app's own code."""
    src = str(ROOT / "src")
    sys.path.insert(0, src)
    try:
        yield
    finally:
        sys.path.remove(src)


def html_data(element_id: str, markup: str) -> str:
    """Markup the page uses only after its first paint, as the text of a <script type="text/html">: the
    parser only scans it (a <template> would be parsed into nodes before the first paint: 63 kB of drawings
    and setup screen, ~10 ms); it is never run, so the policy needs no hash for it."""
    if re.search(r"</script|<!--", markup, re.I):
        die(f"index.html: {element_id} cannot be carried in a <script> element")
    return f'<script type="text/html" id="{element_id}">{markup}</script>'


def static_hub() -> dict[str, str]:
    """The hub as the app renders it (app/screens.py `hub`, the same code as at run time), for index.html:
    {{HUB}} is a <template> per language and per game's "Resume" card. Before Python has started, the
    page (index.html's inline script) shows the one of its language, and the card of the game stored in
    progress, whose id it reads from localStorage; its label has no turn (only Python reads the game).
    The board pictures' drawings (app/hub_art.py: Dés & Marchands' alone is 400 elements) are left out of
    those, each picture keeping its felt and size, and are carried as text (html_data, `art-<game>`) that
    the page draws in just after its first paint: that paint is then not slowed by them."""
    with _app_importable():
        from dicehall.app import screens
        from dicehall.app.hub_art import miniature
        from dicehall.core import registry
        from dicehall.ui.html import escape

        games = [info for info in registry.CATALOGUE if info.available]
        out, drawings = [], {}

        def bare(text: str, lang: str) -> str:  # each picture without its drawing
            for info in registry.CATALOGUE:
                art = miniature(info.id, escape(screens.t(lang, "board_of", game=info.title(lang))))
                head = art[: art.index("/>", art.index("<rect")) + 2]  # the svg and its felt
                if art in text:
                    drawings.setdefault(info.id, art[len(head) : -len("</svg>")])
                    text = text.replace(art, head + "</svg>")
            return text

        for lang in ("fr", "en"):
            hub = screens.hub(lang, None)
            out.append(f'<template id="hub-{lang}" data-fnv="{fnv(hub)}">{bare(hub, lang)}</template>')
            for info in games:
                page = screens.hub(lang, (info.id, 0))
                card = re.search(r'<section class="resume-card".*?</section>', page, re.S)
                if card is None:
                    die("app/screens.py hub: no resume-card section to show before Python starts")
                label = escape(screens.t(lang, "resume_of", game=info.title(lang), turn=0))
                text = card.group(0).replace(f">{label}</button>", f">{escape(screens.t(lang, 'resume'))}</button>")
                # its picture is the game card's, copied by the page (not twice in the page)
                art = miniature(info.id, escape(screens.t(lang, "board_of", game=info.title(lang))))
                if art in text:
                    text = text.replace(art, "<b data-art></b>")
                out.append(f'<template id="resume-{lang}-{info.id}">{text}</template>')
        out += [html_data(f"art-{gid}", f"<svg>{body}</svg>") for gid, body in sorted(drawings.items())]
        return {"{{HUB}}": "\n".join(out)}


def font_primer() -> str:
    """{{PRIMER}}: a setup screen as the app renders it (Indecix's: with two seats it has every kind of field
    and text the other setups have, in 92 elements against Paradice's 233), as text (html_data) that
    the page lays out once, hidden, while Python loads (host.js primeFonts). Laying out its form controls and
    text sizes the first time looks up a dozen fonts (Chromium on Linux: 12-25 ms, more on a busy machine);
    done then, a setup chosen early goes into the page without that cost in the same task as its layout."""
    with _app_importable():
        from dicehall.app import screens
        from dicehall.app.setup_form import SetupForm

        form = SetupForm.default("indecix", "fr")
        return html_data("font-primer", screens.setup("fr", form, None, False, False))


def build(overlay: Path | None = None, quiet: bool = False) -> dict:
    """Build dist/. Returns a summary (file sizes, names)."""
    version = ensure_node_modules()
    if overlay is None and os.environ.get("DICEHALL_OVERLAY"):
        overlay = Path(os.environ["DICEHALL_OVERLAY"])
    tmp = DIST.with_name(f".{DIST.name}-tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir()

    # Pyodide runtime under a versioned path (immutable); the standard library trimmed to what we use.
    rt = tmp / "pyodide" / version
    rt.mkdir(parents=True)
    for f in PYODIDE_FILES:
        if f != "python_stdlib.zip":
            shutil.copyfile(PYODIDE_NPM / f, rt / f)
    entries = app_entries(overlay)
    stdlib_zip = trimmed_stdlib(entries, version)
    stdlib_name = f"python_stdlib-{sha(stdlib_zip)}.zip"
    _write(rt / stdlib_name, stdlib_zip)

    # Our Python package.
    entries.update(precompiled(entries, version))
    app_zip = _zip_bytes(entries)
    app_name = f"app/dicehall-{sha(app_zip)}.zip"
    _write(tmp / app_name, app_zip)

    # Web files: fingerprinted script + style; icons, manifest as is.
    host_name = _fingerprint(WEB / "host.js", tmp / "web")
    worker_name = _fingerprint(WEB / "worker.js", tmp / "web")
    painter_name = _fingerprint(WEB / "painter.js", tmp / "web")
    sound_name = _fingerprint(WEB / "sound.js", tmp / "web")
    styles = inline_styles(WEB / "styles.css")
    for icon in sorted((WEB / "icons").glob("*")):
        if icon.suffix in {".png", ".svg"}:
            shutil.copyfile(icon, _mk(tmp / "icons" / icon.name))
    shutil.copyfile(WEB / "manifest.webmanifest", tmp / "manifest.webmanifest")

    build_id = sha(
        (
            version
            + stdlib_name
            + app_name
            + host_name
            + worker_name
            + painter_name
            + sound_name
            + sha(styles.encode())
        ).encode(),
        8,
    )
    site_version = f"{project_version()}+{build_id}"
    subs = {
        "{{PYODIDE}}": f"pyodide/{version}/",
        "{{PYODIDE_VERSION}}": version,
        "{{APP_ZIP}}": app_name,
        "{{STDLIB_ZIP}}": f"pyodide/{version}/{stdlib_name}",
        "{{SIZES}}": html_lib.escape(
            json.dumps(
                {"wasm": (rt / "pyodide.asm.wasm").stat().st_size, "stdlib": len(stdlib_zip), "app": len(app_zip)}
            )
        ),
        "{{HOST_JS}}": f"web/{host_name}",
        "{{WORKER_JS}}": f"web/{worker_name}",
        "{{PAINTER_JS}}": f"web/{painter_name}",
        "{{SOUND_JS}}": f"web/{sound_name}",
        "{{STYLES}}": styles,
        **static_hub(),
        "{{PRIMER}}": font_primer(),
        "{{VERSION}}": site_version,
        "{{PYODIDE_LOCK}}": html_lib.escape(json.dumps(minimal_lock(), separators=(",", ":"))),
    }
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    for k, v in subs.items():
        html = html.replace(k, v)
    policy = csp_policy(html)
    html = html.replace("{{CSP}}", html_lib.escape(policy, quote=False))  # no " in a policy
    left = re.findall(r"\{\{[A-Z_]+\}\}", html)
    if left:
        die(f"index.html: unknown placeholders {left}")
    _write(tmp / "index.html", html.encode("utf-8"))

    # Service worker: cache name from the hash of every precached file, full precache list.
    files = sorted(p for p in tmp.rglob("*") if p.is_file())
    precache = [p.relative_to(tmp).as_posix() for p in files]
    h = hashlib.sha256()
    for p in files:
        h.update(p.relative_to(tmp).as_posix().encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    cache_name = f"dicehall-{h.hexdigest()[:16]}"
    immutable = [u for u in precache if is_immutable(u)]
    sw = (WEB / "sw.js").read_text(encoding="utf-8")
    sw = (
        sw.replace("__CACHE_NAME__", json.dumps(cache_name))
        .replace("__PRECACHE__", json.dumps(["./" + u for u in precache], indent=1))
        .replace("__IMMUTABLE__", json.dumps(["./" + u for u in immutable], indent=1))
    )
    _write(tmp / "sw.js", sw.encode("utf-8"))

    # Precompressed siblings: .gz and .br of the text files, the wasm and our two zips (stored, so that
    # they compress as a whole).
    compressible = [
        p
        for p in sorted(x for x in tmp.rglob("*") if x.is_file())
        if p.suffix in GZIP_SUFFIXES
        or (p.suffix == ".zip" and (p.parent.name == "app" or p.name.startswith("python_stdlib-")))
    ]
    for p in compressible:
        gz = gzip.compress(p.read_bytes(), compresslevel=9, mtime=0)
        if len(gz) < p.stat().st_size:
            p.with_name(p.name + ".gz").write_bytes(gz)
    brotli_siblings(compressible)

    if DIST.exists():
        shutil.rmtree(DIST)
    tmp.rename(DIST)

    summary = size_summary(DIST)
    summary.update(
        version=site_version,
        pyodide=version,
        app_zip=app_name,
        host=f"web/{host_name}",
        cache=cache_name,
        files=len(precache) + 1,
        csp=policy,
    )
    if not quiet:
        print_sizes(summary)
    return summary


# ----------------------------------------------------------------------------------------- brotli
# Every file that gets a .gz also gets a .br (smaller: the wasm 2.9 MB instead of 3.5), made with the
# `brotli` module when this Python has it, else with Node's zlib (Node is needed for the runtime anyway).
# Brotli at its best quality is slow (the wasm: ~100 s on one core), so the results are cached under
# .build/br/ by content; files over BROTLI_BIG take quality 10 (~35 s, 3 % bigger).
BROTLI_BIG = 4_000_000
BROTLI_SCRIPT = r"""
import zlib from "node:zlib"; import fs from "node:fs";
const jobs = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
for (const [src, dest, quality] of jobs) {
  const data = fs.readFileSync(src), C = zlib.constants;
  fs.writeFileSync(dest + ".tmp", zlib.brotliCompressSync(data, { params: { [C.BROTLI_PARAM_QUALITY]: quality,
    [C.BROTLI_PARAM_LGWIN]: 24, [C.BROTLI_PARAM_SIZE_HINT]: data.length } }));
  fs.renameSync(dest + ".tmp", dest);
}
"""


def brotli_siblings(paths: list[Path]) -> int:
    """Write `x.br` beside each path (when smaller); returns how many were written, 0 without a compressor."""
    cache = ROOT / ".build" / "br"
    cache.mkdir(parents=True, exist_ok=True)
    quality = lambda p: 10 if p.stat().st_size > BROTLI_BIG else 11  # noqa: E731
    keyed = {p: cache / f"{hashlib.sha256(p.read_bytes()).hexdigest()[:32]}-q{quality(p)}.br" for p in paths}
    todo = [(p, c) for p, c in keyed.items() if not c.is_file()]
    if todo:
        try:
            import brotli  # type: ignore[import-not-found]
        except ImportError:
            brotli = None
        if brotli is not None:
            for p, c in todo:
                c.write_bytes(brotli.compress(p.read_bytes(), quality=quality(p), lgwin=24))
        elif shutil.which("node"):
            log(f"brotli: compressing {len(todo)} files with Node's zlib (cached in .build/br/)")
            jobs = cache / f"jobs-{os.getpid()}.json"
            jobs.write_text(json.dumps([[str(p), str(c), quality(p)] for p, c in todo]))
            script = cache / "compress.mjs"
            if not script.is_file() or script.read_text() != BROTLI_SCRIPT:
                script.write_text(BROTLI_SCRIPT)
            r = subprocess.run([shutil.which("node"), str(script), str(jobs)], capture_output=True, text=True)
            jobs.unlink(missing_ok=True)
            if r.returncode != 0:
                log(f"warning: brotli compression failed, only .gz is written:\n{r.stderr[-1500:]}")
                return 0
        else:
            log("warning: neither the brotli module nor Node: only .gz siblings are written")
            return 0
    n = 0
    for p, c in keyed.items():
        data = c.read_bytes()
        if len(data) < p.stat().st_size:
            p.with_name(p.name + ".br").write_bytes(data)
            n += 1
    return n


def _mk(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def transfer_size(p: Path, encodings: tuple[str, ...] = ("br", "gz")) -> int:
    """Bytes on the wire for `p`: its smallest precompressed sibling among `encodings`, else its size."""
    siblings = [p.with_name(f"{p.name}.{e}") for e in encodings]
    sizes = [q.stat().st_size for q in siblings if q.exists()]
    return min(sizes + [p.stat().st_size])


def size_summary(root: Path) -> dict:
    rows = []
    for p in sorted(x for x in root.rglob("*") if x.is_file() and x.suffix not in (".gz", ".br")):
        rel = p.relative_to(root).as_posix()
        rows.append(
            {
                "file": rel,
                "raw": p.stat().st_size,
                "gzip": transfer_size(p, ("gz",)),
                "transfer": transfer_size(p),
                "part": "runtime" if rel.startswith("pyodide/") else "ours",
            }
        )
    tot = {part: sum(r["transfer"] for r in rows if r["part"] == part) for part in ("runtime", "ours")}
    gz = {part: sum(r["gzip"] for r in rows if r["part"] == part) for part in ("runtime", "ours")}
    return {
        "rows": rows,
        "transfer_runtime": tot["runtime"],
        "transfer_ours": tot["ours"],
        "gzip_runtime": gz["runtime"],
        "gzip_ours": gz["ours"],
        "raw_total": sum(r["raw"] for r in rows),
    }


def print_sizes(s: dict) -> None:
    print(f"{'file':<52} {'raw':>11} {'gzip':>11} {'br/transfer':>12}")
    for r in s["rows"]:
        print(f"{r['file']:<52} {r['raw']:>11,} {r['gzip']:>11,} {r['transfer']:>12,}")
    print(f"{'runtime (pyodide/) transfer':<52} {'':>11} {s['gzip_runtime']:>11,} {s['transfer_runtime']:>12,}")
    print(f"{'ours (everything else) transfer':<52} {'':>11} {s['gzip_ours']:>11,} {s['transfer_ours']:>12,}")
    print(f"built dist/ version {s['version']} (cache {s['cache']})")
    print(f"Content-Security-Policy header for hosts (docs/hosting.md): {HOST_CSP}")


# ----------------------------------------------------------------------------------------- server
IMMUTABLE_RE = re.compile(r"(^|/)(pyodide/[^/]+/|app/)|-[0-9a-f]{%d}\.[a-z0-9]+$" % HASH_LEN)
NO_CACHE = {"index.html", "sw.js", "manifest.webmanifest", ""}
MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
    ".json": "application/json",
    ".css": "text/css",
    ".html": "text/html",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".md": "text/markdown",
    ".txt": "text/plain",
    ".gz": "application/gzip",
}


def accepted_encodings(header: str) -> set[str]:
    """The content codings an Accept-Encoding header accepts (q > 0); `*` accepts br and gzip."""
    out: set[str] = set()
    for part in header.split(","):
        coding, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        coding = coding.strip().lower()
        if coding and q > 0:
            out.update(("br", "gzip") if coding == "*" else (coding,))
    return out


def is_immutable(rel: str) -> bool:
    return bool(IMMUTABLE_RE.search(rel))


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types, cache headers and precompressed .br / .gz siblings (as the
    client's Accept-Encoding allows); every file of
    the root (not of the mounts) comes with the Content-Security-Policy of the root's index.html."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME, "": "application/octet-stream"}
    mounts: dict[str, Path] = {}  # URL prefix -> directory outside the root (bench pages)
    verbose = False
    record = None  # optional callable(path, status, body_bytes) after each response
    protocol_version = "HTTP/1.1"

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        for prefix, directory in self.mounts.items():
            if clean.startswith(prefix):
                rel = clean[len(prefix) :].lstrip("/")
                target = (directory / rel).resolve()
                if directory.resolve() in target.parents or target == directory.resolve():
                    return str(target)
                return str(directory / "__forbidden__")
        return super().translate_path(path)

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?", 1)[0].endswith("/") or not (path / "index.html").is_file():
                return super().send_head()  # redirects "dir" -> "dir/"
            path = path / "index.html"
        self._gz = None
        if path.is_file():
            accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
            for coding, suffix in (("br", ".br"), ("gzip", ".gz")):  # the smaller first
                if coding in accepted and path.with_name(path.name + suffix).is_file():
                    self._gz = coding, path.with_name(path.name + suffix)
                    break
        if not self._gz:
            return super().send_head()
        f = open(self._gz[1], "rb")
        size = os.fstat(f.fileno()).st_size
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", self._gz[0])
        self.send_header("Content-Length", str(size))
        self.send_header("Last-Modified", self.date_time_string(int(os.path.getmtime(path))))
        self.end_headers()
        return f

    def end_headers(self):
        rel = self.path.split("?", 1)[0].lstrip("/")
        name = rel.rsplit("/", 1)[-1]
        if name in NO_CACHE or rel.endswith("/"):
            self.send_header("Cache-Control", "no-cache")
        elif is_immutable(rel):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if path.with_name(path.name + ".gz").exists() or path.with_name(path.name + ".br").exists():
            self.send_header("Vary", "Accept-Encoding")
        if not self._mounted():  # the header docs/hosting.md gives hosts; the page's meta adds its hashes
            self.send_header("Content-Security-Policy", HOST_CSP)
        super().end_headers()

    def _mounted(self) -> bool:
        clean = self.path.split("?", 1)[0].split("#", 1)[0]
        return any(clean.startswith(prefix) for prefix in self.mounts)

    def send_response(self, code, message=None):
        self._status, self._clen = code, 0
        super().send_response(code, message)

    def send_header(self, keyword, value):
        if keyword.lower() == "content-length":
            self._clen = int(value)
        super().send_header(keyword, value)

    def handle_one_request(self):
        self._status = None
        super().handle_one_request()
        if self.record and self._status is not None and getattr(self, "command", None) == "GET":
            self.record(self.path, self._status, self._clen)

    def list_directory(self, path):
        self.send_error(404, "No directory listings")
        return None

    def log_message(self, fmt, *args):
        if self.verbose:
            super().log_message(fmt, *args)

    def log_request(self, code="-", size="-"):
        if self.verbose or (isinstance(code, int) and code >= 400) or str(code).startswith(("4", "5")):
            super().log_message('"%s" %s', self.requestline, str(code))

    def handle(self):
        try:
            super().handle()
        except (ConnectionResetError, BrokenPipeError):
            pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    block_on_close = False

    def start_background(self) -> "Server":
        """Serve in a daemon thread (tests, benches). Stop with .stop()."""
        self._thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"


def make_server(
    root: Path | str = DIST,
    port: int = 8000,
    host: str = "127.0.0.1",
    mounts: dict[str, Path] | None = None,
    verbose: bool = False,
    record=None,
) -> Server:
    """A threaded static server for `root` (port 0 = any free port). `mounts` maps URL prefixes such as
    "/bench/" to other directories; `record(path, status, body_bytes)` is called after each GET."""
    root = Path(root)
    handler = type(
        "DicehallHandler",
        (Handler,),
        {
            "mounts": {k: Path(v) for k, v in (mounts or {}).items()},
            "verbose": verbose,
            "record": staticmethod(record) if record else None,
        },
    )

    def factory(*a, **kw):
        return handler(*a, directory=str(root), **kw)

    return Server((host, port), factory)


# ----------------------------------------------------------------------------------------- commands
def cmd_serve(args) -> int:
    build()
    srv = make_server(DIST, args.port, args.host, verbose=args.verbose)
    print(f"dicehall: serving dist/ on {srv.url}  (Ctrl+C to stop)", flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


def _test_env(py: Path, engines: bool = False) -> dict:
    env = dict(os.environ)
    env["DICEHALL_CHROMIUM"] = ensure_chromium(py)
    if engines:
        ensure_engines()
    env["SE_OFFLINE"] = "true"  # Selenium (the WebKit tests) downloads nothing
    env["PUPPETEER_SKIP_DOWNLOAD"] = "1"
    env["DICEHALL_DIST"] = str(DIST)
    env["DICEHALL_BUILT"] = "1"
    env.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    log(f"chromium: {env['DICEHALL_CHROMIUM']}")
    return env


STATIC_CHECKS = (
    ["ruff", "check", "."],
    ["ruff", "format", "--check", "."],
    ["mypy"],
)  # what they check: pyproject.toml's [tool.ruff], [tool.mypy]


def static_checks(py: Path) -> int:
    """ruff and mypy over the code, in a few seconds; non-zero when either finds a problem."""
    failed = 0
    for check in STATIC_CHECKS:
        log(" ".join(check))
        failed |= subprocess.run([str(py), "-m", *check], cwd=ROOT).returncode != 0
    return int(failed)


def cmd_test(args, extra: list[str]) -> int:
    py = ensure_venv()
    checks = static_checks(py)  # first, as they are quick; the tests run anyway, and either fails the command
    env = _test_env(py, engines=True)
    build(quiet=True)
    cmd = [str(py), "-m", "pytest", *extra]
    if args.soak:
        cmd.append("--soak")
    log(" ".join(cmd[1:]))
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode or checks


BENCHES = ("load", "game")  # bench/<name>.py, in the order `bench` alone runs them
NAMED_BENCHES = BENCHES + ("strength", "scenes", "mainthread", "memory")  # run when named: long or CPython-only


def cmd_bench(args, extra: list[str]) -> int:
    if extra and extra[0] in NAMED_BENCHES:
        names, extra = [extra[0]], extra[1:]
    elif extra:
        die(f"name the benchmark the arguments {extra} are for: build.py bench {{{'|'.join(NAMED_BENCHES)}}} ...")
    else:
        names = list(BENCHES)
    py = ensure_venv()
    env = _test_env(py, engines=True)
    build(quiet=True)
    for name in names:
        log(f"bench/{name}.py {' '.join(extra)}".rstrip())
        rc = subprocess.run([str(py), str(ROOT / "bench" / f"{name}.py"), *extra], cwd=ROOT, env=env).returncode
        if rc:
            return rc
    return 0


def main(argv: list[str] | None = None) -> int:
    if sys.version_info < (3, 11):
        die("Python >= 3.11 is needed")
    ap = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="build dist/")
    b.add_argument(
        "--overlay",
        type=Path,
        help="(development) a directory whose dicehall/ files are added to the app zip, e.g. a stub",
    )
    s = sub.add_parser("serve", help="build, then serve dist/")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("-v", "--verbose", action="store_true", help="log every request")
    t = sub.add_parser("test", help="set up, build, run every test layer (extra args go to pytest)")
    t.add_argument("--soak", action="store_true", help="also run the long soak tests")
    sub.add_parser(
        "bench",
        help="set up, build, run the benchmarks: all, or one named "
        "(load | game | strength | scenes) with its extra args",
    )
    args, extra = ap.parse_known_args(argv)
    os.chdir(ROOT)
    if args.cmd == "build":
        if extra:
            ap.error(f"unknown arguments {extra}")
        build(overlay=args.overlay)
        return 0
    if args.cmd == "serve":
        if extra:
            ap.error(f"unknown arguments {extra}")
        return cmd_serve(args)
    if args.cmd == "test":
        return cmd_test(args, extra)
    return cmd_bench(args, extra)


if __name__ == "__main__":
    sys.exit(main())
