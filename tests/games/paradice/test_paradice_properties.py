"""Random Paradice games (hypothesis): the money invariants at every node, the statistics against the
payments, ownership and elimination, and at the end the winners; replay and save round trip on some.

A game is played straight through ``apply`` with the dice drawn from a seeded generator (the checked
``Match`` path is exercised by ``check_game`` and by the first game of every example). The default run
plays about 2 000 games over 2 to 6 players, every rule option and round limits of 1 to 40 (some without
a limit, to the last player standing), in about 25 s; ``--soak`` plays many more.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.core.testing import check_game, check_replay_and_save, play_out
from dicehall.games.paradice import GAME, Buy, Decline, ParadiceOptions, ParadiceState, Sell
from dicehall.games.paradice.actions import ROLLS
from dicehall.games.paradice.board import COPY_CELLS, STARTING_BALANCE
from dicehall.games.paradice.rules import NOBODY, POT, step_events

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES_PER_EXAMPLE = 10  # the first one through a Match, replayed and saved
MAX_ROUNDS = 5000  # without a limit, random games end long before (a few hundred rounds at most)
OPTIONS = st.builds(
    ParadiceOptions,
    players=st.integers(2, 6),
    rules=st.integers(0, 7),
    round_limit=st.one_of(st.integers(1, 40), st.none()),
)
SIX_PLAYERS = st.builds(ParadiceOptions, players=st.just(6), rules=st.integers(0, 7), round_limit=st.integers(1, 25))


# --- invariants ---------------------------------------------------------------------------------------------
def check(s: ParadiceState) -> None:
    """What holds at every node."""
    n = s.num_players
    credits, debits = s.totals()
    purchases, sales = s.bank
    # money: every credit has its debit, except purchases (to the bank) and sales and liquidations (from it)
    assert sum(credits) - sales == sum(debits) - purchases
    assert all(s.balances[p] == STARTING_BALANCE + credits[p] - debits[p] for p in range(n))
    assert s.jackpot == credits[n] - debits[n] >= 0
    # statistics: every event gain paid, to a seat or the jackpot; jackpots won are the jackpot's debits
    paid = sum(s.event_stats)
    assert paid == sum(credits) - sales - debits[n] and all(v >= 0 for v in s.event_stats)
    assert sum(s.roll_stats) == 2 * paid
    assert all(s.roll_stats[a * 6 + b] == s.roll_stats[b * 6 + a] for a in range(6) for b in range(6))
    # ownership and elimination
    in_play = [p for p in range(n) if s.ranks[p] == 0]
    assert set(s.owners) <= {NOBODY, POT, *in_play}
    out = sorted(r for r in s.ranks if r)
    assert out == list(range(n - len(out) + 1, n + 1))  # the first eliminated is last
    assert all(s.balances[p] >= 0 for p in in_play)
    assert s.round == len(s.ledger) and s.round <= (s.options.round_limit or MAX_ROUNDS)
    if s.phase == "over":
        assert s.winners and set(s.winners) <= set(in_play)
        if len(in_play) > 1:
            assert s.options.round_limit == s.round and s.winners == s.richest()
        return
    assert len(in_play) >= 2 and s.current in in_play
    if s.phase == "sell":
        due = sum(s.due)
        assert s.balances[s.current] < due <= s.balances[s.current] + len(s.copies_of(s.current)) * s.price
        assert s.legal_actions() == tuple(Sell(*divmod(c, 13)[::-1]) for c in s.copies_of(s.current))
    else:
        assert s.due == ()
    if s.phase == "buy":
        assert s.balances[s.current] >= s.price and s.owner_of(s.pawn) in (NOBODY, POT)
    if s.phase == "direction":
        assert s.steps > 0 and len(s.legal_actions()) >= 2


def check_end(s: ParadiceState) -> None:
    v = s.view()
    assert v["over"] and v["winners"] == list(s.winners)
    for p in range(s.num_players):
        if s.ranks[p]:
            assert v["pawns"][p] is None and v["eliminated"][p] == s.ranks[p] and v["scores"][p] == 0
            assert not s.copies_of(p)
    assert [seat for _, seat in s.ranking()][: len(s.winners)] == sorted(s.winners)
    assert sum(v["stats"]["events"].values()) == sum(s.event_stats)
    assert len(v["owners"]) == len(COPY_CELLS)


# --- random players -----------------------------------------------------------------------------------------
def chooser(rng: random.Random, options: ParadiceOptions):
    """Random, each game its own eagerness to buy (from never to always). Without a round limit somebody
    must buy: nobody owning anything, nobody ever pays and the game would never end."""
    eager = rng.choice([0.0, 0.3, 0.7, 1.0] if options.round_limit else [0.3, 0.7, 1.0])

    def choose(s: ParadiceState):
        legal = s.legal_actions()
        if s.phase == "buy":
            return Buy() if rng.random() < eager else Decline()
        return rng.choice(legal)

    return choose


def run_game(options: ParadiceOptions, rng: random.Random, stats: Counter) -> ParadiceState:
    s = ParadiceState.initial(options)
    choose = chooser(rng, options)
    while True:
        check(s)
        if s.kind is NodeKind.TERMINAL:
            break
        before = s
        s = s.apply(rng.choice(ROLLS) if s.kind is NodeKind.CHANCE else choose(s))
        count(before, s, stats)
    check_end(s)
    return s


def count(before: ParadiceState, after: ParadiceState, stats: Counter) -> None:
    """What a step did, from the events it logged."""
    for event in step_events(before, after):
        stats[event.kind] += 1
        if event.kind == "pay" and event.tirelire:
            stats["tirelire"] += 1
    if before.phase == "sell" and after.phase != "sell":
        stats["sold enough" if after.ranks == before.ranks else "sold then eliminated"] += 1
    if after.phase == "over":
        stats["limit" if sum(r == 0 for r in after.ranks) > 1 else "last standing"] += 1


def run_match(options: ParadiceOptions, rng: random.Random) -> Match:
    match = Match(GAME, options, f"h{rng.randrange(10**6)}")
    return play_out(match, chooser(rng, options), check)


def run_example(seed: int, options: ParadiceOptions, games: int) -> Counter:
    # one seed per example, not hypothesis' own randoms: a game would draw more data than it allows
    rng = random.Random(seed)
    stats: Counter = Counter()
    match = run_match(options, rng)
    check_end(match.state)
    check_replay_and_save(GAME, match)
    for _ in range(games - 1):
        run_game(options, rng, stats)
    return stats


@SETTINGS
@given(st.integers(0, 2**32), OPTIONS)
def test_random_games(seed, options):
    run_example(seed, options, GAMES_PER_EXAMPLE)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), SIX_PLAYERS)
def test_random_six_player_games(seed, options):
    run_example(seed, options, GAMES_PER_EXAMPLE)


@pytest.mark.parametrize("players, rules", [(2, 7), (3, 0), (6, 1), (6, 6)])
def test_protocol_check_game(players, rules):
    """The platform's checks (uniformly random decisions): legal actions, codec, replay and the save."""
    report = check_game(
        GAME, {"players": players, "rules": rules, "round_limit": 30}, games=2, seed=f"paradice-{players}-{rules}"
    )
    assert report.games == 2


def test_the_interesting_cases_do_happen():
    """The random games reach every kind of cell and ending (else the invariants above prove little)."""
    rng = random.Random(2026)
    stats: Counter = Counter()
    for players in (2, 3, 6):
        for rules in (1, 7):
            for _ in range(8):
                run_game(ParadiceOptions(players, rules), rng, stats)
    for key in (
        "bis",
        "relance",
        "ladder",
        "jackpot",
        "tirelire",
        "buy",
        "free",
        "decline",
        "sell",
        "sold enough",
        "sold then eliminated",
        "eliminated",
        "last standing",
    ):
        assert stats[key] > 0, (key, stats)
    limited: Counter = Counter()
    run_game(ParadiceOptions(6, round_limit=5), rng, limited)
    assert limited["limit"] == 1


@pytest.mark.soak
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), OPTIONS)
def test_soak_random_games(seed, options):
    run_example(seed, options, GAMES_PER_EXAMPLE)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_soak_protocol_check_game(players):
    report = check_game(GAME, {"players": players, "rules": players % 8}, games=10, seed=f"paradice-soak-{players}")
    assert report.games == 10
