"""Limits on every JSON document that comes from outside (a save, a stored setting, a URL, a file).

The runtime in the browser has a small C stack: a document nested a few thousand levels deep kills it
inside ``json.loads`` or ``json.dumps``, and a 100,000-character name freezes the screen. So documents are
measured *before* they are parsed or used, without recursion, and refused with one clear line.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from dicehall.core.errors import DicehallError

MAX_DOCUMENT_CHARS = 4_000_000  # a save of a 100-round Paradice game is ~120 kB; localStorage holds ~5 MB
MAX_DEPTH = 32  # the deepest real save is 6 levels (a log entry's action holding lists of pairs)
MAX_NAME_CHARS = 40  # a seat's name, as the setup form cuts it
MAX_TEXT_CHARS = 200  # any other string: a seed, a colour, a field of a newer version
MAX_LOG_ENTRIES = 200_000  # the longest computer game measured is under 20,000 entries

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class DocumentLimitError(DicehallError, ValueError):
    """A document over one of the limits (size, nesting, string length, log length)."""


def nesting_depth(text: str) -> int:
    """How deeply the JSON ``text`` nests arrays and objects, measured without recursion (brackets inside
    strings do not count). Malformed text gives some number; ``json.loads`` then says what is wrong."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def check_text(text: str, what: str = "the document", max_chars: int = MAX_DOCUMENT_CHARS) -> None:
    """:raises DocumentLimitError: ``text`` is too long or nests too deeply to be parsed safely."""
    if len(text) > max_chars:
        raise DocumentLimitError(f"{what} is too large ({len(text):,} characters, at most {max_chars:,})")
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise DocumentLimitError(f"{what} nests {depth} levels deep (at most {MAX_DEPTH})")


def loads(text: str, what: str = "the document", max_chars: int = MAX_DOCUMENT_CHARS) -> Any:
    """``json.loads`` of a document checked first against the limits.

    :raises DocumentLimitError: over a limit. :raises ValueError: not JSON (``json.JSONDecodeError``).
    """
    if not isinstance(text, str):
        raise DocumentLimitError(f"{what} must be text, got {type(text).__name__}")
    check_text(text, what, max_chars)
    return json.loads(text)


def check_value(
    value: Any, what: str = "the document", max_depth: int = MAX_DEPTH, max_text: int = MAX_TEXT_CHARS
) -> None:
    """Check an already parsed value (from Python code, not from text): nesting and string lengths,
    walked with an explicit stack.

    :raises DocumentLimitError:
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if len(item) > max_text:
                raise DocumentLimitError(f"{what} holds a text of {len(item):,} characters (at most {max_text})")
            continue
        if isinstance(item, (dict, list)):
            if depth > max_depth:
                raise DocumentLimitError(f"{what} nests more than {max_depth} levels deep")
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
        elif item is not None and not isinstance(item, (bool, int, float)):
            raise DocumentLimitError(f"{what} holds a value JSON cannot carry ({type(item).__name__})")
