"""Golden playthroughs: seeded games recorded as text, each log entry followed by the notation
(``str(state)``) of the position after it, as OpenSpiel's playthrough files do.

A file is a header (game, rules_version, options, seed, the computer level of each seat) and the log.
``render`` writes it; ``replay`` reads one back and plays its log again through the checked rules (the
dice must also be the ones the seed gives at each ply), and ``test_golden.py`` compares the text that
replay renders with the file. ``regenerate.py`` rewrites the files when a change of the rules or of the
notation is intended.
"""

from __future__ import annotations

import difflib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dicehall.ai import decide
from dicehall.ai.agent import side_choice
from dicehall.core.errors import InvalidActionError
from dicehall.core.match import CHANCE, LogEntry, Match
from dicehall.core.protocol import NodeKind, side_actions
from dicehall.core.registry import GameDef, load

HERE = Path(__file__).resolve().parent
MAX_PLIES = 5000  # a recorded game longer than this is a bug in its rules or its agents
HEADER = "# dicehall golden playthrough; after an intended change: python tests/golden/regenerate.py"


@dataclass(frozen=True)
class Case:
    """One recorded game: ``name`` is its file (``<name>.txt`` here)."""

    name: str
    game: str
    options: dict[str, Any]
    levels: tuple[str, ...]  # one computer level per seat

    @property
    def seed(self) -> str:
        return f"golden/{self.name}"

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.txt"


# Short options where a game has them, so that each file stays small (well under 200 kB).
CASES = (
    Case("indecix-blitz", "indecix", {"mode": "blitz"}, ("expert", "normal")),
    Case("indecix-master", "indecix", {"mode": "master", "suite_scoring": "original"}, ("normal", "expert")),
    Case("charidice-2p", "charidice", {"players": 2}, ("expert", "normal")),
    Case(
        "charidice-3p",
        "charidice",
        {"players": 3, "marking": "zero_allowed", "donation_given": "undoubled"},
        ("normal", "easy", "expert"),
    ),
    Case("roudalon-4p", "roudalon", {"players": 4, "parties": 2}, ("expert", "normal", "easy", "normal")),
    Case(
        "roudalon-3p-play-on",
        "roudalon",
        {"players": 3, "parties": 2, "dead_party": "play_on"},
        ("normal", "expert", "easy"),
    ),
    Case("marchands-2p", "marchands", {"players": 2, "size": 30, "round_limit": 12}, ("expert", "normal")),
    Case(
        "marchands-3p-extensions",
        "marchands",
        {"players": 3, "size": 30, "round_limit": 10, "portals": True, "multipliers": True, "replay_bonus": True},
        ("normal", "expert", "easy"),
    ),
    Case("paradice-3p", "paradice", {"players": 3, "round_limit": 12}, ("expert", "normal", "easy")),
    Case("paradice-2p-rules", "paradice", {"players": 2, "rules": 6, "round_limit": 15}, ("normal", "expert")),
)


def _by(entry: LogEntry) -> str:
    return "chance" if entry.by == CHANCE else f"seat {entry.by}"


def render(case: Case, match: Match) -> str:
    """The file's text for ``match`` (played or replayed from ``case``)."""
    game = match.game
    out = [
        HEADER,
        f"game: {case.game}",
        f"rules_version: {game.rules_version}",
        f"options: {json.dumps(game.options_to_json(match.options), sort_keys=True)}",
        f"seed: {case.seed}",
        f"seats: {', '.join(case.levels)}",
        "",
        "--- start",
        str(match.state_at(0)),
    ]
    for ply, entry in enumerate(match.log, 1):
        action = json.dumps(game.codec.to_json(entry.action))
        out += ["", f"--- {ply}. {_by(entry)}: {action}", str(match.state_at(ply))]
    outcome = match.state.outcome()
    out += ["", "--- end"]
    if outcome is not None:
        out.append(f"winners: {list(outcome.winners)}, scores: {[_number(s) for s in outcome.scores]}")
    return "\n".join(line.rstrip() for line in out) + "\n"


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def parse(text: str) -> tuple[dict[str, str], list[tuple[int | str, dict[str, Any]]]]:
    """The header fields and the log entries ``(seat or "chance", action JSON)`` of a file."""
    header: dict[str, str] = {}
    entries: list[tuple[int | str, dict[str, Any]]] = []
    for line in text.splitlines():
        if line.startswith("--- ") and ". " in line and ": " in line:
            _, rest = line[4:].split(". ", 1)
            by, action = rest.split(": ", 1)
            entries.append((CHANCE if by == "chance" else int(by.removeprefix("seat ")), json.loads(action)))
        elif not entries and ": " in line and not line.startswith(("#", "---")):
            key, value = line.split(": ", 1)
            header.setdefault(key, value)
    return header, entries


def new_match(case: Case) -> Match:
    game = load(case.game)
    return Match(game, game.options_from_json(case.options), case.seed)


def replay(case: Case, text: str) -> Match:
    """``case`` replayed from its recorded log: every decision through the checked rules, every die
    rolled from the seed and compared with the one recorded.

    :raises AssertionError: a die differs from the recording (the draw from the seed changed).
    :raises IllegalActionError: a recorded decision is not legal any more.
    """
    match = new_match(case)
    _, entries = parse(text)
    for ply, (by, action) in enumerate(entries, 1):
        if by == CHANCE:
            rolled = match.game.codec.to_json(match.roll().action)
            assert rolled == action, f"entry {ply}: the seed now rolls {rolled}, the file has {action}"
        else:
            match.apply_entry(LogEntry(by, match.game.codec.from_json(action)))
    return match


def play(case: Case, old: str | None = None) -> Match:
    """Play ``case`` with its computer seats. With ``old`` (the file's current text) the recorded
    decisions are kept as long as they are still legal where they were played, so that a change shows
    as a small diff; from the first one that is not, the agents decide."""
    match = new_match(case)
    game: GameDef = match.game
    agents = [
        game.make_agent(level, seat, random.Random(f"{case.seed}/{seat}")) for seat, level in enumerate(case.levels)
    ]
    recorded = parse(old)[1] if old else []
    following = bool(recorded)
    while match.state.kind is not NodeKind.TERMINAL:
        if match.ply >= MAX_PLIES:
            raise RuntimeError(f"{case.name} did not end within {MAX_PLIES} plies")
        state = match.state
        if following and (
            match.ply >= len(recorded) or (recorded[match.ply][0] == CHANCE) != (state.kind is NodeKind.CHANCE)
        ):
            following = False
        if state.kind is NodeKind.CHANCE:
            match.roll()
            continue
        if following and _replayed(match, recorded[match.ply]):
            continue
        following = False
        side = side_choice(state, agents.__getitem__)
        if side is not None:
            match.submit(side[1], side[0])
        else:
            seat = state.to_move
            assert seat is not None
            match.submit(decide(agents[seat], state))
    return match


def _replayed(match: Match, entry: tuple[int | str, dict[str, Any]]) -> bool:
    """Submit a recorded decision if it is still legal where it was played (else False)."""
    by, data = entry
    state = match.state
    try:
        action = match.game.codec.from_json(data)
    except InvalidActionError:
        return False
    if by == state.to_move and action in state.legal_actions():
        match.submit(action)
    elif isinstance(by, int) and (by, action) in side_actions(state):
        match.submit(action, by)
    else:
        return False
    return True


def diff(expected: str, actual: str, name: str, context: int = 3, limit: int = 60) -> str:
    """A readable unified diff (the first ``limit`` lines) between a file and its replay."""
    lines = list(
        difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            f"{name} (file)",
            f"{name} (replayed now)",
            n=context,
            lineterm="",
        )
    )
    more = len(lines) - limit
    return "\n".join(lines[:limit] + ([f"... and {more} more lines of diff"] if more > 0 else []))
