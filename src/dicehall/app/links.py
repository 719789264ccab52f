"""Links that carry a whole game in the page's URL fragment, never sent to a server (docs/links.md).

A link is this page's URL followed by ``#replay=`` or ``#play=`` and the save, packed (core.packed:
``1.`` + base64url of the zlib-deflated save JSON; the ``1.`` names the packing). ``#replay=…`` opens the
game read-only in the replay viewer; ``#play=…`` continues it on this device (play by link). A link is
checked like any save: a broken or edited one is refused with one line and changes nothing.
"""

from __future__ import annotations

from typing import Any

from dicehall.core import limits, packed
from dicehall.core.errors import DicehallError

KINDS = ("replay", "play")
MAX_SHARED = 8000  # characters: longer links are cut by common messengers; the file is offered instead


class LinkError(DicehallError, ValueError):
    """A fragment that is not a dicehall link, or one whose game cannot be read."""


def fragment(kind: str, document: dict[str, Any]) -> str:
    """``#replay=1.…`` or ``#play=1.…`` for a save document."""
    if kind not in KINDS:
        raise LinkError(f'a link is "replay" or "play", not {limits.quote(str(kind)[:20])}')
    return f"#{kind}={packed.pack(document)}"


def make(page_url: str, kind: str, document: dict[str, Any]) -> str:
    """The page's URL (its query kept but for ``lang``, any fragment dropped) carrying ``document``. The
    sender's language stays with the sender: the link opens in the receiver's own language."""
    return without_lang(page_url.split("#", 1)[0]) + fragment(kind, document)


def without_lang(url: str) -> str:
    """``url`` without its ``lang=`` query parameter (the others kept, in their order)."""
    base, mark, query = url.partition("?")
    if not mark:
        return url
    kept = [part for part in query.split("&") if part and part.split("=", 1)[0] != "lang"]
    return base + ("?" + "&".join(kept) if kept else "")


def is_link(text: str) -> bool:
    """``text`` (a URL fragment, with or without its ``#``) is meant as a dicehall link."""
    return any(str(text).lstrip("#").startswith(f"{kind}=") for kind in KINDS)


def read(text: str) -> tuple[str, Any]:
    """(kind, save document as JSON) of a fragment; the document is still to be checked as a save.

    :raises LinkError: not a dicehall link, or damaged (the message says which, in one line)."""
    body = str(text).lstrip("#")
    kind, eq, value = body.partition("=")
    if not eq or kind not in KINDS:
        raise LinkError("this is not a dicehall link")
    try:
        return kind, packed.unpack(value)
    except packed.PackedError as error:
        raise LinkError(str(error)) from error
