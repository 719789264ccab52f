"""The commands build.py dispatches to, beyond `build` itself: serve the site, run the static checks and
every test layer, run the benchmarks; the last two set everything up first (buildtool/env.py)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from buildtool.common import DIST, ROOT, die, log
from buildtool.env import ensure_chromium, ensure_engines, ensure_venv
from buildtool.serve import make_server
from buildtool.site import build


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


def test_workers(extra: list[str]) -> list[str]:
    """pytest-xdist's arguments: the test files shared among processes, one per core up to four (the machine's
    cores are the test command's time budget: most layers keep one core busy each); a file stays in one
    process (its browser, its server, its engine). ``DICEHALL_TEST_WORKERS=1`` (or ``-n`` given) runs as asked."""
    if any(a == "-n" or a.startswith(("-n=", "--numprocesses", "-pno:xdist")) for a in extra) or "no:xdist" in extra:
        return []
    workers = int(os.environ.get("DICEHALL_TEST_WORKERS") or min(4, os.cpu_count() or 1))
    return ["-n", str(workers), "--dist", "loadfile"] if workers > 1 else []


def cmd_test(args, extra: list[str]) -> int:
    py = ensure_venv()
    checks = static_checks(py)  # first, as they are quick; the tests run anyway, and either fails the command
    env = _test_env(py, engines=True)
    build(quiet=True)
    cmd = [str(py), "-m", "pytest", *test_workers(extra), *extra]
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
