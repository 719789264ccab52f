"""Learn to play (issue 29) in the app: a game's tutorial (core/tutorial.py, declared by its spec) played on the
real screen, with the coach's bubble.

- ``LessonSession`` is the lesson's session: its ``TutorialPlayer`` decides what the dice and the computers play
  (``busy`` and ``advance``, which the pace calls as for any game: one step when the screen is ready) and what
  the learner's moves do (``submit``: played, or refused with the reason and not played). The learner's own dice
  (Paradice, Indecix) land on the fixed outcome when the learner stops them. No undo.
- ``TutorialFlow`` is the shell's part: "Learn to play" on each hub card and setup screen, the bubble (HTML over
  the board: the step's words, the refusal, Continue, Skip, Leave, and at the end "Play a real game" with the
  setup filled in), leaving and resuming (the lesson is kept under ``dicehall:lessons``, never in the slot of the
  game in progress, which comes back when the lesson is left), and the lessons done, which the hub shows. A
  lesson never finishes its game: the statistics and the win record never see it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.app.persistence import PREFIX
from dicehall.app.session import Session
from dicehall.core import registry
from dicehall.core import tutorial as tut
from dicehall.core.match import LogEntry, Match
from dicehall.core.protocol import NodeKind
from dicehall.core.save import Seat
from dicehall.ui.html import attrs, button, escape
from dicehall.ui.i18n import Texts

if TYPE_CHECKING:
    from dicehall.app.game_flow import GameFlow
    from dicehall.app.setup_flow import SetupFlow
    from dicehall.app.shell import Shell

LESSONS = PREFIX + "lessons"  # {"done": [game ids], "open": {"game", "log", "progress"}}

TEXTS = Texts(
    {
        "learn": ("Apprendre à jouer", "Learn to play"),
        "learn_resume": ("Reprendre la leçon", "Resume the lesson"),
        "learn_again": ("Revoir la leçon", "Take the lesson again"),
        "learn_of": ("Apprendre à jouer — {game}", "Learn to play — {game}"),
        "learn_help": (
            "Une courte partie guidée sur le vrai plateau, contre l'ordinateur (environ 5 minutes).",
            "A short guided game on the real board, against the computer (about 5 minutes).",
        ),
        "learned": ("Leçon faite", "Lesson done"),
        "lesson": ("Leçon", "Lesson"),
        "step_of": ("Étape {n} sur {total}", "Step {n} of {total}"),
        "next": ("Continuer", "Continue"),
        "skip": ("Passer la leçon", "Skip the lesson"),
        "leave": ("Quitter", "Leave"),
        "leave_help": ("Vous la reprendrez depuis l'accueil.", "You can resume it from the home screen."),
        "play_real": ("Jouer une vraie partie", "Play a real game"),
        "home": ("Accueil", "Home"),
        "over": ("Leçon terminée.", "Lesson over."),
        "your_move": ("À vous de jouer sur le plateau.", "Your move, on the board."),
        "your_dice": ("Arrêtez vos dés sur le plateau.", "Stop your dice on the board."),
    }
)


def t(lang: str, key: str, **fields: object) -> str:
    return TEXTS.t(lang, key, **fields)


class _Table:
    """The lesson's session as the tutorial player's table: every entry told to the screen, as the session's own."""

    def __init__(self, session: LessonSession) -> None:
        self.session = session

    @property
    def state(self) -> Any:
        return self.session.state

    def force(self, outcome: Any) -> LogEntry:
        return self.session.force(outcome)

    def submit(self, action: Any, seat: int | None = None) -> LogEntry:
        match = self.session.match
        return self.session._apply(lambda: match.submit(action, seat))


class LessonSession(Session):
    """A session whose dice, computers and learner's moves go through the lesson's ``TutorialPlayer``."""

    lesson = True

    def __init__(
        self, game: Any, match: Match, seats: list[Seat], tutorial: tut.Tutorial, progress: Any = None
    ) -> None:
        super().__init__(game, match, seats)
        self.tutorial = tutorial
        self.player = tut.TutorialPlayer(tutorial, _Table(self), progress)
        self.verdict: tut.Verdict | None = None  # the last move refused, said in the bubble until the next step
        self._refused_at = -1  # the step it was refused at
        self.held: Any = lambda: False  # the screen's dice_held: the learner's dice still spin (TutorialFlow sets it)

    @property
    def busy(self) -> bool:
        """Work for ``advance``: a die or a computer's move before the bubble, or the learner's dice stopped."""
        player = self.player
        if player.done or self.over:
            return False
        if player.next_move() is not None or player.landed:
            return True
        return self._own_dice()

    def _own_dice(self) -> bool:
        step = self.player.step
        return step is not None and isinstance(step.awaits, tut.Roll) and self.state.kind is NodeKind.CHANCE

    def advance(self, budget: float) -> LogEntry | None:
        """One step: the learner's dice once stopped (the screen is ready only then), the next fixed die or
        scripted move, or the computer's own choice where the script says nothing."""
        player = self.player
        if player.landed:  # the learner's dice landed: on once the screen has them stopped
            if not self.held():
                player.confirm_roll()
            return None
        move = player.next_move()
        if move is None:
            if not self._own_dice():
                return None
            entry = player.roll(confirm=False)
            if not self.held():
                player.confirm_roll()
            return entry
        if move.kind != "agent":
            return player.play_next()
        entry = super().advance(budget)
        if entry is not None:
            player.agent_played()
        return entry

    def submit(self, action: Any) -> LogEntry | None:  # type: ignore[override]
        """The learner's move: played if the step takes it, else refused (nothing changes; the bubble says why)."""
        player = self.player
        before = len(self.match.log)
        verdict = player.offer(action)
        self.verdict = None if verdict.accepted else verdict
        self._refused_at = player.index
        return self.match.log[-1] if verdict.accepted and len(self.match.log) > before else None

    def refusal(self) -> tut.Verdict | None:
        """The refusal to show: the last one, while the lesson is still at that step."""
        return self.verdict if self.verdict is not None and self._refused_at == self.player.index else None

    @property
    def can_undo(self) -> bool:
        return False

    @property
    def can_redo(self) -> bool:
        return False


def new_lesson(game_id: str, lang: str) -> LessonSession:
    """The lesson of ``game_id`` at its first step."""
    tutorial = tut.load(game_id)
    if tutorial is None:
        raise ValueError(f"{game_id} has no lesson")
    return _session(tutorial, tutorial.new_match(), lang)


def _session(tutorial: tut.Tutorial, match: Match, lang: str, progress: Any = None) -> LessonSession:
    from dicehall.app.setup_form import default_name

    game_id = tutorial.game
    names = [default_name(game_id, seat, lang) for seat in range(tutorial.players)]
    for seat, pair in enumerate(tutorial.names, 1):
        names[seat] = pair[0] if lang == "fr" else pair[1]
    seats = [Seat(names[0])] + [Seat(names[i], "ai", level) for i, level in enumerate(tutorial.levels, 1)]
    return LessonSession(match.game, match, seats, tutorial, progress)


def stored_lesson(data: Any, lang: str) -> LessonSession | None:
    """The lesson kept by ``TutorialFlow.keep`` (its match replayed through the rules), or None if it no longer
    fits (a lesson changed since): it then starts again."""
    if not isinstance(data, dict):
        return None
    tutorial = tut.load(str(data.get("game", "")))
    log = data.get("log")
    if tutorial is None or not isinstance(log, list):
        return None
    try:
        game = registry.load(tutorial.game)
        match = Match(game, game.options_from_json(dict(tutorial.options)), tutorial.seed)
        for entry in log:
            match.apply_entry(match.entry_from_json(entry))
        progress = data.get("progress")
        session = _session(tutorial, match, lang, progress if isinstance(progress, dict) else None)
        session.player.next_move()  # the progress fits the position (else TutorialError)
        return session
    except (ValueError, KeyError, TypeError, tut.TutorialError):
        return None


class TutorialFlow:
    def __init__(self, shell: Shell, game: GameFlow, setup: SetupFlow) -> None:
        self.shell, self.game, self.setup = shell, game, setup
        self.session: LessonSession | None = None  # the lesson on screen
        self._said: tuple[Any, ...] = ()  # what the bubble last said (a new one is read out)
        self._shown: tuple[Any, ...] = ()  # what the bubble's HTML shows (a change asks for new HTML)
        self.bubbles = 0  # how many bubbles have been said (the page and its tests tell a new one by it)

    # --- stored: the lessons done, the lesson left ------------------------------------------------
    def _stored(self) -> dict[str, Any]:
        return self.shell.persist.load_object(LESSONS)

    def lessons(self) -> dict[str, str]:
        """Per game: "open" (a lesson left, to resume) or "done" (a lesson finished once)."""
        data = self._stored()
        done = data.get("done")
        out = {str(g): "done" for g in done} if isinstance(done, list) else {}
        kept = data.get("open")
        if isinstance(kept, dict) and isinstance(kept.get("game"), str):
            out[kept["game"]] = "open"
        return out

    def keep(self) -> None:
        """The lesson on screen, written so that it can be resumed."""
        session = self.session
        if session is None:
            return
        data = self._stored()
        data["open"] = {"game": session.game.id, "log": session.match.log_json(), "progress": session.player.progress()}
        self.shell.persist.store_object(LESSONS, data)

    def _finished(self) -> None:
        session = self.session
        assert session is not None
        data = self._stored()
        done = [g for g in data.get("done", []) if isinstance(g, str)] if isinstance(data.get("done"), list) else []
        if session.game.id not in done:
            done.append(session.game.id)
        data["done"] = done
        if isinstance(data.get("open"), dict) and data["open"].get("game") == session.game.id:
            del data["open"]
        self.shell.persist.store_object(LESSONS, data)

    # --- on screen and off ---------------------------------------------------------------------------
    def start(self, session: LessonSession) -> None:
        """``session`` on the game screen, in front of the game in progress (which stays stored, untouched)."""
        scene = self.shell.make_scene(session)
        session.held = getattr(scene, "dice_held", lambda: False)
        self.session = session
        self.game.paused = False
        self.game.attach(session, scene)
        session.subscribe(lambda *_: self.keep(), self.keep)
        self._said = ()
        self.keep()

    def leave(self, screen: str = "hub") -> None:
        """Off the lesson (kept to resume unless done): the game in progress, if any, comes back behind."""
        session = self.session
        if session is None:
            return
        if not session.player.done:
            self.keep()
        self.session = None
        found = self.game.resume_stored()
        if found is not None:
            self.game.attach(*found, show=False)
        else:
            self.game.session, self.game.scene = None, None
        self.shell.show(screen)

    def frame(self) -> None:
        """Every frame: the lesson left by another screen is put away; a new bubble is read out and shown."""
        session = self.session
        if session is None:
            return
        if self.game.session is not session:  # another game took the screen (a load, a link, a new game)
            self.session = None
            return
        if self.shell.screen != "game":  # the hub, a rules page: the lesson is left
            self.leave(self.shell.screen)
            return
        player = session.player
        showing = player.done or player.showing()
        said = (player.index, player.comment, session.refusal(), showing)
        if said != self._said:
            self._said = said
            self.bubbles += 1
            if showing:
                refusal = session.refusal()
                if refusal is not None and refusal.text:
                    self.shell.said.append(session.tutorial.text(refusal.text, self.shell.lang, **refusal.fields))
                words = player.words(self.shell.lang)
                self.shell.said.append(words or t(self.shell.lang, "over"))
            if player.done:
                self._finished()
        scene = self.game.scene
        choices = tuple(c.target for c in scene.choices()) if scene is not None and showing else ()
        shown = (said, self._rect(), self.shell.lang, choices)
        if shown != self._shown:
            self._shown = shown
            self.shell.changed()

    def _rect(self) -> tuple[int, int, int, int] | None:
        session, scene = self.session, self.game.scene
        if session is None or scene is None or not session.player.showing():
            return None
        name = session.player.anchor()
        rect = scene.anchor(name) if name and hasattr(scene, "anchor") else None
        return None if rect is None else (round(rect.x), round(rect.y), round(rect.w), round(rect.h))

    # --- the bubble ---------------------------------------------------------------------------------
    def dom(self) -> str:
        """The coach's bubble over the board (placed beside its anchor by the page, web/host/layout.js)."""
        session = self.session
        if session is None or self.game.session is not session or self.shell.screen != "game":
            return ""
        lang, player = self.shell.lang, session.player
        total = len(session.tutorial.steps)
        done = player.done
        showing = done or player.showing()
        head = (
            t(lang, "lesson")
            + " · "
            + (t(lang, "over") if done else t(lang, "step_of", n=player.index + 1, total=total))
        )
        parts = [f'<h2 id="coach-title">{escape(head)}</h2>']
        refusal = session.refusal()
        if refusal is not None and refusal.text and showing:
            words = session.tutorial.text(refusal.text, lang, **refusal.fields)
            parts.append(f'<p class="coach-refusal">{escape(words)}</p>')
        if showing:
            parts.append(f'<p class="coach-text" id="coach-text">{escape(player.words(lang) or t(lang, "over"))}</p>')
        actions = []
        step = player.step
        if done:
            actions.append(
                button(t(lang, "play_real"), "tutorial-play", cls="btn primary", id="coach-play", data_autofocus=True)
            )
            actions.append(button(t(lang, "home"), "tutorial-leave", cls="btn ghost", id="coach-home"))
        else:
            waits = showing and (player.comment is not None or (step is not None and step.awaits is tut.CONTINUE))
            if waits:
                actions.append(
                    button(t(lang, "next"), "tutorial-next", cls="btn primary", id="coach-next", data_autofocus=True)
                )
            elif showing and step is not None:
                hint = "your_dice" if isinstance(step.awaits, tut.Roll) else "your_move"
                parts.append(f'<p class="coach-hint">{escape(t(lang, hint))}</p>')
            actions.append(button(t(lang, "skip"), "tutorial-skip", cls="btn ghost", id="coach-skip"))
            actions.append(
                button(
                    t(lang, "leave"), "tutorial-leave", cls="btn ghost", id="coach-leave", title=t(lang, "leave_help")
                )
            )
        rect = self._rect()
        data_rect = None if rect is None else ",".join(str(v) for v in rect)
        state = "done" if done else ("wait" if showing else "play")
        focus, press = self._next_press() if showing and not done else (None, None)
        scene = self.game.scene
        # the board takes the learner's move now (the dice are on show, the computers' last move drawn)
        ready = showing and not done and scene is not None and bool(scene.choices())
        if self.shell.touch:  # a finger: the keyboard's buttons stay hidden
            focus = None
        section = attrs(
            class_="coach",
            id="coach",
            data_rect=data_rect,
            data_state=state,
            data_step=f"{player.index}:{focus}",
            data_focus_to=focus,
            data_press=None if press is None else ",".join(str(v) for v in press),
            data_ready="1" if ready else None,
            data_bubble=self.bubbles,
            aria_labelledby="coach-title",
        )
        return (
            f"<section{section}>"
            + ('<div class="coach-hole" id="coach-hole" aria-hidden="true"></div>' if data_rect else "")
            + f'<div class="coach-bubble" id="coach-bubble">{"".join(parts)}'
            f'<div class="coach-actions">{"".join(actions)}</div></div></section>'
        )

    def _next_press(self) -> tuple[str | None, tuple[int, int, int, int] | None]:
        """Where the learner presses next for what the step awaits: the id of the choice's button (for the
        keyboard: a lesson sends the focus there) and its rect on the canvas (the scene's ``lead``, the game's
        ``hint.marks``); the first choice for a step that awaits the dice or any move; nothing for "Continue"."""
        session, scene = self.session, self.game.scene
        assert session is not None
        step = session.player.step
        if scene is None or step is None or session.player.comment is not None or step.awaits is tut.CONTINUE:
            return None, None
        choices = scene.choices()
        targets: list[Any] = []
        rects: list[Any] = []
        wanted = step.awaits if step.one else None
        if step.awaits is tut.ANY:  # any move will do: the first one the learner may play
            mine = tut.learner_actions(session.state)
            wanted = mine[0] if mine else None
        if wanted is not None:
            marks = getattr(registry.info(session.game.id).part("hint"), "marks", None)
            if marks is not None:
                targets, rects = marks(scene, wanted)
            lead = scene.lead(wanted) if hasattr(scene, "lead") else None
            if lead is not None:
                found = rects[targets.index(lead)] if lead in targets and targets.index(lead) < len(rects) else None
                if found is None and hasattr(scene, "control") and scene.control(lead) is not None:
                    found = scene.control(lead).rect
                targets, rects = [lead], [found] if found is not None else []
        index = next((i for i, c in enumerate(choices) if c.target in targets), 0 if choices else None)
        rect = rects[0] if rects else None
        k = getattr(scene, "scale", 1.0)
        box = None if rect is None else (round(rect.x * k), round(rect.y * k), round(rect.w * k), round(rect.h * k))
        return (None if index is None else f"choice-{index}"), box

    # --- commands -------------------------------------------------------------------------------------
    def _cmd_tutorial(self, _param: str, arg: Any) -> None:
        """ "Learn to play" (a hub card, a setup screen): the lesson left, or a new one."""
        game_id = str(arg)
        if not tut.available(game_id) or self.shell.guest:
            return
        data = self._stored().get("open")
        session = None
        if isinstance(data, dict) and data.get("game") == game_id:
            session = stored_lesson(data, self.shell.lang)
        self.start(session or new_lesson(game_id, self.shell.lang))

    def _cmd_tutorial_next(self, _param: str, _arg: Any) -> None:
        if self.session is not None:
            self.session.player.proceed()

    def _cmd_tutorial_skip(self, _param: str, _arg: Any) -> None:
        if self.session is not None:
            self.session.player.skip()

    def _cmd_tutorial_leave(self, _param: str, _arg: Any) -> None:
        self.leave()

    def _cmd_tutorial_play(self, _param: str, _arg: Any) -> None:
        """ "Play a real game": the new-game form of the lesson's game, filled in with its table."""
        session = self.session
        if session is None:
            return
        self.setup.open_with_session()
        self.leave("setup")


def hub_button(lang: str, game_id: str, lesson: str | None = None) -> str:
    """ "Learn to play" for a hub card or a setup screen ('' for a game without a lesson); ``lesson``: "open" (a
    lesson to resume) or "done" (the card says so)."""
    if not tut.available(game_id):
        return ""
    name = registry.info(game_id).title(lang)
    label = t(lang, {"open": "learn_resume", "done": "learn_again"}.get(lesson or "", "learn"))
    done = f'<span class="chip learned">✓ {escape(t(lang, "learned"))}</span>' if lesson == "done" else ""
    return done + button(
        label,
        "tutorial",
        game_id,
        cls="btn learn-btn",
        id=f"learn-{game_id}",
        title=t(lang, "learn_help"),
        aria_label=t(lang, "learn_of", game=name) + (f" ({t(lang, 'learned')})" if lesson == "done" else ""),
    )


COMMANDS = {
    "tutorial": TutorialFlow._cmd_tutorial,
    "tutorial-next": TutorialFlow._cmd_tutorial_next,
    "tutorial-skip": TutorialFlow._cmd_tutorial_skip,
    "tutorial-leave": TutorialFlow._cmd_tutorial_leave,
    "tutorial-play": TutorialFlow._cmd_tutorial_play,
}
