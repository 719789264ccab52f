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

This file parses the command line; the work is done by the buildtool package beside it (its __init__ lists
its modules). The HTTP server used by `serve`, the browser tests and the benchmarks is buildtool.serve.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    if sys.version_info < (3, 11):
        print("[build] error: Python >= 3.11 is needed", file=sys.stderr, flush=True)
        return 2
    from buildtool import cli, common, site

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
    os.chdir(common.ROOT)
    if args.cmd == "build":
        if extra:
            ap.error(f"unknown arguments {extra}")
        site.build(overlay=args.overlay)
        return 0
    if args.cmd == "serve":
        if extra:
            ap.error(f"unknown arguments {extra}")
        return cli.cmd_serve(args)
    if args.cmd == "test":
        return cli.cmd_test(args, extra)
    return cli.cmd_bench(args, extra)


if __name__ == "__main__":
    sys.exit(main())
