"""The build's static server (buildtool/serve.py) picks the precompressed copy the client accepts: .br, else .gz,
else the file (docs/hosting.md, "Compression"); and its FNV hash is the one the page's host (web/host/boot.js)
computes (no browser)."""

from __future__ import annotations

import urllib.request

import pytest

from buildtool.hub import fnv
from buildtool.serve import accepted_encodings, make_server


@pytest.mark.parametrize(
    "header, expected",
    [
        ("gzip, deflate, br, zstd", {"gzip", "deflate", "br", "zstd"}),
        ("gzip;q=1.0, br;q=0", {"gzip"}),
        ("*", {"br", "gzip"}),
        ("identity", {"identity"}),
        ("", set()),
        ("br;q=bad, gzip", {"gzip"}),
    ],
)
def test_accepted_encodings(header, expected):
    assert accepted_encodings(header) == expected


@pytest.fixture
def site(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    (tmp_path / "a.js").write_bytes(b"raw")
    (tmp_path / "a.js.gz").write_bytes(b"gzipped")
    (tmp_path / "a.js.br").write_bytes(b"brotli")
    (tmp_path / "b.js").write_bytes(b"raw b")
    (tmp_path / "b.js.gz").write_bytes(b"gzipped b")
    srv = make_server(tmp_path, 0).start_background()
    yield srv.url
    srv.stop()


@pytest.mark.parametrize(
    "path, accept, body, coding",
    [
        ("a.js", "gzip, deflate, br", b"brotli", "br"),
        ("a.js", "gzip", b"gzipped", "gzip"),
        ("a.js", "br;q=0, gzip", b"gzipped", "gzip"),
        ("a.js", "identity", b"raw", None),
        ("b.js", "gzip, br", b"gzipped b", "gzip"),
    ],
)
def test_the_server_negotiates_the_encoding(site, path, accept, body, coding):
    request = urllib.request.Request(site + path, headers={"Accept-Encoding": accept})
    with urllib.request.urlopen(request) as response:
        assert response.read() == body
        assert response.headers.get("Content-Encoding") == coding
        assert response.headers["Content-Type"] == "text/javascript"
        assert response.headers["Vary"] == "Accept-Encoding"


def test_fnv_is_host_js_hash():
    # web/host/boot.js: FNV-1a over UTF-16 code units; "é" and an astral character (two code units) included
    assert fnv("") == "811c9dc5"
    assert fnv("a") == "e40c292c"
    assert fnv("é😀") == "44cc4da1"  # values computed by boot.js's fnv() under Node
    assert fnv('<main class="hub">é</main>') == "e5738f6b"
