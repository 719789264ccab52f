"""Random Dés & Marchands games (hypothesis): invariants at every node, the coin accounts, the starting
placement, replay and save round trip at the end.

(``check_game`` checks that apply never changes its input, the codec at every node and the view JSON.)

The default run plays 300 games (150 examples of 2) of 2 to 4 players with every combination of the
options (the three board sizes too) and a round limit of 20 to 60 rounds, plus check_game, in about 20 s;
``--soak`` plays many more, and longer games.
The game is not yet in the hub's catalogue: the module patches it in for the save round trips.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicehall.core import registry
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.core.testing import check_game, check_replay_and_save, play_out
from dicehall.games.marchands import (
    GAME,
    Bonus,
    Buy,
    MarchandsOptions,
    MarchandsState,
    Move,
    Replace,
    Sell,
    faces,
)
from dicehall.games.marchands.actions import LEAVE
from dicehall.games.marchands.board import manhattan
from dicehall.games.marchands.rules import FLOWS, START_COINS

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES_PER_EXAMPLE = 2  # the first one is also replayed and saved
OPTIONS = st.builds(
    MarchandsOptions,
    players=st.integers(2, 4),
    size=st.sampled_from((50, 51, 30)),
    round_limit=st.integers(20, 60),
    portals=st.booleans(),
    multipliers=st.booleans(),
    replay_bonus=st.booleans(),
    bonus_once=st.booleans(),
)


@pytest.fixture(scope="module", autouse=True)
def registered():
    """Dés & Marchands in the catalogue (it is switched on later), so that saves can load it."""
    patch = pytest.MonkeyPatch()
    patch.setattr(
        registry,
        "CATALOGUE",
        tuple(g.replace(module="dicehall.games.marchands") if g.id == "marchands" else g for g in registry.CATALOGUE),
    )
    yield
    patch.undo()


# --- invariants ---------------------------------------------------------------------------------------------
def check(s: MarchandsState) -> None:
    """What holds at every node."""
    n = s.num_players
    assert len(s.pos) == len(s.coins) == len(s.dice) == len(s.flows) == n
    assert all(c >= 0 for c in s.coins), s.coins
    stolen = 2 * FLOWS.index("stolen")
    assert sum(f[stolen] for f in s.flows) == sum(f[stolen + 1] for f in s.flows)  # stolen in == stolen out
    for p in range(n):
        ins, outs = sum(s.flows[p][0::2]), sum(s.flows[p][1::2])
        assert s.coins[p] == START_COINS + ins - outs, (p, s.coins, s.flows)
        dice = s.dice[p]
        assert dice and all(dice), dice  # at least one die, no empty die
        assert faces.has_kind(dice, "direction") and faces.has_kind(dice, "power"), dice
        assert all(1 <= len(d) <= 8 for d in dice)
        assert all(faces.is_face(t) for d in dice for t in d)
        if not s.options.multipliers:
            assert not faces.has_kind(dice, "multiplier")
    if s.phase == "layout":
        return
    board = s.board
    assert board is not None and all(board.inside(c) for c in s.pos)
    if s.phase == "over":
        assert s.ended in ("end_cell", "round_limit") and s.kind is NodeKind.TERMINAL
        if s.ended == "end_cell":
            assert s.pos[s.current] == board.end
        return
    assert sorted(s.order) == list(range(n))
    limit = s.options.round_limit
    assert limit is None or s.turn < limit * n
    assert board.end not in s.pos  # the game stops as soon as someone arrives there
    legal = s.legal_actions()
    p = s.current
    if s.phase == "roll":
        assert not s.rolled and s.to_move == p
    elif s.phase == "throw":
        assert len(s.rolled) < len(s.dice[p]) and s.to_move is None
    elif s.phase == "move":
        assert len(s.rolled) == len(s.dice[p])
        roll = s.roll_sum()
        assert roll.directions and roll.reach > 0
        assert legal[0] == Move(s.pos[p]) and len(set(legal)) == len(legal)
        assert {a.to for a in legal} == expected_cells(s.pos[p], roll.directions, roll.reach, board.size)
    elif s.phase == "bonus":
        assert board.kind(s.pos[p]) == "bonus"
        assert (Bonus("replay") in legal) == s.options.replay_bonus
    elif s.phase == "merchant":
        assert board.kind(s.pos[p]) == "merchant" and legal[-1] == LEAVE


STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def expected_cells(here, directions, reach, size) -> set:
    """The rule, written again: 0..reach straight along a rolled direction, 0..reach // 2 diagonally
    between two rolled perpendicular directions, on the board."""
    x, y = here
    out = {here}
    for d in directions:
        dx, dy = STEP[d]
        out |= {(x + k * dx, y + k * dy) for k in range(1, reach + 1)}
        for e in directions:
            ex, ey = STEP[e]
            if dx * ex + dy * ey == 0:  # perpendicular
                out |= {(x + k * (dx + ex), y + k * (dy + ey)) for k in range(1, reach // 2 + 1)}
    return {c for c in out if 0 <= c[0] < size and 0 <= c[1] < size}


def check_start(s: MarchandsState) -> None:
    """The dealt board: 15 bonus and 15 merchant cells (5 and 5 on the quick 30 × 30), starts on normal cells
    6 to 9 apart."""
    board = s.board
    quick = s.options.size == 30
    specials = 5 if quick else 15
    assert len(board.cells_of("bonus")) == specials and len(board.cells_of("merchant")) == specials
    assert len(board.cells_of("portal")) == ((2 if quick else 8) if s.options.portals else 0)
    assert board.kind(board.end) == "end" and board.end == ((s.options.size - 1) // 2,) * 2
    assert all(board.kind(c) == "normal" for c in s.pos)
    for i, a in enumerate(s.pos):
        for b in s.pos[i + 1 :]:
            assert 6 <= manhattan(a, b) <= 9


def check_transition(before: MarchandsState, action, after: MarchandsState, stats: Counter) -> None:
    """What an action or a landed die did."""
    p = before.current
    if isinstance(action, Move):
        if after.phase == "over" and after.ended == "end_cell":
            stats["end cell"] += 1
        if action.to == before.pos[p]:
            assert after.coins == before.coins and after.phase in ("roll", "over")
            stats["stay"] += 1
            return
        victims = [q for q in range(before.num_players) if q != p and before.pos[q] == action.to]
        if victims:
            stats["steal"] += 1
            assert sum(after.coins) == sum(before.coins)
            for q in victims:
                assert after.coins[q] == before.coins[q] - before.coins[q] // 2
        kind = before.board.kind(action.to)
        if kind == "portal":
            assert after.pos[p] == before.board.twin(action.to)
            stats["portal"] += 1
        elif after.phase != "over" or after.ended == "end_cell":
            assert after.pos[p] == action.to
        if kind == "bonus" and not before.bonus_open(p, action.to):  # bonus_once: it has served him
            assert after.phase in ("roll", "over") and "spent" in [e.kind for e in after.events]  # (then maybe "end")
            assert after.served_by(p) == before.served_by(p)
            stats["bonus spent"] += 1
        elif kind in ("bonus", "merchant"):
            assert after.phase == kind
            if kind == "bonus" and before.options.bonus_once:
                assert after.served_by(p) == before.served_by(p) + (action.to,)
    elif isinstance(action, Bonus):
        stats[f"bonus {action.choice}"] += 1
        if action.choice == "coins":
            assert after.coins[p] == before.coins[p] + 5
        elif action.choice == "tax":
            others = [q for q in range(before.num_players) if q != p]
            assert all(after.coins[q] == max(0, before.coins[q] - 2) for q in others)
        elif action.choice == "replay":
            assert after.phase == "roll" and after.current == p and after.turn == before.turn
    elif isinstance(action, (Sell, Buy, Replace)):
        stats[type(action).__name__.lower()] += 1
        if isinstance(action, Sell):
            assert after.coins[p] == before.coins[p] + len(before.dice[p][action.die])
            assert len(after.dice[p]) == len(before.dice[p]) - 1
        elif isinstance(action, Buy):
            assert after.coins[p] == before.coins[p] - action.faces
            assert after.dice[p][-1] == ("1",) * action.faces
        else:
            stats[f"replace {faces.kind_of(action.token).id}"] += 1
            assert after.coins[p] == before.coins[p] - faces.kind_of(action.token).price(action.token)
    elif before.phase == "throw" and after.phase == "roll" and after.turn != before.turn:
        stats["no move"] += 1
    if after.phase == "over":
        stats[f"ended {after.ended}"] += 1
        stats["nobody wins" if not after.outcome().winners else "a winner"] += 1


# --- random players -----------------------------------------------------------------------------------------
def pick(s: MarchandsState, rng: random.Random, style: dict[str, float]):
    """Random, but leaning now and then towards the end cell, the other players, the special cells and the
    merchants' transactions."""
    legal = s.legal_actions()
    if s.phase == "move":
        if rng.random() < style["centre"]:
            end = s.board.end
            return min(legal, key=lambda a: (manhattan(a.to, end), rng.random()))
        others = [a for a in legal if a.to in s.pos and a.to != s.pos[s.current]]
        if others and rng.random() < style["rob"]:
            return rng.choice(others)
        here = s.pos[s.current]
        specials = [a for a in legal if s.board.kind(a.to) not in ("normal", "end") and a.to != here]
        if specials and rng.random() < style["special"]:
            return rng.choice(specials)
    if s.phase == "merchant" and len(legal) > 1 and rng.random() < style["trade"]:
        kinds = [k for k in (Sell, Buy, Replace) if any(isinstance(a, k) for a in legal)]
        kind = rng.choice(kinds)
        chosen = [a for a in legal if isinstance(a, kind)]
        # directions and multipliers, rarer among the replacements than powers
        rare = [a for a in chosen if isinstance(a, Replace) and not a.token.isdigit()]
        return rng.choice(rare if rare and rng.random() < 0.5 else chosen)
    return rng.choice(legal)


def style_of(rng: random.Random) -> dict[str, float]:
    return {
        "centre": rng.choice([0.0, 0.2, 0.6]),
        "rob": rng.choice([0.0, 0.5, 1.0]),
        "trade": rng.choice([0.3, 0.9, 1.0]),
        "special": rng.choice([0.0, 0.8, 1.0]),
    }


def run_match(
    options: MarchandsOptions, rng: random.Random, stats: Counter, style: dict[str, float] | None = None
) -> Match:
    match = Match(GAME, options, f"h{rng.randrange(10**6)}")
    style = style or style_of(rng)

    def step(before: MarchandsState, entry, after: MarchandsState) -> None:
        if before.kind is NodeKind.CHANCE and before.phase == "layout":
            check_start(after)
        check_transition(before, entry.action, after, stats)

    return play_out(match, lambda s: pick(s, rng, style), check, step)


def check_end(match: Match, full: bool = True) -> None:
    """The end of a game; ``full``: also replay the log and round-trip the save."""
    s = match.state
    n = s.num_players
    assert s.phase == "over"
    outcome = s.outcome()
    assert outcome is not None and outcome.scores == tuple(float(c) for c in s.coins)
    best = max((s.coins[p], s.power(p)) for p in range(n))
    top = [p for p in range(n) if (s.coins[p], s.power(p)) == best]
    assert outcome.winners == (tuple(top) if len(top) == 1 else ())
    v = s.view()
    assert v["over"] and v["winners"] == list(outcome.winners) and v["scores"] == list(s.coins)
    if full:
        check_replay_and_save(GAME, match)


@SETTINGS
@given(st.integers(0, 2**32), OPTIONS)
def test_random_games(seed, options):
    # one seed per example, not hypothesis' own randoms: a game would draw more data than it allows
    rng = random.Random(seed)
    for number in range(GAMES_PER_EXAMPLE):
        check_end(run_match(options, rng, Counter()), full=number == 0)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2, "round_limit": 30},
        {"players": 3, "size": 51, "round_limit": 20, "portals": True},
        {"players": 4, "size": 30, "round_limit": 20, "portals": True},
        {"players": 4, "round_limit": 25, "portals": True, "multipliers": True, "replay_bonus": True},
    ],
)
def test_protocol_check_game(options):
    """The platform's checks (uniformly random decisions): legal actions, codec, replay and the save."""
    report = check_game(GAME, options, games=2, seed=f"marchands-{options['players']}")
    assert report.games == 2


def test_the_interesting_cases_do_happen():
    """The random games reach every kind of event (else the invariants above prove little)."""
    rng = random.Random(2026)
    stats: Counter = Counter()
    for players in (2, 3, 4):
        for k in range(10):
            options = MarchandsOptions(
                players, round_limit=60, portals=bool(k % 2), multipliers=k >= 2, replay_bonus=k != 1
            )
            style = {"centre": 0.1 * (k % 3), "rob": 1.0, "trade": 1.0, "special": 1.0}
            run_match(options, rng, stats, style)
    for players in (2, 3, 4):  # the variant "a bonus cell serves each player once", dice of its own
        style = {"centre": 0.0, "rob": 1.0, "trade": 1.0, "special": 1.0}
        run_match(MarchandsOptions(players, round_limit=60, bonus_once=True), random.Random(players), stats, style)
    for key in (
        "stay",
        "steal",
        "portal",
        "no move",
        "bonus coins",
        "bonus tax",
        "bonus nothing",
        "bonus replay",
        "bonus spent",
        "sell",
        "buy",
        "replace",
        "replace direction",
        "replace power",
        "ended end_cell",
        "ended round_limit",
        "a winner",
    ):
        assert stats[key] > 0, (key, stats)


@pytest.mark.soak
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), OPTIONS)
def test_soak_random_games(seed, options):
    rng = random.Random(seed)
    for number in range(3):
        check_end(run_match(options, rng, Counter()), full=number == 0)


@pytest.mark.soak
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 2**32),
    st.builds(
        MarchandsOptions,
        players=st.integers(2, 4),
        round_limit=st.just(300),
        portals=st.booleans(),
        multipliers=st.booleans(),
        replay_bonus=st.booleans(),
    ),
)
def test_soak_long_games(seed, options):
    check_end(run_match(options, random.Random(seed), Counter()))


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak_protocol_check_game(players):
    options = {"players": players, "round_limit": 100, "portals": True, "multipliers": True, "replay_bonus": True}
    report = check_game(GAME, options, games=10, seed=f"marchands-soak-{players}")
    assert report.games == 10
