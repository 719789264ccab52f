"""``python -m dicehall review SAVE.json [--json]``: the game review of a save (core/review.py).

With ``--json`` it prints the review's JSON (the page API's ``review(save)``, docs/review.md); without, a
short text: per seat its figures and its verdict, then every decision marked an inaccuracy or worse.
"""

from __future__ import annotations

from typing import Any

from dicehall.core.review import MARK_LABELS, RATINGS, amount
from dicehall.core.review import Unit as ReviewUnit
from dicehall.core.save import SavedGame


def names_of(saved: SavedGame) -> list[str]:
    return [seat.name for seat in saved.seats]


def text(saved: SavedGame, data: dict[str, Any]) -> str:
    """The review as a few lines of English text."""
    unit = ReviewUnit(data["unit"]["id"], (data["unit"]["label"]["fr"], data["unit"]["label"]["en"]))
    names = names_of(saved)
    head = f"{saved.match.game.id} review, in {unit.label[1].removeprefix('of ')}"
    if not data["over"]:
        head += f" (unfinished: {data['plies']} entries)"
    lines = [head]
    ratings = dict(RATINGS)
    for seat in data["seats"]:
        name = names[seat["seat"]] if seat["seat"] < len(names) else f"Player {seat['seat'] + 1}"
        rating = ratings[seat["rating"]][1] if seat["rating"] else "no choice"
        lines.append(
            f"{name}: {seat['decisions']} decisions, {amount(seat['lost_per_decision'], unit, 'en')} lost per "
            f"decision ({rating}); luck {amount(seat['luck'], unit, 'en', sign=True)}; result "
            f"{amount(seat['result'], unit, 'en')}, luck-adjusted {amount(seat['adjusted'], unit, 'en')}"
        )
    marked = [d for d in data["decisions"] if d["mark"] in ("inaccuracy", "mistake", "blunder")]
    if marked:
        lines.append("")
        lines.append("Decisions that lost the most:")
        for d in marked:
            who = names[d["by"]] if d["by"] < len(names) else f"Player {d['by'] + 1}"
            best = "not now" if d["best"] is None else _action(d["best"])
            lines.append(
                f"  entry {d['ply']}: {who} played {_action(d['played'])}, best {best}: "
                f"{amount(d['lost'], unit, 'en')} lost, {MARK_LABELS[d['mark']][1]}"
            )
    return "\n".join(lines)


def _action(action: dict[str, Any]) -> str:
    rest = " ".join(f"{k}={v}" for k, v in action.items() if k != "type")
    return f"{action['type']} {rest}".strip()
