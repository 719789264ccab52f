"""The precompressed siblings every text file, the wasm and our zips get (.gz, and .br when a compressor is
at hand), and the table of what each file costs on the wire."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

from buildtool.common import CACHE_DIR, log
from buildtool.csp import HOST_CSP

# Text-like files get a precompressed .gz sibling; so does the wasm (compresses ~3x).
GZIP_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".wasm", ".txt", ".md"}


def gzip_siblings(paths: list[Path]) -> None:
    """Write `x.gz` beside each path, when smaller."""
    for p in paths:
        gz = gzip.compress(p.read_bytes(), compresslevel=9, mtime=0)
        if len(gz) < p.stat().st_size:
            p.with_name(p.name + ".gz").write_bytes(gz)


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
    cache = CACHE_DIR / "br"
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
        elif node := shutil.which("node"):
            log(f"brotli: compressing {len(todo)} files with Node's zlib (cached in .build/br/)")
            jobs = cache / f"jobs-{os.getpid()}.json"
            jobs.write_text(json.dumps([[str(p), str(c), quality(p)] for p, c in todo]))
            script = cache / "compress.mjs"
            if not script.is_file() or script.read_text() != BROTLI_SCRIPT:
                script.write_text(BROTLI_SCRIPT)
            r = subprocess.run([node, str(script), str(jobs)], capture_output=True, text=True)
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


def transfer_size(p: Path, encodings: tuple[str, ...] = ("br", "gz")) -> int:
    """Bytes on the wire for `p`: its smallest precompressed sibling among `encodings`, else its size."""
    siblings = [p.with_name(f"{p.name}.{e}") for e in encodings]
    sizes = [q.stat().st_size for q in siblings if q.exists()]
    return min(sizes + [p.stat().st_size])


def size_summary(root: Path) -> dict:
    rows: list[dict] = []
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
