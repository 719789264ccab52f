"""Every game of computers ends, with no round limit: the late game's progress guarantee (ai.py, ``late``).

A table of experts could stall for ever before it: from some position on, each stayed put every turn,
waiting for the other to expose himself (``simulate marchands --ai expert,expert --seed 1``: game 0 never
ended; 5 of those 30 games did not end within 400 rounds).

The property: seeded games of every mix of the levels (random, easy, normal, expert), 2, 3 and 4 players,
the three board sizes (mostly the quick 30 × 30), half of them with none of the extensions and half with
some (portals, multiplier faces, the replay bonus), and no round limit: each ends on the end cell within
``BOUND`` actions. At least one seat is a level of the game: random seats alone can play for ever by the
rules (a single die holding a player's only direction and power faces never moves him; dice that lost a
direction can shut a pawn out of the end cell), and nothing in the game's levels can change that. The
default run plays ``GAMES`` tables (30 s of CPU); ``--soak`` plays 1,000 tables of each size (2, 3 and 4
players), a quarter of an hour of CPU.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dicehall.ai.agent import decide
from dicehall.ai.agents import RandomAgent
from dicehall.cli.simulate import play as simulate_play
from dicehall.core.protocol import NodeKind
from dicehall.core.testing import sample_float
from dicehall.games.marchands import GAME, Board, Buy, MarchandsOptions, MarchandsState, Replace, Sell
from dicehall.games.marchands.ai import LATE, late, make_agent
from dicehall.games.marchands.ai_trade import sane
from dicehall.games.marchands.odds import race_turns

LEVELS = ("random", "easy", "normal", "expert")
BOUND = 100_000  # actions (decisions and dice): the longest of the 3,000 tables takes under 4,000
GAMES = 90  # the default run's tables (30 of each size); --soak: SOAK_GAMES
SOAK_GAMES = 3_000


def table(i: int) -> tuple[MarchandsOptions, list[str]]:
    """Game ``i``'s options and seats: 2, 3, 4 players in turn; one game in five on a 50 × 50 or 51 × 51
    board; three games without extensions, then three with (each on at random, at least one), and so on."""
    rng = random.Random(f"endings/{i}")
    players = 2 + i % 3
    size = 30 if i % 5 else (50, 51)[i // 5 % 2]
    flags = {"portals": False, "multipliers": False, "replay_bonus": False}
    if i // 3 % 2:
        while not any(flags.values()):
            flags = {flag: rng.random() < 0.5 for flag in flags}
    levels = ["random"] * players
    while all(level == "random" for level in levels):
        levels = [rng.choice(LEVELS) for _ in range(players)]
    return MarchandsOptions(players=players, size=size, **flags), levels


def play(i: int) -> tuple[MarchandsState, int]:
    """Game ``i`` played out (at most ``BOUND`` actions): its last state and its number of actions."""
    options, levels = table(i)
    agents = [
        RandomAgent(random.Random(f"endings/{i}/{s}"))
        if level == "random"
        else make_agent(level, s, random.Random(f"endings/{i}/{s}"))
        for s, level in enumerate(levels)
    ]
    dice = random.Random(f"endings/{i}/dice")
    state = MarchandsState.initial(options)
    actions = 0
    while state.kind is not NodeKind.TERMINAL and actions < BOUND:
        if state.kind is NodeKind.CHANCE:
            state = state.apply(sample_float(state.chance_outcomes(), dice))
        else:
            seat = state.to_move
            assert seat is not None
            state = state.apply(decide(agents[seat], state))
        actions += 1
    return state, actions


def check_ends(i: int) -> None:
    options, levels = table(i)
    final, actions = play(i)
    assert final.phase == "over" and final.ended == "end_cell", (i, levels, options, actions, str(final))


def test_the_tables_cover_every_size_level_board_and_extension():
    tables = [table(i) for i in range(GAMES)]
    assert {o.players for o, _ in tables} == {2, 3, 4}
    assert {o.size for o, _ in tables} == {30, 50, 51}
    assert {level for _, levels in tables for level in levels} == set(LEVELS)
    for players in (2, 3, 4):  # with and without extensions at every table size
        assert {bool(o.on) for o, _ in tables if o.players == players} == {False, True}
    assert sum(not o.on for o, _ in tables) == len(tables) // 2
    for flag in ("portals", "multipliers", "replay_bonus"):
        assert any(flag in o.on for o, _ in tables), flag
    assert all(o.round_limit is None for o, _ in tables)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_of_computers_ends(players):
    for i in range(players - 2, GAMES, 3):
        check_ends(i)


@pytest.mark.soak
@pytest.mark.parametrize("chunk", range(30))
def test_soak_every_game_of_computers_ends(chunk):
    for i in range(GAMES + chunk, SOAK_GAMES, 30):
        check_ends(i)


# --- the stalls found ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("levels", "number", "options"),
    [
        (("expert", "expert"), 0, {}),  # both stayed put from round 206 on, beside a bonus cell
        (("expert", "expert"), 16, {"size": 30}),
        (("expert", "expert", "expert"), 19, {"size": 30}),
    ],
)
def test_the_stalled_games_end(levels, number, options):
    """The games of ``python -m dicehall simulate marchands --seed 1 --ai LEVELS`` that never ended."""
    opts = MarchandsOptions(players=len(levels), **options)
    match = simulate_play(GAME, opts, levels, "1", number)
    state = match.state
    assert state.ended == "end_cell"
    assert state.round <= LATE * opts.size + 60, state.round  # soon after the late game begins


def test_the_late_game_begins_after_three_rounds_a_cell_of_the_board():
    for size in (30, 50, 51):
        state = MarchandsState.initial(MarchandsOptions(players=3, size=size))
        assert not late(at_round(state, LATE * size)) and late(at_round(state, LATE * size + 1))


def at_round(state: MarchandsState, number: int, seat: int = 0) -> MarchandsState:
    return replace(state, turn=(number - 1) * state.num_players + seat)


# --- the standoff of game 0 ---------------------------------------------------------------------------------
DICE = (("N", "E", "S", "W"), ("1", "2", "3", "4"), ("1", "1"))
END = (24, 24)


def standoff(seat: int, rolled: tuple[str, ...], number: int) -> MarchandsState:
    """Round ``number`` of game 0's standoff, ``seat`` to move: seat 0 (135 coins) and seat 1 (130) a diagonal
    step apart, out of each other's reach (their dice roll one direction), a bonus cell beside both."""
    board = Board.blank(50).with_cells("bonus", (38, 13))
    state = MarchandsState.on_board(MarchandsOptions(players=2), board, ((37, 13), (38, 12)))
    state = replace(state, coins=(135, 130), dice=(DICE, DICE), rolled=rolled, phase="move")
    return at_round(state, number, seat)


def choices(level: str, state: MarchandsState) -> set:
    """The cells ``level`` moves to from ``state`` with five agents seeded differently."""
    return {decide(make_agent(level, state.current, random.Random(k)), state).to for k in range(5)}


ROLLS = (("S", "2", "1"), ("W", "3", "1"), ("E", "1", "1"), ("N", "4", "1"))


@pytest.mark.parametrize("rolled", ROLLS)
def test_before_the_late_game_the_expert_ahead_keeps_out_of_reach(rolled):
    """The standoff itself: ahead, the expert stays put whatever it rolls (any move exposes it)."""
    assert choices("expert", standoff(0, rolled, 100)) == {(37, 13)}


@pytest.mark.parametrize("level", ["easy", "normal", "expert"])
@pytest.mark.parametrize("rolled", ROLLS)
def test_in_the_late_game_the_leader_races_for_the_end_cell(level, rolled):
    """Every level ahead takes a move after which its dice need the fewest turns to the end cell (staying
    put only when no move of the roll brings it nearer), the same whatever its generator."""
    state = standoff(0, rolled, LATE * 50 + 1)
    fastest = min(race_turns(DICE, a.to, END) for a in state.legal_actions())
    got = choices(level, state)
    assert len(got) == 1 and race_turns(DICE, got.pop(), END) == fastest
    assert choices(level, standoff(0, ("S", "2", "1"), LATE * 50 + 1)) == {(37, 16)}


@pytest.mark.parametrize("level", ["easy", "normal", "expert"])
@pytest.mark.parametrize("rolled", ROLLS)
def test_in_the_late_game_the_others_never_stay_put(level, rolled):
    state = standoff(1, rolled, LATE * 50 + 1)
    assert (38, 12) not in choices(level, state)


def test_no_level_trades_a_direction_away():
    """Dice that lost a direction can shut a pawn out of the end cell for good (on the edge beyond it): a
    game it leads would never end. No level replaces or sells the only face of a direction."""
    dice = (("N", "E", "S", "W"), ("1", "2", "3", "4"))
    assert not sane(dice, Replace(0, 0, "E")) and not sane(dice, Replace(0, 2, "4"))
    assert sane(dice, Replace(1, 0, "E")) and sane(dice, Buy(2))
    assert not sane(dice, Sell(0)) and sane((("N", "E", "S", "W"), ("1", "N", "3", "4")), Replace(1, 1, "2"))
