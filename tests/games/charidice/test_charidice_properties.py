"""Random Charidice games (hypothesis): invariants at every decision, replay and save round trip at the end.

(``check_game`` checks that apply never changes its input, the codec at every node and the view JSON.)

About 2,200 games (150 examples of 14, plus check_game) over 2, 3 and 4 players and both variants, in
well under a minute; ``--soak`` plays many more.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicehall.core import save
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind, winners_of
from dicehall.core.save import SavedGame, Seat
from dicehall.core.testing import check_game
from dicehall.games.charidice import GAME, CharidiceOptions, CharidiceState, Claim, Mark, Roll, Stop
from dicehall.games.charidice.options import ROUNDS
from dicehall.games.charidice.scoring import analyse, gift_value

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES_PER_EXAMPLE = 14  # the first one is also replayed and saved
OPTIONS = st.builds(
    CharidiceOptions,
    players=st.sampled_from([2, 3, 4]),
    marking=st.sampled_from(["one_or_more", "zero_allowed"]),
    donation_given=st.sampled_from(["undoubled", "doubled"]),
)


def check(s: CharidiceState, extra: int) -> None:
    """Invariants of a decision node. ``extra``: what la grande donation has added to the gifts so far."""
    n = s.num_players
    if s.phase in ("roll", "over") and s.rolls == 0:  # the sheets change only when a turn ends
        check_sheets(s, extra)
    # claims: once per player, only in the window, only by the left neighbour
    assert all(d is None or 1 <= d <= s.round for d in s.donations)
    assert not s.claimed or s.phase in ("roll", "throw", "mark")
    sides = s.side_actions()
    if sides:
        assert sides == ((s.neighbour, Claim()),) and s.phase == "roll" and s.rolls < 3
        assert s.donations[s.neighbour] is None and not s.claimed
    # dice
    if s.phase == "roll":
        assert s.rolls < 3 and (s.rolls == 0) == (s.dice == (0,) * 6) and not s.pending
    elif s.phase == "mark":
        assert 1 <= s.rolls <= 3 and all(s.dice) and not s.pending
        legal = s.legal_actions()
        zero = s.options.zero_mark
        assert legal and all(analyse(s.dice, m.dice).valid or (m.dice == () and zero) for m in legal)
        assert (Mark(()) in legal) == s.options.zero_mark
    assert s.round == min(s.turn // n, ROUNDS - 1) + 1


def check_sheets(s: CharidiceState, extra: int) -> None:
    n = s.num_players
    given = sum(s.given_totals())
    received = sum(s.sheet_totals(p)[2] for p in range(n))
    if s.options.donation_given == "undoubled":
        assert received == given + extra, (received, given, extra)
    else:
        assert received == given
    # one row per finished turn: marked, bonus and given by the active player, received by his neighbour
    done = s.turn
    for p in range(n):
        for r in range(ROUNDS):
            row = s.sheets[p][r]
            played = r * n + p < done
            receives = r * n + (p - 1) % n < done
            assert (row.marked is not None) == (row.bonus is not None) == (row.given is not None) == played
            assert (row.received is not None) == receives
    # scores are the columns (plus generosity once over)
    generosity = s.generosity() if s.phase == "over" else (0,) * n
    scores = s.scores()
    for p in range(n):
        marked, bonus, rec, _ = s.sheet_totals(p)
        assert scores[p] == marked + bonus + rec + generosity[p]


def pick(s: CharidiceState, rng: random.Random):
    """Random, but leaning to stopping sometimes and to big markings (so that bonuses and runs happen)."""
    actions = s.legal_actions()
    if s.phase == "roll" and s.rolls and rng.random() < 0.3:
        return Stop()
    if s.phase == "mark" and rng.random() < 0.5:
        return max(actions, key=lambda m: (len(m.dice), analyse(s.dice, m.dice).total))
    return rng.choice(actions)


def run_game(options: CharidiceOptions, rng: random.Random, stats: Counter) -> Match:
    match = Match(GAME, options, f"h{rng.randrange(10**6)}")
    extra = 0
    claims: Counter = Counter()
    marks = 0
    claim_rate = rng.choice([0.05, 0.3, 0.9])
    while True:
        s = match.state
        if s.kind is NodeKind.CHANCE:  # dice landing one by one
            assert s.phase == "throw" and s.pending and all(s.dice[i] == 0 for i in s.pending)
            assert s.to_move is None and not s.side_actions()
        else:
            check(s, extra)
        if s.kind is NodeKind.TERMINAL:
            break
        sides = s.side_actions()
        if sides and rng.random() < claim_rate:
            seat, action = sides[0]
            match.submit(action, seat)
            claims[seat] += 1
        elif s.kind is NodeKind.CHANCE:
            match.roll()
        else:
            action = pick(s, rng)
            match.submit(action)
            if isinstance(action, Roll):
                assert match.state.pending == action.dice
                kept = [i for i in range(6) if i not in action.dice]
                assert all(match.state.dice[i] == s.dice[i] for i in kept)  # dice not re-rolled keep values
            if isinstance(action, Mark):
                marks += 1
                last = match.state.last
                m = analyse(s.dice, action.dice)
                gift = sum(gift_value(s.dice[i]) for i in range(6) if i not in action.dice)
                assert (last.points, last.bonus, last.option) == (m.points, m.bonus, m.option)
                assert last.claimed == s.claimed
                assert last.received == (2 * gift if s.claimed else gift)
                assert last.given == (last.received if options.donation_given == "doubled" else gift)
                if s.claimed:
                    extra += gift
                    stats["claimed turns"] += 1
                stats[f"bonus {m.option} {m.bonus}"] += 1
    assert marks == ROUNDS * options.players
    assert all(c == 1 for c in claims.values())
    assert {p for p, d in enumerate(match.state.donations) if d is not None} == set(claims)
    return match


def check_end(match: Match, full: bool = True) -> None:
    """The end of a game; ``full``: also replay the log and round-trip the save."""
    s = match.state
    n = s.num_players
    assert s.turn == ROUNDS * n and s.phase == "over" and s.round == ROUNDS
    assert all(None not in (r.marked, r.bonus, r.received, r.given) for sheet in s.sheets for r in sheet)
    outcome = s.outcome()
    assert outcome is not None and outcome.scores == s.scores() and outcome.winners == winners_of(s.scores())
    v = s.view()
    assert v["winners"] == list(outcome.winners) and v["scores"] == [int(x) for x in s.scores()]
    assert [sh["total"] for sh in v["sheets"]] == v["scores"]
    most = max(s.given_totals())
    for p in range(n):
        expected = 0 if most == 0 or s.given_totals()[p] != most else (30 if most > 60 else 20)
        assert s.generosity()[p] == expected == v["sheets"][p]["generosity"]
    if not full:
        return
    replay = Match(GAME, match.options, match.seed)
    for entry in match.log:
        replay.apply_entry(entry)
    assert replay.state == s
    seats = [Seat(f"P{i}", kind="ai", level="normal") if i else Seat("P0") for i in range(n)]
    loaded = save.loads(SavedGame(match, seats).dumps())
    assert loaded.match.state == s and loaded.match.state.view() == v


@SETTINGS
@given(st.integers(0, 2**32), OPTIONS)
def test_random_games(seed, options):
    # one seed per example, not hypothesis' own randoms: 16 games would draw more data than it allows
    rng = random.Random(seed)
    stats: Counter = Counter()
    for number in range(GAMES_PER_EXAMPLE):
        check_end(run_game(options, rng, stats), full=number == 0)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "variant",
    [{}, {"marking": "zero_allowed"}, {"donation_given": "undoubled"}],
)
def test_protocol_check_game(players, variant):
    """The platform's checks: legal actions, codec, side actions, replay and the save round trip."""
    report = check_game(GAME, {"players": players, **variant}, games=6, seed=f"charidice-{players}")
    assert report.games == 6


def test_bonuses_and_claims_do_happen():
    """The random games reach the interesting cases (else the invariants above prove little)."""
    rng = random.Random(2024)
    stats: Counter = Counter()
    for players in (2, 3, 4):
        for _ in range(25):
            run_game(CharidiceOptions(players=players, marking="zero_allowed"), rng, stats)
    assert stats["claimed turns"] > 30
    for key in ("bonus same 15", "bonus same 25", "bonus same 0", "bonus different 15", "bonus None 0"):
        assert stats[key] > 0, (key, stats)


@pytest.mark.soak
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), OPTIONS)
def test_soak_random_games(seed, options):
    rng = random.Random(seed)
    for number in range(GAMES_PER_EXAMPLE):
        check_end(run_game(options, rng, Counter()), full=number == 0)
