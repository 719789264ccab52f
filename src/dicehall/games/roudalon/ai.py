"""Le Roudalon computer players: easy, normal and expert. Every level reads the exact chances of ``odds``;
the expert values its options with the party model of ``value``.

Expert: expected net of the party (``value.party_value``). On its turn it compares: throwing 1 or 2 dice
alone (hit: the pot minus its stakes; miss: the party going on with fewer dice), never a throw that cannot
hit while it may stake; each stake s (the party going on with a pot of pot+s, its stakes s higher and a die
back; a stake that takes the pot to its ceiling ends the party void); proposing to its left neighbour (the
value to it of the alliance as it would likely grow, ``value.likely_chain``; a refusal leaves the other
options open, so it proposes only when the alliance beats them). It accepts a proposal (from a computer or
a human) when its value inside the alliance beats its value if the alliance throws without it (by
``MARGIN`` at a pot of 24 or less, which two players can make), extends when the larger alliance is worth
more to it (a member after it is the one who loses his dice if the total stays short), and as a member
throws the number of dice (1 or 2) of higher exact value given the running total. A die it may lose is
worth to it the difference it makes to the party's value, at most 1 (a stake of 1 buys a die back). Every
decision weighs one option per unit of work (``think``).

Normal: greedy on chances. Throws alone when a throw hits with the best chance a throw alone can have
(1/6), proposes when the alliance with its left neighbours (``likely_chain``) hits at least a quarter of
the time, otherwise stakes 1; accepts and extends when the alliance's chance is decent (or grows); as a
member throws the number of dice that maximises the alliance's chance.

Easy: random but sane. Throws alone now and then when the pot can be hit, otherwise stakes a small
amount (1-3); proposes now and then; answers at random; as a member throws a number of dice that can
still hit when there is one.

Why the expert chose a move, in words, is ``hint.why``.
"""

from __future__ import annotations

import random
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
from dicehall.games.roudalon.odds import chain_chance, hit_chance
from dicehall.games.roudalon.rules import MAX_HELD, RoudalonState
from dicehall.games.roudalon.value import (
    VOID,
    best_alone,
    best_chain_dice,
    chain_now,
    likely_chain,
    member_throw_value,
    member_value,
    party_value,
    pot_growth,
)

LEVELS = ("easy", "normal", "expert")

MARGIN = 0.5  # units: at a pot of 24 or less the expert joins an alliance only when that gains it this much
NORMAL_PROPOSE = 0.25  # normal level: proposes when the alliance hits at least this often
NORMAL_ACCEPT = 0.2  # normal level: accepts when the alliance (with it) hits at least this often


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
        remaining, holdings, index = chain_now(state)
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
        remaining, holdings, index = chain_now(state)
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
        remaining, holdings, index = chain_now(state)
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
