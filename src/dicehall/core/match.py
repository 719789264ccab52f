"""A game in progress: options + seed + log. The only mutable object of the engine.

The log is the source of truth; ``_states`` caches the state after each entry, so undo is a pop.
Dice rolled at ply N come from ``random.Random(f"{seed}/{N}")``: undoing and replaying meets the same
dice, and a save records every outcome actually rolled so replay never depends on the generator. A
daily challenge draws per situation instead (``challenge``, core/challenge.py).
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

from dicehall.core import challenge
from dicehall.core.chance import sample
from dicehall.core.errors import IllegalActionError, InvalidActionError
from dicehall.core.limits import quote
from dicehall.core.protocol import NodeKind, State, side_actions, step
from dicehall.core.registry import GameDef

CHANCE = "chance"


@dataclass(frozen=True, slots=True)
class LogEntry:
    by: int | str  # seat index, or "chance" for a dice outcome
    action: Any

    def to_json(self, game: GameDef) -> dict[str, Any]:
        return {"by": self.by, "do": game.codec.to_json(self.action)}


class Match:
    def __init__(self, game: GameDef, options: Any, seed: str) -> None:
        self.game = game
        self.options = options
        self.seed = str(seed)
        self.challenge: str | None = None  # a daily challenge's date: its dice are drawn per situation
        # A secret of the device rolling (play by link): mixed into the dice it rolls, so that the other
        # players cannot compute them from the seed. Never saved: the log records every outcome.
        self.salt = ""
        self.log: list[LogEntry] = []
        self._states: list[State[Any]] = [game.initial(options)]
        self._redo: list[LogEntry] = []

    # --- reading -------------------------------------------------------------------------------
    @property
    def state(self) -> State[Any]:
        return self._states[-1]

    @property
    def ply(self) -> int:
        return len(self.log)

    def state_at(self, ply: int) -> State[Any]:
        return self._states[ply]

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def redo_seat(self) -> int | str | None:
        """Who made the first decision that ``redo`` would re-apply."""
        return self._redo[0].by if self._redo else None

    # --- playing -------------------------------------------------------------------------------
    def submit(self, action: Any, seat: int | None = None) -> LogEntry:
        """Apply a decision of the seat to move, or a side action of ``seat``, after checking it.

        :raises IllegalActionError: not legal here (the message names the action and the seat).
        """
        state = self.state
        if state.kind is not NodeKind.DECISION:
            raise IllegalActionError(f"no player is to move ({state.kind.value}); {quote(action)} refused")
        by = state.to_move if seat is None else seat
        assert by is not None  # a decision node has a seat to move
        entry = LogEntry(by, action)
        self._push(entry, step(state, action, by))
        self._redo.clear()
        return entry

    def submit_json(self, data: Any, seat: int | None = None) -> LogEntry:
        """:raises InvalidActionError | IllegalActionError:"""
        return self.submit(self.game.codec.from_json(data), seat)

    def roll(self) -> LogEntry:
        """Resolve the chance node at the head with this ply's generator (a challenge's: this situation's)."""
        state = self.state
        if state.kind is not NodeKind.CHANCE:
            raise IllegalActionError("no dice are rolling")
        rng = (
            challenge.dice_generator(self.game.id, self.challenge, state)
            if self.challenge
            else random.Random(f"{self.seed}/{self.ply}/{self.salt}" if self.salt else f"{self.seed}/{self.ply}")
        )
        outcome = sample(state.chance_outcomes(), rng)
        entry = LogEntry(CHANCE, outcome)
        self._push(entry, state.apply(outcome))
        return entry

    def force(self, outcome: Any) -> LogEntry:
        """Resolve the chance node with a chosen outcome (tests, and loading a save)."""
        if self.state.kind is not NodeKind.CHANCE:
            raise IllegalActionError(f"no dice are rolling; outcome {quote(outcome)} refused")
        entry = LogEntry(CHANCE, outcome)
        self._push(entry, step(self.state, outcome))
        return entry

    def roll_all(self) -> list[LogEntry]:
        """Roll every chance node until a player must decide or the game ends."""
        entries = []
        while self.state.kind is NodeKind.CHANCE:
            entries.append(self.roll())
        return entries

    def apply_entry(self, entry: LogEntry) -> None:
        """Replay one log entry through the checked rules (loading, redo).

        :raises IllegalActionError: the entry does not fit the position.
        """
        if entry.by == CHANCE:
            self.force(entry.action)
            return
        state = self.state
        if state.kind is NodeKind.TERMINAL:
            raise IllegalActionError(f"the game is over; nothing more can be played by {quote(entry.by)}")
        if isinstance(entry.by, int) and (entry.by, entry.action) in side_actions(state):
            self._push(entry, step(state, entry.action, entry.by))
            return
        if state.kind is not NodeKind.DECISION or entry.by != state.to_move:
            expected = "the dice" if state.kind is NodeKind.CHANCE else f"player {state.to_move}"
            raise IllegalActionError(f"it is {expected}'s turn, not {quote(entry.by)}'s")
        self._push(entry, step(state, entry.action))

    def _push(self, entry: LogEntry, state: State[Any]) -> None:
        self.log.append(entry)
        self._states.append(state)

    # --- undo / redo ---------------------------------------------------------------------------
    def undo(self, seat: int) -> bool:
        """Take back everything since ``seat``'s last decision, that decision included.

        The dice rolled before it stay: the seat decides again on the same dice.
        Returns False (and changes nothing) when ``seat`` has not decided yet.
        """
        last = next((i for i in range(len(self.log) - 1, -1, -1) if self.log[i].by == seat), None)
        if last is None:
            return False
        popped = self.log[last:]
        del self.log[last:]
        del self._states[last + 1 :]
        self._redo = popped + self._redo
        return True

    def redo(self, seat: int) -> bool:
        """Re-apply ``seat``'s undone decision and what followed it, up to its next decision."""
        if not self._redo:
            return False
        first, *rest = self._redo
        self.apply_entry(first)
        while rest and rest[0].by != seat:
            self.apply_entry(rest.pop(0))
        self._redo = rest
        return True

    def prefix(self, ply: int) -> Match:
        """A new match holding this one's first ``ply`` entries and their states (shared: states are
        immutable), with nothing to redo: the replay viewer's position after ``ply`` entries."""
        if not 0 <= ply <= self.ply:
            raise ValueError(f"ply {ply} is outside this game (0 to {self.ply})")
        other = copy.copy(self)
        other.log = self.log[:ply]
        other._states = self._states[: ply + 1]
        other._redo = []
        return other

    # --- serialising ---------------------------------------------------------------------------
    def log_json(self) -> list[dict[str, Any]]:
        return [entry.to_json(self.game) for entry in self.log]

    def entry_from_json(self, data: Any) -> LogEntry:
        """:raises InvalidActionError:"""
        if not isinstance(data, dict) or "by" not in data or "do" not in data:
            raise InvalidActionError('a log entry must be {"by": seat or "chance", "do": action}')
        unknown = set(data) - {"by", "do"}
        if unknown:  # refused rather than dropped: a save must say exactly what was played
            raise InvalidActionError(f"a log entry has unknown key(s) {quote(sorted(map(str, unknown))[:5])}")
        by = data["by"]
        if by != CHANCE and (not isinstance(by, int) or isinstance(by, bool)):
            raise InvalidActionError(f'"by" must be a seat number or "chance", got {quote(by, 40)}')
        return LogEntry(by, self.game.codec.from_json(data["do"]))
