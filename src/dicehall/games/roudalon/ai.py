"""Le Roudalon computer players: easy, normal and expert.

Every level reads the exact chances of ``odds``: ``hit_chance(pot, k)`` for a throw alone with k dice,
``chain_chance(pot, holdings)`` for an alliance whose members each throw 1 or 2 dice seeing the running
total.

Expert: expected net. Every option is valued in units as what it brings from now on (collections minus
stakes), with three figures:

- ``DIE``: the worth of a held die. A die is a turn without staking (a throw costs dice, never units)
  and a ticket to hit the pot; a die lost must be bought back by a stake.
- the pot's worth to it if the party goes on, ``pot * share``: the chance that no other player hits the
  pot (alone or in alliance with his left neighbours, each with his best exact chance, an alliance weighed
  by ``ALLY``) before its next turn, times its own best chance then (alone, or with its left neighbours),
  and a fair ``1/players`` of what stays after that (``pot_share``).
- an alliance is solved exactly (``member_value``): every outcome of every member's 1 or 2 dice, the other
  members playing for the alliance's best chance (as ``chain_chance`` does) and itself for its own value:
  the pips it collects on a hit, minus ``DIE`` per die it loses (it loses only as the first to overshoot
  or the last one short), plus the pot's worth if the alliance misses.

On its turn it compares: throwing 1 or 2 dice alone (hit: the pot; miss: dice lost, pot goes on); each
stake s (costs s, gives back a die, and the new pot pot+s is worth more when the players acting before
its next turn are unlikely to hit it and it is likely to hit it then); proposing to its left neighbour
(the value to it of the alliance as it would likely grow, ``likely_chain``: extended to the left while the
next player holds a die and makes the chance grow; a refusal leaves the other options open, so it
proposes only when the alliance beats them). It accepts a proposal (from a computer or a human) when its
value inside the alliance beats its value if the alliance throws without it (so, as a second member, it
refuses small pots, most of which the first thrower takes), extends when the larger alliance is worth more
to it (a member after it is the one who loses his dice if the total stays short), and as a member throws
the number of dice (1 or 2) of higher exact value given the running total. Its figures (``DIE``,
``ALLY``, ``RESIDUAL``) were set by seeded matches (bench/roudalon_ai.py); it never stakes more than it
gains by it, which against these opponents means it stakes 1.

Normal: greedy on chances. Throws alone when a throw hits with the best chance a throw alone can have
(1/6), proposes when the alliance with its left neighbours (``likely_chain``) hits at least a quarter of
the time, otherwise stakes 1; accepts and extends when the alliance's chance is decent (or grows); as a member throws the
number of dice that maximises the alliance's chance.

Easy: random but sane. Throws alone now and then when the pot can be hit, otherwise stakes a small
amount (1-3); proposes now and then; answers at random; as a member throws a number of dice that can
still hit when there is one.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from dicehall.ai.agent import Search, SearchAgent
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
DIE = 0.5  # units: the worth of a held die
ALLY = 0.5  # how likely another player's alliance is to form (and be thrown) when it would hit well
RESIDUAL = 1.0  # weight of the fair share 1/players of the pot that stays after its next turn
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
    the alliance's chance grow (how the members who answer and extend for the chance would go on)."""
    n = state.num_players
    holdings = tuple(state.held[s] for s in chain)
    chance = chain_chance(state.pot, holdings) if len(chain) > 1 else 0.0
    while True:
        candidate = (chain[-1] + 1) % n
        if candidate in chain or state.held[candidate] == 0:
            return chain
        longer = chain_chance(state.pot, holdings + (state.held[candidate],))
        if longer <= chance + 1e-9 and len(chain) > 1:
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
        total += p * max(member_throw_value(remaining, holdings, me, 0, die, cont, k)
                         for k in range(1, holdings[me] + 1))
    return total


def member_throw_value(remaining: int, holdings: tuple[int, ...], me: int, mine: int, die: float,
                       cont: float, dice: int) -> float:
    """Member ``me``'s expected value when he throws ``dice`` dice with ``remaining`` still to make
    (``mine``: the pips he already threw, 0 in a chain where everyone throws once)."""
    total = 0.0
    last = me + 1 >= len(holdings)
    for s, ways in WAYS[dice].items():
        if s == remaining:
            v = mine + s
        elif s < remaining and not last:  # the others go on; a miss now costs someone else his dice
            hit = chain_chance(remaining - s, holdings[me + 1 :])
            v = hit * (mine + s) + (1.0 - hit) * cont
        else:  # over, or short as the last member: he loses the dice he threw
            v = cont - die * dice
        total += ways * v
    return total / 6**dice


# --- the expert's view of the pot ----------------------------------------------------------------------
def threat(state: RoudalonState, me: int, pot: int, first: int) -> float:
    """The chance that a player other than ``me``, acting from seat ``first`` round to ``me`` (excluded),
    hits ``pot`` alone or in an alliance of his left neighbours (not reaching ``me``)."""
    n = state.num_players
    miss = 1.0
    seat = first
    while seat != me:
        held = state.held[seat]
        if held:
            c = best_alone(pot, held)[0]
            run = left_run(state, seat, me)
            if len(run) > 1:
                c = max(c, ALLY * chain_chance(pot, tuple(state.held[s] for s in run)))
            miss *= 1.0 - c
        seat = (seat + 1) % n
    return 1.0 - miss


def own_chance(state: RoudalonState, me: int, pot: int, held: int) -> float:
    """The expert's best chance at ``pot`` on a turn of its own holding ``held`` dice."""
    c = best_alone(pot, held)[0]
    if held:
        run = left_run(state, (me + 1) % state.num_players, me)
        if run:
            c = max(c, ALLY * chain_chance(pot, (held,) + tuple(state.held[s] for s in run[:2])))
    return c


def pot_share(state: RoudalonState, me: int, pot: int, held: int) -> float:
    """The share of ``pot`` the expert can expect if the party goes on now, the others acting first."""
    n = state.num_players
    safe = 1.0 - threat(state, me, pot, (me + 1) % n)
    mine = own_chance(state, me, pot, held)
    return safe * (mine + RESIDUAL * (1.0 - mine) / n)


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
            a for a in legal if isinstance(a, Stake)]
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
        chain = likely_chain(state, state.chain + (state.asked,))
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

    def __init__(self, seat: int, rng: random.Random, die: float = DIE, **kwargs: Any) -> None:
        super().__init__(seat, rng, **kwargs)
        self.die = die

    def cont(self, state: RoudalonState, me: int, held: int) -> float:
        """The pot's worth to ``me`` if it stays as it is and play goes on (the others acting first)."""
        return state.pot * pot_share(state, me, state.pot, held)

    def alliance_value(self, state: RoudalonState, chain: tuple[int, ...], me: int) -> float:
        """``me``'s value when alliance ``chain`` (seats in throwing order) throws at the pot now."""
        holdings = tuple(state.held[s] for s in chain)
        cont = self.cont(state, me, state.held[me])
        return member_value(state.pot, holdings, chain.index(me), self.die, cont)

    def turn_options(self, state: RoudalonState, legal: tuple[Any, ...]) -> Search:
        """Every legal action of the turn with its value (proposing: the alliance's value if accepted)."""
        me = state.active
        held = state.held[me]
        pot = state.pot
        values: list[tuple[float, Any]] = []
        for action in legal:
            if isinstance(action, Throw):
                p = float(hit_chance(pot, action.dice))
                left = held - action.dice
                miss = -self.die * action.dice + pot * pot_share(state, me, pot, left)
                values.append((p * pot + (1 - p) * miss, action))
            elif isinstance(action, Stake):
                s = action.amount
                after = min(MAX_HELD, held + 1)
                gain = self.die * (after - held)
                values.append((-s + gain + (pot + s) * pot_share(state, me, pot + s, after), action))
            elif action == PROPOSE:
                values.append((self.alliance_value(state, likely_chain(state, (me,)), me), action))
            else:  # PASS
                values.append((self.die + pot * pot_share(state, me, pot, 1), action))
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
        joined = state.chain + (me,)
        inside = self.alliance_value(state, joined, me)
        longer = likely_chain(state, joined)
        if longer != joined:
            inside = max(inside, self.alliance_value(state, longer, me))
        yield
        if len(state.chain) == 1:  # refused: the active player plays alone (stakes, most likely)
            outside = self.cont(state, me, state.held[me])
        else:  # refused: the chain throws as it stands, without me
            holdings = tuple(state.held[s] for s in state.chain)
            outside = (1.0 - chain_chance(state.pot, holdings)) * self.cont(state, me, state.held[me])
        return ACCEPT if inside > outside + 1e-9 else REFUSE

    def extend(self, state: RoudalonState) -> Search:
        yield
        me = state.chain[-1]
        candidate = state.extension_candidate()
        if candidate is None:
            return CLOSE
        now = self.alliance_value(state, state.chain, me)
        yield
        longer = self.alliance_value(state, likely_chain(state, state.chain + (candidate,)), me)
        return PROPOSE if longer > now + 1e-9 else CLOSE

    def chain_throw(self, state: RoudalonState) -> Search:
        yield
        remaining, holdings, index = _chain_now(state)
        me = state.chain[index]
        mine = sum(sum(f) for s, f in state.throws if s == me)
        cont = self.cont(state, me, state.held[me])
        best, best_k = float("-inf"), 1
        for k in range(1, holdings[index] + 1):
            v = member_throw_value(remaining, holdings, index, mine, self.die, cont, k)
            if v > best + 1e-9:
                best, best_k = v, k
        return THROWS[best_k - 1]


_AGENTS = {"easy": EasyAgent, "normal": NormalAgent, "expert": ExpertAgent}


def make_agent(level: str, seat: int, rng: random.Random) -> SearchAgent:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return _AGENTS[level](seat, rng)
