"""A session: one match and the seats playing it (humans and computer agents).

The session decides nothing about timing: the app calls ``advance(budget)`` when the screen is ready for
the next step (after an animation, or at once when the page API plays at full speed). Scenes subscribe
to the entries the session applies so they can animate them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from dicehall.core import limits
from dicehall.core.errors import IllegalActionError
from dicehall.core.match import LogEntry, Match
from dicehall.ai.agent import side_choice
from dicehall.core.protocol import NodeKind, side_actions
from dicehall.core.registry import GameDef
from dicehall.core.save import SavedGame, Seat

Listener = Callable[[LogEntry, Any, Any], None]  # (entry, state before, state after)


class Session:
    def __init__(self, game: GameDef, match: Match, seats: list[Seat]) -> None:
        self.game, self.match, self.seats = game, match, seats
        self._agents: dict[int, Any] = {}
        self._thinking: int | None = None  # the seat whose agent has started on the current state
        self._sides_asked = -1  # the ply at which computer seats last had their say on side actions
        self._listeners: list[Listener] = []
        self._reset_listeners: list[Callable[[], None]] = []
        # Human seats played on another device (play by link, app.link_games): nobody here decides for them;
        # the game waits, at their turn, for the link that brings their move.
        self.remote: frozenset[int] = frozenset()
        # The length of the history when this device last made the link of its move ("Send your move"): the
        # other device may have it, so nothing is added to that history any more (it would fork).
        self.link_sent: int | None = None
        # Set by the app when a step of this game raised (app.App._contained): it is not moved on again.
        self.failed: str | None = None

    @classmethod
    def new(cls, game: GameDef, options: Any, seats: list[Seat], seed: str) -> Session:
        session = cls(game, Match(game, options, seed), seats)
        return session

    @classmethod
    def from_saved(cls, saved: SavedGame) -> Session:
        session = cls(saved.match.game, saved.match, saved.seats)
        # Computer seats had their say on the side actions open at the saved ply before the save was
        # written (they are asked as soon as a ply begins): asking again after a reload could change
        # their answer, so a reload would not give back the same game.
        session._sides_asked = saved.match.ply if saved.match.ply else -1
        return session

    # --- reading -------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def over(self) -> bool:
        return self.state.kind is NodeKind.TERMINAL

    @property
    def to_move(self) -> int | None:
        return self.state.to_move if self.state.kind is NodeKind.DECISION else None

    @property
    def human_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and self.plays_here(seat)

    def plays_here(self, seat: int) -> bool:
        """Seat ``seat`` is a person deciding on this device (not a computer, not a player by link)."""
        return not self.seats[seat].is_ai and seat not in self.remote

    @property
    def waiting_remote(self) -> bool:
        """A player on another device is to decide: the game waits for the link with their move."""
        seat = self.to_move
        return seat is not None and seat in self.remote

    def legal(self) -> tuple[Any, ...]:
        """The legal actions when a human seat is to move, and the side actions open to human seats."""
        own = tuple(self.state.legal_actions()) if self.human_to_move else ()
        return own + tuple(action for _, action in self.human_side_actions())

    def human_side_actions(self) -> tuple[tuple[int, Any], ...]:
        """(seat, action) pairs that human seats other than the one to move may play now. While the turn is on
        another device (play by link), only until this device has made the link of its move: taken before,
        a side action travels with that link; taken after, the other device may already be playing on from
        the link without it, and the two histories would fork (docs/links.md)."""
        if self.waiting_remote and self.link_sent == len(self.match.log):
            return ()
        return tuple((seat, a) for seat, a in side_actions(self.state) if self.plays_here(seat))

    @property
    def _sides_pending(self) -> bool:
        """Computer seats have not yet been asked about the side actions open at this ply."""
        return self._sides_asked != self.match.ply and any(
            self.seats[seat].is_ai for seat, _ in side_actions(self.state)
        )

    @property
    def busy(self) -> bool:
        """Dice to roll, computer seats to ask about side actions, or a computer seat to move: ``advance``
        has work to do."""
        kind = self.state.kind
        if kind is NodeKind.CHANCE:
            return True
        if kind is NodeKind.DECISION and self.waiting_remote:
            return False
        return kind is NodeKind.DECISION and (not self.human_to_move or self._sides_pending)

    @property
    def has_ai(self) -> bool:
        return any(seat.is_ai for seat in self.seats)

    @property
    def human_seats(self) -> list[int]:
        return [i for i in range(len(self.seats)) if self.plays_here(i)]

    def saved(self) -> SavedGame:
        return SavedGame(self.match, self.seats)

    # --- listening -----------------------------------------------------------------------------
    def subscribe(self, on_entry: Listener, on_reset: Callable[[], None]) -> None:
        self._listeners.append(on_entry)
        self._reset_listeners.append(on_reset)

    def _apply(self, do: Callable[[], LogEntry]) -> LogEntry:
        before = self.state
        entry = do()
        for listener in self._listeners:
            listener(entry, before, self.state)
        return entry

    # --- playing -------------------------------------------------------------------------------
    def submit(self, action: Any) -> LogEntry:
        """A human seat's decision, or a side action open to a human seat.

        :raises IllegalActionError: not a human's turn, or not legal.
        """
        for seat, side in self.human_side_actions():
            if side == action:
                self._thinking = None
                return self._apply(lambda: self.match.submit(action, seat))
        if not self.human_to_move:
            raise IllegalActionError(f"it is not a human player's turn; {limits.quote(action)} refused")
        self._thinking = None
        return self._apply(lambda: self.match.submit(action))

    def submit_json(self, data: Any) -> LogEntry:
        """:raises InvalidActionError | IllegalActionError:"""
        return self.submit(self.game.codec.from_json(data))

    def force(self, outcome: Any) -> LogEntry:
        """Resolve the dice with a chosen outcome (tests), telling the listeners like any other step."""
        return self._apply(lambda: self.match.force(outcome))

    def advance(self, budget: float) -> LogEntry | None:
        """Do at most one step of pending work within about ``budget`` seconds: roll the dice, or let the
        computer seat to move think (resuming where it stopped) and play. Returns the applied entry, or
        None if nothing was applied yet (still thinking) or nothing is pending."""
        state = self.state
        if state.kind is NodeKind.CHANCE:
            return self._apply(self.match.roll)
        if state.kind is not NodeKind.DECISION:
            return None
        if self._sides_pending:
            self._sides_asked = self.match.ply
            side = side_choice(state, lambda s: self._agent(s) if self.seats[s].is_ai else None)
            if side is not None:
                self._thinking = None
                return self._apply(lambda: self.match.submit(side[1], side[0]))
        if self.human_to_move or self.waiting_remote:
            return None
        seat = state.to_move
        agent = self._agent(seat)
        if self._thinking != seat:
            agent.start(state)
            self._thinking = seat
        if not agent.think(budget):
            return None
        self._thinking = None
        action = agent.choose()
        return self._apply(lambda: self.match.submit(action))

    def run_until_human(self, budget: float = 1e9, max_steps: int = 100_000) -> None:
        """Play dice and computer turns until a human must decide or the game ends (tests, CLI)."""
        for _ in range(max_steps):
            if not self.busy:
                return
            self.advance(budget)

    def _agent(self, seat: int) -> Any:
        if seat not in self._agents:
            level = self.seats[seat].level or "normal"
            rng = random.Random(f"{self.match.seed}/agent/{seat}")
            self._agents[seat] = self.game.make_agent(level, seat, rng)
        return self._agents[seat]

    # --- undo / redo ---------------------------------------------------------------------------
    def _last_human_decision(self) -> int | None:
        humans = set(self.human_seats)
        return next((e.by for e in reversed(self.match.log) if e.by in humans), None)

    @property
    def can_undo(self) -> bool:
        """Undo is offered against the computer: it takes back a human decision and the replies. Never in a
        daily challenge: its dice are the same in the same situation, so an undo would show the player
        what a decision leads to before he makes it."""
        return self.has_ai and not self.match.challenge and not self.remote and self._last_human_decision() is not None

    @property
    def can_redo(self) -> bool:
        return self.has_ai and self.match.can_redo

    def undo(self) -> bool:
        seat = self._last_human_decision()
        if not self.can_undo or seat is None or not self.match.undo(seat):
            return False
        self._thinking = None
        self._sides_asked = self.match.ply  # back to a ply where the computers have had their say
        for reset in self._reset_listeners:
            reset()
        return True

    def redo(self) -> bool:
        seat = self.match.redo_seat
        if not self.can_redo or not isinstance(seat, int):
            return False
        self.match.redo(seat)
        self._thinking = None
        for reset in self._reset_listeners:
            reset()
        return True
