"""A folder of ES modules (web/host/) fingerprinted as the page's other scripts are: each file named by its
content, and the relative imports between them rewritten to those names. A module's name covers the names
of what it imports, so they are hashed leaves first, and the imports must not form a cycle."""

from __future__ import annotations

import re
from pathlib import Path

from buildtool.common import die, sha, write

# `from "./x.js"`, `import "./x.js"` and `import("./x.js")`: the relative imports of one folder, which is all
# web/host/ uses (the page's other scripts are found through their <meta>).
IMPORT_RE = re.compile(r"""(\bfrom\s*|\bimport\s*\(?\s*)(["'])\./([A-Za-z0-9_-]+\.js)\2""")


def imports(text: str) -> list[str]:
    """The file names of the folder that `text` imports, in order."""
    return [m.group(3) for m in IMPORT_RE.finditer(text)]


def fingerprint_modules(src: Path, dest: Path) -> dict[str, str]:
    """Each `src/*.js` written to `dest` as `<stem>-<hash>.js`, its relative imports pointing at those names.
    Returns each source name and its fingerprinted name, dependencies before the modules that import them."""
    texts = {p.name: p.read_text(encoding="utf-8") for p in sorted(src.glob("*.js"))}
    for name, text in texts.items():
        missing = [dep for dep in imports(text) if dep not in texts]
        if missing:
            die(f"{src.name}/{name} imports {missing}, not in {src.name}/")
    named: dict[str, str] = {}
    visiting: list[str] = []

    def visit(name: str) -> None:
        if name in named:
            return
        if name in visiting:
            die(f"{src.name}/: the modules import one another in a cycle: {' -> '.join(visiting + [name])}")
        visiting.append(name)
        for dep in imports(texts[name]):
            visit(dep)
        visiting.pop()
        text = IMPORT_RE.sub(lambda m: f"{m.group(1)}{m.group(2)}./{named[m.group(3)]}{m.group(2)}", texts[name])
        data = text.encode("utf-8")
        named[name] = f"{Path(name).stem}-{sha(data)}.js"
        write(dest / named[name], data)

    for name in texts:
        visit(name)
    return named
