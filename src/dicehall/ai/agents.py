"""Baseline agents that work for any game: random, greedy (one ply) and depth-limited expectimax.

``evaluate(state) -> tuple[float, ...]`` is a game's heuristic: one value per seat, higher is better
for that seat; it must also rate finished games (a win far above any unfinished position).
Chance nodes are averaged exactly, even at the horizon; each seat maximises its own component.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from dicehall.ai.agent import Search, SearchAgent
from dicehall.core.protocol import NodeKind

Evaluate = Callable[[Any], tuple[float, ...]]


class RandomAgent(SearchAgent):
    def __init__(self, rng: random.Random, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rng = rng

    def search(self, state: Any) -> Search:
        return self.rng.choice(list(state.legal_actions()))
        yield  # a generator that finishes at once

    def wants_side_action(self, _state: Any, _seat: int, _action: Any) -> bool:
        """A side action is taken now and then, at random (a third of the times it is open)."""
        return self.rng.random() < 1 / 3


class ExpectimaxAgent(SearchAgent):
    """Depth-limited expectimax (depth counts decisions). Ties between equal actions are broken by
    the agent's own seeded generator, so a seat's play is reproducible but not predictable."""

    def __init__(self, evaluate: Evaluate, depth: int, rng: random.Random, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.evaluate, self.depth, self.rng = evaluate, depth, rng

    def search(self, state: Any) -> Search:
        me = state.to_move
        actions = list(state.legal_actions())
        self.rng.shuffle(actions)
        best_value, best = float("-inf"), actions[0]
        for action in actions:
            values = yield from self._value(state.apply(action), self.depth - 1)
            if values[me] > best_value:
                best_value, best = values[me], action
        return best

    def _value(self, state: Any, depth: int) -> Search:
        yield
        if state.kind is NodeKind.CHANCE:  # dice are averaged even at the horizon
            total = [0.0] * state.num_players
            for outcome, p in state.chance_outcomes():
                values = yield from self._value(state.apply(outcome), depth)
                for seat, v in enumerate(values):
                    total[seat] += float(p) * v
            return tuple(total)
        if state.kind is NodeKind.TERMINAL or depth <= 0:
            return self.evaluate(state)
        mover = state.to_move
        best: tuple[float, ...] | None = None
        for action in state.legal_actions():
            values = yield from self._value(state.apply(action), depth - 1)
            if best is None or values[mover] > best[mover]:
                best = values
        assert best is not None
        return best


class GreedyAgent(ExpectimaxAgent):
    """One ply: the action whose (expected) evaluation is best for the mover right now."""

    def __init__(self, evaluate: Evaluate, rng: random.Random, **kwargs: Any) -> None:
        super().__init__(evaluate, 1, rng, **kwargs)
