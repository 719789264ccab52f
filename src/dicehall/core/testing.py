"""Protocol conformance by random simulation, for any registered game (cf. OpenSpiel's random_sim_test).

``check_game(game, options, games=N, seed=S)`` plays N games with random decisions and the match's own
dice, and checks at every node what every game must guarantee:

- a decision node has a seat to move and at least one legal action, all distinct;
- a chance node lists distinct outcomes with probabilities > 0 that sum to exactly 1;
- ``apply`` leaves its input unchanged (equal, same hash, to a deep copy taken before);
- every legal action and every dice outcome round-trips through the codec's JSON text;
- ``view()`` is JSON; ``outcome()`` is set at terminal nodes only, with ``num_players`` scores;
- ``returns()`` has ``num_players`` entries at the end; the game ends within ``max_plies``;
- replaying the log through the checked rules meets the live state; the save round-trips.

Failures raise ``AssertionError`` naming the game, the game number, the ply and the state.
``check_action_json`` and ``check_replay_and_save`` are the same checks for one action or one finished
match, and ``play_out`` plays a match to its end with checks at every node and step, for a game's own tests;
``play_sampled`` plays a bare state to its end, for AI tests and benchmarks that play many games.
This module is part of the package so that every game's tests can call it; it is not used at run time.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dicehall.core import registry, save
from dicehall.core.chance import sample_float
from dicehall.core.errors import InvalidActionError
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind, State, side_actions
from dicehall.core.registry import GameDef


@dataclass(frozen=True, slots=True)
class CheckReport:
    games: int
    plies: int  # decisions + dice outcomes, over all games
    decisions: int
    longest: int  # plies of the longest game


def check_game(
    game: GameDef,
    options: Any = None,
    *,
    games: int = 20,
    seed: str | int = 0,
    max_plies: int = 10_000,
    check_save: bool = True,
) -> CheckReport:
    """Play ``games`` random games of ``game`` and check the protocol invariants (see the module doc).

    ``options`` is the options JSON (None: the defaults) or an options object. The save round trip
    goes through ``registry.load(game.id)``, so the game must be registered (tests may monkeypatch).

    :raises AssertionError: naming the first broken invariant.
    """
    if options is None or isinstance(options, dict):
        options = game.options_from_json(dict(options or {}))
    again = game.options_from_json(game.options_to_json(options))
    _check(again == options, f"{game.id}: options do not round-trip through JSON: {options!r} -> {again!r}")
    players = game.num_players(options)
    plies = decisions = longest = 0
    for number in range(games):
        match = Match(game, options, f"{seed}/{number}")
        where = f"{game.id} game {number} (seed {match.seed!r})"
        rng = random.Random(f"{seed}/{number}/decisions")
        while True:
            state = match.state
            try:
                _check_node(game, players, state)
                if state.kind is NodeKind.TERMINAL:
                    break
                _check(match.ply < max_plies, f"the game did not end within {max_plies} plies")
                before, fingerprint = copy.deepcopy(state), _hash(state)
                sides = side_actions(state)
                if sides and rng.random() < 0.25:  # side actions are taken now and then, as players would
                    seat, action = rng.choice(sides)
                    _check(seat != state.to_move, f"side action {action!r} offered to the seat to move")
                    _check_codec(game, action)
                    match.submit(action, seat)
                    decisions += 1
                elif state.kind is NodeKind.DECISION:
                    match.submit(rng.choice(list(state.legal_actions())))
                    decisions += 1
                else:
                    match.roll()
                _check(state == before and _hash(state) == fingerprint, "apply mutated its input")
            except AssertionError as error:
                raise AssertionError(f"{where}, ply {match.ply}: {error}\n  state: {state!r}") from None
        plies += match.ply
        longest = max(longest, match.ply)
        _check_replay(game, match, where)
        if check_save:
            _check_save(game, match, where)
    return CheckReport(games, plies, decisions, longest)


def check_action_json(codec: Any, action: Any, data: Any) -> None:
    """``action`` is ``data`` in JSON and comes back from it (through the JSON text) equal, of the same
    type and with the same hash."""
    assert codec.to_json(action) == data
    back = codec.from_json(json.loads(json.dumps(data)))
    assert back == action and type(back) is type(action) and hash(back) == hash(action)


def play_out(
    match: Match,
    choose: Callable[[Any], Any],
    check_node: Callable[[Any], None] | None = None,
    check_step: Callable[[Any, Any, Any], None] | None = None,
) -> Match:
    """Play ``match`` to its end: the dice by the match's own chance, the decisions by ``choose(state)``;
    ``check_node(state)`` at every node (the terminal one too) and ``check_step(before, entry, after)``
    after every step (``entry``: the log entry). Returns ``match``."""
    while True:
        state = match.state
        if check_node is not None:
            check_node(state)
        if state.kind is NodeKind.TERMINAL:
            return match
        entry = match.roll() if state.kind is NodeKind.CHANCE else match.submit(choose(state))
        if check_step is not None:
            check_step(state, entry, match.state)


def play_sampled(state: Any, choose: Callable[[Any], Any], dice: random.Random) -> tuple[Any, list[Any]]:
    """Play ``state`` to its end without a match (no log, no checks: many games run quickly): the dice drawn
    from ``dice`` by ``sample_float``, the decisions by ``choose(state)``. Returns the final state and the
    actions chosen, in order."""
    actions = []
    while state.kind is not NodeKind.TERMINAL:
        if state.kind is NodeKind.CHANCE:
            state = state.apply(sample_float(state.chance_outcomes(), dice))
            continue
        action = choose(state)
        actions.append(action)
        state = state.apply(action)
    return state, actions


def check_replay_and_save(game: GameDef, match: Match) -> save.SavedGame:
    """Replaying ``match``'s log (as JSON entries) meets its state, and its save (seat 0 a human "P0", the
    others computers "P1"… at the normal level) reloads to the same state and view and dumps to the same
    text. Returns the reloaded game."""
    replay = Match(game, match.options, match.seed)
    for raw in match.log_json():
        replay.apply_entry(replay.entry_from_json(raw))
    state = match.state
    assert replay.state == state
    seats = [save.Seat(f"P{i}", kind="ai", level="normal") if i else save.Seat("P0") for i in range(state.num_players)]
    text = save.SavedGame(match, seats).dumps()
    loaded = save.loads(text)
    assert loaded.match.state == state and loaded.match.state.view() == state.view() and loaded.dumps() == text
    return loaded


def _check_node(game: GameDef, players: int, state: State[Any]) -> None:
    _check(state.num_players == players, f"num_players is {state.num_players}, the GameDef says {players}")
    try:
        json.dumps(state.view())
    except (TypeError, ValueError) as error:
        raise AssertionError(f"view() is not JSON ({error})") from None
    kind = state.kind
    if kind is NodeKind.DECISION:
        legal = list(state.legal_actions())
        _check(state.to_move in range(players), f"to_move {state.to_move!r} is not a seat")
        _check(bool(legal), "a decision node with no legal action")
        _check(len(set(legal)) == len(legal), f"legal actions repeat: {legal!r}")
        _check(not state.chance_outcomes(), "a decision node lists dice outcomes")
        for action in legal:
            _check_codec(game, action)
    elif kind is NodeKind.CHANCE:
        outcomes = list(state.chance_outcomes())
        _check(state.to_move is None, f"to_move is {state.to_move!r} while dice roll")
        _check(bool(outcomes), "a chance node with no outcome")
        _check(not state.legal_actions(), "a chance node lists legal actions")
        for outcome, p in outcomes:
            _check(isinstance(p, (int, Fraction)) and p > 0, f"probability {p!r} of {outcome!r}")
            _check_codec(game, outcome)
        total = sum((p for _, p in outcomes), Fraction(0))
        _check(total == 1, f"dice probabilities sum to {total}, not 1")
        _check(len({o for o, _ in outcomes}) == len(outcomes), "dice outcomes repeat")
    else:
        _check(state.to_move is None, f"to_move is {state.to_move!r} after the end")
        _check(not state.legal_actions(), "legal actions after the end")
        _check(len(state.returns()) == players, f"returns() must have {players} entries")
    outcome = state.outcome()
    if kind is NodeKind.TERMINAL:
        if outcome is None:
            raise AssertionError("outcome() is None at the end")
        _check(len(outcome.scores) == players, f"outcome scores must have {players} entries")
        _check(  # no winner at all is possible (Dés & Marchands: a tie on coins and power)
            all(w in range(players) for w in outcome.winners),
            f"outcome winners {outcome.winners!r} are not seats",
        )
    else:
        _check(outcome is None, f"outcome() is {outcome!r} before the end")


def _check_codec(game: GameDef, action: Any) -> None:
    try:
        text = json.dumps(game.codec.to_json(action))
        back = game.codec.from_json(json.loads(text))
    except (InvalidActionError, TypeError, ValueError) as error:
        raise AssertionError(f"{action!r} does not round-trip through the codec: {error}") from None
    _check(back == action and type(back) is type(action), f"{action!r} comes back from {text} as {back!r}")


def _check_replay(game: GameDef, match: Match, where: str) -> None:
    replay = Match(game, match.options, match.seed)
    for raw in json.loads(json.dumps(match.log_json())):
        replay.apply_entry(replay.entry_from_json(raw))
    _check(replay.state == match.state, f"{where}: replaying the log does not meet the live state")


def _check_save(game: GameDef, match: Match, where: str) -> None:
    _check(registry.load(game.id) is game, f"{game.id} is not the registered game; register it to check saves")
    seats = [save.Seat(f"P{i + 1}", "ai", "normal") for i in range(game.num_players(match.options))]
    text = save.SavedGame(match, seats).dumps()
    loaded = save.loads(text)
    _check(loaded.match.state == match.state, f"{where}: the save does not reload to the same state")
    _check(loaded.dumps() == text, f"{where}: the save does not round-trip to the same text")


def _hash(state: Any) -> int | None:
    try:
        return hash(state)
    except TypeError:  # an unhashable state is checked by equality alone
        return None


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)
