"""What every step of the build shares: the tree's paths, logging, hashing, writing, and the store of the
results it caches under .build/."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tomllib
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parents[1]
DIST = Path(os.environ.get("DICEHALL_DIST") or ROOT / "dist")  # another folder: parallel builds of one tree
SRC_PKG = ROOT / "src" / "dicehall"
RULES_DIR = ROOT / "docs" / "rules"
WEB = ROOT / "web"
VENV = ROOT / ".venv"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
CACHE_DIR = ROOT / ".build"
HASH_LEN = 10
KEPT_CACHES = 4  # per kind: another tree's build may be reading an older one


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def die(msg: str, code: int = 2) -> NoReturn:
    print(f"[build] error: {msg}", file=sys.stderr, flush=True)
    sys.exit(code)


def sha(data: bytes, n: int = HASH_LEN) -> str:
    return hashlib.sha256(data).hexdigest()[:n]


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


def write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def node_script(template: str, **subs: str) -> str:
    """A script for Node from `template`, which imports the pinned Pyodide: %(pyodide)s and %(index)s are
    filled with the npm package's paths, the other placeholders with `subs`."""
    return template % {
        "pyodide": json.dumps((PYODIDE_NPM / "pyodide.mjs").as_uri()),
        "index": json.dumps(str(PYODIDE_NPM) + "/"),
        **subs,
    }


def store_cache(work: Path, cache: Path, pattern: str) -> None:
    """Make `work`/out the cache folder `cache` (named by the content it was made from) and remove `work`;
    then keep only the KEPT_CACHES newest folders of .build/ matching `pattern`. A build of the same tree
    running beside this one may have stored the same cache first: then its copy stays."""
    try:
        (work / "out").rename(cache)
    except OSError:
        pass
    shutil.rmtree(work, ignore_errors=True)
    caches = sorted(CACHE_DIR.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in caches[KEPT_CACHES:]:
        shutil.rmtree(old, ignore_errors=True)
