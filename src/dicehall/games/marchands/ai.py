"""Dés & Marchands computer players: easy, normal and expert.

The game ends the moment someone reaches the end cell, and the richest player then wins (ties: most power
faces; still tied: nobody). So a player ahead on coins wants to end the game, a player behind wants coins
first. Every level knows that much: none of them ever steps on the end cell when that would lose, and all
of them step on it when that wins at once.

Every level reads the exact roll distribution of a player's dice (``roll_table``: the set of directions
rolled and the reach, convolved die by die, cached) and from it ``reach_chance``: the chance that a player's
next roll lets him arrive on a given cell (a rival landing there steals half the coins; the end cell).

Expert: a value in coin-equivalents for every destination (``ai_eval.Expert``), the cell's own effect
resolved with its own bonus and merchant choices:

- coins: its coins minus the rivals' (half the richest rival's, half their mean), so stealing from the
  leader counts twice and the tax counts;
- exposure: for each rival, the chance his next roll can reach the cell, times the half of its purse he
  would steal;
- threat: for each rival who would win if the game ended now, the chance his next roll reaches the end cell,
  times a won game (``WIN``): behind a rich rival near the centre it steals, taxes or collects first;
- the next turn, looked ahead exactly over its roll distribution: the best arrival then (a bonus, a rival to
  rob, the end cell when it would be ahead, a merchant), plus a potential field that pulls it, over several
  turns, toward the bonus cells and robbable rivals, and toward the end cell when it is ahead (the more
  so the bigger its lead: ``PULL``; a small lead is first grown on nearby bonus cells).

On a bonus it compares the actions by the same value (+5 coins, usually; the tax when it changes who
leads; the replay when a second move is worth more). At a merchant a transaction is worth its change of
mobility (expected reach plus distinct directions of the dice, ``mobility``, at ``MOB`` coins a unit)
minus its price; coins up to the richest rival's plus a cushion count in full, surplus coins cheaply. So
when rich it buys power (a die, then higher faces on it); when poor it leaves, except for what pays at
once (a 2-face die for 2 coins: +1 reach on every roll, and sold back for 2 at any merchant).

Normal and expert, when not ahead and staying put looks best, move anyway (the best other move) 15% of the
time (``RESTLESS``): two players each waiting for the other to expose himself would otherwise never end.

Normal: greedy on the arrival (the coins it gains or steals, its bonus and merchant choices), heads for the
end cell when ahead (alignment with it, distance), else drifts toward the nearest bonus cell other than the
one it stands on (so it steps off and back on); no exposure, threat nor look-ahead.

Easy: random but sane: ends the game when that wins (never when it loses), else plays the normal level's
move half of the time and a random move otherwise; takes 5 coins on a bonus most of the time; at a
merchant leaves most of the time and otherwise makes a random affordable transaction.
"""

from __future__ import annotations

import random
from typing import Any

from dicehall.ai.agent import Search, SearchAgent
from dicehall.games.marchands.actions import LEAVE, Bonus, Buy, Replace, Sell
from dicehall.games.marchands.ai_eval import (
    Expert,
    Normal,
    best,
    ending_result,
    merchant_choice,
)
from dicehall.games.marchands.rules import MarchandsState

LEVELS = ("easy", "normal", "expert")
RESTLESS = 0.15  # normal and expert: the chance to move rather than stay when not ahead


class MarchandsAgent(SearchAgent):
    def __init__(self, level: str, seat: int, rng: random.Random, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.level, self.seat, self.rng = level, seat, rng

    def search(self, state: MarchandsState) -> Search:
        actions = list(state.legal_actions())
        self.rng.shuffle(actions)  # ties are broken by the seat's own seeded generator
        if state.phase == "move":
            return (yield from self._move(state, actions))
        if state.phase == "bonus":
            return (yield from self._bonus(state, actions))
        if state.phase == "merchant":
            return self._merchant(state, actions)
        return actions[0]

    # --- moves ---------------------------------------------------------------------------------------
    def _move(self, state: MarchandsState, actions: list[Any]) -> Search:
        me = state.current
        # Never end the game losing; always end it winning.
        safe = []
        for a in actions:
            result = ending_result(state, a, me)
            if result is True:
                return a
            if result is None:
                safe.append(a)
        if not safe:  # every move ends the game and loses (cannot happen: staying is always offered)
            return actions[0]
        if self.level == "easy" and self.rng.random() < 0.5:
            return self.rng.choice(safe)
        evaluator = Expert(state, me, self.rng) if self.level == "expert" else Normal(state, me, self.rng)
        scored = []
        for a in safe:
            scored.append((evaluator.move_value(a), a))
            yield
        choice = best(scored)
        if self.level == "easy":
            return choice
        here = state.pos[me]
        if tuple(choice.to) == here and state.winner() != me and self.rng.random() < RESTLESS:
            # Not ahead, it would stay: now and then it moves anyway, so that two players who each wait
            # for the other to expose himself (or one parked on a bonus cell) never stall the game.
            moving = [(v, a) for v, a in scored if tuple(a.to) != here]
            if moving:
                choice = best(moving)
        return choice

    # --- bonus -----------------------------------------------------------------------------------------
    def _bonus(self, state: MarchandsState, actions: list[Bonus]) -> Search:
        me = state.current
        ids = [a.choice for a in actions]
        if self.level == "easy":
            if "coins" in ids and self.rng.random() < 0.75:
                return Bonus("coins")
            return self.rng.choice([a for a in actions if a.choice != "nothing"] or actions)
        if self.level == "normal":
            return Bonus("coins") if "coins" in ids else actions[0]
        evaluator = Expert(state, me, self.rng)
        scored = []
        for a in actions:
            scored.append((evaluator.bonus_value(a), a))
            yield
        return best(scored)

    # --- merchant -----------------------------------------------------------------------------------
    def _merchant(self, state: MarchandsState, actions: list[Any]) -> Any:
        me = state.current
        if self.level == "easy":
            coins = state.coins[me]
            cheap = [a for a in actions
                     if isinstance(a, (Buy, Replace, Sell)) and _price(state, a) * 2 <= coins]
            if cheap and self.rng.random() < 0.25:
                return self.rng.choice(cheap)
            return LEAVE
        return merchant_choice(state, me, actions, self.level)[0]


def _price(state: MarchandsState, action: Any) -> int:
    from dicehall.games.marchands import merchant

    return merchant.price(state.dice[state.current], action)


def make_agent(level: str, seat: int, rng: random.Random) -> SearchAgent:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return MarchandsAgent(level, seat, rng)


__all__ = ["LEVELS", "MarchandsAgent", "make_agent"]
