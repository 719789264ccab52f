"""The move log's common parts: what every game's describer (``games/<id>/log_lines.py``) is given, and the
loop that turns a match's log into lines.

A describer module has:

- ``entry_lines(ctx, states, log, i) -> list[(ply, text)]``: the lines that log entry ``i`` completes, in
  the game's own words. ``states[i]`` is the position before it, ``states[i + 1]`` after it. A line may
  start at an earlier ply (``ply <= i``): dice thrown together are told in one line once the last of them
  has landed, starting at the first one's entry.
- ``heading(ctx, state) -> str``: the heading of the group (round, turn) of an entry played from ``state``.
- optionally ``default_name(lang, seat) -> str``: a seat's name when it has none (as the game's screen
  names it).

Lines depend only on the log and the states the rules computed from it, so they are the same after a
reload, and need no screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

CHANCE = "chance"


class LogContext:
    """What the game's screen-message functions read from a scene (``lang``, ``player_name``, ``is_human``,
    ``state``, ``touch``): the log speaks of every player in the third person, without keyboard hints."""

    touch = True

    def __init__(self, lang: str, names: Sequence[str], state: Any = None) -> None:
        self.lang, self.names, self.state = lang, names, state

    def player_name(self, p: int) -> str:
        return self.names[p] if 0 <= p < len(self.names) and self.names[p] else f"J{p + 1}"

    def is_human(self, _p: int) -> bool:
        return False

    def at(self, state: Any) -> LogContext:
        return LogContext(self.lang, self.names, state)


def chance_run_start(log: Sequence[Any], i: int) -> int:
    """The first entry of the run of dice outcomes that ends at entry ``i``."""
    while i > 0 and log[i - 1].by == CHANCE:
        i -= 1
    return i


class States(Protocol):
    """The positions of a match by ply (``states[k]``: after ``k`` entries): a list, or a view that reads
    them in place."""

    def __getitem__(self, ply: int, /) -> Any: ...

    def __len__(self) -> int: ...


def entry_lines(
    module: Any, lang: str, names: Sequence[str], states: States, log: Sequence[Any], i: int
) -> list[tuple[int, str]]:
    return [
        (ply, text[:1].upper() + text[1:])  # "east ladder: ..." starts a line: "East ladder: ..."
        for ply, text in module.entry_lines(LogContext(lang, names, states[i + 1]), states, log, i)
        if text
    ]


def lines(
    module: Any, states: Sequence[Any], log: Sequence[Any], lang: str, names: Sequence[str]
) -> list[tuple[int, Any, str]]:
    """Every line of a game's log, oldest first: (ply, by, text); ``states[k]`` is the position after ``k``
    entries (``len(states) == len(log) + 1``)."""
    out: list[tuple[int, Any, str]] = []
    for i in range(len(log)):
        out.extend((ply, log[ply].by, text) for ply, text in entry_lines(module, lang, names, states, log, i))
    return out
