"""The Content-Security-Policy the build writes (buildtool/csp.py; no browser): its sha256 sources are those of
the page's inline script and style, the built page carries them, docs/hosting.md gives the same policy, and neither
the page nor the Python interface uses inline handlers or style attributes, which the policy blocks."""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from buildtool import csp, hub

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("DICEHALL_DIST", ROOT / "dist"))


class Inline(HTMLParser):
    """The text of each inline <script>/<style>, and the inline handler/style attributes, of a page."""

    def __init__(self, page: str):
        super().__init__(convert_charrefs=False)
        self.blocks: dict[str, list[str]] = {"script": [], "style": []}
        self.attributes: list[str] = []
        self.meta: str | None = None
        self._open: str | None = None
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag in self.blocks and "src" not in found and found.get("type") != "text/html":  # html_data never runs
            self._open = tag
            self.blocks[tag].append("")
        if tag == "meta" and (found.get("http-equiv") or "").lower() == "content-security-policy":
            self.meta = found["content"]
        self.attributes += [f"<{tag} {name}=" for name in found if name == "style" or name.startswith("on")]

    def handle_data(self, data):
        if self._open:
            self.blocks[self._open][-1] += data

    def handle_endtag(self, tag):
        if tag == self._open:
            self._open = None


def directives(policy: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}


def test_hash_sources_are_the_csp_ones():
    assert csp.csp_hash("") == "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"
    # The example of the CSP specification.
    example = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"
    assert csp.csp_hash("alert('Hello, world.');") == example


def test_the_policy_hashes_exactly_the_inline_script_and_style_of_the_page():
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    found = Inline(page)
    assert found.blocks["script"] and found.blocks["style"]
    policy = directives(csp.csp_policy(page))
    for tag, directive in (("script", "script-src"), ("style", "style-src")):
        hashes = [s for s in policy[directive] if s.startswith("'sha256-")]
        assert sorted(hashes) == sorted({csp.csp_hash(text) for text in found.blocks[tag]}), directive
    assert policy["script-src"][:2] == ["'self'", "'wasm-unsafe-eval'"]
    assert "'unsafe-eval'" not in policy["script-src"]
    assert not [s for s in policy["script-src"] + policy["style-src"] if s == "'unsafe-inline'"]


def test_inline_handlers_and_style_attributes_are_refused():
    with pytest.raises(SystemExit):
        csp.csp_policy('<link rel="stylesheet" href="a.css" media="print" onload="this.media=\'all\'">')
    with pytest.raises(SystemExit):
        csp.csp_policy('<div style="color: red"></div>')
    # Inside a script, a comment or a style they are only text.
    assert csp.csp_policy('<!-- <a onclick="x"> --><script>let s = "<b style=x>";</script>')


def test_the_page_and_the_python_interface_use_no_inline_attributes():
    assert not Inline((ROOT / "index.html").read_text(encoding="utf-8")).attributes
    # style="…" / onclick="…" in markup, or style=… / onclick=… given to attrs().
    pattern = re.compile(r"""(?<![\w.-])(?:style|on[a-z]+)_?=\s*f?["']""")
    offenders = [
        f"{p.relative_to(ROOT)}: {m.group(0)[:80]}"
        for p in sorted((ROOT / "src" / "dicehall").rglob("*.py"))
        for m in pattern.finditer(p.read_text(encoding="utf-8"))
    ]
    assert not offenders, "the Content-Security-Policy blocks these:\n" + "\n".join(offenders)


def test_hosting_docs_give_the_header_for_hosts():
    docs = (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8")
    assert csp.HOST_CSP in docs, "docs/hosting.md must show the header (python3 build.py build prints it)"
    assert "sha256-" not in csp.HOST_CSP, "the header must not change from one release to the next"


def test_the_header_for_hosts_allows_what_the_page_policy_allows_and_no_more_than_inline_code():
    # Both are enforced: a header stricter than the meta would block the page; one looser only by
    # 'unsafe-inline' (where the meta has hashes) leaves the page exactly as strict as the meta.
    page = directives(csp.csp_policy((ROOT / "index.html").read_text(encoding="utf-8")))
    header = directives(csp.HOST_CSP)
    assert header.keys() == page.keys()
    for name, sources in page.items():
        kept = [s for s in sources if not s.startswith("'sha256-")]
        assert header[name] == kept + (["'unsafe-inline'"] if kept != sources else []), name


def test_the_built_page_carries_its_policy():
    index = DIST / "index.html"
    if not index.exists():
        pytest.skip("no built site: run `python3 build.py build`")
    page = index.read_text(encoding="utf-8")
    found = Inline(page)
    assert found.meta, "dist/index.html has no Content-Security-Policy <meta>"
    assert found.meta == csp.page_csp(index)
    policy = directives(found.meta)
    for tag, directive in (("script", "script-src"), ("style", "style-src")):
        for text in found.blocks[tag]:
            assert csp.csp_hash(text) in policy[directive], f"dist/index.html: an inline {tag} unhashed"
    assert not found.attributes


def test_markup_carried_as_text_is_never_run_so_needs_no_hash():
    carried = hub.html_data("art-x", "<svg><rect/></svg>")
    assert carried == '<script type="text/html" id="art-x"><svg><rect/></svg></script>'
    policy = directives(csp.csp_policy(carried + "<script>run()</script>"))
    assert [s for s in policy["script-src"] if s.startswith("'sha256-")] == [csp.csp_hash("run()")]
    for bad in ("<p></script>", "<!-- x -->"):  # would end the element, or change how it is scanned
        with pytest.raises(SystemExit):
            hub.html_data("art-x", bad)
