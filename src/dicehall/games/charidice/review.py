"""Charidice's evaluator for the game review (core/review.py): each seat's chance to win the game (a tie
shared), estimated; exact for the markings of the game's last turn.

Between two turns, the estimate is a conditional logit over the seats (``review_model``, fitted by
``bench/review.py fit charidice`` on seeded games) of each seat's points so far, the turns it has left to
mark and to receive gifts, its expected generosity bonus (a normal model of the given totals), and its
grande donation still unused, over the spread of the points still to come.

Within a turn, the active player's choices are valued as the expert's turn tables value them (ai_tables:
the exact expected value over the rolls left of ``total + mu * gift``, every re-roll weighed), with ``mu``
what a point given costs against the average rival (``gift_rate``: two tables a game), turned into
winning chances by the model's slope at this stage: the
change of a seat's chance is its slope times the change of the turn's expected value (for the other
seats, taken as points marked by the active player). A marking is valued by the model itself, each
seat's chance after it (at the last turn, the exact result). A grande donation claimed is valued as the
turn that follows it (doubled gifts: its own ``mu``) against the turn without it (the donation kept).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dicehall.ai.agent import Search
from dicehall.core.review import WIN, Scale, Values
from dicehall.games.charidice import review_model
from dicehall.games.charidice.actions import EMPTY_MARK, MARKS, dice_of
from dicehall.games.charidice.ai import GIVEN_MEAN, GIVEN_SD, MAX_LOOKAHEAD, roll_values
from dicehall.games.charidice.ai_tables import TurnTables, max_passes, mean_passes, pattern_of, tables
from dicehall.games.charidice.options import ROUNDS, CharidiceOptions
from dicehall.games.charidice.rules import GENEROSITY, GENEROSITY_HIGH, GENEROSITY_THRESHOLD, CharidiceState
from dicehall.games.charidice.scoring import analyse, valid_masks

SD_TURN = 16.0  # the spread of a player's points per turn (his marking and what he receives)
MU_STEP = 0.25  # mu is rounded to this (the tables of four values of mu at most are kept)
REF_TOTAL, REF_GIFT, DELTA = 22.0, 6.0, 5.0  # where the model's slope is taken, and how wide
TABLES_KEPT = 4
# Marks, in winning chances: an inaccuracy from 2 %, a mistake from 5 %, a blunder from 10 %; the
# ratings' seven limits of the average loss per decision (docs/review.md).
SCALE = Scale(
    marks=(0.02, 0.05, 0.10),
    ratings=(0.002, 0.004, 0.007, 0.011, 0.016, 0.024, 0.035),
    tolerance=0.3,
)


# --- the sheets, between two turns ----------------------------------------------------------------
@dataclass(slots=True)
class Sheets:
    """What the model reads: per seat its points (marked, bonuses, received), its given total and whether
    its grande donation is used; and the turns played."""

    options: CharidiceOptions
    turn: int
    scores: list[float]
    given: list[float]
    used: list[bool]

    @classmethod
    def of(cls, state: CharidiceState) -> Sheets:
        n = state.num_players
        scores = [float(sum(state.sheet_totals(p)[:3])) for p in range(n)]
        used = [d is not None for d in state.donations]
        if state.claimed:
            used[state.neighbour] = True
        return cls(state.options, state.turn, scores, [float(g) for g in state.given_totals()], used)

    def marked(self, total: float, gift: float, claimed: bool) -> Sheets:
        """The sheets once the turn's active player marks ``total`` (points and bonus) and gives ``gift``."""
        n = self.options.players
        active, receiver = self.turn % n, (self.turn + 1) % n
        received = gift * 2 if claimed else gift
        given = received if self.options.donation_given == "doubled" else gift
        scores, given_totals = list(self.scores), list(self.given)
        scores[active] += total
        scores[receiver] += received
        given_totals[active] += given
        return Sheets(self.options, self.turn + 1, scores, given_totals, list(self.used))

    @property
    def over(self) -> bool:
        return self.turn >= ROUNDS * self.options.players

    def turns_left(self, seat: int) -> int:
        n = self.options.players
        return sum(1 for t in range(self.turn, ROUNDS * n) if t % n == seat)

    def generosity(self) -> list[float]:
        most = max(self.given)
        if most <= 0:
            return [0] * len(self.given)
        bonus = GENEROSITY_HIGH if most > GENEROSITY_THRESHOLD else GENEROSITY
        return [bonus if g == most else 0 for g in self.given]

    def result(self) -> Values:
        finals = [s + b for s, b in zip(self.scores, self.generosity(), strict=True)]
        top = max(finals)
        winners = [p for p, f in enumerate(finals) if f == top]
        return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(len(finals)))


def _cdf(z: float) -> float:
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


def expected_bonus(sheets: Sheets) -> list[float]:
    """Each seat's expected generosity bonus: its chance to end with the most given (a normal model of
    the gifts still to come), times the bonus it would be."""
    n = sheets.options.players
    left = [sheets.turns_left(p) for p in range(n)]
    mean = [sheets.given[p] + GIVEN_MEAN * left[p] for p in range(n)]
    var = [GIVEN_SD**2 * left[p] for p in range(n)]
    bonus = GENEROSITY_HIGH if max(mean) > GENEROSITY_THRESHOLD else GENEROSITY
    out = []
    for i in range(n):
        p = 1.0
        for j in range(n):
            if j != i:
                p *= _cdf((mean[i] - mean[j] + 0.5) / math.sqrt(var[i] + var[j] + 0.25))
        out.append(bonus * p)
    return out


def sheet_rows(sheets: Sheets) -> tuple[tuple[float, ...], ...]:
    """The model's inputs per seat, over the spread of the points to come: its points, its turns left
    to mark and to receive, its expected generosity bonus, its grande donation still to use."""
    n = sheets.options.players
    end = ROUNDS * n
    spread = SD_TURN * math.sqrt((end - sheets.turn) / n + 1.0)
    left = [sheets.turns_left(p) for p in range(n)]
    bonus = expected_bonus(sheets)
    rows = []
    for p in range(n):
        receiving = left[(p - 1) % n]
        donation = 1.0 if not sheets.used[p] and receiving > 0 else 0.0
        rows.append(
            (sheets.scores[p] / spread, left[p] / spread, receiving / spread, bonus[p] / spread, donation / spread)
        )
    return tuple(rows)


def sheet_value(sheets: Sheets) -> Values:
    """Each seat's chance: the exact result once the game is over, else the model's."""
    if sheets.over:
        return sheets.result()
    beta = review_model.COEFFICIENTS[model_key(sheets.options)]
    z = [sum(b * x for b, x in zip(beta, row, strict=True)) for row in sheet_rows(sheets)]
    top = max(z)
    e = [math.exp(v - top) for v in z]
    total = sum(e)
    return tuple(v / total for v in e)


def model_key(options: CharidiceOptions) -> str:
    """One set of coefficients for every table (the inputs are per seat, the spread per turn left)."""
    return "all"


def model_rows(state: CharidiceState) -> tuple[tuple[float, ...], ...]:
    return sheet_rows(Sheets.of(state))


def estimate(state: CharidiceState) -> Values:
    """The model's chance of each seat between two turns."""
    return sheet_value(Sheets.of(state))


def model_positions(states: Sequence[CharidiceState]) -> list[int]:
    """Where the model applies: between two turns (the bench fits and checks it there)."""
    return [i for i, s in enumerate(states) if s.phase == "roll" and s.rolls == 0 and not s.claimed]


# --- within a turn --------------------------------------------------------------------------------
@dataclass(slots=True)
class Turn:
    """A turn's values, for one claimed flag: the sheets before it, the model's values at the reference
    marking and their slopes per point, ``mu``, and the tables (``three``: before roll 1)."""

    sheets: Sheets
    claimed: bool
    mu: float
    ref: Values
    slope: Values
    ref_value: float  # total + mu * gift at the reference
    tables: TurnTables | None = None
    three: list[float] | None = None

    def value(self, expected: float) -> Values:
        """Each seat's chance for an expected turn value (``total + mu * gift``) of the active player."""
        d = expected - self.ref_value
        return tuple(r + s * d for r, s in zip(self.ref, self.slope, strict=True))


_TABLES: dict[tuple[float, bool], tuple[TurnTables, list[float]]] = {}


def gift_rate(players: int, claimed: bool) -> float:
    """The turn tables' ``mu``: a point given is a point for one of the ``players - 1`` rivals (two with
    the grande donation), so it costs the giver that much against the average rival (rounded to a
    quarter). Two tables a game: the generosity race and the lead are left to the markings' values."""
    mu = -(2.0 if claimed else 1.0) / max(1, players - 1)
    return round(mu / MU_STEP) * MU_STEP + 0.0


def _turn_tables(mu: float, zero: bool) -> Search:
    """The turn tables for ``mu`` (last, two and three), built in slices, kept for the next turns."""
    key = (mu, zero)
    found = _TABLES.pop(key, None)
    if found is None:
        t = tables(mu, zero)
        yield from t.build(True)
        assert t.two is not None
        three = list(t.two)
        yield from max_passes(three)  # a complete entry: the best of stopping and every re-roll after roll 1
        yield from mean_passes(three)
        found = (t, three)
        while len(_TABLES) >= TABLES_KEPT:
            del _TABLES[next(iter(_TABLES))]
    _TABLES[key] = found
    return found


class CharidiceEvaluator:
    unit = WIN
    scale = SCALE

    def __init__(self, options: CharidiceOptions) -> None:
        self.options = options
        self._turns: dict[tuple[int, bool], Turn] = {}

    def result(self, state: CharidiceState) -> Values:
        return Sheets.of(state).result()

    def exact(self, state: CharidiceState) -> bool:
        return state.phase == "over" or (state.phase == "mark" and state.turn == ROUNDS * state.num_players - 1)

    # --- the turn under way ---------------------------------------------------------------------
    def prepare(self, state: CharidiceState) -> Search:
        """Build the turn's tables (in slices) before its positions are valued."""
        if state.phase == "over" or (state.turn, state.claimed) in self._turns:
            return
        sheets = Sheets.of(state)
        n, claimed = state.num_players, state.claimed
        more = sheet_value(sheets.marked(REF_TOTAL + DELTA, REF_GIFT, claimed))
        less = sheet_value(sheets.marked(REF_TOTAL - DELTA, REF_GIFT, claimed))
        slope = tuple((a - b) / (2 * DELTA) for a, b in zip(more, less, strict=True))
        mu = gift_rate(n, claimed)
        built = yield from _turn_tables(mu, state.options.zero_mark)
        t, three = built
        # The reference moved to the turn's expected value before roll 1, so that the turn starts where
        # the model left it.
        start = three[0] if three is not None else REF_TOTAL + mu * REF_GIFT
        total = start - mu * REF_GIFT
        ref = sheet_value(sheets.marked(total, REF_GIFT, claimed))
        self._turns[(state.turn, claimed)] = Turn(sheets, claimed, mu, ref, slope, start, t, three)

    def _turn(self, state: CharidiceState) -> Turn:
        key = (state.turn, state.claimed)
        if key not in self._turns:
            for _ in self.prepare(state):
                pass
        return self._turns[key]

    # --- values ---------------------------------------------------------------------------------
    def chance_value(self, state: CharidiceState) -> Values:
        """Dice in the air: the expected turn value over the dice still to land."""
        turn = self._turn(state)
        assert turn.tables is not None and turn.tables.last is not None and turn.tables.two is not None
        after = state.rolls + 1  # the roll these dice end
        table = turn.three if after == 1 else turn.tables.two if after == 2 else turn.tables.last
        assert table is not None
        return turn.value(table[pattern_of(state.dice)])

    def action_values(self, state: CharidiceState) -> list[tuple[Any, Values]]:
        if state.phase == "mark":
            return self._markings(state)
        if state.rolls == 0:  # the turn's first roll: all six dice, the only choice
            action = state.legal_actions()[0]
            return [(action, self.chance_value(state.apply(action)))]
        turn = self._turn(state)
        assert turn.tables is not None
        values = roll_values(state, turn.tables, MAX_LOOKAHEAD[state.rolls])
        return [(action, turn.value(v)) for v, action in values]

    def _markings(self, state: CharidiceState) -> list[tuple[Any, Values]]:
        """Each marking by the sheets it leaves (markings of the same total and gift valued once)."""
        sheets = Sheets.of(state)
        claimed = state.claimed
        found: dict[tuple[int, int], Values] = {}
        out: list[tuple[Any, Values]] = []
        for mask in valid_masks(state.dice, state.options.zero_mark):
            m = analyse(state.dice, dice_of(mask))
            key = (m.total, m.gift)
            if key not in found:
                found[key] = sheet_value(sheets.marked(m.total, m.gift, claimed))
            out.append((MARKS[mask] or EMPTY_MARK, found[key]))
        return out

    def side_values(self, state: CharidiceState, seat: int, action: Any) -> tuple[Values, Values]:
        """A grande donation claimed now (the turn with doubled gifts) against kept (the turn as it is)."""
        return self._node(state.apply(action)), self._node(state)

    def _node(self, state: CharidiceState) -> Values:
        values = self.action_values(state)
        mover = state.active
        return max((v for _, v in values), key=lambda v: v[mover])


def evaluator(options: CharidiceOptions) -> CharidiceEvaluator:
    return CharidiceEvaluator(options)


__all__ = ["CharidiceEvaluator", "Sheets", "estimate", "evaluator", "model_key", "model_positions", "model_rows"]
