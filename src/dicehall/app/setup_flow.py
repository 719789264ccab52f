"""How a new game starts (``SetupFlow``): the new-game form (app.setup_form: its seats and options, what it
remembers of the last game of each kind), a demonstration, the day's challenge, and the options set for the
next new game from the keyboard."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.app.setup_form import SetupForm, option_fields, session_from_form, session_from_request, spec
from dicehall.core import registry
from dicehall.core.errors import UnknownGameError

if TYPE_CHECKING:
    from dicehall.app.game_flow import GameFlow
    from dicehall.app.shell import Shell


class SetupFlow:
    def __init__(self, shell: Shell, game: GameFlow) -> None:
        self.shell = shell
        self.game = game  # the game in progress, which a new game replaces
        self.form: SetupForm | None = None
        self.form_error: str | None = None

    def open(self, game_id: str) -> None:
        """The new-game form of ``game_id``, filled in as it was left last time."""
        remembered = self.shell.settings.get("setup", {}).get(game_id)
        self.form = SetupForm.default(game_id, self.shell.lang, remembered)
        self.form_error = None
        self.shell.show("setup")
        self.shell.changed()

    def open_with_session(self) -> None:
        """The new-game form of the game in progress, filled in with its seats and options."""
        assert self.game.session is not None
        self.open(self.game.session.game.id)
        assert self.form is not None
        self.form.merge(self._form_of_session(), None)

    def set_lang(self, lang: str) -> None:
        if self.form is not None:
            self.form = SetupForm.default(self.form.game, lang, self.form.to_json())

    def start_from_form(self) -> None:
        assert self.form is not None
        problem = self.form.problem(self.shell.lang)
        if problem:
            self.form_error = problem
            self.shell.changed()
            return
        try:
            session = session_from_form(self.form, self.shell.lang)
        except (ValueError, UnknownGameError) as error:
            self.form_error = str(error)
            self.shell.changed()
            return
        self.shell.settings.setdefault("setup", {})[self.form.game] = self.form.to_json()
        self.shell.save_settings()
        self.game.start(session)

    def _form_of_session(self) -> dict[str, Any]:
        """The session's seats and options as the setup form remembers a form: an option takes the form's
        choice that gives the same value (the form holds text, the options their own types)."""
        session = self.game.session
        assert session is not None
        game = session.game
        values = game.options_to_json(session.match.options)
        options: dict[str, str] = {}
        for f in option_fields(game.id):
            for value, *_labels in f.choices:
                try:
                    chosen = game.options_to_json(game.options_from_json({**values, f.key: value})).get(f.key)
                except ValueError:
                    continue
                if chosen == values.get(f.key):
                    options[f.key] = value
                    break
        seats = [
            {
                "name": seat.name,
                "kind": "remote" if i in session.remote else seat.kind,
                "level": seat.level or "normal",
                **({"colour": seat.extra["colour"]} if isinstance(seat.extra.get("colour"), str) else {}),
            }
            for i, seat in enumerate(session.seats)
        ]
        return {"seats": seats, "options": options}

    # --- the hub and the game menu ----------------------------------------------------------------
    def _cmd_open(self, _param: str, arg: Any) -> None:
        if isinstance(arg, str) and self.shell.playable(arg):
            self.open(arg)

    def _cmd_new_game(self, _param: str, _arg: Any) -> None:
        self.shell.menu_open = False
        if self.game.in_progress():
            self.shell.dialog = "confirm-new"
        else:
            self._cmd_new_game_confirmed("", None)

    def _cmd_new_game_confirmed(self, _param: str, _arg: Any) -> None:
        session = self.game.session
        self.open(session.game.id if session else registry.default_game())

    def _cmd_players(self, _param: str, _arg: Any) -> None:
        self._cmd_new_game("", None)

    def _cmd_demo(self, _param: str, _arg: Any) -> None:
        """A demonstration: a game of the current game with as many computer players as it takes."""
        shell, session = self.shell, self.game.session
        shell.menu_open = False
        on_game = shell.screen == "game"
        game_id = session.game.id if on_game and session else (self.form.game if self.form else None)
        if game_id is None or not spec(game_id).demo:
            return
        if on_game and self.game.in_progress():
            shell.dialog = "confirm-demo"
            return
        self._cmd_demo_confirmed(game_id, None)

    def _cmd_demo_confirmed(self, param: str, _arg: Any) -> None:
        session = self.game.session
        game_id = param or (session.game.id if session else None)
        if game_id is None:
            return
        seats = [{"kind": "ai", "level": "normal"} for _ in range(registry.info(game_id).max_players)]
        self.game.paused = False
        self.game.start(session_from_request(game_id, {"seats": seats}, self.shell.lang))

    def _cmd_challenge(self, _param: str, arg: Any) -> None:
        """Today's challenge of a game: the one in progress if it is on, else a new one (a replay once the
        day is counted)."""
        from dicehall.app import challenge

        if not isinstance(arg, str) or not self.shell.playable(arg) or arg not in challenge.core.GAMES:
            return
        self.shell.menu_open = False
        if challenge.is_today(self.game.session, arg):
            self.game.resume()
            return
        self.game.paused = False
        self.game.start(challenge.session_from_request(arg, challenge.today_request(), self.shell.lang))

    def _cmd_next_option(self, param: str, arg: Any) -> None:
        """Set an option for the next new game (e.g. Ctrl+B / Ctrl+M choose Blitz or Master)."""
        shell, session = self.shell, self.game.session
        if session is None:
            return
        remembered = shell.settings.setdefault("setup", {}).setdefault(session.game.id, {})
        remembered.setdefault("options", {})[param] = str(arg)
        shell.save_settings()
        field = next((f for f in option_fields(session.game.id) if f.key == param), None)
        if field is not None:
            shell.said.append(f"{field.label_in(shell.lang)} : {field.choice_label(str(arg), shell.lang)}")

    # --- the form ---------------------------------------------------------------------------------
    def _cmd_start(self, _param: str, _arg: Any) -> None:
        self.start_from_form()

    def _form_seat(self, param: str) -> dict[str, str] | None:
        """The form's seat named by a command parameter, or None (no form, or a stale index)."""
        if self.form is None or not param.isdigit() or int(param) >= len(self.form.seats):
            return None
        return self.form.seats[int(param)]

    def _cmd_seat_name(self, param: str, arg: Any) -> bool:
        seat = self._form_seat(param)
        if seat is not None:
            seat["name"] = str(arg or "")[:40]
        return False  # the input already shows it; re-rendering would move the caret

    def _cmd_seat_kind(self, param: str, arg: Any) -> None:
        seat = self._form_seat(param)
        if seat is not None and arg in ("human", "ai", "remote"):  # remote: a human on another device (by link)
            seat["kind"] = arg

    def _cmd_seat_level(self, param: str, arg: Any) -> None:
        seat = self._form_seat(param)
        if seat is not None and self.form is not None and arg in spec(self.form.game).level_ids:
            seat["level"] = arg

    def _cmd_seat_colour(self, param: str, arg: Any) -> None:
        seat = self._form_seat(param)
        if seat is None or self.form is None:
            return
        for other in self.form.seats:  # swap rather than refuse: two players never share a colour
            if other is not seat and other["colour"] == arg:
                other["colour"] = seat["colour"]
        seat["colour"] = str(arg)
        self.form_error = None

    def _cmd_add_seat(self, _param: str, _arg: Any) -> None:
        """Games for a variable number of players: one more seat (a normal computer), up to the maximum."""
        if self.form is not None and self.form.add_seat(self.shell.lang):
            self.form_error = None

    def _cmd_remove_seat(self, param: str, _arg: Any) -> None:
        """Remove a seat beyond the game's minimum."""
        if self.form is not None and param.isdigit() and self.form.remove_seat(int(param), self.shell.lang):
            self.form_error = None

    def _cmd_option(self, param: str, arg: Any) -> None:
        if self.form is not None and param in self.form.options:
            self.form.options[param] = str(arg)


COMMANDS = {
    "open": SetupFlow._cmd_open,
    "new-game": SetupFlow._cmd_new_game,
    "new-game-confirmed": SetupFlow._cmd_new_game_confirmed,
    "players": SetupFlow._cmd_players,
    "demo": SetupFlow._cmd_demo,
    "demo-confirmed": SetupFlow._cmd_demo_confirmed,
    "challenge": SetupFlow._cmd_challenge,
    "next-option": SetupFlow._cmd_next_option,
    "start": SetupFlow._cmd_start,
    "seat-name": SetupFlow._cmd_seat_name,
    "seat-kind": SetupFlow._cmd_seat_kind,
    "seat-level": SetupFlow._cmd_seat_level,
    "seat-colour": SetupFlow._cmd_seat_colour,
    "add-seat": SetupFlow._cmd_add_seat,
    "remove-seat": SetupFlow._cmd_remove_seat,
    "option": SetupFlow._cmd_option,
}
