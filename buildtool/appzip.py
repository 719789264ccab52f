"""Our Python package as the page loads it: a deterministic zip of src/dicehall and the rules pages, with the
start-up modules precompiled by Pyodide itself."""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

from buildtool.common import CACHE_DIR, RULES_DIR, SRC_PKG, log, node_script, store_cache, write

PACKAGE_DATA_SUFFIXES = {".md", ".json", ".txt"}
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def zip_bytes(entries: dict[str, bytes]) -> bytes:
    """A deterministic zip (sorted names, fixed dates) so the content hash is stable.  Entries are
    stored, not deflated: the whole file then travels gzip-compressed (app/*.zip.gz), which is ~20%
    smaller than per-entry deflate, and zipimport reads it without inflating."""
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
    cache = CACHE_DIR / f"pyc-{h.hexdigest()[:16]}"
    if not cache.is_dir():
        node = shutil.which("node")
        if not node:
            log("warning: no node: the app zip ships without precompiled start-up modules")
            return {}
        work = CACHE_DIR / f"tmp-{os.getpid()}"  # per process: builds of one tree may run at once
        if work.exists():
            shutil.rmtree(work)
        for name, data in py_files.items():
            write(work / "src" / name, data)
        (work / "out").mkdir()
        script = work / "compile.mjs"
        script.write_text(node_script(PYC_SCRIPT))
        r = subprocess.run([node, str(script), str(work / "src"), str(work / "out")], capture_output=True, text=True)
        if r.returncode != 0:
            shutil.rmtree(work, ignore_errors=True)
            log(f"warning: precompiling failed, the app zip ships without .pyc:\n{r.stderr[-2000:]}")
            return {}
        store_cache(work, cache, "pyc-*")
    return {p.relative_to(cache).as_posix(): p.read_bytes() for p in sorted(cache.rglob("*.pyc"))}
