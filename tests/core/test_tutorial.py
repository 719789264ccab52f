"""The tutorial player (core/tutorial.py) on the toy game: steps, fixed dice, scripted computers, refusals,
comments, progress, and the mistakes of a script found before a learner meets them."""

from __future__ import annotations

from typing import Any

import pytest

from dicehall.core import tutorial as tut
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.core.tutorial import ANY, Roll, Step, Tutorial, TutorialError, TutorialPlayer

from .toygame import Die, Hold
from .toygame import Roll as RollAgain


def situation(state: Any) -> str:
    """Pig's dice named by the seat rolling and its points so far: enough for a toy."""
    return f"seat {state.player}/banked {state.banked[state.player]}/total {state.turn_total}"


TEXTS = {
    "hello": ("Bonjour", "Hello"),
    "roll": ("Relancez", "Roll again"),
    "roll_no": (
        "Pas cette fois : relancez, parce que 4 ne suffit pas.",
        "Not this time: roll, because 4 is not enough.",
    ),
    "hold": ("Gardez", "Hold"),
    "free": ("Comme vous voulez", "As you like"),
    "said": ("Joué : {what}", "Played: {what}"),
    "bye": ("Au revoir", "Goodbye"),
}


def lesson(**changes: Any) -> Tutorial:
    """Seat 0 rolls a 4 (the prelude), must roll again (a 5), holds 9; the computer rolls a 6 and holds
    (scripted); then seat 0 does as it likes, and a comment says what."""
    fields: dict[str, Any] = {
        "game": "pig",
        "options": {"players": 2, "target": 20},
        "levels": ("normal",),
        "seed": "test",
        "prelude": ((0, RollAgain()), ("chance", Die(4))),
        "dice": {"seat 0/banked 0/total 4": Die(5), "seat 1/banked 0/total 0": Die(6)},
        "situation": situation,
        "texts": TEXTS,
        "steps": (
            Step("hello", "board"),
            Step("roll", "button:roll", RollAgain(), refusal="roll_no"),
            Step("hold", "button:hold", Hold()),
            Step(
                "free",
                None,
                ANY,
                comment=lambda before, action, after: ("said", {"what": type(action).__name__}),
                before=((1, RollAgain()), (1, Hold())),
            ),
            Step("bye"),
        ),
    }
    fields.update(changes)
    return Tutorial(**fields)


def test_the_lesson_opens_on_its_prelude_and_waits_for_continue() -> None:
    match = lesson().new_match()
    player = TutorialPlayer(lesson(), match)
    assert match.state.turn_total == 4 and match.ply == 2
    assert player.showing() and player.step is not None and player.step.text == "hello"
    assert player.words("fr") == "Bonjour" and player.words("en") == "Hello" and player.anchor() == "board"
    assert player.offer(RollAgain()) == tut.Verdict(False, "coach_continue")  # the coach speaks first
    assert match.ply == 2
    assert player.proceed() and player.index == 1


def test_another_legal_move_is_refused_with_its_reason_and_not_played() -> None:
    match = lesson().new_match()
    player = TutorialPlayer(lesson(), match)
    player.proceed()
    verdict = player.offer(Hold())
    assert not verdict.accepted and verdict.text == "roll_no"
    assert lesson().text("roll_no", "fr").startswith("Pas cette fois : ")
    assert match.ply == 2 and player.index == 1
    assert player.offer(RollAgain()).accepted and player.index == 2


def test_the_dice_are_fixed_by_situation_and_the_computers_play_their_script() -> None:
    player, match = tut.play_through(lesson())
    faces = [entry.action.face for entry in match.log if entry.by == "chance"]
    assert faces[:3] == [4, 5, 6]  # the prelude's, then the situations listed
    assert match.state.banked[:2] == (9, 6)
    assert player.done and player.agent_moves == 0
    assert player.dice_met == set(lesson().dice)


def test_any_move_is_played_and_commented() -> None:
    tutorial = lesson()
    player = TutorialPlayer(tutorial, tutorial.new_match())
    while player.step is not None and player.step.awaits is not ANY:
        tut.run_to_step(player)
        if player.step.awaits is tut.CONTINUE:
            player.proceed()
        else:
            assert player.offer(player.step.awaits).accepted
    tut.run_to_step(player)
    assert player.showing() and player.table.state.to_move == 0
    assert player.offer(RollAgain()).accepted
    assert player.words("en") == "Played: Roll" and player.step is not None and player.step.text == "bye"
    assert player.offer(Hold()).text == "coach_continue"  # the comment is read first
    assert player.proceed() and player.words("en") == "Goodbye"


def test_what_the_script_leaves_out_the_agent_plays_and_it_is_counted() -> None:
    steps = lesson().steps
    unscripted = lesson(steps=steps[:3] + (Step("free", None, ANY),))
    player, match = tut.play_through(unscripted)
    assert player.agent_moves >= 1
    assert any(entry.by == 1 for entry in match.log)


def test_a_roll_step_waits_for_the_learners_dice() -> None:
    tutorial = lesson(
        prelude=((0, RollAgain()),),
        dice={"seat 0/banked 0/total 0": Die(3)},
        steps=(Step("hello", "dice", Roll("seat 0/banked 0/total 0")), Step("bye")),
    )
    match = tutorial.new_match()
    player = TutorialPlayer(tutorial, match)
    assert player.showing() and match.state.kind is NodeKind.CHANCE
    assert player.offer(RollAgain()).text == "coach_roll"
    entry = player.roll()
    assert entry is not None and entry.action == Die(3) and player.index == 1


def test_progress_resumes_where_the_lesson_was_left() -> None:
    tutorial = lesson()
    match = tutorial.new_match()
    player = TutorialPlayer(tutorial, match)
    player.proceed()
    player.offer(RollAgain())
    tut.run_to_step(player)
    saved = player.progress()
    again = TutorialPlayer(tutorial, match, saved)
    assert again.index == player.index == 2 and again.words("en") == "Hold"


def test_skip_ends_the_lesson() -> None:
    player = TutorialPlayer(lesson(), lesson().new_match())
    player.skip()
    assert player.done and player.step is None and player.words("fr") == "" and not player.showing()


def test_a_script_that_does_not_fit_its_position_is_an_error() -> None:
    wrong = lesson(steps=(Step("hold", None, Hold()),))  # after a 4 the learner may hold: fine
    tut.play_through(wrong)
    illegal = lesson(steps=(Step("free", None, ANY, before=((1, Hold()),)),))  # seat 1 is not to move
    player = TutorialPlayer(illegal, illegal.new_match())
    with pytest.raises(TutorialError):
        player.play_next()
    unreachable = lesson(prelude=(), steps=(Step("hold", None, Hold()),))  # nothing to hold before a roll
    with pytest.raises(TutorialError):
        tut.run_to_step(TutorialPlayer(unreachable, unreachable.new_match()))


def test_the_match_is_a_real_match_a_save_would_replay() -> None:
    _, match = tut.play_through(lesson())
    again = Match(match.game, match.options, match.seed)
    for entry in match.log:
        again.apply_entry(entry)
    assert again.state == match.state


def test_anchors_are_listed_once_in_order() -> None:
    assert lesson().anchors() == ("board", "button:roll", "button:hold")


def test_the_coachs_own_words_exist_in_both_languages() -> None:
    for key, (fr, en) in tut.COACH.items():
        assert fr and en and fr != en, key


def test_land_lets_a_die_fall_before_the_bubble() -> None:
    tutorial = lesson(
        steps=(
            Step("hello"),
            Step("roll", None, RollAgain(), before=()),
            Step("hold", None, Hold()),
            Step("bye", None, before=((1, RollAgain()), tut.LAND)),
        )
    )
    player, match = tut.play_through(tutorial)
    assert match.state.kind is NodeKind.DECISION and match.state.player == 1 and match.state.turn_total == 6


def test_dice_that_land_before_the_learner_stops_them_wait_for_the_confirmation() -> None:
    tutorial = lesson(
        prelude=((0, RollAgain()),),
        dice={"seat 0/banked 0/total 0": Die(3)},
        steps=(Step("hello", "dice", Roll("seat 0/banked 0/total 0")), Step("bye")),
    )
    match = tutorial.new_match()
    player = TutorialPlayer(tutorial, match)
    assert player.roll(confirm=False) is not None
    assert player.landed and player.index == 0 and player.showing() and player.next_move() is None
    assert player.roll() is None  # landed once
    again = TutorialPlayer(tutorial, match, player.progress())
    assert again.landed
    assert player.confirm_roll() and player.index == 1 and not player.landed
