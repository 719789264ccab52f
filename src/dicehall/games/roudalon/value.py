"""Le Roudalon's value model: what the rest of a party is worth to a player, in units, as the expert computer
player (``ai.ExpertAgent``) weighs its options. It is built on the exact chances of ``odds``:
``hit_chance(pot, k)`` for a throw alone with k dice, ``chain_chance(pot, holdings)`` for an alliance whose
members each throw 1 or 2 dice seeing the running total.

Every option is valued as what the party will bring the player in the end: what it collects minus what it
staked, its past stakes included, since a party that ends void refunds them (a stake costs only if someone
makes the pot). The figures it uses:

- ``party_value``: a forward estimate of the rest of the party, turn by turn round the table. Another
  player hits with his best exact chance (alone, or in alliance with his left neighbours holding a die,
  weighed by ``ALLY``), which costs the expert its stakes; otherwise he stakes what the others have been
  staking per turn this party (``pot_growth``) and takes a die back. On its own later turns the expert
  tries its best chance (alone, or with its left neighbours, collecting its share of the pips) when it is
  at least ``TRY``, else stakes 1. A pot that reaches its ceiling ends the party void: stakes refunded,
  minus ``VOID`` (the expert would rather the party be decided: it tries big pots instead of letting them
  die).
- an alliance is solved exactly (``member_value``): every outcome of every member's 1 or 2 dice, the other
  members playing for the alliance's best chance (as ``chain_chance`` does) and itself for its own value:
  the pips it collects on a hit minus its stakes, or, if the alliance misses, the party going on, minus
  what each die it loses is worth to it (it loses dice only as the first to overshoot or the last one
  short).
- an alliance as it would likely grow (``likely_chain``): extended to the left while the next player holds
  a die and makes the chance grow.

Its figures (``ALLY``, ``TRY``, ``VOID``, and the agent's ``MARGIN``) were set by seeded matches
(bench/strength.py, bench/roudalon_ai.py).
"""

from __future__ import annotations

from functools import lru_cache

from dicehall.games.roudalon.odds import WAYS, chain_chance, chain_throw_chance, hit_chance
from dicehall.games.roudalon.rules import MAX_HELD, RoudalonState

# Expert figures (set by seeded matches against the normal level, bench/roudalon_ai.py).
ALLY = 0.8  # how likely an alliance is to form (and be thrown) when it would hit well
GROWTH, GROWTH_WEIGHT = 1.0, 3.0  # the pot's growth on another player's turn before any is seen (units)
TRY = 0.1  # on its later turns the expert tries a chance at least this good, else stakes 1
VOID = 2.0  # units: what a party ending void costs it (it would rather the party be decided)
HORIZON = 20  # rounds the forward estimate looks ahead (the pot reaches its ceiling well before)


# --- shared helpers ------------------------------------------------------------------------------------
def left_run(state: RoudalonState, start: int, stop: int | None = None) -> list[int]:
    """Seats from ``start`` going left while they hold a die, never reaching ``stop`` nor wrapping round."""
    seats: list[int] = []
    seat = start
    n = state.num_players
    while len(seats) < n and seat != stop and state.held[seat] > 0 and seat not in seats:
        seats.append(seat)
        seat = (seat + 1) % n
    return seats


def likely_chain(state: RoudalonState, chain: tuple[int, ...]) -> tuple[int, ...]:
    """``chain`` extended to the left for as long as the next player holds a die, is not a member and makes
    the alliance's chance grow, or while the alliance cannot hit at all yet (a big pot: at 39, four members
    may still make nothing where five can); how the members who answer and extend for the chance go on."""
    n = state.num_players
    holdings = tuple(state.held[s] for s in chain)
    chance = chain_chance(state.pot, holdings) if len(chain) > 1 else 0.0
    while True:
        candidate = (chain[-1] + 1) % n
        if candidate in chain or state.held[candidate] == 0:
            return chain
        longer = chain_chance(state.pot, holdings + (state.held[candidate],))
        if longer <= chance + 1e-9 and len(chain) > 1 and chance > 0:
            return chain
        chain, holdings, chance = chain + (candidate,), holdings + (state.held[candidate],), longer


def best_alone(pot: int, held: int) -> tuple[float, int]:
    """(chance, dice) of the best throw alone with at most ``held`` dice (fewer dice on ties)."""
    best = (0.0, 0)
    for k in range(1, held + 1):
        p = float(hit_chance(pot, k))
        if p > best[0] + 1e-12:
            best = (p, k)
    return best


def best_chain_dice(remaining: int, holdings: tuple[int, ...], index: int) -> int:
    """The number of dice member ``index`` throws for the alliance's best chance (fewer on ties)."""
    best, best_k = -1.0, 1
    for k in range(1, holdings[index] + 1):
        p = chain_throw_chance(remaining, holdings, index, k)
        if p > best + 1e-12:
            best, best_k = p, k
    return best_k


# --- the expert's exact alliance model -----------------------------------------------------------------
@lru_cache(maxsize=8192)
def before_me(pot: int, holdings: tuple[int, ...], me: int) -> tuple[tuple[tuple[int, float], ...], float]:
    """The members before member ``me`` throw for the alliance's best chance: the chances of what is
    still to make when ``me``'s turn comes, ``((remaining, chance), ...)``, and the chance that the
    alliance has missed before it (the hits before it are the rest)."""
    dist = {pot: 1.0}
    missed = 0.0
    for index in range(me):
        after: dict[int, float] = {}
        for remaining, p in dist.items():
            k = best_chain_dice(remaining, holdings, index)
            for s, ways in WAYS[k].items():
                q = p * ways / 6**k
                if s < remaining:
                    after[remaining - s] = after.get(remaining - s, 0.0) + q
                elif s > remaining:
                    missed += q
        dist = after
    return tuple(sorted(dist.items())), missed


def member_value(pot: int, holdings: tuple[int, ...], me: int, die: float, cont: float) -> float:
    """Member ``me``'s expected value when an alliance whose members hold ``holdings`` dice throws at
    ``pot``. Hit: ``me`` collects his pips; miss: ``me`` pays ``die`` per die he loses (only as the first
    to overshoot or the last one short), and the pot (worth ``cont`` to him) goes on. The others throw
    for the alliance's best chance (as ``chain_chance``), ``me`` for his own value."""
    dist, missed = before_me(pot, holdings, me)
    total = missed * cont
    for remaining, p in dist:
        total += p * max(
            member_throw_value(remaining, holdings, me, 0, die, cont, k) for k in range(1, holdings[me] + 1)
        )
    return total


def member_throw_value(
    remaining: int, holdings: tuple[int, ...], me: int, mine: int, die: float, cont: float, dice: int
) -> float:
    """Member ``me``'s expected value when he throws ``dice`` dice with ``remaining`` still to make
    (``mine``: the pips he already threw, 0 in a chain where everyone throws once)."""
    total = 0.0
    last = me + 1 >= len(holdings)
    for s, ways in WAYS[dice].items():
        if s == remaining:
            v: float = mine + s
        elif s < remaining and not last:  # the others go on; a miss now costs someone else his dice
            hit = chain_chance(remaining - s, holdings[me + 1 :])
            v = hit * (mine + s) + (1.0 - hit) * cont
        else:  # over, or short as the last member: he loses the dice he threw
            v = cont - die * dice
        total += ways * v
    return total / 6**dice


# --- the expert's view of the party -------------------------------------------------------------------
def turns_taken(state: RoudalonState, seat: int) -> int:
    """The turns ``seat`` has finished in this party."""
    if state.starter is None:
        return 0
    offset = (seat - state.starter) % state.num_players
    return max(0, (state.turns - offset + state.num_players - 1) // state.num_players)


def pot_growth(state: RoudalonState, me: int) -> float:
    """What another player stakes, on average, when he stakes: the others' stakes over their staking turns
    so far this party (their turns less their throws), starting from ``GROWTH`` units (``GROWTH_WEIGHT``
    turns' worth)."""
    others = sum(state.staked) - state.staked[me]
    throws = sum(1 for e in state.history if e.kind in ("throw", "alliance") and e.player != me)
    turns = max(0, state.turns - turns_taken(state, me) - throws)
    return (others + GROWTH * GROWTH_WEIGHT) / (turns + GROWTH_WEIGHT)


def other_chance(state: RoudalonState, held: list[int], me: int, seat: int, pot: int) -> float:
    """The chance that ``seat`` (not ``me``) hits ``pot`` on his turn: his best throw alone, or an alliance
    with his left neighbours holding a die (never reaching ``me``), weighed by ``ALLY``."""
    d = held[seat]
    if not d or pot <= 0:
        return 0.0
    c = best_alone(pot, d)[0]
    if pot > 6:
        n = len(held)
        run = [d]
        s = (seat + 1) % n
        while s != me and s != seat and held[s] and len(run) < n:
            run.append(held[s])
            s = (s + 1) % n
        if len(run) > 1:
            c = max(c, ALLY * chain_chance(pot, tuple(run)))
    return c


def own_try(state: RoudalonState, held: list[int], me: int, pot: int) -> tuple[float, float, int]:
    """The expert's best try at ``pot`` on a later turn: (chance, its expected collection on a hit, dice it
    risks), alone or with its left neighbours holding a die (an alliance weighed by ``ALLY``; it collects
    its share of the pips)."""
    h = held[me]
    c, k = best_alone(pot, h)
    best = (c, float(pot), k)
    if h and pot > 6:
        n = len(held)
        run = [h]
        s = (me + 1) % n
        while s != me and held[s] and len(run) < 3:
            run.append(held[s])
            s = (s + 1) % n
        if len(run) > 1:
            ca = ALLY * chain_chance(pot, tuple(run))
            share = min(pot * h / sum(run), 3.5 * h)  # it collects its own pips: 3.5 a die
            if ca * share > best[0] * best[1]:
                best = (ca, share, 1)
    return best


def party_value(state: RoudalonState, me: int, first: int, pot: int, held_me: int, staked: int, growth: float) -> float:
    """The expert's expected net of the party (what it collects minus what it staked, ``staked`` so far
    included, 0 if the party ends void) when play goes on from ``first``'s turn with ``pot`` in the pot and
    the expert holding ``held_me`` dice.

    A forward estimate, turn by turn: another player hits with ``other_chance`` (the expert then loses its
    stakes), else stakes ``growth`` units and takes a die back; the expert tries its best chance when it
    is worth ``TRY``, else stakes 1; a pot at the ceiling ends the party void (stakes refunded, less
    ``VOID``)."""
    n = state.num_players
    ceiling = state.options.pot_ceiling
    held = list(state.held)
    held[me] = held_me
    alive, value, p, s = 1.0, 0.0, float(pot), float(staked)
    seat = first
    for _ in range(HORIZON * n):
        if p >= ceiling - 1e-9 or alive < 1e-3:
            break
        if seat == me:
            c, collect, k = own_try(state, held, me, int(round(p)))
            if c >= TRY and c * (collect - s) > 0:
                value += alive * c * (collect - s)
                alive *= 1.0 - c
                held[me] -= k
            else:
                s += 1.0
                p += 1.0
                held[me] = min(MAX_HELD, held[me] + 1)
        else:
            lo = int(p)
            f = p - lo
            q = other_chance(state, held, me, seat, lo)
            if f > 1e-9:
                q = (1.0 - f) * q + f * other_chance(state, held, me, seat, lo + 1)
            value -= alive * q * s
            alive *= 1.0 - q
            if q >= TRY:  # he tries: a miss costs dice (his, or an ally's)
                held[seat] -= 1
            else:
                p += growth if held[seat] else max(1.0, growth)  # no die: he must stake
                held[seat] = min(MAX_HELD, held[seat] + 1)
        seat = (seat + 1) % n
    if p >= ceiling - 1e-9:
        value -= alive * VOID
    return value


def chain_now(state: RoudalonState) -> tuple[int, tuple[int, ...], int]:
    """(remaining, holdings, index of the member to throw) during the chain phase."""
    holdings = tuple(state.held[s] for s in state.chain)
    return state.pot - state.running_total, holdings, state.thrower
