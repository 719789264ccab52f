"""The setup `test` and `bench` need, each step idempotent and fast when already done: npm's packages, the
.venv, a Chromium, and Firefox ESR and WebKitGTK for the engine tests."""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from buildtool.common import PYODIDE_NPM, ROOT, VENV, die, log, sha

# Only what the browser needs at boot; pyodide-lock.json is replaced by an inline `lockFileContents`
# (see web/host/boot.js), which saves a 119 kB request.
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]


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


def _apt() -> list[str] | None:
    """apt-get as root (or through passwordless sudo); None when we cannot install packages."""
    return ["apt-get"] if os.geteuid() == 0 else (["sudo", "-n", "apt-get"] if _can_sudo() else None)


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
    apt = _apt()
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
    return all(glob.glob(path) for path in ENGINE_PACKAGES[name][1])


def ensure_engines() -> list[str]:
    """Firefox ESR and WebKitGTK for the engine tests: installed with apt-get when we can. Never fatal: an
    engine that cannot be had is named here, and its tests are skipped with a line saying what to install."""
    missing = [name for name in ENGINE_PACKAGES if not _engine_present(name)]
    if missing:
        apt = _apt()
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
