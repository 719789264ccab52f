"""The generic agents: time slicing with a fake clock, and play quality on the toy game."""

from __future__ import annotations

import random

import pytest

from dicehall.ai import ExpectimaxAgent, GreedyAgent, RandomAgent, SearchAgent, decide
from dicehall.cli.simulate import simulate

from .toygame import GAME, Hold, PigOptions, PigState, Roll, evaluate


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Counting(SearchAgent):
    """Ten units of work, each taking one second of the fake clock; then the last legal action."""

    def __init__(self, clock: FakeClock) -> None:
        super().__init__(clock=clock)
        self.clock, self.done = clock, []

    def search(self, state):
        for unit in range(10):
            self.done.append(unit)
            self.clock.now += 1.0
            yield
        return state.legal_actions()[-1]


AFTER_A_ROLL = PigState(PigOptions(), banked=(0, 0), turn_total=4)  # roll or hold


def test_think_stops_at_the_budget_and_resumes_where_it_stopped():
    clock = FakeClock()
    agent = Counting(clock)
    agent.start(AFTER_A_ROLL)
    assert agent.think(2.5) is False
    assert agent.done == [0, 1, 2]
    with pytest.raises(RuntimeError, match="not finished thinking"):
        agent.choose()
    assert agent.think(3.0) is False
    assert agent.done == [0, 1, 2, 3, 4, 5]
    assert agent.think(100.0) is True
    assert agent.done == list(range(10))
    assert agent.choose() == Hold()
    assert agent.think(1.0) is True  # finished: nothing more to do


def test_a_zero_budget_still_makes_progress():
    clock = FakeClock()
    agent = Counting(clock)
    agent.start(AFTER_A_ROLL)
    rounds = 1
    while not agent.think(0.0):
        rounds += 1
    assert rounds == 11 and agent.choose() == Hold()


def test_start_forgets_the_previous_search():
    clock = FakeClock()
    agent = Counting(clock)
    agent.start(AFTER_A_ROLL)
    agent.think(2.5)
    agent.start(AFTER_A_ROLL)
    agent.done.clear()
    assert decide(agent, AFTER_A_ROLL) == Hold() and agent.done == list(range(10))


def test_a_single_legal_action_needs_no_thought():
    clock = FakeClock()
    agent = Counting(clock)
    agent.start(PigState.initial(PigOptions()))  # only Roll
    assert agent.think(0.0) is True and agent.choose() == Roll() and agent.done == []


def test_expectimax_sliced_by_a_fake_clock_chooses_as_it_does_at_once():
    position = PigState(PigOptions(target=30), banked=(12, 20), turn_total=9)
    at_once = decide(ExpectimaxAgent(evaluate, 3, random.Random(5)), position)
    clock = FakeClock()

    def ticking() -> float:
        clock.now += 0.001
        return clock.now

    sliced = ExpectimaxAgent(evaluate, 3, random.Random(5), clock=ticking)
    sliced.start(position)
    slices = 1
    while not sliced.think(0.01):
        slices += 1
    assert slices > 10 and sliced.choose() == at_once


@pytest.mark.parametrize(
    "make",
    [
        lambda rng: RandomAgent(rng),
        lambda rng: GreedyAgent(evaluate, rng),
        lambda rng: ExpectimaxAgent(evaluate, 2, rng),
    ],
)
def test_agents_choose_legal_actions_reproducibly(make):
    position = PigState(PigOptions(), banked=(3, 7), turn_total=5)
    choices = [decide(make(random.Random(seed)), position) for seed in range(8)]
    assert all(c in position.legal_actions() for c in choices)
    assert choices == [decide(make(random.Random(seed)), position) for seed in range(8)]


def test_random_agent_uses_its_generator():
    position = PigState(PigOptions(), banked=(3, 7), turn_total=5)
    choices = {decide(RandomAgent(random.Random(seed)), position) for seed in range(30)}
    assert choices == {Roll(), Hold()}


@pytest.mark.parametrize("agent", ["greedy", "expectimax1", "expectimax3"])
@pytest.mark.parametrize(("banked", "player", "turn_total"), [((15, 0), 0, 5), ((0, 18), 1, 2), ((19, 19), 0, 1)])
def test_the_obvious_winning_hold(agent, banked, player, turn_total):
    position = PigState(PigOptions(), banked=banked, player=player, turn_total=turn_total)
    make = {
        "greedy": lambda: GreedyAgent(evaluate, random.Random(1)),
        "expectimax1": lambda: ExpectimaxAgent(evaluate, 1, random.Random(1)),
        "expectimax3": lambda: ExpectimaxAgent(evaluate, 3, random.Random(1)),
    }[agent]
    assert decide(make(), position) == Hold()


@pytest.mark.parametrize("levels", [("normal", "random"), ("random", "normal")])
def test_greedy_beats_random(levels):
    summary = simulate(GAME, PigOptions(), levels, games=120, seed="greedy")
    greedy = levels.index("normal")
    assert summary["wins"][greedy] > 0.7 * 120, summary


def test_expectimax_is_not_worse_than_greedy():
    summary = simulate(GAME, PigOptions(), ("expert", "normal"), games=80, seed="deeper")
    assert summary["wins"][0] >= 0.45 * 80, summary
