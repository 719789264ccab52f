"""One small interface over three ways of driving a browser, so that one test body runs in every engine.

- Firefox ESR (Debian's `firefox-esr`) and Chromium: npm's puppeteer-core over WebDriver BiDi (Firefox) or
  the DevTools protocol (Chromium), in a Node process (bidi_driver.mjs) spoken to with JSON lines.
- WebKitGTK: PyPI's selenium, WebKitGTK driver (Debian's `webkit2gtk-driver`) starting the MiniBrowser of
  `libwebkit2gtk-4.1-0` with `--automation`, on an X server of its own (Xvfb).

A test sees an ``Engine`` (one browser for the whole run) and ``Tab``s: ``run(body)`` runs an async
JavaScript function body in the page and returns its JSON value, ``click(selector)`` and ``press(key)`` are
real input (the browser's own events, trusted), ``goto``, ``reload``, ``close``. A test's storage is its
own through its origin: each test is served on a port of its own (tests/engines/conftest.py).
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time
import warnings
from pathlib import Path

from buildtool.serve import LiveServer
from tests.browser.conftest import CHROMIUM_ARGS  # the flags this machine needs, as for tests/browser/

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER_DIRS = ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib")
CALL_TIMEOUT_S = 240  # one command; a whole game of Paradice in WebKit under load stays well within it


class EngineMissing(Exception):
    """The engine cannot be had on this machine: the message says what to install."""


def minibrowser() -> str | None:
    for lib in MINIBROWSER_DIRS:
        path = Path(lib) / "webkit2gtk-4.1" / "MiniBrowser"
        if path.exists():
            return str(path)
    return None


def _wrap(body: str) -> str:
    return f"(async () => {{ {body} \n}})()"


class Tab:
    """A page. ``run(body)``: the value returned by ``async () => { body }`` in the page."""

    engine: Engine

    def run(self, body: str, timeout: float = CALL_TIMEOUT_S):
        raise NotImplementedError

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def click(self, selector: str) -> None:
        raise NotImplementedError

    def click_at(self, selector: str, x: float, y: float) -> None:
        """A real click at (x, y) CSS pixels from the top left corner of the element."""
        raise NotImplementedError

    def press(self, key: str) -> None:
        """A key by its KeyboardEvent.key name: "Enter", "Tab", "ArrowRight", "Home", "End", "Escape", "k"."""
        raise NotImplementedError

    def bring_to_front(self) -> None:
        """Show this tab (the others of its window are then hidden)."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ built on the above
    def api(self, expr: str):
        """window.dicehall.<expr>, a Promise awaited; a rejection raises RuntimeError with its message."""
        return self.run(f"return await window.dicehall.{expr};")

    def rejection(self, expr: str) -> str | None:
        """The message of the rejected promise window.dicehall.<expr>, None if it resolved."""
        return self.run(
            f"try {{ await window.dicehall.{expr}; return null; }} catch (e) {{ return String(e.message); }}"
        )

    def wait(self, condition: str, timeout: float = 60) -> None:
        """Wait until the JavaScript expression is true in the page."""
        ok = self.run(
            f"const t0 = Date.now(); while (!({condition})) {{ if (Date.now() - t0 > {int(timeout * 1000)}) "
            "return false; await new Promise((r) => setTimeout(r, 50)); } return true;",
            timeout=timeout + 30,
        )
        assert ok, f"{self.engine.name}: still not true after {timeout} s: {condition}"

    def wait_ready(self, timeout: float = 180) -> None:
        self.wait("window.dicehall && window.dicehall.ready", timeout)
        self.run("await window.dicehall.ready; return true;", timeout=timeout)

    def errors(self) -> list[str]:
        return self.run("return window.__engineErrors || [];")


class Engine:
    """One browser for the whole run. ``session()``: a fresh set of tabs, closed by ``end_session()``."""

    name = ""

    def version(self) -> str:
        raise NotImplementedError

    def new_tab(self) -> Tab:
        raise NotImplementedError

    def end_session(self) -> None:
        raise NotImplementedError

    def quit(self) -> None:
        raise NotImplementedError


# ------------------------------------------------------------------------------------ puppeteer-core
class _Node:
    """bidi_driver.mjs in a Node process: one JSON line a command, one a reply."""

    def __init__(self, argv: list[str], env: dict):
        self.proc = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.replies: queue.Queue = queue.Queue()
        self.stderr: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()
        self.n = 0
        self.version = self._reply(0, 120)

    def _read(self) -> None:
        for line in self.proc.stdout:
            if line.startswith("{"):
                self.replies.put(json.loads(line))
        self.replies.put(None)

    def _drain(self) -> None:
        for line in self.proc.stderr:
            self.stderr.append(line.rstrip())
            del self.stderr[:-20]

    def _reply(self, id_: int, timeout: float):
        deadline = time.monotonic() + timeout
        while True:
            try:
                msg = self.replies.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError(f"the browser did not answer within {timeout} s") from None
            if msg is None:
                raise RuntimeError("the browser's driver ended: " + " | ".join(self.stderr[-5:]))
            if msg["id"] == id_:
                if "error" in msg:
                    raise RuntimeError(msg["error"])
                return msg["value"]

    def call(self, op: str, timeout: float = CALL_TIMEOUT_S, **args):
        self.n += 1
        self.proc.stdin.write(json.dumps({"id": self.n, "op": op, **args}) + "\n")
        self.proc.stdin.flush()
        return self._reply(self.n, timeout)

    def close(self) -> None:
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=20)
        except Exception:
            self.proc.kill()
            self.proc.wait()


class PuppeteerTab(Tab):
    def __init__(self, engine: PuppeteerEngine, context: int):
        self.engine = engine
        self.node = engine.node
        self.id = self.node.call("newPage", context=context)

    def run(self, body: str, timeout: float = CALL_TIMEOUT_S):
        return self.node.call("evaluate", timeout, page=self.id, code=_wrap(body))

    def goto(self, url: str) -> None:
        self.node.call("goto", page=self.id, url=url)

    def reload(self) -> None:
        self.node.call("reload", page=self.id)

    def click(self, selector: str) -> None:
        self.node.call("click", page=self.id, selector=selector)

    def click_at(self, selector: str, x: float, y: float) -> None:
        self.node.call("clickAt", page=self.id, selector=selector, x=x, y=y)

    def press(self, key: str) -> None:
        self.node.call("press", page=self.id, key=key)

    def bring_to_front(self) -> None:
        self.node.call("bringToFront", page=self.id)

    def close(self) -> None:
        self.node.call("closePage", page=self.id)


class PuppeteerEngine(Engine):
    def __init__(self, name: str, kind: str, executable: str, args: list[str]):
        self.name = name
        node = shutil.which("node")
        if not node or not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            raise EngineMissing("no node_modules/puppeteer-core: run `python3 build.py test`, which runs `npm ci`")
        env = dict(os.environ, PUPPETEER_SKIP_DOWNLOAD="1")
        self.node = _Node([node, str(HERE / "bidi_driver.mjs"), kind, executable, *args], env)
        self.context: int | None = None
        self.tabs: list[Tab] = []

    def version(self) -> str:
        return self.node.version

    def new_tab(self) -> Tab:
        if self.context is None:
            self.context = self.node.call("newContext")
        self.tabs.append(PuppeteerTab(self, self.context))
        return self.tabs[-1]

    def end_session(self) -> None:
        self.tabs = []
        if self.context is not None:
            context, self.context = self.context, None
            self.node.call("closeContext", context=context)

    def quit(self) -> None:
        self.node.close()


# ------------------------------------------------------------------------------------ selenium, WebKitGTK
KEYS = {
    "Enter": "ENTER",
    "Tab": "TAB",
    "ArrowRight": "ARROW_RIGHT",
    "ArrowLeft": "ARROW_LEFT",
    "ArrowDown": "ARROW_DOWN",
    "ArrowUp": "ARROW_UP",
    "Home": "HOME",
    "End": "END",
    "Escape": "ESCAPE",
    " ": "SPACE",
}


class Xvfb:
    """An X server of our own on a free display number, for the MiniBrowser's window."""

    def __init__(self):
        xvfb = shutil.which("Xvfb")
        if not xvfb:
            raise EngineMissing("no Xvfb: install Debian's `xvfb` for the WebKitGTK tests")
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            [xvfb, "-displayfd", str(write), "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            self.proc.kill()
            raise EngineMissing("Xvfb did not start")
        self.display = ":" + number

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


class WebKitTab(Tab):
    def __init__(self, engine: WebKitEngine, handle: str):
        self.engine = engine
        self.handle = handle

    @property
    def driver(self):
        d = self.engine.driver
        if self.engine.current != self.handle:
            d.switch_to.window(self.handle)
            self.engine.current = self.handle
        return d

    def run(self, body: str, timeout: float = CALL_TIMEOUT_S):
        d = self.driver
        d.set_script_timeout(timeout)
        out = d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"{_wrap(body)}.then((value) => done({{value: value === undefined ? null : value}}),"
            " (e) => done({error: String((e && e.message) || e)}));"
        )
        if "error" in out:
            raise RuntimeError(out["error"])
        return out["value"]

    def _navigated(self, url: str | None) -> None:
        # The page-load strategy is "none" (a page that never finishes loading must not hang the run): wait
        # for the new document to be parsed.
        d = self.driver
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                if d.execute_script(
                    "return document.readyState !== 'loading' && (!arguments[0] || location.href === arguments[0]"
                    " || location.href.startsWith(arguments[0]))",
                    url,
                ):
                    return
            except Exception:
                pass
            time.sleep(0.1)
        raise TimeoutError(f"webkit: {url or 'the reload'} did not load within 120 s")

    def goto(self, url: str) -> None:
        self.driver.get(url)
        self._navigated(url)

    def reload(self) -> None:
        d = self.driver
        d.execute_script("window.__engineOld = true; location.reload();")
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                if d.execute_script("return !window.__engineOld && document.readyState !== 'loading'"):
                    return
            except Exception:
                pass
            time.sleep(0.1)
        raise TimeoutError("webkit: the reload did not load within 120 s")

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def click_at(self, selector: str, x: float, y: float) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        element = self.driver.find_element(By.CSS_SELECTOR, selector)
        rect = element.rect  # offsets are from the element's centre
        dx, dy = round(x - rect["width"] / 2), round(y - rect["height"] / 2)
        ActionChains(self.driver).move_to_element_with_offset(element, dx, dy).click().perform()

    def press(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        ActionChains(self.driver).send_keys(getattr(Keys, KEYS[key]) if key in KEYS else key).perform()

    def bring_to_front(self) -> None:
        self.driver  # WebDriver's "switch to window" is all there is; the MiniBrowser may keep another tab shown

    def close(self) -> None:
        d = self.driver
        handles = d.window_handles
        if len(handles) > 1:
            d.close()
            self.engine.current = None
            rest = [h for h in handles if h != self.handle]
            d.switch_to.window(rest[0])
            self.engine.current = rest[0]
        else:
            d.get("about:blank")


class WebKitEngine(Engine):
    name = "webkit"

    def __init__(self):
        browser = minibrowser()
        if not browser or not Path(WEBKIT_DRIVER).exists():
            raise EngineMissing(
                "no WebKitGTK: install Debian's `webkit2gtk-driver` and `libwebkit2gtk-4.1-0` (its MiniBrowser)"
            )
        try:
            from selenium import webdriver
            from selenium.webdriver.webkitgtk.options import Options
            from selenium.webdriver.webkitgtk.service import Service
        except ImportError:
            raise EngineMissing("no selenium in this Python: run `python3 build.py test`") from None
        os.environ["SE_OFFLINE"] = "true"  # Selenium Manager downloads nothing
        warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
        self.xvfb = Xvfb()
        options = Options()
        options.binary_location = browser
        options.add_argument("--automation")
        options.page_load_strategy = "none"
        self.profile = tempfile.mkdtemp(prefix="dicehall-webkit-")
        env = dict(
            os.environ,
            DISPLAY=self.xvfb.display,
            HOME=self.profile,
            XDG_DATA_HOME=self.profile + "/data",
            XDG_CACHE_HOME=self.profile + "/cache",
            XDG_CONFIG_HOME=self.profile + "/config",
        )
        service = Service(executable_path=WEBKIT_DRIVER, env=env)
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.xvfb.stop()
            raise
        self.driver.set_window_size(1100, 860)
        self.first = self.driver.current_window_handle
        self.current: str | None = self.first
        self.tabs: list[WebKitTab] = []

    def version(self) -> str:
        return "WebKitGTK " + str(self.driver.capabilities.get("browserVersion"))

    def new_tab(self) -> Tab:
        if not self.tabs:
            tab = WebKitTab(self, self.first)
        else:
            self.driver.switch_to.new_window("tab")
            self.current = self.driver.current_window_handle
            tab = WebKitTab(self, self.current)
        self.tabs.append(tab)
        return tab

    def end_session(self) -> None:
        for tab in reversed(self.tabs):
            try:
                tab.close()
            except Exception:
                pass
        self.tabs = []

    def quit(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.stop()
            shutil.rmtree(self.profile, ignore_errors=True)


# Run first in every page of a test: uncaught errors and console errors are kept for the test to see.
ERRORS = """window.__engineErrors = [];
addEventListener("error", (e) => window.__engineErrors.push("error: " + (e.message || e)));
addEventListener("unhandledrejection", (e) =>
  window.__engineErrors.push("unhandled rejection: " + ((e.reason && e.reason.message) || e.reason)));
(() => { const error = console.error;
  console.error = function (...a) { window.__engineErrors.push("console.error: " + a.join(" ")); return error.apply(this, a); };
})();
"""
INIT_TAG = '<script src="engine-init.js"></script>'


class Site(LiveServer):
    """The built site in `dist` on a port of its own (buildtool.serve.LiveServer), so that its storage, service
    worker and Web Locks are its own; every page runs ``init`` first (engine-init.js, a file of the origin:
    the page's policy allows it)."""

    def __init__(self, dist: Path, init: str = ""):
        root = Path(tempfile.mkdtemp(prefix="dicehall-engine-site-"))
        for entry in dist.iterdir():
            if not entry.name.startswith("index.html"):
                (root / entry.name).symlink_to(entry)
        page = (dist / "index.html").read_text(encoding="utf-8")
        policy = page.index('<meta http-equiv="Content-Security-Policy"')
        at = page.index(">", policy) + 1
        (root / "index.html").write_text(page[:at] + "\n" + INIT_TAG + page[at:], encoding="utf-8")
        (root / "engine-init.js").write_text(ERRORS + init, encoding="utf-8")
        super().__init__(root)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


def launch(name: str) -> Engine:
    """The engine by name ("firefox", "webkit", "chromium"); EngineMissing if it cannot be had here."""
    if name == "firefox":
        path = os.environ.get("DICEHALL_FIREFOX") or FIREFOX
        if not Path(path).exists():
            raise EngineMissing("no Firefox: install Debian's `firefox-esr` (or set DICEHALL_FIREFOX)")
        return PuppeteerEngine("firefox", "firefox", path, [])
    if name == "chromium":
        path = os.environ.get("DICEHALL_CHROMIUM") or shutil.which("chromium") or ""
        if not Path(path).exists():
            raise EngineMissing("no Chromium: install Debian's `chromium` (or set DICEHALL_CHROMIUM)")
        return PuppeteerEngine("chromium", "chrome", path, CHROMIUM_ARGS)
    if name == "webkit":
        return WebKitEngine()
    raise ValueError(name)
