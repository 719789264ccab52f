"""Indecix's contract with the platform: GAME, options, action JSON, checked play through Match, view."""

from __future__ import annotations

import json

import pytest

from dicehall.core import registry
from dicehall.core.errors import IllegalActionError, InvalidActionError
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind, step
from dicehall.games.indecix import CODEC, GAME, Choose, Face, IndecixOptions, IndecixState, Pass, Place


def test_game_definition():
    assert registry.load("indecix") is GAME
    assert GAME.id == "indecix" and GAME.rules_version == 1 and GAME.codec is CODEC
    options = GAME.options_from_json({})
    assert options == IndecixOptions() and GAME.num_players(options) == 2
    assert GAME.initial(options) == IndecixState.initial()
    assert set(CODEC.tags) == {"face", "choose", "place", "pass"}


def test_options_defaults_round_trip_and_errors():
    assert IndecixOptions.from_json({}).to_json() == {"mode": "blitz", "suite_scoring": "text"}
    master = GAME.options_from_json({"mode": "master", "suite_scoring": "original"})
    assert master == IndecixOptions("master", "original") and master.master
    assert GAME.options_from_json(GAME.options_to_json(master)) == master
    with pytest.raises(ValueError, match="mode"):
        GAME.options_from_json({"mode": "turbo"})
    with pytest.raises(ValueError, match="suite_scoring"):
        GAME.options_from_json({"suite_scoring": 21})
    with pytest.raises(ValueError, match="unknown Indecix option"):
        GAME.options_from_json({"colour": "red"})
    with pytest.raises(ValueError):
        GAME.options_from_json(["blitz"])
    with pytest.raises(ValueError):
        IndecixOptions(mode="Blitz")


@pytest.mark.parametrize(
    ("action", "data"),
    [
        (Face(4), {"type": "face", "face": 4}),
        (Choose(2), {"type": "choose", "face": 2}),
        (Place((2, 5)), {"type": "place", "cell": [2, 5]}),
        (Pass(), {"type": "pass"}),
    ],
)
def test_action_json_round_trip(action, data):
    assert CODEC.to_json(action) == data
    assert CODEC.from_json(json.loads(json.dumps(data))) == action
    assert isinstance(CODEC.from_json(data), type(action))


def test_place_cell_becomes_a_tuple():
    action = CODEC.from_json({"type": "place", "cell": [0, 3]})
    assert action.cell == (0, 3) and isinstance(action.cell, tuple) and hash(action)


@pytest.mark.parametrize(
    "data",
    [
        "place",
        None,
        [],
        {"type": "roll"},
        {"cell": [1, 1]},
        {"type": "place"},
        {"type": "place", "cell": "a1"},
        {"type": "place", "cell": [1, "2"]},
        {"type": "place", "cell": [1, True]},
        {"type": "place", "cell": [1, 2], "face": 3},
        {"type": "face", "face": "6"},
        {"type": "choose", "face": True},
        {"type": "pass", "cell": [0, 0]},
    ],
)
def test_bad_action_json_is_refused(data):
    with pytest.raises(InvalidActionError):
        CODEC.from_json(data)


def test_well_formed_but_illegal_actions_raise_through_step_and_match():
    match = Match(GAME, IndecixOptions(), "seed")
    with pytest.raises(IllegalActionError):
        match.submit(Place((0, 0)))  # the die has not been rolled
    with pytest.raises(IllegalActionError):
        match.force(Face(7))
    with pytest.raises(IllegalActionError):
        step(match.state, Place((0, 0)))  # a placement is not a dice outcome
    match.force(Face(3))
    for bad in (Choose(3), Pass(), Place((6, 0)), Place((0, 0, 0)), Face(3)):
        with pytest.raises(IllegalActionError):
            match.submit(bad)
    match.submit_json({"type": "place", "cell": [0, 0]})
    match.force(Face(3))
    with pytest.raises(IllegalActionError, match="not legal"):
        match.submit(Place((4, 0)))  # a 3 already in row 0
    with pytest.raises(IllegalActionError):
        match.submit(Place((0, 0)))  # occupied
    with pytest.raises(InvalidActionError):
        match.submit_json({"type": "place", "cell": "b2"})
    match.submit(Place((1, 1)))
    assert match.state.cell(1, 1) == (1, 3) and match.ply == 4
    master = Match(GAME, IndecixOptions(mode="master"), "seed")
    with pytest.raises(IllegalActionError):
        master.roll()
    with pytest.raises(IllegalActionError):
        master.submit(Place((0, 0)))  # choose a token first
    master.submit(Choose(5))
    with pytest.raises(IllegalActionError):
        master.submit(Choose(5))


def test_view_is_json_and_grid_is_indexed_y_then_x():
    s = step(IndecixState.initial(), Face(5))
    v = s.view()
    assert json.loads(json.dumps(v)) == v
    assert v["phase"] == "place" and v["to_move"] == 0 and v["die"] == 5 and v["turn"] == 1 and v["turns"] == 36
    assert v["mode"] == "blitz" and v["suite_scoring"] == "text" and v["tokens_left"] is None
    assert v["dice_left"] == [17, 18] and len(v["legal_cells"]) == 36 and v["winners"] is None
    s = step(s, Place((2, 5)))
    v = s.view()
    assert v["grid"][5][2] == {"face": 5, "owner": 0} and v["grid"][2][5] is None
    assert v["last"] == {
        "player": 0, "cell": [2, 5], "face": 5, "captured": [], "capture_points": 0, "suites_formed": [],
    }  # fmt: skip
    assert v["phase"] == "roll" and v["to_move"] is None and v["mover"] == 1
    assert v["scores"][0] == {"captures": 0, "unplayed": 0, "suites_mixed": 0, "suites_clean": 0, "total": 0}
    m = IndecixState.initial(IndecixOptions(mode="master")).view()
    assert m["tokens_left"] == [[3] * 6, [3] * 6] and m["phase"] == "choose" and m["dice_left"] == [18, 18]


def test_str_draws_the_board():
    s = IndecixState.from_picture("L3 R5 .. .. .. ..\n" + "\n".join([".. .. .. .. .. .."] * 5))
    text = str(s)
    assert "L3 R5 .." in text and "turn 3/36" in text


def test_state_is_immutable_and_hashable():
    s = IndecixState.initial()
    with pytest.raises(AttributeError):
        s.turn = 5  # type: ignore[misc]
    assert hash(s) == hash(IndecixState.initial()) and s.kind is NodeKind.CHANCE
