"""Le Roudalon computer players: legal and reproducible play, sensible decisions, time slicing, strength."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import pytest

from dicehall.ai.agent import decide
from dicehall.ai.agents import RandomAgent
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.games.roudalon import (
    GAME,
    Accept,
    Propose,
    Refuse,
    RoudalonOptions,
    RoudalonState,
    Stake,
    Throw,
)
from dicehall.games.roudalon.ai import LEVELS, ExpertAgent
from dicehall.games.roudalon.hint import explain
from dicehall.games.roudalon.odds import WAYS, chain_chance, chain_throw_chance
from dicehall.games.roudalon.value import VOID, likely_chain, member_value, party_value, pot_growth

START = RoudalonState.initial(RoudalonOptions(players=4))


def position(pot, held, *, active=0, turns=5, phase="turn", **kw) -> RoudalonState:
    """A mid-party position of a 4-player party (seat 0 started)."""
    return replace(START, phase=phase, active=active, starter=0, turns=turns, pot=pot, held=held, contenders=(), **kw)


def agents_for(levels, seed):
    return [
        RandomAgent(random.Random(f"{seed}/{s}"))
        if lv == "random"
        else GAME.make_agent(lv, s, random.Random(f"{seed}/{s}"))
        for s, lv in enumerate(levels)
    ]


def play_match(levels, seed, parties=None) -> Match:
    match = Match(GAME, RoudalonOptions(players=len(levels), parties=parties), f"ai/{seed}")
    agents = agents_for(levels, seed)
    while match.state.kind is not NodeKind.TERMINAL:
        state = match.state
        if state.kind is NodeKind.CHANCE:
            match.roll()
            continue
        action = decide(agents[state.to_move], state)
        assert action in state.legal_actions(), (state.phase, action)
        match.submit(action)
    return match


def random_positions(count, seed):
    """Decision positions reached by random play (every phase: turn, answer, extend, chain)."""
    rng = random.Random(seed)
    found = []
    for g in range(count):
        players = rng.choice((4, 6))
        match = Match(GAME, RoudalonOptions(players=players, parties=1), f"pos/{seed}/{g}")
        agent = RandomAgent(random.Random(g))
        while match.state.kind is not NodeKind.TERMINAL and len(found) < (g + 1) * 40:
            state = match.state
            if state.kind is NodeKind.CHANCE:
                match.roll()
                continue
            if rng.random() < 0.3:
                found.append(state)
            match.submit(decide(agent, state))
    return found


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown level"):
        GAME.make_agent("grandmaster", 0, random.Random(1))


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_only_legal_actions_in_random_positions(level):
    positions = random_positions(30, level)
    phases = {s.phase for s in positions}
    assert {"turn", "answer", "extend", "chain"} <= phases
    for i, state in enumerate(positions):
        agent = GAME.make_agent(level, state.to_move, random.Random(i))
        assert decide(agent, state) in state.legal_actions()


@pytest.mark.parametrize("players", [4, 6])
def test_every_level_plays_whole_legal_matches(players):
    levels = (["easy", "normal", "expert", "random"] * 2)[:players]
    match = play_match(levels, f"whole{players}", parties=2)
    assert match.state.phase == "over"
    assert sum(match.state.totals()) == 0


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_are_reproducible_for_a_seed(level):
    positions = random_positions(10, "repro")
    first = [decide(GAME.make_agent(level, s.to_move, random.Random(f"r{i}")), s) for i, s in enumerate(positions)]
    again = [decide(GAME.make_agent(level, s.to_move, random.Random(f"r{i}")), s) for i, s in enumerate(positions)]
    assert first == again
    a = play_match(["expert", level, "normal", level], "same").log
    b = play_match(["expert", level, "normal", level], "same").log
    assert a == b


def test_expert_throws_when_it_holds_the_hit():
    expert = ExpertAgent(0, random.Random(1))
    # the left neighbour has no die: no alliance; two dice at pot 7 (the best chance alone, 1/6)
    assert decide(expert, position(7, (2, 0, 1, 1))) == Throw(2)
    assert decide(expert, position(6, (1, 0, 2, 2))) == Throw(1)
    # pot 30: two dice can never make it; it does not throw them away
    assert decide(expert, position(30, (2, 0, 1, 1))) != Throw(2)


def test_expert_stakes_small_at_the_first_turn():
    expert = ExpertAgent(0, random.Random(1))
    choice = decide(expert, position(0, (1, 1, 1, 1), turns=0))
    assert isinstance(choice, Stake)
    assert choice.amount <= 2


def test_expert_proposes_a_strong_alliance():
    expert = ExpertAgent(0, random.Random(1))
    # pot 20: nobody alone can make it; an alliance of four two-dice holders hits about a quarter of the time
    assert chain_chance(20, (2, 2, 2, 2)) > 0.2
    assert decide(expert, position(20, (2, 2, 2, 2))) == Propose()


def test_expert_answers_a_proposal():
    expert = ExpertAgent(1, random.Random(1))
    # a large pot nobody makes alone, an alliance that can be extended to four two-dice holders: yes
    good = position(20, (2, 2, 2, 2), phase="answer", chain=(0,), asked=1, staked=(5, 5, 5, 5))
    assert decide(expert, good) == Accept()
    # a pot of 3 and a proposer with one die: his die makes the pot (a 3) or leaves it 1 or 2 short, which
    # it must then make with its own dice (or lose them): it only risks its dice for a share of 1 or 2: no
    small = position(3, (1, 2, 2, 2), phase="answer", chain=(0,), asked=1, staked=(1, 1, 1, 0))
    assert decide(expert, small) == Refuse()
    # a hopeless alliance where it would be the last one short (nobody after it holds a die): no
    hopeless = position(30, (1, 1, 0, 0), phase="answer", chain=(0,), asked=1)
    assert decide(expert, hopeless) == Refuse()


def test_expert_extends_when_it_pays():
    expert = ExpertAgent(1, random.Random(1))
    # pot 24 cannot be made by two members with two dice each: it asks the next one
    state = position(24, (2, 2, 2, 2), phase="extend", chain=(0, 1))
    assert chain_chance(24, (2, 2)) < 0.01
    assert decide(expert, state) == Propose()
    # a member after it would be the one to lose his dice if the alliance stays short: it asks too
    state = position(7, (1, 1, 1, 0), phase="extend", chain=(0, 1))
    assert decide(expert, state) == Propose()


@pytest.mark.parametrize(("remaining", "held", "expected"), [(3, 2, 1), (6, 2, 1), (1, 2, 1), (7, 2, 2), (8, 2, 2)])
def test_expert_chain_member_chooses_dice_by_the_running_total(remaining, held, expected):
    """The last member of a chain (chain (0, 1), seat 1 throws) with ``remaining`` still to make."""
    expert = ExpertAgent(1, random.Random(1))
    pot = 12
    state = position(pot, (0, held, 1, 1), phase="chain", chain=(0, 1), thrower=1, throws=((0, (pot - remaining,)),))
    assert decide(expert, state) == Throw(expected)


def brute_member_value(remaining, holdings, index, me, mine, die, cont):
    """Every outcome of every member's throw, the others for the best chance, ``me`` for his value."""

    def throw(k):
        total = 0.0
        for s, ways in WAYS[k].items():
            own = s if index == me else 0
            if s == remaining:
                v = mine + own
            elif s < remaining and index + 1 < len(holdings):
                v = brute_member_value(remaining - s, holdings, index + 1, me, mine + own, die, cont)
            else:
                v = cont - (die * k if index == me else 0.0)
            total += ways * v
        return total / 6**k

    if index == me:
        return max(throw(k) for k in range(1, holdings[index] + 1))
    best = max(range(1, holdings[index] + 1), key=lambda k: (chain_throw_chance(remaining, holdings, index, k), -k))
    return throw(best)


def test_member_value_is_exact_for_a_small_chain():
    # two members with one die each, pot 7, cont 0, die worth 1: member 1 (the last) collects 7 - a when
    # the first makes a (1..6) and he makes 7 - a (1/6), else loses his die when short or over (5/6).
    value = member_value(7, (1, 1), 1, 1.0, 0.0)
    expected = sum((7 - a) / 6 - 5 / 6 for a in range(1, 7)) / 6
    assert value == pytest.approx(expected)


def test_member_value_matches_every_outcome():
    rng = random.Random(3)
    for _ in range(60):
        holdings = tuple(rng.choice((1, 2)) for _ in range(rng.randint(2, 4)))
        pot = rng.randint(2, 6 * sum(holdings))
        me = rng.randrange(len(holdings))
        die, cont = rng.choice((0.5, 1.0)), rng.uniform(0.0, 5.0)
        assert member_value(pot, holdings, me, die, cont) == pytest.approx(
            brute_member_value(pot, holdings, 0, me, 0, die, cont)
        )


def test_likely_chain_stops_when_the_chance_stops_growing():
    state = position(7, (2, 2, 2, 2))
    chain = likely_chain(state, (0,))
    assert chain[0] == 0 and len(chain) >= 2
    holdings = tuple(state.held[s] for s in chain)
    assert chain_chance(7, holdings) == pytest.approx(chain_chance(7, (2, 2, 2, 2)), abs=2e-3)


def test_party_value_falls_when_the_next_players_can_hit():
    # the same pot of 7 and the same stake: the left neighbours hold two dice each (each hits 7 one time in
    # six) or none (they must stake): the party is worth less to seat 0 in the first case
    threatened = position(7, (2, 2, 2, 2), staked=(3, 1, 1, 1))
    quiet = position(7, (2, 0, 0, 0), staked=(3, 1, 1, 1))
    assert party_value(threatened, 0, 1, 7, 2, 3, 1.0) < party_value(quiet, 0, 1, 7, 2, 3, 1.0)


def test_party_value_counts_the_refund_of_a_dead_party():
    # pot 47 of 48, nobody holds a die: the next stake kills the party and every stake is refunded, so the
    # 20 units seat 0 staked cost it nothing (the party is only worth VOID less than a decided one)
    state = position(47, (0, 0, 0, 0), staked=(20, 9, 9, 9))
    assert party_value(state, 0, 1, 47, 0, 20, 1.0) == pytest.approx(-VOID)


def test_pot_growth_reads_how_the_others_stake():
    cautious = position(6, (1, 1, 1, 1), turns=8, staked=(2, 1, 1, 2))  # seat 0 started: 6 others' turns
    lavish = position(36, (1, 1, 1, 1), turns=8, staked=(2, 12, 11, 11))
    assert pot_growth(cautious, 0) < 1.0 < pot_growth(lavish, 0)


def test_expert_does_not_gamble():
    expert = ExpertAgent(0, random.Random(1))
    # pot 15: no throw alone can make it, and nobody has a die to ally with: it stakes (never a lost die)
    assert isinstance(decide(expert, position(15, (2, 0, 1, 1), staked=(4, 4, 4, 3))), Stake)
    # pot 9 with one die: hopeless alone; it stakes 1, not more (a bigger stake only feeds the pot)
    assert decide(expert, position(9, (1, 0, 2, 2), staked=(2, 3, 2, 2))) == Stake(1)


def test_expert_does_not_throw_away_a_six_player_party_at_a_pot_of_one():
    """Six players, the starter (seat 0) staked 1 and four players threw at the pot of 1 and missed: they
    hold no die and must stake. Seat 5 holds one die. Throwing wins 1 unit one time in six; staking takes
    a die back and lets the four dieless players build the pot it will face with two dice."""
    start = RoudalonState.initial(RoudalonOptions(players=6))
    state = replace(
        start,
        phase="turn",
        active=5,
        starter=0,
        turns=5,
        pot=1,
        held=(2, 0, 0, 0, 0, 1),
        staked=(1, 0, 0, 0, 0, 0),
        contenders=(),
    )
    assert decide(ExpertAgent(5, random.Random(1)), state) == Stake(1)
    # at the party's second turn, every other player holding a die that can make the pot of 1 (or the
    # next small pots): staking would feed them; it takes its one chance in six
    early = replace(state, active=1, turns=1, held=(2, 1, 1, 1, 1, 1))
    assert decide(ExpertAgent(1, random.Random(1)), early) == Throw(1)


def test_explain_names_the_choice_and_its_odds():
    # two dice at a pot of 7 and nobody to ally with: a throw of two dice, one chance in six
    state = position(7, (2, 0, 1, 1), staked=(2, 2, 2, 1))
    assert explain(state, 0, "en") == "Throw 2 dice: 17% to hit the pot of 7"
    assert explain(state, 0, "fr") == "Lancer 2 dés : 17 % de toucher le pot de 7"
    # a stake: what it gains (a die back, the new pot) and the best throw it gives up
    stake = position(9, (1, 0, 2, 2), staked=(2, 3, 2, 2))
    assert explain(stake, 0, "en") == ("Stake 1: you take a die back and the pot goes to 10; no throw alone can make 9")
    assert explain(stake, 0, "fr").startswith("Miser 1 : vous reprenez un dé et le pot passe à 10")
    # a proposal, with the names of the players
    ally = position(20, (2, 2, 2, 2), staked=(5, 5, 5, 5))
    names = ["Amélie", "Bruno", "Chloé", "Damien"]
    assert explain(ally, 0, "en", names).startswith("Propose an alliance to Bruno: together, ")
    assert explain(ally, 0, "fr", names).startswith("Proposer une alliance à Bruno : ensemble, ")
    # a member's throw with 3 still to make: one die
    chain = position(12, (0, 2, 1, 1), phase="chain", chain=(0, 1), thrower=1, throws=((0, (4, 5)),))
    assert explain(chain, 1, "en") == "Throw 1 die: 3 still to make, 17% to make it"
    with pytest.raises(ValueError):
        explain(state, 1, "en")  # not seat 1's turn
    with pytest.raises(ValueError):
        explain(state, 0, "de")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_explain_has_a_line_for_every_decision(lang):
    for state in random_positions(8, f"explain/{lang}"):
        line = explain(state, state.to_move, lang)
        assert line and "\n" not in line and "{" not in line


def units_of_work(agent, state) -> int:
    """How many ``think(0)`` calls (one unit of work each) the agent needs to decide at ``state``."""
    agent.start(state)
    calls = 1
    while not agent.think(0.0):
        calls += 1
    return calls


def test_expert_decisions_are_sliced_one_option_at_a_time():
    """Counted in units of work, not timed (times: bench/roudalon_ai.py): a slice weighs at most one option,
    and slicing does not change the decision."""
    for i, state in enumerate(random_positions(12, "time")):
        agent = ExpertAgent(state.to_move, random.Random(i))
        assert units_of_work(agent, state) <= len(state.legal_actions()) + 2, state.phase
        assert agent.choose() == decide(ExpertAgent(state.to_move, random.Random(i)), state)


def mean_net(level_x, other, players, matches, seed):
    nets = []
    for g in range(matches):
        for seat in range(players):
            levels = [other] * players
            levels[seat] = level_x
            nets.append(play_match(levels, f"{seed}/{g}/{seat}").state.totals()[seat])
    return statistics.fmean(nets)


def test_expert_nets_more_than_random_and_normal():
    """Same seeded matches (a seat against three others): the expert's mean net beats what a random or a
    normal player nets in its place, and is positive against both."""
    against_random = mean_net("expert", "random", 4, 4, "str")
    random_itself = mean_net("random", "random", 4, 4, "str")
    against_normal = mean_net("expert", "normal", 4, 10, "str")
    normal_itself = mean_net("normal", "normal", 4, 10, "str")
    assert against_random > 0 and against_random > random_itself
    assert against_normal > 0 and against_normal > normal_itself
