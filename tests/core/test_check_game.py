"""``check_game``: it passes on a sound game and catches each broken invariant."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, replace
from fractions import Fraction

import pytest

from dicehall.core.protocol import NodeKind, Outcome
from dicehall.core.testing import check_game

from .toygame import GAME, Die, Hold, PigState, Roll


@pytest.mark.parametrize("options", [None, {"players": 3}, {"players": 4, "target": 12}, {"target": 1}])
def test_the_toy_game_passes(options):
    report = check_game(GAME, options, games=12, seed="toy")
    assert report.games == 12 and report.plies > report.decisions > 0 and report.longest > 1


def test_an_options_object_is_accepted():
    check_game(GAME, GAME.options_from_json({"players": 2}), games=2)


def broken(cls: type) -> object:
    return dataclasses.replace(GAME, initial=cls.initial)


@dataclass(frozen=True, slots=True)
class SevenSidedOdds(PigState):
    def chance_outcomes(self):
        outcomes = PigState.chance_outcomes(self)
        return tuple((o, Fraction(1, 7)) for o, _ in outcomes)


@dataclass(frozen=True, slots=True)
class Mutating(PigState):
    def apply(self, step):
        after = PigState.apply(self, step)
        object.__setattr__(self, "turn_total", self.turn_total + 1)
        return after


@dataclass(frozen=True, slots=True)
class Endless(PigState):
    def apply(self, step):
        if isinstance(step, Hold):  # the hold forgets to bank
            return replace(self, turn_total=0, player=self._next())
        return PigState.apply(self, step)


@dataclass(frozen=True, slots=True)
class EarlyOutcome(PigState):
    def outcome(self):
        return Outcome((0,), self.scores())


@dataclass(frozen=True, slots=True)
class Stuck(PigState):
    def legal_actions(self):
        return () if self.turn_total >= 5 else PigState.legal_actions(self)


@dataclass(frozen=True, slots=True)
class Repeats(PigState):
    def legal_actions(self):
        return (*PigState.legal_actions(self), Roll())


class Skip:  # an action with no JSON form
    def __eq__(self, other):
        return isinstance(other, Skip)

    def __hash__(self):
        return 1


@dataclass(frozen=True, slots=True)
class Unencodable(PigState):
    def legal_actions(self):
        return (*PigState.legal_actions(self), Skip()) if self.kind is NodeKind.DECISION else ()


@dataclass(frozen=True, slots=True)
class ShortReturns(PigState):
    def returns(self):
        return (1.0,)


@dataclass(frozen=True, slots=True)
class NotJSONView(PigState):
    def view(self):
        return {"dice": {1, 2}}


@dataclass(frozen=True, slots=True)
class DiceWithAMover(PigState):
    @property
    def to_move(self):
        return self.player


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (SevenSidedOdds, "dice probabilities sum to 6/7, not 1"),
        (Mutating, "apply mutated its input"),
        (Endless, "the game did not end within 300 plies"),
        (EarlyOutcome, r"outcome\(\) is Outcome.* before the end"),
        (Stuck, "a decision node with no legal action"),
        (Repeats, "legal actions repeat"),
        (Unencodable, "<.*Skip object .*> does not round-trip through the codec: .* has no JSON form"),
        (ShortReturns, r"returns\(\) must have 2 entries"),
        (NotJSONView, r"view\(\) is not JSON"),
        (DiceWithAMover, "to_move is 0 while dice roll"),
    ],
)
def test_each_broken_invariant_is_caught(cls, message):
    with pytest.raises(AssertionError, match=rf"pig game \d+ \(seed '7/\d+'\), ply \d+: {message}"):
        check_game(broken(cls), games=5, seed=7, max_plies=300, check_save=False)


def test_a_game_that_is_not_registered_cannot_check_its_saves():
    other = dataclasses.replace(GAME, rules_version=1)  # equal, but not the registered object
    with pytest.raises(AssertionError, match="pig is not the registered game"):
        check_game(other, games=1)
    check_game(other, games=1, check_save=False)


def test_a_die_outcome_is_checked_through_the_codec_too():
    @dataclass(frozen=True, slots=True)
    class OddDie(PigState):
        def chance_outcomes(self):
            return tuple((Skip() if o == Die(6) else o, p) for o, p in PigState.chance_outcomes(self))

    with pytest.raises(AssertionError, match="does not round-trip through the codec"):
        check_game(broken(OddDie), games=2, check_save=False)
