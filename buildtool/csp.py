"""The page's Content-Security-Policy: the meta index.html carries (with the hashes of its inline scripts and
styles) and the header given to hosts (docs/hosting.md)."""

from __future__ import annotations

import base64
import hashlib
import html as html_lib
import re
from pathlib import Path

from buildtool.common import die

# The page's Content-Security-Policy; docs/hosting.md says why each directive is there.  The build writes it
# into index.html's <meta http-equiv="Content-Security-Policy">. {scripts} and {styles} are the sha256
# sources of the page's inline <script> and <style> elements (the styles are inline: they change with every
# change of styles.css). A host's header cannot follow those hashes from one release to the next, so the
# header we give hosts (host_csp(), which serve.make_server() sends too) is the same policy with 'unsafe-inline' in
# their place: a browser enforces both policies, so the page keeps the meta's hashes, and the header covers
# the responses a meta cannot (the workers' scripts) and never has to change.
# No frame-ancestors: a <meta> policy cannot carry it, and being embeddable in any site is a feature
# (a host that wants to restrict embedding adds it to its own header).
CSP_DIRECTIVES = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'wasm-unsafe-eval' {scripts}"),  # wasm compilation; never 'unsafe-eval'
    ("style-src", "'self' {styles}"),  # no style="" attributes in our markup
    ("img-src", "'self'"),
    ("connect-src", "'self'"),
    ("worker-src", "'self'"),
    ("manifest-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'none'"),
    ("form-action", "'none'"),
)
_INLINE_RE = {tag: re.compile(rf"<{tag}\b([^>]*)>(.*?)</{tag}\s*>", re.S | re.I) for tag in ("script", "style")}
_INLINE_ATTR_RE = re.compile(r"<[a-z][^>]*?\s(on[a-z]+|style)\s*=", re.I)
_DATA_SCRIPT_RE = re.compile(r'\btype\s*=\s*"text/html"', re.I)
_CSP_META_RE = re.compile(r'<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"', re.I)


def csp_hash(text: str) -> str:
    """The CSP source allowing an inline element whose content is exactly `text`."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def inline_hashes(page: str, tag: str) -> list[str]:
    """The hash sources of the page's inline <script> (those without src) or <style> elements, in order."""
    out: list[str] = []
    for m in _INLINE_RE[tag].finditer(page):
        if tag == "script" and (re.search(r"\bsrc\s*=", m.group(1)) or _DATA_SCRIPT_RE.search(m.group(1))):
            continue  # a script file, or data that never runs (html_data)
        if csp_hash(m.group(2)) not in out:
            out.append(csp_hash(m.group(2)))
    return out


def csp_policy(page: str) -> str:
    """The policy for `page` (index.html's text).  Refuses inline event handlers and style attributes,
    which the policy blocks: the page must not rely on them."""
    bare = re.sub(r"<!--.*?-->", "", page, flags=re.S)
    for tag in ("script", "style"):
        bare = _INLINE_RE[tag].sub("", bare)
    bad = _INLINE_ATTR_RE.search(bare)
    if bad:
        die(f"index.html: the Content-Security-Policy would block the inline attribute {bad.group(1)}=")
    return _policy(" ".join(inline_hashes(page, "script")), " ".join(inline_hashes(page, "style")))


def host_csp() -> str:
    """The header policy for hosts: the page's, with no hashes (see above); the same at every release."""
    return _policy("'unsafe-inline'", "'unsafe-inline'")


def _policy(scripts: str, styles: str) -> str:
    """CSP_DIRECTIVES with these sources for the page's inline scripts and styles."""
    return "; ".join(f"{name} {value.format(scripts=scripts, styles=styles)}".strip() for name, value in CSP_DIRECTIVES)


HOST_CSP = host_csp()


def page_csp(index: Path) -> str | None:
    """The policy in a built index.html's <meta http-equiv>."""
    m = _CSP_META_RE.search(index.read_text(encoding="utf-8"))
    return html_lib.unescape(m.group(1)) if m else None
