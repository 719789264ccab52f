"""Charidice scenario tests: forced dice, the worked examples of the rule text, both bonus tables, gifts,
la grande donation and its windows, the generosity bonus, rolls, variants, options and action JSON."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace

import pytest

from dicehall.core import registry, save
from dicehall.core.errors import IllegalActionError, InvalidActionError
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind, step
from dicehall.games.charidice import (
    CODEC,
    GAME,
    CharidiceOptions,
    CharidiceState,
    Claim,
    Face,
    Mark,
    Roll,
    Row,
    Stop,
)
from dicehall.games.charidice import dice as cd
from dicehall.games.charidice.actions import CLAIM, ROLL_ALL, STOP
from dicehall.games.charidice.dice import BLACK, BLUE, GREEN, GREY, LATIN, RED, YELLOW, colour_of, die_showing
from dicehall.games.charidice.options import ROUNDS
from dicehall.games.charidice.rules import EMPTY_SHEET, mark_of
from dicehall.games.charidice.scoring import DIFFERENT, MIXED, SAME, TOO_FEW_SAME, analyse, valid_masks

# The players of the rule text. Lena gives to Marko (her left), Florian gives to Lena, and Florian claims
# la grande donation from Marko: seats Florian 0, Lena 1, Marko 2.
FLORIAN, LENA, MARKO = 0, 1, 2


# --- helpers ------------------------------------------------------------------------------------------------
def layout(*pairs: tuple[int, int], rest: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Die values realising (colour, number) pairs; the dice left over take ``rest`` in die order."""
    values = [0] * 6
    for colour, number in pairs:
        die = die_showing(colour, number)
        assert values[die] == 0, f"die {die} wanted twice"
        values[die] = number
    free = [i for i in range(6) if not values[i]]
    assert len(free) == len(rest), "give a value to every die left over"
    for die, number in zip(free, rest):
        values[die] = number
    return tuple(values)


def dice_of(values: tuple[int, ...], *pairs: tuple[int, int]) -> tuple[int, ...]:
    """The dice (indices) showing these (colour, number) pairs on ``values``."""
    out = []
    for colour, number in pairs:
        die = die_showing(colour, number)
        assert values[die] == number, f"die {die} shows {values[die]}, not {number}"
        out.append(die)
    return tuple(sorted(out))


def find(predicate) -> tuple[int, ...]:
    """The first six values (in product order) that satisfy ``predicate``."""
    for values in itertools.product(range(1, 7), repeat=6):
        if predicate(values):
            return values
    raise AssertionError("no dice satisfy the predicate")


def throw(match: Match, values: tuple[int, ...], dice: tuple[int, ...] = tuple(range(6))) -> None:
    """Roll these dice (all six on roll 1) and force them to land on ``values`` (indexed by die)."""
    match.submit(Roll(dice) if dice != tuple(range(6)) else ROLL_ALL)
    for die in match.state.pending:
        match.force(Face(values[die]))


def turn(match: Match, values: tuple[int, ...], marked: tuple[int, ...]) -> CharidiceState:
    """One whole turn: roll 1 lands on ``values``, stop, mark ``marked``. Returns the state after."""
    throw(match, values)
    match.submit(STOP)
    match.submit(mark_of(marked))
    return match.state


def new_match(players: int = 3, **options) -> Match:
    return Match(GAME, CharidiceOptions(players=players, **options), "test")


def sheet_state(given: list[int], options: CharidiceOptions | None = None, *, over: bool = True):
    """A finished game whose players gave ``given`` points in all (in their round-1 row)."""
    options = options or CharidiceOptions(players=len(given))
    s = CharidiceState.initial(options)
    sheets = tuple((Row(0, 0, 0, g),) + EMPTY_SHEET[1:] for g in given)
    return replace(s, sheets=sheets, turn=ROUNDS * options.players, phase="over" if over else "roll")


# --- the dice -----------------------------------------------------------------------------------------------
def test_the_dice_form_a_latin_square():
    assert len(LATIN) == 6 and all(sorted(row) == list(range(6)) for row in LATIN)  # each die: 6 colours
    for number in range(1, 7):  # each colour carries each number once over the six dice
        assert sorted(colour_of(die, number) for die in range(6)) == list(range(6))
    for die, number in itertools.product(range(6), range(1, 7)):
        assert die_showing(colour_of(die, number), number) == die
    ids = [c[0] for c in cd.COLOURS]
    assert ids[:2] == ["black", "grey"] and len(set(ids)) == 6
    assert len({c[4] for c in cd.COLOURS}) == 6  # one symbol per colour: colour is never the only cue
    assert len({c[3] for c in cd.COLOURS}) == 6
    assert cd.colour_name(GREY, "fr") == "gris" and cd.colour_name(GREY, "en") == "grey"


def test_one_colour_never_repeats_a_number_and_equal_numbers_differ_in_colour():
    rng = random.Random(4)
    for _ in range(200):
        values = tuple(rng.randint(1, 6) for _ in range(6))
        colours = [colour_of(d, v) for d, v in enumerate(values)]
        for a, b in itertools.combinations(range(6), 2):
            if colours[a] == colours[b]:
                assert values[a] != values[b]


# --- the worked examples ------------------------------------------------------------------------------------
def lena_dice() -> tuple[int, ...]:
    # 1 2 3 4 6 red, and a 6 of another colour
    values = layout(*((RED, n) for n in (1, 2, 3, 4, 6)), rest=(6,))
    assert sorted(values) == [1, 2, 3, 4, 6, 6]
    return values


def test_lena_example_scores():
    values = lena_dice()
    a = analyse(values, dice_of(values, (RED, 2), (RED, 3), (RED, 4), (RED, 6)))
    assert (a.option, a.points, a.bonus, a.total, a.run, a.gift) == (SAME, 15, 15, 30, False, 13)
    b = analyse(values, dice_of(values, (RED, 1), (RED, 2), (RED, 3), (RED, 4)))
    assert (b.option, b.points, b.bonus, b.total, b.run, b.gift) == (SAME, 10, 25, 35, True, 24)
    five = analyse(values, dice_of(values, *((RED, n) for n in (1, 2, 3, 4, 6))))
    assert (five.points, five.bonus, five.gift) == (16, 0, 12)  # five, not a run: no bonus


@pytest.mark.parametrize(("numbers", "mine", "gift"), [((2, 3, 4, 6), (15, 15), 13), ((1, 2, 3, 4), (10, 25), 24)])
def test_lena_turn_writes_both_sheets(numbers, mine, gift):
    match = new_match()
    turn(match, (1, 1, 1, 1, 1, 1), (0,))  # Florian's turn: he marks one die and gives 5 ones to Lena
    values = lena_dice()
    s = turn(match, values, dice_of(values, *((RED, n) for n in numbers)))
    assert s.sheets[LENA][0] == Row(mine[0], mine[1], 5, gift)
    assert s.sheets[MARKO][0] == Row(None, None, gift, None)
    assert s.last.player == LENA and s.last.receiver == MARKO and s.last.received == s.last.given == gift
    assert s.scores()[LENA] == sum(mine) + 5 and s.scores()[MARKO] == gift


def florian_dice() -> tuple[int, ...]:
    def fits(values):
        if sorted(values) != [2, 2, 2, 2, 6, 6]:
            return False
        return any(
            sorted(values[i] for i in m) == [2, 2, 2, 6, 6] and analyse(values, m).option == DIFFERENT
            for m in itertools.combinations(range(6), 5)
        )

    return find(fits)


def test_florian_example_scores():
    values = florian_dice()
    twos = tuple(i for i in range(6) if values[i] == 2)
    a = analyse(values, twos)
    assert (a.option, a.points, a.bonus, a.total, a.same_number, a.gift) == (DIFFERENT, 8, 15, 23, True, 24)
    five = next(
        m
        for m in itertools.combinations(range(6), 5)
        if analyse(values, m).valid and sorted(values[i] for i in m) == [2, 2, 2, 6, 6]
    )
    b = analyse(values, five)
    assert (b.option, b.points, b.bonus, b.total, b.gift) == (DIFFERENT, 18, 0, 18, 2)


def test_florian_turn_gives_to_lena():
    values = florian_dice()
    match = new_match()
    s = turn(match, values, tuple(i for i in range(6) if values[i] == 2))
    assert s.sheets[FLORIAN][0] == Row(8, 15, None, 24) and s.sheets[LENA][0].received == 24
    assert s.last.option == DIFFERENT and s.active == LENA


def donation_dice() -> tuple[int, ...]:
    """Marko marks four dice of different colours and keeps back a 2 and a 5."""
    return (2, 5, 1, 1, 1, 1)


def test_grande_donation_giver_records_the_doubled_gift_by_default():
    """The text: "Vous et le joueur actif notez les points doublés": Marko writes 24 given, Florian 24
    received, and the given column (the generosity race) counts the 24."""
    match = new_match()
    assert match.state.options.donation_given == "doubled"
    turn(match, (1,) * 6, (0,))  # Florian
    turn(match, (1,) * 6, (0,))  # Lena
    match.submit(CLAIM, FLORIAN)
    s = turn(match, donation_dice(), (2, 3, 4, 5))
    assert s.sheets[MARKO][0] == Row(4, 15, 5, 24) and s.sheets[FLORIAN][0].received == 24
    assert s.last.received == s.last.given == 24 and s.given_totals() == (5, 5, 24)
    assert s.view()["sheets"][MARKO]["totals"]["given"] == 24 and s.view()["given_leader"] == [MARKO]


def test_grande_donation_variant_giver_records_the_single_gift():
    match = new_match(donation_given="undoubled")
    turn(match, (1,) * 6, (0,))  # Florian
    turn(match, (1,) * 6, (0,))  # Lena
    match.submit(CLAIM, FLORIAN)
    s = turn(match, donation_dice(), (2, 3, 4, 5))
    assert s.sheets[MARKO][0] == Row(4, 15, 5, 12) and s.sheets[FLORIAN][0].received == 24
    assert s.last.received == 24 and s.last.given == 12 and s.given_totals() == (5, 5, 12)


@pytest.mark.parametrize(("variant", "giver_writes"), [("doubled", 24), ("undoubled", 12)])
def test_grande_donation_example(variant, giver_writes):
    match = new_match(donation_given=variant)
    turn(match, (1,) * 6, (0,))  # Florian
    turn(match, (1,) * 6, (0,))  # Lena
    assert match.state.active == MARKO and match.state.neighbour == FLORIAN
    match.submit(CLAIM, FLORIAN)
    assert match.state.claimed and match.state.view()["claim"]["claimed"]
    values = donation_dice()
    marked = (2, 3, 4, 5)  # four ones: pairwise different colours, 4 + 15
    assert analyse(values, marked).option == DIFFERENT and analyse(values, marked).gift == 12
    s = turn(match, values, marked)
    assert s.sheets[MARKO][0] == Row(4, 15, 5, giver_writes)
    assert s.sheets[FLORIAN][0].received == 24
    assert s.last.claimed and s.last.received == 24 and s.last.given == giver_writes
    assert s.donations == (1, None, None) and s.view()["sheets"][FLORIAN]["donation_round"] == 1
    assert not s.claimed  # the claim lasts one turn
    # the next gift to Florian (round 2, from Marko again) is not doubled
    for _ in range(2):
        turn(match, (1,) * 6, (0,))
    s = turn(match, values, marked)
    assert s.sheets[FLORIAN][1].received == 12 and s.sheets[MARKO][1].given == 12


def test_marko_total_243():
    """Marko's sheet: 126 marked + 75 bonus + 22 received, the most given (below 60): 20 → 243."""
    s = CharidiceState.initial(CharidiceOptions(players=3))
    marko = (
        Row(18, 15, 0, 6), Row(20, 15, 5, 4), Row(16, 0, 4, 8), Row(21, 15, 3, 2), Row(15, 15, 2, 5),
        Row(19, 15, 6, 7), Row(17, 0, 2, 3),
    )  # fmt: skip
    other = tuple(Row(20, 15, 3, 3) for _ in range(ROUNDS))
    sheets = [other, other, marko]
    s = replace(s, sheets=tuple(sheets), turn=ROUNDS * 3, phase="over")
    assert s.sheet_totals(MARKO) == (126, 75, 22, 35)
    assert s.given_totals() == (21, 21, 35) and s.generosity() == (0, 0, 20)
    assert s.scores()[MARKO] == 243
    v = s.view()
    assert v["sheets"][MARKO]["total"] == 243 and v["sheets"][MARKO]["generosity"] == 20
    assert v["sheets"][MARKO]["totals"] == {"marked": 126, "bonus": 75, "received": 22, "given": 35}
    assert v["scores"][MARKO] == 243 and v["given_leader"] == [MARKO] and v["over"]
    # before the end the bonus is not counted
    assert replace(s, phase="roll", turn=ROUNDS * 3 - 1).scores()[MARKO] == 223


# --- bonus tables -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("numbers", "bonus", "run"),
    [
        ((1, 2, 3, 5), 15, False),
        ((2, 4, 5, 6), 15, False),
        ((1, 2, 3, 4), 25, True),
        ((3, 4, 5, 6), 25, True),
        ((1, 2, 3, 4, 6), 0, False),
        ((1, 3, 4, 5, 6), 0, False),
        ((1, 2, 3, 4, 5), 40, True),
        ((2, 3, 4, 5, 6), 40, True),
        ((1, 2, 3, 4, 5, 6), 50, True),
        ((5, 6, 1, 2), 15, False),  # no wrap round 6 → 1
        ((4, 5, 6, 1), 15, False),
        ((6, 1, 2, 3, 4), 0, False),
    ],
)
@pytest.mark.parametrize("colour", [BLACK, GREY, RED, BLUE, GREEN, YELLOW])
def test_same_colour_bonus(numbers, bonus, run, colour):
    rest = (1,) * (6 - len(numbers))
    # fill the other dice so that they are not of this colour... any value: the marked dice decide
    values = layout(*((colour, n) for n in numbers), rest=rest)
    marked = dice_of(values, *((colour, n) for n in numbers))
    m = analyse(values, marked)
    assert m.valid and m.option == SAME
    assert (m.points, m.bonus, m.run) == (sum(numbers), bonus, run)
    assert m.gift == sum(v * 2 if v >= 5 else v for i, v in enumerate(values) if i not in marked)


@pytest.mark.parametrize(
    ("values", "marked", "bonus"),
    [
        ((3,) * 6, (0, 1, 2, 3), 15),
        ((3,) * 6, (0, 1, 2, 3, 4), 30),
        ((3,) * 6, tuple(range(6)), 60),
        ((6,) * 6, tuple(range(6)), 60),
        ((3,) * 6, (0, 1, 2), 0),  # fewer than four
        ((3,) * 6, (4,), 0),
        ((3, 3, 3, 4, 4, 4), (0, 1, 2, 3), 0),  # mixed numbers: 3 3 3 4 in four colours
    ],
)
def test_different_colours_bonus(values, marked, bonus):
    m = analyse(values, marked)
    assert m.option == DIFFERENT and m.points == sum(values[i] for i in marked) and m.bonus == bonus


def test_six_colours_with_mixed_numbers_score_no_bonus():
    values = find(lambda v: len(set(v)) > 1 and analyse(v, tuple(range(6))).option == DIFFERENT)
    m = analyse(values, tuple(range(6)))
    assert m.points == sum(values) and m.bonus == 0 and m.gift == 0


def test_six_colours_can_show_one_to_six():
    """Our table is not a group table (order-6 group tables have no transversal): six dice of six
    different colours can show 1 to 6, the "rainbow straight" players expect, in exactly 24 ways."""
    rainbow = [v for v in itertools.permutations(range(1, 7)) if analyse(v, tuple(range(6))).option == DIFFERENT]
    assert len(rainbow) == 24
    assert all(analyse(v, tuple(range(6))).points == 21 for v in rainbow)


def test_six_same_numbers_are_six_colours():
    for n in range(1, 7):
        assert analyse((n,) * 6, tuple(range(6))).bonus == 60
        assert {colour_of(d, n) for d in range(6)} == set(range(6))


def test_five_dice_of_one_colour_allow_every_subset_of_four_or_more():
    values = layout(*((BLUE, n) for n in (1, 2, 3, 4, 6)), rest=(6,))
    blue = dice_of(values, *((BLUE, n) for n in (1, 2, 3, 4, 6)))
    masks = set(valid_masks(values))
    for size in (4, 5):
        for sub in itertools.combinations(blue, size):
            assert sum(1 << i for i in sub) in masks
    for size in (2, 3):  # two or three of one colour are never a marking
        for sub in itertools.combinations(blue, size):
            assert sum(1 << i for i in sub) not in masks
            assert analyse(values, sub).problem == TOO_FEW_SAME


def test_invalid_selections_are_not_legal():
    values = layout(*((GREEN, n) for n in (1, 2, 3, 4)), rest=(5, 5))
    green = dice_of(values, *((GREEN, n) for n in (1, 2, 3, 4)))
    other = next(i for i in range(6) if i not in green and colour_of(i, values[i]) != GREEN)
    match = new_match()
    throw(match, values)
    match.submit(STOP)
    legal = set(match.state.legal_actions())
    for bad in (green[:2], green[:3], green + (other,), (green[0], green[1], other)):
        bad = tuple(sorted(bad))
        assert analyse(values, bad).problem in (TOO_FEW_SAME, MIXED)
        assert mark_of(bad) not in legal
        with pytest.raises(IllegalActionError):
            match.submit(mark_of(bad))
    assert analyse(values, green + (other,)).problem == MIXED
    with pytest.raises(IllegalActionError):
        match.submit(Mark(()))  # marking nothing is the variant only
    with pytest.raises(IllegalActionError):
        match.submit(Mark((green[1], green[0], green[2], green[3])))  # dice are named in order
    match.submit(mark_of(green))
    assert match.state.sheets[0][0].marked == 10


def test_every_legal_mark_is_a_valid_marking_and_a_single_die_is_always_legal():
    rng = random.Random(7)
    for _ in range(300):
        values = tuple(rng.randint(1, 6) for _ in range(6))
        masks = valid_masks(values)
        assert all(1 << i in masks for i in range(6))
        for mask in range(64):
            dice = tuple(i for i in range(6) if mask >> i & 1)
            a = analyse(values, dice)
            colours = [colour_of(i, values[i]) for i in dice]
            distinct = len(set(colours))
            ok = bool(dice) and (distinct == len(colours) or (distinct == 1 and len(dice) >= 4))
            assert (mask in masks) == ok == a.valid


# --- gifts --------------------------------------------------------------------------------------------------
def test_gifts_double_fives_and_sixes():
    assert analyse((1, 2, 3, 4, 5, 6), (0,)).gift == 2 + 3 + 4 + 10 + 12
    assert analyse((5, 5, 6, 6, 1, 1), (4,)).gift == 10 + 10 + 12 + 12 + 1
    assert analyse((4,) * 6, tuple(range(6))).gift == 0


def test_last_player_gives_to_seat_zero():
    match = new_match(players=4)
    for _ in range(3):
        turn(match, (1,) * 6, (0,))
    s = turn(match, (6,) * 6, (0,))
    assert s.last.player == 3 and s.last.receiver == 0 and s.sheets[0][0].received == 60


# --- generosity ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("given", "bonus"),
    [
        ([40, 30, 10], (20, 0, 0)),
        ([60, 59, 0], (20, 0, 0)),  # 60 exactly: 20
        ([61, 60, 0], (30, 0, 0)),  # above 60: 30
        ([45, 45, 20], (20, 20, 0)),  # ties each get it
        ([70, 70, 70], (30, 30, 30)),
        ([0, 0, 0], (0, 0, 0)),  # nobody gave: nobody gets it
        ([0, 1], (0, 20)),
    ],
)
def test_generosity_bonus(given, bonus):
    s = sheet_state(given)
    assert s.generosity() == bonus
    assert s.scores() == tuple(float(b) for b in bonus)  # the sheets hold nothing else
    assert [sheet["generosity"] for sheet in s.view()["sheets"]] == list(bonus)


def test_generosity_counts_only_at_the_end_and_ties_share_the_victory():
    s = sheet_state([30, 30, 10], over=False)
    assert s.scores() == (0.0, 0.0, 0.0) and [sh["generosity"] for sh in s.view()["sheets"]] == [0, 0, 0]
    over = sheet_state([30, 30, 10])
    assert over.outcome().winners == (0, 1) and over.view()["winners"] == [0, 1]
    assert over.returns() == (0.5, 0.5, 0.0)


# --- two players --------------------------------------------------------------------------------------------
def test_two_players_the_opponent_is_both_neighbours_and_claims_work():
    match = new_match(players=2)
    s = match.state
    assert s.active == 0 and s.neighbour == 1 and s.side_actions() == ((1, CLAIM),)
    match.submit(CLAIM, 1)
    s = turn(match, (5, 1, 1, 1, 1, 1), (1, 2, 3, 4, 5))  # five ones; gives a 5: 10, doubled 20
    assert s.sheets[0][0] == Row(5, 30, None, 20) and s.sheets[1][0].received == 20
    assert s.active == 1 and s.neighbour == 0 and s.side_actions() == ((0, CLAIM),)
    with pytest.raises(IllegalActionError):
        match.submit(CLAIM, 1)  # the active player cannot claim
    match.submit(CLAIM, 0)
    s = turn(match, (6, 2, 2, 2, 2, 2), (1, 2, 3, 4, 5))
    assert s.sheets[1][0] == Row(10, 30, 20, 24) and s.sheets[0][0].received == 24
    assert s.donations == (1, 1) and s.side_actions() == ()  # both used: the window never opens again
    assert s.view()["claim"] == {"eligible": 1, "open": False, "claimed": False, "used": [True, True]}


# --- the claim window ---------------------------------------------------------------------------------------
def test_claim_window_before_roll_1_after_roll_1_and_after_roll_2():
    for rolls_before in (0, 1, 2):
        match = new_match()
        for r in range(rolls_before):
            throw(match, (2,) * 6, ROLL_ALL.dice if r == 0 else (0, 1))
        s = match.state
        assert s.phase == "roll" and s.rolls == rolls_before
        assert s.claim_open and s.side_actions() == ((1, CLAIM),) and s.view()["claim"]["open"]
        match.submit(CLAIM, 1)
        assert match.state.claimed and match.state.side_actions() == ()
        with pytest.raises(IllegalActionError):
            match.submit(CLAIM, 1)  # once only


def test_claim_window_closes_after_stop_after_roll_3_and_while_dice_fly():
    match = new_match()
    throw(match, (2,) * 6)
    match.submit(STOP)
    assert match.state.phase == "mark" and not match.state.claim_open and match.state.side_actions() == ()
    with pytest.raises(IllegalActionError):
        match.submit(CLAIM, 1)

    match = new_match()
    throw(match, (2,) * 6)
    throw(match, (3,) * 6, (0,))
    match.submit(Roll((1,)))
    s = match.state
    assert s.phase == "throw" and s.kind is NodeKind.CHANCE and not s.claim_open
    assert s.view()["claim"]["open"] is False
    with pytest.raises(IllegalActionError):
        match.submit(CLAIM, 1)  # dice in the air
    with pytest.raises(IllegalActionError):
        step(s, CLAIM, 1)
    match.force(Face(4))
    s = match.state
    assert s.rolls == 3 and s.phase == "mark" and not s.claim_open
    with pytest.raises(IllegalActionError):
        match.submit(CLAIM, 1)  # after roll 3


def test_only_the_left_neighbour_claims_once_per_game():
    match = new_match(players=4)
    for seat in (0, 2, 3):
        with pytest.raises(IllegalActionError):
            match.submit(CLAIM, seat)
    with pytest.raises(IllegalActionError):
        match.submit(CLAIM)  # the seat to move: a claim is not one of its actions
    assert CLAIM not in match.state.legal_actions()
    match.submit(CLAIM, 1)
    turn(match, (1,) * 6, (0,))
    assert match.state.donations == (None, 1, None, None)
    # seat 1 is active now; then seat 2 may claim from it, not seat 1 again ... play round 2 to seat 0's turn
    for _ in range(3):
        turn(match, (1,) * 6, (0,))
    s = match.state
    assert s.active == 0 and s.round == 2 and not s.claim_open and s.side_actions() == ()
    with pytest.raises(IllegalActionError):
        match.submit(CLAIM, 1)
    used = [False, True, False, False]
    assert s.view()["claim"] == {"eligible": 1, "open": False, "claimed": False, "used": used}


def test_a_claim_on_a_turn_with_no_gift_is_used_up():
    match = new_match(players=2)
    match.submit(CLAIM, 1)
    s = turn(match, (3,) * 6, tuple(range(6)))
    assert s.sheets[1][0].received == 0 and s.donations == (None, 1)


# --- rolls --------------------------------------------------------------------------------------------------
def test_roll_1_throws_all_six_later_rolls_any_non_empty_subset():
    match = new_match()
    s = match.state
    assert s.kind is NodeKind.DECISION and s.legal_actions() == (ROLL_ALL,)
    assert ROLL_ALL.dice == tuple(range(6))
    for bad in (Roll((0,)), STOP, Roll(()), Mark((0,))):
        with pytest.raises(IllegalActionError):
            match.submit(bad)
    match.submit(ROLL_ALL)
    s = match.state
    assert s.phase == "throw" and s.pending == tuple(range(6)) and s.to_move is None
    for i, v in enumerate((1, 2, 3, 4, 5, 6)):
        match.force(Face(v))
        assert match.state.dice[i] == v
    s = match.state
    assert s.rolls == 1 and s.phase == "roll" and s.dice == (1, 2, 3, 4, 5, 6)
    legal = s.legal_actions()
    assert len(legal) == 64 and STOP in legal and Roll(()) not in legal
    assert {a.dice for a in legal if isinstance(a, Roll)} == {
        d for r in range(1, 7) for d in itertools.combinations(range(6), r)
    }
    match.submit(Roll((1, 4)))
    s = match.state
    assert s.dice == (1, 0, 3, 4, 0, 6) and s.pending == (1, 4)
    assert s.view()["dice"][1] == {"die": 1, "value": None, "colour": None}
    match.force(Face(6))
    match.force(Face(6))
    s = match.state
    assert s.dice == (1, 6, 3, 4, 6, 6) and s.rolls == 2 and s.phase == "roll"
    assert s.view()["dice"][4] == {"die": 4, "value": 6, "colour": colour_of(4, 6)}
    throw(match, (2,) * 6, tuple(range(6)))  # roll 3 may throw all six again
    s = match.state
    assert s.rolls == 3 and s.phase == "mark" and s.dice == (2,) * 6
    assert STOP not in s.legal_actions() and not any(isinstance(a, Roll) for a in s.legal_actions())
    with pytest.raises(IllegalActionError):
        match.submit(Roll((0,)))  # no fourth roll


def test_stop_after_roll_1_or_2():
    match = new_match()
    throw(match, (4,) * 6)
    match.submit(STOP)
    assert match.state.phase == "mark" and match.state.rolls == 1
    match = new_match()
    throw(match, (4,) * 6)
    throw(match, (1, 2, 3, 4, 5, 6), (0, 1, 2))
    assert match.state.dice == (1, 2, 3, 4, 4, 4)
    match.submit(STOP)
    assert match.state.phase == "mark" and match.state.rolls == 2


def test_dice_outcomes_are_fair_faces():
    s = step(CharidiceState.initial(), ROLL_ALL)
    outcomes = s.chance_outcomes()
    assert [o.face for o, _ in outcomes] == [1, 2, 3, 4, 5, 6] and sum(p for _, p in outcomes) == 1
    with pytest.raises(IllegalActionError):
        step(s, Face(7))
    with pytest.raises(IllegalActionError):
        step(s, Face(0))


# --- the length of a game -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seven_rounds_of_one_turn_per_player(players):
    match = new_match(players=players)
    for t in range(ROUNDS * players):
        s = match.state
        assert s.phase == "roll" and s.turn == t and s.round == t // players + 1 and s.active == t % players
        assert s.view()["round"] == s.round and s.view()["active"] == s.active
        turn(match, (1,) * 6, (0,))
    s = match.state
    assert s.phase == "over" and s.kind is NodeKind.TERMINAL and s.round == ROUNDS
    assert s.view()["active"] is None and s.view()["claim"]["eligible"] is None
    rows = [row for sheet in s.sheets for row in sheet]
    assert all(row.marked == 1 and row.given == 5 and row.received == 5 for row in rows)
    # everybody gave 35: everybody gets the bonus, everybody ties
    assert s.scores() == (float(7 * (1 + 5) + 20),) * players and s.outcome().winners == tuple(range(players))
    with pytest.raises(IllegalActionError):
        match.submit(ROLL_ALL)


# --- the zero-marking variant -------------------------------------------------------------------------------
def test_zero_marking_variant_gives_all_six():
    match = new_match(marking="zero_allowed")
    throw(match, (1, 2, 3, 4, 5, 6))
    match.submit(STOP)
    legal = match.state.legal_actions()
    assert Mark(()) in legal and len(legal) == len(valid_masks((1, 2, 3, 4, 5, 6))) + 1
    match.submit_json({"type": "mark", "dice": []})
    s = match.state
    assert s.sheets[0][0] == Row(0, 0, None, 1 + 2 + 3 + 4 + 10 + 12) and s.sheets[1][0].received == 32
    assert s.last.marked == () and s.last.option is None


def test_default_rules_need_a_marked_die():
    match = new_match()
    throw(match, (1, 2, 3, 4, 5, 6))
    match.submit(STOP)
    assert Mark(()) not in match.state.legal_actions()


# --- options ------------------------------------------------------------------------------------------------
def test_options_defaults_and_round_trip():
    assert CharidiceOptions.from_json({}).to_json() == {
        "players": 3, "marking": "one_or_more", "donation_given": "doubled",
    }  # fmt: skip
    assert GAME.options_from_json(None) == CharidiceOptions()
    o = GAME.options_from_json({"players": 4, "marking": "zero_allowed", "donation_given": "undoubled"})
    assert o.zero_mark and GAME.options_from_json(GAME.options_to_json(o)) == o and GAME.num_players(o) == 4


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ({"players": 1}, "2 to 4 players"),
        ({"players": 5}, "2 to 4 players"),
        ({"players": True}, "2 to 4 players"),
        ({"players": "3"}, "2 to 4 players"),
        ({"players": 3.0}, "2 to 4 players"),
        ({"marking": "none"}, "marking must be one of"),
        ({"marking": None}, "marking must be one of"),
        ({"donation_given": "triple"}, "donation_given must be one of"),
        ({"colour": "red"}, "unknown Charidice option"),
        (["players", 3], "must be an object"),
        ("3", "must be an object"),
    ],
)
def test_bad_options_are_clear_value_errors(data, match):
    with pytest.raises(ValueError, match=match):
        GAME.options_from_json(data)


# --- saves of rules 1 (donation_given defaulted to "undoubled") --------------------------------------------
def donation_save(rules_version: int, options: dict | None) -> dict:
    """The save of a 3-player game in which Florian claimed and Marko gave 12: written by the engine, then
    given ``rules_version`` and these ``options`` (None: no "options" key at all)."""
    match = new_match(donation_given="undoubled")
    turn(match, (1,) * 6, (0,))
    turn(match, (1,) * 6, (0,))
    match.submit(CLAIM, FLORIAN)
    turn(match, donation_dice(), (2, 3, 4, 5))
    data = save.SavedGame(match, [save.Seat(name) for name in ("Florian", "Lena", "Marko")]).to_json()
    data["rules_version"] = rules_version
    if options is None:
        del data["options"]
    else:
        data["options"] = options
    return data


@pytest.mark.parametrize(
    ("rules_version", "options", "recorded", "giver_writes"),
    [
        (1, {"players": 3, "marking": "one_or_more", "donation_given": "undoubled"}, "undoubled", 12),
        (1, {"players": 3, "marking": "one_or_more", "donation_given": "doubled"}, "doubled", 24),
        (1, {"players": 3, "marking": "one_or_more"}, "undoubled", 12),  # relied on rules 1's default
        (1, {"players": 3}, "undoubled", 12),
        (1, None, "undoubled", 12),
        (2, {"players": 3, "marking": "one_or_more"}, "doubled", 24),  # rules 2's default
        (2, {"players": 3, "donation_given": "undoubled"}, "undoubled", 12),
    ],
)
def test_old_saves_keep_their_grande_donation_record(rules_version, options, recorded, giver_writes):
    loaded = save.from_json(donation_save(rules_version, options))
    state = loaded.match.state
    assert state.options.donation_given == recorded
    assert state.sheets[MARKO][0] == Row(4, 15, 5, giver_writes) and state.sheets[FLORIAN][0].received == 24
    written = loaded.to_json()
    assert written["rules_version"] == GAME.rules_version == 2
    assert written["options"]["donation_given"] == recorded  # every option written, so it stays
    again = save.loads(loaded.dumps())
    assert again.match.state == state


def test_an_old_save_with_bad_options_is_still_refused_as_such():
    with pytest.raises(save.SaveFormatError, match="bad options: they must be a JSON object"):
        save.from_json(donation_save(1, ["players", 3]))  # type: ignore[arg-type]
    with pytest.raises(save.SaveFormatError, match="donation_given must be one of"):
        save.from_json(donation_save(1, {"donation_given": "halved"}))


def test_the_upgrade_step_leaves_its_argument_alone():
    old = donation_save(1, {"players": 3})
    assert GAME.upgrade is not None
    new = GAME.upgrade(old, 1)
    assert new["options"] == {"players": 3, "donation_given": "undoubled"}
    assert old["options"] == {"players": 3}
    assert GAME.upgrade(old, 2) is old


# --- action JSON --------------------------------------------------------------------------------------------
def test_game_definition():
    assert registry.load("charidice") is GAME and GAME.codec is CODEC and GAME.rules_version == 2
    assert set(CODEC.tags) == {"face", "roll", "stop", "mark", "claim"}
    assert GAME.initial(CharidiceOptions()) == CharidiceState.initial()


@pytest.mark.parametrize(
    ("action", "data"),
    [
        (Face(4), {"type": "face", "face": 4}),
        (Roll((0, 1, 2, 3, 4, 5)), {"type": "roll", "dice": [0, 1, 2, 3, 4, 5]}),
        (Roll((2, 5)), {"type": "roll", "dice": [2, 5]}),
        (Stop(), {"type": "stop"}),
        (Mark((0, 3, 4, 5)), {"type": "mark", "dice": [0, 3, 4, 5]}),
        (Mark(()), {"type": "mark", "dice": []}),
        (Claim(), {"type": "claim"}),
    ],
)
def test_action_json_round_trip(action, data):
    assert CODEC.to_json(action) == data
    back = CODEC.from_json(json.loads(json.dumps(data)))
    assert back == action and type(back) is type(action) and hash(back)


@pytest.mark.parametrize(
    "data",
    [
        "roll",
        None,
        {"type": "throw"},
        {"type": "roll"},
        {"type": "roll", "dice": 3},
        {"type": "roll", "dice": ["1"]},
        {"type": "roll", "dice": [True]},
        {"type": "mark", "dice": [[0]]},
        {"type": "mark", "dice": [0], "extra": 1},
        {"type": "stop", "dice": []},
        {"type": "claim", "seat": 1},
        {"type": "face", "face": "6"},
    ],
)
def test_bad_action_json_is_refused(data):
    with pytest.raises(InvalidActionError):
        CODEC.from_json(data)


def test_json_actions_through_the_match():
    match = Match(GAME, CharidiceOptions(players=2), "json")
    match.submit_json({"type": "claim"}, 1)
    match.submit_json({"type": "roll", "dice": [0, 1, 2, 3, 4, 5]})
    for _ in range(6):
        match.force(CODEC.from_json({"type": "face", "face": 3}))
    for bad in (
        {"type": "roll", "dice": [1, 0]},  # not in order
        {"type": "roll", "dice": [0, 0]},
        {"type": "roll", "dice": [6]},
        {"type": "roll", "dice": []},
        {"type": "mark", "dice": [0]},  # not while rolling is open: stop first
    ):
        with pytest.raises(IllegalActionError):
            match.submit_json(bad)
    match.submit_json({"type": "stop"})
    with pytest.raises(IllegalActionError):
        match.submit_json({"type": "mark", "dice": [0, 0]})
    with pytest.raises(InvalidActionError):
        match.submit_json({"type": "mark", "dice": "012"})
    match.submit_json({"type": "mark", "dice": [0, 1, 2, 3, 4, 5]})
    s = match.state
    assert s.sheets[0][0] == Row(18, 60, None, 0) and s.donations == (None, 1)
    assert [e["by"] for e in match.log_json()][:2] == [1, 0]
    assert match.log_json()[0] == {"by": 1, "do": {"type": "claim"}}


def test_view_is_json_and_state_is_immutable():
    s = CharidiceState.initial()
    v = s.view()
    assert json.loads(json.dumps(v)) == v
    assert v["phase"] == "roll" and v["round"] == 1 and v["rounds"] == 7
    assert v["active"] == 0 and v["rolls"] == 0
    assert v["claim"] == {"eligible": 1, "open": True, "claimed": False, "used": [False, False, False]}
    assert v["last"] is None and v["winners"] == [] and not v["over"] and v["scores"] == [0, 0, 0]
    assert len(v["sheets"]) == 3 and v["sheets"][0]["rows"][0] == {
        "marked": None, "bonus": None, "received": None, "given": None,
    }  # fmt: skip
    with pytest.raises(AttributeError):
        s.turn = 3  # type: ignore[misc]
    assert hash(s) == hash(CharidiceState.initial())


def test_the_save_format_example_replays_to_its_view():
    """docs/save-format.md: the Charidice save loads, and its view is the one printed there."""
    import pathlib
    import re

    from dicehall.core import save

    text = (pathlib.Path(__file__).parents[3] / "docs" / "save-format.md").read_text(encoding="utf-8")
    section = text[text.index("## Charidice") :]
    blocks = re.findall(r"```json\n(.*?)```", section, re.S)
    loaded = save.loads(blocks[0])
    v = loaded.match.state.view()
    assert loaded.match.state.turn == 2 and v["active"] == 2 and v["rolls"] == 1
    assert v["last"] == json.loads(re.search(r'"last": (\{.*?\}),\n  "scores"', blocks[1], re.S).group(1))
    assert v["scores"] == [10, 16, 30]
    assert v["claim"] == {"eligible": 0, "open": True, "claimed": False, "used": [False, False, True]}
    assert [s["donation_round"] for s in v["sheets"]] == [None, None, 1] and v["given_leader"] == [1]
    assert loaded.match.state.options.donation_given == "doubled"  # the default: Marko writes 30 too
    assert [s["totals"]["given"] for s in v["sheets"]] == [4, 30, 0]
    assert json.loads(loaded.dumps()) == json.loads(blocks[0])  # written as documented (rules 2)
