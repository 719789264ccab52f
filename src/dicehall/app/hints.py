""" "Suggest a move": what the expert level would play for the human seat to move now, and why, in a small
card over the board; the board and the choices' buttons mark the suggested cell, dice or button. The hint
never plays: the player still presses the move (that one, or another).

- **When.** Whenever a human seat is to move, in a game against the computer and between humans on one
  device alike (a beginner learns as well from a friend's game; each seat may ask on its own turn). Not
  while a computer plays, nor at dice, nor once the game is over; not while the game is paused.
- **One state.** A hint belongs to the state it was asked at (states are immutable: compared by
  identity). As soon as the game moves (a move, an undo, a new game), the hint and its card go.
- **Thinking in slices.** The expert is ``make_agent("expert", seat, rng)``, driven like a computer seat:
  ``start``, then ``think`` for ``SLICE`` seconds a frame, then ``choose``, so the page never waits on it;
  the card says it is thinking meanwhile. Its generator is seeded by the match's seed and the ply, so the
  same position always gets the same hint (after a reload too, and through the page API's ``hint()``,
  which finishes the same job at once).
- **Words.** The move is told as the move log tells it (the game's ``log_lines``, for a log with the
  suggested entry appended), and why by the game's ``hint`` module (``games/<id>/hint.py``): ``why(state,
  seat, action, lang, names) -> str``, one line or "" where the game has nothing honest and short to say
  (the card then tells what the move leads to, the move log's next lines, if any); with ``WHOLE = True``
  that line names the move itself and the card shows it alone.
- **Marks.** The game's ``hint`` module may add ``marks(scene, action) -> (targets, rects)``: the targets of
  the scene's ``choices()`` that play the move (those buttons are outlined) and ``ui.geometry.Rect``s in the
  scene's laid-out coordinates (rings drawn over the board). A game without it still shows the card. It may
  also say ``blocked(scene)``: the screen hides what a hint would tell (Indecix: the human's die still
  spinning), so none is offered yet.
"""

from __future__ import annotations

import random
import time
from html import escape
from typing import Any

from dicehall.core import registry
from dicehall.core.match import LogEntry
from dicehall.core.protocol import NodeKind, step
from dicehall.ui.i18n import Texts

SLICE = 0.012  # seconds of the expert's thinking per frame (a frame stays far under 50 ms)
WIDE = 900  # CSS px: from this width of the board's area the card stands beside the board (styles.css)
CARD_BAND = 190.0  # CSS px: about the height the card takes over the board, at its top or its foot

TEXTS = Texts(
    {
        "button": ("Suggérer un coup", "Suggest a move"),
        "button_key": ("Suggérer un coup (H)", "Suggest a move (H)"),
        "button_key_touch": ("Suggérer un coup", "Suggest a move"),
        "heading": ("Coup suggéré pour {name}", "Suggested move for {name}"),
        "thinking": ("L'expert réfléchit…", "The expert is thinking…"),
        "marked": (
            "Entouré sur le plateau ; à vous de le jouer, ou un autre.",
            "Circled on the board; yours to play, or another.",
        ),
        "yours": ("À vous de le jouer, ou un autre.", "Yours to play, or another."),
        "close": ("Fermer la suggestion", "Close the suggestion"),
        "none": ("Rien à suggérer : ce n'est pas à vous de jouer.", "Nothing to suggest: it is not your turn."),
        "not_yet": ("Rien à suggérer pour l'instant.", "Nothing to suggest yet."),
        "said": ("Suggestion : {text}", "Suggestion: {text}"),
    }
)


class Hint:
    """The expert's choice for one state (the seat to move, a human's)."""

    def __init__(self, session: Any) -> None:
        self.state = session.state
        self.seat: int = session.to_move
        rng = random.Random(f"{session.match.seed}/hint/{session.match.ply}")
        strongest = registry.info(session.game.id).levels[-1].id  # a game's levels: weakest first
        self.agent = session.game.make_agent(strongest, self.seat, rng)
        self.agent.start(self.state)
        self.action: Any = None
        self.done = False
        self.seconds = 0.0  # time spent thinking (docs/performance.md)
        self._words: dict[str, tuple[str, str]] = {}

    def think(self, budget: float) -> bool:
        """Think for about ``budget`` seconds; True once the action is chosen."""
        if not self.done:
            start = time.perf_counter()
            if self.agent.think(budget):
                self.action, self.done = self.agent.choose(), True
            self.seconds += time.perf_counter() - start
        return self.done

    def words(self, lang: str, session: Any, move_log: Any) -> tuple[str, str]:
        """(the move, why) in ``lang``; why may be "". Made once per language."""
        if lang not in self._words:
            names = move_log.names(lang)
            hint_module = _hint_module(session.game.id)
            why = hint_module.why(self.state, self.seat, self.action, lang, names) if hint_module else ""
            if hint_module is not None and getattr(hint_module, "WHOLE", False) and why:
                self._words[lang] = (why, "")
            else:
                told = self._told(lang, session, move_log, names)
                # without a reason of the game's, what the move leads to (a landing, captures) is the why
                self._words[lang] = (told[0], why or " ".join(told[1:]))
        return self._words[lang]

    def _told(self, lang: str, session: Any, move_log: Any, names: list[str]) -> list[str]:
        """The move as the move log would tell it once played: its lines (at least one)."""
        from dicehall.ui.move_log import entry_lines

        match = session.match
        log = list(match.log) + [LogEntry(self.seat, self.action)]
        after = step(self.state, self.action)
        states = _StatesWith(match, after)
        lines = entry_lines(move_log.module, lang, names, states, log, len(log) - 1)
        return [text for _, text in lines] or [str(self.action)]


class _StatesWith:
    """The match's states by ply, and one more: the state after the suggested move."""

    def __init__(self, match: Any, after: Any) -> None:
        self.match, self.after = match, after

    def __getitem__(self, ply: int) -> Any:
        return self.after if ply == self.match.ply + 1 else self.match.state_at(ply)

    def __len__(self) -> int:
        return self.match.ply + 2


_MODULES: dict[str, Any] = {}  # asked every frame (blocked, marks): found once per game


def _hint_module(game_id: str) -> Any:
    if game_id not in _MODULES:
        _MODULES[game_id] = registry.info(game_id).part("hint")  # None: the game declares none
    return _MODULES[game_id]


def offered(session: Any) -> bool:
    """A hint can be asked now: a human seat is to move in a game not over, and not in a daily challenge
    (whose score compares the players' own decisions on the same dice)."""
    return (
        session is not None
        and session.state.kind is NodeKind.DECISION
        and session.human_to_move
        and not getattr(session.match, "challenge", None)
    )


class Hints:
    """The hint of the game on screen (``app``: the App, read for its session, scene, language and pause):
    the job for the current state, and whether its card is shown."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.job: Hint | None = None
        self.shown = False  # the player asked: the card is on (until the state changes or it is closed)
        self._seen: tuple = ()  # what the page shows of the hint (card, button, marks), to tell a change

    @property
    def _session(self) -> Any:
        app = self.app
        return app.session if app.screen == "game" else None

    @property
    def _frozen(self) -> bool:
        """No hint is thought nor shown: the game is paused, a dialog is open, or computers are skipped."""
        app = self.app
        return bool(app.paused or app.dialog or app.skipping)

    def _askable(self) -> bool:
        """The player may ask now: a human to move, nothing in front, and nothing the screen still hides."""
        session, scene = self._session, self.app.scene
        if not offered(session) or self._frozen:
            return False
        blocked = getattr(_hint_module(session.game.id), "blocked", None)
        return not (blocked is not None and scene is not None and blocked(scene))

    def current(self, make: bool = False) -> Hint | None:
        """The job for the session's state (made, with ``make``, when a hint can be asked); a job for another
        state is dropped, and the card with it."""
        session = self._session
        if self.job is not None and (session is None or self.job.state is not session.state):
            self.job, self.shown = None, False
        if self.job is None and make and offered(session):
            self.job = Hint(session)
        return self.job

    def ask(self) -> bool:
        """The toolbar's button, the menu or H: show the card (thinking starts), or put it away. False (and
        a line said why) when nothing can be suggested now."""
        if self.shown:
            self.shown = False
            return True
        if not self._askable() or self.current(make=True) is None:
            self.app._say.append(TEXTS.t(self.app.lang, "none" if not offered(self._session) else "not_yet"))
            return False
        self.shown = True
        return True

    def close(self) -> None:
        self.shown = False

    def api_action(self) -> Any:
        """The page API's ``hint()``: the expert's action for the human to move, thought to the end now;
        None when no human is to move."""
        job = self.current(make=True)
        if job is None:
            return None
        while not job.think(1.0):
            pass
        return job.action

    def api_think(self, budget: float) -> bool:
        """One slice of the page API's thinking (the worker yields between slices): True while not done."""
        job = self.current(make=True)
        return job is not None and not job.think(budget)

    def frame(self) -> bool:
        """Each frame of a game: think a slice for a card on show, say the suggestion once it is ready, and
        tell whether the page's HTML (card, button, marked choices) must be made again."""
        job = self.current()
        live = self.shown and not self._frozen
        if job is not None and live and not job.done and job.think(SLICE):
            self.app._say.append(self._said())
        seen = (self._askable(), live, job.done if job else None, id(job))
        if seen == self._seen:
            return False
        self._seen = seen
        if self.app.scene is not None:
            self.app.scene.dirty = True  # the rings over the board come or go
        return True

    def marked(self) -> Any:
        """The action marked on the board and the choices now, or None."""
        job = self.current()
        return job.action if job is not None and job.done and self.shown and not self._frozen else None

    # --- what the page shows ------------------------------------------------------------------------------
    def button(self) -> str:
        """The toolbar's button (a light bulb; its words hide on a phone); pressed while the card is on. None
        in a game no human plays (a demonstration)."""
        session = self._session
        if session is None or not session.human_seats:
            return ""
        lang = self.app.lang
        words = TEXTS.t(lang, "button")
        title = TEXTS.keyed(lang, "button_key", self.app.touch)
        enabled = self._askable()
        pressed = "true" if self.shown and enabled else "false"
        return (
            f'<button type="button" class="btn ghost hint-btn" data-cmd="hint" id="hint-button" '
            f'title="{escape(title)}" aria-label="{escape(words)}" aria-keyshortcuts="H" '
            f'aria-pressed="{pressed}"{"" if enabled else " disabled"}>'
            f'{BULB}<span class="label"> {escape(words)}</span></button>'
        )

    def menu_items(self) -> tuple[tuple[str, str, Any], ...]:
        """The game menu's entry, while a hint can be asked."""
        if not self._askable():
            return ()
        return ((TEXTS.t(self.app.lang, "button"), "hint", None),)

    def card(self) -> str:
        """The card over the board: whose move it suggests, the move, why; "thinking…" until chosen."""
        job, lang = self.current(), self.app.lang
        if not self.shown or self._frozen or job is None:
            return ""
        move_log = self.app.move_log()
        name = move_log.names(lang)[job.seat]
        label = escape(TEXTS.t(lang, "close"))
        close = (
            f'<button type="button" class="btn ghost icon hint-close" data-cmd="hint-close" '
            f'id="hint-close" aria-label="{label}" title="{label}">×</button>'
        )
        if not job.done:
            body = f'<p class="hint-what thinking" id="hint-what">{escape(TEXTS.t(lang, "thinking"))}</p>'
        else:
            what, why = job.words(lang, self._session, move_log)
            body = f'<p class="hint-what" id="hint-what">{escape(what)}</p>'
            if why:
                body += f'<p class="hint-why" id="hint-why">{escape(why)}</p>'
            marks = bool(_marks(self._session, self.app.scene, job.action)[1])
            body += f'<p class="hint-note">{escape(TEXTS.t(lang, "marked" if marks else "yours"))}</p>'
        return (
            f'<section class="hint-card{self._placement()}" id="hint-card" aria-labelledby="hint-title">'
            f'<div class="hint-head">{BULB}'
            f'<h2 id="hint-title">{escape(TEXTS.t(lang, "heading", name=name))}'
            f"</h2>{close}</div>{body}</section>"
        )

    def _placement(self) -> str:
        """Where the card stands over a board narrower than 900 px (beside the move log on a wider one): across
        the board's top, or (" low") across its foot when the top band would cover more of what the suggested
        move presses (the rings of the game's ``hint.marks``) than the foot's. The card is never over its move."""
        action = self.marked()
        if action is None or self.app.width >= WIDE:
            return ""
        rects = _marks(self._session, self.app.scene, action)[1]
        k = getattr(self.app.scene, "scale", 1.0) or 1.0
        height = float(self.app.height)
        band = min(CARD_BAND, height / 2)

        def covered(top: float, bottom: float) -> float:
            return sum(max(0.0, min(r.bottom * k, bottom) - max(r.y * k, top)) * r.w for r in rects)

        return " low" if covered(0.0, band) > covered(height - band, height) else ""

    def _said(self) -> str:
        """The line read out when the suggestion is ready (the live region)."""
        job, lang = self.job, self.app.lang
        if job is None or not job.done:
            return ""
        what, why = job.words(lang, self._session, self.app.move_log())
        return TEXTS.t(lang, "said", text=f"{what} {why}".strip())

    def draw(self, dl: Any) -> None:
        """Rings over the board around what the suggested move presses (the game's ``hint.marks``)."""
        scene = self.app.scene
        action = self.marked()
        rects = _marks(self._session, scene, action)[1] if action is not None else None
        if not rects:
            return
        k = getattr(scene, "scale", 1.0) or 1.0
        dl.ops.append(["save"])
        if k != 1.0:
            dl.ops.append(["scale", round(k, 4), round(k, 4)])
        for colour, width, dash in (("#e9b949", 4.0, []), ("#1f2a27", 1.5, [7, 5])):  # gold, and dashes on it
            dl.ops.append(["dash", dash])
            for r in rects:
                x, y, w, h = r.x, r.y, r.w, r.h
                pad = 4.0
                dl.rrect(
                    x - pad,
                    y - pad,
                    w + 2 * pad,
                    h + 2 * pad,
                    min(12.0, (min(w, h) + 2 * pad) / 2),
                    None,
                    colour,
                    width,
                )
        dl.ops.append(["restore"])

    def hinted_choices(self, choices: list[Any]) -> frozenset[int]:
        """The indices of the choices' buttons that play the suggested move (the game's ``hint.marks``)."""
        action = self.marked()
        targets = _marks(self._session, self.app.scene, action)[0] if action is not None else None
        if not targets:
            return frozenset()
        return frozenset(i for i, c in enumerate(choices) if c.target in targets)


def _marks(session: Any, scene: Any, action: Any) -> tuple[list[Any], list[Any]]:
    """(targets, rects) of the game's ``hint.marks``, or nothing."""
    hook = getattr(_hint_module(session.game.id), "marks", None)
    if hook is None or scene is None or action is None:
        return [], []
    return hook(scene, action)


# a light bulb, drawn (a font may lack the emoji)
BULB = (
    '<svg class="hint-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" '
    'focusable="false"><path d="M10 2.5a5.5 5.5 0 0 0-3.2 10c.5.4.7.9.7 1.5V15h5v-1'
    'c0-.6.3-1.1.7-1.5A5.5 5.5 0 0 0 10 2.5z" '
    'fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"/>'
    '<path d="M7.8 17.5h4.4" fill="none" stroke="currentColor" stroke-width="1.8" '
    'stroke-linecap="round"/></svg>'
)
