"""Charidice rules: 7 rounds; on his turn a player rolls six colour dice up to three times, marks one
colour (4+ dice) or different colours, and gives the unmarked dice to his left neighbour, who may double
them once per game with la grande donation. The generosity bonus goes to whoever gave the most.

Seats play in order 0, 1, 2, ...; the left neighbour of seat p is seat p + 1 (modulo the players).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Literal, cast

from dicehall.core.protocol import BestScoreWins, NodeKind
from dicehall.games.charidice.actions import (
    CLAIM,
    EMPTY_MARK,
    FACES,
    MARKS,
    ROLL_ALL,
    ROLLS,
    STOP,
    Claim,
    Face,
    Mark,
    Roll,
    Stop,
    mask_of,
)
from dicehall.games.charidice.dice import LATIN
from dicehall.games.charidice.options import ROUNDS, CharidiceOptions
from dicehall.games.charidice.scoring import analyse, valid_masks

MAX_ROLLS = 3
GENEROSITY = 20
GENEROSITY_HIGH = 30  # when the most given is above GENEROSITY_THRESHOLD
GENEROSITY_THRESHOLD = 60
CHANCE_OUTCOMES = tuple((f, Fraction(1, 6)) for f in FACES)
Action = Roll | Stop | Mark | Claim  # what a player decides (a die outcome is a Face)
Phase = Literal["roll", "throw", "mark", "over"]  # the view JSON's "phase", as it is
_KIND: dict[Phase, NodeKind] = {
    "roll": NodeKind.DECISION,
    "throw": NodeKind.CHANCE,
    "mark": NodeKind.DECISION,
    "over": NodeKind.TERMINAL,
}
_ROLL_CHOICES: tuple[Roll | Stop, ...] = tuple(r for r in ROLLS if r is not None) + (STOP,)
_FIRST_ROLL = (cast(Roll, ROLL_ALL),)  # the turn's first roll throws all six dice
_COLOUR_LETTERS = "ngrbvj"  # noir, gris, rouge, bleu, vert, jaune: the notation's colour initials


@dataclass(frozen=True, slots=True)
class Row:
    """One round on a player's score sheet; None where nothing is written yet."""

    marked: int | None = None
    bonus: int | None = None
    received: int | None = None
    given: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"marked": self.marked, "bonus": self.bonus, "received": self.received, "given": self.given}


EMPTY_SHEET = (Row(),) * ROUNDS


@dataclass(frozen=True, slots=True)
class Turn:
    """What the last finished turn did, for messages and animations."""

    player: int
    round: int
    dice: tuple[int, ...]  # the six values marked from
    marked: tuple[int, ...]  # indices
    option: str | None
    points: int
    bonus: int
    receiver: int
    received: int  # what the receiver wrote (doubled by a claim)
    given: int  # what the giver wrote
    claimed: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "round": self.round,
            "dice": list(self.dice),
            "marked": list(self.marked),
            "option": self.option,
            "points": self.points,
            "bonus": self.bonus,
            "receiver": self.receiver,
            "received": self.received,
            "given": self.given,
            "claimed": self.claimed,
        }


@dataclass(frozen=True, slots=True)
class CharidiceState(BestScoreWins):
    """One position. Build the start with ``initial(options)``; ``apply`` returns a new state."""

    options: CharidiceOptions
    turn: int  # 0 .. rounds * players - 1: round = turn // players + 1, active = turn % players
    phase: Phase  # "roll" (decide: roll or stop) | "throw" (dice in the air) | "mark" | "over"
    rolls: int  # rolls done this turn, 0..3
    dice: tuple[int, ...]  # six values, 0 while not rolled or in the air
    pending: tuple[int, ...]  # dice still in the air, landing in this order
    sheets: tuple[tuple[Row, ...], ...]  # per player, one row per round
    donations: tuple[int | None, ...]  # per player: the round of his grande donation, None while unused
    claimed: bool  # the grande donation is claimed on this turn
    last: Turn | None

    @classmethod
    def initial(cls, options: CharidiceOptions | None = None) -> CharidiceState:
        options = options or CharidiceOptions()
        n = options.players
        return cls(options, 0, "roll", 0, (0,) * 6, (), (EMPTY_SHEET,) * n, (None,) * n, False, None)

    # --- protocol --------------------------------------------------------------------------------
    @property
    def kind(self) -> NodeKind:
        return _KIND[self.phase]

    @property
    def num_players(self) -> int:
        return self.options.players

    @property
    def round(self) -> int:
        return min(self.turn // self.options.players, ROUNDS - 1) + 1

    @property
    def active(self) -> int:
        return self.turn % self.options.players

    @property
    def to_move(self) -> int | None:
        return self.active if self.phase in ("roll", "mark") else None

    @property
    def neighbour(self) -> int:
        """The active player's left neighbour: he receives the gift and may claim la grande donation."""
        return (self.active + 1) % self.options.players

    @property
    def claim_open(self) -> bool:
        """La grande donation can be claimed now: before roll 1, after roll 1 or after roll 2, by the left
        neighbour, once per game."""
        return self.phase == "roll" and not self.claimed and self.donations[self.neighbour] is None

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase == "roll":
            return _FIRST_ROLL if self.rolls == 0 else _ROLL_CHOICES
        if self.phase == "mark":
            return tuple(MARKS[m] or EMPTY_MARK for m in valid_masks(self.dice, self.options.zero_mark))
        return ()

    def side_actions(self) -> tuple[tuple[int, Claim], ...]:
        """Actions of a seat other than the one to move: the neighbour's claim while its window is open."""
        return ((self.neighbour, CLAIM),) if self.claim_open else ()

    def chance_outcomes(self) -> tuple[tuple[Face, Fraction], ...]:
        return CHANCE_OUTCOMES if self.phase == "throw" else ()

    def apply(self, step: Any) -> CharidiceState:
        """Apply a legal action or outcome (unchecked: the match and the AI check or generate legal ones)."""
        if isinstance(step, Face):
            return self._land(step.face)
        if isinstance(step, Roll):
            dice = list(self.dice)
            for i in step.dice:
                dice[i] = 0
            return replace(self, phase="throw", dice=tuple(dice), pending=step.dice)
        if isinstance(step, Stop):
            return replace(self, phase="mark")
        if isinstance(step, Mark):
            return self._mark(step.dice)
        if isinstance(step, Claim):
            return replace(self, claimed=True)
        raise TypeError(f"not a Charidice action: {step!r}")

    def _land(self, face: int) -> CharidiceState:
        dice = list(self.dice)
        dice[self.pending[0]] = face
        pending = self.pending[1:]
        if pending:
            return replace(self, dice=tuple(dice), pending=pending)
        rolls = self.rolls + 1
        return replace(self, dice=tuple(dice), pending=(), rolls=rolls, phase="mark" if rolls == MAX_ROLLS else "roll")

    def _mark(self, chosen: tuple[int, ...]) -> CharidiceState:
        marking = analyse(self.dice, chosen)
        n, active, receiver, r = self.options.players, self.active, self.neighbour, self.round - 1
        received = marking.gift * 2 if self.claimed else marking.gift
        given = received if self.options.donation_given == "doubled" else marking.gift
        sheets = list(self.sheets)
        mine = list(sheets[active])
        mine[r] = replace(mine[r], marked=marking.points, bonus=marking.bonus, given=given)
        sheets[active] = tuple(mine)
        theirs = list(sheets[receiver])
        theirs[r] = replace(theirs[r], received=received)
        sheets[receiver] = tuple(theirs)
        donations = self.donations
        if self.claimed:
            donations = tuple(self.round if p == receiver else d for p, d in enumerate(donations))
        last = Turn(
            active,
            self.round,
            self.dice,
            marking.dice,
            marking.option,
            marking.points,
            marking.bonus,
            receiver,
            received,
            given,
            self.claimed,
        )
        turn = self.turn + 1
        phase: Phase = "over" if turn >= ROUNDS * n else "roll"
        return CharidiceState(self.options, turn, phase, 0, (0,) * 6, (), tuple(sheets), donations, False, last)

    # --- scores ------------------------------------------------------------------------------------
    def given_totals(self) -> tuple[int, ...]:
        return tuple(sum(row.given or 0 for row in sheet) for sheet in self.sheets)

    def generosity(self) -> tuple[int, ...]:
        """The generosity bonus each player gets (or would get if the game ended now)."""
        given = self.given_totals()
        most = max(given)
        if most == 0:
            return (0,) * len(given)
        bonus = GENEROSITY_HIGH if most > GENEROSITY_THRESHOLD else GENEROSITY
        return tuple(bonus if g == most else 0 for g in given)

    def sheet_totals(self, player: int) -> tuple[int, int, int, int]:
        """(marked, bonus, received, given) column totals of a player's sheet."""
        rows = self.sheets[player]
        return (
            sum(r.marked or 0 for r in rows),
            sum(r.bonus or 0 for r in rows),
            sum(r.received or 0 for r in rows),
            sum(r.given or 0 for r in rows),
        )

    def scores(self) -> tuple[float, ...]:
        """Marked + bonuses + received, plus the generosity bonus once the game is over."""
        extra = self.generosity() if self.phase == "over" else (0,) * self.num_players
        return tuple(float(sum(self.sheet_totals(p)[:3]) + extra[p]) for p in range(self.num_players))

    # --- view ----------------------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        n = self.num_players
        generosity = self.generosity()
        scores = [int(s) for s in self.scores()]
        sheets = []
        for p in range(n):
            marked, bonus, received, given = self.sheet_totals(p)
            sheets.append(
                {
                    "rows": [row.to_json() for row in self.sheets[p]],
                    "donation_round": self.donations[p],
                    "totals": {"marked": marked, "bonus": bonus, "received": received, "given": given},
                    "generosity": generosity[p] if self.phase == "over" else 0,
                    "total": scores[p],
                }
            )
        outcome = self.outcome()
        return {
            "round": self.round,
            "rounds": ROUNDS,
            "turn": self.turn,
            "active": self.active if self.phase != "over" else None,
            "phase": self.phase,
            "rolls": self.rolls,
            "dice": [
                {"die": i, "value": v or None, "colour": LATIN[i][v - 1] if v else None}
                for i, v in enumerate(self.dice)
            ],
            "pending": list(self.pending),
            "claim": {
                "eligible": self.neighbour if self.phase != "over" else None,
                "open": self.claim_open,
                "claimed": self.claimed,
                "used": [d is not None for d in self.donations],
            },
            "sheets": sheets,
            "last": self.last.to_json() if self.last else None,
            "scores": scores,
            "over": self.phase == "over",
            "winners": list(outcome.winners) if outcome else [],
            "given_leader": [p for p in range(n) if generosity[p]],
        }

    # --- notation ------------------------------------------------------------------------------------
    def __str__(self) -> str:
        """A compact picture for people (test failures, golden playthroughs): the turn, the dice (number
        and the colour's French initial: noir, gris, rouge, bleu, vert, jaune), then a line per seat with
        its sheet, one ``marked/bonus/received/given`` group per round (``-`` not written yet)."""
        n = self.num_players
        over = self.phase == "over"
        head = f"Charidice {n}p round {self.round}/{ROUNDS} turn {self.turn} {self.phase}"
        if not over:
            head += f", seat {self.active}'s turn, rolls {self.rolls}/{MAX_ROLLS}"
            if self.claimed:
                head += ", grande donation claimed"
        dice = " ".join(f"{v}{_COLOUR_LETTERS[LATIN[i][v - 1]]}" if v else ".." for i, v in enumerate(self.dice))
        lines = [head]
        if not over:
            lines.append(
                f"dice {dice}" + (f" (in the air: {' '.join(str(i) for i in self.pending)})" if self.pending else "")
            )
        scores = self.scores()
        for p in range(n):
            rows = " ".join(
                "/".join("-" if v is None else str(v) for v in (r.marked, r.bonus, r.received, r.given))
                for r in self.sheets[p]
            )
            mark = ">" if not over and p == self.active else " "
            donation = "" if self.donations[p] is None else f" donation r{self.donations[p]}"
            lines.append(f"{mark}{p}: {rows} = {int(scores[p])}{donation}")
        return "\n".join(lines)


def initial(options: CharidiceOptions | None = None) -> CharidiceState:
    return CharidiceState.initial(options)


def num_players(options: CharidiceOptions) -> int:
    return options.players


def mark_of(dice: tuple[int, ...]) -> Mark:
    """The shared Mark instance for a set of dice."""
    mask = mask_of(dice)
    mark = MARKS[mask] if mask else EMPTY_MARK
    assert mark is not None, f"no marking of {dice}"
    return mark
