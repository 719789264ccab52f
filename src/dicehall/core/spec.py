"""A game's one declaration: ``GameSpec`` (id, titles, players, levels, options schema, what its new-game
form, Display dialog, menus and keyboard offer, and where its rules and screen are), with the pieces it is
made of: ``Level``, ``ChoiceField``, ``ToggleField``, ``Shortcut``.

Each game writes its ``SPEC`` in ``games/<id>/spec.py``; core.registry builds the catalogue from them and
the hub builds its cards from the catalogue at start-up. So this module and a spec module import nothing
but core.options and core.errors (no rules, no UI), and these are plain classes with ``__slots__``, not
dataclasses: creating a dataclass costs about a millisecond, which the hub would pay for every class.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from dicehall.core.errors import UnknownGameError
from dicehall.core.options import OptionsSchema

Pair = tuple[str, str]  # (French, English)
Colour = tuple[str, str, str, str]  # (id, #rrggbb, French name, English name)
MenuItem = tuple[Any, ...]  # ((French, English), command, argument[, section "views" | "stats"])


def _pick(pair: Pair, lang: str) -> str:
    return pair[0] if lang == "fr" else pair[1]


class Level:
    """A computer level a game offers: its id (in saves, the page API and ``make_agent``) and its label."""

    __slots__ = ("id", "label")

    def __init__(self, id: str, label: Pair) -> None:
        self.id, self.label = id, label

    def __repr__(self) -> str:
        return f"Level({self.id!r}, {self.label!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Level) and (self.id, self.label) == (other.id, other.label)

    def __hash__(self) -> int:
        return hash((self.id, self.label))

    def label_in(self, lang: str) -> str:
        return _pick(self.label, lang)


# The three levels every game offers today, weakest first; a game may declare others (its ``make_agent``
# must know them). The last of a game's levels is its strongest: "Suggest a move" asks it.
STANDARD_LEVELS: tuple[Level, ...] = (
    Level("easy", ("Facile", "Easy")),
    Level("normal", ("Normal", "Normal")),
    Level("expert", ("Expert", "Expert")),
)
STANDARD_LEVEL_IDS: tuple[str, ...] = tuple(level.id for level in STANDARD_LEVELS)
NO_OPTIONS = OptionsSchema("")  # a game without options
# The seats' colours of a game that declares none: six that read apart on the felt, in this order.
STANDARD_COLOURS: tuple[Colour, ...] = (
    ("red", "#c62828", "Rouge", "Red"),
    ("blue", "#1565c0", "Bleu", "Blue"),
    ("green", "#2e7d32", "Vert", "Green"),
    ("purple", "#7b1fa2", "Violet", "Purple"),
    ("teal", "#00838f", "Sarcelle", "Teal"),
    ("brown", "#6d4c41", "Brun", "Brown"),
)


class ChoiceField:
    """A value chosen among a few: a new-game form's option (built from the options schema) or a Display
    dialog's list. ``label`` and ``help`` are (French, English); each choice is (value, French, English)."""

    __slots__ = ("choices", "default", "help", "key", "label")

    def __init__(
        self, key: str, label: Pair, choices: tuple[tuple[str, str, str], ...], default: str, help: Pair | None = None
    ) -> None:
        values = [c[0] for c in choices]
        if default not in values:
            raise ValueError(f"field {key!r}: default {default!r} is not one of {values}")
        if len(set(values)) != len(values):
            raise ValueError(f"field {key!r}: duplicate choice values")
        self.key, self.label, self.choices, self.default, self.help = key, label, choices, default, help

    def __repr__(self) -> str:
        return f"ChoiceField({self.key!r}, default={self.default!r})"

    def label_in(self, lang: str) -> str:
        return _pick(self.label, lang)

    def help_in(self, lang: str) -> str | None:
        return None if self.help is None else _pick(self.help, lang)

    def choice_label(self, value: str, lang: str) -> str:
        for v, fr, en in self.choices:
            if v == value:
                return fr if lang == "fr" else en
        raise KeyError(value)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """Both languages unless ``lang`` is given."""

        def pick(pair: Pair | None) -> Any:
            if pair is None:
                return None
            return {"fr": pair[0], "en": pair[1]} if lang is None else _pick(pair, lang)

        return {
            "key": self.key,
            "type": "choice",
            "label": pick(self.label),
            "choices": [{"value": v, "label": pick((fr, en))} for v, fr, en in self.choices],
            "default": self.default,
            "help": pick(self.help),
        }


class ToggleField:
    """A display option shown as a checkbox in the game's Display dialog. ``requires`` names another
    toggle that must be on for this one to be offered (and to take effect)."""

    __slots__ = ("default", "help", "key", "label", "requires")

    def __init__(
        self, key: str, label: Pair, default: bool = True, help: Pair | None = None, requires: str | None = None
    ) -> None:
        self.key, self.label, self.default, self.help, self.requires = key, label, default, help, requires

    def __repr__(self) -> str:
        return f"ToggleField({self.key!r}, default={self.default!r})"


class Shortcut:
    """A keyboard shortcut of the original program: Ctrl (+ Shift) + ``key`` runs a shell command
    (``cmd``, e.g. "toggle:playable_cells" or "next-option:mode", with ``arg``)."""

    __slots__ = ("arg", "cmd", "key", "shift")

    def __init__(self, key: str, cmd: str, arg: Any = None, shift: bool = False) -> None:
        self.key, self.cmd, self.arg, self.shift = key, cmd, arg, shift

    def __repr__(self) -> str:
        return f"Shortcut({self.key!r}, {self.cmd!r}, {self.arg!r}, shift={self.shift})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shortcut) and self._tuple() == other._tuple()

    def __hash__(self) -> int:
        return hash(self._tuple())

    def _tuple(self) -> tuple[Any, ...]:
        return (self.key, self.cmd, self.arg, self.shift)


_FIELDS = (
    "id",
    "title_fr",
    "title_en",
    "min_players",
    "max_players",
    "module",
    "scene",
    "levels",
    "options",
    "default_players",
    "colours",
    "default_colours",
    "seat_names",
    "seat_labels",
    "display_fields",
    "shortcuts",
    "menu_items",
    "demo",
    "log_lines",
    "summary",
    "hint",
    "challenge",
    "review",
    "tutorial",
    "sounds",
    "art",
    "blurb",
    "challenge_unit",
    "default",
)
# the modules a spec may name, imported on first use
PARTS = ("scene", "log_lines", "summary", "hint", "challenge", "review", "tutorial", "sounds", "art")


class GameSpec:
    """A game's one declaration (docs/architecture.md, "What a game declares").

    - ``id``, ``title_fr``, ``title_en``, ``min_players``, ``max_players``: what the hub, the page API's
      ``games()`` and ``python -m dicehall games`` show.
    - ``module``: the rules, a module whose ``GAME`` is the ``core.registry.GameDef`` (None while the game
      is still to come); ``scene``: the screen, a module whose ``make_scene(session, ctx)`` builds it. Both
      are imported on first use (``registry.load``, ``make_scene``), never by the hub.
    - ``levels``: the computer levels, weakest first (the new-game form's list, the save checks, the
      command line's ``--ai``; ``make_agent`` knows each). ``options``: the options schema
      (core.options), which a ``players`` option's range must match.
    - The new-game form: ``default_players`` (else the minimum), ``colours`` and ``default_colours`` (the
      seats' colours; else ``STANDARD_COLOURS`` in their order), ``seat_names`` (default names, else "Player n"), ``seat_labels`` (each seat's
      legend, else "Player n"), ``demo`` (it offers a demonstration: every seat a computer).
    - The game screen's shell: ``display_fields`` (the Display dialog: ``ToggleField``, ``ChoiceField``),
      ``shortcuts`` (``Shortcut``), ``menu_items`` (the game menu's own entries).
    - The other parts of the game the shell calls, as module names (None: the game has none), imported on
      first use by ``part(name)``: ``log_lines`` (the move log's lines), ``summary`` (the end panel's),
      ``hint`` (why "Suggest a move" chose a move), ``challenge`` (the daily challenge's definition),
      ``review`` (the game review's evaluator, core/review.py), ``tutorial`` ("Learn to play", core/tutorial.py),
      ``sounds`` (its own sound cues: a ``cues(before, after)`` giving the cues of app/sounds.py that the
      states before and after a frame's steps call for; without it, dice and the end only), ``art`` (the
      hub's miniature: a ``draw()`` giving the SVG body on the 160×90 felt; without it, plain felt).
    - The hub and the shell: ``blurb`` (the hub card's line, (French, English); without it, none),
      ``challenge_unit`` (how the daily challenge's result reads, e.g. ("{score} en caisse", "{score} in the
      bank"); without it, "{score} points"), ``default`` (the game the new-game form opens when no game is
      in progress: at most one game says so; without any, the first playable one).
    """

    __slots__ = _FIELDS

    def __init__(
        self,
        id: str,
        title_fr: str,
        title_en: str,
        min_players: int,
        max_players: int,
        module: str | None,
        scene: str | None = None,
        *,
        levels: tuple[Level, ...] = STANDARD_LEVELS,
        options: OptionsSchema = NO_OPTIONS,
        default_players: int | None = None,
        colours: tuple[Colour, ...] = (),
        default_colours: tuple[str, ...] = (),
        seat_names: tuple[Pair, ...] = (),
        seat_labels: tuple[Pair, ...] = (),
        display_fields: tuple[ChoiceField | ToggleField, ...] = (),
        shortcuts: tuple[Shortcut, ...] = (),
        menu_items: tuple[MenuItem, ...] = (),
        demo: bool = False,
        log_lines: str | None = None,
        summary: str | None = None,
        hint: str | None = None,
        challenge: str | None = None,
        review: str | None = None,
        tutorial: str | None = None,
        sounds: str | None = None,
        art: str | None = None,
        blurb: Pair | None = None,
        challenge_unit: Pair | None = None,
        default: bool = False,
    ) -> None:
        self.id, self.title_fr, self.title_en = id, title_fr, title_en
        self.min_players, self.max_players, self.module, self.scene = min_players, max_players, module, scene
        self.levels, self.options, self.default_players = levels, options, default_players
        colours = colours or STANDARD_COLOURS
        self.colours, self.default_colours, self.seat_names, self.seat_labels = (
            colours,
            default_colours or tuple(colour[0] for colour in colours),
            seat_names,
            seat_labels,
        )
        self.display_fields, self.shortcuts, self.menu_items, self.demo = display_fields, shortcuts, menu_items, demo
        self.log_lines, self.summary, self.hint, self.challenge = log_lines, summary, hint, challenge
        self.review = review  # the game review's evaluator (core/review.py), imported on first use
        self.tutorial = tutorial  # "Learn to play" (core/tutorial.py), imported on first use
        self.sounds, self.art, self.blurb, self.challenge_unit = sounds, art, blurb, challenge_unit
        self.default = default
        self._check()

    def _check(self) -> None:
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.id}: bad player range {self.min_players}..{self.max_players}")
        if "players" in self.options:
            field = self.options["players"]
            bounds = (getattr(field, "minimum", None), getattr(field, "maximum", None))
            if bounds != (self.min_players, self.max_players):
                raise ValueError(
                    f"{self.id}: the players option {bounds} is not the range {self.min_players}..{self.max_players}"
                )
        ids = [level.id for level in self.levels]
        if not ids or len(set(ids)) != len(ids) or "random" in ids:
            raise ValueError(f"{self.id}: levels must be distinct, at least one, never 'random': {ids}")
        for name, pair in (("blurb", self.blurb), ("challenge_unit", self.challenge_unit)):
            if pair is not None and (len(pair) != 2 or not all(isinstance(text, str) and text for text in pair)):
                raise ValueError(f"{self.id}: {name} needs a French and an English text: {pair!r}")
        if self.challenge_unit is not None and not all("{score}" in text for text in self.challenge_unit):
            raise ValueError(f"{self.id}: challenge_unit must show {{score}} in both languages")

    def replace(self, **changes: Any) -> GameSpec:
        """A copy with some fields changed (tests: a game switched off with ``module=None``)."""
        values = {name: getattr(self, name) for name in _FIELDS}
        values.update(changes)
        return GameSpec(**values)

    def __repr__(self) -> str:
        return f"GameSpec({self.id!r}, module={self.module!r})"

    @property
    def available(self) -> bool:
        return self.module is not None

    @property
    def level_ids(self) -> tuple[str, ...]:
        return tuple(level.id for level in self.levels)

    def title(self, lang: str) -> str:
        return self.title_fr if lang == "fr" else self.title_en

    def blurb_in(self, lang: str) -> str:
        """The hub card's line ("" for a game without one)."""
        return "" if self.blurb is None else _pick(self.blurb, lang)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": {"fr": self.title_fr, "en": self.title_en},
            "min_players": self.min_players,
            "max_players": self.max_players,
            "available": self.available,
        }

    def part(self, name: str) -> ModuleType | None:
        """The module the spec names for ``name`` (one of ``PARTS``), imported now; None if it names none."""
        if name not in PARTS:
            raise ValueError(f"{name!r} is not a part of a game: {', '.join(PARTS)}")
        module: str | None = getattr(self, name)
        return None if module is None else importlib.import_module(module)

    def make_scene(self, session: Any, ctx: Any) -> Any:
        """The game's screen for ``session`` (its scene module imported on first use)."""
        scene = self.part("scene")
        if scene is None:
            raise UnknownGameError(f"{self.title_en} has no screen")
        return scene.make_scene(session, ctx)
