"""Golden reviews: the game review (core/review.py) of each golden playthrough (playthrough.py), as text:
a line per log entry (a decision: what was played, the best action, the value lost and its mark; a die:
each seat's luck), then each seat's figures and verdicts. Values are rounded to four decimals.

``test_review_golden.py`` reviews each playthrough again and compares; ``regenerate_reviews.py`` rewrites
the files after an intended change of an evaluator (a model fitted again, a threshold moved).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playthrough import Case, replay

from dicehall.core.review import review

HERE = Path(__file__).resolve().parent
HEADER = "# dicehall golden review; after an intended change: python tests/golden/regenerate_reviews.py"


def path_of(case: Case) -> Path:
    return HERE / f"{case.name}.review.txt"


def _n(value: float) -> str:
    text = f"{value:+.4f}"
    return "+0.0000" if text == "-0.0000" else text


def _action(action: Any) -> str:
    return "not now" if action is None else json.dumps(action, separators=(",", ":"))


def render(case: Case) -> str:
    """The review of ``case``'s recorded game, as the file holds it."""
    match = replay(case, case.path.read_text(encoding="utf-8"))
    data = review(match)
    out = [HEADER, f"game: {case.game}", f"case: {case.name}", f"unit: {data['unit']['id']}", ""]
    items = sorted(data["decisions"] + data["chances"], key=lambda item: item["ply"])
    for item in items:
        if item["kind"] == "chance":
            out.append(
                f"{item['ply'] + 1}. chance {_action(item['outcome'])}: luck {' '.join(_n(x) for x in item['luck'])}"
            )
            continue
        line = f"{item['ply'] + 1}. seat {item['by']} {_action(item['played'])}"
        if item["forced"]:
            out.append(line + ": forced")
            continue
        best = "" if item["mark"] == "best" else f", best {_action(item['best'])}"
        out.append(f"{line}: {item['mark']}, lost {item['lost']:.4f}{best}{' (exact)' if item['exact'] else ''}")
    out.append("")
    for seat in data["seats"]:
        figures = ", ".join(
            f"{key} {_n(seat[key])}" for key in ("start", "luck", "skill", "others", "drift", "result", "adjusted")
        )
        out.append(
            f"seat {seat['seat']}: {seat['decisions']} decisions, {seat['lost_per_decision']:.4f} per decision "
            f"({seat['rating']}); {figures}"
        )
        out.append(f"  {seat['verdict']['en']}")
        out.append(f"  {seat['verdict']['fr']}")
    return "\n".join(out) + "\n"
