"""The agent protocol: ``start(state)``, then ``think(budget)`` until it returns True, then ``choose()``.

Searches are written as generators that ``yield`` between small units of work; ``think`` resumes the
generator until its time budget is spent. In the browser the host calls ``think`` once per frame with a
few milliseconds, so a long search never blocks the page; under CPython ``decide`` runs it to the end.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Any, Protocol

Search = Generator[None, None, Any]


class Agent(Protocol):
    def start(self, state: Any) -> None: ...

    def think(self, budget: float) -> bool: ...

    def choose(self) -> Any: ...


class SearchAgent:
    """Base class: subclasses implement ``search(state)`` as a generator returning the chosen action."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self._search: Search | None = None
        self._choice: Any = None
        self._done = False

    def search(self, state: Any) -> Search:
        raise NotImplementedError

    def start(self, state: Any) -> None:
        legal = state.legal_actions()
        self._choice, self._done = None, False
        if len(legal) == 1:  # nothing to think about
            self._choice, self._done, self._search = legal[0], True, None
        else:
            self._search = self.search(state)

    def think(self, budget: float) -> bool:
        """Work for about ``budget`` seconds; True once a choice is ready."""
        if self._done:
            return True
        assert self._search is not None, "start() first"
        deadline = self._clock() + budget
        try:
            while True:
                next(self._search)
                if self._clock() >= deadline:
                    return False
        except StopIteration as stop:
            self._choice, self._done, self._search = stop.value, True, None
            return True

    def choose(self) -> Any:
        if not self._done:
            raise RuntimeError("the agent has not finished thinking")
        return self._choice


def decide(agent: Agent, state: Any) -> Any:
    """Run an agent to completion (CPython, tests, simulations)."""
    agent.start(state)
    while not agent.think(1.0):
        pass
    return agent.choose()


def side_choice(state: Any, agent_of: Callable[[int], Any | None]) -> tuple[int, Any] | None:
    """The first side action (see ``core.protocol.side_actions``) that a computer seat wants to play now.

    ``agent_of(seat)`` gives the seat's agent, or None for a human seat. An agent takes side actions
    through an optional ``wants_side_action(state, seat, action) -> bool``; without it, it never does.
    Side decisions are quick (no time slicing): a yes or no on one action.
    """
    from dicehall.core.protocol import side_actions  # the AI package does not otherwise need core

    for seat, action in side_actions(state):
        agent = agent_of(seat)
        wants = getattr(agent, "wants_side_action", None) if agent is not None else None
        if wants is not None and wants(state, seat, action):
            return seat, action
    return None
