"""Checks shared by the games' options: the JSON object itself, and the values the setup form sends as text."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def options_object(data: Any, game: str, keys: Iterable[str]) -> dict[str, Any]:
    """``data`` as a dict of options (None is no option at all).

    :raises ValueError: not an object, or a key that is not one of ``keys`` (ValueError, not TypeError:
        the platform reports bad options by catching ValueError)."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ValueError(f"{game} options must be an object, got {data!r}")  # noqa: TRY004
    known = tuple(keys)
    unknown = set(data) - set(known)
    if unknown:
        raise ValueError(f"unknown {game} option(s) {sorted(unknown)}; known: {', '.join(known)}")
    return data


def is_int(value: Any) -> bool:
    """An int that is not a bool (JSON true must not pass for 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def form_number(value: Any) -> Any:
    """Digits sent as text by the setup form become a number; anything else is left for validation."""
    return int(value) if isinstance(value, str) and value.isdigit() else value


def form_flag(value: Any) -> Any:
    """"on" / "off" sent by the setup form become booleans; anything else is left for validation."""
    return {"on": True, "off": False}.get(value, value) if isinstance(value, str) else value
