"""The new-game form: seats (name, human or computer, level, colour) and the game's options.

It turns what the setup dialog or the page API says into a validated Session, with clear messages.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from dicehall.app.session import Session
from dicehall.app.texts import TEXTS
from dicehall.core import registry
from dicehall.core.save import Seat


def game_setup_module(game_id: str) -> Any:
    """The game's ``setup`` module (colours, option fields, display toggles, shortcuts)."""
    return importlib.import_module(f"dicehall.games.{game_id}.setup")


@dataclass(slots=True)
class SetupForm:
    game: str
    seats: list[dict[str, str]]
    options: dict[str, str] = field(default_factory=dict)

    @classmethod
    def default(cls, game_id: str, lang: str, remembered: dict[str, Any] | None = None) -> SetupForm:
        """The last setup used for this game, or: player 1 human against a normal computer."""
        info = registry.info(game_id)
        setup = game_setup_module(game_id)
        colours = list(setup.DEFAULT_COLOURS)
        seats = []
        for i in range(info.min_players):
            kind = "human" if i == 0 else "ai"
            seats.append({"name": default_name(game_id, i, lang), "kind": kind, "level": "normal",
                          "colour": colours[i % len(colours)]})
        options = {f.key: f.default for f in setup.OPTION_FIELDS}
        form = cls(game_id, seats, options)
        if remembered:
            form.merge(remembered)
        return form

    def merge(self, data: dict[str, Any]) -> None:
        """Take what is valid from a remembered form; ignore the rest."""
        for seat, old in zip(self.seats, data.get("seats", [])):
            if isinstance(old, dict):
                seat.update({k: v for k, v in old.items() if k in seat and isinstance(v, str)})
        for key, value in data.get("options", {}).items():
            if key in self.options and isinstance(value, str):
                self.options[key] = value

    def to_json(self) -> dict[str, Any]:
        return {"seats": self.seats, "options": self.options}

    def problem(self, lang: str) -> str | None:
        colours = [s["colour"] for s in self.seats]
        if len(set(colours)) != len(colours):
            return TEXTS.t(lang, "colour_taken")
        return None


def default_name(game_id: str, seat: int, lang: str) -> str:
    setup = game_setup_module(game_id)
    names = getattr(setup, "SEAT_NAMES", None)
    if names:
        base = names[seat][0 if lang == "fr" else 1]
    else:
        base = TEXTS.t(lang, "seat", n=seat + 1)
    return base  # the same for a computer: the game screen marks computer seats itself


def session_from_request(game_id: str, request: dict[str, Any], lang: str) -> Session:
    """Build a new session from page-API options: ``{seats: [...], seed, ...game options}``.

    :raises ValueError: with a message naming the bad option (UnknownGameError is a KeyError: caught by callers).
    """
    game = registry.load(game_id)
    info = registry.info(game_id)
    setup = game_setup_module(game_id)
    request = dict(request)
    seats_in = request.pop("seats", None)
    seed = request.pop("seed", None)
    if seats_in is None:
        seats_in = [{"kind": "human"}] + [{"kind": "ai", "level": "normal"}] * (info.min_players - 1)
    if not isinstance(seats_in, list):
        raise ValueError("seats must be a list")
    options = game.options_from_json(request)
    if len(seats_in) != game.num_players(options):
        raise ValueError(f"{game_id} needs {game.num_players(options)} seats, got {len(seats_in)}")
    colours = list(setup.DEFAULT_COLOURS)
    seats = []
    used: set[str] = set()
    for i, raw in enumerate(seats_in):
        checked = Seat.from_json(raw, i)  # kind and level, checked as in a save (SaveFormatError is a ValueError)
        colour = raw.get("colour") or next(c for c in colours + [c[0] for c in setup.COLOURS] if c not in used)
        if colour not in {c[0] for c in setup.COLOURS}:
            raise ValueError(f"seat {i}: unknown colour {colour!r}")
        if colour in used:
            raise ValueError(f"seat {i}: colour {colour!r} is already taken")
        used.add(colour)
        name = raw.get("name") or default_name(game_id, i, lang)
        seats.append(Seat(name=str(name)[:40], kind=checked.kind, level=checked.level, extra={"colour": colour}))
    if seed is None:
        import secrets  # lazily: hashlib, hmac, base64 are not needed at start-up

        seed = secrets.token_hex(6)
    return Session.new(game, options, seats, str(seed))


def session_from_form(form: SetupForm, lang: str) -> Session:
    request: dict[str, Any] = dict(form.options)
    request["seats"] = [
        {"name": s["name"].strip(), "kind": s["kind"], "level": s["level"], "colour": s["colour"]} for s in form.seats
    ]
    return session_from_request(form.game, request, lang)
