"""Learn to play: a game's tutorial as data, and the one player that runs any of them over the real rules.

A tutorial (``Tutorial``, in ``games/<id>/tutorial.py``, named by the spec's ``tutorial`` field) is a short
game against the computer on the real board, with a coach:

- **the start**: the options, the computers' levels (the learner is always seat 0), a seed, and a
  ``prelude``: log entries played before the first step, so that the lesson opens on a prepared position
  (a save's log would hold the same entries);
- **the dice**: fixed per *situation*, as the daily challenge draws them (docs/challenge.md): the game's
  ``situation(state)`` names each chance node ("round 2/seat 0/roll 1") and ``dice`` gives its outcome; a
  situation the tutorial does not list draws from a generator seeded by the tutorial and the situation
  alone. Whatever the learner does where any move will do, the same situation meets the same dice;
- **the steps**, in order. A step says what the coach's bubble points at (``anchor``: a name the game's
  scene resolves to a rect on the canvas, ``anchor(name)``), the key of its words (``texts``: French and
  English) and what it awaits: ``CONTINUE`` (the learner reads and goes on), ``Roll(situation)`` (the
  learner stops their own dice at that situation), ``ANY`` (any legal move: it is played and, with a
  ``comment``, commented) or one action (another legal one is refused with the step's ``refusal`` words
  and not played). ``before`` lists the computers' moves played before the step is shown (``(seat,
  action)``, side actions included), the dice between them landing by themselves (``LAND``: one more die
  lands after the last of them, before the bubble); a ``CONTINUE`` step
  with ``settle`` is shown once the game has played on to the next step's moment (or the learner's decision).

``TutorialPlayer`` runs a tutorial over a table, a ``core.match.Match`` or the app's session around one: it
says which step is current, what the game plays next before the learner is asked (a fixed die, a scripted
computer move, or, where the script says nothing, the computer's own agent), and accepts or refuses the
learner's moves with the reason. It holds no picture and no text of the shell: the app shows its bubble.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from dicehall.core import registry
from dicehall.core.chance import sample
from dicehall.core.errors import UnknownGameError
from dicehall.core.match import CHANCE, LogEntry, Match
from dicehall.core.protocol import NodeKind, side_actions

LEARNER = 0  # the learner's seat in every tutorial
CONTINUE = "continue"  # a step that awaits "Continue": the coach speaks, the game waits
ANY = "any"  # a step where any legal move of the learner will do: it is played (and commented)
LAND = (CHANCE, None)  # in a step's ``before``: one die lands here (the dice between moves land by themselves)
Pair = tuple[str, str]  # (French, English)
Comment = Callable[[Any, Any, Any], tuple[str, dict[str, Any]]]  # (before, action, after) -> (key, fields)


@dataclass(frozen=True, slots=True)
class Roll:
    """What a step awaits: the learner stops their own dice, the chance node named ``situation`` (Paradice,
    Indecix: the dice spin until the player stops them)."""

    situation: str


@dataclass(frozen=True, slots=True)
class Step:
    """One moment of the lesson: see the module. ``awaits`` is ``CONTINUE``, ``ANY``, a ``Roll`` or the one
    action the lesson needs; ``refusal`` the key of the words refusing another one ("Pas cette fois : …
    parce que …"); ``comment`` the key of the words after an ``ANY`` move, or a function of (state before,
    action, state after) giving the key and the fields of its words."""

    text: str
    anchor: str | None = None
    awaits: Any = CONTINUE
    refusal: str | None = None
    comment: str | Comment | None = None
    before: tuple[tuple[int | str, Any], ...] = ()
    settle: bool = False  # a CONTINUE step: first play on to the next step's moment (dice, computers)

    @property
    def one(self) -> bool:
        """The step awaits one particular action of the learner."""
        return self.awaits is not CONTINUE and self.awaits is not ANY and not isinstance(self.awaits, Roll)


@dataclass(frozen=True, slots=True)
class Tutorial:
    """A game's tutorial (see the module). ``options``: the options as JSON; ``levels``: the computers' levels,
    seats 1, 2, …; ``texts``: key -> (French, English), with ``{fields}`` where a comment fills them; ``names``:
    the computers' names when the texts name them."""

    game: str
    options: Mapping[str, Any]
    levels: tuple[str, ...]
    seed: str
    steps: tuple[Step, ...]
    texts: Mapping[str, Pair]
    prelude: tuple[tuple[int | str, Any], ...] = ()
    dice: Mapping[str, Any] = field(default_factory=dict)
    situation: Callable[[Any], str] | None = None  # None: the game's challenge module's
    names: tuple[Pair, ...] = ()  # the computers' names, seats 1, 2, … (the texts speak of them); () the game's

    @property
    def players(self) -> int:
        return 1 + len(self.levels)

    def text(self, key: str, lang: str, **fields: Any) -> str:
        """The words of ``key`` in ``lang`` ("fr" or "en"), the fields filled; the coach's own words (``COACH``)
        for the keys every tutorial shares."""
        pair = self.texts.get(key) or COACH[key]
        words = pair[0] if lang == "fr" else pair[1]
        return words.format(**fields) if fields else words

    def situation_of(self, state: Any) -> str:
        """The situation of the chance node ``state`` (the tutorial's own naming, else the challenge's)."""
        if self.situation is not None:
            return self.situation(state)
        spec = registry.info(self.game)
        module = spec.part("challenge")
        if module is None:
            raise UnknownGameError(f"{self.game}: a tutorial needs a situation() for its dice")
        name: str = module.situation(state)
        return name

    def outcome(self, state: Any) -> Any:
        """The fixed outcome of the chance node ``state``: the tutorial's for its situation, else one drawn from
        a generator seeded by the tutorial and the situation alone."""
        key = self.situation_of(state)
        if key in self.dice:
            return self.dice[key]
        return sample(state.chance_outcomes(), random.Random(f"tutorial/{self.game}/{self.seed}/{key}"))

    def new_match(self) -> Match:
        """The match the lesson opens on: the options, the seed and the prelude played through the rules.

        :raises IllegalActionError: the prelude does not fit the rules (a test catches it)."""
        game = registry.load(self.game)
        match = Match(game, game.options_from_json(dict(self.options)), self.seed)
        for by, action in self.prelude:
            match.apply_entry(LogEntry(by, action))
        return match

    def anchors(self) -> tuple[str, ...]:
        """Every anchor its steps name, once each, in order: what the game's scene must resolve."""
        seen: dict[str, None] = {}
        for step in self.steps:
            if step.anchor is not None:
                seen.setdefault(step.anchor, None)
        return tuple(seen)


# The coach's own words, shared by every tutorial.
COACH: dict[str, Pair] = {
    "coach_wait": (
        "Un instant : la partie joue d'abord ce qui vient avant votre coup.",
        "One moment: the game first plays what comes before your move.",
    ),
    "coach_continue": (
        "Lisez la bulle, puis appuyez sur « Continuer ».",
        "Read the bubble, then press “Continue”.",
    ),
    "coach_roll": (
        "Pas cette fois : arrêtez d'abord vos dés, parce que la leçon commence par le lancer.",
        "Not this time: stop your dice first, because the lesson starts with the roll.",
    ),
    "coach_illegal": (
        "Ce coup n'est pas permis ici.",
        "That move is not allowed here.",
    ),
    "coach_refused": (
        "Pas cette fois : la leçon attend un autre coup, parce qu'elle montre une règle précise.",
        "Not this time: the lesson awaits another move, because it shows one rule.",
    ),
}


class Table(Protocol):
    """What a tutorial plays on: a ``Match``, or the app's session around one (which shows each entry)."""

    @property
    def state(self) -> Any: ...

    def force(self, outcome: Any) -> LogEntry: ...

    def submit(self, action: Any, seat: int | None = None) -> LogEntry: ...


class TutorialError(Exception):
    """The script does not fit the position (a computer's move or the awaited action is not legal there):
    a mistake in a tutorial, which its tests find."""


@dataclass(frozen=True, slots=True)
class Move:
    """What the game plays next before the current step is shown: ``kind`` "dice" (``outcome``), "computer"
    (``seat`` plays ``action``, scripted) or "agent" (``seat``'s own computer player decides: the script
    says nothing here)."""

    kind: str
    seat: int | None = None
    action: Any = None


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to a move the learner offers: played or not, and the key of the coach's words."""

    accepted: bool
    text: str | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)


def learner_actions(state: Any) -> tuple[Any, ...]:
    """What the learner may play now: their decisions when they are to move, and the side actions open to them."""
    if state.kind is not NodeKind.DECISION:
        return ()
    own = tuple(state.legal_actions()) if state.to_move == LEARNER else ()
    return own + tuple(action for seat, action in side_actions(state) if seat == LEARNER)


class TutorialPlayer:
    """Runs ``tutorial`` over ``table`` (see the module). ``index`` is the current step; ``comment`` the words
    commenting the learner's last move (an ``ANY`` step's), shown before the next step; ``agent_moves``
    counts the computers' moves the script left to their agents."""

    def __init__(self, tutorial: Tutorial, table: Table, progress: Mapping[str, Any] | None = None) -> None:
        self.tutorial, self.table = tutorial, table
        self.index = 0
        self.played = 0  # the current step's ``before`` moves played so far
        self.comment: tuple[str, dict[str, Any]] | None = None
        # A ``Roll`` step's dice landed but still on show as the learner stops them (``roll(confirm=False)``)
        self.landed = False
        self.agent_moves = 0
        self.dice_met: set[str] = set()  # the listed situations met (the tests check none is dead)
        if progress:
            self.index = int(progress.get("step", 0))
            self.played = int(progress.get("played", 0))
            said = progress.get("comment")
            self.comment = (str(said[0]), dict(said[1])) if said else None
            self.landed = bool(progress.get("landed"))

    # --- where the lesson is ------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.tutorial.steps[self.index]

    def progress(self) -> dict[str, Any]:
        """What resuming needs besides the match's log (JSON)."""
        return {
            "step": self.index,
            "played": self.played,
            "comment": list(self.comment) if self.comment else None,
            "landed": self.landed,
        }

    def showing(self) -> bool:
        """The current bubble is up: the coach waits for the learner (to read, to roll, to play)."""
        return not self.done and self.next_move() is None

    def words(self, lang: str) -> str:
        """The current bubble's words ("" once the lesson is over)."""
        if self.comment is not None:
            return self.tutorial.text(self.comment[0], lang, **self.comment[1])
        step = self.step
        return "" if step is None else self.tutorial.text(step.text, lang)

    def anchor(self) -> str | None:
        """What the current bubble points at (the comment speaks of the step's own anchor)."""
        step = self.step
        return None if step is None else step.anchor

    # --- what the game plays before the learner is asked -----------------------------------------------
    def next_move(self) -> Move | None:
        """The next entry the game plays before the current bubble shows; None while it shows (or at the end).

        :raises TutorialError: the learner is to decide but the step awaits the learner's dice."""
        step = self.step
        if step is None or self.comment is not None or self.landed:
            return None
        state = self.table.state
        if state.kind is NodeKind.TERMINAL:
            return None
        if self.played < len(step.before):
            if state.kind is NodeKind.CHANCE:
                return Move("dice", action=self.tutorial.outcome(state))
            seat, action = step.before[self.played]
            if seat == CHANCE:
                raise TutorialError(f"step {self.index} ({step.text}): no die to land before it")
            return Move("computer", int(seat), action)
        awaits = step.awaits
        if awaits is CONTINUE and not step.settle:
            return None
        if awaits is CONTINUE and self._next_ready(state):
            return None
        if state.kind is NodeKind.CHANCE:
            if isinstance(awaits, Roll) and self.tutorial.situation_of(state) == awaits.situation:
                return None
            return Move("dice", action=self.tutorial.outcome(state))
        if isinstance(awaits, Roll):
            if state.to_move == LEARNER:
                raise TutorialError(f"step {self.index} ({step.text}): awaits the dice of {awaits.situation}")
            return Move("agent", state.to_move)
        mine = learner_actions(state)
        if state.to_move == LEARNER and (awaits is ANY or awaits is CONTINUE):
            return None
        if awaits is not ANY and awaits in mine:
            return None
        if state.to_move == LEARNER:
            raise TutorialError(f"step {self.index} ({step.text}): {awaits!r} is not legal for the learner here")
        return Move("agent", state.to_move)

    def _next_ready(self, state: Any) -> bool:
        """A ``settle`` step has played on far enough: the next step's own moment has come (its dice at their
        situation, its action open to the learner), or the learner is to decide."""
        if state.kind is NodeKind.DECISION and state.to_move == LEARNER:
            return True
        following = self.tutorial.steps[self.index + 1] if self.index + 1 < len(self.tutorial.steps) else None
        if following is None or following.before:
            return False
        awaits = following.awaits
        if isinstance(awaits, Roll):
            return state.kind is NodeKind.CHANCE and self.tutorial.situation_of(state) == awaits.situation
        return awaits is not ANY and awaits is not CONTINUE and awaits in learner_actions(state)

    def play_next(self) -> LogEntry | None:
        """Play ``next_move()`` if it is a die or a scripted move; None when there is nothing to play or an agent
        must decide (the caller asks it: the app's session thinks in slices, ``play_agent`` at once).

        :raises TutorialError: the scripted move is not legal here."""
        move = self.next_move()
        if move is None or move.kind == "agent":
            return None
        if move.kind == "dice":
            step = self.step
            assert step is not None
            if self.played < len(step.before) and step.before[self.played] == LAND:
                self.played += 1
            return self._force(move.action)
        assert move.seat is not None
        try:
            entry = self.table.submit(move.action, move.seat)
        except Exception as error:  # noqa: BLE001 - the rules' refusal, said as the script's mistake
            raise TutorialError(f"step {self.index}: seat {move.seat} cannot play {move.action!r}: {error}") from None
        self.played += 1
        return entry

    def agent_played(self) -> None:
        """A computer's own agent played the move ``next_move`` left to it (counted: the tests want none on the
        path the lesson teaches)."""
        self.agent_moves += 1

    def _force(self, outcome: Any) -> LogEntry:
        key = self.tutorial.situation_of(self.table.state)
        if key in self.tutorial.dice:
            self.dice_met.add(key)
        return self.table.force(outcome)

    # --- the learner -------------------------------------------------------------------------------------
    def offer(self, action: Any) -> Verdict:
        """The learner plays ``action``: played if the current step takes it, else refused with the reason
        (and nothing changes)."""
        step = self.step
        if step is None:
            return Verdict(False, "coach_wait")
        if not self.showing():
            return Verdict(False, "coach_wait")
        if self.comment is not None or step.awaits is CONTINUE:
            return Verdict(False, "coach_continue")
        if isinstance(step.awaits, Roll):
            return Verdict(False, "coach_roll")
        state = self.table.state
        mine = learner_actions(state)
        if action not in mine:
            return Verdict(False, "coach_illegal")
        if step.awaits is not ANY and action != step.awaits:
            return Verdict(False, step.refusal or "coach_refused")
        side = state.to_move != LEARNER
        self.table.submit(action, LEARNER if side else None)
        self._commented(step, state, action)
        self._next()
        return Verdict(True)

    def roll(self, confirm: bool = True) -> LogEntry | None:
        """The learner's dice (a ``Roll`` step) land on the fixed outcome; None if no such step is showing. With
        ``confirm`` False the step stays until ``confirm_roll``: a screen that shows the dice spinning after they
        have landed (Indecix) moves on once the learner has stopped them."""
        step = self.step
        if step is None or not isinstance(step.awaits, Roll) or self.landed or not self.showing():
            return None
        entry = self._force(self.tutorial.outcome(self.table.state))
        if confirm:
            self._next()
        else:
            self.landed = True
        return entry

    def confirm_roll(self) -> bool:
        """The learner has stopped the dice that landed (``roll(confirm=False)``): the lesson goes on."""
        if not self.landed:
            return False
        self._next()
        return True

    def proceed(self) -> bool:
        """ "Continue": past a comment, or past a ``CONTINUE`` step that is showing. False if the coach awaits
        something else."""
        if self.comment is not None:
            self.comment = None
            return True
        step = self.step
        if step is None or step.awaits is not CONTINUE or not self.showing():
            return False
        self._next()
        return True

    def skip(self) -> None:
        """Leave the lesson here: it is over."""
        self.index, self.played, self.comment, self.landed = len(self.tutorial.steps), 0, None, False

    def _commented(self, step: Step, before: Any, action: Any) -> None:
        said = step.comment
        if said is None:
            return
        if isinstance(said, str):
            self.comment = (said, {})
        else:
            key, fields = said(before, action, self.table.state)
            self.comment = (key, dict(fields))

    def _next(self) -> None:
        self.index += 1
        self.played, self.landed = 0, False


def load(game_id: str) -> Tutorial | None:
    """The game's tutorial (its spec's ``tutorial`` module's ``TUTORIAL``), or None: it has none, or there is
    no such game."""
    try:
        spec = registry.info(game_id)
    except UnknownGameError:
        return None
    module = spec.part("tutorial")
    found: Tutorial | None = None if module is None else module.TUTORIAL
    return found


def available(game_id: str) -> bool:
    """The game declares a tutorial (read from its spec: no rules imported)."""
    try:
        return registry.info(game_id).tutorial is not None
    except UnknownGameError:
        return False


def play_agent(player: TutorialPlayer) -> LogEntry:
    """Let the seat ``next_move`` names decide with its own computer player, at once (tests, the command line:
    the app's session thinks in slices instead). Its generator is seeded as the session seeds it."""
    move = player.next_move()
    assert move is not None and move.kind == "agent" and move.seat is not None
    tutorial, table = player.tutorial, player.table
    game = registry.load(tutorial.game)
    level = tutorial.levels[move.seat - 1]
    agent = game.make_agent(level, move.seat, random.Random(f"{tutorial.seed}/agent/{move.seat}"))
    agent.start(table.state)
    while not agent.think(1.0):
        pass
    entry = table.submit(agent.choose(), move.seat)
    player.agent_played()
    return entry


def run_to_step(player: TutorialPlayer, max_moves: int = 10_000) -> None:
    """Play everything before the current bubble (dice, scripted moves, agents), as the app does frame by frame."""
    for _ in range(max_moves):
        move = player.next_move()
        if move is None:
            return
        if move.kind == "agent":
            play_agent(player)
        else:
            player.play_next()
    raise TutorialError(f"step {player.index}: the game never reaches the bubble")


def play_through(
    tutorial: Tutorial, pick: Callable[[TutorialPlayer, Any], Any] | None = None
) -> tuple[TutorialPlayer, Match]:
    """Run the whole lesson on a new match: each step's awaited action (or, for ``ANY``, ``pick(player,
    state)``, by default the first legal move), every roll stopped, every "Continue" pressed. Returns the
    player (its counts) and the match. ``CHANCE`` entries are the log's dice, as in a save.

    :raises TutorialError: a step does not fit its position."""
    match = tutorial.new_match()
    player = TutorialPlayer(tutorial, match)
    while not player.done:
        run_to_step(player)
        if player.done:
            break
        if player.comment is not None or (player.step is not None and player.step.awaits is CONTINUE):
            player.proceed()
            continue
        step = player.step
        assert step is not None
        if isinstance(step.awaits, Roll):
            player.roll()
            continue
        state = match.state
        if step.awaits is ANY:
            action = pick(player, state) if pick else learner_actions(state)[0]
        else:
            action = step.awaits
        verdict = player.offer(action)
        if not verdict.accepted:
            raise TutorialError(f"step {player.index} ({step.text}): {action!r} refused ({verdict.text})")
        if match.state.kind is NodeKind.TERMINAL and not player.done and player.next_move() is None:
            if player.comment is not None:
                player.proceed()
            if not player.done and player.step is not None and player.step.awaits is not CONTINUE:
                raise TutorialError(f"step {player.index}: the game is over before the lesson")
    return player, match


__all__ = [
    "ANY",
    "CHANCE",
    "COACH",
    "CONTINUE",
    "LAND",
    "LEARNER",
    "Move",
    "Roll",
    "Step",
    "Table",
    "Tutorial",
    "TutorialError",
    "TutorialPlayer",
    "Verdict",
    "available",
    "learner_actions",
    "load",
    "play_agent",
    "play_through",
    "run_to_step",
]
