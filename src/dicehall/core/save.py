"""The save format ``dicehall.save/1``: one JSON document per game (docs/save-format.md).

Loading replays every log entry through the checked rules, so a corrupt or edited save is refused
with a message naming the bad entry, never turned into an impossible position.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from dicehall.core import registry
from dicehall.core.errors import DicehallError, SaveFormatError, UnknownGameError
from dicehall.core.match import Match

FORMAT = "dicehall.save/1"
LEVELS = ("easy", "normal", "expert")


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
    def from_json(cls, data: Any, index: int) -> Seat:
        """:raises SaveFormatError:"""
        if not isinstance(data, dict):
            raise SaveFormatError(f"seat {index} must be an object, got {data!r}")
        kind = data.get("kind", "human")
        if kind not in ("human", "ai"):
            raise SaveFormatError(f'seat {index}: kind must be "human" or "ai", got {kind!r}')
        level = data.get("level", "normal") if kind == "ai" else None
        if kind == "ai" and level not in LEVELS:
            raise SaveFormatError(f"seat {index}: level must be one of {', '.join(LEVELS)}, got {level!r}")
        name = data.get("name", f"{index + 1}")
        if not isinstance(name, str):
            raise SaveFormatError(f"seat {index}: name must be a string, got {name!r}")
        known = ("name", "kind", "level") if kind == "ai" else ("name", "kind")
        extra = {k: v for k, v in data.items() if k not in known}
        return cls(name=name, kind=kind, level=level, extra=extra)


@dataclass(slots=True)
class SavedGame:
    match: Match
    seats: list[Seat]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.match.game.id,
            "rules_version": self.match.game.rules_version,
            "options": self.match.game.options_to_json(self.match.options),
            "seats": [seat.to_json() for seat in self.seats],
            "seed": self.match.seed,
            "log": self.match.log_json(),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)


def loads(text: str) -> SavedGame:
    """:raises SaveFormatError: with a message a player can read."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise SaveFormatError(f"the save is not valid JSON ({error})") from None
    return from_json(data)


def from_json(data: Any) -> SavedGame:
    """Rebuild a game from its save by replaying the log through the checked rules.

    :raises SaveFormatError: naming the first problem (format, game, version, options, seats, entry).
    """
    if not isinstance(data, dict):
        raise SaveFormatError("the save must be a JSON object")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise SaveFormatError(f"not a dicehall save (format {fmt!r}, expected {FORMAT!r})")
    try:
        game = registry.load(data.get("game"))
    except UnknownGameError as error:
        raise SaveFormatError(f"the save is for a game this version cannot play: {error}") from None
    version = data.get("rules_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveFormatError(f"rules_version must be a positive integer, got {version!r}")
    if version > game.rules_version:
        raise SaveFormatError(
            f"the save was made by a newer version of {game.id} (rules {version}, this version knows "
            f"{game.rules_version}); update the page to load it"
        )
    if version < game.rules_version and game.upgrade is not None:
        data = _upgrade(game, data, version)
    options_data = data.get("options", {})
    if not isinstance(options_data, dict):
        raise SaveFormatError(f"bad options: they must be a JSON object, got {options_data!r}")
    try:
        options = game.options_from_json(options_data)
    except (TypeError, ValueError) as error:
        raise SaveFormatError(f"bad options: {error}") from None
    seats_data = data.get("seats")
    players = game.num_players(options)
    if not isinstance(seats_data, list) or len(seats_data) != players:
        got = f"{len(seats_data)}" if isinstance(seats_data, list) else repr(seats_data)
        raise SaveFormatError(f"the save must list {players} seats for these options, got {got}")
    seats = [Seat.from_json(s, i) for i, s in enumerate(seats_data)]
    seed = data.get("seed", "")
    if not isinstance(seed, (str, int)) or isinstance(seed, bool):
        raise SaveFormatError(f"seed must be a string or an integer, got {seed!r}")
    log = data.get("log", [])
    if not isinstance(log, list):
        raise SaveFormatError("log must be a list of entries")
    match = Match(game, options, str(seed))
    for index, raw in enumerate(log):
        try:
            match.apply_entry(match.entry_from_json(raw))
        except DicehallError as error:
            shown = json.dumps(raw, ensure_ascii=False, default=repr)[:120]
            raise SaveFormatError(f"log entry {index} ({shown}) is refused: {error}") from None
    return SavedGame(match, seats)


def _upgrade(game: registry.GameDef, data: dict[str, Any], version: int) -> dict[str, Any]:
    """The save of an older ``rules_version`` rewritten by the game's compatibility step."""
    try:
        upgraded = game.upgrade(dict(data), version) if game.upgrade else data
    except (TypeError, ValueError, KeyError) as error:
        raise SaveFormatError(
            f"a save of {game.id} rules {version} cannot be brought up to rules {game.rules_version}: {error}"
        ) from None
    if not isinstance(upgraded, dict):
        raise SaveFormatError(f"the compatibility step of {game.id} rules {version} returned no save")
    return upgraded
