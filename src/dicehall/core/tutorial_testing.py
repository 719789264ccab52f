"""The checks every game's tutorial passes (each game's tests call ``check_all``), and ``walk``, which gives
each step's position so that a game's test can say what its texts promise. Part of the package, as
core/testing.py is, so that every game's tests can call it; not used at run time.

- the lesson runs to its end by the awaited moves, every roll stopped, every "Continue" pressed, with no
  computer left to its agent and every listed die met; the match is a real one (a save of it replays) and
  is not over at the end (the lesson never finishes a game: no statistics to keep out);
- on each step that awaits one move, every other legal move is refused with the step's reason and changes
  nothing; where any move will do, every move is played, commented, and the lesson still runs to its end;
- every text the steps name exists in French and English, and the refusals say "Pas cette fois" / "Not this
  time".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.core import tutorial as tut
from dicehall.core.match import Match
from dicehall.core.protocol import NodeKind
from dicehall.core.tutorial import ANY, CONTINUE, Roll, Step, Tutorial, TutorialPlayer


@dataclass
class Moment:
    """A step of the lesson as the learner meets it: the position when its bubble shows, and after it."""

    index: int
    step: Step
    shown: Any
    after: Any = None


def walk(tutorial: Tutorial) -> list[Moment]:
    """The lesson played by the awaited moves: each step's position when shown and once done."""
    match = tutorial.new_match()
    player = TutorialPlayer(tutorial, match)
    moments: list[Moment] = []
    while not player.done:
        tut.run_to_step(player)
        if player.done:
            break
        if player.comment is not None:
            player.proceed()
            continue
        step = player.step
        assert step is not None
        moment = Moment(player.index, step, match.state)
        moments.append(moment)
        if step.awaits is CONTINUE:
            assert player.proceed()
        elif isinstance(step.awaits, Roll):
            assert player.roll() is not None
        else:
            action = tut.learner_actions(match.state)[0] if step.awaits is ANY else step.awaits
            verdict = player.offer(action)
            assert verdict.accepted, f"step {player.index} ({step.text}): {verdict}"
        moment.after = match.state
    return moments


def by_text(moments: list[Moment], key: str) -> Moment:
    found = [m for m in moments if m.step.text == key]
    assert len(found) == 1, key
    return found[0]


def check_runs_to_its_end(tutorial: Tutorial) -> tuple[TutorialPlayer, Match]:
    player, match = tut.play_through(tutorial)
    assert player.done
    assert player.agent_moves == 0, "a computer decided by itself on the lesson's path: script it"
    assert player.dice_met == set(tutorial.dice), f"dice never met: {sorted(set(tutorial.dice) - player.dice_met)}"
    assert match.state.kind is not NodeKind.TERMINAL, "the lesson must not finish the game"
    again = Match(match.game, match.options, match.seed)
    for entry in match.log:
        again.apply_entry(entry)
    assert again.state == match.state
    return player, match


def check_refusals(tutorial: Tutorial) -> int:
    """Each one-move step refuses every other legal move, with its reason, and plays nothing; returns how many
    refusals were tried."""
    match = tutorial.new_match()
    player = TutorialPlayer(tutorial, match)
    tried = 0
    while not player.done:
        tut.run_to_step(player)
        if player.done:
            break
        step = player.step
        assert step is not None
        if player.comment is not None or step.awaits is CONTINUE:
            player.proceed()
            continue
        if isinstance(step.awaits, Roll):
            assert player.offer(object()).text == "coach_roll"
            player.roll()
            continue
        if step.awaits is not ANY:
            ply, index = match.ply, player.index
            for other in tut.learner_actions(match.state):
                if other == step.awaits:
                    continue
                verdict = player.offer(other)
                assert not verdict.accepted and verdict.text == step.refusal, (step.text, other, verdict)
                assert match.ply == ply and player.index == index
                tried += 1
            assert player.offer(step.awaits).accepted
        else:
            player.offer(tut.learner_actions(match.state)[0])
    return tried


def check_any_steps(tutorial: Tutorial) -> int:
    """Every move of every ``ANY`` step is played and commented, and the lesson still runs to its end;
    returns how many runs were made."""
    runs = 0
    any_steps = [i for i, step in enumerate(tutorial.steps) if step.awaits is ANY]
    for index in any_steps:
        choice = 0
        while True:
            picked: list[Any] = []

            def pick(player: TutorialPlayer, state: Any, index: int = index, choice: int = choice) -> Any:
                moves = tut.learner_actions(state)
                move = moves[choice] if player.index == index else moves[0]
                if player.index == index:
                    picked.append((choice, len(moves)))
                return move

            player, match = tut.play_through(tutorial, pick)
            runs += 1
            assert player.done and match.state.kind is not NodeKind.TERMINAL
            assert picked, "the ANY step was never reached"
            if choice + 1 >= picked[0][1]:
                break
            choice += 1
    return runs


def check_texts(tutorial: Tutorial) -> None:
    keys = set()
    for step in tutorial.steps:
        keys.add(step.text)
        if step.refusal:
            keys.add(step.refusal)
        if isinstance(step.comment, str):
            keys.add(step.comment)
    for key in keys:
        assert key in tutorial.texts, f"no text {key!r}"
    for key, (fr, en) in tutorial.texts.items():
        assert fr.strip() and en.strip() and fr != en, key
        if key.endswith("_no"):
            assert fr.startswith("Pas cette fois : ") and "parce qu" in fr, key
            assert en.startswith("Not this time: ") and "because" in en, key
    unused = set(tutorial.texts) - keys
    commented = [step for step in tutorial.steps if callable(step.comment)]
    assert not unused or commented, f"texts no step names: {sorted(unused)}"


def check_all(tutorial: Tutorial) -> None:
    check_texts(tutorial)
    check_runs_to_its_end(tutorial)
    check_refusals(tutorial)
    check_any_steps(tutorial)
