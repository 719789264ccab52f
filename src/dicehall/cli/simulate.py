"""Computer-against-computer games, for balance checks, AI comparisons and benchmarks.

Game number ``g`` rolls its dice through a ``Match`` seeded ``f"{seed}/{g}"``; the agent of seat ``s``
gets ``random.Random(f"{seed}/{g}/{s}")``. The same arguments give the same games on any machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from dicehall.ai import RandomAgent, decide
from dicehall.ai.agent import side_choice
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.core.registry import GameDef

RANDOM = "random"  # a core RandomAgent, for comparisons; beside the levels each game offers (its spec's)
MAX_ACTIONS = 1_000_000  # a game longer than this is a bug in its rules or its agents


def make_agent(game: GameDef, level: str, seat: int, rng: random.Random) -> Any:
    if level == RANDOM:
        return RandomAgent(rng)
    return game.make_agent(level, seat, rng)


def play(game: GameDef, options: Any, levels: Sequence[str], seed: str, number: int) -> Match:
    """Play game ``number`` of a series to the end and return its match."""
    match = Match(game, options, f"{seed}/{number}")
    agents = [
        make_agent(game, level, seat, random.Random(f"{seed}/{number}/{seat}")) for seat, level in enumerate(levels)
    ]
    return play_out(match, agents, f"game {number}")


def play_out(
    match: Match, agents: Sequence[Any], name: str = "the game", choose: Callable[[Any, Any], Any] = decide
) -> Match:
    """Play ``match`` to the end: the match's own dice, each seat's agent deciding its turns
    (``choose(agent, state)``, e.g. a bench timing one seat) and, first, any side action it wants.
    :raises RuntimeError: no end within MAX_ACTIONS actions."""
    while match.state.kind is not NodeKind.TERMINAL:
        if match.ply >= MAX_ACTIONS:
            raise RuntimeError(f"{name} did not end within {MAX_ACTIONS} actions")
        state = match.state
        if state.kind is NodeKind.CHANCE:
            match.roll()
            continue
        side = side_choice(state, agents.__getitem__)
        if side is not None:
            match.submit(side[1], side[0])
        else:
            seat = state.to_move
            assert seat is not None  # (a decision node's)
            match.submit(choose(agents[seat], state))
    return match


def simulate(game: GameDef, options: Any, levels: Sequence[str], *, games: int, seed: str) -> dict[str, Any]:
    """Play ``games`` games and summarise them (the JSON printed by ``python -m dicehall simulate``).

    A game won by k seats together counts as a tie and gives each of them 1/k of a win.
    """
    players = len(levels)
    wins, scores = [0.0] * players, [0.0] * players
    ties = actions = decisions = 0
    started = time.perf_counter()
    for number in range(games):
        match = play(game, options, levels, seed, number)
        outcome = match.state.outcome()
        if outcome is None:
            raise RuntimeError(f"game {number} ended without an outcome")
        for winner in outcome.winners:
            wins[winner] += 1 / len(outcome.winners)
        ties += outcome.tie
        for seat, score in enumerate(outcome.scores):
            scores[seat] += score
        actions += match.ply
        decisions += sum(1 for entry in match.log if entry.by != "chance")
    seconds = time.perf_counter() - started
    return {
        "game": game.id,
        "games": games,
        "players": players,
        "ai": list(levels),
        "seed": seed,
        "options": game.options_to_json(options),
        "wins": [round(w, 6) for w in wins],
        "ties": ties,
        "mean_actions": actions / games,
        "mean_decisions": decisions / games,
        "mean_scores": [s / games for s in scores],
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
    }
