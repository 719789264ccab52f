"""A save document packed into a short text: the kept list of recent games, and links that carry a game.

``pack(document)`` gives ``"1." + base64url(zlib(compact JSON))`` (no padding): a save's log repeats the same
few shapes, so it shrinks about twentyfold (a 600-entry Paradice game: 27 kB of JSON, about 2 kB packed).
The leading version names the packing, so that a later one can be told apart. ``unpack`` undoes it and
checks every size on the way (the packed text, the inflated bytes, the JSON's depth) before parsing, so a
hostile or damaged text costs no more than a refused save; it raises ``PackedError`` with one line.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from dicehall.core import limits
from dicehall.core.errors import DicehallError

VERSION = "1"
MAX_PACKED_CHARS = 1_000_000  # the inflated document is limited to limits.MAX_DOCUMENT_CHARS
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")  # the body as pack writes it: no padding, nothing else


class PackedError(DicehallError, ValueError):
    """A packed text that cannot be a packed document (damaged, cut, edited, or of a later version)."""


def pack(document: Any) -> str:
    return pack_text(json.dumps(document, separators=(",", ":"), ensure_ascii=False))


def pack_text(text: str) -> str:
    """``pack`` of a document already written as compact JSON text."""
    data = zlib.compress(text.encode("utf-8"), 9)
    return VERSION + "." + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unpack(packed: str) -> Any:
    """:raises PackedError:"""
    if not isinstance(packed, str):
        raise PackedError("a packed game must be text")
    if len(packed) > MAX_PACKED_CHARS:
        raise PackedError(f"a packed game of {len(packed):,} characters is too long")
    version, dot, body = packed.partition(".")
    if not dot or version != VERSION:
        if dot and version.isdigit():
            raise PackedError(f"this game was packed by a newer version of dicehall (packing {version[:8]})")
        raise PackedError("this is not a packed dicehall game")
    if not _BASE64URL.fullmatch(body) or len(body) % 4 == 1:
        # base64 decoding would skip stray characters: a link carries the game and nothing else
        raise PackedError("the packed game is damaged (it carries something else than the game)")
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as error:
        raise PackedError("the packed game is damaged (not base64url)") from error
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(data, limits.MAX_DOCUMENT_CHARS + 1)
    except zlib.error as error:
        raise PackedError("the packed game is damaged (it does not inflate)") from error
    if len(raw) > limits.MAX_DOCUMENT_CHARS or inflater.unconsumed_tail:
        raise PackedError("the packed game is too large once unpacked")
    if not inflater.eof:
        raise PackedError("the packed game is damaged (cut short)")
    if inflater.unused_data:
        raise PackedError("the packed game is damaged (it carries something else than the game)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PackedError("the packed game is damaged (not UTF-8 text)") from error
    try:
        return limits.loads(text, "the packed game")
    except limits.DocumentLimitError as error:
        raise PackedError(str(error)) from error
    except (ValueError, RecursionError) as error:
        raise PackedError("the packed game is damaged (not JSON)") from error
