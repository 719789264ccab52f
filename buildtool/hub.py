"""The parts of index.html the app renders with its own code at build time: the hub shown at first paint (in
both languages, with each game's Resume card) and the setup screen that primes the fonts."""

from __future__ import annotations

import contextlib
import re
import struct
import sys
from collections.abc import Iterator

from buildtool.common import ROOT, die


def fnv(text: str) -> str:
    """FNV-1a (32 bits) over the UTF-16 code units of `text`, as the page's host computes it (web/host/boot.js):
    it skips Python's first hub when it is the one index.html already shows."""
    h = 0x811C9DC5
    data = text.encode("utf-16-le")
    for (unit,) in struct.iter_unpack("<H", data):
        h = ((h ^ unit) * 0x01000193) & 0xFFFFFFFF
    return format(h, "x")


@contextlib.contextmanager
def _app_importable() -> Iterator[None]:
    """src/ on sys.path meanwhile: the build renders parts of the page with the app's own code."""
    src = str(ROOT / "src")
    sys.path.insert(0, src)
    try:
        yield
    finally:
        sys.path.remove(src)


def html_data(element_id: str, markup: str) -> str:
    """Markup the page uses only after its first paint, as the text of a <script type="text/html">: the
    parser only scans it (a <template> would be parsed into nodes before the first paint: 63 kB of drawings
    and setup screen, ~10 ms); it is never run, so the policy needs no hash for it."""
    if re.search(r"</script|<!--", markup, re.I):
        die(f"index.html: {element_id} cannot be carried in a <script> element")
    return f'<script type="text/html" id="{element_id}">{markup}</script>'


def static_hub() -> dict[str, str]:
    """The hub as the app renders it (app/screens.py `hub`, the same code as at run time), for index.html:
    {{HUB}} is a <template> per language and per game's "Resume" card. Before Python has started, the
    page (index.html's inline script) shows the one of its language, and the card of the game stored in
    progress, whose id it reads from localStorage; its label has no turn (only Python reads the game).
    The board pictures' drawings (app/hub_art.py: Dés & Marchands' alone is 400 elements) are left out of
    those, each picture keeping its felt and size, and are carried as text (html_data, `art-<game>`) that
    the page draws in just after its first paint: that paint is then not slowed by them."""
    with _app_importable():
        from dicehall.app import screens
        from dicehall.app.hub_art import miniature
        from dicehall.core import registry
        from dicehall.ui.html import escape

        games = [info for info in registry.CATALOGUE if info.available]
        out: list[str] = []
        drawings: dict[str, str] = {}

        def bare(text: str, lang: str) -> str:  # each picture without its drawing
            for info in registry.CATALOGUE:
                art = miniature(info.id, escape(screens.t(lang, "board_of", game=info.title(lang))))
                head = art[: art.index("/>", art.index("<rect")) + 2]  # the svg and its felt
                if art in text:
                    drawings.setdefault(info.id, art[len(head) : -len("</svg>")])
                    text = text.replace(art, head + "</svg>")
            return text

        for lang in ("fr", "en"):
            hub = screens.hub(lang, None)
            out.append(f'<template id="hub-{lang}" data-fnv="{fnv(hub)}">{bare(hub, lang)}</template>')
            for info in games:
                page = screens.hub(lang, (info.id, 0))
                card = re.search(r'<section class="resume-card".*?</section>', page, re.S)
                if card is None:
                    die("app/screens.py hub: no resume-card section to show before Python starts")
                label = escape(screens.t(lang, "resume_of", game=info.title(lang), turn=0))
                text = card.group(0).replace(f">{label}</button>", f">{escape(screens.t(lang, 'resume'))}</button>")
                # its picture is the game card's, copied by the page (not twice in the page)
                art = miniature(info.id, escape(screens.t(lang, "board_of", game=info.title(lang))))
                if art in text:
                    text = text.replace(art, "<b data-art></b>")
                out.append(f'<template id="resume-{lang}-{info.id}">{text}</template>')
        out += [html_data(f"art-{gid}", f"<svg>{body}</svg>") for gid, body in sorted(drawings.items())]
        return {"{{HUB}}": "\n".join(out)}


def font_primer() -> str:
    """{{PRIMER}}: a setup screen as the app renders it (Indecix's: with two seats it has every kind of field
    and text the other setups have, in 92 elements against Paradice's 233), as text (html_data) that
    the page lays out once, hidden, while Python loads (web/host/boot.js primeFonts). Laying out its form controls
    and text sizes the first time looks up a dozen fonts (Chromium on Linux: 12-25 ms, more on a busy machine);
    done then, a setup chosen early goes into the page without that cost in the same task as its layout."""
    with _app_importable():
        from dicehall.app import screens
        from dicehall.app.setup_form import SetupForm

        form = SetupForm.default("indecix", "fr")
        return html_data("font-primer", screens.setup("fr", form, None, False, False))
