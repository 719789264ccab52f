"""The shapes of the settings and statistics documents, and their repair.

Both are JSON objects kept in localStorage. A value of the wrong type (written by hand, by an extension,
or by a future version) must never stop the app: each key is checked on its own, a bad one falls back to
its default and is reported, and the rest is kept. Unknown keys are kept as they are (a newer version may
have written them), within the document limits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SPEEDS = ("slow", "normal", "fast", "instant")
LANGS = ("fr", "en")
STAT_COUNTS = ("played", "won", "lost", "tied")
MAX_COUNT = 10**9

Repair = tuple[dict[str, Any], list[str]]  # (the clean document, the keys that were dropped)


def _string_dict(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) for k in value)


def _display_ok(value: Any) -> bool:
    """``{game_id: {toggle: bool, or choice: str}}`` (a choice not offered falls back to its default)"""
    return _string_dict(value) and all(
        _string_dict(toggles)
        and all(isinstance(v, bool) or (isinstance(v, str) and len(v) <= 40) for v in toggles.values())
        for toggles in value.values()
    )


def _setup_ok(value: Any) -> bool:
    """``{game_id: {"seats": [{str: str}], "options": {str: str}}}``: what the setup form remembers."""
    if not _string_dict(value):
        return False
    for form in value.values():
        if not _string_dict(form):
            return False
        seats, options = form.get("seats", []), form.get("options", {})
        if not isinstance(seats, list) or not all(
            _string_dict(s) and all(isinstance(v, str) for v in s.values()) for s in seats
        ):
            return False
        if not _string_dict(options) or not all(isinstance(v, str) for v in options.values()):
            return False
    return True


SETTINGS_KEYS: dict[str, Callable[[Any], bool]] = {
    "lang": lambda v: v in LANGS,
    "speed": lambda v: v in SPEEDS,
    "display": _display_ok,
    "setup": _setup_ok,
    "sound": lambda v: isinstance(v, bool),  # the game's sounds (app.sounds); missing: on
}


def _count_ok(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def _stats_entry_ok(value: Any) -> bool:
    """One game's record: ``{"played": n, "won": n, "lost": n, "tied": n}`` (missing counts are 0),
    ``"last"``: the seed of the last game counted, so that a game is counted once (App._game_over), and
    ``"challenges"``: the daily challenges (``_challenges_ok``)."""
    return (
        _string_dict(value)
        and all(_count_ok(value[k]) for k in STAT_COUNTS if k in value)
        and _challenges_ok(value.get("challenges", {}))
    )


def _challenges_ok(value: Any) -> bool:
    """``{"YYYY-MM-DD": {"score": number, "place": n, "of": n, "plies": n}}`` (app.challenge): the player's
    result on each day counted."""

    def day_ok(day: str, result: Any) -> bool:
        return (
            len(day) == 10
            and day[4] == "-"
            and day[7] == "-"
            and day.replace("-", "").isdigit()
            and _string_dict(result)
            and isinstance(result.get("score"), (int, float))
            and not isinstance(result.get("score"), bool)
            and abs(result["score"]) <= MAX_COUNT
            and all(_count_ok(result.get(k)) for k in ("place", "of", "plies"))
        )

    return _string_dict(value) and all(day_ok(day, result) for day, result in value.items())


def repair_settings(data: dict[str, Any]) -> Repair:
    """The settings with every known key of the right shape; bad keys are dropped (their default applies)."""
    return _repair(data, lambda key: SETTINGS_KEYS.get(key))


def repair_stats(data: dict[str, Any]) -> Repair:
    """The statistics with every game's record of the right shape; a bad record is dropped (counts from 0).
    Keys are game ids, so any key is checked as a record."""
    return _repair(data, lambda _key: _stats_entry_ok)


def _repair(data: dict[str, Any], check_of: Callable[[str], Callable[[Any], bool] | None]) -> Repair:
    clean: dict[str, Any] = {}
    dropped: list[str] = []
    for key, value in data.items():
        check = check_of(key)
        if check is None or check(value):
            clean[key] = value
        else:
            dropped.append(key)
    return clean, dropped
