"""Le Roudalon computer players: easy, normal and expert.

Every level reads the exact chances of ``odds``: ``hit_chance(pot, k)`` for a throw alone with k dice,
``chain_chance(pot, holdings)`` for an alliance whose members each throw 1 or 2 dice seeing the running
total.

Expert: expected net of the party. Every option is valued in units as what the party will bring it in the
end: what it collects minus what it staked, its past stakes included, since a party that ends void refunds
them (a stake costs only if someone makes the pot). The figures it uses:

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

On its turn it compares: throwing 1 or 2 dice alone (hit: the pot minus its stakes; miss: the party going
on with fewer dice), never a throw that cannot hit while it may stake; each stake s (the party going on
with a pot of pot+s, its stakes s higher and a die back; a stake that takes the pot to its ceiling ends
the party void); proposing to its left neighbour (the value to it of the alliance as it would likely grow,
``likely_chain``: extended to the left while the next player holds a die and makes the chance grow; a
refusal leaves the other options open, so it proposes only when the alliance beats them). It accepts a
proposal (from a computer or a human) when its value inside the alliance beats its value if the alliance
throws without it (by ``MARGIN`` at a pot of 24 or less, which two players can make), extends when the
larger alliance is worth more to it (a member after it is the one who loses his dice if the total stays
short), and as a member throws the number of dice (1 or 2) of higher exact value given the running total.
A die it may lose is worth to it the difference it makes to the party's value, at most 1 (a stake of 1
buys a die back). Its figures (``ALLY``, ``TRY``, ``VOID``, ``MARGIN``) were set by seeded matches
(bench/strength.py, bench/roudalon_ai.py). Every decision weighs one option per unit of work (``think``).

``explain(state, seat, lang)`` gives the expert's choice and, in one line of French or English, the odds
it read (for "Suggest a move").

Normal: greedy on chances. Throws alone when a throw hits with the best chance a throw alone can have
(1/6), proposes when the alliance with its left neighbours (``likely_chain``) hits at least a quarter of
the time, otherwise stakes 1; accepts and extends when the alliance's chance is decent (or grows); as a
member throws the number of dice that maximises the alliance's chance.

Easy: random but sane. Throws alone now and then when the pot can be hit, otherwise stakes a small
amount (1-3); proposes now and then; answers at random; as a member throws a number of dice that can
still hit when there is one.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from dicehall.ai.agent import Search, SearchAgent, decide
from dicehall.games.roudalon.actions import (
    ACCEPT,
    CLOSE,
    PASS,
    PROPOSE,
    REFUSE,
    STAKES,
    THROWS,
    Stake,
    Throw,
)
from dicehall.games.roudalon.odds import WAYS, chain_chance, chain_throw_chance, hit_chance
from dicehall.games.roudalon.rules import MAX_HELD, RoudalonState

LEVELS = ("easy", "normal", "expert")

# Expert figures (set by seeded matches against the normal level, bench/roudalon_ai.py).
ALLY = 0.8  # how likely an alliance is to form (and be thrown) when it would hit well
GROWTH, GROWTH_WEIGHT = 1.0, 3.0  # the pot's growth on another player's turn before any is seen (units)
TRY = 0.1  # on its later turns the expert tries a chance at least this good, else stakes 1
VOID = 2.0  # units: what a party ending void costs it (it would rather the party be decided)
MARGIN = 0.5  # units: at a pot of 24 or less it joins an alliance only when that gains it this much
HORIZON = 20  # rounds the forward estimate looks ahead (the pot reaches its ceiling well before)
NORMAL_PROPOSE = 0.25  # normal level: proposes when the alliance hits at least this often
NORMAL_ACCEPT = 0.2  # normal level: accepts when the alliance (with it) hits at least this often


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


# --- the agents -----------------------------------------------------------------------------------------
class RoudalonAgent(SearchAgent):
    level = ""

    def __init__(self, seat: int, rng: random.Random, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seat, self.rng = seat, rng

    def search(self, state: RoudalonState) -> Search:
        yield
        legal = state.legal_actions()
        if state.phase == "turn":
            choice = yield from self.turn(state, legal)
        elif state.phase == "answer":
            choice = yield from self.answer(state)
        elif state.phase == "extend":
            choice = yield from self.extend(state)
        elif state.phase == "chain":
            choice = yield from self.chain_throw(state)
        else:
            choice = legal[0]
        return choice if choice in legal else legal[0]

    def turn(self, state: RoudalonState, legal: tuple[Any, ...]) -> Search:
        raise NotImplementedError

    def answer(self, state: RoudalonState) -> Search:
        raise NotImplementedError

    def extend(self, state: RoudalonState) -> Search:
        raise NotImplementedError

    def chain_throw(self, state: RoudalonState) -> Search:
        raise NotImplementedError


def _chain_now(state: RoudalonState) -> tuple[int, tuple[int, ...], int]:
    """(remaining, holdings, index of the member to throw) during the chain phase."""
    holdings = tuple(state.held[s] for s in state.chain)
    return state.pot - state.running_total, holdings, state.thrower


class EasyAgent(RoudalonAgent):
    level = "easy"

    def turn(self, state: RoudalonState, legal: tuple[Any, ...]) -> Search:
        yield
        stakes = [a for a in legal if isinstance(a, Stake) and a.amount <= 3] or [
            a for a in legal if isinstance(a, Stake)
        ]
        if not stakes:
            return PASS if PASS in legal else legal[0]
        if PROPOSE in legal and self.rng.random() < 0.2:
            return PROPOSE
        hits = [a for a in legal if isinstance(a, Throw) and hit_chance(state.pot, a.dice) > 0]
        if hits and self.rng.random() < 0.5:
            return self.rng.choice(hits)
        return self.rng.choice(stakes)

    def answer(self, state: RoudalonState) -> Search:
        yield
        return ACCEPT if self.rng.random() < 0.5 else REFUSE

    def extend(self, state: RoudalonState) -> Search:
        yield
        return PROPOSE if self.rng.random() < 0.3 else CLOSE

    def chain_throw(self, state: RoudalonState) -> Search:
        yield
        remaining, holdings, index = _chain_now(state)
        can = [k for k in range(1, holdings[index] + 1) if remaining >= k]
        return THROWS[self.rng.choice(can) - 1] if can else THROWS[0]


class NormalAgent(RoudalonAgent):
    level = "normal"

    def turn(self, state: RoudalonState, legal: tuple[Any, ...]) -> Search:
        yield
        me = state.active
        chance, k = best_alone(state.pot, state.held[me])
        if k and THROWS[k - 1] in legal and chance >= 1 / 6 - 1e-9:
            return THROWS[k - 1]
        if PROPOSE in legal:
            chain = likely_chain(state, (me,))
            if chain_chance(state.pot, tuple(state.held[s] for s in chain)) >= NORMAL_PROPOSE:
                return PROPOSE
        if STAKES[0] in legal:
            return STAKES[0]
        return legal[0]

    def answer(self, state: RoudalonState) -> Search:
        yield
        asked = state.asked
        assert asked is not None  # the answer phase: a player is asked
        chain = likely_chain(state, state.chain + (asked,))
        holdings = tuple(state.held[s] for s in chain)
        return ACCEPT if chain_chance(state.pot, holdings) >= NORMAL_ACCEPT else REFUSE

    def extend(self, state: RoudalonState) -> Search:
        yield
        holdings = tuple(state.held[s] for s in state.chain)
        candidate = state.extension_candidate()
        if candidate is None:
            return CLOSE
        longer = chain_chance(state.pot, holdings + (state.held[candidate],))
        return PROPOSE if longer > chain_chance(state.pot, holdings) + 1e-9 else CLOSE

    def chain_throw(self, state: RoudalonState) -> Search:
        yield
        remaining, holdings, index = _chain_now(state)
        return THROWS[best_chain_dice(remaining, holdings, index) - 1]


class ExpertAgent(RoudalonAgent):
    level = "expert"

    def value(self, state: RoudalonState, me: int, first: int, pot: int, held: int, staked: int) -> float:
        """``me``'s expected net of the party if play goes on from ``first``'s turn (``party_value``)."""
        return party_value(state, me, first, pot, held, staked, pot_growth(state, me))

    def after_throw(self, state: RoudalonState, me: int) -> tuple[float, float]:
        """(cont, die): ``me``'s value if the current throw (alone or in alliance) misses without costing it
        a die, and what each die it loses costs it then (play goes on from the active player's left)."""
        first = state.left_of(state.active)
        held, staked = state.held[me], state.staked[me]
        cont = self.value(state, me, first, state.pot, held, staked)
        if held == 0:
            return cont, 0.0
        fewer = self.value(state, me, first, state.pot, held - 1, staked)
        return cont, min(1.0, max(0.0, cont - fewer))  # at most 1: a stake of 1 buys a die back

    def alliance_value(self, state: RoudalonState, chain: tuple[int, ...], me: int) -> float:
        """``me``'s value when alliance ``chain`` (seats in throwing order) throws at the pot now: its pips
        on a hit, minus its stakes; the party going on after a miss (minus its lost dice)."""
        holdings = tuple(state.held[s] for s in chain)
        cont, die = self.after_throw(state, me)
        staked = state.staked[me]
        return member_value(state.pot, holdings, chain.index(me), die, cont + staked) - staked

    def turn_options(self, state: RoudalonState, legal: tuple[Any, ...]) -> Search:
        """The actions of the turn worth weighing, with their values (proposing: the alliance's value if
        accepted). Left out: a throw that cannot hit while a stake is allowed, and stakes above 1 but the
        one that takes the pot to its ceiling (ending the party void)."""
        me = state.active
        held, pot, staked = state.held[me], state.pot, state.staked[me]
        first = state.left_of(me)
        can_stake = any(isinstance(a, Stake) for a in legal)
        values: list[tuple[float, Any]] = []
        kept = None  # the party going on with its dice in hand (throws: a lost die costs at most 1)
        for action in legal:
            if isinstance(action, Throw):
                p = float(hit_chance(pot, action.dice))
                if p == 0.0 and can_stake:
                    continue
                if kept is None:
                    kept = self.value(state, me, first, pot, held, staked)
                miss = max(self.value(state, me, first, pot, held - action.dice, staked), kept - action.dice)
                values.append((p * (pot - staked) + (1 - p) * miss, action))
            elif isinstance(action, Stake):
                s = action.amount
                ends = pot + s >= state.options.pot_ceiling and state.options.dead_party_void
                if s > 1 and not ends:
                    continue  # a larger stake only feeds the pot (and pushes it out of everyone's reach)
                if ends:
                    value = -VOID  # the party ends void: every stake refunded
                else:
                    value = self.value(state, me, first, pot + s, min(MAX_HELD, held + 1), staked + s)
                values.append((value, action))
            elif action == PROPOSE:
                chain = likely_chain(state, (me,))
                if can_stake and chain_chance(pot, tuple(state.held[s] for s in chain)) == 0.0:
                    continue  # an alliance that cannot make the pot, however long
                values.append((self.alliance_value(state, chain, me), action))
            else:  # PASS (a party started before the dead party rule)
                values.append((self.value(state, me, first, pot, min(MAX_HELD, held + 1), staked), action))
            yield
        return values

    def turn(self, state: RoudalonState, legal: tuple[Any, ...]) -> Search:
        values = yield from self.turn_options(state, legal)
        # ties: the first listed (small stakes before larger ones, stakes before throws)
        best_value, best = values[0]
        for value, action in values[1:]:
            if value > best_value + 1e-9:
                best_value, best = value, action
        return best

    def answer(self, state: RoudalonState) -> Search:
        yield
        me = state.asked
        assert me is not None  # the answer phase: a player is asked
        joined = state.chain + (me,)
        inside = self.alliance_value(state, joined, me)
        longer = likely_chain(state, joined)
        if longer != joined:
            inside = max(inside, self.alliance_value(state, longer, me))
        if chain_chance(state.pot, tuple(state.held[s] for s in longer)) == 0.0:
            return REFUSE  # even extended, the alliance cannot make the pot: a sure miss, and dice lost
        yield
        held, staked = state.held[me], state.staked[me]
        if len(state.chain) == 1:  # refused: the active player plays on alone
            outside = self.value(state, me, state.active, state.pot, held, staked)
        else:  # refused: the chain throws as it stands, without me
            c = chain_chance(state.pot, tuple(state.held[s] for s in state.chain))
            rest = self.value(state, me, state.left_of(state.active), state.pot, held, staked)
            outside = -c * staked + (1.0 - c) * rest
        margin = MARGIN if state.pot <= 24 else 0.0  # a pot two players can make: the others may try it too
        return ACCEPT if inside > outside + margin + 1e-9 else REFUSE

    def extend(self, state: RoudalonState) -> Search:
        yield
        me = state.chain[-1]
        candidate = state.extension_candidate()
        if candidate is None:
            return CLOSE
        if chain_chance(state.pot, tuple(state.held[s] for s in state.chain)) == 0.0:
            return PROPOSE  # closed now, the alliance cannot make the pot: only a longer one can
        now = self.alliance_value(state, state.chain, me)
        yield
        longer = self.alliance_value(state, likely_chain(state, state.chain + (candidate,)), me)
        return PROPOSE if longer > now + 1e-9 else CLOSE

    def chain_throw(self, state: RoudalonState) -> Search:
        yield
        remaining, holdings, index = _chain_now(state)
        me = state.chain[index]
        mine = sum(sum(f) for s, f in state.throws if s == me)
        cont, die = self.after_throw(state, me)
        staked = state.staked[me]
        best, best_k = float("-inf"), 1
        for k in range(1, holdings[index] + 1):
            v = member_throw_value(remaining, holdings, index, mine, die, cont + staked, k) - staked
            if v > best + 1e-9:
                best, best_k = v, k
        return THROWS[best_k - 1]


_AGENTS = {"easy": EasyAgent, "normal": NormalAgent, "expert": ExpertAgent}


def make_agent(level: str, seat: int, rng: random.Random) -> SearchAgent:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return _AGENTS[level](seat, rng)


# --- "Suggest a move" ------------------------------------------------------------------------------------
_EXPLAIN = {
    "pct": ("{pct} %", "{pct}%"),
    "you": ("vous", "you"),
    "left": ("votre voisin de gauche", "your left neighbour"),
    "next": ("le joueur suivant", "the next player"),
    "throw1": ("Lancer 1 dé : {pct} de toucher le pot de {pot}", "Throw 1 die: {pct} to hit the pot of {pot}"),
    "throw2": ("Lancer 2 dés : {pct} de toucher le pot de {pot}", "Throw 2 dice: {pct} to hit the pot of {pot}"),
    "stake": ("Miser {n} : le pot passe à {pot}", "Stake {n}: the pot goes to {pot}"),
    "stake_die": (
        "Miser {n} : vous reprenez un dé et le pot passe à {pot}",
        "Stake {n}: you take a die back and the pot goes to {pot}",
    ),
    "stake_first": (" (premier tour : il faut miser)", " (first turn: a stake is required)"),
    "stake_no_die": (" (vous ne tenez aucun dé)", " (you hold no die)"),
    "stake_best": (" ; lancer seul maintenant : {pct} au mieux", "; a throw alone now: {pct} at best"),
    "stake_hopeless": (" ; aucun lancer seul ne peut toucher {was}", "; no throw alone can make {was}"),
    "stake_void": (
        "Miser {n} : le pot atteint son plafond, la partie est nulle et les mises sont rendues",
        "Stake {n}: the pot reaches its ceiling, the game is void and the stakes are refunded",
    ),
    "propose": (
        "Proposer une alliance à {name} : ensemble, {pct} de toucher le pot de {pot}",
        "Propose an alliance to {name}: together, {pct} to hit the pot of {pot}",
    ),
    "accept": (
        "Accepter : l'alliance a {pct} de toucher le pot de {pot}",
        "Accept: the alliance has {pct} to hit the pot of {pot}",
    ),
    "refuse": (
        "Refuser : avec vous, l'alliance n'aurait que {pct} de toucher le pot de {pot}",
        "Refuse: with you, the alliance would have only {pct} to hit the pot of {pot}",
    ),
    "extend": (
        "Proposer à {name} : la chance de l'alliance passe de {now} à {longer} (pot de {pot})",
        "Ask {name}: the alliance's chance goes from {now} to {longer} (pot of {pot})",
    ),
    "close": ("Lancer l'alliance : {pct} de toucher le pot de {pot}", "Throw now: {pct} to hit the pot of {pot}"),
    "chain1": (
        "Lancer 1 dé : il manque {left}, {pct} de le faire",
        "Throw 1 die: {left} still to make, {pct} to make it",
    ),
    "chain2": (
        "Lancer 2 dés : il manque {left}, {pct} de le faire",
        "Throw 2 dice: {left} still to make, {pct} to make it",
    ),
    "chain_members": (" (avec les membres suivants)", " (with the members after you)"),
    "pass": ("Passer : vous reprenez un dé", "Pass: you take a die back"),
}


def _pct(p: float, lang: int) -> str:
    pct = round(100 * p)
    if p > 0 and pct == 0:
        pct = 1
    return _EXPLAIN["pct"][lang].format(pct=pct)


def explain(state: RoudalonState, seat: int, lang: str = "en", names: Any = None) -> str:
    """The expert's choice for ``seat`` (the player to move) and, in one line of French (``lang`` "fr") or
    English ("en"), the odds it used: "Throw 2 dice: 17% to hit the pot of 7". ``names`` (optional, one per
    seat) names the players; without it the text says "your left neighbour", "the next player".
    :raises ValueError: ``seat`` is not the player to move, or an unknown language."""
    if lang not in ("fr", "en"):
        raise ValueError(f"unknown language {lang!r}: fr or en")
    if state.to_move != seat:
        raise ValueError(f"seat {seat} is not the player to move")
    return why(state, seat, decide(ExpertAgent(seat, random.Random(0)), state), lang, names)


def why(state: RoudalonState, seat: int, action: Any, lang: str = "en", names: Any = None) -> str:
    """What ``explain`` says, for an action already chosen by the expert for ``seat`` (the player to move):
    the "Suggest a move" card (app/hints.py) has the expert think once, in slices, then asks why here."""
    i = 0 if lang == "fr" else 1
    t = {key: texts[i] for key, texts in _EXPLAIN.items()}
    pot = state.pot

    def name(who: int, default: str) -> str:
        return str(names[who]) if names is not None else t[default]

    def alliance(chain: tuple[int, ...]) -> float:
        return chain_chance(pot, tuple(state.held[s] for s in chain))

    if state.phase == "turn":
        if isinstance(action, Throw):
            return t[f"throw{action.dice}"].format(pct=_pct(float(hit_chance(pot, action.dice)), i), pot=pot)
        if isinstance(action, Stake):
            n = action.amount
            if pot + n >= state.options.pot_ceiling and state.options.dead_party_void:
                return t["stake_void"].format(n=n)
            held = state.held[seat]
            text = t["stake_die" if held < MAX_HELD else "stake"].format(n=n, pot=pot + n)
            if state.turns == 0:
                return text + t["stake_first"]
            if held == 0:
                return text + t["stake_no_die"]
            best = best_alone(pot, held)[0]
            if best > 0:
                return text + t["stake_best"].format(pct=_pct(best, i))
            return text + t["stake_hopeless"].format(was=pot)
        if action == PROPOSE:
            chain = likely_chain(state, (seat,))
            return t["propose"].format(name=name(state.left_of(seat), "left"), pct=_pct(alliance(chain), i), pot=pot)
        return t["pass"]
    if state.phase == "answer":
        chain = likely_chain(state, state.chain + (seat,))
        key = "accept" if action == ACCEPT else "refuse"
        return t[key].format(pct=_pct(alliance(chain), i), pot=pot)
    if state.phase == "extend":
        candidate = state.extension_candidate()
        if action == PROPOSE and candidate is not None:
            longer = likely_chain(state, state.chain + (candidate,))
            return t["extend"].format(
                name=name(candidate, "next"),
                now=_pct(alliance(state.chain), i),
                longer=_pct(alliance(longer), i),
                pot=pot,
            )
        return t["close"].format(pct=_pct(alliance(state.chain), i), pot=pot)
    # chain: the member's throw, with the members after him
    remaining, holdings, index = _chain_now(state)
    k = action.dice
    chance = chain_throw_chance(remaining, holdings, index, k)
    text = t[f"chain{k}"].format(left=remaining, pct=_pct(chance, i))
    return text + (t["chain_members"] if index + 1 < len(holdings) else "")
