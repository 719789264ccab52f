"""Mutated and hostile documents through the code paths the page uses: ``window.dicehall.load()`` (the
bridge), a stored game read at boot, and stored settings and statistics. Nothing may raise but the
documented refusals, and a refusal never changes the stored game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicehall.app.app import App
from dicehall.app.persistence import CURRENT, PREVIOUS, SETTINGS, STATS, UNREADABLE
from dicehall.app.storage import MemoryStorage
from dicehall.core import limits, registry
from dicehall.core.match import Match
from dicehall.core.save import SavedGame, Seat
from dicehall.web.bridge import Bridge

GAMES = tuple(spec.id for spec in registry.CATALOGUE)
DEEP = "\u2063DEEP\u2063"  # a placeholder string replaced by deep nesting in the JSON text


def config(**params: str) -> dict[str, Any]:
    return {"lang": "en", "params": params, "width": 900, "height": 640, "embedded": False}


def a_save(game_id: str, plies: int = 12, seed: str = "hostile") -> dict[str, Any]:
    """A real save of ``game_id`` a few plies in (humans at every seat, random legal decisions)."""
    game = registry.load(game_id)
    options = game.options_from_json({})
    match = Match(game, options, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        state = match.state
        if state.kind.value == "chance":
            match.roll()
        elif state.kind.value == "decision":
            match.submit(rng.choice(list(state.legal_actions())))
        else:
            break
    return SavedGame(match, [Seat(f"P{i}") for i in range(game.num_players(options))]).to_json()


SAVES = {game_id: a_save(game_id) for game_id in GAMES}

WRONG = st.sampled_from(
    [None, True, False, 0, -1, 1.5, 10**30, "", "x", [], {}, [1], {"a": 1}, [[[]]], "chance", {"type": "roll"}]
)


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value in ``doc`` (the root excluded)."""
    out = []
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in items:
        out.append(prefix + (key,))
        out.extend(paths(value, prefix + (key,)))
    return out


def with_value(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(doc))
    target = copy
    for key in path[:-1]:
        target = target[key]
    if value is _REMOVE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return copy


_REMOVE = object()


@st.composite
def hostile_save(draw: st.DrawFn) -> str:
    """The JSON text of a real save with one hostile change."""
    game_id = draw(st.sampled_from(GAMES))
    doc = SAVES[game_id]
    kind = draw(st.sampled_from(["wrong", "remove", "deep", "huge", "long-log", "extra-key"]))
    path = draw(st.sampled_from(paths(doc)))
    depth = draw(st.sampled_from([33, 200, 5000]))
    if kind == "wrong":
        doc = with_value(doc, path, draw(WRONG))
    elif kind == "remove":
        doc = with_value(doc, path, _REMOVE)
    elif kind in ("deep", "huge"):
        doc = with_value(doc, path, DEEP if kind == "deep" else "é" * draw(st.sampled_from([41, 201, 100_000])))
    elif kind == "long-log":
        doc = {**doc, "log": doc["log"] * (limits.MAX_LOG_ENTRIES // max(1, len(doc["log"])) + 1)}
    else:
        doc = with_value(doc, path[:1] + ("surplus",) if isinstance(doc.get(path[0]), dict) else ("surplus",), 1)
    return json.dumps(doc, ensure_ascii=False).replace(json.dumps(DEEP), "[" * depth + "]" * depth)


def stored_game() -> tuple[MemoryStorage, str]:
    storage = MemoryStorage()
    bridge = Bridge(storage, config())
    answer = json.loads(bridge.api_new_game("indecix", json.dumps({"seed": "kept"})))
    assert answer == {"ok": True}
    return storage, storage.items[CURRENT]


@settings(max_examples=150)
@given(hostile_save())
def test_load_refuses_or_accepts_and_a_refusal_changes_nothing(text):
    storage, before = stored_game()
    bridge = Bridge(storage, config())
    state = bridge.api_state()
    answer = json.loads(bridge.api_load(text))
    if "error" in answer:
        assert "\n" not in answer["error"] and len(answer["error"]) < 600
        assert not answer["error"].startswith("internal error"), answer["error"]
        assert storage.items[CURRENT] == before
        assert bridge.api_state() == state
    else:
        assert answer == {"ok": True}
        assert storage.items[PREVIOUS] == before  # the replaced game is kept
        json.loads(bridge.api_save())
        bridge.app.frame(0)


@settings(max_examples=150)
@given(hostile_save())
def test_a_stored_hostile_game_boots_and_is_either_resumed_or_set_aside(text):
    storage = MemoryStorage({CURRENT: text})
    app = App(storage, config())
    app.frame(0)
    if app.session is None:
        aside = [k for k in storage.items if k.startswith(UNREADABLE)]
        assert [storage.items[k] for k in aside] == [text]
        assert CURRENT not in storage.items
        assert app.shell.persist.problems[0].what == "unreadable_moved"
        assert "\n" not in app.shell.persist.problems[0].detail
    else:
        assert app.shell.screen == "game"
        app.api.advance(0.01)
        app.frame(16)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**12) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
SETTING_KEYS = st.sampled_from(["lang", "speed", "display", "setup", "other"])
STAT_KEYS = st.sampled_from([*GAMES, "other"])
GOOD_SETTINGS = {
    "lang": "en",
    "speed": "fast",
    "display": {"indecix": {"hints": False}},
    "setup": {"charidice": {"seats": [{"name": "Léa", "kind": "human"}], "options": {}}},
}
GOOD_STATS = {"indecix": {"played": 3, "won": 1, "lost": 2, "tied": 0}}


def documents(keys: st.SearchStrategy[str], good: dict[str, Any]) -> st.SearchStrategy[Any]:
    nested_bad = st.builds(lambda k, v: {k: {"indecix": v}}, keys, JSON)
    return st.one_of(
        JSON,
        st.dictionaries(keys, JSON, max_size=5),
        nested_bad,
        st.builds(lambda k, v: {**good, k: v}, keys, JSON),
    )


def finished_indecix() -> Any:
    app = App(MemoryStorage(), config())
    app.api.new_game("indecix", {"seed": "end", "seats": [{"kind": "ai", "level": "easy"}] * 2})
    while app.api.busy():
        app.api.advance(1.0)
    assert app.session is not None and app.session.over
    return app.session.state


FINISHED = finished_indecix()


@settings(max_examples=150)
@given(documents(SETTING_KEYS, GOOD_SETTINGS), documents(STAT_KEYS, GOOD_STATS))
def test_settings_and_statistics_of_any_shape_never_stop_the_app(settings_doc, stats_doc):
    storage, before = stored_game()
    storage.items[SETTINGS] = json.dumps(settings_doc)
    storage.items[STATS] = json.dumps(stats_doc)
    app = App(storage, config())
    assert app.shell.screen == "game" and storage.items[CURRENT] == before  # resumed, untouched
    for game_id in GAMES:
        app.setup.open(game_id)
        app.frame(0)
        app.command("dialog", "options")
        app.frame(0)
    app.command("dialog", "stats")
    app.frame(0)
    app.command("speed", "slow")
    assert app.api.new_game("charidice", {}) == {"ok": True}
    app.command("display:hints", None)
    app.command("dialog", "options")
    app.frame(0)
    app.game.game_over(FINISHED)
    assert json.loads(storage.items[STATS])["charidice"]["played"] >= 1
    if not isinstance(settings_doc, dict) or not isinstance(stats_doc, dict):
        assert any(k.startswith(UNREADABLE) for k in storage.items)


@pytest.mark.parametrize(
    "doc, dropped",
    [
        ({"display": 5, "lang": "en"}, ["display"]),
        ({"display": {"charidice": 5}}, ["display"]),
        ({"speed": "warp", "setup": []}, ["setup", "speed"]),
    ],
)
def test_a_repaired_settings_document_is_kept_aside_and_said(doc, dropped):
    storage = MemoryStorage({SETTINGS: json.dumps(doc)})
    app = App(storage, config())
    assert all(key not in app.shell.settings for key in dropped)
    problem = app.shell.persist.problems[0]
    assert problem.what == "repaired_moved" and problem.detail == ", ".join(dropped)
    assert json.loads(storage.items[problem.key]) == doc
    assert "invalid values" in app.frame(0)["dom"]


def test_statistics_with_wrong_types_count_again_from_zero_when_a_game_ends():
    storage = MemoryStorage({STATS: json.dumps({"indecix": 5, "charidice": {"played": 2}})})
    app = App(storage, config())
    app.api.new_game("indecix", {"seats": [{"kind": "human"}, {"kind": "ai"}]})
    app.game.game_over(FINISHED)
    stats = json.loads(storage.items[STATS])
    assert stats["charidice"] == {"played": 2}
    assert stats["indecix"]["played"] == 1 and sum(stats["indecix"][k] for k in ("won", "lost", "tied")) == 1


@pytest.mark.parametrize(
    "path",
    [
        ("format",),
        ("game",),
        ("rules_version",),
        ("options",),
        ("seats",),
        ("seed",),
        ("log",),
        ("seats", 0),
        ("seats", 0, "name"),
        ("seats", 0, "kind"),
        ("seats", 0, "level"),
        ("seats", 0, "colour"),
        ("log", 0),
        ("log", 0, "by"),
        ("log", 0, "do"),
        ("options", "rules"),
    ],
)
@pytest.mark.parametrize("value", ["é" * 100_000, DEEP, [1] * 50_000, {"k": "v" * 300}])
def test_every_field_of_a_save_is_refused_in_one_short_line(path, value):
    """Each field in turn holds a huge string, deep nesting, a long list or an object: the refusal quotes
    no more than a few dozen characters of it."""
    text = json.dumps(with_value(SAVES["paradice"], path, value)).replace(json.dumps(DEEP), "[" * 3000 + "]" * 3000)
    answer = json.loads(Bridge(MemoryStorage(), config()).api_load(text))
    if path == ("seats", 0, "level") and isinstance(value, list):
        assert answer == {"ok": True}  # a human seat's level is an extra key, kept as it is (within limits)
        return
    assert "error" in answer
    assert "\n" not in answer["error"] and len(answer["error"]) < 400, answer["error"][:500]
