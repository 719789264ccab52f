"""Tagged JSON for actions and chance outcomes: ``{"type": "place", "cell": [2, 5]}`` <-> ``Place((2, 5))``.

Each game declares its action and outcome classes as frozen dataclasses registered on its own codec.
Tuples travel as JSON lists; fields annotated ``tuple[...]`` are turned back into tuples.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from dicehall.core.errors import InvalidActionError


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
            raise InvalidActionError(f"{action!r} has no JSON form in this game")
        out: dict[str, Any] = {"type": tag}
        for field in dataclasses.fields(action):
            out[field.name] = _jsonable(getattr(action, field.name))
        return out

    def from_json(self, data: Any) -> Any:
        """:raises InvalidActionError: not an object, unknown type, missing, extra or mistyped field."""
        if not isinstance(data, dict):
            raise InvalidActionError(f"an action must be a JSON object, got {data!r}")
        tag = data.get("type")
        cls = self._by_tag.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise InvalidActionError(f"unknown action type {tag!r}; known: {', '.join(self._by_tag)}")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        extra = set(data) - set(fields) - {"type"}
        if extra:
            raise InvalidActionError(f"action {tag!r} has unknown field(s) {sorted(extra)}")
        kwargs = {}
        for name, field in fields.items():
            if name not in data:
                raise InvalidActionError(f"action {tag!r} is missing the field {name!r}")
            kwargs[name] = _from_jsonable(data[name], str(field.type), tag, name)
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as error:
            raise InvalidActionError(f"action {tag!r}: {error}") from None


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _from_jsonable(value: Any, annotation: str, tag: str, name: str) -> Any:
    """Check JSON scalars against the field's annotation (kept as a string by ``from __future__``)."""
    if annotation.startswith("tuple"):
        if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise InvalidActionError(f"action {tag!r}: {name!r} must be a list of integers, got {value!r}")
        return tuple(value)
    if annotation == "int" and (not isinstance(value, int) or isinstance(value, bool)):
        raise InvalidActionError(f"action {tag!r}: {name!r} must be an integer, got {value!r}")
    if annotation == "str" and not isinstance(value, str):
        raise InvalidActionError(f"action {tag!r}: {name!r} must be a string, got {value!r}")
    if annotation == "bool" and not isinstance(value, bool):
        raise InvalidActionError(f"action {tag!r}: {name!r} must be true or false, got {value!r}")
    return value
