"""Random Le Roudalon matches (hypothesis): invariants at every node and at every party's end, replay and
save round trip at the end.

(``check_game`` checks that apply never changes its input, the codec at every node and the view JSON.)

The default run plays 480 matches (120 examples of 4, plus check_game) over 3 to 6 players, 1 to 3 parties
or as many as players, a dead party ending void or played on, in about 20 s; ``--soak`` plays many more, and
full-length check_game matches.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind, winners_of
from dicehall.core.testing import check_game, check_replay_and_save, play_out
from dicehall.games.roudalon import GAME, Pass, RoudalonOptions, RoudalonState, Stake, Throw, odds
from dicehall.games.roudalon.actions import ACCEPT, CLOSE, PASS, PROPOSE, REFUSE, STAKES
from dicehall.games.roudalon.options import ROUND_LIMIT

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MATCHES_PER_EXAMPLE = 4  # the first one is also replayed and saved
OPTIONS = st.builds(
    RoudalonOptions,
    players=st.integers(3, 6),
    parties=st.one_of(st.none(), st.integers(1, 3)),
    dead_party=st.sampled_from(("void", "play_on")),
)
DEAD_BY_ROUND = 25  # with "void": a missed throw costs a die, a stake gives one back: the pot is full by then


# --- invariants ---------------------------------------------------------------------------------------------
def check(s: RoudalonState) -> None:
    """What holds at every node."""
    n = s.num_players
    assert len(s.held) == len(s.staked) == len(s.collected) == n
    assert all(0 <= h <= 2 for h in s.held), s.held
    assert s.pot == sum(s.staked) <= s.options.pot_ceiling
    assert 0 <= s.stake_room <= 6
    assert 1 <= s.party <= s.options.party_count
    assert all(sum(nets) == 0 for nets in s.standings)
    if s.phase == "over":
        assert len(s.standings) == s.options.party_count and s.kind is NodeKind.TERMINAL
        return
    assert len(s.standings) == s.party - 1
    assert s.collected == (0,) * n  # the pot is only collected by the throw that ends the party
    assert s.turns < ROUND_LIMIT * n and s.round <= ROUND_LIMIT
    if s.options.dead_party == "void":  # a dead party has ended: the pot is below its ceiling
        assert s.pot < s.options.pot_ceiling and not s.dead and s.round <= DEAD_BY_ROUND
    if s.phase == "throwoff":
        assert s.pot == 0 and s.turns == 0 and s.held == (1,) * n and s.starter is None
        assert s.contenders and len(s.offs) < 2 * len(s.contenders)
        return
    assert s.starter is not None
    assert s.active == (s.starter + s.turns) % n  # play goes left, one turn each
    legal = s.legal_actions()
    if s.phase == "turn":
        assert not s.chain and not s.throws and s.to_move == s.active
        stakes = [a for a in legal if isinstance(a, Stake)]
        assert tuple(stakes) == STAKES[: s.stake_room]
        if s.turns == 0:
            assert legal == STAKES
        elif s.held[s.active] == 0:
            assert legal == (tuple(stakes) or (PASS,))
        else:
            throws = [a.dice for a in legal if isinstance(a, Throw)]
            assert throws == list(range(1, s.held[s.active] + 1))
            assert (PROPOSE in legal) == (not s.refused and s.held[s.left_of(s.active)] > 0)
        assert (PASS in legal) == (s.held[s.active] == 0 and s.stake_room == 0 and s.turns > 0)
        return
    # an alliance or a throw alone in progress
    chain = s.chain
    assert chain[0] == s.active and len(set(chain)) == len(chain)
    assert all(chain[i + 1] == s.left_of(chain[i]) for i in range(len(chain) - 1))
    assert all(s.held[m] > 0 for m in chain)
    assert s.phase == "roll" or s.running_total < s.pot  # a die in the air may have gone over
    if s.phase == "answer":
        assert s.asked == s.left_of(chain[-1]) and s.asked not in chain and s.held[s.asked] > 0
        assert legal == (ACCEPT, REFUSE) and s.to_move == s.asked
    elif s.phase == "extend":
        assert len(chain) >= 2 and s.extension_candidate() is not None and legal == (PROPOSE, CLOSE)
    elif s.phase == "chain":
        assert len(chain) >= 2 and sum(s.held[m] for m in chain) >= 2
        assert [t.dice for t in legal] == list(range(1, s.held[chain[s.thrower]] + 1))
        assert [seat for seat, _ in s.throws] == list(chain[: s.thrower])
    else:
        assert s.phase == "roll" and 1 <= s.pending <= 2
        seat, faces = s.throws[-1]
        assert seat == chain[s.thrower] and len(faces) + s.pending <= s.held[seat]


def check_transition(before: RoudalonState, action, after: RoudalonState, stats: Counter) -> None:
    """What an action or a landed die did."""
    if after.party != before.party or after.phase == "over":  # a party ended
        nets = after.standings[-1]
        event = after.last
        assert sum(nets) == 0 and event.party == before.party
        if event.kind == "void":
            assert nets == (0,) * before.num_players
            dead = before.options.dead_party == "void"
            assert event.result == ("dead" if dead else "")  # with "void" the round limit is never reached
            assert (
                (event.amount == before.options.pot_ceiling)
                if dead
                else before.turns + 1 == ROUND_LIMIT * before.num_players
            )
            stats["dead" if dead else "void"] += 1
        else:
            assert event.result == "hit" and event.amount == before.pot
            share = Counter()
            for seat, faces in event.throws:
                share[seat] += sum(faces)
            assert sum(share.values()) == before.pot
            for p in range(before.num_players):
                assert nets[p] == share[p] - before.staked[p]
            stats["alliance hit" if event.kind == "alliance" else "hit alone"] += 1
            if event.kind == "alliance" and len(event.throws) < len(before.chain):
                stats["hit before every member threw"] += 1
        if after.phase != "over":
            assert after.phase == "throwoff" and after.contenders == tuple(range(after.num_players))
        return
    if isinstance(action, Stake):
        p = before.active
        assert after.pot == before.pot + action.amount and after.held[p] == min(2, before.held[p] + 1)
        stats["stake"] += 1
    elif isinstance(action, Pass):
        assert after.pot == before.pot and after.held[before.active] == 1
        stats["pass"] += 1
    if before.phase == "roll" and after.phase == "turn":  # a throw missed
        event = after.last
        seat, faces = event.throws[-1]
        assert event.loser == seat and event.lost == len(faces)
        assert after.held[seat] == before.held[seat] - len(faces)
        assert all(after.held[p] == before.held[p] for p in range(before.num_players) if p != seat)
        total = sum(sum(f) for _, f in event.throws)
        assert (total > before.pot) == (event.result == "over") and total != before.pot
        if event.result == "short":
            assert seat == before.chain[-1]  # short: the last member loses
        stats[f"{event.kind} {event.result}"] += 1
    if (
        before.phase == "answer"
        and after.last is not None
        and after.last.kind == "refused"
        and after.last is not before.last
    ):
        stats["refused first" if after.phase == "turn" else "refused further"] += 1
    if before.phase == "throwoff" and after.phase == "throwoff" and len(after.off_rounds) > len(before.off_rounds):
        stats["throw-off tie"] += 1


# --- random players -----------------------------------------------------------------------------------------
def pick(s: RoudalonState, rng: random.Random, style: dict[str, float]):
    """Random, but leaning to throws with a chance (so that parties end) and to alliances now and then."""
    legal = s.legal_actions()
    if rng.random() < style["random"]:
        return rng.choice(legal)
    if s.phase == "turn":
        throws = [a for a in legal if isinstance(a, Throw)]
        if PROPOSE in legal and rng.random() < style["propose"]:
            return PROPOSE
        if throws and (not s.stake_room or rng.random() < style["throw"]):
            return max(throws, key=lambda t: (odds.hit_chance(s.pot, t.dice), rng.random()))
        stakes = [a for a in legal if isinstance(a, Stake)]
        return rng.choice(stakes[:3] or legal)
    if s.phase == "answer":
        return ACCEPT if rng.random() < style["accept"] else REFUSE
    if s.phase == "extend":
        return PROPOSE if rng.random() < style["propose"] else CLOSE
    if s.phase == "chain":
        holdings = tuple(s.held[m] for m in s.chain)
        remaining = s.pot - s.running_total
        return max(legal, key=lambda t: odds.chain_throw_chance(remaining, holdings, s.thrower, t.dice))
    return rng.choice(legal)


def style_of(rng: random.Random) -> dict[str, float]:
    return {
        "random": rng.choice([0.0, 0.1, 1.0]),
        "throw": rng.choice([0.2, 0.5, 0.9]),
        "propose": rng.choice([0.1, 0.5, 0.9]),
        "accept": rng.choice([0.3, 0.8, 1.0]),
    }


def run_match(options: RoudalonOptions, rng: random.Random, stats: Counter) -> Match:
    match = Match(GAME, options, f"h{rng.randrange(10**6)}")
    style = style_of(rng)
    return play_out(
        match,
        lambda s: pick(s, rng, style),
        check,
        lambda before, entry, after: check_transition(before, entry.action, after, stats),
    )


def check_end(match: Match, full: bool = True) -> None:
    """The end of a match; ``full``: also replay the log and round-trip the save."""
    s = match.state
    n = s.num_players
    assert s.phase == "over" and len(s.standings) == s.options.party_count
    totals = tuple(sum(nets[p] for nets in s.standings) for p in range(n))
    assert s.totals() == totals and sum(totals) == 0
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == winners_of(s.scores())
    assert outcome.scores == tuple(float(t) for t in totals)
    v = s.view()
    assert v["over"] and v["winners"] == list(outcome.winners) and v["scores"] == list(totals)
    assert v["standings"] == {"parties": [list(x) for x in s.standings], "totals": list(totals)}
    if full:
        check_replay_and_save(GAME, match)


@SETTINGS
@given(st.integers(0, 2**32), OPTIONS)
def test_random_matches(seed, options):
    # one seed per example, not hypothesis' own randoms: a match would draw more data than it allows
    rng = random.Random(seed)
    stats: Counter = Counter()
    for number in range(MATCHES_PER_EXAMPLE):
        check_end(run_match(options, rng, stats), full=number == 0)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_protocol_check_game(players):
    """The platform's checks (uniformly random decisions): legal actions, codec, replay and the save."""
    report = check_game(GAME, {"players": players, "parties": 1}, games=2, seed=f"roudalon-{players}")
    assert report.games == 2


def test_the_interesting_cases_do_happen():
    """The random matches reach every kind of ending (else the invariants above prove little)."""
    rng = random.Random(2026)
    stats: Counter = Counter()
    for players in (3, 4, 5, 6):
        for k in range(6):
            run_match(RoudalonOptions(players, parties=2, dead_party=("void", "play_on")[k % 2]), rng, stats)
    for key in (
        "hit alone",
        "alliance hit",
        "hit before every member threw",
        "throw short",
        "throw over",
        "alliance short",
        "alliance over",
        "refused first",
        "refused further",
        "pass",
        "dead",
        "throw-off tie",
        "stake",
    ):
        assert stats[key] > 0, (key, stats)


@pytest.mark.parametrize("dead_party", ["void", "play_on"])
def test_a_void_party_happens_in_random_play(dead_party):
    """Players who never throw fill the pot to its ceiling: the party is void at once ("void"), or after
    40 rounds of passes and hopeless throws ("play_on")."""
    rng = random.Random(5)
    stats: Counter = Counter()
    match = Match(GAME, RoudalonOptions(3, parties=1, dead_party=dead_party), "void")
    while match.state.kind is not NodeKind.TERMINAL:
        s = match.state
        check(s)
        if s.kind is NodeKind.CHANCE:
            entry = match.roll()
        else:
            legal = s.legal_actions()
            stakes = [a for a in legal if isinstance(a, Stake)]
            entry = match.submit(rng.choice(stakes) if stakes else rng.choice(legal))
        check_transition(s, entry.action, match.state, stats)
    assert stats["dead" if dead_party == "void" else "void"] == 1 and match.state.standings == ((0, 0, 0),)
    check_end(match)


@pytest.mark.soak
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), OPTIONS)
def test_soak_random_matches(seed, options):
    rng = random.Random(seed)
    for number in range(MATCHES_PER_EXAMPLE):
        check_end(run_match(options, rng, Counter()), full=number == 0)


@pytest.mark.soak
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_soak_protocol_check_game(players):
    report = check_game(GAME, {"players": players}, games=10, seed=f"roudalon-soak-{players}")
    assert report.games == 10
