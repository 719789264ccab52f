"""The end of a Charidice game, for the end panel (app/end_panel.py): each sheet's totals by column."""

from __future__ import annotations

from typing import Any

from dicehall.games.charidice import texts as tx
from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "caption": ("Totaux des feuilles", "Sheet totals"),
        "marked": ("Dés", "Dice"),
        "bonus": ("Bonus", "Bonus"),
        "received": ("Reçus", "Received"),
        "given": ("Donnés", "Given"),
        "generosity": ("Bonus de générosité", "Generosity bonus"),
        "total": ("Total", "Total"),
        "received_short": ("Reçus", "Recv."),
        "generosity_short": ("Génér.", "Gen."),
        "note": (
            "Total = dés + bonus + reçus + bonus de générosité ; la colonne « donnés » décide de ce bonus.",
            "Total = dice + bonus + received + generosity bonus; the “given” column decides that bonus.",
        ),
    }
)


def summary(state: Any, names: list[str], lang: str) -> dict[str, Any]:
    view = state.view()
    t = lambda key: TEXTS.t(lang, key)  # noqa: E731
    rows = []
    for sheet in view["sheets"]:
        totals = sheet["totals"]
        rows.append(
            [
                str(totals["marked"]),
                str(totals["bonus"]),
                str(totals["received"]),
                str(totals["given"]),
                str(sheet["generosity"]),
                str(sheet["total"]),
            ]
        )
    gen = state.generosity()
    if any(gen):
        who = [names[p] for p in range(len(gen)) if gen[p]]
        generosity = tx.t(lang, "generosity_line", names=tx.names_list(lang, who), bonus=max(gen))
    else:
        generosity = tx.t(lang, "no_generosity")
    return {
        "scores": [str(sheet["total"]) for sheet in view["sheets"]],
        "tables": [
            {
                "caption": t("caption"),
                "columns": [t("marked"), t("bonus"), t("received"), t("given"), t("generosity"), t("total")],
                "short": [t("marked"), t("bonus"), t("received_short"), t("given"), t("generosity_short"), t("total")],
                "rows": rows,
            }
        ],
        "notes": [generosity, t("note")],
    }
