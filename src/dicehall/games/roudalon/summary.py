"""The end of a Le Roudalon match, for the end panel (app/end_panel.py): each seat's net in each party."""

from __future__ import annotations

from typing import Any

from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "caption": ("Gains nets par partie", "Nets per game"),  # a party is "a game" in the English interface
        "party": ("P{n}", "G{n}"),
        "party_long": ("Partie {n}", "Game {n}"),
        "total": ("Total", "Total"),
        "void": ("Parties sans gain ni perte : {list}", "Games with no gain or loss: {list}"),
    }
)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")


def summary(state: Any, names: list[str], lang: str) -> dict[str, Any]:
    view = state.view()
    t = lambda key, **f: TEXTS.t(lang, key, **f)  # noqa: E731
    parties = view["standings"]["parties"]
    totals = view["standings"]["totals"]
    rows = [[signed(int(nets[seat])) for nets in parties] + [signed(int(totals[seat]))] for seat in range(len(totals))]
    columns = [t("party", n=i + 1) for i in range(len(parties))] + [t("total")]
    titles = [t("party_long", n=i + 1) for i in range(len(parties))] + [t("total")]
    void = [str(i + 1) for i, nets in enumerate(parties) if not any(nets)]
    return {
        "scores": [signed(int(n)) for n in totals],
        "tables": [{"caption": t("caption"), "columns": columns, "titles": titles, "rows": rows}],
        "notes": [t("void", list=", ".join(void))] if void else [],
    }
