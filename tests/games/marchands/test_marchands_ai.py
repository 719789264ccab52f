"""Dés & Marchands computer players: legal and reproducible play, sensible decisions (the merchants, the end
cell), the expert's explanation of its move, slicing, strength."""

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
    Sell,
    faces,
    merchant,
)
from dicehall.games.marchands.ai import LEVELS, make_agent
from dicehall.games.marchands.ai_eval import TRADES
from dicehall.games.marchands.ai_trade import HORIZON, MAXDICE, trade_gain
from dicehall.games.marchands.hint import explain
from dicehall.games.marchands.odds import can_move, coverage, mobility, reach_chance, roll_table

START_DICE = (("N", "E", "S", "W"), ("1", "2", "3", "4"))


def agents_for(levels, seed):
    return [
        RandomAgent(random.Random(f"{seed}/{s}")) if lv == "random" else make_agent(lv, s, random.Random(f"{seed}/{s}"))
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


def test_coverage_counts_directions_and_power():
    """A second direction, even on a 2-face die, widens the cells a roll reaches more than one more power."""
    assert coverage(START_DICE) == pytest.approx(2.5)  # one line of 1 to 4 cells, 2.5 on average
    assert coverage(START_DICE + (("1", "1"),)) == pytest.approx(3.5)
    assert coverage(START_DICE + (("N", "S"),)) > coverage(START_DICE + (("1", "1"),))
    assert coverage(START_DICE + (("N", "1"),)) > coverage(START_DICE + (("1", "1"),))
    assert not can_move((("N", "1"),)) and can_move(START_DICE)


# --- legality, determinism, ending --------------------------------------------------------------------------
OPTION_SETS = [
    {},
    {"portals": True},
    {"multipliers": True},
    {"replay_bonus": True},
    {"size": 51, "portals": True, "multipliers": True, "replay_bonus": True},
    {"size": 30},
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
    odd_dice = [
        START_DICE,
        START_DICE + (("1", "1"),),
        (("N", "3", "x2" if opts.get("multipliers") else "2"),),
        (("N", "E"), ("6", "6", "1", "S"), ("1",) * 8),
    ]
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
    state = scenario(
        (2, 20, 3), ((10, 10), (10, 13), (30, 30)), ("S", "4"), players=3, specials=[("bonus", [(10, 11)])]
    )
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
    state = scenario(
        (9, 10),
        ((40, 40), (24, 22)),
        (),
        specials=[("bonus", [(40, 40)])],
        phase="bonus",
        dice=(START_DICE, (("S",) * 4, ("2",) * 4)),
        players=2,
    )
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
    """Rich, it improves its dice (another die or a better face: never a sale); with a single coin, the best
    buy is a direction on its bought die of two 1s: a second direction widens its reach the most."""
    state = scenario(
        (30, 3),
        ((10, 10), (40, 40)),
        (),
        specials=[("merchant", [(10, 10)])],
        phase="merchant",
        dice=(START_DICE + (("1", "1"),), START_DICE),
    )
    action = choice("expert", state)
    assert isinstance(action, (Buy, Replace))
    assert coverage(merchant.after(state.dice[0], action)) > coverage(state.dice[0])
    one = choice("expert", replace(state, coins=(1, 5)))
    assert isinstance(one, Replace) and one.die == 2 and one.token in "NESW"


def test_expert_goes_to_a_reachable_merchant_when_rich():
    """Rich, poorly equipped, a merchant in reach and nothing else around: it goes there (and buys)."""
    state = scenario((22, 2), ((10, 10), (40, 40)), ("E", "4"), specials=[("merchant", [(13, 10)])])
    assert choice("expert", state) == Move((13, 10))
    there = state.apply(Move((13, 10)))
    assert there.phase == "merchant"
    action = choice("expert", there)
    assert isinstance(action, (Buy, Replace))
    assert coverage(there.apply(action).dice[0]) > coverage(there.dice[0])


def test_expert_buys_its_first_die_at_a_merchant_on_its_way():
    """With its starting pair, a 2-face die (+1 power on every roll) at a merchant in reach is counted over the
    rest of the game: worth the visit even at the start (2 coins against 2). Seen from afar, or as a second
    die, it counts over the usual horizon: no long detour, no buying for the sake of it."""
    state = scenario((2, 2), ((10, 10), (40, 40)), ("E", "4"), specials=[("merchant", [(13, 10)])])
    assert choice("expert", state) == Move((13, 10))
    there = state.apply(Move((13, 10)))
    assert choice("expert", there) == Buy(2)
    near = trade_gain(START_DICE, 2, 2, HORIZON, Buy(2))
    far = trade_gain(START_DICE, 2, 2, HORIZON, Buy(2), near=False)
    assert near > far + 4
    second = START_DICE + (("1", "1"),)
    assert trade_gain(second, 2, 2, HORIZON, Buy(2)) == trade_gain(second, 2, 2, HORIZON, Buy(2), near=False)
    assert trade_gain(START_DICE, 2, 2, 5.0, Buy(2)) < far  # near the round limit: no longer worth it


def test_expert_buys_no_die_beyond_maxdice():
    """Rich, holding MAXDICE dice: it may still improve a face, never buy another die (more power than its
    coverage counts, and slower thinking)."""
    dice = START_DICE + (("1", "1"),) * (MAXDICE - 2)
    state = scenario(
        (40, 3),
        ((10, 10), (40, 40)),
        (),
        specials=[("merchant", [(10, 10)])],
        phase="merchant",
        dice=(dice, START_DICE),
    )
    assert Buy(2) in state.legal_actions()
    assert not isinstance(choice("expert", state), Buy)


def test_expert_does_not_spend_the_lead_next_to_a_rival_at_the_end_cell():
    """One coin ahead, the rival a step from the end cell: any purchase gives him the lead and the game."""
    rival = (("N",) * 4, ("1", "2", "3", "4"))  # always North: on (24, 25) he reaches the end cell
    state = scenario(
        (10, 9),
        ((10, 10), (24, 25)),
        (),
        specials=[("merchant", [(10, 10)])],
        phase="merchant",
        dice=(START_DICE, rival),
    )
    assert isinstance(choice("expert", state), Leave)


@pytest.mark.parametrize("level", LEVELS)
def test_never_trades_into_dice_that_cannot_move(level):
    """Selling the die of four 1s would be allowed (a direction and a power are left, on one die) but no roll
    could move the pawn again: no level does it, whatever its coins."""
    dice = (("N", "1"), ("1", "1", "1", "1"))
    for coins in (0, 3, 30):
        state = scenario(
            (coins, 3),
            ((10, 10), (40, 40)),
            (),
            specials=[("merchant", [(10, 10)])],
            phase="merchant",
            dice=(dice, START_DICE),
        )
        assert Sell(1) in state.legal_actions()
        for seed in range(12):
            action = choice(level, state, seed)
            assert action != Sell(1)
            if not isinstance(action, Leave):
                assert can_move(merchant.after(dice, action))


@pytest.mark.parametrize("level", LEVELS)
def test_steps_on_the_end_cell_only_when_it_wins(level):
    """Ahead: the end cell at once, even past a bonus cell; tied on coins, the power decides."""
    ahead = scenario((10, 9), ((24, 21), (5, 5)), ("S", "4"), specials=[("bonus", [(24, 22)])])
    assert choice(level, ahead) == Move(END)
    strong = (START_DICE[0], ("6", "6", "6", "6"))  # tied on coins, more power: it wins the tie-break
    tied = scenario((9, 9), ((24, 21), (5, 5)), ("S", "4"), dice=(strong, START_DICE))
    assert choice(level, tied) == Move(END)
    weak = scenario((9, 9), ((24, 21), (5, 5)), ("S", "4"), dice=(START_DICE, strong))
    for seed in range(5):
        assert choice(level, weak, seed) != Move(END)


def test_the_expert_plays_on_the_quick_board():
    """Nothing in the levels is tied to 50 cells: on 30 × 30 the end cell is (14, 14) and is taken when ahead."""
    state = scenario((10, 2), ((14, 11), (3, 3)), ("S", "4"), size=30)
    assert choice("expert", state) == Move((14, 14))
    options = MarchandsOptions(players=2, size=30, round_limit=60)
    final, _ = play(["expert", "normal"], "quick", options)
    assert final.phase == "over"


# --- explaining a move ("Suggest a move") -----------------------------------------------------------------
def test_explain_a_move_to_a_merchant():
    state = scenario((22, 2), ((10, 10), (40, 40)), ("E", "4"), specials=[("merchant", [(13, 10)])])
    fr, en = explain(state, 0, "fr"), explain(state, 0, "en")
    assert fr.startswith("Aller au marchand (13, 10) : ") and en.startswith("Go to the merchant at (13, 10): ")
    there = state.apply(Move((13, 10)))
    action = choice("expert", there)
    words = {Buy: ("acheter un dé", "buy a"), Replace: ("remplacer la face", "replace the")}[type(action)]
    assert words[0] in fr and words[1] in en


def test_explain_the_end_cell_a_bonus_and_a_merchant():
    ahead = scenario((10, 2), ((24, 21), (5, 5)), ("S", "4"))
    assert explain(ahead, 0, "en") == "Go to the end cell (24, 24): the game stops and you are the richest."
    assert explain(ahead, 0, "fr") == (
        "Aller sur la case d'arrivée (24, 24) : la partie s'arrête et vous êtes le plus riche."
    )
    bonus = scenario((2, 2), ((10, 10), (40, 40)), ("E", "4"), specials=[("bonus", [(12, 10)])])
    assert explain(bonus, 0, "en") == "Go to the bonus cell (12, 10): take 5 coins."
    assert explain(bonus, 0, "fr") == "Aller sur la case bonus (12, 10) : prendre 5 pièces."
    at_bonus = replace(bonus.apply(Move((12, 10))))
    assert explain(at_bonus, 0, "en").startswith("Take 5 coins: ")
    poor = scenario((1, 3), ((10, 10), (40, 40)), (), specials=[("merchant", [(10, 10)])], phase="merchant")
    assert explain(poor, 0, "en") == "Leave without trading: no transaction is worth its price now."
    assert explain(poor, 0, "fr") == "Partir sans rien acheter : aucune transaction ne vaut son prix maintenant."
    rich = replace(poor, coins=(30, 3))
    assert explain(rich, 0, "en").startswith(("Buy a ", "Replace the "))


def test_explain_a_robbery_the_roll_and_another_players_turn():
    state = scenario((2, 20), ((10, 10), (10, 13)), ("S", "4"))
    assert explain(state, 0, "en") == "Go to (10, 13): take 10 coins from player 2."
    assert explain(state, 0, "fr") == "Aller en (10, 13) : prendre 10 pièces au joueur 2."
    roll = replace(state, phase="roll", rolled=())
    assert explain(roll, 0, "en").startswith("Roll the dice")
    assert explain(roll, 0, "fr").startswith("Lancer les dés")
    assert explain(state, 1, "en") == "It is not this player's turn."


# --- time slicing -------------------------------------------------------------------------------------------
def test_decisions_are_sliced_one_option_at_a_time():
    """Counted in units of work, not timed (times: bench/marchands_ai.py): with every extension and dice
    bigger than games reach quickly, a ``think(0)`` slice weighs at most one option (a move onto a merchant:
    one of its transactions), and slicing does not change the decision."""
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
        assert calls <= len(state.legal_actions()) * (TRADES + 2) + 1, state.phase
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


@pytest.mark.parametrize(
    ("players", "other", "games", "least"), [(2, "random", 4, 0.8), (2, "normal", 4, 0.7), (4, "normal", 5, 0.3)]
)
def test_expert_beats_the_field(players, other, games, least):
    assert win_share(players, other, games) >= least


def test_explain_any_position():
    """Every kind of decision of a 3-player game with every extension gets one sentence in each language;
    another seat than the one to move is told it is not its turn."""
    options = MarchandsOptions(players=3, round_limit=12, portals=True, multipliers=True, replay_bonus=True)
    states = []
    play(["expert", "normal", "random"], "explain", options, visit=states.append)
    for state in states[::3][:60]:
        seat = state.to_move
        for lang in ("fr", "en"):
            text = explain(state, seat, lang)
            assert text and text.endswith(".") and "{" not in text
        other = (seat + 1) % 3
        assert explain(state, other, "en") == "It is not this player's turn."
