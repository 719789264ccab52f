"""A game's options schema, and the checks every game's options share.

Each game declares its options once, as an ``OptionsSchema`` of fields (``Choice``, ``Integer``, ``Flag``):
key, type and range, default, French and English label and help, and the choices the new-game form offers.
From it come the options' JSON (``from_json`` / ``to_json``, the values the setup form sends as text
included), their checks with named errors (``InvalidOptionsError``, a ValueError), the setup form's fields
and the options table of the game's rules page. A game's options dataclass keeps its attributes and
properties, and inherits the rest from ``SchemaOptions``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Self

from dicehall.core.errors import InvalidOptionsError
from dicehall.core.limits import quote

Pair = tuple[str, str]  # (French, English)
FormChoice = tuple[str, str, str]  # (the value as the form sends it, French label, English label)


def options_object(data: Any, game: str, keys: Iterable[str]) -> dict[str, Any]:
    """``data`` as a dict of options (None is no option at all).

    :raises ValueError: not an object, or a key that is not one of ``keys`` (ValueError, not TypeError:
        the platform reports bad options by catching ValueError)."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise InvalidOptionsError(f"{game} options must be an object, got {quote(data)}")
    known = tuple(keys)
    unknown = set(data) - set(known)
    if unknown:
        raise InvalidOptionsError(
            f"unknown {game} option(s) {quote(sorted(map(str, unknown)))}; known: {', '.join(known)}"
        )
    return data


def is_int(value: Any) -> bool:
    """An int that is not a bool (JSON true must not pass for 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def form_number(value: Any) -> Any:
    """Digits sent as text by the setup form become a number; anything else is left for validation."""
    return int(value) if isinstance(value, str) and value.isdigit() else value


def form_flag(value: Any) -> Any:
    """ "on" / "off" sent by the setup form become booleans; anything else is left for validation."""
    return {"on": True, "off": False}.get(value, value) if isinstance(value, str) else value


class _Quoted(str):
    """A refused value already quoted as JSON: ``{value}`` and ``{value!r}`` in a message both show it so."""

    def __repr__(self) -> str:
        return str(self)


# --- the schema -----------------------------------------------------------------------------------------


class Option:
    """One option of a game (keyword arguments only; plain classes, not dataclasses: the hub builds every
    game's schema at start-up, and a dataclass costs a millisecond to create). ``form`` lists the choices the new-game form offers, as (text value, French,
    English); a field without them is an option of the JSON only (a variant kept for old saves, or the
    number of players, which the seats give). ``message`` replaces the default refusal; it may name
    ``{game}``, ``{key}``, ``{value}`` (the value refused, quoted as JSON: ``"abc"``, ``null``, ``true``),
    ``{values}``, ``{minimum}``, ``{maximum}`` and ``{none}``."""

    __slots__ = ("default", "form", "help", "key", "label", "message")

    def __init__(
        self,
        *,
        key: str,
        default: Any,
        label: Pair = ("", ""),
        help: Pair | None = None,
        form: tuple[FormChoice, ...] = (),
        message: str | None = None,
    ) -> None:
        self.key, self.default, self.label, self.help, self.form, self.message = (
            key,
            default,
            label,
            help,
            form,
            message,
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}(key={self.key!r}, default={self.default!r})"

    def decode(self, value: Any) -> Any:
        """A JSON value or the form's text as this option's value (not yet checked)."""
        return value

    def valid(self, value: Any) -> bool:
        raise NotImplementedError

    def encode(self, value: Any) -> Any:
        """The value as its JSON."""
        return value

    def text(self, value: Any) -> str:
        """The value as the setup form sends it."""
        return str(value)

    def refusal(self, game: str, value: Any) -> str:
        shown = _Quoted(quote(value))
        return (self.message or self.default_message).format(game=game, key=self.key, value=shown, **self._words())

    default_message = "{game} {key}: bad value {value}"

    def _words(self) -> dict[str, Any]:
        return {}

    def label_in(self, lang: str) -> str:
        return self.label[0] if lang == "fr" else self.label[1]

    def help_in(self, lang: str) -> str | None:
        return None if self.help is None else self.help[0] if lang == "fr" else self.help[1]

    def describe(self, value: Any, lang: str) -> str:
        """A value as the rules page names it: its JSON, with the form's label for it if there is one."""
        text, json_text = self.text(value), _json_text(self.encode(value))
        for v, fr, en in self.form:
            if v == text:
                return f"{json_text} ({fr if lang == 'fr' else en})"
        return json_text

    def values_in(self, lang: str) -> str:
        """What the option accepts, in words, for the rules page's table."""
        raise NotImplementedError


class Choice(Option):
    """One of a few words (``values``)."""

    __slots__ = ("values",)

    def __init__(self, *, values: tuple[str, ...], **common: Any) -> None:
        super().__init__(**common)
        self.values = values

    default_message = "{game} {key} must be one of {values}, got {value}"

    def valid(self, value: Any) -> bool:
        return isinstance(value, str) and value in self.values

    def _words(self) -> dict[str, Any]:
        return {"values": ", ".join(self.values)}

    def values_in(self, lang: str) -> str:
        return ", ".join(self.values)


class Integer(Option):
    """An integer from ``minimum`` to ``maximum`` (or one of ``allowed``); with ``none``, also None, written
    ``none`` in the form (and in the JSON when ``none_in_json``; null otherwise, and null is accepted)."""

    __slots__ = ("allowed", "maximum", "minimum", "none", "none_in_json")

    def __init__(
        self,
        *,
        minimum: int,
        maximum: int,
        allowed: tuple[int, ...] = (),
        none: str | None = None,
        none_in_json: bool = False,
        **common: Any,
    ) -> None:
        super().__init__(**common)
        self.minimum, self.maximum, self.allowed, self.none, self.none_in_json = (
            minimum,
            maximum,
            allowed,
            none,
            none_in_json,
        )

    default_message = "{game} {key} must be {minimum} to {maximum}, got {value}"

    def decode(self, value: Any) -> Any:
        if self.none is not None and value in (None, self.none, ""):
            return None
        if self.form and isinstance(value, str) and value.isdigit():  # the form sends digits as text
            return int(value)
        return value

    def valid(self, value: Any) -> bool:
        if value is None:
            return self.none is not None
        if not is_int(value) or not self.minimum <= value <= self.maximum:
            return False
        return not self.allowed or value in self.allowed

    def encode(self, value: Any) -> Any:
        return self.none if value is None and self.none_in_json else value

    def text(self, value: Any) -> str:
        return str(self.none) if value is None else str(value)

    def _words(self) -> dict[str, Any]:
        return {
            "minimum": self.minimum,
            "maximum": self.maximum,
            "none": self.none,
            "values": ", ".join(map(str, self.allowed)),
        }

    def values_in(self, lang: str) -> str:
        if self.allowed:
            text = ", ".join(map(str, self.allowed))
        else:
            text = f"{self.minimum} {'à' if lang == 'fr' else 'to'} {self.maximum}"
        if self.none is not None:
            text += f"{' ou' if lang == 'fr' else ' or'} {_json_text(self.encode(None))}"
        return text


class Flag(Option):
    """True or false (the form sends "on" / "off"), false unless ``default`` says otherwise."""

    __slots__ = ()

    def __init__(self, *, default: bool = False, **common: Any) -> None:
        super().__init__(default=default, **common)

    default_message = "{key} must be true or false, got {value}"

    def decode(self, value: Any) -> Any:
        return form_flag(value)

    def valid(self, value: Any) -> bool:
        return isinstance(value, bool)

    def text(self, value: Any) -> str:
        return "on" if value else "off"

    def values_in(self, lang: str) -> str:
        return "true, false"


def players(minimum: int, maximum: int, default: int) -> Integer:
    """The number of players of a game played by ``minimum`` to ``maximum``: an option of the JSON only
    (the new-game form and the page API derive it from the seats)."""
    return Integer(
        key="players",
        default=default,
        minimum=minimum,
        maximum=maximum,
        label=("Joueurs", "Players"),
        message="{game} is for {minimum} to {maximum} players, got {value}",
    )


def on_off(key: str, label: Pair, help: Pair | None = None) -> Flag:
    """A flag offered in the form as No / Yes, off by default."""
    return Flag(key=key, default=False, label=label, help=help, form=(("off", "Non", "No"), ("on", "Oui", "Yes")))


class OptionsSchema:
    """A game's options: ``game`` names it in messages ("Dés & Marchands"), ``fields`` in JSON order.
    Checked when declared: distinct keys, valid defaults, every value the form offers accepted."""

    __slots__ = ("_by_key", "fields", "game")

    def __init__(self, game: str, fields: tuple[Option, ...] = ()) -> None:
        self.game, self.fields = game, fields
        keys = [f.key for f in self.fields]
        if len(set(keys)) != len(keys):
            raise ValueError(f"{self.game}: an option is declared twice in {keys}")
        self._by_key: dict[str, Option] = {f.key: f for f in self.fields}
        for f in self.fields:
            if not f.valid(f.default):
                raise ValueError(f"{self.game} {f.key}: the default {f.default!r} is not a valid value")
            texts = [v for v, _fr, _en in f.form]
            if f.form and f.text(f.default) not in texts:
                raise ValueError(f"{self.game} {f.key}: the form does not offer the default {f.default!r}")
            for text in texts:
                if not f.valid(f.decode(text)):
                    raise ValueError(f"{self.game} {f.key}: the form offers {text!r}, which is not a valid value")

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(f.key for f in self.fields)

    def __repr__(self) -> str:
        return f"OptionsSchema({self.game!r}, {self.keys})"

    def __getitem__(self, key: str) -> Option:
        return self._by_key[key]

    def __contains__(self, key: object) -> bool:
        return key in self._by_key

    @property
    def in_form(self) -> tuple[Option, ...]:
        """The options the new-game form offers, in order."""
        return tuple(f for f in self.fields if f.form)

    def defaults(self) -> dict[str, Any]:
        return {f.key: f.default for f in self.fields}

    def from_json(self, data: Any) -> dict[str, Any]:
        """The values of ``data`` (JSON, or the form's text), missing keys taking their defaults.

        :raises InvalidOptionsError: not an object, an unknown key, or a value the option refuses."""
        data = options_object(data, self.game, self.keys)
        values = {f.key: f.decode(data[f.key]) if f.key in data else f.default for f in self.fields}
        self.check_values(values)
        return values

    def check_values(self, values: Mapping[str, Any]) -> None:
        """:raises InvalidOptionsError: naming the first value an option refuses."""
        for f in self.fields:
            value = values[f.key]
            if not f.valid(value):
                raise InvalidOptionsError(f.refusal(self.game, value))

    def check(self, options: Any) -> None:
        """An options object's attributes, one per field (its ``__post_init__``).

        :raises InvalidOptionsError:"""
        self.check_values({f.key: getattr(options, f.key) for f in self.fields})

    def to_json(self, options: Any) -> dict[str, Any]:
        """An options object's JSON: one key per field."""
        return {f.key: f.encode(getattr(options, f.key)) for f in self.fields}

    def form_values(self, options_json: Mapping[str, Any]) -> dict[str, str]:
        """The form's text for each option it offers, from an options JSON (missing keys: defaults)."""
        values = self.from_json(dict(options_json))
        return {f.key: f.text(values[f.key]) for f in self.in_form}

    def table(self, lang: str) -> str:
        """The options as a Markdown table (the rules page's): option, key, values, default."""
        head = ("Option", "Clé", "Valeurs", "Par défaut") if lang == "fr" else ("Option", "Key", "Values", "Default")
        rows = [f"| {' | '.join(head)} |", "|---|---|---|---|"]
        for f in self.fields:
            rows.append(
                f"| {_cell(f.label_in(lang) or f.key)} | {f.key} | {_cell(f.values_in(lang))} | "
                f"{_cell(f.describe(f.default, lang))} |"
            )
        return "\n".join(rows)


class SchemaOptions:
    """The base of a game's options dataclass (its ``options.py``: the attributes and properties the rules
    read), which names its game's schema as ``schema``: checked when made (``__post_init__``), read from
    JSON (``from_json``) and written back (``to_json``) through it."""

    __slots__ = ()
    schema: ClassVar[OptionsSchema]

    def __post_init__(self) -> None:
        self.schema.check(self)

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """The options of ``data`` (JSON, or the setup form's text), missing keys taking their defaults.

        :raises InvalidOptionsError: not an object, an unknown key, or a value the option refuses."""
        return cls(**cls.schema.from_json(data))

    def to_json(self) -> dict[str, Any]:
        return self.schema.to_json(self)


def _json_text(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")
