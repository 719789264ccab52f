"""Declarations of setup-dialog fields. The app renders them as HTML; games only describe them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ChoiceField:
    """A game option chosen among a few values.

    ``label`` and ``help`` are (French, English); each choice is (value, French, English).
    """

    key: str
    label: tuple[str, str]
    choices: tuple[tuple[str, str, str], ...]
    default: str
    help: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        values = [c[0] for c in self.choices]
        if self.default not in values:
            raise ValueError(f"field {self.key!r}: default {self.default!r} is not one of {values}")
        if len(set(values)) != len(values):
            raise ValueError(f"field {self.key!r}: duplicate choice values")

    def label_in(self, lang: str) -> str:
        return self.label[0] if lang == "fr" else self.label[1]

    def help_in(self, lang: str) -> str | None:
        if self.help is None:
            return None
        return self.help[0] if lang == "fr" else self.help[1]

    def choice_label(self, value: str, lang: str) -> str:
        for v, fr, en in self.choices:
            if v == value:
                return fr if lang == "fr" else en
        raise KeyError(value)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """Both languages unless ``lang`` is given."""

        def pick(pair: tuple[str, str] | None) -> Any:
            if pair is None:
                return None
            if lang is None:
                return {"fr": pair[0], "en": pair[1]}
            return pair[0] if lang == "fr" else pair[1]

        return {
            "key": self.key,
            "type": "choice",
            "label": pick(self.label),
            "choices": [{"value": v, "label": pick((fr, en))} for v, fr, en in self.choices],
            "default": self.default,
            "help": pick(self.help),
        }


def seat_colours(
    colours: tuple[tuple[str, str, str, str], ...], defaults: tuple[str, ...], ids: list[str | None], seats: int
) -> tuple[str, ...]:
    """Each seat's colour as #rrggbb from a game's (id, hex, fr, en) table; a missing or unknown id
    falls back to that seat's default colour."""
    palette = {cid: hexa for cid, hexa, _fr, _en in colours}
    return tuple(
        palette.get(ids[seat] if seat < len(ids) else "", palette[defaults[seat % len(defaults)]])  # type: ignore[arg-type]
        for seat in range(seats)
    )


@dataclass(frozen=True, slots=True)
class ToggleField:
    """A display option shown as a checkbox in the game's Display dialog.

    ``requires`` names another toggle that must be on for this one to be offered (and to take effect).
    """

    key: str
    label: tuple[str, str]
    default: bool = True
    help: tuple[str, str] | None = None
    requires: str | None = None


@dataclass(frozen=True, slots=True)
class Shortcut:
    """A keyboard shortcut of the original program: Ctrl (+ Shift) + ``key`` runs an app command."""

    key: str  # lower-case letter
    cmd: str  # an app command, e.g. "toggle:playable_cells" or "next-option:mode"
    arg: str | None = None
    shift: bool = False
