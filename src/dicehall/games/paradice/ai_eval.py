"""What the Paradice computer players compute: where a move can end, and what a landing is worth.

Values are in money, from the point of view of the player ``me``, as the change of
``U = my money - c × (the opponents' money)``, with ``c = 1 / (opponents in play)``. With that weight the
jackpot's money is neutral: everyone in play has the same chance to collect it, so a coin in the pot is
worth as much to the others together as to me. Paying an opponent X costs ``(1 + c) X``, paying the jackpot
X costs X, collecting the jackpot J gains J, and a tirelire (everything to the jackpot) gains ``c X`` for
the part X that would have gone to the opponents.

What differs between the cells a roll can end on (the payment itself is fixed by the dice, except where
it goes): the purchase of the event there (or its free second copy), the jackpot, the tirelire, the
relance (another roll, so another payment) and, for the next turn, the position (a ladder moves it).
Every event pays 490 per copy per opponent roll on average, so all events are worth the same in
expectation; what distinguishes two copies is who holds the other copy of the same event.
"""

from __future__ import annotations

from functools import lru_cache

from dicehall.games.paradice.board import (
    BIS,
    COPY_OF,
    EVENT,
    GAINS,
    JACKPOT,
    JUMP,
    KIND,
    LADDER,
    RELANCE,
    ROUTES,
    TIRELIRE,
    neighbour,
)
from dicehall.games.paradice.options import RULE_DECLINED, RULE_SOLD
from dicehall.games.paradice.rules import NOBODY, POT, ParadiceState

MEAN_GAIN = 490  # every event copy's mean gain per roll (the gains table is built that way)
SUM_CHANCES: tuple[tuple[int, float], ...] = tuple((s, (6 - abs(s - 7)) / 36) for s in range(2, 13))
BIS_CHAIN_LIMIT = 6  # a guard only: no route chains bis repetita cells that far

# The levels' parameters (see Evaluator). HORIZON: the rounds over which a copy's income is counted;
# CASH_WEIGHT: the share of the price that counts as lost when buying without a round limit (the copy
# sells back at its price, so buying mostly turns cash into an asset); LOOKAHEAD: the weight of the
# next turn's expected landing; TWIN_CHANCE: the chance, roughly, to reach an event's other copy before
# it is gone, which makes owning one copy worth more (the other one comes free).
HORIZON = 10
CASH_WEIGHT = 0.25
LOOKAHEAD = 0.7
TWIN_CHANCE = 0.25


# Where moves end, per seat, start, steps and dice: bounded, as a long session reaches ever more of them
# (docs/performance.md, "Memory over a long session"); one decision asks a few dozen.
ROUTE_CACHE = 8192


@lru_cache(maxsize=ROUTE_CACHE)
def stops(seat: int, start: int, steps: int) -> tuple[int, ...]:
    """The cells where ``seat``'s pawn can stop after exactly ``steps`` cells from ``start``."""
    if steps == 0:
        return (start,)
    out: set[int] = set()
    for direction in ROUTES[seat][start]:
        out.update(stops(seat, neighbour(start, direction), steps - 1))
    return tuple(sorted(out))


@lru_cache(maxsize=ROUTE_CACHE)
def finals(seat: int, start: int, steps: int, total: int, depth: int = 0) -> tuple[int, ...]:
    """The cells where the move can finally land (bis repetita moves on by ``total``, the dice's sum)."""
    out: set[int] = set()
    for stop in stops(seat, start, steps):
        if KIND[stop] == BIS and depth < BIS_CHAIN_LIMIT:
            out.update(finals(seat, stop, total, total, depth + 1))
        else:
            out.add(stop)
    return tuple(sorted(out))


class Evaluator:
    """Landing values for ``me`` in ``state`` (built once per decision; every table is filled lazily).

    ``expert``: the next turn is looked ahead (the expected best landing from where the pawn ends, ladders
    included), a relance is valued as the roll it gives (its expected payment against the best landing it
    offers), and a copy's value counts the other copy of its event (free for me later, or denied to an
    opponent who holds it). The normal level values the landing cell alone.
    """

    def __init__(self, state: ParadiceState, me: int, expert: bool) -> None:
        self.state, self.me, self.expert = state, me, expert
        n = state.num_players
        self.active = [p for p in range(n) if state.ranks[p] == 0]
        opponents = max(1, len(self.active) - 1)
        self.c = 1.0 / opponents
        self.price = state.price
        limit = state.options.round_limit
        # The rounds still to play, this one counted half (part of it is over).
        self.rounds_left = None if limit is None else max(0, limit - state.round) + 0.5
        self.horizon = HORIZON if self.rounds_left is None else min(HORIZON, self.rounds_left)
        # A copy earns from every opponent roll, and it spares me the payments I would make to whoever
        # else would hold it: (opponents × (1 + c) + 1) mean gains a round.
        self.copy_value = MEAN_GAIN * self.horizon * (opponents * (1 + self.c) + 1)
        # Without a round limit a copy sells back at its price; with one, cash is what counts at the end.
        self.cash_weight = CASH_WEIGHT if self.rounds_left is None else 1.0
        self.decline_to_pot = state.options.rule(RULE_DECLINED)
        owners = state.owners
        self.opp_copies = sum(1 for o in owners if o >= 0 and o != me)
        self.pot_copies = sum(1 for o in owners if o == POT)
        self.mean_to_opponents = MEAN_GAIN * self.opp_copies
        self.mean_to_pot = MEAN_GAIN * self.pot_copies
        self.roll_cost = (1 + self.c) * self.mean_to_opponents + self.mean_to_pot
        self._cell_values: dict[int, float] = {}
        self._positions: dict[int, float] = {}
        self._relances: dict[int, float] = {}

    # --- payments of a roll ----------------------------------------------------------------------------
    def payment(self, a: int, b: int) -> tuple[int, int]:
        """What ``me`` owes for the roll (a, b), as the rules compute it: (to the opponents, to the jackpot)."""
        to_opponents = to_pot = 0
        for _, creditor, amount in self.state.gains(a, b, self.me):
            if creditor == POT:
                to_pot += amount
            else:
                to_opponents += amount
        return to_opponents, to_pot

    # --- one copy --------------------------------------------------------------------------------------
    def purchase_value(self, cell: int, cash: float) -> float:
        """What landing on the event cell ``cell`` is worth with ``cash`` left after paying."""
        owners, me = self.state.owners, self.me
        copy = COPY_OF[cell]
        owner, twin = owners[copy], owners[copy ^ 1]
        if owner not in (NOBODY, POT):
            return 0.0
        if twin == me:  # the second copy comes free
            return self.copy_value + self.price * self.cash_weight
        if cash < self.price:  # it cannot buy: declined, the copy may go to the jackpot
            return -0.5 * MEAN_GAIN * HORIZON if self.decline_to_pot and owner == NOBODY else 0.0
        value = self.copy_value - self.price * self.cash_weight
        if self.expert:
            value += self.twin_bonus(copy)
        return max(value, 0.0)

    def twin_bonus(self, copy: int) -> float:
        """Holding one copy makes the other free for me, or denies it to the opponent holding it."""
        twin = self.state.owners[copy ^ 1]
        if twin in (NOBODY, POT):
            return TWIN_CHANCE * (self.copy_value + self.price * self.cash_weight)
        if twin >= 0 and twin != self.me:  # that opponent would get this copy free on landing here
            return TWIN_CHANCE * self.copy_value
        return 0.0

    # --- landings --------------------------------------------------------------------------------------
    def landing_value(self, cell: int, to_opponents: float, to_pot: float, cash: float) -> float:
        """The cell's own effect after a roll whose payment is (``to_opponents``, ``to_pot``)."""
        kind = KIND[cell]
        if kind == EVENT:
            return self.purchase_value(cell, cash)
        if kind == JACKPOT:
            return self.state.jackpot + to_pot  # what was just paid to the jackpot comes back too
        if kind == TIRELIRE:
            return self.c * to_opponents
        return 0.0

    def expected_landing(self, cell: int) -> float:
        """The cell's own effect on a next roll, with the mean payment."""
        value = self._cell_values.get(cell)
        if value is None:
            cash = self.state.balances[self.me] - self.mean_to_opponents - self.mean_to_pot
            value = self.landing_value(cell, self.mean_to_opponents, self.mean_to_pot, cash)
            self._cell_values[cell] = value
        return value

    def position(self, cell: int) -> float:
        """The expected best landing of a roll from ``cell`` (the next turn, or a relance)."""
        value = self._positions.get(cell)
        if value is None:
            value = 0.0
            for total, chance in SUM_CHANCES:
                value += chance * max(self.expected_landing(f) for f in finals(self.me, cell, total, total))
            self._positions[cell] = value
        return value

    def relance(self, cell: int) -> float:
        """Rolling again from the relance ``cell``: its best landing (and position), less its payment."""
        value = self._relances.get(cell)
        if value is None:
            value = -self.roll_cost
            for total, chance in SUM_CHANCES:
                best = max(
                    self.expected_landing(f) + LOOKAHEAD * self.position(JUMP.get(f, f))
                    for f in finals(self.me, cell, total, total)
                )
                value += chance * best
            self._relances[cell] = value
        return value

    def final_value(self, cell: int, to_opponents: float, to_pot: float, cash: float) -> float:
        """A move ending on ``cell`` with this roll's payment: the landing, then what it leads to."""
        value = self.landing_value(cell, to_opponents, to_pot, cash)
        if not self.expert:
            return value
        kind = KIND[cell]
        if kind == RELANCE:
            return value + self.relance(cell)
        if kind == LADDER:
            return value + LOOKAHEAD * self.position(JUMP[cell])
        return value + LOOKAHEAD * self.position(cell)

    # --- decisions ---------------------------------------------------------------------------------------
    def buy_gain(self) -> float:
        """Buying the copy the pawn stands on against declining it (in the buy phase)."""
        copy = COPY_OF[self.state.pawn]
        gain = self.copy_value - self.price * self.cash_weight
        if self.expert:
            gain += self.twin_bonus(copy)
        if self.decline_to_pot and self.state.owners[copy] == NOBODY:
            # Declined, it goes to the jackpot, which then collects from my rolls too.
            gain += MEAN_GAIN * self.horizon
        return gain

    def opponents_landing(self, cell: int) -> float:
        """The expected number of opponents whose next roll can end on ``cell``."""
        state = self.state
        return sum(
            chance
            for p in self.active
            if p != self.me
            for total, chance in SUM_CHANCES
            if cell in finals(p, state.pawns[p], total, total)
        )

    def sale_loss(self, cell: int, roll: int) -> float:
        """What selling the copy on ``cell`` loses (lower sells first).

        Every copy earns the same; the difference is who can take it and what it costs now: under rule 2 a
        copy sold to the jackpot is owed at once if it pays on this roll, and then collects from me; a copy
        whose other copy I hold comes back free if I land on it again; one whose other copy an opponent
        holds goes to him free if he lands on it; the expert also sells first the copies that no opponent
        can land on with his next roll."""
        owners, me = self.state.owners, self.me
        copy = COPY_OF[cell]
        twin = owners[copy ^ 1]
        loss = self.copy_value
        if twin == me:
            loss *= 0.6
        elif twin >= 0:
            loss *= 1.3
        if self.expert:
            loss *= 0.6 + self.opponents_landing(cell)
        if self.state.options.rule(RULE_SOLD):  # owed now, and it may take one more sale to pay it
            loss += 3 * GAINS[copy // 2][roll]
        return loss
