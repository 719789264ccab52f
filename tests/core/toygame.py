"""Pig to 20 points: the toy game the core and the CLI are tested against.

On your turn roll a die as often as you like: a 1 loses the turn total and passes the turn, any other
face adds to it. Hold (once you have rolled at least once) to bank it. The first to reach the target wins.
Each roll is a chance node with six outcomes.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from dicehall.ai import ExpectimaxAgent, GreedyAgent, RandomAgent
from dicehall.core.chance import uniform
from dicehall.core.codec import Codec
from dicehall.core.protocol import NodeKind, Outcome, returns_of, winners_of
from dicehall.core.registry import GameDef, GameSpec

codec = Codec()


@codec.register("roll")
@dataclass(frozen=True, slots=True)
class Roll:
    """Ask for one more die."""


@codec.register("hold")
@dataclass(frozen=True, slots=True)
class Hold:
    """Bank the turn total and pass the turn."""


@codec.register("die")
@dataclass(frozen=True, slots=True)
class Die:
    """Chance outcome: the face that came up."""

    face: int

    def __post_init__(self) -> None:
        if not 1 <= self.face <= 6:
            raise ValueError(f"a die shows 1 to 6, not {self.face}")


@dataclass(frozen=True, slots=True)
class PigOptions:
    players: int = 2
    target: int = 20

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ValueError(f"players must be 2 to 4, got {self.players}")
        if not 1 <= self.target <= 1000:
            raise ValueError(f"target must be 1 to 1000, got {self.target}")


@dataclass(frozen=True, slots=True)
class PigState:
    options: PigOptions
    banked: tuple[int, ...]
    player: int = 0
    turn_total: int = 0
    rolling: bool = False

    @classmethod
    def initial(cls, options: PigOptions) -> PigState:
        return cls(options, banked=(0,) * options.players)

    @property
    def winner(self) -> int | None:
        return next((p for p, s in enumerate(self.banked) if s >= self.options.target), None)

    @property
    def kind(self) -> NodeKind:
        if self.winner is not None:
            return NodeKind.TERMINAL
        return NodeKind.CHANCE if self.rolling else NodeKind.DECISION

    @property
    def to_move(self) -> int | None:
        return self.player if self.kind is NodeKind.DECISION else None

    @property
    def num_players(self) -> int:
        return self.options.players

    def legal_actions(self) -> tuple[Any, ...]:
        if self.kind is not NodeKind.DECISION:
            return ()
        return (Roll(), Hold()) if self.turn_total else (Roll(),)

    def chance_outcomes(self) -> tuple[tuple[Die, Fraction], ...]:
        if self.kind is not NodeKind.CHANCE:
            return ()
        return uniform([Die(face) for face in range(1, 7)])

    def apply(self, step: Any) -> PigState:
        match step:
            case Roll():
                return replace(self, rolling=True)
            case Die(face=1):
                return replace(self, rolling=False, turn_total=0, player=self._next())
            case Die(face=face):
                return replace(self, rolling=False, turn_total=self.turn_total + face)
            case Hold():
                banked = list(self.banked)
                banked[self.player] += self.turn_total
                player = self.player if banked[self.player] >= self.options.target else self._next()
                return replace(self, banked=tuple(banked), turn_total=0, player=player)
        raise TypeError(f"not a Pig step: {step!r}")

    def scores(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self.banked)

    def returns(self) -> tuple[float, ...]:
        return returns_of(self.banked) if self.kind is NodeKind.TERMINAL else (0.0,) * self.num_players

    def outcome(self) -> Outcome | None:
        if self.kind is not NodeKind.TERMINAL:
            return None
        return Outcome(winners_of(self.banked), self.scores())

    def view(self) -> dict[str, Any]:
        return {
            "phase": self.kind.value,
            "to_move": self.to_move,
            "banked": list(self.banked),
            "turn_total": self.turn_total,
            "target": self.options.target,
        }

    def _next(self) -> int:
        return (self.player + 1) % self.options.players


def evaluate(state: PigState) -> tuple[float, ...]:
    """Banked points plus the turn total for the player rolling; a win is worth far more."""
    if state.kind is NodeKind.TERMINAL:
        return tuple(1000.0 * r for r in state.returns())
    return tuple(float(s + (state.turn_total if seat == state.player else 0)) for seat, s in enumerate(state.banked))


def options_from_json(data: dict[str, Any]) -> PigOptions:
    unknown = set(data) - {"players", "target"}
    if unknown:
        raise ValueError(f"unknown option(s) {json.dumps(sorted(unknown))}")
    for key, value in data.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{key} must be an integer, got {json.dumps(value)}")
    return PigOptions(**data)


def options_to_json(options: PigOptions) -> dict[str, Any]:
    return {"players": options.players, "target": options.target}


def make_agent(level: str, seat: int, rng: random.Random) -> Any:
    if level == "easy":
        return RandomAgent(rng)
    if level == "normal":
        return GreedyAgent(evaluate, rng)
    if level == "expert":
        return ExpectimaxAgent(evaluate, 2, rng)
    raise ValueError(f"unknown level {level!r}")


GAME = GameDef(
    id="pig",
    rules_version=1,
    codec=codec,
    options_from_json=options_from_json,
    options_to_json=options_to_json,
    initial=PigState.initial,
    num_players=lambda options: options.players,
    make_agent=make_agent,
)

SPEC = GameSpec("pig", "Cochon", "Pig", 2, 4, __name__)  # its declaration: the standard levels, no schema
