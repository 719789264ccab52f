"""The end of a Dés & Marchands game, for the end panel (app/end_panel.py): coins, power and the faces of
each player's dice."""

from __future__ import annotations

from typing import Any

from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "caption": ("Pièces et dés", "Coins and dice"),
        "coins": ("Pièces", "Coins"),
        "power": ("Puissance", "Power"),
        "dice": ("Faces des dés", "Faces of the dice"),
        "end_cell": (
            "La partie s'est arrêtée quand un pion a atteint la case d'arrivée.",
            "The game ended when a pawn reached the end cell.",
        ),
        "round_limit": ("La partie s'est arrêtée à la limite de manches.", "The game ended at the round limit."),
        "tie_break": (
            "Classement : les pièces, puis la puissance (la somme des faces de puissance) en cas d'égalité.",
            "Ranking: coins, then power (the sum of the power faces) on a tie.",
        ),
        "nobody": ("Égalité parfaite en tête : personne ne gagne.", "A perfect tie at the top: nobody wins."),
    }
)


ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}  # the directions as the screen draws them, in both languages


def face(token: Any) -> str:
    """A die's face: a direction as its arrow, a multiplier as ×2, a power as its number."""
    text = str(token)
    return ARROWS.get(text) or (f"×{text[1:]}" if text.startswith("x") else text)


def summary(state: Any, names: list[str], lang: str) -> dict[str, Any]:
    view = state.view()
    t = lambda key: TEXTS.t(lang, key)  # noqa: E731
    players = view["players"]
    rows = [
        [str(p["coins"]), str(p["power"]), " · ".join(" ".join(face(f) for f in die) for die in p["dice"])]
        for p in players
    ]
    notes = [t(view["ended"])] if view.get("ended") in ("end_cell", "round_limit") else []
    notes.append(t("tie_break"))
    if not view["winners"]:
        notes.append(t("nobody"))
    return {
        "scores": [str(p["coins"]) for p in players],
        "rank_keys": [(p["coins"], p["power"]) for p in players],
        "tables": [{"caption": t("caption"), "columns": [t("coins"), t("power"), t("dice")], "rows": rows}],
        "notes": notes,
    }
