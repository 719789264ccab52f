"""The save format ``dicehall.save/1``: one JSON document per game (docs/save-format.md).

Loading replays every log entry through the checked rules, so a corrupt or edited save is refused
with a message naming the bad entry, never turned into an impossible position. ``loads`` is the one reader
of a save's text, wherever it comes from (a file's bytes or the text a browser read from it, the stored
game, the command line): the same acceptance and the same message everywhere, and a ``kind`` on the error
(``SaveFormatError.kind``) for a caller that chooses its own words.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from dicehall.core import challenge, limits, registry
from dicehall.core.errors import DicehallError, SaveFormatError, UnknownGameError
from dicehall.core.match import Match

FORMAT = "dicehall.save/1"
LEVELS = registry.STANDARD_LEVEL_IDS  # the levels most games offer; a game's own: registry.info(id).level_ids


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at a place: a human or a computer of some level. ``extra`` keeps keys we do not know
    (a colour, or a field written by a newer version) so that they survive a round trip."""

    name: str
    kind: str = "human"
    level: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = dict(self.extra)
        out.update({"name": self.name, "kind": self.kind})
        if self.kind == "ai":
            out["level"] = self.level
        return out

    @classmethod
    def from_json(cls, data: Any, index: int, levels: tuple[str, ...] = LEVELS) -> Seat:
        """``levels``: those the game offers (a computer seat's level must be one of them).

        :raises SaveFormatError:"""
        if not isinstance(data, dict):
            raise SaveFormatError(f"seat {index} must be an object, got {_short(data)}")
        kind = data.get("kind", "human")
        if kind not in ("human", "ai"):
            raise SaveFormatError(f'seat {index}: kind must be "human" or "ai", got {_short(kind)}')
        default = "normal" if "normal" in levels else levels[len(levels) // 2]
        level = data.get("level", default) if kind == "ai" else None
        if kind == "ai" and level not in levels:
            raise SaveFormatError(f"seat {index}: level must be one of {', '.join(levels)}, got {_short(level)}")
        name = data.get("name", f"{index + 1}")
        if not isinstance(name, str):
            raise SaveFormatError(f"seat {index}: name must be a string, got {_short(name)}")
        _check_unicode(name, f"seats[{index}].name")
        if len(name) > limits.MAX_NAME_CHARS:
            raise SaveFormatError(
                f"seat {index}: the name has {len(name):,} characters (at most {limits.MAX_NAME_CHARS})"
            )
        colour = data.get("colour")
        if colour is not None and not isinstance(colour, str):
            raise SaveFormatError(f"seat {index}: colour must be a string, got {_short(colour)}")
        known = ("name", "kind", "level") if kind == "ai" else ("name", "kind")
        extra = {k: v for k, v in data.items() if k not in known}
        try:
            limits.check_value(extra, f"seat {index}", max_depth=limits.MAX_DEPTH - 3)
        except limits.DocumentLimitError as error:
            raise SaveFormatError(str(error), _limit_kind(error, "other")) from None
        return cls(name=name, kind=kind, level=level, extra=extra)


@dataclass(slots=True)
class SavedGame:
    match: Match
    seats: list[Seat]

    def to_json(self) -> dict[str, Any]:
        out = {
            "format": FORMAT,
            "game": self.match.game.id,
            "rules_version": self.match.game.rules_version,
            "options": self.match.game.options_to_json(self.match.options),
            "seats": [seat.to_json() for seat in self.seats],
            "seed": self.match.seed,
            "log": self.match.log_json(),
        }
        if self.match.challenge:  # optional, so that a normal game's save is unchanged (docs/save-format.md)
            out["challenge"] = self.match.challenge
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)


UTF8_BOM = b"\xef\xbb\xbf"
NOT_UTF8 = "the file is not UTF-8 text"


def loads(source: str | bytes, size: int = 0) -> SavedGame:
    """A save from its text: the one reader of every path (a file, ``load()``'s text, the stored game, the
    command line). Bytes must be UTF-8; one leading byte order mark is dropped; the text is checked against
    the limits of dicehall.core.limits before it is parsed, and for text that is not valid Unicode.

    ``size``: when ``source`` is the text a browser read from a file of ``size`` bytes (``File.text()``
    drops a byte order mark and puts U+FFFD for each byte that is not UTF-8), a text that cannot have come
    whole from those bytes is refused as bytes that are not UTF-8 would be. 0: not known.

    :raises SaveFormatError: with a message a player can read, and its ``kind``.
    """
    return from_json(parse(source, size))


def parse(source: str | bytes, size: int = 0) -> Any:
    """The JSON value of a save's text or bytes (``loads`` before replaying it: see there).

    :raises SaveFormatError: ``kind`` "not_utf8", "too_large", "not_json" or "not_unicode"."""
    most = limits.MAX_DOCUMENT_CHARS  # (read at each call: tests lower it)
    if isinstance(source, (bytes, bytearray)):
        if len(source) > 4 * most + len(UTF8_BOM):  # (UTF-8 takes at most four bytes a character)
            raise SaveFormatError(f"the save is too large (more than {most:,} characters)", "too_large")
        try:
            text = bytes(source).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveFormatError(NOT_UTF8, "not_utf8") from None
    elif isinstance(source, str):
        text = source
        if size and "\ufffd" in text and len(text.encode("utf-8", "surrogatepass")) not in (size, size - 3):
            raise SaveFormatError(NOT_UTF8, "not_utf8")  # U+FFFD put in place of bytes that were not UTF-8
    else:
        raise SaveFormatError(f"the save must be text, got {type(source).__name__}", "not_json")
    try:
        return limits.loads(text, "the save", most)
    except limits.DocumentLimitError as error:
        raise SaveFormatError(str(error), _limit_kind(error, "too_large")) from None
    except (TypeError, ValueError, RecursionError) as error:
        raise SaveFormatError(f"the save is not valid JSON ({_one_line(error)})", "not_json") from None


def _limit_kind(error: limits.DocumentLimitError, otherwise: str) -> str:
    return "not_unicode" if isinstance(error, limits.NotUnicodeError) else otherwise


def _check_unicode(text: str, where: str) -> None:
    """:raises SaveFormatError: ``text`` holds a lone surrogate (a Python caller's document: a text's are
    checked by ``limits.loads``)."""
    if not text.isascii():
        try:
            limits.check_unicode(text, "the save")
        except limits.NotUnicodeError:
            message = f"the save holds text that is not valid Unicode (a lone surrogate in {where})"
            raise SaveFormatError(message, "not_unicode") from None


def _short(value: Any) -> str:
    """A value as a message shows it: its JSON cut to 60 characters, a container too deep to be written
    safely by its kind and size (limits.quote)."""
    return limits.quote(value)


def _one_line(error: BaseException) -> str:
    """An error's message on one line, cut to 200 characters (it may quote a huge value)."""
    text = " ".join(str(error).split())
    return text if len(text) <= 200 else text[:199] + "…"


def from_json(data: Any) -> SavedGame:
    """Rebuild a game from its save by replaying the log through the checked rules.

    :raises SaveFormatError: naming the first problem (format, game, version, options, seats, entry).
    """
    if not isinstance(data, dict):
        raise SaveFormatError("the save must be a JSON object", "not_ours")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise SaveFormatError(f"not a dicehall save (format {_short(fmt)}, expected {_short(FORMAT)})", "not_ours")
    game_id = data.get("game")
    if not isinstance(game_id, str) or len(game_id) > limits.MAX_TEXT_CHARS:
        raise SaveFormatError(f"the save is for a game this version cannot play: unknown game {_short(game_id)}")
    try:
        game = registry.load(game_id)
    except UnknownGameError as error:
        raise SaveFormatError(f"the save is for a game this version cannot play: {error}") from None
    version = data.get("rules_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveFormatError(f"rules_version must be a positive integer, got {_short(version)}")
    if version > game.rules_version:
        raise SaveFormatError(
            f"the save was made by a newer version of {game.id} (rules {version}, this version knows "
            f"{game.rules_version}); update the page to load it",
            "newer",
        )
    if version < game.rules_version and game.upgrade is not None:
        data = _upgrade(game, data, version)
    options_data = data.get("options", {})
    if not isinstance(options_data, dict):
        raise SaveFormatError(f"bad options: they must be a JSON object, got {_short(options_data)}")
    try:
        limits.check_value(options_data, "the options", max_depth=limits.MAX_DEPTH - 1)
    except limits.DocumentLimitError as error:
        raise SaveFormatError(str(error), _limit_kind(error, "other")) from None
    try:
        options = game.options_from_json(options_data)
    except (TypeError, ValueError) as error:
        raise SaveFormatError(f"bad options: {_one_line(error)}") from None
    seats_data = data.get("seats")
    players = game.num_players(options)
    if not isinstance(seats_data, list) or len(seats_data) != players:
        got = f"{len(seats_data)}" if isinstance(seats_data, list) else _short(seats_data)
        raise SaveFormatError(f"the save must list {players} seats for these options, got {got}")
    levels = registry.info(game.id).level_ids  # the levels this game offers
    seats = [Seat.from_json(s, i, levels) for i, s in enumerate(seats_data)]
    seed = data.get("seed", "")
    if not isinstance(seed, (str, int)) or isinstance(seed, bool):
        raise SaveFormatError(f"seed must be a string or an integer, got {_short(seed)}")
    if len(str(seed)) > limits.MAX_TEXT_CHARS:
        raise SaveFormatError(f"the seed has {len(str(seed)):,} characters (at most {limits.MAX_TEXT_CHARS})")
    if isinstance(seed, str):
        _check_unicode(seed, "seed")  # the dice are drawn from its UTF-8
    log = data.get("log", [])
    if not isinstance(log, list):
        raise SaveFormatError("log must be a list of entries")
    if len(log) > limits.MAX_LOG_ENTRIES:
        raise SaveFormatError(f"the log has {len(log):,} entries (at most {limits.MAX_LOG_ENTRIES:,})")
    match = Match(game, options, str(seed))
    match.challenge = _challenge_date(game.id, data.get("challenge"))
    for index, raw in enumerate(log):
        try:
            match.apply_entry(match.entry_from_json(raw))
        except DicehallError as error:
            message = f"log entry {index} ({_entry_text(raw)}) is refused: {_one_line(error)}"
            raise SaveFormatError(message, "edited", index) from None
    return SavedGame(match, seats)


def _challenge_date(game_id: str, value: Any) -> str | None:
    """The optional ``challenge`` key: the date of a daily challenge (core/challenge.py), or None."""
    if value is None:
        return None
    try:
        date = challenge.check_date(value)
    except ValueError as error:
        raise SaveFormatError(str(error)) from None
    if not challenge.available(game_id):
        raise SaveFormatError(f"the save is a daily challenge, but {game_id} has none")
    return date


def _entry_text(raw: Any) -> str:
    """A log entry as a message quotes it: its JSON cut to 120 characters."""
    return limits.quote(raw, None, limits.MAX_DEPTH)[:120]


def _upgrade(game: registry.GameDef, data: dict[str, Any], version: int) -> dict[str, Any]:
    """The save of an older ``rules_version`` rewritten by the game's compatibility step."""
    try:
        upgraded = game.upgrade(dict(data), version) if game.upgrade else data
    except (TypeError, ValueError, KeyError) as error:
        raise SaveFormatError(
            f"a save of {game.id} rules {version} cannot be brought up to rules {game.rules_version}: {_one_line(error)}"
        ) from None
    if not isinstance(upgraded, dict):
        raise SaveFormatError(f"the compatibility step of {game.id} rules {version} returned no save")
    return upgraded
