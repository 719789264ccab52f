"""Indecix rules: 36 turns on a 6x6 grid; place your die where its face is not yet in the row or the
column, capture runs of dice framed by a borne, complete lines (suites) for points.

The state is immutable and flat (tuples of ints, see board.py) because the computer opponent applies
thousands of moves per decision, in Pyodide too.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from dicehall.core.protocol import NodeKind, Outcome, returns_of, winners_of
from dicehall.games.indecix import board
from dicehall.games.indecix.actions import CHOOSES, FACES, PASS, PLACES, Choose, Face, Pass, Place
from dicehall.games.indecix.board import COL, EDGE_LINES, FULL, ROW
from dicehall.games.indecix.options import IndecixOptions

TURNS = 36
LEFT, RIGHT = 0, 1
CHANCE_OUTCOMES = tuple((f, Fraction(1, 6)) for f in FACES)  # built once: no Fraction in hot loops
Action = Choose | Place | Pass  # what a player decides (the die outcome is a Face)
Phase = Literal["roll", "choose", "place", "pass", "over"]  # the view JSON's "phase", as it is
_KIND: dict[Phase, NodeKind] = {
    "roll": NodeKind.CHANCE,
    "choose": NodeKind.DECISION,
    "place": NodeKind.DECISION,
    "pass": NodeKind.DECISION,
    "over": NodeKind.TERMINAL,
}
_NONE: tuple[Any, ...] = ()
_FULL_TOKENS = (3, 3, 3, 3, 3, 3)  # Master: 3 tokens of each face per player


@dataclass(frozen=True, slots=True)
class Suite:
    """An intact completed line. ``points`` counts while the line stays full; a capture that breaks the
    line deletes the record, and completing the line again writes a new one."""

    line: str  # "row" | "col"
    index: int  # y for a row, x for a column
    creator: int
    face: int  # the die whose placement completed the line
    clean: bool  # all six dice of the creator's colour
    points: int

    @property
    def line_id(self) -> int:
        return self.index if self.line == "row" else 6 + self.index

    @property
    def edge(self) -> bool:
        """Edge lines can never be broken, so their points are safe."""
        return self.line_id in EDGE_LINES

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        return tuple((j % 6, j // 6) for j in board.LINE_CELLS[self.line_id])

    def to_json(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "index": self.index,
            "creator": self.creator,
            "face": self.face,
            "clean": self.clean,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class Last:
    """What the last turn did, for messages and animations. ``cell`` is None when the die was not played."""

    player: int
    cell: tuple[int, int] | None
    face: int
    captured: tuple[tuple[tuple[int, int], int, int], ...]  # ((x, y), owner, face)
    capture_points: int
    suites_formed: tuple[Suite, ...]

    @property
    def passed(self) -> bool:
        return self.cell is None

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "cell": list(self.cell) if self.cell else None,
            "face": self.face,
            "captured": [{"cell": list(c), "owner": o, "face": f} for c, o, f in self.captured],
            "capture_points": self.capture_points,
            "suites_formed": [s.to_json() for s in self.suites_formed],
        }


def _xy(i: int) -> tuple[int, int]:
    return (i % 6, i // 6)


def legal_indices(grid: tuple[int, ...], masks: tuple[int, ...], face: int) -> tuple[int, ...]:
    """Empty cells whose row and column do not hold ``face`` yet (dice of both colours count)."""
    bit = 1 << face
    cols = [x for x in range(6) if not masks[6 + x] & bit]
    out = []
    for y in range(6):
        if not masks[y] & bit:
            base = y * 6
            for x in cols:
                if not grid[base + x]:
                    out.append(base + x)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class IndecixState:
    """One position. Build the start with ``initial(options)``; ``apply`` returns a new state.

    Fields hold the whole truth; everything else (scores, view) is derived from them.
    """

    options: IndecixOptions
    turn: int  # 1..36 (36 once over)
    phase: Phase
    die: int | None  # the face in hand (place/pass phases)
    grid: tuple[int, ...]  # 36 cells, see board.py
    masks: tuple[int, ...]  # 12 line face masks, see board.py
    tokens: tuple[tuple[int, ...], ...] | None  # Master: per player, tokens left per face 1..6
    captured: tuple[tuple[tuple[int, int], ...], ...]  # per capturer: (owner, face) of each die taken
    unplayed: tuple[tuple[tuple[int, int], ...], ...]  # per beneficiary: (owner, face) of each die lost
    capture_points: tuple[int, int]
    lines: tuple[Suite | None, ...]  # 12 (rows then columns): the suite record of each intact suite
    last: Last | None
    moves: tuple[int, ...]  # legal cell indices for the die in hand (phase "place" only)

    # --- construction ------------------------------------------------------------------------------
    @classmethod
    def initial(cls, options: IndecixOptions | None = None) -> IndecixState:
        options = options or IndecixOptions()
        master = options.master
        return cls(
            options=options,
            turn=1,
            phase="choose" if master else "roll",
            die=None,
            grid=board.EMPTY_GRID,
            masks=board.EMPTY_MASKS,
            tokens=(_FULL_TOKENS, _FULL_TOKENS) if master else None,
            captured=((), ()),
            unplayed=((), ()),
            capture_points=(0, 0),
            lines=(None,) * 12,
            last=None,
            moves=(),
        )

    @classmethod
    def from_picture(
        cls,
        rows: str | list[str] | tuple[str, ...],
        options: IndecixOptions | None = None,
        *,
        turn: int | None = None,
        to_move: int | None = None,
        die: int | None = None,
        tokens: tuple[tuple[int, ...], ...] | None = None,
        suites: tuple[Suite, ...] = (),
    ) -> IndecixState:
        """A position drawn as 6 rows of 6 tokens ``L3`` / ``R5`` / ``..`` (tests, debugging).

        ``turn`` defaults to the first turn after the dice shown whose mover is ``to_move`` (default
        Left). With ``die`` the mover holds that face (phase place or pass); without it the turn starts
        (roll, or choose in Master). Master tokens default to 3 per face minus the player's dice shown
        and the die in hand. Full lines score nothing unless listed in ``suites``.
        """
        options = options or IndecixOptions()
        lines = rows.strip().splitlines() if isinstance(rows, str) else list(rows)
        if len(lines) != 6:
            raise ValueError(f"a picture has 6 rows, got {len(lines)}")
        grid = []
        for y, line in enumerate(lines):
            cells = line.split()
            if len(cells) != 6:
                raise ValueError(f"row {y} must have 6 cells, got {line!r}")
            for token in cells:
                if token in ("..", "."):
                    grid.append(0)
                elif len(token) == 2 and token[0] in "LR" and token[1] in "123456":
                    grid.append(int(token[1]) | ("LR".index(token[0]) << 3))
                else:
                    raise ValueError(f"bad cell {token!r} in row {y}: use L1-L6, R1-R6 or ..")
        masks = [0] * 12
        for i, v in enumerate(grid):
            if v:
                masks[ROW[i]] |= 1 << (v & 7)
                masks[COL[i]] |= 1 << (v & 7)
        mover = LEFT if to_move is None else to_move
        if turn is None:
            turn = sum(1 for v in grid if v) + 1
            if (turn - 1) % 2 != mover:
                turn += 1
        mover = (turn - 1) % 2
        if options.master and tokens is None:
            counts = [[3] * 6, [3] * 6]
            for v in grid:
                if v:
                    counts[v >> 3][(v & 7) - 1] -= 1
            if die is not None:
                counts[mover][die - 1] -= 1
            tokens = tuple(tuple(max(0, c) for c in player) for player in counts)
        slots: list[Suite | None] = [None] * 12
        for suite in suites:
            slots[suite.line_id] = suite
        state = cls(
            options=options,
            turn=turn,
            phase="choose" if options.master else "roll",
            die=None,
            grid=tuple(grid),
            masks=tuple(masks),
            tokens=tokens if options.master else None,
            captured=((), ()),
            unplayed=((), ()),
            capture_points=(0, 0),
            lines=tuple(slots),
            last=None,
            moves=(),
        )
        return state._with_die(die, state.tokens) if die is not None else state

    # --- protocol ----------------------------------------------------------------------------------
    @property
    def kind(self) -> NodeKind:
        return _KIND[self.phase]

    @property
    def mover(self) -> int:
        """Whose turn it is, even while the die rolls (0 = Left, 1 = Right)."""
        return (self.turn - 1) & 1

    @property
    def to_move(self) -> int | None:
        if self.phase == "roll" or self.phase == "over":
            return None
        return (self.turn - 1) & 1

    @property
    def num_players(self) -> int:
        return 2

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == "place":
            return tuple(PLACES[i] for i in self.moves)
        if phase == "pass":
            return (PASS,)
        if phase == "choose":
            counts = self.tokens[(self.turn - 1) & 1]  # type: ignore[index]
            return tuple(CHOOSES[f] for f in range(6) if counts[f])
        return _NONE

    def chance_outcomes(self) -> tuple[tuple[Face, Fraction], ...]:
        return CHANCE_OUTCOMES if self.phase == "roll" else _NONE

    def apply(self, step: Any) -> IndecixState:
        """The next state. Trusts its caller: check with ``core.protocol.step`` first."""
        cls = type(step)
        if cls is Place:
            x, y = step.cell
            return self.place_index(y * 6 + x, self.die, self.tokens)  # type: ignore[arg-type]
        if cls is Face:
            return self._with_die(step.face, self.tokens)
        if cls is Choose:
            return self._with_die(step.face, self.tokens_after(step.face))
        if cls is Pass:
            return self._pass()
        raise TypeError(f"not an Indecix action: {step!r}")

    def scores(self) -> tuple[int, int]:
        pts = [self.capture_points[0] + len(self.unplayed[0]), self.capture_points[1] + len(self.unplayed[1])]
        for suite in self.lines:
            if suite is not None:
                pts[suite.creator] += suite.points
        return (pts[0], pts[1])

    def returns(self) -> tuple[float, ...]:
        """1 to the winner (shared on a tie), 0 to the loser; before the end, of the current totals."""
        return returns_of(self.scores())

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        scores = self.scores()
        return Outcome(winners_of(scores), (float(scores[0]), float(scores[1])))

    # --- transitions -------------------------------------------------------------------------------
    def tokens_after(self, face: int) -> tuple[tuple[int, ...], ...]:
        """Master tokens once the mover has taken a token of ``face``."""
        tokens = self.tokens
        mover = (self.turn - 1) & 1
        mine = list(tokens[mover])  # type: ignore[index]
        mine[face - 1] -= 1
        return (tuple(mine), tokens[1]) if mover == 0 else (tokens[0], tuple(mine))  # type: ignore[index]

    def _with_die(self, face: int, tokens: tuple[tuple[int, ...], ...] | None) -> IndecixState:
        moves = legal_indices(self.grid, self.masks, face)
        return IndecixState(
            self.options, self.turn, "place" if moves else "pass", face, self.grid, self.masks, tokens,
            self.captured, self.unplayed, self.capture_points, self.lines, self.last, moves,
        )  # fmt: skip

    def _next_turn(self, **changes: Any) -> IndecixState:
        over = self.turn >= TURNS
        return IndecixState(
            self.options,
            self.turn if over else self.turn + 1,
            "over" if over else ("choose" if self.tokens is not None else "roll"),
            None,
            changes.get("grid", self.grid),
            changes.get("masks", self.masks),
            changes.get("tokens", self.tokens),
            changes.get("captured", self.captured),
            changes.get("unplayed", self.unplayed),
            changes.get("capture_points", self.capture_points),
            changes.get("lines", self.lines),
            changes["last"],
            (),
        )

    def _pass(self) -> IndecixState:
        """The die has no legal cell: it goes to the opponent's "not played" panel, worth 1 point."""
        player = (self.turn - 1) & 1
        face: int = self.die  # type: ignore[assignment]
        unplayed = list(self.unplayed)
        unplayed[1 - player] = unplayed[1 - player] + ((player, face),)
        return self._next_turn(unplayed=tuple(unplayed), last=Last(player, None, face, (), 0, ()))

    def place_index(self, i: int, face: int, tokens: tuple[tuple[int, ...], ...] | None) -> IndecixState:
        """The mover puts ``face`` on cell index ``i`` (trusted legal); ``tokens`` are the Master tokens
        after taking it. The AI calls this straight from a choose node, skipping the Choose state."""
        player = (self.turn - 1) & 1
        old = self.grid
        taken = board.captures(old, i, face)
        grid = list(old)
        masks = list(self.masks)
        bit = 1 << face
        grid[i] = face | (player << 3)
        masks[ROW[i]] |= bit
        masks[COL[i]] |= bit
        lines = self.lines
        points = 0
        record: tuple[tuple[tuple[int, int], int, int], ...] = ()
        captured = self.captured
        capture_points = self.capture_points
        if taken:
            lines_l = list(lines)
            rec = []
            for j in taken:
                v = old[j]
                f, owner = v & 7, v >> 3
                points += f if owner == player else 2 * f
                grid[j] = 0
                masks[ROW[j]] &= ~(1 << f)
                masks[COL[j]] &= ~(1 << f)
                lines_l[ROW[j]] = None  # a line that loses a die is no suite any more
                lines_l[COL[j]] = None
                rec.append((_xy(j), owner, f))
            lines = tuple(lines_l)
            record = tuple(rec)
            mine = captured[player] + tuple((o, f) for _, o, f in record)
            captured = (mine, captured[1]) if player == 0 else (captured[0], mine)
            capture_points = (
                (capture_points[0] + points, capture_points[1])
                if player == 0
                else (capture_points[0], capture_points[1] + points)
            )
        formed: tuple[Suite, ...] = ()
        row, col = ROW[i], COL[i]
        # Captures first, then the placed die's row and column: each full one is a suite.
        if masks[row] == FULL or masks[col] == FULL:
            lines_l = list(lines)
            original = self.options.suite_scoring == "original"
            new_grid = tuple(grid)
            out = []
            for line in (row, col):
                if masks[line] == FULL:
                    clean = board.line_clean(new_grid, line, player)
                    suite = Suite(
                        "row" if line < 6 else "col", line % 6, player, face, clean,
                        board.suite_points(face, clean, original),
                    )  # fmt: skip
                    lines_l[line] = suite
                    out.append(suite)
            lines = tuple(lines_l)
            formed = tuple(out)
        return self._next_turn(
            grid=tuple(grid),
            masks=tuple(masks),
            tokens=tokens,
            captured=captured,
            capture_points=capture_points,
            lines=lines,
            last=Last(player, _xy(i), face, record, points, formed),
        )

    # --- questions the UI and the AI ask -----------------------------------------------------------
    def cell(self, x: int, y: int) -> tuple[int, int] | None:
        """None for an empty cell, else (owner, face)."""
        v = self.grid[y * 6 + x]
        return (v >> 3, v & 7) if v else None

    def legal_cells(self, face: int | None = None) -> tuple[tuple[int, int], ...]:
        """Cells where the die in hand (or a die of ``face``) may go, sorted by (x, y)."""
        if face is None:
            cells = self.moves if self.phase == "place" else ()
        else:
            cells = legal_indices(self.grid, self.masks, face)
        return tuple(sorted(_xy(i) for i in cells))

    def capture_preview(
        self, cell: tuple[int, int], face: int | None = None
    ) -> tuple[int, tuple[tuple[int, int], ...]]:
        """(points, captured cells) if the mover put the die in hand (or ``face``) on ``cell`` now."""
        face = self.die if face is None else face
        if face is None:
            return (0, ())
        player = self.mover
        taken = board.captures(self.grid, cell[1] * 6 + cell[0], face)
        points = 0
        for j in taken:
            v = self.grid[j]
            points += (v & 7) if v >> 3 == player else 2 * (v & 7)
        return (points, tuple(_xy(j) for j in taken))

    def completes_line(self, cell: tuple[int, int], face: int | None = None) -> bool:
        """Whether placing there fills its row or column once this placement's captures are made."""
        face = self.die if face is None else face
        if face is None:
            return False
        i = cell[1] * 6 + cell[0]
        taken = board.captures(self.grid, i, face)
        bit = 1 << face
        row, col = ROW[i], COL[i]
        row_full = self.masks[row] | bit == FULL and not any(ROW[j] == row for j in taken)
        col_full = self.masks[col] | bit == FULL and not any(COL[j] == col for j in taken)
        return row_full or col_full

    @property
    def suites(self) -> tuple[Suite, ...]:
        """The suites currently intact (each one counts its points)."""
        return tuple(s for s in self.lines if s is not None)

    def category_scores(self, player: int) -> dict[str, int]:
        mixed = sum(s.points for s in self.lines if s is not None and s.creator == player and not s.clean)
        clean = sum(s.points for s in self.lines if s is not None and s.creator == player and s.clean)
        out = {
            "captures": self.capture_points[player],
            "unplayed": len(self.unplayed[player]),
            "suites_mixed": mixed,
            "suites_clean": clean,
        }
        out["total"] = sum(out.values())
        return out

    def in_hand(self, player: int) -> int:
        """1 when ``player`` holds the die or token of this turn, else 0."""
        return int(self.die is not None and self.mover == player)

    def dice_left(self, player: int) -> int:
        """Dice (Blitz) or tokens (Master) ``player`` has still to roll or choose."""
        if self.tokens is not None:
            return sum(self.tokens[player])
        done = TURNS if self.phase == "over" else self.turn - 1
        mine = (done + 1) // 2 if player == LEFT else done // 2
        return 18 - mine - self.in_hand(player)

    def tokens_left(self, player: int) -> tuple[int, ...] | None:
        """Master: tokens left per face 1..6; None in Blitz (dice not rolled yet have no face)."""
        return None if self.tokens is None else self.tokens[player]

    def dice_on_grid(self, player: int | None = None) -> int:
        return sum(1 for v in self.grid if v and (player is None or v >> 3 == player))

    # --- output ------------------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """The public state as JSON (docs/save-format.md, "Indecix")."""
        grid = [
            [
                None if not v else {"face": v & 7, "owner": v >> 3}
                for v in self.grid[y * 6 : y * 6 + 6]
            ]
            for y in range(6)
        ]  # fmt: skip
        over = self.phase == "over"
        outcome = self.outcome()
        return {
            "game": "indecix",
            "mode": self.options.mode,
            "suite_scoring": self.options.suite_scoring,
            "turn": self.turn,
            "turns": TURNS,
            "mover": self.mover,
            "to_move": self.to_move,
            "phase": self.phase,
            "die": self.die,
            "legal_cells": [list(c) for c in self.legal_cells()],
            "grid": grid,
            "scores": [self.category_scores(p) for p in (0, 1)],
            "dice_left": [self.dice_left(p) for p in (0, 1)],
            "tokens_left": None if self.tokens is None else [list(t) for t in self.tokens],
            "captured": [[{"face": f, "owner": o} for o, f in self.captured[p]] for p in (0, 1)],
            "unplayed": [[{"face": f, "owner": o} for o, f in self.unplayed[p]] for p in (0, 1)],
            "suites": [s.to_json() for s in self.suites],
            "last": None if self.last is None else self.last.to_json(),
            "winners": list(outcome.winners) if over and outcome else None,
        }

    def __str__(self) -> str:
        who = "LR"[self.mover]
        head = f"Indecix {self.options.mode} turn {self.turn}/{TURNS} {self.phase}"
        if self.phase != "over":
            head += f", {who} to play" + (f" a {self.die}" if self.die else "")
        rows = ["   " + " ".join(f" {x}" for x in range(6))]
        for y in range(6):
            cells = []
            for x in range(6):
                v = self.grid[y * 6 + x]
                cells.append(f"{'LR'[v >> 3]}{v & 7}" if v else "..")
            suite = self.lines[y]
            rows.append(f"{y}  " + " ".join(cells) + (f"  suite {'LR'[suite.creator]}{suite.points}" if suite else ""))
        cols = [f"col {s.index}: {'LR'[s.creator]}{s.points}" for s in self.lines[6:] if s]
        s0, s1 = self.scores()
        tail = f"score L {s0} - R {s1}" + ("; " + ", ".join(cols) if cols else "")
        return "\n".join([head, *rows, tail])


def initial(options: IndecixOptions | None = None) -> IndecixState:
    return IndecixState.initial(options)


def num_players(options: Any = None) -> int:
    return 2
