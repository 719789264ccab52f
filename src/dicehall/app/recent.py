"""The last finished games, kept for the replay viewer and for their save files (``dicehall:recent``).

Each finished game is kept once (its seed), newest first, at most ``KEEP``: its date, game, names, scores
and winners (to list it without replaying it) and the whole save, packed (core.packed: a long Paradice game
takes about 2 kB). The list is a convenience beside the statistics: when the storage is full the oldest
entries give way first, and a game that cannot be kept at all is simply not added (the game itself was
saved as the game in progress). An entry is checked like any save when it is opened; one that no longer
loads is refused with one line and stays listed (nothing a user kept is dropped on a read).
"""

from __future__ import annotations

import json
from typing import Any

from dicehall.app import kept_games
from dicehall.core import packed, registry
from dicehall.core.save import SavedGame
from dicehall.core import save as save_format
from dicehall.ui.html import button, escape
from dicehall.ui.i18n import Texts, join_names, number

KEY = "dicehall:recent"
KEEP = 20

TEXTS = Texts(
    {
        "title": ("Parties récentes", "Recent games"),
        "none": (
            "Aucune partie terminée pour l'instant : les 20 dernières seront ici, à revoir ou à télécharger.",
            "No finished game yet: the last 20 will be here, to watch again or download.",
        ),
        "watch": ("Revoir", "Watch"),
        "download": ("Télécharger", "Download"),
        "won_by": ("{names} gagne", "{names} won"),
        "won_by_many": ("{names} gagnent", "{names} won"),
        "nobody": ("personne ne gagne", "nobody won"),
        "and": ("et", "and"),
        "watch_label": ("Revoir la partie de {game} du {date}", "Watch the {game} game of {date}"),
        "download_label": ("Télécharger la partie de {game} du {date}", "Download the {game} game of {date}"),
    }
)


def read(storage: Any) -> list[dict[str, Any]]:
    """The kept entries, newest first; anything of the wrong shape is skipped (and left in place)."""
    return kept_games.read(storage, KEY, "the recent games", _well_formed)


def _well_formed(entry: Any) -> bool:
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("save"), str)
        and isinstance(entry.get("game"), str)
        and isinstance(entry.get("date"), str)
        and isinstance(entry.get("names"), list)
        and isinstance(entry.get("scores"), list)
        and isinstance(entry.get("winners"), list)
    )


def remember(storage: Any, saved: SavedGame, state: Any, date: str) -> bool:
    """Keep the finished game ``saved`` (its final ``state``) at the head of the list: once per game (its
    game id and seed), the oldest dropped beyond ``KEEP``, or as many as the storage takes. False if it
    could not be kept at all."""
    match = saved.match
    outcome = state.outcome()
    entry = {
        "date": date,
        "game": match.game.id,
        "seed": match.seed,
        "names": [seat.name for seat in saved.seats],
        "scores": [_number(s) for s in outcome.scores],
        "winners": list(outcome.winners),
        "save": packed.pack(saved.to_json()),
    }
    games = [g for g in read(storage) if (g.get("game"), g.get("seed")) != (entry["game"], entry["seed"])]
    return kept_games.write(storage, KEY, [entry, *games][:KEEP])


def _number(value: Any) -> float | int:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def saved_game(entry: dict[str, Any]) -> SavedGame:
    """The entry's game, replayed through the checked rules.

    :raises DicehallError: the packed save is damaged or no longer loads (the message names why)."""
    return save_format.from_json(packed.unpack(entry["save"]))


def save_text(entry: dict[str, Any]) -> str:
    """The entry's save document as the text of a ``.json`` file (as it was kept, not replayed).

    :raises DicehallError: the packed save is damaged."""
    return json.dumps(packed.unpack(entry["save"]), separators=(",", ":"), ensure_ascii=False)


def section(lang: str, entries: list[dict[str, Any]]) -> str:
    """The list in the record's dialog: one line per game (game, date, result), with Watch and Download."""
    heading = f'<h2 class="recent-title" id="recent-title">{escape(TEXTS.t(lang, "title"))}</h2>'
    if not entries:
        return f'<section class="recent" aria-labelledby="recent-title">{heading}<p>{escape(TEXTS.t(lang, "none"))}</p></section>'
    items = []
    for i, entry in enumerate(entries):
        try:
            title = registry.info(entry["game"]).title(lang)
        except KeyError:
            title = entry["game"][:40]
        names = [str(n)[:40] for n in entry["names"]]
        winners = [names[w] for w in entry["winners"] if isinstance(w, int) and 0 <= w < len(names)]
        if not winners:
            result = TEXTS.t(lang, "nobody")
        else:
            key = "won_by" if len(winners) == 1 else "won_by_many"
            result = TEXTS.t(lang, key, names=join_names(winners, TEXTS.t(lang, "and")))
        scores = " · ".join(f"{escape(n)} {_shown(lang, s)}" for n, s in zip(names, entry["scores"]))
        date = entry["date"][:10]
        watch = button(
            TEXTS.t(lang, "watch"),
            "recent-replay",
            i,
            cls="btn small",
            id=f"recent-replay-{i}",
            aria_label=TEXTS.t(lang, "watch_label", game=title, date=date),
        )
        download = button(
            TEXTS.t(lang, "download"),
            "recent-download",
            i,
            cls="btn ghost small",
            id=f"recent-download-{i}",
            aria_label=TEXTS.t(lang, "download_label", game=title, date=date),
        )
        items.append(
            f'<li class="recent-game"><div class="recent-what"><strong>{escape(title)}</strong> '
            f'<span class="recent-date">{escape(date)}</span><br><span class="recent-result">'
            f'{escape(result)}</span> <small class="recent-scores">{scores}</small></div>'
            f'<div class="recent-actions">{watch}{download}</div></li>'
        )
    return (
        f'<section class="recent" aria-labelledby="recent-title">{heading}'
        f'<ol class="recent-list" id="recent-list">{"".join(items)}</ol></section>'
    )


def _shown(lang: str, score: Any) -> str:
    return escape(number(lang, score) if isinstance(score, (int, float)) else str(score))
