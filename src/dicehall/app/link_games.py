"""Play by link: games between people on different devices, passed back and forth as links, no server.

Each device keeps the play-by-link games it takes part in under ``dicehall:linked``: the game's key (its game
id and seed, the same on every device), which seats are played here, and the latest save, packed. A link
received for a known key must extend the game this device knows (its log starts with the known one); one
that is older, or that rewrites history, is refused with one line. A link for an unknown key starts that
game here, this device taking the seat whose turn it is.
"""

from __future__ import annotations

from typing import Any

from dicehall.app import kept_games
from dicehall.core import packed, registry
from dicehall.core import save as save_format
from dicehall.core.errors import DicehallError
from dicehall.core.save import SavedGame
from dicehall.ui.html import button, escape
from dicehall.ui.i18n import Texts

KEY = "dicehall:linked"
KEEP = 12  # games kept; the oldest finished ones give way first

TEXTS = Texts(
    {
        "title": ("Parties par lien en cours", "Games by link in progress"),
        "resume": ("Reprendre", "Resume"),
        "resume_label": ("Reprendre la partie de {game} avec {names}", "Resume the {game} game with {names}"),
        "your_turn": ("à vous de jouer", "your turn"),
        "their_turn": ("au tour de {name}", "{name}'s turn"),
        "over": ("terminée", "finished"),
        "with": ("avec {names}", "with {names}"),
    }
)


class LinkEntryError(DicehallError, ValueError):
    """A kept game by link that cannot be used (damaged, edited, or written by another program)."""


def key_of(document: dict[str, Any]) -> str:
    """The game's key, the same on every device: its game id and seed."""
    return f"{document.get('game')}/{document.get('seed')}"


def session_key(session: Any) -> str:
    """``key_of`` the game a session plays."""
    return f"{session.game.id}/{session.match.seed}"


def read(storage: Any) -> list[dict[str, Any]]:
    """The games kept, most recently played first; entries of the wrong shape are skipped."""
    return kept_games.read(storage, KEY, "the games by link", _well_formed)


def _well_formed(entry: Any) -> bool:
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("key"), str)
        and isinstance(entry.get("save"), str)
        and isinstance(entry.get("local"), list)
        and all(isinstance(s, int) for s in entry["local"])
        and isinstance(entry.get("names"), list)
        and isinstance(entry.get("game"), str)
    )


def find(storage: Any, key: str) -> dict[str, Any] | None:
    return next((g for g in read(storage) if g["key"] == key), None)


def checked(entry: dict[str, Any]) -> tuple[SavedGame, set[int]]:
    """The kept game of ``entry`` checked like any save (its log replayed through the rules) and the seats
    played on this device: a stored entry may have been written by hand, by another program or by a
    newer version.

    :raises DicehallError: one line saying what is wrong."""
    try:
        saved = save_format.from_json(packed.unpack(entry["save"]))
    except DicehallError as error:
        raise LinkEntryError(f"the kept game by link cannot be read ({error})") from None
    document = saved.to_json()
    if key_of(document) != entry["key"]:
        raise LinkEntryError("the kept game by link is filed under another game's key")
    seats = len(saved.seats)
    local = set(entry["local"])
    if not local or any(not 0 <= i < seats or saved.seats[i].is_ai for i in local):
        raise LinkEntryError("the kept game by link names seats this device cannot play")
    return saved, local


def forget(storage: Any, key: str) -> None:
    """Take the game of ``key`` out of the list (it was set aside first)."""
    games = [g for g in read(storage) if g["key"] != key]
    if games:
        kept_games.write(storage, KEY, games)
    else:
        storage.remove(KEY)


def remember(
    storage: Any, document: dict[str, Any], local: list[int], to_move: int | None, over: bool, date: str
) -> bool:
    """Keep (or bring up to date) the game ``document`` at the head of the list."""
    entry = {
        "key": key_of(document),
        "game": document.get("game"),
        "date": date,
        "local": sorted(local),
        "names": [str(s.get("name", ""))[:40] for s in document.get("seats", []) if isinstance(s, dict)],
        "to_move": to_move,
        "over": over,
        "save": packed.pack(document),
    }
    games = [entry] + [g for g in read(storage) if g["key"] != entry["key"]]
    while len(games) > KEEP:  # the oldest finished game goes first, else the oldest
        finished = [i for i, g in enumerate(games) if g.get("over") and i]
        del games[finished[-1] if finished else -1]
    return kept_games.write(storage, KEY, games)


def compare(known: list[Any], received: list[Any]) -> tuple[str, int]:
    """How a received log stands to the known one (both as JSON entries): ("same" | "extends", known
    length), ("older", received length), or ("rewrites", the first entry that differs)."""
    for i, (a, b) in enumerate(zip(known, received)):
        if a != b:
            return "rewrites", i
    if len(received) < len(known):
        return "older", len(received)
    return ("same" if len(received) == len(known) else "extends"), len(known)


def same_game(known: dict[str, Any], received: dict[str, Any]) -> bool:
    """The two saves describe the same table: game, seed, options and seats."""
    return all(known.get(k) == received.get(k) for k in ("game", "seed", "options", "seats", "rules_version"))


def section(lang: str, entries: list[dict[str, Any]]) -> str:
    """The hub's list of the games by link not finished, with Resume."""
    shown = [(i, g) for i, g in enumerate(entries) if not g.get("over")]
    if not shown:
        return ""
    items = []
    for i, entry in shown:
        try:
            title = registry.info(entry["game"]).title(lang)
        except KeyError:
            continue
        names = [str(n) for n in entry["names"]]
        others = ", ".join(n for p, n in enumerate(names) if p not in entry["local"])
        to_move = entry.get("to_move")
        if isinstance(to_move, int) and to_move in entry["local"]:
            turn = TEXTS.t(lang, "your_turn")
        elif isinstance(to_move, int) and 0 <= to_move < len(names):
            turn = TEXTS.t(lang, "their_turn", name=names[to_move])
        else:
            turn = ""
        resume = button(
            TEXTS.t(lang, "resume"),
            "linked-resume",
            i,
            cls="btn small",
            id=f"linked-resume-{i}",
            aria_label=TEXTS.t(lang, "resume_label", game=title, names=others),
        )
        items.append(
            f'<li class="linked-game"><div><strong>{escape(title)}</strong> '
            f"{escape(TEXTS.t(lang, 'with', names=others))}<br><small>{escape(turn)}</small></div>"
            f"{resume}</li>"
        )
    return (
        f'<section class="linked" aria-labelledby="linked-title"><h2 id="linked-title">'
        f'{escape(TEXTS.t(lang, "title"))}</h2><ol class="linked-list" id="linked-list">{"".join(items)}</ol>'
        f"</section>"
    )
