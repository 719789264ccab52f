"""Paradice computer players: the automaton level, legal and reproducible play, sensible decisions,
decision times, strength."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from dicehall.ai.agent import decide
from dicehall.core.testing import play_sampled
from dicehall.games.paradice import Buy, Decline, Go, ParadiceOptions, ParadiceState
from dicehall.games.paradice.ai import LEVELS, make_agent
from dicehall.games.paradice.ai_eval import finals
from dicehall.games.paradice.board import (
    CELLS,
    COPY_CELLS,
    COPY_OF,
    GAINS,
    JACKPOT,
    KIND,
    RELANCE,
    ROUTES,
    START_CELL,
    TIRELIRE,
    neighbour,
    xy,
)
from dicehall.games.paradice.options import RULE_DECLINED, RULE_SOLD
from dicehall.games.paradice.rules import NOBODY


def play(levels, seed, options, visit=None):
    agents = [make_agent(lv, s, random.Random(f"{seed}/{s}")) for s, lv in enumerate(levels)]

    def choose(state):
        if visit is not None:
            visit(state)
        return decide(agents[state.to_move], state)

    return play_sampled(ParadiceState.initial(options), choose, random.Random(f"{seed}/dice"))


def choice(level, state, seed=0):
    return decide(make_agent(level, state.current, random.Random(seed)), state)


def moving(
    pawn,
    dice,
    steps=None,
    *,
    players=2,
    owners=None,
    jackpot=0,
    balances=None,
    rules=RULE_DECLINED,
    round_limit=None,
    current=0,
):
    """Seat ``current`` at a crossing ``pawn`` with ``steps`` still to travel after the roll ``dice``."""
    start = ParadiceState.initial(ParadiceOptions(players=players, rules=rules, round_limit=round_limit))
    pawns = tuple(pawn if p == current else START_CELL for p in range(players))
    return replace(
        start,
        phase="direction",
        current=current,
        pawns=pawns,
        dice=dice,
        steps=sum(dice) if steps is None else steps,
        trail=(pawn,),
        jackpot=jackpot,
        owners=owners or start.owners,
        balances=balances or start.balances,
    )


def crossings(seat=0):
    return [c for c in CELLS if len(ROUTES[seat][c]) > 1]


def ends(seat, pawn, direction, steps, total):
    return finals(seat, neighbour(pawn, direction), steps - 1, total)


# --- the levels and the automaton -----------------------------------------------------------------------
def test_levels():
    assert LEVELS == ("easy", "normal", "expert")
    with pytest.raises(ValueError):
        make_agent("grandmaster", 0, random.Random(0))


def test_easy_moves_like_the_automaton():
    """A uniformly random direction among the allowed ones, drawn from the seat's own generator."""
    state = moving(START_CELL, (3, 4))
    legal = state.legal_actions()
    assert len(legal) == 4
    picks = Counter(choice("easy", state, seed) for seed in range(400))
    assert set(picks) == set(legal) and min(picks.values()) > 60
    for seed in range(20):  # exactly the automaton's draw
        assert choice("easy", state, seed) == random.Random(seed).choice(list(legal))


def test_easy_always_buys_and_sells_a_random_event_first_copy_first():
    states = []
    play(["easy"] * 3, "automaton", ParadiceOptions(players=3, rules=7), visit=states.append)
    buys = [s for s in states if s.phase == "buy"]
    sells = [s for s in states if s.phase == "sell"]
    assert buys and sells
    assert all(choice("easy", s, i) == Buy() for i, s in enumerate(buys))
    for s in sells:
        events = Counter()
        for seed in range(60):
            sold = choice("easy", s, seed)
            copy = COPY_OF[sold.y * 13 + sold.x]
            if copy % 2 == 1:  # the second copy only when the first one is not its own
                assert s.owners[copy - 1] != s.current
            events[copy // 2] += 1
        assert len(events) == len({COPY_OF[c] // 2 for c in s.copies_of(s.current)})


# --- reach ----------------------------------------------------------------------------------------------
def landings(state):
    """Every cell where the move under way can finally land, found by playing the rules' directions."""
    if state.phase != "direction":
        return {state.trail[-1]}
    out = set()
    for action in state.legal_actions():
        out |= landings(state.apply(action))
    return out


def test_finals_are_the_rules_landings():
    rng = random.Random(5)
    for seat in range(6):
        points = crossings(seat)
        for _ in range(25):
            pawn, total = rng.choice(points), rng.randint(2, 12)
            steps = rng.randint(1, total)
            dice = (total // 2, total - total // 2)
            state = moving(pawn, dice, steps, players=6, current=seat)
            expected = set()
            for d in ROUTES[seat][pawn]:
                expected |= set(ends(seat, pawn, d, steps, total))
            assert landings(state) == expected, (seat, xy(pawn), steps, total)


# --- legality and reproducibility --------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [0, 1, 3, 7])
def test_every_level_plays_legal_actions(rules):
    seen = Counter()

    def visit(state):
        seen[state.phase] += 1
        for level in LEVELS:
            assert choice(level, state, seen.total()) in state.legal_actions()

    play(["expert", "normal"], f"legal/{rules}", ParadiceOptions(players=2, rules=rules), visit)
    play(
        ["easy", "expert", "normal", "easy"],
        f"legal4/{rules}",
        ParadiceOptions(players=4, rules=rules, round_limit=40),
        visit,
    )
    assert seen["direction"] and seen["buy"]


def test_sells_are_legal_in_many_positions():
    states = []
    for g in range(6):
        play(["easy"] * 2, f"sells/{g}", ParadiceOptions(players=2, rules=g % 8), visit=states.append)
    sells = [s for s in states if s.phase == "sell"]
    assert len(sells) >= 6
    for i, s in enumerate(sells):
        for level in LEVELS:
            assert choice(level, s, i) in s.legal_actions()


def test_deterministic_for_a_seed():
    options = ParadiceOptions(players=3, round_limit=40)
    a = play(["expert", "normal", "easy"], "same", options)
    b = play(["expert", "normal", "easy"], "same", options)
    assert a[1] == b[1] and a[0].balances == b[0].balances


# --- sensible decisions -------------------------------------------------------------------------------
def one_way_to(kind, seat=0, avoid=()):
    """A crossing, steps and a total such that only one direction can end on a cell of ``kind`` and no
    direction can end on a cell of the kinds in ``avoid``."""
    for pawn in crossings(seat):
        for total in range(2, 13):
            for steps in range(1, total + 1):
                per = {d: ends(seat, pawn, d, steps, total) for d in ROUTES[seat][pawn]}
                hits = [d for d, cells in per.items() if any(KIND[c] == kind for c in cells)]
                if len(hits) == 1 and not any(KIND[c] in avoid for cells in per.values() for c in cells):
                    return pawn, steps, total, hits[0]
    raise AssertionError(f"no crossing leads to {kind} one way only")


def dice_of(total, gains_wanted=True, owners=None):
    """Dice of this sum, the costliest ones for the given owners when ``gains_wanted``."""
    pairs = [(a, total - a) for a in range(1, 7) if 1 <= total - a <= 6]
    if owners is None:
        return pairs[0]

    def cost(ab):
        return sum(GAINS[i // 2][(ab[0] - 1) * 6 + ab[1] - 1] for i, o in enumerate(owners) if o >= 0)

    return max(pairs, key=cost) if gains_wanted else min(pairs, key=cost)


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_goes_for_a_big_jackpot(level):
    pawn, steps, total, way = one_way_to(JACKPOT)
    state = moving(pawn, dice_of(total), steps, jackpot=400_000)
    assert choice(level, state) == Go(way)


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_lands_on_a_tirelire_when_paying_the_opponents_a_lot(level):
    owners = (1,) * len(COPY_CELLS)  # the opponent holds everything: a landing pays him, except on a tirelire
    pawn, steps, total, way = one_way_to(TIRELIRE, avoid=(JACKPOT,))
    state = moving(pawn, dice_of(total, True, owners), steps, owners=owners)
    assert choice(level, state) == Go(way)


def test_expert_avoids_a_relance_when_rolling_again_only_costs():
    owners = (1,) * len(COPY_CELLS)
    pawn, steps, total, way = one_way_to(RELANCE, avoid=(JACKPOT, TIRELIRE))
    state = moving(pawn, dice_of(total), steps, owners=owners)
    assert choice("expert", state) != Go(way)


def test_takes_the_second_copy_free():
    """The only event the move can land on unowned is the second copy of one it holds."""
    for pawn in crossings():
        for total in range(2, 13):
            per = {d: ends(0, pawn, d, total, total) for d in ROUTES[0][pawn]}
            events = {d: [c for c in cells if c in COPY_OF] for d, cells in per.items()}
            goal = [d for d, cells in events.items() if cells]
            specials = [c for v in per.values() for c in v if KIND[c] in (JACKPOT, TIRELIRE, RELANCE)]
            if len(goal) != 1 or specials:
                continue
            owners = [1] * len(COPY_CELLS)  # everything else is the opponent's
            for c in events[goal[0]]:
                owners[COPY_OF[c]], owners[COPY_OF[c] ^ 1] = NOBODY, 0
            state = moving(pawn, dice_of(total), total, owners=tuple(owners))
            for level in ("normal", "expert"):
                assert choice(level, state) == Go(goal[0]), (level, xy(pawn), total)
            return
    raise AssertionError("no such crossing")


def buying(players=4, round_limit=None, round_=1):
    pawn = COPY_CELLS[10]
    start = ParadiceState.initial(ParadiceOptions(players=players, round_limit=round_limit))
    pawns = (pawn,) + start.pawns[1:]
    return replace(start, phase="buy", pawns=pawns, dice=(3, 4), round=round_)


@pytest.mark.parametrize("level", LEVELS)
def test_buys_without_a_round_limit(level):
    assert choice(level, buying()) == Buy()
    assert choice(level, buying(round_limit=100, round_=10)) == Buy()


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_does_not_buy_in_the_last_round(level):
    """At the round limit the richest in cash wins: a copy bought now cannot pay its price back."""
    assert choice(level, buying(round_limit=20, round_=20)) == Decline()


def selling(owned, rules=RULE_DECLINED, dice=(1, 1), twins=()):
    """Seat 0 short of money after the roll ``dice`` against an opponent's copies; it holds ``owned``
    (copy indexes); ``twins`` are copies held by the opponent."""
    start = ParadiceState.initial(ParadiceOptions(players=2, rules=rules))
    owners = [NOBODY] * len(COPY_CELLS)
    for i in owned:
        owners[i] = 0
    for i in twins:
        owners[i] = 1
    state = replace(start, owners=tuple(owners), dice=dice, pawns=(COPY_CELLS[50], START_CELL), balances=(100, 100_000))
    state = state._settle()  # noqa: SLF001 - the rules' own payment step, to reach the sell phase
    assert state.phase == "sell"
    return state


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_sells_a_copy_it_would_get_back_free(level):
    # It holds both copies of Somme and one of Produit; the opponent holds Ecart (which pays on (1, 2)).
    state = selling((0, 1, 2), dice=(1, 2), twins=(4, 5))
    sold = choice(level, state)
    assert COPY_OF[sold.y * 13 + sold.x] in (0, 1)


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_never_sells_first_a_copy_whose_twin_the_opponent_holds(level):
    state = selling((2, 6), dice=(1, 2), twins=(3, 4, 5))  # Produit's twin is the opponent's
    sold = choice(level, state)
    assert COPY_OF[sold.y * 13 + sold.x] == 6


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_rule_2_keeps_the_copies_that_pay_on_this_roll(level):
    """Sold to the jackpot, a copy that pays on this roll would be owed at once."""
    de1, de6 = 2 * 4, 2 * 9  # one copy each of De1 and De6; the roll (1, 1) pays De1 only
    state = selling((de1, de6), rules=RULE_DECLINED | RULE_SOLD, dice=(1, 1), twins=(0, 1))
    sold = choice(level, state)
    assert COPY_OF[sold.y * 13 + sold.x] == de6


# --- decision times -----------------------------------------------------------------------------------------
def test_decisions_are_legal_and_sliced():
    """The searches yield between units of work, so the browser can spread a decision over frames (their
    times are measured by bench/paradice_ai.py and bench/game.py, not here)."""
    states = []
    play(
        ["expert", "normal", "expert", "normal", "expert", "normal"],
        "times",
        ParadiceOptions(players=6),
        visit=states.append,
    )
    chosen = sliced = 0
    for i, state in enumerate(states):
        if len(state.legal_actions()) < 2:
            continue
        agent = make_agent("expert", state.current, random.Random(i))
        agent.start(state)
        calls = 1
        while not agent.think(0.0):
            calls += 1
        chosen += 1
        sliced += calls > 1
        assert agent.choose() in state.legal_actions()
    assert chosen > 100 and sliced > chosen // 2


# --- strength ---------------------------------------------------------------------------------------------
def win_share(players, strong, weak, games, round_limit=None):
    share = 0.0
    options = ParadiceOptions(players=players, round_limit=round_limit)
    for g in range(games):
        for seat in range(players):
            levels = [weak] * players
            levels[seat] = strong
            final, _ = play(levels, f"strength/{players}/{strong}/{weak}/{g}/{seat}", options)
            share += 1 / len(final.winners) if seat in final.winners else 0.0
    return share / (games * players)


@pytest.mark.parametrize(
    ("players", "strong", "weak", "games", "least"),
    [
        (2, "expert", "easy", 8, 0.8),
        (4, "expert", "easy", 4, 0.6),
        (4, "normal", "easy", 4, 0.45),
        (2, "expert", "normal", 15, 0.55),
        (4, "expert", "normal", 12, 0.32),
    ],
)
def test_stronger_levels_win_more(players, strong, weak, games, least):
    """Seeded games bounded at 60 rounds; the fair share is 1 / players (the bench measures more games)."""
    assert win_share(players, strong, weak, games, round_limit=60) >= least
