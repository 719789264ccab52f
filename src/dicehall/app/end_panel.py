"""The end of a game: the final panel (HTML over the board) with the ranking, the game's own summary and
what to do next (rematch, new game, the replay, back to the games), and the save files' names.

The game's summary comes from ``games/<id>/summary.py``, imported when a game ends (as the app reaches a
game's other modules): ``summary(state, names, lang)`` returns ``{"scores": [text per seat], "tables":
[{"caption", "columns", "rows": [[cells] per seat], "titles"?: [a column's tooltip], "short"?: [a column's
name on a phone]}], "notes": [text], "places"?: [place per
seat], "rank_keys"?: [comparable per seat, higher is better]}``. Places are shared on a tie (1, 1, 3).
"""

from __future__ import annotations

import re
from typing import Any

from dicehall.core import registry
from dicehall.ui.html import attrs, button, escape
from dicehall.ui.i18n import Texts, join_names

TEXTS = Texts(
    {
        "title_win": ("{name} gagne !", "{name} wins!"),
        "title_tie": ("Égalité : {names}", "A tie: {names}"),
        "title_nobody": ("Personne ne gagne", "Nobody wins"),
        "and": ("et", "and"),
        "heading": ("Fin de la partie", "End of the game"),
        "ranking": ("Classement", "Ranking"),
        "place": ("Place", "Place"),
        "player": ("Joueur", "Player"),
        "score": ("Score", "Score"),
        "tied": ("ex æquo", "tied"),
        "computer": ("ordinateur", "computer"),
        "rematch": ("Revanche", "Rematch"),
        "rematch_help": ("Les mêmes joueurs et options, de nouveaux dés", "The same players and options, new dice"),
        "new_game": ("Nouvelle partie…", "New game…"),
        "replay": ("Revoir la partie", "Watch the replay"),
        "download": ("Télécharger (.json)", "Download (.json)"),
        "share": ("Partager (lien)…", "Share (link)…"),
        "send_end": ("Envoyer la fin de la partie…", "Send the end of the game…"),
        "hub": ("Retour aux jeux", "Back to the games"),
        "aside": ("Voir le plateau", "Look at the board"),
        "aside_help": (
            "Mettre le résultat de côté (Échap) ; le menu ou le bouton Résultat le ramène",
            "Put the result aside (Esc); the menu or the Result button brings it back",
        ),
        "result": ("Résultat", "Result"),
        "close": ("Mettre de côté", "Put aside"),
    }
)


NUMBER = re.compile(r"^[−+-]?[\d\s\u202f,.]+$")  # a cell right-aligned as a number ("−8 526", "+3")


def t(lang: str, key: str, **fields: object) -> str:
    return TEXTS.t(lang, key, **fields)


def shared_places(keys: list[Any]) -> list[int]:
    """Competition ranking, higher keys first: equal keys share a place, the next place skips (1, 1, 3)."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def place_label(lang: str, place: int) -> str:
    if lang == "fr":
        return "1er" if place == 1 else f"{place}e"
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def game_summary(game_id: str, state: Any, names: list[str], lang: str) -> dict[str, Any]:
    """The game's own summary (its spec's ``summary``, ``games/<id>/summary.py``), with ``places`` filled in;
    a game without one: its scores, ranked by them."""
    module = registry.info(game_id).part("summary")
    data = dict(module.summary(state, names, lang)) if module is not None else plain_summary(state)
    if "places" not in data:
        keys = data.get("rank_keys") or list(state.scores())
        data["places"] = shared_places(list(keys))
    return data


def plain_summary(state: Any) -> dict[str, Any]:
    """The summary of a game that declares none: each seat's score (the rules' ``scores()``), no table."""
    return {"scores": [f"{score:g}" for score in state.scores()], "tables": [], "notes": []}


def ranking(data: dict[str, Any]) -> list[tuple[int, int]]:
    """(place, seat), best first, seats in order within a place."""
    return sorted((place, seat) for seat, place in enumerate(data["places"]))


def panel(
    lang: str, game_id: str, state: Any, seats: list[Any], embed: bool, challenge: str = "", linked: bool = False
) -> str:
    """The end panel. ``seats``: the session's seats (name, is_ai); ``linked``: a game by link (its share
    button sends the end of the game to the other devices);
    ``challenge``: the daily challenge's card (app.challenge.card), first, or ''."""
    names = [seat.name for seat in seats]
    data = game_summary(game_id, state, names, lang)
    winners = list(state.outcome().winners)
    title = result_title(lang, state, names)
    places = data["places"]
    rows = []
    for place, seat in ranking(data):
        tie = places.count(place) > 1
        label = place_label(lang, place) + (f" ({t(lang, 'tied')})" if tie else "")
        who = escape(names[seat]) + (f" <small>({escape(t(lang, 'computer'))})</small>" if seats[seat].is_ai else "")
        cls = ' class="winner"' if seat in winners else ""
        rows.append(
            f'<tr{cls} data-seat="{seat}"><td class="place">{escape(label)}</td><th scope="row">{who}</th>'
            f'<td class="num">{escape(data["scores"][seat])}</td></tr>'
        )
    head = "".join(f'<th scope="col">{escape(t(lang, k))}</th>' for k in ("place", "player", "score"))
    parts = [challenge] if challenge else []
    parts += [
        f'<table class="stats-table end-ranking" id="end-ranking"><caption>{escape(t(lang, "ranking"))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    ]
    for i, table in enumerate(data.get("tables", ())):
        titles = table.get("titles") or table["columns"]
        shorts = table.get("short") or table["columns"]
        cols = "".join(
            f'<th scope="col"{attrs(title=title if title != col else None)}>{escape(col)}</th>'
            if short == col
            else f'<th scope="col"{attrs(title=title if title != col else None)}><span class="col-long">{escape(col)}</span>'
            f'<abbr class="col-short" title="{escape(col)}">{escape(short)}</abbr></th>'
            for col, title, short in zip(table["columns"], titles, shorts)
        )
        body = "".join(
            f'<tr data-seat="{seat}"><th scope="row">{escape(names[seat])}</th>'
            + "".join(f'<td class="{"num" if NUMBER.match(cell) else "text"}">{escape(cell)}</td>' for cell in cells)
            + "</tr>"
            for seat, cells in enumerate(table["rows"])
        )
        parts.append(
            f'<div class="end-table-wrap"><table class="stats-table end-summary" id="end-summary-{i}">'
            f'<caption>{escape(table["caption"])}</caption><thead><tr><th scope="col">'
            f"{escape(t(lang, 'player'))}</th>{cols}</tr></thead><tbody>{body}</tbody></table></div>"
        )
    parts += [f'<p class="end-note">{escape(note)}</p>' for note in data.get("notes", ())]
    actions = [
        button(
            t(lang, "rematch"),
            "end-rematch",
            cls="btn primary",
            id="end-rematch",
            title=t(lang, "rematch_help"),
            data_autofocus=True,
        ),
        button(t(lang, "new_game"), "end-new-game", cls="btn", id="end-new-game"),
        button(t(lang, "replay"), "end-replay", cls="btn", id="end-replay"),
        button(
            t(lang, "send_end" if linked else "share"),
            "share",
            "play" if linked else "replay",
            cls="btn ghost",
            id="end-share",
        ),
        button(t(lang, "download"), "download", cls="btn ghost", id="end-download"),
    ]
    if not embed:
        actions.append(button(t(lang, "hub"), "hub", cls="btn ghost", id="end-hub"))
    actions.append(button(t(lang, "aside"), "end-aside", cls="btn ghost", id="end-aside", title=t(lang, "aside_help")))
    close = button(
        "×", "end-aside", cls="btn ghost icon", id="end-close", aria_label=t(lang, "close"), title=t(lang, "aside_help")
    )
    return (
        '<div class="backdrop end-backdrop" id="end-backdrop"><section class="dialog end-panel" role="dialog" '
        'aria-labelledby="end-title" aria-describedby="end-kicker" id="end-panel">'  # not modal: the toolbar stays usable
        f'<div class="dialog-head"><div><p class="end-kicker" id="end-kicker">{escape(t(lang, "heading"))}</p>'
        f'<h1 class="dialog-title" id="end-title">{escape(title)}</h1></div>{close}</div>'
        f'<div class="dialog-body end-body">{"".join(parts)}</div>'
        f'<div class="dialog-actions end-actions">{"".join(actions)}</div></section></div>'
    )


def result_title(lang: str, state: Any, names: list[str]) -> str:
    """Who won a finished game, in one line: the panel's title."""
    winners = list(state.outcome().winners)
    if not winners:
        return t(lang, "title_nobody")
    if len(winners) == 1:
        return t(lang, "title_win", name=names[winners[0]])
    return t(lang, "title_tie", names=join_names([names[w] for w in winners], t(lang, "and")))


def replay_result(lang: str, state: Any, seats: list[Any]) -> str:
    """The replay viewer's toolbar at the recorded game's last position, if the game ended there: who won (the
    board stays clear, with no banner over it). Else ''."""
    from dicehall.core.protocol import NodeKind

    if state.kind is not NodeKind.TERMINAL:
        return ""
    text = result_title(lang, state, [seat.name for seat in seats])
    return f'<span class="chip status replay-result" id="replay-result" role="status">★ {escape(text)}</span>'


def result_button(lang: str) -> str:
    """The toolbar's button that brings the panel back once it was put aside."""
    return button(
        "★ " + t(lang, "result"),
        "end-show",
        cls="btn ghost result-btn",
        id="end-show",
        title=t(lang, "result"),
        data_autofocus=True,
    )  # the keyboard finds its way back


def file_name(game_id: str, date: str) -> str:
    """A save file's name: ``dicehall-charidice-2026-11-26.json`` (``date`` as YYYY-MM-DD)."""
    return f"dicehall-{game_id}-{date}.json"
