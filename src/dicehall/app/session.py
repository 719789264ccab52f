"""A session: one match and the seats playing it (humans and computer agents).

The session decides nothing about timing: the app calls ``advance(budget)`` when the screen is ready for
the next step (after an animation, or at once when the page API plays at full speed). Scenes subscribe
to the entries the session applies so they can animate them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from dicehall.core.errors import IllegalActionError
from dicehall.core.match import LogEntry, Match
from dicehall.core.protocol import NodeKind
from dicehall.core.registry import GameDef
from dicehall.core.save import SavedGame, Seat

Listener = Callable[[LogEntry, Any, Any], None]  # (entry, state before, state after)


class Session:
    def __init__(self, game: GameDef, match: Match, seats: list[Seat]) -> None:
        self.game, self.match, self.seats = game, match, seats
        self._agents: dict[int, Any] = {}
        self._thinking: int | None = None  # the seat whose agent has started on the current state
        self._listeners: list[Listener] = []
        self._reset_listeners: list[Callable[[], None]] = []

    @classmethod
    def new(cls, game: GameDef, options: Any, seats: list[Seat], seed: str) -> Session:
        session = cls(game, Match(game, options, seed), seats)
        return session

    @classmethod
    def from_saved(cls, saved: SavedGame) -> Session:
        return cls(saved.match.game, saved.match, saved.seats)

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
        return seat is not None and not self.seats[seat].is_ai

    def legal(self) -> tuple[Any, ...]:
        """The legal actions when a human seat is to move, else nothing."""
        return tuple(self.state.legal_actions()) if self.human_to_move else ()

    @property
    def busy(self) -> bool:
        """Dice to roll or a computer seat to move: ``advance`` has work to do."""
        kind = self.state.kind
        return kind is NodeKind.CHANCE or (kind is NodeKind.DECISION and not self.human_to_move)

    @property
    def has_ai(self) -> bool:
        return any(seat.is_ai for seat in self.seats)

    @property
    def human_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if not seat.is_ai]

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
        """A human seat's decision. :raises IllegalActionError: not a human's turn, or not legal."""
        if not self.human_to_move:
            raise IllegalActionError(f"it is not a human player's turn; {action!r} refused")
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
        if state.kind is not NodeKind.DECISION or self.human_to_move:
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
        """Undo is offered against the computer: it takes back a human decision and the replies."""
        return self.has_ai and self._last_human_decision() is not None

    @property
    def can_redo(self) -> bool:
        return self.has_ai and self.match.can_redo

    def undo(self) -> bool:
        seat = self._last_human_decision()
        if not self.has_ai or seat is None or not self.match.undo(seat):
            return False
        self._thinking = None
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
