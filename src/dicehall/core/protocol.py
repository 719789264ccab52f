"""The shape of a game position, shared by rules, match, AI and UI.

A state is immutable: ``apply`` returns a new state. ``apply`` trusts its caller (the AI's fast path);
``step`` checks legality first and is what the match and the UI use.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from dicehall.core.errors import IllegalActionError
from dicehall.core.limits import quote


class NodeKind(enum.Enum):
    DECISION = "decision"  # a player must choose an action
    CHANCE = "chance"  # dice are in the air: an outcome must be drawn
    TERMINAL = "terminal"  # the game is over


@dataclass(frozen=True, slots=True)
class Outcome:
    """The human-facing result of a finished game: who won (several on a tie, none when the rules say a
    tie is lost by all) and the final scores."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]

    @property
    def tie(self) -> bool:
        return len(self.winners) > 1


A_co = TypeVar("A_co", covariant=True)  # the actions of a game's players
A = TypeVar("A")


class State(Protocol[A_co]):
    """A game position, generic in the type of its players' actions (``State[Place | Pass]``). Chance
    outcomes and the argument of ``apply`` stay ``Any``: ``apply`` takes either."""

    @property
    def kind(self) -> NodeKind: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def num_players(self) -> int: ...

    def legal_actions(self) -> Sequence[A_co]: ...

    def chance_outcomes(self) -> Sequence[tuple[Any, Fraction]]: ...

    def apply(self, step: Any) -> State[A_co]: ...

    def returns(self) -> tuple[float, ...]: ...

    def scores(self) -> tuple[float, ...]: ...

    def outcome(self) -> Outcome | None: ...

    def view(self) -> dict[str, Any]: ...

    # Optional: ``side_actions() -> Sequence[tuple[int, Any]]``, actions that a seat other than the one
    # to move may play now (Charidice's grande donation). Games without them simply omit the method.


def side_actions(state: State[A]) -> tuple[tuple[int, A], ...]:
    """The (seat, action) pairs that seats other than ``to_move`` may play now (usually none)."""
    method = getattr(state, "side_actions", None)
    return tuple(method()) if method is not None and state.kind is NodeKind.DECISION else ()


def step(state: State[A], action: Any, seat: int | None = None) -> State[A]:
    """Apply ``action`` (a player's action or a chance outcome) after checking that it is legal here.

    ``seat`` names who plays it when that may not be the seat to move (a side action); None means the
    seat to move.

    :raises IllegalActionError: the game is over, or the action is not legal at this node for that seat.
    """
    if state.kind is NodeKind.TERMINAL:
        raise IllegalActionError(f"the game is over; {quote(action)} cannot be played")
    if seat is not None and (state.kind is not NodeKind.DECISION or seat != state.to_move):
        if (seat, action) not in side_actions(state):
            raise IllegalActionError(f"{quote(action)} is not open to player {seat} here")
        return state.apply(action)
    if state.kind is NodeKind.CHANCE:
        if all(action != outcome for outcome, _ in state.chance_outcomes()):
            raise IllegalActionError(f"{quote(action)} is not a possible dice outcome here")
    elif action not in state.legal_actions():
        raise IllegalActionError(f"{quote(action)} is not legal for player {state.to_move} here")
    return state.apply(action)


def winners_of(scores: Sequence[float]) -> tuple[int, ...]:
    """Every seat holding the best score: ties share the victory."""
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def ranking_of(scores: Sequence[int]) -> list[tuple[int, int, int]]:
    """(rank, seat, score) best first, seats in order within a score; equal scores share a rank
    (competition ranking: 1, 1, 3)."""
    order = sorted(range(len(scores)), key=lambda p: (-scores[p], p))
    out: list[tuple[int, int, int]] = []
    for i, p in enumerate(order):
        rank = out[-1][0] if out and scores[p] == out[-1][2] else i + 1
        out.append((rank, p, scores[p]))
    return out


class BestScoreWins:
    """``returns()`` and ``outcome()`` for a game won by the best of its ``scores()`` (ties share the win),
    known only once the game is over. Mixed into a game's frozen state dataclass."""

    __slots__ = ()

    def returns(self: Any) -> tuple[float, ...]:
        if self.kind is not NodeKind.TERMINAL:
            players: int = self.num_players
            return (0.0,) * players
        return returns_of(self.scores())

    def outcome(self: Any) -> Outcome | None:
        if self.kind is not NodeKind.TERMINAL:
            return None
        scores = self.scores()
        return Outcome(winners_of(scores), scores)


def returns_of(scores: Sequence[float]) -> tuple[float, ...]:
    """Win = 1 shared among tied winners, loss = 0: the value generic AI maximises."""
    winners = winners_of(scores)
    return tuple(1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(scores)))
