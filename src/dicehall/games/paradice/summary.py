"""The end of a Paradice game, for the end panel (app/end_panel.py): the fortunes and the order in which
players were eliminated."""

from __future__ import annotations

from typing import Any

from dicehall.games.paradice.texts_stats import number
from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "caption": ("Fortunes", "Fortunes"),
        "fortune": ("Fortune", "Fortune"),
        "events": ("Événements possédés", "Events owned"),
        "fate": ("Sort", "Fate"),
        "events_short": ("Événements", "Events"),
        "in_play": ("En jeu jusqu'au bout", "In play to the end"),
        "eliminated": ("Éliminé ({n}ᵉ éliminé)", "Eliminated ({n} out)"),
        "order": ("Ordre d'élimination : {list}", "Order of elimination: {list}"),
        "none_out": ("Personne n'a été éliminé.", "Nobody was eliminated."),
        "jackpot": ("Jackpot restant : {amount}", "Jackpot left: {amount}"),
        "rounds": ("Manches jouées : {n}", "Rounds played: {n}"),
    }
)


def _ordinal_en(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def summary(state: Any, names: list[str], lang: str) -> dict[str, Any]:
    view = state.view()
    t = lambda key, **f: TEXTS.t(lang, key, **f)  # noqa: E731
    players = len(view["balances"])
    places = [0] * players
    for entry in view["ranking"]:
        places[entry["seat"]] = int(entry["place"])
    eliminated = view["eliminated"]
    out = sorted((s for s in range(players) if eliminated[s] is not None), key=lambda s: -eliminated[s])
    owned = [sum(1 for o in view["owners"] if o["owner"] == seat) for seat in range(players)]
    rows = []
    for seat in range(players):
        if eliminated[seat] is None:
            fate = t("in_play")
        else:
            k = out.index(seat) + 1
            fate = t("eliminated", n=str(k) if lang == "fr" else _ordinal_en(k))
            if lang == "fr" and k == 1:
                fate = fate.replace("1ᵉ", "1ᵉʳ")
        rows.append([number(lang, int(view["balances"][seat])), str(owned[seat]), fate])
    notes = [
        t("order", list=" → ".join(names[s] for s in out)) if out else t("none_out"),
        t("jackpot", amount=number(lang, int(view["jackpot"]))),
        t("rounds", n=view["round"]),
    ]
    return {
        "scores": [number(lang, int(score)) for score in state.scores()],
        "places": places,
        "tables": [
            {
                "caption": t("caption"),
                "columns": [t("fortune"), t("events"), t("fate")],
                "short": [t("fortune"), t("events_short"), t("fate")],
                "rows": rows,
            }
        ],
        "notes": notes,
    }
