"""Dés & Marchands computer players: easy, normal and expert.

The game ends the moment someone reaches the end cell, and the richest player then wins (ties: most power
faces; still tied: nobody). So a player ahead on coins wants to end the game, a player behind wants coins
first. Every level knows that much: none of them ever steps on the end cell when that would lose, and all
of them step on it when that wins at once. No level makes a transaction after which no roll could move it
(the safeguards allow one die holding the only direction and the only power: it never rolls both), nor one
that loses a direction its dice had (``sane``: a pawn on the edge beyond the end cell, without the way back,
would be shut out of it for good).

Every level reads the exact roll distribution of a player's dice (``odds.roll_table``: the set of directions
rolled and the reach, convolved die by die, cached) and from it ``reach_chance``: the chance that a player's
next roll lets him arrive on a given cell (a rival landing there steals half the coins; the end cell).
Nothing depends on the board's size: the end cell, the special cells and the edges are read from the board.

Expert: a plan in three parts, valued in coin-equivalents for every destination (``ai_eval.Expert``), the
cell's own effect resolved with its own bonus and merchant choices.

- Get richer than the rivals. Coins count as its coins minus the rivals' (half the richest rival's, half
  their mean), so robbing the leader counts twice and the tax counts. It farms the bonus cells (a bonus
  cell it can reach next turn is worth ``BONUS``; standing on one is worth nothing until it steps off and
  back), robs rivals in reach, and keeps out of theirs (exposure: each rival's chance to reach the cell,
  times the half of its purse he would steal). Behind a rich rival near the centre (threat: his chance to
  reach the end cell next roll, times a won game ``WIN``) it steals, taxes or collects first.
- Improve its dice at the merchants when that pays. A transaction is worth the ``coverage`` it adds (the
  cells within ``COVER_R`` steps its next roll can reach: a second direction, even on a 2-face die, or more
  power) at ``COVER`` coins a cell a turn over the turns left (``HORIZON`` at most), against the coins it
  costs: surplus coins (beyond the richest rival's plus a cushion) are cheap, coins that would leave it
  not ahead dear, a lead lost dearer. Only cheap transactions (``MAXPRICE``) are weighed, and no die
  beyond ``MAXDICE``: a merchant's visit is paid in farming turns, a coin spent is a coin the rival can
  overtake, and every die more slows its thinking. A merchant in reach with a transaction that pays is a
  target like a bonus cell; at the merchant the best few transactions and leaving are compared on the
  whole position (threat and exposure after paying included). Its first die (a 2-face die, +1 power on
  every roll) is counted over the rest of a game (``FIRST`` turns) at a merchant this roll or the next one
  reaches, over ``HORIZON`` like the rest when the merchant is further: it buys it on its way, without a
  long detour. Until it has made a transaction, while it leads by ``TRIP_LEAD`` coins or more, a
  transaction is worth ``TRIP`` more and it heads for the nearest merchants whose journey its lead can
  afford (``TRIPK`` coins a turn of the journey; ``TRIP_RATE`` coins of lead a turn): it trades in most
  games, and not at the price of the lead (bought behind, a die lets a rival a coin ahead race home).
- Race to the end cell when ahead: a pull toward it that grows with the lead (``PULL``), counted in the
  turns its dice need to get there (``race_turns``, exact over the rolls, so that faster dice make a
  shorter race), and the chance of reaching it from the next turn's cells (``ALIGN``); the next turn is
  looked ahead exactly over its roll distribution, with a potential field for the turns after (bonus
  cells, robbable rivals, merchants).

On a bonus it compares the actions by the same value (+5 coins, usually; the tax when it changes who
leads; the replay when a second move is worth more).

Normal and expert, when not ahead and staying put looks best, move anyway (the best other move) 15% of the
time (``RESTLESS``): two players each waiting for the other to expose himself would otherwise never end.
The expert does not when it waits in line with a bonus cell or a rival worth robbing (that is no stall).

The late game guarantees the end, every level and every player alike, leader included (``late``: more than
``LATE`` rounds per cell of the board's width, 90 rounds on 30 × 30 and 150 on 50 × 50, beyond nearly every
game that makes progress; ``late_moves``): the player who would win now races for the end cell (the moves
after which its dice need the fewest turns to get there), and no other stays put when it can move (the best
other move). Two experts out of each other's reach could otherwise stay put for ever, each waiting for the
other to expose himself, the one behind beside a bonus cell it never took for fear of being robbed there.

Normal: greedy on the arrival (the coins it gains or steals, its bonus and merchant choices), heads for the
end cell when ahead (alignment with it, distance), else drifts toward the nearest bonus cell other than the
one it stands on (so it steps off and back on); no exposure, threat nor look-ahead. At a merchant it buys
power only with coins to spare (well beyond the richest rival's).

Easy: random but sane: ends the game when that wins (never when it loses), else plays the normal level's
move half of the time and a random move otherwise; takes 5 coins on a bonus most of the time; at a
merchant leaves most of the time and otherwise makes a random affordable transaction.

With the option bonus_once, the normal and expert levels count only the bonus cells that still serve them
(one that has served them is a plain cell); the easy level needs nothing more.

Why the expert chose a move, in words, is ``hint.why``.
"""

from __future__ import annotations

import random
from typing import Any

from dicehall.ai.agent import Search, SearchAgent
from dicehall.games.marchands import merchant
from dicehall.games.marchands.actions import LEAVE, Bonus, Buy, Replace, Sell
from dicehall.games.marchands.ai_eval import Expert, Normal, best, bonuses, ending_result
from dicehall.games.marchands.ai_trade import merchant_choice, sane
from dicehall.games.marchands.odds import RACE_CAP, race_turns
from dicehall.games.marchands.rules import MarchandsState

LEVELS = ("easy", "normal", "expert")
RESTLESS = 0.15  # normal and expert: the chance to move rather than stay when not ahead
LATE = 3  # the late game begins after this many rounds per cell of the board's width (``late``)


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
            return (yield from self._bonus(state, bonuses(actions)))
        if state.phase == "merchant":
            if self.level == "expert":
                return (yield from self._expert_merchant(state, actions))
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
        if late(state):
            safe = late_moves(state, me, safe)
        if self.level == "easy" and self.rng.random() < 0.5:
            return self.rng.choice(safe)
        evaluator = Expert(state, me, self.rng) if self.level == "expert" else Normal(state, me, self.rng)
        scored = []
        for a in safe:
            if isinstance(evaluator, Expert):
                scored.append(((yield from evaluator.move_steps(a)), a))
            else:
                scored.append((evaluator.move_value(a), a))
            yield
        choice = best(scored)
        if self.level == "easy":
            return choice
        here = state.pos[me]
        if (
            tuple(choice.to) == here
            and state.winner() != me
            and self.rng.random() < RESTLESS
            and not (isinstance(evaluator, Expert) and evaluator.waiting(here))
        ):
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
    def _expert_merchant(self, state: MarchandsState, actions: list[Any]) -> Search:
        evaluator = Expert(state, state.current, self.rng)
        scored = []
        for a in evaluator.trades(state, actions):
            scored.append((evaluator.trade_value(state, a), a))
            yield
        return best(scored)

    def _merchant(self, state: MarchandsState, actions: list[Any]) -> Any:
        me = state.current
        if self.level == "easy":
            coins = state.coins[me]
            cheap = [
                a
                for a in actions
                if isinstance(a, (Buy, Replace, Sell)) and _price(state, a) * 2 <= coins and sane(state.dice[me], a)
            ]
            if cheap and self.rng.random() < 0.25:
                return self.rng.choice(cheap)
            return LEAVE
        return merchant_choice(state, me, actions, self.level)[0]


def late(state: MarchandsState) -> bool:
    """The late game: more rounds played than ``LATE`` per cell of the board's width (90 rounds on 30 × 30,
    150 on 50 × 50), far beyond the games that make progress. The state keeps no history, so the rounds
    played stand for the rounds without progress: a position gives the same choices however it was reached."""
    return state.round > LATE * state.options.size


def late_moves(state: MarchandsState, me: int, safe: list[Any]) -> list[Any]:
    """The progress guarantee of the late game, every level and every player alike: the moves ``me`` may
    choose among (of ``safe``, those that do not end the game losing, in the agent's shuffled order).

    The player who would win now races for the end cell: the moves after which its dice need the fewest turns
    to arrive there (``race_turns``: exact over the rolls, moving only nearer), staying put among them only
    when no move of this roll brings it nearer and its dice can get there. Every other player (and a leader
    whose dice cannot reach the end cell) never stays put when it can move. So the leader arrives unless
    robbed (the robber leads and races in turn), and a standoff, where each waits for the other to expose
    himself, cannot last."""
    assert state.board is not None
    here = state.pos[me]
    moving = [a for a in safe if tuple(a.to) != here]
    if state.winner() == me:
        end, dice = state.board.end, state.dice[me]
        turns = [(race_turns(dice, state.apply(a).pos[me], end), a) for a in safe]
        fastest = min(t for t, _ in turns)
        if fastest < RACE_CAP:
            return [a for t, a in turns if t == fastest]
    return moving or safe


def _price(state: MarchandsState, action: Any) -> int:
    return merchant.price(state.dice[state.current], action)


def make_agent(level: str, seat: int, rng: random.Random) -> SearchAgent:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return MarchandsAgent(level, seat, rng)
