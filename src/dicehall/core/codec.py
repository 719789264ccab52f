"""Tagged JSON for actions and chance outcomes: ``{"type": "place", "cell": [2, 5]}`` <-> ``Place((2, 5))``.

Each game declares its action and outcome classes as frozen dataclasses registered on its own codec.
Tuples travel as JSON lists; fields annotated ``tuple[...]`` are turned back into tuples.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from dicehall.core.errors import InvalidActionError
from dicehall.core.limits import quote


class Codec:
    def __init__(self) -> None:
        self._by_tag: dict[str, type] = {}
        self._by_type: dict[type, str] = {}

    def register(self, tag: str) -> Callable[[type], type]:
        def decorate(cls: type) -> type:
            if tag in self._by_tag:
                raise ValueError(f"action type {tag!r} registered twice")
            self._by_tag[tag] = cls
            self._by_type[cls] = tag
            return cls

        return decorate

    @property
    def tags(self) -> tuple[str, ...]:
        return tuple(self._by_tag)

    def to_json(self, action: Any) -> dict[str, Any]:
        tag = self._by_type.get(type(action))
        if tag is None:
            raise InvalidActionError(f"{quote(action)} has no JSON form in this game")
        out: dict[str, Any] = {"type": tag}
        for field in dataclasses.fields(action):
            out[field.name] = _jsonable(getattr(action, field.name))
        return out

    def from_json(self, data: Any) -> Any:
        """:raises InvalidActionError: not an object, unknown type, missing, extra or mistyped field."""
        if not isinstance(data, dict):
            raise InvalidActionError(f"an action must be a JSON object, got {quote(data)}")
        tag = data.get("type")
        cls = self._by_tag.get(tag) if isinstance(tag, str) else None
        if cls is None or not isinstance(tag, str):
            raise InvalidActionError(f"unknown action type {quote(tag)}; known: {', '.join(self._by_tag)}")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        extra = set(data) - set(fields) - {"type"}
        if extra:
            raise InvalidActionError(f"action {quote(tag)} has unknown field(s) {quote(sorted(map(str, extra)))}")
        kwargs = {}
        for name, field in fields.items():
            if name not in data:
                raise InvalidActionError(f"action {quote(tag)} is missing the field {quote(name)}")
            kwargs[name] = _from_jsonable(data[name], _annotation(field.type), tag, name)
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as error:
            raise InvalidActionError(f"action {quote(tag)}: {error}") from None


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _annotation(annotation: Any) -> str:
    """A field's annotation as text: a string under ``from __future__ import annotations``, else a type."""
    if isinstance(annotation, str):
        return annotation
    if isinstance(annotation, type) and not getattr(annotation, "__args__", None):
        return annotation.__name__
    return str(annotation)


_SCALARS: dict[str, tuple[str, str]] = {  # annotation -> (one, several), for messages
    "int": ("an integer", "integers"),
    "str": ("a string", "strings"),
    "bool": ("true or false", "booleans"),
}


def _scalar_ok(value: Any, kind: str) -> bool:
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    return True  # an annotation we do not check


def _from_jsonable(value: Any, annotation: str, tag: str, name: str) -> Any:
    """Check a JSON value against the field's annotation; lists become (nested) tuples.

    ``tuple[int, ...]`` takes a list of integers, ``tuple[tuple[int, int], ...]`` a list of such lists.
    """
    depth, leaf = 0, annotation.replace(" ", "")
    while leaf.startswith("tuple["):
        depth, leaf = depth + 1, leaf[len("tuple[") :]
    leaf = leaf.split(",")[0].split("]")[0]
    if leaf == "tuple":  # a bare ``tuple``: integers
        depth, leaf = depth + 1, "int"
    if depth:
        converted = _nested_tuple(value, depth, leaf)
        if converted is None:
            what = "a list of " + "lists of " * (depth - 1) + _SCALARS.get(leaf, ("", "values"))[1]
            raise InvalidActionError(f"action {quote(tag)}: {quote(name)} must be {what}, got {quote(value)}")
        return converted
    if not _scalar_ok(value, leaf):
        raise InvalidActionError(f"action {quote(tag)}: {quote(name)} must be {_SCALARS[leaf][0]}, got {quote(value)}")
    return value


def _nested_tuple(value: Any, depth: int, leaf: str) -> Any:
    """``value`` as tuples nested ``depth`` deep around ``leaf`` scalars, or None if it has another shape."""
    if depth == 0:
        return value if _scalar_ok(value, leaf) else None
    if not isinstance(value, list):
        return None
    items = [_nested_tuple(v, depth - 1, leaf) for v in value]
    return None if any(item is None for item in items) else tuple(items)
