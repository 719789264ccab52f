"""The end of an Indecix game, for the end panel (app/end_panel.py): the score sheet of each side."""

from __future__ import annotations

from typing import Any

from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "caption": ("Feuille de score", "Score sheet"),
        "captures": ("Captures", "Captures"),
        "captured": ("Dés capturés", "Dice captured"),
        "unplayed": ("Dés non joués (adverses)", "Opponent's dice not played"),
        "mixed": ("Suites mixtes", "Mixed runs"),
        "clean": ("Suites propres", "Clean runs"),
        "total": ("Total", "Total"),
        "captured_short": ("Dés pris", "Taken"),
        "unplayed_short": ("Non joués", "Unplayed"),
        "mixed_short": ("Mixtes", "Mixed"),
        "clean_short": ("Propres", "Clean"),
        "suites": ("Suites complètes à la fin : {n}", "Runs complete at the end: {n}"),
    }
)


def summary(state: Any, names: list[str], lang: str) -> dict[str, Any]:
    """``scores``: each seat's total as shown; ``tables``: the score sheet's columns per seat."""
    view = state.view()
    sheets = view["scores"]
    t = lambda key, **f: TEXTS.t(lang, key, **f)  # noqa: E731
    rows = [
        [
            str(s["captures"]),
            str(len(view["captured"][seat])),
            str(s["unplayed"]),
            str(s["suites_mixed"]),
            str(s["suites_clean"]),
            str(s["total"]),
        ]
        for seat, s in enumerate(sheets)
    ]
    return {
        "scores": [str(s["total"]) for s in sheets],
        "tables": [
            {
                "caption": t("caption"),
                "columns": [t("captures"), t("captured"), t("unplayed"), t("mixed"), t("clean"), t("total")],
                "short": [
                    t("captures"),
                    t("captured_short"),
                    t("unplayed_short"),
                    t("mixed_short"),
                    t("clean_short"),
                    t("total"),
                ],
                "rows": rows,
            }
        ],
        "notes": [t("suites", n=len(view["suites"]))],
    }
