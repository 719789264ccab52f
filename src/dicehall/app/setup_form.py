"""The new-game form: seats (name, human or computer, level, colour) and the game's options.

It turns what the setup dialog or the page API says into a validated Session, with clear messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dicehall.app.session import Session
from dicehall.app.texts import TEXTS
from dicehall.core import limits, registry
from dicehall.core.save import Seat
from dicehall.core.spec import ChoiceField, GameSpec
from dicehall.ui.i18n import LANGS

_FIELDS: dict[GameSpec, tuple[ChoiceField, ...]] = {}


def spec(game_id: str) -> GameSpec:
    """The game's declaration (colours, options, levels, display fields, shortcuts, menus, demo)."""
    return registry.info(game_id)


def option_fields(game_id: str) -> tuple[ChoiceField, ...]:
    """The new-game form's option fields (``core.spec.ChoiceField``), built from the game's options schema:
    each option the form offers, its choices as the form sends them, its default, labels and help."""
    declared = spec(game_id)
    fields = _FIELDS.get(declared)
    if fields is None:
        fields = tuple(
            ChoiceField(key=o.key, label=o.label, choices=o.form, default=o.text(o.default), help=o.help)
            for o in declared.options.in_form
        )
        _FIELDS[declared] = fields
    return fields


@dataclass(slots=True)
class SetupForm:
    game: str
    seats: list[dict[str, str]]
    options: dict[str, str] = field(default_factory=dict)

    @classmethod
    def default(cls, game_id: str, lang: str, remembered: dict[str, Any] | None = None) -> SetupForm:
        """The last setup used for this game, or: player 1 human against normal computers, as many seats
        as the game's ``default_players`` (else its minimum)."""
        info = spec(game_id)
        count = info.default_players or info.min_players
        count = max(info.min_players, min(info.max_players, count))
        form = cls(game_id, [], {f.key: f.default for f in option_fields(game_id)})
        for _ in range(count):
            form.add_seat(lang)
        form.seats[0]["kind"] = "human"
        if remembered:
            form.merge(remembered, lang)
        return form

    # --- seats ----------------------------------------------------------------------------------
    @property
    def min_players(self) -> int:
        return registry.info(self.game).min_players

    @property
    def max_players(self) -> int:
        return registry.info(self.game).max_players

    @property
    def can_add(self) -> bool:
        return len(self.seats) < self.max_players

    def can_remove(self, seat: int) -> bool:
        """Seats beyond the game's minimum can be removed (never below the minimum)."""
        return self.min_players <= seat < len(self.seats) and len(self.seats) > self.min_players

    def free_colour(self) -> str:
        """The first colour no seat has: the game's default seat colours first, then its whole table."""
        declared = spec(self.game)
        used = {s["colour"] for s in self.seats}
        order = list(declared.default_colours) + [c[0] for c in declared.colours]
        return next((c for c in order if c not in used), order[len(self.seats) % len(order)])

    def add_seat(self, lang: str) -> bool:
        """A new seat at the end: a normal computer with its default name and the first free colour."""
        if not self.can_add:
            return False
        i = len(self.seats)
        self.seats.append(
            {
                "name": default_name(self.game, i, lang),
                "kind": "ai",
                "level": default_level(self.game),
                "colour": self.free_colour(),
            }
        )
        return True

    def remove_seat(self, seat: int, lang: str) -> bool:
        """Remove a seat beyond the minimum; the seats after it move up, and those still wearing their
        default name take the name of their new place."""
        if not self.can_remove(seat):
            return False
        del self.seats[seat]
        for i in range(seat, len(self.seats)):
            if _is_default_name(self.game, i + 1, self.seats[i]["name"]):
                self.seats[i]["name"] = default_name(self.game, i, lang)
        return True

    def merge(self, data: dict[str, Any], lang: str | None = None) -> None:
        """Take what is valid from a remembered form (seat count within the game's range included);
        ignore the rest. Default names follow ``lang``."""
        if not isinstance(data, dict):
            return
        old_seats = (
            [s for s in data.get("seats") or [] if isinstance(s, dict)] if isinstance(data.get("seats"), list) else []
        )
        if old_seats:
            count = max(self.min_players, min(self.max_players, len(old_seats)))
            lang_now = lang or "fr"
            while len(self.seats) < count:
                self.add_seat(lang_now)
            del self.seats[count:]
        declared = spec(self.game)
        known_colours = {c[0] for c in declared.colours}
        valid = {"kind": {"human", "ai", "remote"}, "level": set(declared.level_ids), "colour": known_colours}
        for i, (seat, old) in enumerate(zip(self.seats, old_seats)):
            for key, value in old.items():
                if key not in seat or not isinstance(value, str):
                    continue
                if key in valid and value not in valid[key]:
                    continue
                if key == "name" and lang and _is_default_name(self.game, i, value):
                    value = default_name(self.game, i, lang)
                seat[key] = value[:40]
        options = data.get("options")
        for key, value in options.items() if isinstance(options, dict) else ():
            if key in self.options and isinstance(value, str):
                self.options[key] = value

    def to_json(self) -> dict[str, Any]:
        return {"seats": self.seats, "options": self.options}

    def problem(self, lang: str) -> str | None:
        colours = [s["colour"] for s in self.seats]
        if len(set(colours)) != len(colours):
            return TEXTS.t(lang, "colour_taken")
        if not self.min_players <= len(self.seats) <= self.max_players:
            return TEXTS.t(lang, "seat_count", lo=self.min_players, hi=self.max_players)
        return None


def default_level(game_id: str) -> str:
    """A new computer seat's level: "normal" where the game offers it, else its middle level."""
    ids = spec(game_id).level_ids
    return "normal" if "normal" in ids else ids[len(ids) // 2]


def default_name(game_id: str, seat: int, lang: str) -> str:
    names = spec(game_id).seat_names
    if names:
        base = names[seat][0 if lang == "fr" else 1]
    else:
        base = TEXTS.t(lang, "seat", n=seat + 1)
    return base  # the same for a computer: the game screen marks computer seats itself


def _is_default_name(game_id: str, seat: int, name: str) -> bool:
    """``name`` is the default name of ``seat`` in one of the languages (so it may be renamed)."""
    return any(name == default_name(game_id, seat, lang) for lang in LANGS)


def session_from_request(game_id: str, request: dict[str, Any], lang: str) -> Session:
    """Build a new session from page-API options: ``{seats: [...], seed, ...game options}`` (a day's
    challenge, ``{challenge: "YYYY-MM-DD"}``, is app.challenge's: ``App.api_new_game`` sends it there).

    :raises ValueError: with a message naming the bad option (UnknownGameError is a KeyError: caught by callers).
    """
    game = registry.load(game_id)
    info = spec(game_id)
    request = dict(request)
    seats_in = request.pop("seats", None)
    seed = request.pop("seed", None)
    variable = info.min_players != info.max_players
    span = f"{info.min_players} to {info.max_players}" if variable else f"{info.min_players}"
    if "players" in request:
        count = request["players"]
        if isinstance(count, bool) or not isinstance(count, int) or not (info.min_players <= count <= info.max_players):
            raise ValueError(f"players: {game_id} is for {span} players, got {limits.quote(count)}")
        if not variable:
            del request["players"]  # the game's options do not carry a fixed count
    if seats_in is None:
        count = request.get("players", info.default_players or info.min_players)
        seats_in = [{"kind": "human"}] + [{"kind": "ai", "level": default_level(game_id)} for _ in range(count - 1)]
    if not isinstance(seats_in, list):
        raise ValueError("seats must be a list")
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, (str, int)) or len(str(seed)) > limits.MAX_TEXT_CHARS
    ):
        raise ValueError(f"seed must be a string or an integer of at most {limits.MAX_TEXT_CHARS} characters")
    for i, raw in enumerate(seats_in):
        if isinstance(raw, dict) and not isinstance(raw.get("colour", ""), str):
            raise ValueError(f"seat {i}: colour must be a string")
        if isinstance(raw, dict) and not isinstance(raw.get("name", ""), str):
            raise ValueError(f"seat {i}: name must be a string")
    if not info.min_players <= len(seats_in) <= info.max_players:
        raise ValueError(f"seats: {game_id} is for {span} players, got {len(seats_in)} seat(s)")
    if "players" in request and request["players"] != len(seats_in):
        raise ValueError(f"players is {request['players']} but {len(seats_in)} seat(s) were given")
    if variable:
        request.setdefault("players", len(seats_in))  # the seats say how many play
    options = game.options_from_json(request)
    if len(seats_in) != game.num_players(options):
        raise ValueError(f"{game_id} needs {game.num_players(options)} seats, got {len(seats_in)}")
    colours = list(info.default_colours)
    known_colours = [c[0] for c in info.colours]
    seats = []
    used: set[str] = set()
    asked = {raw.get("colour") for raw in seats_in if isinstance(raw, dict)}  # not given to seats without one
    # a human on another device (play by link): a human seat of the save, decided on by the link's device
    remote = frozenset(i for i, raw in enumerate(seats_in) if isinstance(raw, dict) and raw.get("kind") == "remote")
    if remote and all(isinstance(raw, dict) and raw.get("kind") != "human" for raw in seats_in):
        raise ValueError('a game by link needs a "human" seat on this device beside the "remote" ones')
    for i, raw in enumerate(seats_in):
        if i in remote:
            raw = {**raw, "kind": "human"}
        named = {k: v for k, v in raw.items() if k != "name"} if isinstance(raw, dict) else raw  # names are cut
        # kind and level (one the game offers), checked as in a save (SaveFormatError is a ValueError)
        checked = Seat.from_json(named, i, info.level_ids)
        colour = raw.get("colour") or next(
            (c for c in colours + known_colours if c not in used and c not in asked), None
        )
        if colour is None:
            raise ValueError(f"seat {i}: no colour left")
        if colour not in known_colours:
            raise ValueError(f"seat {i}: unknown colour {limits.quote(colour, 42)}")
        if colour in used:
            raise ValueError(f"seat {i}: colour {limits.quote(colour)} is already taken")
        used.add(colour)
        name = raw.get("name") or default_name(game_id, i, lang)
        seats.append(
            Seat(
                name=str(name)[: limits.MAX_NAME_CHARS],
                kind=checked.kind,
                level=checked.level,
                extra={"colour": colour},
            )
        )
    if seed is None:
        import secrets  # lazily: hashlib, hmac, base64 are not needed at start-up

        seed = secrets.token_hex(6)
    session = Session.new(game, options, seats, str(seed))
    session.remote = remote
    return session


def session_from_form(form: SetupForm, lang: str) -> Session:
    request: dict[str, Any] = dict(form.options)
    request["seats"] = [
        {"name": s["name"].strip(), "kind": s["kind"], "level": s["level"], "colour": s["colour"]} for s in form.seats
    ]
    return session_from_request(form.game, request, lang)
