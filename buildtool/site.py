"""build(): the whole static site, in dist/ (or $DICEHALL_DIST), built in a sibling folder and swapped in at
the end. Each step writes its part of the site and returns what the next ones refer to by name:

    copy_runtime     Pyodide under a versioned path, the standard library trimmed to what we use
    write_app        our Python package as a content-named zip
    fingerprint_web  the page's scripts under content names; icons and manifest as they are (and the host's
                     modules, webmodules.py)
    write_index      index.html with its placeholders filled and its Content-Security-Policy
    write_sw         the service worker: a cache named by the content of every file, the precache list
    precompress      the .gz and .br siblings
"""

from __future__ import annotations

import hashlib
import html as html_lib
import json
import os
import re
import shutil
from pathlib import Path

from buildtool import appzip, compress, csp, hub, stdlib, webmodules
from buildtool.common import DIST, PYODIDE_NPM, ROOT, WEB, die, project_version, sha, write
from buildtool.env import PYODIDE_FILES, ensure_node_modules
from buildtool.serve import is_immutable

# The page's scripts, fingerprinted (immutable URLs); index.html names them by these placeholders. The page's
# host is the ES modules of web/host/ (webmodules.py), boot.js its entry: {{HOST_JS}}, and {{HOST_MODULES}}
# preloads the others, so that they are fetched at once rather than one import after another.
SCRIPTS = {"{{WORKER_JS}}": "worker.js", "{{PAINTER_JS}}": "painter.js", "{{SOUND_JS}}": "sound.js"}
# The modules the scripts import (`from "./snapshot.js"`: the worker's Python snapshots), fingerprinted first, so
# that the importing script names them by their content names.
IMPORTED = ("snapshot.js",)
HOST_DIR, HOST_ENTRY = "host", "boot.js"


def build(overlay: Path | None = None, quiet: bool = False) -> dict:
    """Build dist/. Returns a summary (file sizes, names)."""
    version = ensure_node_modules()
    if overlay is None and os.environ.get("DICEHALL_OVERLAY"):
        overlay = Path(os.environ["DICEHALL_OVERLAY"])
    tmp = DIST.with_name(f".{DIST.name}-tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir()

    entries = appzip.app_entries(overlay)
    stdlib_name, stdlib_size = copy_runtime(tmp, version, entries)
    app_name, app_size = write_app(tmp, entries, version)
    scripts = fingerprint_web(tmp)
    styles = inline_styles(WEB / "styles.css")
    build_id = sha((version + stdlib_name + app_name + "".join(scripts.values()) + sha(styles.encode())).encode(), 8)
    site_version = f"{project_version()}+{build_id}"
    sizes = {"wasm": (tmp / "pyodide" / version / "pyodide.asm.wasm").stat().st_size, "stdlib": stdlib_size}
    subs = {
        "{{PYODIDE}}": f"pyodide/{version}/",
        "{{PYODIDE_VERSION}}": version,
        "{{APP_ZIP}}": app_name,
        "{{STDLIB_ZIP}}": f"pyodide/{version}/{stdlib_name}",
        "{{SIZES}}": html_lib.escape(json.dumps({**sizes, "app": app_size})),
        **scripts,
        "{{STYLES}}": styles,
        **hub.static_hub(),
        "{{PRIMER}}": hub.font_primer(),
        "{{VERSION}}": site_version,
        "{{PYODIDE_LOCK}}": html_lib.escape(json.dumps(stdlib.minimal_lock(), separators=(",", ":"))),
    }
    policy = write_index(tmp, subs)
    cache_name, files = write_sw(tmp)
    precompress(tmp)

    if DIST.exists():
        shutil.rmtree(DIST)
    tmp.rename(DIST)

    summary = compress.size_summary(DIST)
    summary.update(
        version=site_version,
        pyodide=version,
        app_zip=app_name,
        host=scripts["{{HOST_JS}}"],
        cache=cache_name,
        files=files,
        csp=policy,
    )
    if not quiet:
        compress.print_sizes(summary)
    return summary


def copy_runtime(tmp: Path, version: str, entries: dict[str, bytes]) -> tuple[str, int]:
    """Pyodide's runtime under pyodide/<version>/ (immutable), its standard library trimmed to what `entries`
    import. Returns the trimmed zip's name and size."""
    rt = tmp / "pyodide" / version
    rt.mkdir(parents=True)
    for f in PYODIDE_FILES:
        if f != "python_stdlib.zip":
            shutil.copyfile(PYODIDE_NPM / f, rt / f)
    stdlib_zip = stdlib.trimmed_stdlib(entries, version)
    stdlib_name = f"python_stdlib-{sha(stdlib_zip)}.zip"
    write(rt / stdlib_name, stdlib_zip)
    return stdlib_name, len(stdlib_zip)


def write_app(tmp: Path, entries: dict[str, bytes], version: str) -> tuple[str, int]:
    """Our Python package, with its start-up modules precompiled, as app/dicehall-<hash>.zip. Returns its
    path in the site and its size."""
    entries = {**entries, **appzip.precompiled(entries, version)}
    app_zip = appzip.zip_bytes(entries)
    app_name = f"app/dicehall-{sha(app_zip)}.zip"
    write(tmp / app_name, app_zip)
    return app_name, len(app_zip)


def fingerprint_web(tmp: Path) -> dict[str, str]:
    """The page's scripts under web/, named by their content; the icons and the manifest as they are.
    Returns the placeholders of index.html that name the scripts, filled."""
    imported = {name: _fingerprint(WEB / name, tmp / "web") for name in IMPORTED}
    names = {key: "web/" + _fingerprint(WEB / script, tmp / "web", imported) for key, script in SCRIPTS.items()}
    host = webmodules.fingerprint_modules(WEB / HOST_DIR, tmp / "web" / HOST_DIR)
    names["{{HOST_JS}}"] = f"web/{HOST_DIR}/{host[HOST_ENTRY]}"
    preload = (
        f'<link rel="modulepreload" href="web/{HOST_DIR}/{name}">' for src, name in host.items() if src != HOST_ENTRY
    )
    names["{{HOST_MODULES}}"] = "\n".join(preload)
    for icon in sorted((WEB / "icons").glob("*")):
        if icon.suffix in {".png", ".svg"}:
            write(tmp / "icons" / icon.name, icon.read_bytes())
    shutil.copyfile(WEB / "manifest.webmanifest", tmp / "manifest.webmanifest")
    return names


def write_index(tmp: Path, subs: dict[str, str]) -> str:
    """index.html with `subs` filled in and the policy of its inline scripts and styles in its meta. Returns
    the policy."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    for k, v in subs.items():
        page = page.replace(k, v)
    policy = csp.csp_policy(page)
    page = page.replace("{{CSP}}", html_lib.escape(policy, quote=False))  # no " in a policy
    left = re.findall(r"\{\{[A-Z_]+\}\}", page)
    if left:
        die(f"index.html: unknown placeholders {left}")
    write(tmp / "index.html", page.encode("utf-8"))
    return policy


def write_sw(tmp: Path) -> tuple[str, int]:
    """sw.js: the cache named by the hash of every file of the site so far, and the full precache list.
    Returns the cache's name and the number of files of the site (sw.js included)."""
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
    write(tmp / "sw.js", sw.encode("utf-8"))
    return cache_name, len(precache) + 1


def precompress(tmp: Path) -> None:
    """.gz and .br siblings of the text files, the wasm and our two zips (stored, so that they compress as
    a whole)."""
    compressible = [
        p
        for p in sorted(x for x in tmp.rglob("*") if x.is_file())
        if p.suffix in compress.GZIP_SUFFIXES
        or (p.suffix == ".zip" and (p.parent.name == "app" or p.name.startswith("python_stdlib-")))
    ]
    compress.gzip_siblings(compressible)
    compress.brotli_siblings(compressible)


def inline_styles(src: Path) -> str:
    """styles.css as index.html carries it inline (so the hub paints without a stylesheet's round trip):
    without its comments and indentation, ~30 % smaller."""
    css = re.sub(r"/\*.*?\*/", "", src.read_text(encoding="utf-8"), flags=re.S)
    if "</" in css:
        die(f"{src.name}: '</' would end the page's <style> element")
    return "\n".join(line.strip() for line in css.splitlines() if line.strip())


def _fingerprint(src: Path, dest_dir: Path, imported: dict[str, str] | None = None) -> str:
    """`src` written to `dest_dir` under its content name, its imports of `imported` renamed to theirs."""
    data = src.read_bytes()
    if imported:
        text = webmodules.IMPORT_RE.sub(
            lambda m: f"{m.group(1)}{m.group(2)}./{imported.get(m.group(3), m.group(3))}{m.group(2)}",
            data.decode("utf-8"),
        )
        data = text.encode("utf-8")
    name = f"{src.stem}-{sha(data)}{src.suffix}"
    write(dest_dir / name, data)
    return name
