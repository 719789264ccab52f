"""The shell's dialogs and settings (``Dialogs``): the game menu, the rules, the win record, About, Display
(a game's toggles and choices) and the confirmations, the notices dismissed, and the sound on or off. Which
dialog is in front is the shell's (``Shell.dialog``): any part opens one; the links' own dialogs (share, two
histories, replace the game?) are app/link_flow.py's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.app import screens
from dicehall.app.setup_form import spec
from dicehall.app.sounds import TEXTS as SOUND_TEXTS
from dicehall.core import registry
from dicehall.core.spec import ChoiceField

if TYPE_CHECKING:
    from dicehall.app.game_flow import GameFlow
    from dicehall.app.setup_flow import SetupFlow
    from dicehall.app.shell import Shell

CONFIRMATIONS = {  # a confirmation dialog: its question (app/texts.py) and the command of its "yes"
    "confirm-new": ("confirm_new", "new-game-confirmed"),
    "confirm-abandon": ("confirm_abandon", "abandon-confirmed"),
    "confirm-demo": ("confirm_demo", "demo-confirmed"),
}


class Dialogs:
    def __init__(self, shell: Shell, game: GameFlow, setup: SetupFlow) -> None:
        self.shell = shell
        self.game = game  # the game whose rules and Display the dialogs show, and whose screen follows them
        self.setup = setup  # the form's game, when no game is in progress
        self.rules_game: str | None = None  # the game whose rules the hub opened (else the one on screen)

    def dom(self) -> str:
        """The dialog in front, if it is one of these."""
        shell = self.shell
        lang, dialog, session, form = shell.lang, shell.dialog, self.game.session, self.setup.form
        game_id = session.game.id if session else (form.game if form else None)
        if dialog == "rules" and self.rules_game:  # a game's rules asked from the hub
            game_id = self.rules_game
        if dialog == "rules" and game_id:
            from dicehall.app.rules_pages import rules_html

            return screens.rules(lang, registry.info(game_id).title(lang), rules_html(game_id, lang))
        if dialog == "stats":
            from dicehall.app import recent

            return screens.stats(lang, shell.stats, recent.section(lang, recent.read(shell.persist.storage)))
        if dialog == "about":
            return screens.about(lang, shell.version)
        if dialog == "options":
            display = shell.display_settings(game_id) if game_id else {}
            return screens.options(lang, game_id, display, shell.settings.get("speed", "normal"))
        if dialog in CONFIRMATIONS:
            return screens.confirm(lang, *CONFIRMATIONS[dialog])
        if dialog in ("other-tab", "other-tab-lost"):
            return screens.other_tab(lang, lost=dialog == "other-tab-lost")
        return ""

    def close(self) -> None:
        self.shell.dialog, self.shell.menu_open = None, False

    def _cmd_menu(self, _param: str, _arg: Any) -> None:
        self.shell.menu_open = not self.shell.menu_open

    def _cmd_dialog(self, _param: str, arg: Any) -> None:
        if arg in ("rules", "stats", "options", "about"):
            self.rules_game = None
            self.shell.dialog, self.shell.menu_open = arg, False

    def _cmd_rules(self, _param: str, arg: Any) -> None:
        """A game's rules, from its card in the hub."""
        if any(info.id == arg for info in registry.CATALOGUE):
            self.rules_game = str(arg)
            self.shell.dialog, self.shell.menu_open = "rules", False

    def _cmd_close(self, _param: str, _arg: Any) -> None:
        self.close()

    def _cmd_dismiss(self, _param: str, arg: Any) -> None:
        try:
            del self.shell.persist.problems[int(arg)]
        except (TypeError, ValueError, IndexError):
            pass

    # --- settings ---------------------------------------------------------------------------------
    def _cmd_sound(self, _param: str, arg: Any) -> None:
        """The toolbar's mute button: "toggle", or true/false; remembered in the settings."""
        shell = self.shell
        shell.settings["sound"] = (not shell.sound_on) if arg == "toggle" else bool(arg)
        shell.save_settings()
        shell.said.append(SOUND_TEXTS.t(shell.lang, "sound_on" if shell.sound_on else "sound_off"))

    def _cmd_display(self, param: str, arg: Any) -> None:
        """A Display choice of the game in progress (a toggle, or a choice it offers)."""
        shell, session = self.shell, self.game.session
        if session is None:
            return
        game_id = session.game.id
        display = shell.settings.setdefault("display", {}).setdefault(game_id, {})
        field = next((f for f in spec(game_id).display_fields if f.key == param), None)
        if isinstance(field, ChoiceField):
            if not any(str(arg) == c[0] for c in field.choices):
                return
            display[param] = str(arg)
        else:
            display[param] = arg in ("1", 1, True, "true")
        shell.save_settings()
        if self.game.scene is not None:
            self.game.scene.set_settings(shell.display_settings(game_id))

    def _cmd_toggle(self, param: str, _arg: Any) -> None:
        """A display toggle from a keyboard shortcut (e.g. Shift+Ctrl+J)."""
        if self.game.session is not None:
            current = self.shell.display_settings(self.game.session.game.id).get(param, True)
            self._cmd_display(param, not current)

    def _cmd_cycle(self, param: str, _arg: Any) -> None:
        """A display choice from a keyboard shortcut (e.g. Ctrl+F, the font): the next one it offers."""
        shell, session = self.shell, self.game.session
        if session is None:
            return
        game_id = session.game.id
        field = next((f for f in spec(game_id).display_fields if f.key == param and isinstance(f, ChoiceField)), None)
        if field is None:
            return
        values = [c[0] for c in field.choices]
        current = shell.display_settings(game_id).get(param, field.default)
        chosen: str = values[(values.index(current) + 1) % len(values)] if current in values else field.default
        self._cmd_display(param, chosen)
        colon = " : " if shell.lang == "fr" else ": "
        shell.said.append(f"{field.label_in(shell.lang)}{colon}{field.choice_label(chosen, shell.lang)}")


COMMANDS = {
    "menu": Dialogs._cmd_menu,
    "dialog": Dialogs._cmd_dialog,
    "rules": Dialogs._cmd_rules,
    "close": Dialogs._cmd_close,
    "dismiss": Dialogs._cmd_dismiss,
    "sound": Dialogs._cmd_sound,
    "display": Dialogs._cmd_display,
    "toggle": Dialogs._cmd_toggle,
    "cycle": Dialogs._cmd_cycle,
}
