"""The tagged JSON of actions and outcomes: round trips, and every way a JSON action can be malformed."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicehall.core.codec import Codec
from dicehall.core.errors import InvalidActionError

from .toygame import Die, Hold, Roll, codec

rich = Codec()


@rich.register("place")
@dataclasses.dataclass(frozen=True, slots=True)
class Place:
    cell: tuple[int, int]
    value: int
    label: str
    bonus: bool


@rich.register("path")
@dataclasses.dataclass(frozen=True, slots=True)
class Path:
    cells: tuple[tuple[int, int], ...]


@rich.register("pick")
@dataclasses.dataclass(frozen=True, slots=True)
class Pick:
    n: int

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError("n must not be negative")


def roundtrip(c: Codec, action: object) -> object:
    return c.from_json(json.loads(json.dumps(c.to_json(action))))


def test_tagged_form():
    assert codec.to_json(Die(3)) == {"type": "die", "face": 3}
    assert codec.to_json(Roll()) == {"type": "roll"}
    assert codec.from_json({"type": "hold"}) == Hold()
    assert rich.to_json(Place((2, 5), 4, "x", False)) == {
        "type": "place",
        "cell": [2, 5],
        "value": 4,
        "label": "x",
        "bonus": False,
    }
    assert set(codec.tags) == {"roll", "hold", "die"}


@given(
    st.tuples(st.integers(-50, 50), st.integers(-50, 50)),
    st.integers(-(10**12), 10**12),
    st.text(max_size=8),
    st.booleans(),
)
def test_round_trip_scalars_and_tuples(cell, value, label, bonus):
    action = Place(cell, value, label, bonus)
    back = roundtrip(rich, action)
    assert back == action and isinstance(back.cell, tuple)


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=6))
def test_round_trip_nested_tuples(cells):
    action = Path(tuple(cells))
    back = roundtrip(rich, action)
    assert back == action and all(isinstance(c, tuple) for c in back.cells)


def test_annotations_that_are_types_are_checked_too():
    """A game module without ``from __future__ import annotations`` holds real types, not strings."""
    plain = Codec()
    ns: dict = {}
    exec(
        "import dataclasses\n@dataclasses.dataclass(frozen=True)\nclass Move:\n    n: int\n    keep: tuple[int, ...]\n",
        ns,
    )
    plain.register("move")(ns["Move"])
    assert plain.from_json({"type": "move", "n": 2, "keep": [1, 2]}) == ns["Move"](2, (1, 2))
    with pytest.raises(InvalidActionError, match='"n" must be an integer'):
        plain.from_json({"type": "move", "n": "2", "keep": []})
    with pytest.raises(InvalidActionError, match='"keep" must be a list of integers'):
        plain.from_json({"type": "move", "n": 2, "keep": 3})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "must be a JSON object"),
        ("roll", "must be a JSON object"),
        (None, "must be a JSON object"),
        ({}, "unknown action type null"),
        ({"type": "fly"}, 'unknown action type "fly"; known: roll, hold, die'),
        ({"type": ["roll"]}, "unknown action type"),
        ({"type": "die"}, 'missing the field "face"'),
        ({"type": "die", "face": 3, "colour": "red"}, r'unknown field\(s\) \["colour"\]'),
        ({"type": "roll", "face": 3}, r'unknown field\(s\) \["face"\]'),
        ({"type": "die", "face": "3"}, '"face" must be an integer, got "3"'),
        ({"type": "die", "face": 3.0}, '"face" must be an integer'),
        ({"type": "die", "face": True}, '"face" must be an integer, got true'),
        ({"type": "die", "face": None}, '"face" must be an integer'),
        ({"type": "die", "face": 7}, "a die shows 1 to 6"),  # the dataclass's own check
    ],
)
def test_malformed_toy_actions(data, message):
    with pytest.raises(InvalidActionError, match=message):
        codec.from_json(data)


GOOD_PLACE = {"type": "place", "cell": [1, 2], "value": 3, "label": "a", "bonus": True}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"cell": [1, True]}, '"cell" must be a list of integers'),
        ({"cell": "12"}, '"cell" must be a list of integers'),
        ({"cell": [1, 2.5]}, '"cell" must be a list of integers'),
        ({"value": False}, '"value" must be an integer'),
        ({"label": 3}, '"label" must be a string'),
        ({"bonus": 1}, '"bonus" must be true or false'),
        ({"bonus": "yes"}, '"bonus" must be true or false'),
    ],
)
def test_mistyped_fields(change, message):
    with pytest.raises(InvalidActionError, match=message):
        rich.from_json({**GOOD_PLACE, **change})


@pytest.mark.parametrize("cells", [[1, 2], [[1, "2"]], [[1, [2]]], "x", [[1, False]]])
def test_mistyped_nested_tuples(cells):
    with pytest.raises(InvalidActionError, match='"cells" must be a list of lists of integers'):
        rich.from_json({"type": "path", "cells": cells})


def test_constructor_errors_become_invalid_action_errors():
    with pytest.raises(InvalidActionError, match='action "pick": n must not be negative'):
        rich.from_json({"type": "pick", "n": -1})


def test_invalid_action_error_is_a_value_error():
    with pytest.raises(ValueError):
        codec.from_json({"type": "nope"})


def test_unregistered_action_has_no_json_form():
    with pytest.raises(InvalidActionError, match="no JSON form"):
        codec.to_json(Place((0, 0), 1, "", False))


def test_a_tag_registers_once():
    c = Codec()
    c.register("x")(Pick)
    with pytest.raises(ValueError, match="registered twice"):
        c.register("x")(Path)
