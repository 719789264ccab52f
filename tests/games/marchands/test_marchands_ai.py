"""Dés & Marchands computer players: legal and reproducible play, sensible decisions, slicing, strength."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dicehall.ai.agent import decide
from dicehall.ai.agents import RandomAgent
from dicehall.core.testing import play_sampled
from dicehall.games.marchands import (
    Board,
    Bonus,
    Buy,
    Leave,
    MarchandsOptions,
    MarchandsState,
    Move,
    Replace,
    faces,
)
from dicehall.games.marchands.ai import LEVELS, make_agent
from dicehall.games.marchands.ai_eval import mobility, reach_chance, roll_table

START_DICE = (("N", "E", "S", "W"), ("1", "2", "3", "4"))


def agents_for(levels, seed):
    return [
        RandomAgent(random.Random(f"{seed}/{s}"))
        if lv == "random"
        else make_agent(lv, s, random.Random(f"{seed}/{s}"))
        for s, lv in enumerate(levels)
    ]



def play(levels, seed, options, check=True, visit=None):
    agents = agents_for(levels, seed)

    def choose(state):
        if visit is not None:
            visit(state)
        action = decide(agents[state.to_move], state)
        if check:
            assert action in state.legal_actions(), (state.phase, action)
        return action

    return play_sampled(MarchandsState.initial(options), choose, random.Random(f"{seed}/dice"))


def scenario(coins, pos, rolled, *, players=2, specials=(), size=50, dice=None, phase="move", **opts):
    board = Board.blank(size)
    for kind, cells in specials:
        board = board.with_cells(kind, *cells)
    options = MarchandsOptions(players=players, size=size, **opts)
    state = MarchandsState.on_board(options, board, pos)
    return replace(state, coins=tuple(coins), rolled=tuple(rolled), phase=phase, dice=dice or state.dice)


def choice(level, state, seed=0):
    return decide(make_agent(level, state.current, random.Random(seed)), state)


# --- the helpers --------------------------------------------------------------------------------------
def test_roll_table_is_exact():
    table = roll_table(START_DICE)
    assert sum(q for _, _, q in table) == pytest.approx(1.0)
    assert len(table) == 16 and all(q == pytest.approx(1 / 16) for _, _, q in table)
    assert reach_chance(START_DICE, (10, 10), (10, 7)) == pytest.approx(1 / 4 * 2 / 4)  # N, power >= 3
    assert reach_chance(START_DICE, (10, 10), (11, 11)) == 0.0  # one direction die: no diagonal
    two = START_DICE + (("N", "E", "S", "W"),)
    assert reach_chance(two, (10, 10), (11, 11)) > 0
    assert mobility(START_DICE + (("1", "1"),)) > mobility(START_DICE)


# --- legality, determinism, ending --------------------------------------------------------------------------
OPTION_SETS = [
    {},
    {"portals": True},
    {"multipliers": True},
    {"replay_bonus": True},
    {"size": 51, "portals": True, "multipliers": True, "replay_bonus": True},
]


@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: "+".join(o) or "plain")
def test_every_level_plays_legal_actions(opts):
    seen = set()
    for players, levels in ((2, ["expert", "normal"]), (4, ["easy", "expert", "random", "normal"])):
        options = MarchandsOptions(players=players, round_limit=25, **opts)
        for g in range(2):
            final, _ = play(levels, f"legal/{opts}/{g}", options, visit=lambda s: seen.add(s.phase))
            assert final.phase == "over"
    assert {"roll", "move"} <= seen


@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: "+".join(o) or "plain")
def test_bonus_and_merchant_choices_are_legal(opts):
    """Every level at a bonus and at a merchant, poor and rich, with odd dice, in seeded positions."""
    options = MarchandsOptions(players=3, round_limit=20, **opts)
    states = []
    play(["random"] * 3, f"phases/{opts}", options, check=False, visit=states.append)
    rng = random.Random(1)
    odd_dice = [START_DICE, START_DICE + (("1", "1"),),
                (("N", "3", "x2" if opts.get("multipliers") else "2"),),
                (("N", "E"), ("6", "6", "1", "S"), ("1",) * 8)]
    for i, state in enumerate(states[::7][:30]):
        for phase in ("bonus", "merchant"):
            p = state.current
            dice = state.dice[:p] + (rng.choice(odd_dice),) + state.dice[p + 1 :]
            coins = tuple(rng.choice((0, 1, 2, 7, 30)) for _ in state.coins)
            s = replace(state, phase=phase, dice=dice, coins=coins)
            for level in LEVELS:
                action = choice(level, s, seed=i)
                assert action in s.legal_actions(), (phase, level, action)


def test_deterministic_for_a_seed():
    options = MarchandsOptions(players=3, round_limit=30, multipliers=True)
    a = play(["expert", "normal", "easy"], "same", options)
    b = play(["expert", "normal", "easy"], "same", options)
    assert a[1] == b[1] and a[0].coins == b[0].coins


def test_unknown_level():
    with pytest.raises(ValueError):
        make_agent("grandmaster", 0, random.Random(0))


def test_games_of_computers_end_on_the_end_cell():
    """No round limit needed in practice: the leader heads for the centre (a high limit guards the test)."""
    options = MarchandsOptions(players=2, round_limit=400)
    ended = [play(["expert", "normal"], f"end/{g}", options)[0].ended for g in range(4)]
    assert ended.count("end_cell") >= 3


# --- sensible decisions -------------------------------------------------------------------------------------
END = (24, 24)


@pytest.mark.parametrize("level", LEVELS)
def test_takes_the_end_cell_when_ahead(level):
    state = scenario((10, 2), ((24, 21), (5, 5)), ("S", "4"))
    assert Move(END) in state.legal_actions()
    assert choice(level, state) == Move(END)


@pytest.mark.parametrize("level", LEVELS)
def test_never_takes_the_end_cell_when_behind_or_tied(level):
    for coins in ((2, 10), (2, 2)):
        state = scenario(coins, ((24, 21), (5, 5)), ("S", "4"))
        for seed in range(5):
            assert choice(level, state, seed) != Move(END)


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_steals_from_a_rich_rival(level):
    state = scenario((2, 20, 3), ((10, 10), (10, 13), (30, 30)), ("S", "4"), players=3,
                     specials=[("bonus", [(10, 11)])])
    assert choice(level, state) == Move((10, 13))  # 10 coins stolen beat the 5 of the bonus


def test_expert_goes_for_a_bonus_and_takes_the_coins():
    state = scenario((2, 2), ((10, 10), (40, 40)), ("E", "4"), specials=[("bonus", [(12, 10)])])
    assert choice("expert", state) == Move((12, 10))
    at_bonus = scenario((2, 2), ((12, 10), (40, 40)), (), specials=[("bonus", [(12, 10)])], phase="bonus")
    assert choice("expert", at_bonus) == Bonus("coins")
    assert choice("normal", at_bonus) == Bonus("coins")


def test_expert_takes_the_coins_that_give_it_the_lead():
    """The rival is richer and next to the end cell: +5 coins take the lead (14 to 10), more than the tax
    would (9 to 8)."""
    state = scenario((9, 10), ((40, 40), (24, 22)), (), specials=[("bonus", [(40, 40)])], phase="bonus",
                     dice=(START_DICE, (("S",) * 4, ("2",) * 4)), players=2)
    assert choice("expert", state) == Bonus("coins")
    assert state.apply(Bonus("coins")).winner() == 0


def test_expert_avoids_ending_next_to_a_rival():
    """Rich, it does not stop where a rival's next roll can reach it."""
    rival_dice = (("W",) * 4, ("1", "2", "3", "4"))  # the rival always rolls West
    state = scenario((40, 2), ((20, 5), (24, 5)), ("E", "4"), dice=(START_DICE, rival_dice))
    assert all(reach_chance(rival_dice, (24, 5), (x, 5)) > 0 for x in range(20, 24))
    assert choice("expert", state) == Move((24, 5))  # on his own cell (he cannot stay on it and rob)


def test_merchant_buys_power_when_rich_and_leaves_when_poor():
    rich = scenario((30, 3), ((10, 10), (40, 40)), (), specials=[("merchant", [(10, 10)])], phase="merchant")
    action = choice("expert", rich)
    assert isinstance(action, (Buy, Replace))
    after = rich.apply(action)
    assert mobility(after.dice[0]) > mobility(rich.dice[0])
    assert faces.tie_power(after.dice[0]) > faces.tie_power(rich.dice[0])
    poor = replace(rich, coins=(1, 3))  # nothing that moves it faster is affordable
    assert isinstance(choice("expert", poor), Leave)
    assert isinstance(choice("normal", replace(rich, coins=(2, 3))), Leave)
    # with 2 coins the expert buys a 2-face die: +1 reach on every roll, sold back for 2 at any merchant
    assert choice("expert", replace(rich, coins=(2, 3))) == Buy(2)


def test_merchant_sells_nothing_it_needs_and_upgrades_a_bought_die():
    state = scenario((30, 3), ((10, 10), (40, 40)), (), specials=[("merchant", [(10, 10)])], phase="merchant",
                     dice=(START_DICE + (("1", "1"),), START_DICE))
    action = choice("expert", state)
    assert isinstance(action, Replace) and action.die == 2 and int(action.token) > 1


# --- time slicing -------------------------------------------------------------------------------------------
def test_decisions_are_sliced_one_option_at_a_time():
    """Counted in units of work, not timed (times: bench/marchands_ai.py): with every extension and dice
    bigger than games reach quickly, a ``think(0)`` slice weighs at most one option, and slicing does not
    change the decision."""
    options = MarchandsOptions(players=4, round_limit=40, multipliers=True, portals=True, replay_bonus=True)
    states = []
    play(["expert"] * 4, "slices", options, visit=states.append)
    big = (("N", "E", "S", "W"), ("N", "E", "S", "W"), ("6", "6", "x3", "5"), ("6",) * 6, ("x2", "4"))
    for state in states[::3][:120] + [replace(s, dice=(big,) * 4) for s in states if s.phase == "move"][:10]:
        if state.phase == "move":
            state = replace(state, rolled=()) if not state.destinations() else state
        if not state.legal_actions():
            continue
        agent = make_agent("expert", state.current, random.Random(0))
        agent.start(state)
        calls = 1
        while not agent.think(0.0):
            calls += 1
        assert calls <= len(state.legal_actions()) + 1, state.phase
        assert agent.choose() in state.legal_actions()
        assert agent.choose() == decide(make_agent("expert", state.current, random.Random(0)), state)


# --- strength ---------------------------------------------------------------------------------------------
def win_share(players, other, games):
    wins = 0
    options = MarchandsOptions(players=players, round_limit=100)
    for g in range(games):
        for seat in range(players):
            levels = [other] * players
            levels[seat] = "expert"
            final, _ = play(levels, f"strength/{players}/{other}/{g}/{seat}", options, check=False)
            wins += final.winner() == seat
    return wins / (games * players)


@pytest.mark.parametrize(("players", "other", "games", "least"),
                         [(2, "random", 4, 0.8), (2, "normal", 4, 0.7), (4, "normal", 2, 0.3)])
def test_expert_beats_the_field(players, other, games, least):
    assert win_share(players, other, games) >= least
