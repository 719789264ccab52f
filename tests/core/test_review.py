"""The game review (core/review.py) against Pig to 10, whose winning chances are computed exactly here
(value iteration): every figure can then be checked to the last decimal. Values lost are never
negative, a best action loses nothing, the luck of a roll averages to zero over its outcomes, the
figures of every seat add up to its result exactly, and a review built in slices is the one built at
once."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicehall.cli.simulate import play_out
from dicehall.core import registry
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.core.review import (
    MARKS,
    RATINGS,
    WIN,
    Review,
    Scale,
    amount,
    evaluator_for,
    node_value,
    outcome_values,
    review,
    verdict,
)

from .toygame import GAME, Die, Hold, PigOptions, PigState, Roll

TARGET = 10
OPTIONS = PigOptions(players=2, target=TARGET)
SCALE = Scale(marks=(0.02, 0.05, 0.1), ratings=(0.002, 0.004, 0.007, 0.011, 0.016, 0.024, 0.035), tolerance=0.0)


@cache
def chances() -> dict[tuple[int, int, int], float]:
    """P(the player to move wins) for (his banked points, the other's, his turn total), by value iteration."""
    p = {(i, j, k): 0.5 for i in range(TARGET) for j in range(TARGET) for k in range(TARGET - i)}
    for _ in range(500):
        change = 0.0
        for (i, j, k), old in p.items():
            new = max(_roll(p, i, j, k), _hold(p, i, j, k) if k else 0.0)
            change = max(change, abs(new - old))
            p[i, j, k] = new
        if change < 1e-15:
            break
    return p


def _hold(p: dict[tuple[int, int, int], float], i: int, j: int, k: int) -> float:
    return 1.0 if i + k >= TARGET else 1.0 - p[j, i + k, 0]


def _roll(p: dict[tuple[int, int, int], float], i: int, j: int, k: int) -> float:
    total = 1.0 - p[j, i, 0]  # a 1: the turn passes
    for face in range(2, 7):
        total += 1.0 if i + k + face >= TARGET else p[i, j, k + face]  # past the target: hold and win
    return total / 6.0


def chance_of(state: PigState) -> tuple[float, float]:
    """Each seat's exact chance at a decision node or a terminal one."""
    if state.kind is NodeKind.TERMINAL:
        return tuple(state.returns())  # type: ignore[return-value]
    me = state.player
    i, j, k = state.banked[me], state.banked[1 - me], state.turn_total
    mine = 1.0 if i + k >= TARGET else max(_roll(chances(), i, j, k), _hold(chances(), i, j, k) if k else 0.0)
    return (mine, 1.0 - mine) if me == 0 else (1.0 - mine, mine)


class PigEvaluator:
    unit = WIN
    scale = SCALE

    def result(self, state: PigState) -> tuple[float, ...]:
        return tuple(state.returns())

    def exact(self, state: PigState) -> bool:
        return True

    def chance_value(self, state: PigState) -> tuple[float, ...]:
        values = [chance_of(state.apply(o)) for o, _ in state.chance_outcomes()]
        return tuple(sum(v[s] for v in values) / 6.0 for s in range(2))

    def action_values(self, state: PigState) -> list[tuple[Any, tuple[float, ...]]]:
        out = []
        for action in state.legal_actions():
            child = state.apply(action)
            out.append((action, self.chance_value(child) if child.kind is NodeKind.CHANCE else chance_of(child)))
        return out


class BestAgent:
    """Plays the exact best action (what the review calls "best")."""

    def start(self, state: PigState) -> None:
        values = PigEvaluator().action_values(state)
        self.choice = max(values, key=lambda item: item[1][state.player])[0]

    def think(self, budget: float) -> bool:
        return True

    def choose(self) -> Any:
        return self.choice


def played(levels: tuple[str, str], seed: str) -> Match:
    agents = [
        BestAgent() if lv == "best" else GAME.make_agent(lv, s, random.Random(f"{seed}/{s}"))
        for s, lv in enumerate(levels)
    ]
    return play_out(Match(GAME, OPTIONS, seed), agents)


# --- decisions ------------------------------------------------------------------------------------
def test_a_decision_names_the_best_action_and_what_the_one_played_lost():
    match = Match(GAME, OPTIONS, "s")
    match.submit(Roll())
    match.force(Die(6))  # 6 in the turn, 0 banked
    match.submit(Hold())  # holding 6 of 10 at once is worse than rolling on (the exact values say)
    item = Review(match, PigEvaluator()).run().items[-1]
    values = dict(PigEvaluator().action_values(match.state_at(2)))
    roll, hold = values[Roll()][0], values[Hold()][0]
    assert roll > hold
    assert item["best"] == {"type": "roll"} and item["played"] == {"type": "hold"}
    assert item["lost"] == pytest.approx(roll - hold, abs=1e-6)
    assert item["mark"] == SCALE.mark(roll - hold) != "best"
    assert [v["action"] for v in item["values"]] == [{"type": "roll"}, {"type": "hold"}]  # best first


def test_the_marks_and_the_ratings_follow_the_thresholds():
    assert [SCALE.mark(x) for x in (0.0, 0.01, 0.02, 0.05, 0.1, 0.5)] == [*MARKS, "blunder"]
    words = [word for word, _ in RATINGS]
    assert SCALE.rating(0.0) == "supernatural" and SCALE.rating(0.003) == "world_class"
    assert SCALE.rating(0.034) == "beginner" and SCALE.rating(0.2) == "awful"
    assert [SCALE.rating(x) for x in (0.001, 0.003, 0.005, 0.009, 0.013, 0.02, 0.03, 0.05)] == words


@pytest.mark.parametrize("levels", [("easy", "normal"), ("expert", "easy"), ("best", "normal")])
def test_every_seat_adds_up_to_its_result_exactly(levels):
    match = played(levels, "adds-up")
    data = review(match, PigEvaluator())
    assert data["done"] and data["over"] and data["reviewed"] == match.ply
    assert len(data["decisions"]) + len(data["chances"]) == match.ply
    for seat in data["seats"]:
        parts = seat["start"] + seat["luck"] + seat["skill"] + seat["others"]
        assert seat["drift"] == pytest.approx(0.0, abs=1e-5)
        assert seat["result"] == pytest.approx(parts, abs=1e-5)
        assert seat["result"] == match.state.returns()[seat["seat"]]
        assert seat["adjusted"] == pytest.approx(seat["result"] - seat["luck"], abs=1e-6)
    assert data["seats"][0]["start"] == pytest.approx(chance_of(PigState.initial(OPTIONS))[0], abs=1e-6)


def test_the_best_player_loses_nothing_and_a_random_one_does():
    data = review(played(("best", "easy"), "best"), PigEvaluator())
    best, easy = data["seats"]
    assert best["lost"] == 0.0 and best["marks"]["best"] == best["decisions"] > 0
    assert easy["lost"] > 0.0
    for item in data["decisions"]:
        assert item["lost"] >= 0.0
        assert (item["lost"] == 0.0) == (item["mark"] == "best")
        assert item["change"][item["by"]] == pytest.approx(-item["lost"], abs=1e-6)


def test_a_forced_decision_is_not_counted():
    data = review(played(("easy", "easy"), "forced"), PigEvaluator())
    forced = [d for d in data["decisions"] if d["forced"]]
    assert forced and all(len(d["values"]) == 1 and d["lost"] == 0.0 for d in forced)
    counted = sum(s["decisions"] for s in data["seats"])
    assert counted == len(data["decisions"]) - len(forced)


# --- chance ---------------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.integers(0, TARGET - 1), st.integers(0, TARGET - 1), st.integers(0, TARGET - 1), st.integers(0, 1))
def test_the_luck_of_a_roll_averages_to_zero_over_its_outcomes(i, j, k, mover):
    banked = (i, j) if mover == 0 else (j, i)
    state = PigState(OPTIONS, banked, mover, min(k, TARGET - 1 - i), rolling=True)
    outcomes = outcome_values(PigEvaluator(), state)
    assert sum(p for _, p, _ in outcomes) == pytest.approx(1.0)
    for seat in (0, 1):
        expected = sum(p * v[seat] for _, p, v in outcomes)
        assert sum(p * (v[seat] - expected) for _, p, v in outcomes) == pytest.approx(0.0, abs=1e-12)
        assert expected == pytest.approx(PigEvaluator().chance_value(state)[seat], abs=1e-12)


def test_a_roll_luck_is_its_value_against_the_average():
    match = played(("normal", "normal"), "luck")
    data = review(match, PigEvaluator())
    for item in data["chances"]:
        state = match.state_at(item["ply"])
        expected = PigEvaluator().chance_value(state)
        got = node_value(PigEvaluator(), match.state_at(item["ply"] + 1))
        assert item["luck"] == pytest.approx([g - e for g, e in zip(got, expected)], abs=1e-6)
        assert sum(item["luck"]) == pytest.approx(0.0, abs=1e-6)  # what one seat wins the other loses


# --- driving and results --------------------------------------------------------------------------
def test_a_review_in_slices_is_the_review_at_once():
    match = played(("easy", "normal"), "slices")
    ticks = iter(range(10**6))
    slices = Review(match, PigEvaluator())
    rounds = 0
    while not slices.think(0.5, lambda: next(ticks)):  # the clock moves one tick per call: tiny slices
        rounds += 1
        partial = slices.to_json()
        assert not partial["done"] and partial["reviewed"] < match.ply
    assert rounds > 3
    assert slices.to_json() == review(match, PigEvaluator())


def test_an_unfinished_game_is_reviewed_to_where_it_stands():
    match = played(("easy", "easy"), "unfinished").prefix(9)
    data = review(match, PigEvaluator())
    assert data["done"] and not data["over"] and data["reviewed"] == 9
    for seat in data["seats"]:
        assert seat["result"] == pytest.approx(node_value(PigEvaluator(), match.state)[seat["seat"]], abs=1e-6)


def test_the_verdict_says_the_loss_per_decision_its_rating_and_the_dice_in_both_languages():
    summary = {"seat": 0, "decisions": 12, "lost_per_decision": 0.009, "rating": "advanced", "luck": 0.12}
    assert verdict(summary, WIN, "en", "Anna") == (
        "Anna lost 0.9 % of winning chances per decision (advanced); the dice gave +12.0 %."
    )
    assert verdict(summary, WIN, "fr") == (
        "Joueur 1 a perdu 0,9\u00a0% de chances de gagner par décision (confirmé) ; les dés ont apporté +12,0\u00a0%."
    )
    summary["luck"] = -0.031
    assert verdict(summary, WIN, "en").endswith("the dice cost 3.1 %.")
    assert amount(-0.031, WIN, "fr") == "−3,1\u00a0%"
    data = review(played(("easy", "normal"), "verdict"), PigEvaluator(), names=["Anna", "Ben"])
    assert data["seats"][1]["verdict"]["en"].startswith("Ben lost ")
    assert data["seats"][1]["verdict"]["fr"].startswith("Ben a perdu ")


def test_the_review_is_plain_json():
    import json

    data = review(played(("easy", "expert"), "json"), PigEvaluator())
    assert json.loads(json.dumps(data)) == data
    assert data["unit"] == {
        "id": "win",
        "label": {"fr": "de chances de gagner", "en": "of winning chances"},
        "percent": True,
    }
    first = data["decisions"][0]
    assert set(first) >= {"ply", "by", "played", "best", "values", "lost", "mark"}
    assert set(data["chances"][0]) >= {"ply", "luck"}
    assert set(data["seats"][0]) >= {"decisions", "lost_per_decision", "rating", "luck", "result", "adjusted"}


def test_a_game_without_an_evaluator_says_so():
    with pytest.raises(ValueError, match="pig has no game review"):
        evaluator_for(Match(GAME, OPTIONS, "x"))


def test_a_game_finds_its_evaluator_through_its_spec():
    declared = [spec for spec in registry.CATALOGUE if spec.review]
    assert {"paradice", "indecix", "charidice"} <= {spec.id for spec in declared}
    for spec in declared:
        assert spec.review == f"dicehall.games.{spec.id}.review"
        game = registry.load(spec.id)
        evaluator = evaluator_for(Match(game, game.options_from_json({}), "x"))
        assert evaluator.unit.id in ("win", "match", "points") and len(evaluator.scale.ratings) == 7


# --- the command line -----------------------------------------------------------------------------
def _saved(tmp_path, game_id: str, levels: tuple[str, ...], seed: str, options: dict[str, Any] | None = None):
    from dicehall.cli.simulate import play
    from dicehall.core.save import SavedGame, Seat

    game = registry.load(game_id)
    match = play(game, game.options_from_json(options or {}), list(levels), seed, 0)
    seats = [Seat(f"Seat {s}", "ai", lv) for s, lv in enumerate(levels)]
    path = tmp_path / f"{game_id}.json"
    path.write_text(SavedGame(match, seats).dumps(), encoding="utf-8")
    return path, match


def test_the_command_prints_the_review_as_json_or_as_text(tmp_path, capsys):
    import json

    from dicehall.cli import main

    path, match = _saved(tmp_path, "indecix", ("normal", "easy"), "cli")
    assert main(["review", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "indecix" and data["done"] and data["reviewed"] == match.ply
    assert data["seats"][0]["verdict"]["en"].startswith("Seat 0 lost ")
    assert main(["review", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "indecix review, in winning chances"
    assert out[1].startswith("Seat 0: ") and out[2].startswith("Seat 1: ")


def test_the_command_refuses_a_bad_save_in_one_line(tmp_path, capsys):
    from dicehall.cli import main

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "dicehall.save/1"}', encoding="utf-8")
    assert main(["review", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"dicehall: {bad} is not a valid save") and err.count("\n") == 1
