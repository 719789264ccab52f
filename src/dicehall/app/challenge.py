"""The daily challenge in the app: starting one, its result card on the end panel, and its history.

The rules of the challenge (seats, options, duplicate dice) are the game's and the engine's
(``games/<id>/challenge.py``, ``core/challenge.py``); this module builds the session, writes the player's
result into the statistics (``stats[game]["challenges"][date]``) and shows it. One challenge per game and
day counts: finishing the same date again is a replay, shown as such and never counted again.
"""

from __future__ import annotations

import datetime
from typing import Any

from dicehall.core import challenge as core
from dicehall.core import registry
from dicehall.ui.html import button, escape
from dicehall.ui.i18n import Texts, number

HISTORY_MAX = 400  # days kept per game (the oldest go first): more than a year of challenges
PLAYER = 0  # the player's seat in every challenge

TEXTS = Texts(
    {
        "challenge": ("Défi du jour", "Challenge of the day"),
        "challenge_help": (
            "Les mêmes adversaires, options et dés pour tout le monde aujourd'hui",
            "The same opponents, options and dice for everyone today",
        ),
        "title": ("{game} · défi du {date}", "{game} · challenge of {date}"),
        "card_title": ("Défi du {date}", "Challenge of {date}"),
        "replay": (
            "Rejoué : déjà compté ce jour-là, ce résultat ne change pas l'historique",
            "Replayed: that day already counts, this result leaves the history as it is",
        ),
        "result": ("{score}, {place} sur {of}", "{score}, {place} of {of}"),
        "points": ("{score} points", "{score} points"),
        "share": ("dicehall — {game}, défi du {date} : {result}", "dicehall — {game}, challenge of {date}: {result}"),
        "share_replay": (
            "dicehall — {game}, défi du {date} rejoué : {result}",
            "dicehall — {game}, challenge of {date} replayed: {result}",
        ),
        "share_label": ("À coller où vous voulez :", "To paste anywhere:"),
        "copy": ("Copier", "Copy"),
        "copied": ("Copié ✓", "Copied ✓"),
        "history": (
            "Série : {streak} · meilleur : {best} · moyenne : {average} ({days})",
            "Streak: {streak} · best: {best} · average: {average} ({days})",
        ),
        "challenges_1": ("1 défi", "1 challenge"),
        "challenges_n": ("{n} défis", "{n} challenges"),
        "days_1": ("1 jour", "1 day"),
        "days_n": ("{n} jours", "{n} days"),
        "stats_caption": ("Défis du jour", "Challenges of the day"),
        "game": ("Jeu", "Game"),
        "played": ("Joués", "Played"),
        "streak": ("Série", "Streak"),
        "best": ("Meilleur", "Best"),
        "average": ("Moyenne", "Average"),
        "stats_note": (
            "La série compte les jours d'affilée jusqu'au dernier défi joué ; un défi rejoué ne compte qu'une fois.",
            "The streak counts the days in a row up to the last challenge played; a replayed challenge counts once.",
        ),
    }
)


def t(lang: str, key: str, **fields: object) -> str:
    return TEXTS.t(lang, key, **fields)


def count(lang: str, key: str, n: int) -> str:
    """'1 day', '3 days' (``key``: days, challenges)."""
    return t(lang, f"{key}_1") if n == 1 else t(lang, f"{key}_n", n=n)


# --- starting ----------------------------------------------------------------------------------------
def session_from_request(game_id: str, request: dict[str, Any], lang: str) -> Any:
    """The session of ``request["challenge"]``'s challenge: seats and options are the game's, the seed and
    the dice the challenge's.

    :raises ValueError: a bad date, another key beside it, or a game without a challenge (one line each).
    """
    from dicehall.app.setup_form import session_from_request as plain_session  # the app's seat rules (not at start)

    date = core.check_date(request.get("challenge"))
    extra = sorted(str(key) for key in request if key != "challenge")
    if extra:
        raise ValueError(f"a challenge fixes its seats and options; remove {', '.join(extra)[:80]}")
    definition = core.module(game_id)
    if definition is None:
        raise ValueError(f"{registry.info(game_id).title_en} has no daily challenge")
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": level} for level in definition.LEVELS]
    session = plain_session(game_id, {**definition.OPTIONS, "seats": seats, "seed": core.seed(game_id, date)}, lang)
    session.match.challenge = date
    return session


def today_request() -> dict[str, str]:
    return {"challenge": core.today()}


def is_today(session: Any, game_id: str) -> bool:
    """``session`` is today's challenge of ``game_id``, still to finish (the hub's entry resumes it)."""
    return (
        session is not None
        and session.game.id == game_id
        and session.match.challenge == core.today()
        and not session.over
    )


def view(session: Any) -> dict[str, Any]:
    """The state's view, with ``challenge``: the date, for a challenge (the page API's ``state().view``)."""
    data = session.state.view()
    if session.match.challenge:
        data = {**data, "challenge": session.match.challenge}
    return data


def title(lang: str, session: Any, game_title: str) -> str:
    date = session.match.challenge if session is not None else None
    return t(lang, "title", game=game_title, date=date) if date else game_title


# --- the result and the history ----------------------------------------------------------------------
def result(session: Any, lang: str) -> dict[str, Any]:
    """The player's result: ``score`` (a number), ``score_text`` (as the end panel writes it), ``place``
    among the seats (shared on a tie) and ``of`` (how many seats)."""
    from dicehall.app.end_panel import game_summary  # at the end of a game only

    names = [seat.name for seat in session.seats]
    data = game_summary(session.game.id, session.state, names, lang)
    score = session.state.scores()[PLAYER]
    score = int(score) if float(score).is_integer() else round(float(score), 2)
    return {
        "score": score,
        "score_text": data["scores"][PLAYER],
        "place": int(data["places"][PLAYER]),
        "of": len(names),
    }


def record(stats: dict[str, Any], session: Any) -> bool:
    """Write the finished challenge into ``stats`` unless its day already counts. Returns True when it was
    written (the caller stores the statistics)."""
    date = session.match.challenge
    entry = stats.setdefault(session.game.id, {"played": 0, "won": 0, "lost": 0, "tied": 0})
    history = entry.get("challenges")
    if not isinstance(history, dict):
        history = entry["challenges"] = {}
    if date in history:
        return False
    found = result(session, "en")
    history[date] = {"score": found["score"], "place": found["place"], "of": found["of"], "plies": session.match.ply}
    for old in sorted(history)[:-HISTORY_MAX]:
        del history[old]
    return True


def counted(stats: dict[str, Any], session: Any) -> dict[str, Any] | None:
    """The result that counts for the day of the challenge ``session`` plays, if that day is already played."""
    found = _history(stats, session.game.id).get(session.match.challenge)
    return found if isinstance(found, dict) else None


def is_replay(stats: dict[str, Any], session: Any) -> bool:
    """The finished challenge on screen is not the one its day counts (a replay). The counted one is
    recognised by its result and length: a replay ending exactly the same way changes nothing anyway."""
    counted = _history(stats, session.game.id).get(session.match.challenge)
    if counted is None:
        return False
    found = result(session, "en")
    return (counted.get("score"), counted.get("place"), counted.get("plies")) != (
        found["score"],
        found["place"],
        session.match.ply,
    )


def _history(stats: dict[str, Any], game_id: str) -> dict[str, Any]:
    entry = stats.get(game_id)
    history = entry.get("challenges") if isinstance(entry, dict) else None
    return history if isinstance(history, dict) else {}


def summary(history: dict[str, Any]) -> dict[str, Any] | None:
    """``{"days", "streak", "best", "average"}`` of a game's history, or None when it is empty. The
    streak: days in a row up to the latest one played."""
    days = sorted(history)
    if not days:
        return None
    scores = [history[d]["score"] for d in days]
    streak, day = 1, datetime.date.fromisoformat(days[-1])
    while (day - datetime.timedelta(days=1)).isoformat() in history:
        streak, day = streak + 1, day - datetime.timedelta(days=1)
    average = sum(scores) / len(scores)
    return {
        "days": len(days),
        "streak": streak,
        "best": max(scores),
        "average": int(average) if float(average).is_integer() else round(average, 1),
    }


def share_text(lang: str, session: Any, found: dict[str, Any], replay: bool = False) -> str:
    """The line to paste anywhere, in plain text (the card adds the replay link of the game to what is copied);
    a ``replay`` (the day already counted) says so."""
    from dicehall.app.end_panel import place_label

    spec = registry.info(session.game.id)
    game = spec.title(lang)
    score = (
        t(lang, "points", score=found["score_text"])
        if spec.challenge_unit is None  # the game's own way to read a score (its spec), else points
        else Texts({"unit": spec.challenge_unit}).t(lang, "unit", score=found["score_text"])
    )
    text = t(
        lang,
        "result",
        score=score,
        place=place_label(lang, found["place"]),
        of=found["of"],
    )
    return t(lang, "share_replay" if replay else "share", game=game, date=session.match.challenge, result=text)


def _unbroken(text: str, date: str) -> str:
    """``text`` as HTML with the date kept on one line (a phone would break it at a hyphen); its text, which
    the Copy button takes, is unchanged."""
    return escape(text).replace(date, f'<span class="nowrap">{date}</span>', 1)


def card(lang: str, session: Any, stats: dict[str, Any], copied: bool = False, link: str = "") -> str:
    """The end panel's challenge section: the result, the line to paste with its Copy button (``link``, the
    game's replay link, goes with the line copied, not on screen), the history."""
    found = result(session, lang)
    replay = is_replay(stats, session)
    line = share_text(lang, session, found, replay)
    parts = [f'<h2 class="challenge-title">{escape(t(lang, "card_title", date=session.match.challenge))}</h2>']
    if replay:
        parts.append(f'<p class="challenge-replay" id="challenge-replay">{escape(t(lang, "replay"))}</p>')
    parts.append(
        f'<p class="challenge-share"><span class="sr-only">{escape(t(lang, "share_label"))} </span>'
        f'<output id="challenge-text">{_unbroken(line, session.match.challenge)}'
        + (f"<span hidden> {escape(link)}</span>" if link else "")
        + "</output> "
        + button(
            t(lang, "copied" if copied else "copy"),
            "host:copy",
            cls="btn ghost",
            id="challenge-copy",
            data_copy="challenge-text",
            aria_live="polite",
        )
        + "</p>"
    )
    done = summary(_history(stats, session.game.id))
    if done:
        parts.append(
            '<p class="challenge-history" id="challenge-history">'
            + escape(
                t(
                    lang,
                    "history",
                    streak=count(lang, "days", done["streak"]),
                    best=number(lang, done["best"]),
                    average=number(lang, done["average"]),
                    days=count(lang, "challenges", done["days"]),
                )
            )
            + "</p>"
        )
    return f'<section class="challenge-card" id="challenge-card">{"".join(parts)}</section>'


def stats_section(lang: str, stats: dict[str, Any]) -> str:
    """The Win record's table of challenges per game: played, streak, best, average ('' when none)."""
    rows = []
    for info in registry.CATALOGUE:
        done = summary(_history(stats, info.id))
        if done:
            cells = (
                str(done["days"]),
                count(lang, "days", done["streak"]),
                number(lang, done["best"]),
                number(lang, done["average"]),
            )
            rows.append(
                f'<tr><th scope="row">{escape(info.title(lang))}</th>'
                + "".join(f"<td>{escape(c)}</td>" for c in cells)
                + "</tr>"
            )
    if not rows:
        return ""
    head = "".join(
        f'<th scope="col">{escape(t(lang, k))}</th>' for k in ("game", "played", "streak", "best", "average")
    )
    return (
        f'<div class="end-table-wrap"><table class="stats-table" id="challenge-stats">'
        f"<caption>{escape(t(lang, 'stats_caption'))}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        f"<p><small>{escape(t(lang, 'stats_note'))}</small></p>"
    )


def hub_button(lang: str, game_id: str) -> str:
    """The hub card's entry (and the setup screen's) for the game's challenge of today ('' without one)."""
    if game_id not in core.GAMES:
        return ""
    name = registry.info(game_id).title(lang)
    return button(
        t(lang, "challenge"),
        "challenge",
        game_id,
        cls="btn challenge-btn",
        id=f"challenge-{game_id}",
        title=t(lang, "challenge_help"),
        aria_label=f"{t(lang, 'challenge')} — {name}",
    )
