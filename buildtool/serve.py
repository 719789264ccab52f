"""The static server of `build.py serve`, the browser tests and the benchmarks: the MIME types, cache headers,
precompressed siblings and Content-Security-Policy header a host should give (docs/hosting.md)."""

from __future__ import annotations

import contextlib
import http.server
import os
import re
import socketserver
import threading
from pathlib import Path

from buildtool.common import DIST, HASH_LEN
from buildtool.csp import HOST_CSP

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
        host, port = str(self.server_address[0]), self.server_address[1]
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


class LiveServer:
    """make_server(root) in a thread on a free port of 127.0.0.1, stoppable and restartable on the same port
    (the tests' offline moments). ``url`` ends with "/", ``origin`` has none."""

    def __init__(self, root: Path | str):
        self.root = Path(root)
        self._srv: Server | None = make_server(self.root, 0).start_background()
        self.port = self._srv.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.url = self.origin + "/"
        self._lock = threading.Lock()

    def stop(self) -> None:
        with self._lock:
            if self._srv is not None:
                self._srv.stop()
                self._srv = None

    def start(self) -> None:
        with self._lock:
            if self._srv is None:
                self._srv = make_server(self.root, self.port).start_background()

    @contextlib.contextmanager
    def stopped(self):
        """Connection refused while inside, as offline; served again on the same port after."""
        self.stop()
        try:
            yield self
        finally:
            self.start()
