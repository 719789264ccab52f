"""The save format dicehall.save/1: round trips, and each refusal with the message a player reads."""

from __future__ import annotations

import copy
import dataclasses
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicehall.core import registry, save
from dicehall.core.errors import SaveFormatError
from dicehall.core.match import Match
from dicehall.core.save import FORMAT, SavedGame, Seat

from . import toygame
from .toygame import Die, Hold, PigOptions, Roll


def a_game() -> SavedGame:
    match = Match(toygame.GAME, PigOptions(), "seed-1")
    for step in (Roll(), Die(6), Roll(), Die(2), Hold(), Roll(), Die(1)):
        if isinstance(step, Die):
            match.force(step)
        else:
            match.submit(step)
    seats = [Seat("Ana", "human", extra={"colour": "red"}), Seat("Bot", "ai", "expert")]
    return SavedGame(match, seats)


def doc(**changes: object) -> dict:
    data = a_game().to_json()
    data.update(changes)
    return data


def test_the_document():
    assert doc() == {
        "format": "dicehall.save/1",
        "game": "pig",
        "rules_version": 1,
        "options": {"players": 2, "target": 20},
        "seats": [
            {"colour": "red", "name": "Ana", "kind": "human"},
            {"name": "Bot", "kind": "ai", "level": "expert"},
        ],
        "seed": "seed-1",
        "log": [
            {"by": 0, "do": {"type": "roll"}},
            {"by": "chance", "do": {"type": "die", "face": 6}},
            {"by": 0, "do": {"type": "roll"}},
            {"by": "chance", "do": {"type": "die", "face": 2}},
            {"by": 0, "do": {"type": "hold"}},
            {"by": 1, "do": {"type": "roll"}},
            {"by": "chance", "do": {"type": "die", "face": 1}},
        ],
    }


def test_round_trip():
    game = a_game()
    text = game.dumps()
    loaded = save.loads(text)
    assert loaded.match.state == game.match.state
    assert loaded.match.log == game.match.log
    assert loaded.seats == game.seats
    assert loaded.dumps() == text
    assert loaded.match.state.banked == (8, 0) and loaded.match.state.to_move == 0


def test_unknown_seat_keys_survive_a_round_trip():
    data = doc(
        seats=[
            {"name": "Ana", "kind": "human", "colour": "#c33", "avatar": {"id": 4}, "level": "easy"},
            {"name": "Bot", "kind": "ai", "level": "normal", "colour": "blue", "future": [1, 2]},
        ]
    )
    again = json.loads(save.from_json(data).dumps())
    assert again["seats"] == data["seats"]


def test_defaults_for_missing_optional_fields():
    data = doc(seats=[{}, {"kind": "ai"}])
    del data["options"], data["seed"], data["log"]
    loaded = save.from_json(data)
    assert loaded.seats == [Seat("1"), Seat("2", "ai", "normal")]
    assert loaded.match.seed == "" and loaded.match.ply == 0
    assert loaded.match.options == PigOptions()


def test_an_integer_seed_is_kept_as_text():
    assert save.from_json(doc(seed=42)).match.seed == "42"


def test_the_continued_match_rolls_the_same_dice_as_the_original():
    game = a_game()
    loaded = save.loads(game.dumps())
    game.match.submit(Roll())
    loaded.match.submit(Roll())
    assert game.match.roll() == loaded.match.roll()


def refused(data: object, message: str) -> None:
    with pytest.raises(SaveFormatError, match=message):
        save.from_json(data)


def test_not_json():
    with pytest.raises(SaveFormatError, match="the save is not valid JSON"):
        save.loads('{"format": ')
    with pytest.raises(SaveFormatError, match="the save is not valid JSON"):
        save.loads("")


@pytest.mark.parametrize("data", [[], "save", 3, None])
def test_not_an_object(data):
    refused(data, "the save must be a JSON object")
    with pytest.raises(SaveFormatError, match="the save must be a JSON object"):
        save.loads(json.dumps(data))


@pytest.mark.parametrize("fmt", [None, "dicehall.save/2", "pig", 1])
def test_wrong_format(fmt):
    data = doc(format=fmt)
    refused(data, rf'not a dicehall save \(format {json.dumps(fmt)}, expected "dicehall.save/1"\)')


def test_unknown_game():
    refused(doc(game="chess"), 'the save is for a game this version cannot play: unknown game "chess"; games:')
    refused(doc(game=None), "unknown game null")


def test_a_game_still_to_come(a_game_to_come):
    refused(doc(game="paradice"), "Paradice is coming soon and cannot be played yet")


def test_a_catalogued_game_missing_from_the_build(monkeypatch):
    missing = registry.GameSpec("ghost", "Fantôme", "Ghost", 2, 2, "dicehall.games.ghost")
    monkeypatch.setattr(registry, "CATALOGUE", (*registry.CATALOGUE, missing))
    refused(doc(game="ghost"), r"Ghost is not part of this build \(dicehall.games.ghost\)")


@pytest.mark.parametrize("version", [None, 0, -1, "1", 1.0, True])
def test_bad_rules_version(version):
    refused(doc(rules_version=version), f"rules_version must be a positive integer, got {json.dumps(version)}")


def test_newer_rules_version():
    refused(
        doc(rules_version=2),
        r"made by a newer version of pig \(rules 2, this version knows 1\); update the page",
    )


def test_older_rules_version_goes_through_the_compatibility_step(monkeypatch):
    calls = []

    def upgrade(data: dict, version: int) -> dict:
        calls.append(version)
        data = copy.deepcopy(data)
        for entry in data["log"]:  # rules 1 called the hold "bank"
            if entry["do"]["type"] == "bank":
                entry["do"]["type"] = "hold"
        return data

    monkeypatch.setattr(toygame, "GAME", dataclasses.replace(toygame.GAME, rules_version=2, upgrade=upgrade))
    old = doc(rules_version=1)
    old["log"][4]["do"]["type"] = "bank"
    loaded = save.from_json(old)
    assert calls == [1] and loaded.match.state.banked == (8, 0)
    assert loaded.to_json()["rules_version"] == 2
    assert loaded.to_json()["log"][4] == {"by": 0, "do": {"type": "hold"}}


def test_older_rules_version_without_a_compatibility_step_replays_as_is(monkeypatch):
    monkeypatch.setattr(toygame, "GAME", dataclasses.replace(toygame.GAME, rules_version=3))
    assert save.from_json(doc(rules_version=2)).match.state.banked == (8, 0)


def test_a_failing_compatibility_step(monkeypatch):
    def upgrade(data: dict, version: int) -> dict:
        raise ValueError("the board was 5x5 then")

    monkeypatch.setattr(toygame, "GAME", dataclasses.replace(toygame.GAME, rules_version=2, upgrade=upgrade))
    refused(doc(rules_version=1), "a save of pig rules 1 cannot be brought up to rules 2: the board was 5x5 then")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 9}, "bad options: players must be 2 to 4, got 9"),
        ({"speed": 2}, r'bad options: unknown option\(s\) \["speed"\]'),
        ({"target": "20"}, "bad options: target must be an integer"),
        ([2, 20], "bad options: they must be a JSON object, got \\[2, 20\\]"),
        ("fast", "bad options: they must be a JSON object"),
    ],
)
def test_bad_options(options, message):
    refused(doc(options=options), message)


def test_wrong_seat_count():
    refused(doc(seats=[{"name": "Solo"}]), "the save must list 2 seats for these options, got 1")
    refused(doc(seats={"0": {}}), 'the save must list 2 seats for these options, got {"0": {}}')
    refused(doc(options={"players": 3}), "the save must list 3 seats for these options, got 2")


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        ("Ana", 'seat 1 must be an object, got "Ana"'),
        ({"kind": "robot"}, 'seat 1: kind must be "human" or "ai", got "robot"'),
        (
            {"kind": "ai", "level": "godlike"},
            'seat 1: level must be one of easy, normal, expert, got "godlike"',
        ),
        ({"kind": "ai", "level": None}, "seat 1: level must be one of"),
        ({"name": 7}, "seat 1: name must be a string, got 7"),
    ],
)
def test_bad_seat(seat, message):
    refused(doc(seats=[{"name": "Ana"}, seat]), message)


@pytest.mark.parametrize("seed", [None, True, 1.5, [1], {"s": 1}])
def test_bad_seed(seed):
    refused(doc(seed=seed), re.escape(f"seed must be a string or an integer, got {json.dumps(seed)}"))


@pytest.mark.parametrize("log", [{"0": {}}, "roll", 3])
def test_log_not_a_list(log):
    refused(doc(log=log), "log must be a list of entries")


def test_an_entry_by_the_wrong_seat():
    data = doc()
    data["log"][5]["by"] = 0  # seat 1 is to move after seat 0's hold
    refused(
        data,
        r"log entry 5 \(\{\"by\": 0, \"do\": \{\"type\": \"roll\"\}\}\) is refused: "
        r"it is player 1's turn, not 0's",
    )


def test_an_illegal_action_names_its_entry():
    data = doc()
    data["log"][5] = {"by": 1, "do": {"type": "hold"}}  # seat 1 has nothing to bank yet
    refused(
        data,
        r'^log entry 5 \(\{"by": 1, "do": \{"type": "hold"\}\}\) is refused: '
        r"Hold\(\) is not legal for player 1 here$",
    )


@pytest.mark.parametrize(
    ("k", "entry", "message"),
    [
        (1, {"by": "chance", "do": {"type": "die", "face": 9}}, "a die shows 1 to 6, not 9"),
        (1, {"by": 0, "do": {"type": "roll"}}, "it is the dice's turn, not 0's"),
        (3, {"by": "chance", "do": {"type": "roll"}}, "not a possible dice outcome"),
        (2, {"by": "chance", "do": {"type": "die", "face": 3}}, "no dice are rolling"),
        (4, {"by": 0, "do": {"type": "fly"}}, 'unknown action type "fly"'),
        (4, {"by": 0}, "a log entry must be"),
        (4, "hold", "a log entry must be"),
        (6, {"by": True, "do": {"type": "die", "face": 3}}, '"by" must be a seat number or "chance"'),
        (5, {"by": 1, "do": {"type": "roll", "really": True}}, r'unknown field\(s\) \["really"\]'),
    ],
)
def test_each_bad_entry_is_named(k, entry, message):
    data = doc()
    data["log"][k] = entry
    refused(data, rf"^log entry {k} \(.*\) is refused: .*{message}")


def test_an_entry_after_the_end():
    data = doc(options={"target": 8})
    data["log"] = data["log"][:5] + [{"by": 1, "do": {"type": "roll"}}]
    refused(data, r"log entry 5 .* is refused: the game is over")


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_edit_of_an_entry_loads_or_is_refused_by_name(data):
    """Corrupting entry k never ends in another exception or an impossible position: the save loads,
    or is refused at entry k or a later one (a legal but different move may make the next one illegal)."""
    document = doc()
    k = data.draw(st.integers(0, len(document["log"]) - 1))
    document["log"][k] = data.draw(
        st.one_of(
            st.fixed_dictionaries(
                {
                    "by": st.sampled_from([0, 1, 2, -1, "chance", None]),
                    "do": st.sampled_from(
                        [{"type": "roll"}, {"type": "hold"}] + [{"type": "die", "face": f} for f in range(8)]
                    ),
                }
            ),
            st.none(),
            st.integers(),
            st.lists(st.integers(), max_size=2),
        )
    )
    try:
        loaded = save.from_json(document)
    except SaveFormatError as error:
        named = re.match(r"log entry (\d+) \(", str(error))
        assert named and int(named[1]) >= k, str(error)
    else:
        assert save.loads(loaded.dumps()).match.state == loaded.match.state


def test_the_format_constant():
    assert FORMAT == "dicehall.save/1"
