"""What one session step did, told as a sequence of beats the screen plays at the chosen speed.

The rules apply a step in one go (a roll moves the pawn, pays, acts and may end the turn); the state's log
(kept until the next player rolls) and trail (the cells walked since the roll) say what it did. The beats
are: the dice landing, the pawn's moves cell by cell (split where a bis repetita sends it on), one beat per event (payments, purchase,
ladder jump, relance, jackpot, sale, elimination) and a pause at the end of the turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.games.paradice.actions import Dice, Go
from dicehall.games.paradice.rules import Event, ParadiceState, step_events

# Beat lengths in cell intervals (the speed setting's 50 / 100 / 220 ms; 0 at instant). The messages stay
# in their zone until the next turn's dice: a beat is the pause that lets the eye follow, not reading time.
DICE_TICKS = 2
EVENT_TICKS = {
    "bis": 3,
    "pay": 3,
    "buy": 3,
    "free": 3,
    "decline": 3,
    "ladder": 2,
    "relance": 4,
    "jackpot": 6,
    "sell": 3,
    "eliminated": 8,
    "over": 2,
    "landed": 3,
}
JUMP_TICKS = 2
END_TICKS = 1  # the end of a turn stays on screen before the next player's dice


@dataclass(slots=True)
class Beat:
    """One thing shown for ``ticks`` cell intervals. ``kind``: "dice" | "move" (``path``: the cells from
    where the pawn stands) | "jump" (``path``: from, to) | "event" (``event``) | "landed" (``event``: a
    landing with no event of its own, for its message) | "end"."""

    kind: str
    player: int
    ticks: float
    path: tuple[int, ...] = ()
    event: Any = None
    dice: tuple[int, int] | None = None
    start: float | None = None
    duration: float = 0.0
    shows: Any = None  # the state the zones show from this beat on


@dataclass(frozen=True, slots=True)
class Traced:
    events: tuple[Event, ...]  # the step's events, in order
    legs: tuple[tuple[int, ...], ...]  # the cells walked, one tuple per leg (a bis repetita starts a new one)
    start: int  # where the pawn stood
    landed: bool  # the pawn landed (it did not stop at a crossing)


def trace(before: ParadiceState, after: ParadiceState, action: Any) -> Traced:
    """What the step ``action`` from ``before`` to ``after`` did, read from the rules' log and trail (the
    cells walked since the roll): the walk is split into legs where a bis repetita sent the pawn on."""
    events = step_events(before, after)
    if isinstance(action, Dice):
        walked = after.trail[1:]  # a roll starts a new trail where the pawn stands
    elif isinstance(action, Go):
        walked = after.trail[len(before.trail) :]
    else:
        walked = ()
    splits = [e.cell for e in events if e.kind == "bis"]
    legs: list[tuple[int, ...]] = []
    leg: list[int] = []
    for cell in walked:
        leg.append(cell)
        if splits and cell == splits[0]:  # a walk never passes the same border cell twice
            splits.pop(0)
            legs.append(tuple(leg))
            leg = []
    if leg:
        legs.append(tuple(leg))
    landed = isinstance(action, (Dice, Go)) and after.phase != "direction"
    return Traced(events, tuple(legs), before.pawn, landed)


def beats_of(before: ParadiceState, after: ParadiceState, action: Any) -> list[Beat]:
    """The beats showing the step ``action`` that took ``before`` to ``after``."""
    p = before.current
    t = trace(before, after, action)
    out: list[Beat] = []
    legs = list(t.legs)
    here = t.start

    def walk() -> None:
        nonlocal here
        if legs:
            leg = legs.pop(0)
            out.append(Beat("move", p, len(leg), (here,) + leg))
            here = leg[-1]

    if isinstance(action, Dice):
        out.append(
            Beat(
                "dice",
                p,
                DICE_TICKS,
                dice=(action.a, action.b),
                event=next((e for e in t.events if e.kind == "roll"), None),
            )
        )
        walk()
    elif isinstance(action, Go):
        walk()
    acted = False
    for ev in t.events:
        if ev.kind == "roll":
            continue
        if ev.kind == "bis":
            out.append(Beat("event", p, EVENT_TICKS["bis"], event=ev))
            walk()
            continue
        acted = acted or ev.kind not in ("pay",)
        if ev.kind == "ladder":
            out.append(Beat("event", p, EVENT_TICKS["ladder"], event=ev))
            out.append(Beat("jump", p, JUMP_TICKS, (ev.cell, ev.to), event=ev))
            continue
        out.append(Beat("event", ev.player, EVENT_TICKS.get(ev.kind, 4), event=ev))
    if t.landed and not acted and isinstance(action, (Dice, Go)):
        # landed where nothing more happens (an opponent's event, a tirelire, one's own event): say so
        out.append(Beat("landed", p, EVENT_TICKS["landed"], event=Event("landed", p, here)))
    if after.current != before.current or after.round != before.round:
        if after.phase != "over":
            out.append(Beat("end", p, END_TICKS))
    return out
