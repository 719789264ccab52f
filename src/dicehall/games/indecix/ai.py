"""Indecix computer opponents: a heuristic ``evaluate`` and three levels of agents.

The heuristic is the score difference, corrected by what is at stake:
- a suite on an inner line can still be broken by a capture, so part of its points is held back
  while many turns remain (an edge suite can never be broken and counts in full);
- dice left open to capture: a die can only be framed along a line where it is not at an end, and
  never with a 1 or a 6; each open die is a liability of about half its face for its owner;
- the player about to move is credited with the best immediate gain of their die (Blitz, averaged
  over the six faces while it rolls) or of their best token (Master): captures, suites completed and
  the opponent's suites broken.

Levels: easy plays at random with a bias to capturing; normal is greedy over one ply (the opponent's
next die averaged in Blitz) on the score and the immediate gains only; expert adds the open dice and
answers its most promising moves with the opponent's best replies (Blitz: for each face of his die).

Why the expert chose a move, in words, is ``hint.why``.
"""

from __future__ import annotations

import random
from typing import Any, cast

from dicehall.ai.agent import Search, SearchAgent
from dicehall.ai.agents import Evaluate, GreedyAgent
from dicehall.games.indecix import board
from dicehall.games.indecix.actions import CHOOSES, FACES, PASS, PLACES, Choose, Place
from dicehall.games.indecix.board import COL, EDGE_LINES, FULL, LINE_CELLS, ROW
from dicehall.games.indecix.rules import TURNS, IndecixState, legal_indices

LEVELS = ("easy", "normal", "expert")
# Weights chosen from side-swapped seeded matches against the normal level: the suite risk and the
# threat weight barely moved the results; the open-dice term did (Master: 70 % -> 92 % of wins).
WIN = 1000.0  # a finished game outweighs any score difference
SUITE_RISK = 0.4  # share of an inner suite's points held back at the start, fading to 0 at the end
THREAT = 0.9  # weight of the mover's best immediate gain
EXPOSURE = 0.5  # weight of the open dice
_MIDDLE = (0.0, 0.0, 0.5, 1.0, 1.0, 0.5, 0.0)  # by face: 1 and 6 are never between two others
# EXPOSED[i][f]: the liability of a die of face f on cell i for its owner. Framed, it gives the
# opponent 2 x f, or its owner f: about f / 2 net for the opponent, per line where it is not at an end.
EXPOSED = tuple(tuple(((0 < i % 6 < 5) + (0 < i // 6 < 5)) * _MIDDLE[f] * f / 2 for f in range(7)) for i in range(36))


# --- heuristic ---------------------------------------------------------------------------------------
def gain(state: IndecixState, i: int, face: int, player: int) -> int:
    """Score difference won by ``player`` putting ``face`` on empty cell ``i``: capture points, plus
    the suites the placement completes, plus the suites its captures break (lost by their creator)."""
    grid, lines = state.grid, state.lines
    taken = board.captures(grid, i, face)
    bit = 1 << face
    row, col = ROW[i], COL[i]
    row_full = state.masks[row] | bit == FULL
    col_full = state.masks[col] | bit == FULL
    g = 0
    if taken:
        seen = []
        for j in taken:
            v = grid[j]
            f = v & 7
            g += f if v >> 3 == player else 2 * f
            for line in (ROW[j], COL[j]):
                suite = lines[line]
                if suite is not None and line not in seen:
                    seen.append(line)
                    g += suite.points if suite.creator != player else -suite.points
            if ROW[j] == row:
                row_full = False
            if COL[j] == col:
                col_full = False
    if row_full or col_full:
        original = state.options.suite_scoring == "original"
        for line, full in ((row, row_full), (col, col_full)):
            if full:
                clean = all(grid[j] >> 3 == player for j in LINE_CELLS[line] if j != i)
                g += board.suite_points(face, clean, original)
    return g


def best_gain(state: IndecixState, face: int, player: int, cells: tuple[int, ...] | None = None) -> int:
    """The best ``gain`` of a die of ``face``; -1 when it cannot be placed (a point to the opponent)."""
    if cells is None:
        cells = legal_indices(state.grid, state.masks, face)
    if not cells:
        return -1
    return max(gain(state, i, face, player) for i in cells)


def static(state: IndecixState, suite_risk: float = SUITE_RISK, exposure: float = EXPOSURE) -> float:
    """Left's point of view: score difference, inner suites partly held back, open dice."""
    s0, s1 = state.scores()
    d = float(s0 - s1)
    if state.phase == "over":
        return d + (WIN if d > 0 else -WIN if d < 0 else 0.0)
    if exposure:
        grid = state.grid
        e = 0.0
        for i in range(36):
            v = grid[i]
            if v:
                x = EXPOSED[i][v & 7]
                e += x if v >> 3 else -x
        d += exposure * e
    risk = suite_risk * (TURNS - state.turn) / TURNS
    if risk:
        for line, suite in enumerate(state.lines):
            if suite is not None and line not in EDGE_LINES:
                d += -risk * suite.points if suite.creator == 0 else risk * suite.points
    return d


def threat(state: IndecixState) -> float:
    """The best immediate gain of the player about to move (expected over the die while it rolls)."""
    phase = state.phase
    player = state.mover
    if phase == "place":
        return best_gain(state, state.die, player, state.moves)  # type: ignore[arg-type]
    if phase == "pass":
        return -1.0
    if phase == "roll":
        return sum(best_gain(state, f, player) for f in range(1, 7)) / 6.0
    if phase == "choose":
        counts = state.tokens[player]  # type: ignore[index]
        return float(max((best_gain(state, f, player) for f in range(1, 7) if counts[f - 1]), default=0))
    return 0.0


def make_evaluate(
    suite_risk: float = SUITE_RISK, threat_weight: float = THREAT, exposure: float = EXPOSURE
) -> Evaluate:
    """An ``evaluate`` with other weights (the levels, and tuning)."""

    def evaluate(state: IndecixState) -> tuple[float, float]:
        """Heuristic value for (Left, Right), zero-sum; a finished game is worth WIN plus the margin."""
        d = static(state, suite_risk, exposure)
        if state.phase != "over" and threat_weight:
            t = threat_weight * threat(state)
            d += t if state.mover == 0 else -t
        return (d, -d)

    return evaluate


evaluate = make_evaluate()
quick_evaluate = make_evaluate(exposure=0.0)  # the normal level: score and immediate gains only


# --- agents ------------------------------------------------------------------------------------------
class EasyAgent(SearchAgent):
    """Random among the legal moves, a capture weighted by its points; never a dead token if avoidable."""

    def __init__(self, rng: random.Random, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rng = rng

    def search(self, state: IndecixState) -> Search:
        if state.phase == "choose":
            chooses = cast("list[Choose]", list(state.legal_actions()))
            live = [a for a in chooses if legal_indices(state.grid, state.masks, a.face)]
            return self.rng.choice(live or chooses)
        places = cast("list[Place]", list(state.legal_actions()))
        weights = [1 + 2 * state.capture_preview(a.cell)[0] for a in places]
        return self.rng.choices(places, weights)[0]
        yield  # a generator that finishes at once


def turn_children(state: IndecixState) -> Search:
    """Every way the mover can finish the current turn from a decision node, as a list of
    (key, next state); a generator that yields every few states built, so call it with ``yield from``.

    The key is the first action to play: a Place, or in Master a (Choose, Place or Pass) pair.
    From a choose node, tokens without a legal cell are left out unless every token is dead.
    """
    phase = state.phase
    out: list[tuple[Any, IndecixState]] = []
    if phase == "pass":
        return [(PASS, state.apply(PASS))]
    if phase == "place":
        for n, i in enumerate(state.moves):
            out.append((PLACES[i], state.place_index(i, state.die, state.tokens)))  # type: ignore[arg-type]
            if n % 16 == 15:
                yield
        return out
    counts = state.tokens[state.mover]  # type: ignore[index]
    for f in range(1, 7):
        if counts[f - 1]:
            tokens = state.tokens_after(f)
            for i in legal_indices(state.grid, state.masks, f):
                out.append(((CHOOSES[f - 1], PLACES[i]), state.place_index(i, f, tokens)))
            yield
    if not out:  # every token is dead: lose one of the most plentiful faces
        f = max(range(1, 7), key=lambda face: counts[face - 1])
        out.append(((CHOOSES[f - 1], PASS), state.apply(CHOOSES[f - 1]).apply(PASS)))
    return out


class ExpertAgent(SearchAgent):
    """Two-ply search: the most promising moves (by the one-ply heuristic, which already weighs the
    opponent's best immediate gain) are answered by the opponent's best replies; in Blitz over each of
    the six faces of the opponent's die, in Master over every (token, cell) of the opponent."""

    def __init__(
        self,
        rng: random.Random,
        width: int = 8,
        replies: int = 3,
        evaluate: Evaluate = evaluate,
        suite_risk: float = SUITE_RISK,
        exposure: float = EXPOSURE,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.rng, self.width, self.replies = rng, width, replies
        self.evaluate, self.suite_risk, self.exposure = evaluate, suite_risk, exposure
        self._plan: tuple[IndecixState, Any] | None = None  # Master: the cell chosen with the token

    def search(self, state: IndecixState) -> Search:
        if state.phase == "place" and self._plan is not None and self._plan[0] == state:
            return self._plan[1]
        me = state.to_move
        children = yield from turn_children(state)
        self.rng.shuffle(children)  # equal values: a seeded random pick
        scored = []
        for key, child in children:
            scored.append((self.evaluate(child)[me], key, child))  # type: ignore[index]
            yield
        scored.sort(key=lambda entry: -entry[0])
        best_value, best_key = float("-inf"), scored[0][1]
        for _, key, child in scored[: self.width]:
            value = yield from self._after(child, me)  # type: ignore[arg-type]
            if value > best_value:
                best_value, best_key = value, key
        if isinstance(best_key, tuple):  # Master, from a choose node: remember the planned cell
            choose, place = best_key
            self._plan = (state.apply(choose), place)
            return choose
        return best_key

    def _after(self, child: IndecixState, me: int) -> Search:
        """My value of ``child`` (the opponent to play or roll), the opponent answering at his best."""
        if child.phase == "over":
            return self.evaluate(child)[me]
        if child.phase == "roll":
            total = 0.0
            for face in FACES:
                total += yield from self._reply(child.apply(face), me)
            return total / 6.0
        return (yield from self._reply(child, me))

    def _reply(self, node: IndecixState, me: int) -> Search:
        """The opponent moves at ``node``: rank his replies by the static score, keep the best few and
        rate them with my best immediate gain on the next turn; he picks the worst for me."""
        replies = yield from turn_children(node)
        if len(replies) > self.replies:
            risk, exposure, sign = self.suite_risk, self.exposure, -1.0 if me else 1.0
            ranked = sorted((sign * static(r, risk, exposure), n, r) for n, (_, r) in enumerate(replies))
            replies = [(None, r) for _, _, r in ranked[: self.replies]]
            yield
        worst = float("inf")
        for _, reply in replies:
            worst = min(worst, self.evaluate(reply)[me])
            yield
        return worst


def make_agent(level: str, seat: int, rng: random.Random) -> SearchAgent:
    """A computer player for ``seat``: "easy", "normal" or "expert"."""
    if level == "easy":
        return EasyAgent(rng)
    if level == "normal":
        return GreedyAgent(quick_evaluate, rng)
    if level == "expert":
        return ExpertAgent(rng)
    raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
