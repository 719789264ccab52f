"""Charidice computer players: easy, normal and expert.

Expert. A marking is worth ``total + mu * gift`` to the active player, ``mu = gamma * given_factor -
lam * received_factor``: ``lam`` is what a point received by the neighbour costs him (1 with two
players; with more, the neighbour's share of the threat among the rivals), ``gamma`` what a point
written in his "given" column is worth in the generosity race (bonus x chance density of the race being
decided by that point); the factors are 2 when the grande donation doubles the gift (``given_factor``
by default, not in the "undoubled" variant). Both come from a normal model of the final scores and
given totals over the turns left (``situation``). For that ``mu`` the turn (stop or re-roll which dice,
then mark) is solved exactly by ai_tables: expected value over the remaining rolls, every re-roll subset.
It claims la grande donation by optimal stopping: it claims when the gift it can expect now beats the
expected best of the remaining opportunities (``HOLD``), and at the last one always (after roll 1,
the last window sure to come).

Normal: greedy; keeps the dice of its best-scoring marking and re-rolls the others (stops on a bonus),
marks its best own total, ignores what it gives; claims when the dice after roll 2 promise a large
gift, or at the last chance.
Easy: keeps the dice of its best-scoring marking and re-rolls the others (now and then at random),
marks a random marking weighted towards the high ones, and claims at random (never keeping it unused).

Why the expert chose a move, in words, is ``hint.why``.
"""

from __future__ import annotations

import math
import random
from typing import Any

from dicehall.ai.agent import Search, SearchAgent
from dicehall.games.charidice.actions import CLAIM, EMPTY_MARK, MARKS, ROLLS, STOP, Claim, dice_of
from dicehall.games.charidice.ai_tables import TurnTables, pattern_of, tables
from dicehall.games.charidice.options import ROUNDS
from dicehall.games.charidice.rules import GENEROSITY, GENEROSITY_HIGH, GENEROSITY_THRESHOLD, CharidiceState
from dicehall.games.charidice.scoring import analyse, valid_masks

LEVELS = ("easy", "normal", "expert")

# Per-turn figures (estimates from a few seeded games, not fitted): the spread of a player's score per
# turn (own marking + what he receives), the mean and spread of what he gives.
SCORE_SD = 16.0
GIVEN_MEAN = 6.0
GIVEN_SD = 6.0
# Claim: the value of keeping la grande donation with k later turns of the right neighbour (the expected
# best gift among them; hand-set, not yet fitted), and how the visible dice predict the gift.
HOLD = (0.0, 9.0, 11.0, 12.5, 13.5, 14.0, 14.5, 15.0)
GIFT_MEAN = 7.0  # mean undoubled gift of a turn when the giver knows it is doubled
BLEND = {1: 0.4, 2: 0.75}  # weight of the dice on the table after roll 1, 2 (the rest: GIFT_MEAN)
NORMAL_CLAIM = 12  # normal level: claims after roll 2 when the dice promise this much
PRIOR_TURNS = 2.0  # weight of GIVEN_MEAN in a player's expected gift per turn, in turns
MU_STEP = 0.05  # mu is rounded to this, so that the tables are reused (a finer mu changes little)


# --- shared helpers ------------------------------------------------------------------------------------
def mark_action(mask: int) -> Any:
    return MARKS[mask] if mask else EMPTY_MARK


def best_marking(dice: tuple[int, ...], mu: float, zero_allowed: bool) -> tuple[int, float, int]:
    """(mask, value, gift) of the marking with the best ``total + mu * gift`` (the first on ties)."""
    best: tuple[int, float, int] | None = None
    for mask in valid_masks(dice, zero_allowed):
        m = analyse(dice, dice_of(mask))
        value = m.total + mu * m.gift
        if best is None or value > best[1] + 1e-9:
            best = (mask, value, m.gift)
    assert best is not None
    return best


def turns_left(state: CharidiceState, player: int) -> int:
    """Turns of ``player`` after the current one."""
    n = state.num_players
    end = ROUNDS * n
    return sum(1 for t in range(state.turn + 1, end) if t % n == player)


def _hazard(z: float) -> float:
    """phi(z) / Phi(z), stable for very negative z."""
    if z < -30.0:
        return -z
    phi = math.exp(-0.5 * z * z) / math.sqrt(2.0 * math.pi)
    return phi / max(0.5 * math.erfc(-z / math.sqrt(2.0)), 1e-300)


def _cdf(z: float) -> float:
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


def _rate(state: CharidiceState, p: int, given: int) -> float:
    """Expected gift per later turn of ``p``: his record so far, shrunk towards GIVEN_MEAN."""
    done = sum(1 for row in state.sheets[p] if row.given is not None)
    return (given + GIVEN_MEAN * PRIOR_TURNS) / (done + PRIOR_TURNS)


class Race:
    """The generosity race seen from the active player ``me`` before he writes this turn's gift: the
    bonus he can expect (minus what the rivals' bonus costs him), as a function of that gift."""

    def __init__(self, state: CharidiceState, me: int, share: list[float]) -> None:
        n = state.num_players
        given = state.given_totals()
        self.me, self.share = me, share
        self.mine = given[me]
        mine_later = _rate(state, me, given[me]) * turns_left(state, me)
        self.rivals = []  # (rival, expected final given minus my later gifts, sd of the difference)
        for j in range(n):
            if j == me:
                continue
            later = turns_left(state, j)
            mean = given[j] + _rate(state, j, given[j]) * later - mine_later
            sd = GIVEN_SD * math.sqrt(later + turns_left(state, me))
            self.rivals.append((j, mean, sd))
        projected = max(given[p] + _rate(state, p, given[p]) * turns_left(state, p) for p in range(n))
        self.bonus = GENEROSITY_HIGH if max(projected, max(given)) > GENEROSITY_THRESHOLD else GENEROSITY

    def value(self, gift: float) -> float:
        """Expected bonus to me minus share-weighted bonus to the rivals, if I give ``gift`` now."""
        mine = self.mine + gift
        p_top = 1.0
        cost = 0.0
        for j, mean, sd in self.rivals:
            d = mine - mean  # my final given minus his, on average
            if sd < 1e-9:
                ahead = 1.0 if d >= 0 else 0.0  # nobody gives any more: ties share the bonus
                behind = 1.0 if d <= 0 else 0.0
            else:
                ahead = _cdf((d + 0.5) / sd)  # I give at least as much
                behind = _cdf((0.5 - d) / sd)  # he gives at least as much
            p_top *= ahead
            cost += self.share[j] * behind
        return self.bonus * (p_top - cost)


def situation(state: CharidiceState, me: int) -> tuple[float, Race]:
    """(lam, race) for ``me``, the active player: the cost of a point received by the neighbour in points
    of his own score (from a normal model of the final totals), and the generosity race."""
    n = state.num_players
    scores = state.scores()
    left = [turns_left(state, p) for p in range(n)]
    weight = [0.0] * n  # d P(win) / d score_j, relative, for each rival j
    for j in range(n):
        if j != me:
            sd = SCORE_SD * math.sqrt(left[me] + left[j] + 1.0)
            weight[j] = _hazard((scores[me] - scores[j]) / sd) / sd
    total = sum(weight) or 1.0
    share = [w / total for w in weight]
    lam = share[state.neighbour] if n > 2 else 1.0
    return lam, Race(state, me, share)


def factors(state: CharidiceState) -> tuple[int, int]:
    """(received, given) multipliers of the gift: the grande donation doubles what the neighbour receives,
    and (by default, not in the "undoubled" variant) what the giver records."""
    received = 2 if state.claimed else 1
    return received, received if state.options.donation_given == "doubled" else 1


def expert_mu(state: CharidiceState) -> float:
    """The marking value's weight of the gift for the rolls: the race's slope around a usual gift."""
    lam, race = situation(state, state.active)
    received, given = factors(state)
    gamma = (race.value(given * (GIVEN_MEAN + 3)) - race.value(given * max(GIVEN_MEAN - 3, 0))) / 6.0
    return round((gamma - lam * received) / MU_STEP) * MU_STEP


def expert_mark(state: CharidiceState) -> int:
    """The marking with the best own total - lam x received gift + the race's exact value."""
    lam, race = situation(state, state.active)
    received, given = factors(state)
    best, best_value = 0, -math.inf
    for mask in valid_masks(state.dice, state.options.zero_mark):
        m = analyse(state.dice, dice_of(mask))
        value = m.total - lam * received * m.gift + race.value(given * m.gift)
        if value > best_value + 1e-9:
            best, best_value = mask, value
    return best


def roll_values(state: CharidiceState, t: TurnTables, lookahead: int) -> list[tuple[float, Any]]:
    """(value, action) of Stop and every re-roll, from the tables (``lookahead`` rolls left after it)."""
    dice = state.dice
    full = pattern_of(dice)
    table = t.two if lookahead == 2 else t.last
    assert t.last is not None and table is not None
    out: list[tuple[float, Any]] = [(t.last[full], STOP)]
    for mask in range(1, 64):
        out.append((table[pattern_of(dice, mask)], ROLLS[mask]))
    return out


def _pick(values: list[tuple[float, Any]]) -> Any:
    """The best; Stop (listed first), then fewer dice thrown win ties."""
    best_value, best = values[0]
    for value, action in values[1:]:
        if value > best_value + 1e-9:
            best_value, best = value, action
    return best


# --- agents ---------------------------------------------------------------------------------------------
class ExpertAgent(SearchAgent):
    """Exact expected value over the rolls left, for a marking value set by the game situation."""

    def __init__(self, rng: random.Random, mu: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rng = rng
        self.mu = mu or expert_mu
        self.mark = None if mu else expert_mark

    def search(self, state: CharidiceState) -> Search:
        mu = self.mu(state)
        zero = state.options.zero_mark
        if state.phase == "mark":
            yield
            return mark_action(self.mark(state) if self.mark else best_marking(state.dice, mu, zero)[0])
        t = tables(mu, zero)
        lookahead = MAX_LOOKAHEAD[state.rolls]
        yield from t.build(lookahead == 2)
        return _pick(roll_values(state, t, lookahead))

    def wants_side_action(self, state: CharidiceState, seat: int, action: Any) -> bool:
        if not isinstance(action, Claim) or seat != state.neighbour or not state.claim_open:
            return False
        later = ROUNDS - state.round  # turns of the right neighbour after this one
        if state.rolls == 0:
            return False  # the window after roll 1 always comes, with more to go on
        if later == 0:
            return True  # the last chance sure to come: never keep it unused
        now = best_marking(state.dice, -2.0, state.options.zero_mark)[2]
        w = BLEND[state.rolls]
        expected = w * now + (1.0 - w) * GIFT_MEAN
        return expected >= HOLD[later]


MAX_LOOKAHEAD = {1: 2, 2: 1}


class NormalAgent(SearchAgent):
    """Greedy: keeps the dice of its best-scoring marking now and re-rolls the others, stops on a bonus;
    marks its best own total. It does not care what it gives, nor look at what the throws may bring."""

    def __init__(self, rng: random.Random, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rng = rng

    def search(self, state: CharidiceState) -> Search:
        zero = state.options.zero_mark
        mask = best_marking(state.dice, 0.0, zero)[0]
        yield
        if state.phase == "mark":
            return mark_action(mask)
        if analyse(state.dice, dice_of(mask)).bonus or mask == 63:
            return STOP
        return ROLLS[63 & ~mask]

    def wants_side_action(self, state: CharidiceState, seat: int, action: Any) -> bool:
        if not isinstance(action, Claim) or seat != state.neighbour or not state.claim_open:
            return False
        if state.rolls == 1 and state.round == ROUNDS:
            return True
        return state.rolls == 2 and best_marking(state.dice, 0.0, state.options.zero_mark)[2] >= NORMAL_CLAIM


class EasyAgent(SearchAgent):
    """Keeps its best-scoring dice and re-rolls the rest, with some randomness."""

    def __init__(self, rng: random.Random, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rng = rng

    def search(self, state: CharidiceState) -> Search:
        rng = self.rng
        zero = state.options.zero_mark
        if state.phase == "mark":
            masks = valid_masks(state.dice, zero)
            weights = [(analyse(state.dice, dice_of(m)).total + 1) ** 2 for m in masks]
            return mark_action(rng.choices(masks, weights)[0])
        if rng.random() < 0.25:
            return rng.choice(state.legal_actions())
        keep = best_marking(state.dice, 0.0, zero)[0]
        throw = 63 & ~keep
        return ROLLS[throw] if throw and rng.random() < 0.8 else STOP
        yield  # a generator that finishes at once

    def wants_side_action(self, state: CharidiceState, seat: int, action: Any) -> bool:
        if not isinstance(action, Claim) or seat != state.neighbour or not state.claim_open:
            return False
        if state.rolls == 1 and state.round == ROUNDS:
            return True
        return state.rolls > 0 and self.rng.random() < 0.15


def make_agent(level: str, seat: int, rng: random.Random) -> SearchAgent:
    """A computer player for ``seat``: "easy", "normal" or "expert"."""
    if level == "easy":
        return EasyAgent(rng)
    if level == "normal":
        return NormalAgent(rng)
    if level == "expert":
        return ExpertAgent(rng)
    raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")


__all__ = ["CLAIM", "LEVELS", "EasyAgent", "ExpertAgent", "NormalAgent", "make_agent", "situation"]
