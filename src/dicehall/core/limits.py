"""Limits on every JSON document that comes from outside (a save, a stored setting, a URL, a file).

The runtime in the browser has a small C stack: a document nested a few thousand levels deep kills it
inside ``json.loads`` or ``json.dumps``, and a 100,000-character name freezes the screen. So documents are
measured *before* they are parsed or used, without recursion, and refused with one clear line.
"""

from __future__ import annotations

import dataclasses
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
_SURROGATE = re.compile("[\ud800-\udfff]")  # in parsed text, a surrogate left alone (a pair is one character)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}")  # a key shown bare in a place (``seats[1].name``)
BOM = "\ufeff"  # a byte order mark: Windows editors put one at the start of UTF-8 text
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class DocumentLimitError(DicehallError, ValueError):
    """A document over one of the limits (size, nesting, string length, log length)."""


class NotUnicodeError(DocumentLimitError):
    """A document holding text that is not valid Unicode: a lone surrogate (``"\\ud800"`` in its JSON, or
    the character itself in a Python string). No UTF-8 can carry it, so it would fail later, far from here
    (rolling dice from the seed, packing a link, sending a frame to the page)."""


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
    """``json.loads`` of a document checked first against the limits, one leading byte order mark dropped,
    then checked for text that is not valid Unicode (only when the text may hold some: a normal document
    pays for two substring searches).

    :raises DocumentLimitError: over a limit (:raises NotUnicodeError: a lone surrogate).
    :raises ValueError: not JSON (``json.JSONDecodeError``).
    """
    if not isinstance(text, str):
        raise DocumentLimitError(f"{what} must be text, got {type(text).__name__}")
    text = text.removeprefix(BOM)
    check_text(text, what, max_chars)
    value = json.loads(text)
    if "\\ud" in text or "\\uD" in text or (not text.isascii() and _SURROGATE.search(text)):
        check_unicode(value, what)
    return value


def check_unicode(value: Any, what: str = "the document") -> None:
    """A parsed value's keys and strings, walked with an explicit stack: none may hold a lone surrogate.

    :raises NotUnicodeError: naming the place (``seats[1].name``)."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise NotUnicodeError(f"{what} holds text that is not valid Unicode ({_lone(path)})")
        elif isinstance(item, dict):
            for key in item:
                if isinstance(key, str) and _SURROGATE.search(key):
                    where = "a key" if not path else f"a key of {place(path)}"
                    raise NotUnicodeError(f"{what} holds text that is not valid Unicode (a lone surrogate in {where})")
            stack.extend((child, (*path, key)) for key, child in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((child, (*path, i)) for i, child in reversed(list(enumerate(item))))


def _lone(path: tuple[str | int, ...]) -> str:
    return f"a lone surrogate in {place(path)}" if path else "a lone surrogate"


def place(path: tuple[str | int, ...]) -> str:
    """Where a value is in a document, as a message names it: ``seats[1].name``, ``log[3].do.type``,
    ``options["a key"]`` (cut to 120 characters)."""
    parts = []
    for step in path:
        if isinstance(step, int):
            parts.append(f"[{step}]")
        elif _NAME.fullmatch(step):
            parts.append(f".{step}" if parts else step)
        else:
            parts.append(f"[{quote(step)}]")
    text = "".join(parts)
    return text if len(text) <= 120 else text[:119] + "…"


def quote(value: Any, width: int | None = 60, depth: int = 4) -> str:
    """A value as a message quotes it: its JSON (``null``, ``true``, ``"abc"``, ``[1, 2]``) cut to ``width``
    characters, a lone surrogate written as its escape (a message must be valid Unicode), a list or an
    object nested more than ``depth`` levels by its kind and size (it may be huge or deeply nested). An
    action (a dataclass) is shown as ``Place(cell=(3, 0))``, its fields quoted so. ``width`` None: not cut."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = ", ".join(f"{f.name}={_tuple_text(getattr(value, f.name), width)}" for f in dataclasses.fields(value))
        text = f"{type(value).__name__}({fields})"
    elif isinstance(value, (list, dict)) and not _shallow(value, depth):
        return f"{'a list' if isinstance(value, list) else 'an object'} of {len(value)} item(s)"
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError):
            text = repr(value)
    if not text.isascii() and _SURROGATE.search(text):
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if width is None or len(text) <= width else text[: width - 3] + "…"


def _tuple_text(value: Any, width: int | None) -> str:
    """A field of an action: a tuple as ``(3, 0)`` (as the rules write cells), anything else quoted."""
    if isinstance(value, tuple):
        inner = ", ".join(_tuple_text(v, width) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return quote(value, width)


def _shallow(value: Any, max_depth: int) -> bool:
    """Whether ``value`` nests at most ``max_depth`` levels (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > max_depth:
                return False
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return True


def check_value(
    value: Any, what: str = "the document", max_depth: int = MAX_DEPTH, max_text: int = MAX_TEXT_CHARS
) -> None:
    """Check an already parsed value (from Python code, not from text): nesting, string lengths and text
    that is not valid Unicode (a lone surrogate), walked with an explicit stack.

    :raises DocumentLimitError: (:raises NotUnicodeError: a lone surrogate)
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if len(item) > max_text:
                raise DocumentLimitError(f"{what} holds a text of {len(item):,} characters (at most {max_text})")
            if not item.isascii() and _SURROGATE.search(item):
                raise NotUnicodeError(f"{what} holds text that is not valid Unicode (a lone surrogate)")
            continue
        if isinstance(item, (dict, list)):
            if depth > max_depth:
                raise DocumentLimitError(f"{what} nests more than {max_depth} levels deep")
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
        elif item is not None and not isinstance(item, (bool, int, float)):
            raise DocumentLimitError(f"{what} holds a value JSON cannot carry ({type(item).__name__})")
