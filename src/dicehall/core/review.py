"""Game review: what each decision cost and what the dice gave, for every seat (docs/review.md).

A game's folder gives an *evaluator* (``games/<id>/review.py``, named by its spec's ``review`` part): for a
position, the value of each legal action to every seat, in the game's unit (the chance to win the game,
or the match), and the value of a position where dice are about to roll. This module walks a match's log
with it, position by position:

- a **decision** (the seat to move chose an action): the value of every legal action for the mover, the
  best one, the value lost by the action played (best − played, never negative) and a mark (best, good,
  inaccuracy, mistake, blunder) by the game's thresholds; and for every seat, the change of its value
  (the played action's against the best one's: the mover's own loss, or what it did to the others);
- a **chance outcome** (a die landed): for every seat, its luck, the value after the outcome (the position
  then played best) minus the expected value over every outcome of the engine's exact distribution.

Per seat: the decisions reviewed (those with more than one legal action), the average value lost, a rating
word, the total luck and the luck-adjusted result; and the accounting: the final result is the start value
plus the seat's luck, plus the changes of its value at every decision, plus the *drift*, the evaluator's own
inconsistency between the value it gives after a step and the value it gives the next position (zero
where it is exact; bounded by the game's stated tolerance where it is estimated).

The review is progressive: ``Review.think(budget, clock)`` works for about ``budget`` seconds and yields
between small units (one action's or one outcome's value), so a worker shows the first marks at once and
never blocks for long. ``review(match)`` runs it to the end. The result is plain JSON (``to_json``).
Nothing here knows a game: the evaluator is found through the game's spec, imported on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from dicehall.core import registry
from dicehall.core.match import CHANCE, Match
from dicehall.core.protocol import NodeKind, State

Values = tuple[float, ...]  # one value per seat
Work = Generator[None, None, Any]  # a unit of work that yields between small steps
Pair = tuple[str, str]  # (French, English)

MARKS = ("best", "good", "inaccuracy", "mistake", "blunder")
MARK_LABELS: dict[str, Pair] = {
    "best": ("meilleur coup", "best"),
    "good": ("bon coup", "good"),
    "inaccuracy": ("imprécision", "inaccuracy"),
    "mistake": ("erreur", "mistake"),
    "blunder": ("gaffe", "blunder"),
}
# The rating ladder (after GNU Backgammon's), from the smallest average loss per decision to the largest;
# each game gives the seven limits between its eight words.
RATINGS: tuple[tuple[str, Pair], ...] = (
    ("supernatural", ("surnaturel", "supernatural")),
    ("world_class", ("classe mondiale", "world class")),
    ("expert", ("expert", "expert")),
    ("advanced", ("confirmé", "advanced")),
    ("intermediate", ("intermédiaire", "intermediate")),
    ("casual", ("amateur", "casual")),
    ("beginner", ("débutant", "beginner")),
    ("awful", ("catastrophique", "awful")),
)
SAME = 1e-9  # two values closer than this are equal (a best action's loss is rounded to 0)
# Bumped whenever a review of the same save would read differently (an evaluator refitted, a threshold
# moved): a review kept with a finished game is valid while its "version" is this one.
VERSION = 1
DIGITS = 6  # values are rounded to this many decimals in the JSON


@dataclass(frozen=True, slots=True)
class Unit:
    """What a game's values measure. ``id``: "win" (the chance to win the game, a tie shared), "match"
    (the chance to win the match) or "points"; ``label``: its name in French and English, as a verdict
    says it ("de chances de gagner", "of winning chances"); ``percent``: shown as percentage points."""

    id: str
    label: Pair
    percent: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "label": {"fr": self.label[0], "en": self.label[1]}, "percent": self.percent}


@dataclass(frozen=True, slots=True)
class Scale:
    """A game's thresholds, in its unit. ``marks``: the loss from which a decision is an inaccuracy, a
    mistake, a blunder (below the first, "good"; nothing lost, "best"). ``ratings``: the seven average
    losses per decision that separate the eight words of ``RATINGS``. ``tolerance``: how far, per seat, the
    accounting may miss the result where the evaluator is estimated (0 where it is exact)."""

    marks: tuple[float, float, float]
    ratings: tuple[float, float, float, float, float, float, float]
    tolerance: float

    def mark(self, lost: float) -> str:
        if lost <= SAME:
            return "best"
        inaccuracy, mistake, blunder = self.marks
        if lost < inaccuracy:
            return "good"
        if lost < mistake:
            return "inaccuracy"
        return "mistake" if lost < blunder else "blunder"

    def rating(self, per_decision: float) -> str:
        for (word, _), limit in zip(RATINGS, self.ratings, strict=False):
            if per_decision < limit:
                return word
        return RATINGS[-1][0]


class Evaluator(Protocol):
    """What a game's ``review`` module gives (``evaluator(options)``). Values are per seat.

    - ``result(state)``: a finished game's result (1 to the winner, shared on a tie; or the match's).
    - ``action_values(state)``: at a decision node, every legal action of the mover with the values it
      leads to (the evaluator may look ahead: the mover's own next choices played best, the dice averaged).
    - ``chance_value(state)``: the value of a position where dice are about to roll, before they do.
    - ``exact(state)``: whether the values at this position are exact (no estimate involved).

    Optional methods, found with ``getattr``: ``outcome_values(state)`` -> [(outcome, probability,
    values)] for a chance node (faster or grouped; by default each outcome's position is valued);
    ``side_values(state, seat, action)`` -> (values if taken, values if not) for a side action (Charidice's
    claim); ``prepare(state)`` -> a generator of heavy work to do in slices before ``state`` is valued;
    ``action_work(state)`` and ``outcome_work(state)`` -> ``action_values`` and ``outcome_values`` as
    generators that yield between actions or outcomes (an evaluator whose values take long to compute).
    """

    unit: Unit
    scale: Scale

    def result(self, state: Any) -> Values: ...

    def action_values(self, state: Any) -> Sequence[tuple[Any, Values]]: ...

    def chance_value(self, state: Any) -> Values: ...

    def exact(self, state: Any) -> bool: ...


def evaluator_for(match: Match) -> Evaluator:
    """The evaluator of the match's game (its spec's ``review`` part), for the match's options.

    :raises ValueError: the game has no evaluator."""
    module = registry.info(match.game.id).part("review")
    if module is None:
        raise ValueError(f"{match.game.id} has no game review")
    evaluator: Evaluator = module.evaluator(match.options)
    return evaluator


def node_value(evaluator: Evaluator, state: State[Any]) -> Values:
    """A position's value as the review sees it: a finished game's result, a decision's best action for
    its mover, or the evaluator's value of the dice about to roll."""
    if state.kind is NodeKind.TERMINAL:
        return evaluator.result(state)
    if state.kind is NodeKind.DECISION:
        return best_of(evaluator.action_values(state), state.to_move)[1]
    return evaluator.chance_value(state)


def best_of(values: Sequence[tuple[Any, Values]], seat: int | None) -> tuple[Any, Values]:
    """The first action with the highest value for ``seat``."""
    assert values and seat is not None, "a decision node has a mover and a legal action"
    best = values[0]
    for item in values[1:]:
        if item[1][seat] > best[1][seat] + SAME:
            best = item
    return best


def outcome_values(evaluator: Evaluator, state: State[Any]) -> list[tuple[Any, float, Values]]:
    """Every outcome of a chance node with its probability and the value of the position it leads to."""
    custom = getattr(evaluator, "outcome_values", None)
    if custom is not None:
        return list(custom(state))
    return [(o, float(p), node_value(evaluator, state.apply(o))) for o, p in state.chance_outcomes()]


def _round(values: Sequence[float]) -> list[float]:
    return [round(v, DIGITS) + 0.0 for v in values]


def _add(a: Sequence[float], b: Sequence[float], sign: float = 1.0) -> list[float]:
    return [x + sign * y for x, y in zip(a, b, strict=True)]


class Review:
    """The review of a match, built progressively (``think``) or at once (``run``).

    ``items`` holds one dict per log entry reviewed so far (``kind`` "decision" or "chance"); ``to_json``
    gives the whole review as it stands (``done`` false while entries remain). ``names`` are the seats'
    names for the verdicts (default "Player n")."""

    def __init__(self, match: Match, evaluator: Evaluator | None = None, names: Sequence[str] | None = None) -> None:
        self.match = match
        self.evaluator = evaluator if evaluator is not None else evaluator_for(match)
        self.names = list(names) if names else None
        self.seats = match.state.num_players
        self.items: list[dict[str, Any]] = []
        self.start: Values | None = None
        self.done = False
        self._after: list[float] | None = None  # the value after the last entry reviewed
        self._final: list[float] | None = None  # the result (or the value where the game stands), once done
        self._drift = [0.0] * self.seats
        self._work: Work = self._walk()

    # --- driving --------------------------------------------------------------------------------
    def think(self, budget: float, clock: Callable[[], float]) -> bool:
        """Work for about ``budget`` seconds of ``clock``; True once the whole log is reviewed."""
        if self.done:
            return True
        deadline = clock() + budget
        try:
            while True:
                next(self._work)
                if clock() >= deadline:
                    return False
        except StopIteration:
            self.done = True
            return True

    def run(self) -> Review:
        """Review the whole log now (the command line, tests)."""
        for _ in self._work:
            pass
        self.done = True
        return self

    # --- the walk -------------------------------------------------------------------------------
    def _walk(self) -> Work:
        ev, match = self.evaluator, self.match
        cached: dict[int, Sequence[tuple[Any, Values]]] = {}  # ply -> action values found earlier
        for ply in range(match.ply + 1):
            state = match.state_at(ply)
            prepare = getattr(ev, "prepare", None)
            if prepare is not None:  # the heavy work of this position and of the next, in slices
                yield from prepare(state)
                if ply < match.ply:
                    yield from prepare(match.state_at(ply + 1))
            if ply == match.ply:  # the position reached: the result, or the value of where it stands
                self._close(node_value(ev, state) if ply not in cached else best_of(cached[ply], state.to_move)[1])
                return
            entry = match.log[ply]
            if entry.by == CHANCE:
                item = yield from self._chance(ply, state, entry.action, cached)
            elif state.kind is NodeKind.DECISION and entry.by == state.to_move:
                values = cached.pop(ply, None)
                if values is None:
                    work = getattr(ev, "action_work", None)
                    values = (yield from work(state)) if work is not None else ev.action_values(state)
                    yield
                item = self._decision(ply, state, entry.action, values)
            else:
                item = self._side(ply, state, entry.by, entry.action)
                yield
            self.items.append(item)

    def _begin(self, before: Sequence[float]) -> None:
        """Account for the gap between the value after the previous entry and this one's value before."""
        if self._after is None:
            self.start = tuple(before)
        else:
            self._drift = _add(self._drift, _add(before, self._after, -1.0))

    def _close(self, final: Sequence[float]) -> None:
        self._begin(final)
        self._final = list(final)

    def _decision(
        self, ply: int, state: State[Any], action: Any, values: Sequence[tuple[Any, Values]]
    ) -> dict[str, Any]:
        ev, codec = self.evaluator, self.match.game.codec
        seat = state.to_move
        assert seat is not None
        best_action, best = best_of(values, seat)
        played = next((v for a, v in values if a == action), None)
        if played is None:  # the evaluator left it out: value the position it leads to
            played = node_value(ev, state.apply(action))
        lost = max(0.0, best[seat] - played[seat])
        if lost <= SAME:
            lost, best_action = 0.0, action  # an action as good as the best one is the best
        self._begin(best)
        self._after = list(played)
        ranked = sorted(values, key=lambda item: -item[1][seat])
        forced = len(values) <= 1
        return {
            "kind": "decision",
            "ply": ply,
            "by": seat,
            "played": codec.to_json(action),
            "best": codec.to_json(best_action),
            "values": [{"action": codec.to_json(a), "value": round(v[seat], DIGITS) + 0.0} for a, v in ranked],
            "lost": round(lost, DIGITS) + 0.0,
            "mark": ev.scale.mark(lost),
            "forced": forced,
            "before": _round(best),
            "value": _round(played),
            "change": _round(_add(played, best, -1.0)),
            "exact": ev.exact(state),
        }

    def _chance(self, ply: int, state: State[Any], outcome: Any, cached: dict[int, Any]) -> Work:
        ev = self.evaluator
        outcomes = []
        after = self.match.state_at(ply + 1)
        got: Values | None = None
        custom = getattr(ev, "outcome_values", None)
        work = getattr(ev, "outcome_work", None)
        if work is not None:
            outcomes = list((yield from work(state)))
        elif custom is not None:
            outcomes = list(custom(state))
        if work is not None or custom is not None:
            yield
            got = next((v for o, _, v in outcomes if o == outcome), None)
        else:
            for o, p in state.chance_outcomes():
                child = state.apply(o)
                if child.kind is NodeKind.DECISION:
                    values = ev.action_values(child)
                    v = best_of(values, child.to_move)[1]
                    if o == outcome:
                        cached[ply + 1] = values  # the next entry's decision, valued already
                else:
                    v = node_value(ev, child)
                outcomes.append((o, float(p), v))
                if o == outcome:
                    got = v
                yield
        if got is None:
            got = node_value(ev, after)
        total = sum(p for _, p, _ in outcomes) or 1.0
        expected = [sum(p * v[s] for _, p, v in outcomes) / total for s in range(self.seats)]
        self._begin(expected)
        self._after = list(got)
        return {
            "kind": "chance",
            "ply": ply,
            "outcome": self.match.game.codec.to_json(outcome),
            "luck": _round(_add(got, expected, -1.0)),
            "before": _round(expected),
            "value": _round(got),
            "exact": ev.exact(state),
        }

    def _side(self, ply: int, state: State[Any], seat: int | str, action: Any) -> dict[str, Any]:
        """A side action (a seat other than the one to move): its value if taken against if not."""
        ev, codec = self.evaluator, self.match.game.codec
        assert isinstance(seat, int)
        side = getattr(ev, "side_values", None)
        if side is not None:
            taken, waited = side(state, seat, action)
        else:
            taken, waited = node_value(ev, self.match.state_at(ply + 1)), node_value(ev, state)
        best = taken if taken[seat] >= waited[seat] - SAME else waited
        lost = max(0.0, best[seat] - taken[seat])
        self._begin(best)
        self._after = list(taken)
        return {
            "kind": "decision",
            "ply": ply,
            "by": seat,
            "played": codec.to_json(action),
            "best": codec.to_json(action) if best is taken else None,  # None: better not now
            "values": [
                {"action": codec.to_json(action), "value": round(taken[seat], DIGITS) + 0.0},
                {"action": None, "value": round(waited[seat], DIGITS) + 0.0},
            ],
            "lost": round(lost, DIGITS) + 0.0,
            "mark": ev.scale.mark(lost),
            "forced": False,
            "side": True,
            "before": _round(best),
            "value": _round(taken),
            "change": _round(_add(taken, best, -1.0)),
            "exact": ev.exact(state),
        }

    # --- results --------------------------------------------------------------------------------
    def seat_summaries(self) -> list[dict[str, Any]]:
        """Per seat: the figures of the items reviewed so far (and of the result, once done)."""
        ev, n = self.evaluator, self.seats
        start = list(self.start) if self.start is not None else [0.0] * n
        luck, own, others = [0.0] * n, [0.0] * n, [0.0] * n
        lost, decisions = [0.0] * n, [0] * n
        marks = [dict.fromkeys(MARKS, 0) for _ in range(n)]
        for item in self.items:
            if item["kind"] == "chance":
                luck = _add(luck, item["luck"])
                continue
            by = item["by"]
            for s in range(n):
                if s == by:
                    own[s] += item["change"][s]
                else:
                    others[s] += item["change"][s]
            if not item["forced"]:
                decisions[by] += 1
                lost[by] += item["lost"]
                marks[by][item["mark"]] += 1
        final = self._final if self.done else None
        out = []
        for s in range(n):
            result = final[s] if final is not None else (self._after[s] if self._after else start[s])
            per = lost[s] / decisions[s] if decisions[s] else 0.0
            rating = ev.scale.rating(per) if decisions[s] else None
            summary: dict[str, Any] = {
                "seat": s,
                "decisions": decisions[s],
                "lost": round(lost[s], DIGITS) + 0.0,
                "lost_per_decision": round(per, DIGITS) + 0.0,
                "rating": rating,
                "marks": marks[s],
                "start": round(start[s], DIGITS) + 0.0,
                "luck": round(luck[s], DIGITS) + 0.0,
                "skill": round(own[s], DIGITS) + 0.0,
                "others": round(others[s], DIGITS) + 0.0,
                "drift": round(self._drift[s], DIGITS) + 0.0,
                "result": round(result, DIGITS) + 0.0,
                "adjusted": round(result - luck[s], DIGITS) + 0.0,
            }
            name = self.names[s] if self.names and s < len(self.names) else None
            summary["verdict"] = {lang: verdict(summary, ev.unit, lang, name) for lang in ("fr", "en")}
            out.append(summary)
        return out

    def to_json(self) -> dict[str, Any]:
        """The review as plain JSON (docs/review.md): the unit, the thresholds, per decision and per chance
        outcome, and per seat."""
        ev, match = self.evaluator, self.match
        return {
            "game": match.game.id,
            "version": VERSION,
            "unit": ev.unit.to_json(),
            "marks": dict(zip(("inaccuracy", "mistake", "blunder"), ev.scale.marks, strict=True)),
            "tolerance": ev.scale.tolerance,
            "plies": match.ply,
            "reviewed": len(self.items),
            "done": self.done,
            "over": match.state.kind is NodeKind.TERMINAL,
            "decisions": [item for item in self.items if item["kind"] == "decision"],
            "chances": [item for item in self.items if item["kind"] == "chance"],
            "seats": self.seat_summaries(),
        }


def review(match: Match, evaluator: Evaluator | None = None, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The whole review of ``match`` (finished or not) as JSON."""
    return Review(match, evaluator, names).run().to_json()


# --- words ------------------------------------------------------------------------------------------
def amount(value: float, unit: Unit, lang: str, sign: bool = False) -> str:
    """A value of the unit as a verdict writes it: percentage points with one decimal, or points."""
    shown = value * 100 if unit.percent else value
    text = f"{shown:+.1f}" if sign else f"{shown:.1f}"
    if text in ("+0.0", "-0.0"):
        text = "0.0"
    if lang == "fr":
        text = text.replace(".", ",").replace("-", "−")
        return f"{text}\u00a0%" if unit.percent else f"{text}\u00a0point" + ("s" if abs(shown) >= 2 else "")
    text = text.replace("-", "−")
    return f"{text} %" if unit.percent else f"{text} point" + ("" if abs(shown) == 1 else "s")


def label(pairs: dict[str, Pair] | tuple[tuple[str, Pair], ...], key: str, lang: str) -> str:
    pair = dict(pairs)[key]
    return pair[0] if lang == "fr" else pair[1]


def verdict(summary: dict[str, Any], unit: Unit, lang: str, name: str | None = None) -> str:
    """One line per seat, e.g. "Anna lost 1.4 % of winning chances per decision (intermediate); the dice
    gave +12.0 %."."""
    who = name or (f"Joueur {summary['seat'] + 1}" if lang == "fr" else f"Player {summary['seat'] + 1}")
    luck = summary["luck"]
    dice_fr = "les dés ont apporté" if luck >= 0 else "les dés ont coûté"
    dice_en = "the dice gave" if luck >= 0 else "the dice cost"
    dice_amount = amount(abs(luck), unit, lang, sign=luck >= 0)
    if not summary["decisions"]:
        if lang == "fr":
            return f"{who} n'a eu aucun choix à faire ; {dice_fr} {dice_amount}."
        return f"{who} had no choice to make; {dice_en} {dice_amount}."
    per = amount(summary["lost_per_decision"], unit, lang)
    rating = label(RATINGS, summary["rating"], lang)
    if lang == "fr":
        return f"{who} a perdu {per} {unit.label[0]} par décision ({rating}) ; {dice_fr} {dice_amount}."
    return f"{who} lost {per} {unit.label[1]} per decision ({rating}); {dice_en} {dice_amount}."


WIN = Unit("win", ("de chances de gagner", "of winning chances"))
MATCH = Unit("match", ("de chances de gagner le match", "of match-winning chances"))
