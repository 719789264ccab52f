"""Paradice in the shell: its menu entries (one route per seat in play), its shortcuts reaching the screen,
the demonstration from the setup dialog, and the confirmation before a demonstration replaces a game."""

from html import escape

from tests.app.test_app import drive, make_app

SEATS = [{"kind": "human", "name": "Zoé"}, {"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]


def test_the_menu_offers_the_views_and_a_route_per_seat_in_play():
    app = make_app()
    assert app.api.new_game("paradice", {"seats": SEATS, "seed": "menu"}) == {"ok": True}
    app.input({"type": "cmd", "cmd": "menu"})
    dom = app.frame(0)["dom"]
    for view in ("turn", "evolution", "events", "rolls", "credits", "debits"):
        assert f'data-cmd="scene:stats" data-arg="{view}"' in dom
    assert "Parcours de Zoé" in dom and "Parcours de Framboise" in dom and escape("Parcours d'Orange") in dom
    assert "Parcours de Fraise" not in dom, "only the seats in play"
    app.input({"type": "cmd", "cmd": "scene:route", "arg": "1"})
    assert app.scene.route_seat == 1
    app.input({"type": "cmd", "cmd": "scene:route", "arg": "1"})
    assert app.scene.route_seat is None


def test_the_original_shortcuts_reach_the_screen():
    app = make_app()
    app.api.new_game("paradice", {"seats": SEATS, "seed": "keys"})
    drive(app)
    assert app.scene.stats_view == "turn"
    assert app.input({"type": "key", "key": "g", "ctrl": True})
    assert app.scene.stats_view == "evolution"
    assert app.input({"type": "key", "key": "J", "ctrl": True, "shift": True})
    assert app.scene.stats_view == "debits"
    app.input({"type": "key", "key": "s", "ctrl": True})
    assert app.scene.stats_percent is False
    app.input({"type": "key", "key": "c", "ctrl": True})
    assert app.scene.stats_percent is True
    app.input({"type": "key", "key": "e", "ctrl": True})
    assert app.scene.viewer is not None
    app.input({"type": "key", "key": "e", "ctrl": True})
    assert app.scene.viewer is None
    app.input({"type": "key", "key": "3", "ctrl": True})
    assert app.scene.route_seat == 2
    app.input({"type": "key", "key": "p", "ctrl": True})
    assert app.game.paused
    app.input({"type": "key", "key": "g", "ctrl": True})  # the views still open while paused
    assert app.scene.stats_view == "evolution"
    app.input({"type": "key", "key": "r", "ctrl": True})
    assert not app.game.paused


def test_the_demonstration_seats_six_computers_and_asks_before_replacing_a_game():
    app = make_app()
    app.input({"type": "cmd", "cmd": "open", "arg": "paradice"})
    assert 'id="demo"' in app.frame(0)["dom"]
    app.input({"type": "cmd", "cmd": "demo"})
    assert app.shell.screen == "game" and len(app.session.seats) == 6
    assert all(seat.kind == "ai" for seat in app.session.seats)
    app.api.new_game("paradice", {"seats": SEATS, "seed": "in-progress"})
    drive(app)
    app.api.play(app.api.state()["legal"][0])
    app.input({"type": "cmd", "cmd": "demo"})
    assert app.shell.dialog == "confirm-demo" and len(app.session.seats) == 3
    app.input({"type": "cmd", "cmd": "demo-confirmed"})
    assert app.shell.dialog is None and len(app.session.seats) == 6


def test_games_without_a_demonstration_offer_none():
    app = make_app()
    app.input({"type": "cmd", "cmd": "open", "arg": "indecix"})
    assert 'id="demo"' not in app.frame(0)["dom"]
    app.input({"type": "cmd", "cmd": "demo"})
    assert app.shell.screen == "setup" and app.session is None


# --- after play-testing: the menu's sections, the win record, F1 / Shift+F1, the font (Ctrl+F), touch ---------
def _menu(app):
    app.input({"type": "cmd", "cmd": "menu"})
    dom = app.frame(0)["dom"]
    app.input({"type": "cmd", "cmd": "menu"})
    return dom[dom.index('id="game-menu"') :]


def test_the_menu_is_in_sections_and_the_win_record_is_not_called_statistics():
    import re

    app = make_app()
    app.api.new_game("paradice", {"seats": SEATS * 2, "seed": "sections"})
    menu = _menu(app)
    headings = re.findall(r'class="menu-heading"[^>]*>([^<]+)<', menu)
    assert headings == ["Partie", "Vues", "Statistiques", "Options et aide"]
    stats = menu[menu.index('id="menu-h-stats"') : menu.index('id="menu-h-options"')]
    assert "Bilan du tour" in stats and "Débits par joueur" in stats
    assert stats.index("Débits par joueur") < stats.index('id="menu-record"') and "Palmarès" in stats
    assert ">Statistiques</button>" not in menu  # the all-time table is the win record
    views = menu[menu.index('id="menu-h-views"') : menu.index('id="menu-h-stats"')]
    assert "Parcours de Zoé" in views and "Événements de dés" in views and "Bilan du tour" not in views
    app.input({"type": "cmd", "cmd": "lang", "arg": "en"})
    menu = _menu(app)
    assert re.findall(r'class="menu-heading"[^>]*>([^<]+)<', menu) == [
        "Game",
        "Views",
        "Statistics",
        "Options and help",
    ]
    assert ">Win record</button>" in menu
    app.input({"type": "cmd", "cmd": "dialog", "arg": "stats"})
    assert "Win record" in app.frame(0)["dom"]


def test_another_games_menu_keeps_its_entries_in_the_sections_it_has():
    import re

    app = make_app()
    app.api.new_game("indecix", {"seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}]})
    menu = _menu(app)
    assert re.findall(r'class="menu-heading"[^>]*>([^<]+)<', menu) == ["Partie", "Statistiques", "Options et aide"]
    for label in ("Nouvelle partie", "Annuler le coup", "Règles", "Affichage", "Palmarès", "Retour aux jeux"):
        assert label in menu


def test_f1_opens_the_rules_and_shift_f1_the_about_box_with_the_version():
    from dicehall.app.app import App
    from dicehall.app.storage import MemoryStorage

    app = App(MemoryStorage(), {"lang": "fr", "params": {}, "version": "0.1.0+abc123"})
    app.api.new_game("paradice", {"seats": SEATS, "seed": "help"})
    assert app.input({"type": "key", "key": "F1"})
    assert app.shell.dialog == "rules" and "Paradice" in app.frame(0)["dom"]
    app.input({"type": "key", "key": "Escape"})
    assert app.input({"type": "key", "key": "F1", "shift": True})
    dom = app.frame(0)["dom"]
    assert app.shell.dialog == "about" and "0.1.0+abc123" in dom and "À propos de dicehall" in dom
    plain = make_app()  # no build version: the package's
    plain.api.new_game("paradice", {"seats": SEATS, "seed": "help"})
    plain.input({"type": "key", "key": "F1", "shift": True})
    import dicehall

    assert dicehall.__version__ in plain.frame(0)["dom"]


def test_ctrl_f_changes_the_board_font_which_the_page_lets_through_and_the_settings_keep():
    from dicehall.app.storage import MemoryStorage

    storage = MemoryStorage()
    app = make_app(storage)
    app.api.new_game("paradice", {"seats": SEATS, "seed": "font"})
    out = app.frame(0)
    assert "f" in out["keys"]["ctrl"], "the page keeps Ctrl+F from the browser on a Paradice game"
    assert app.scene.font_choice() == "normal"
    assert app.input({"type": "key", "key": "f", "ctrl": True})
    assert app.scene.font_choice() == "large"
    assert "Police du plateau : Grande" in app.frame(0).get("say", [])
    app.input({"type": "key", "key": "f", "ctrl": True})
    assert app.scene.font_choice() == "mono"
    again = make_app(storage)  # remembered in the settings
    assert again.scene.font_choice() == "mono"
    again.input({"type": "cmd", "cmd": "dialog", "arg": "options"})
    dom = again.frame(0)["dom"]
    assert 'id="display-font"' in dom and 'value="mono" selected' in dom
    again.input({"type": "cmd", "cmd": "display:font", "arg": "normal"})
    assert again.scene.font_choice() == "normal"
    again.input({"type": "cmd", "cmd": "display:font", "arg": "comic"})  # not offered: nothing changes
    assert again.scene.font_choice() == "normal"


def test_the_keyboard_hints_follow_the_last_input_touch_or_keys():
    from dicehall.app.app import App
    from dicehall.app.storage import MemoryStorage
    from dicehall.games.paradice import texts as tx
    from dicehall.ui.canvas import DisplayList

    def screen(app):
        dl = DisplayList()
        app.scene.draw(dl, 390, 844)
        return " ".join(dl.texts())

    hint = tx.t("fr", "keys_help")[:20]
    app = App(MemoryStorage(), {"lang": "fr", "params": {}, "width": 390, "height": 844, "touch": True})
    app.api.new_game("paradice", {"seats": SEATS, "seed": "touch"})
    drive(app)
    assert app.scene.touch and hint not in screen(app) and "[Espace]" not in screen(app)
    app.input({"type": "key", "key": "Shift"})  # a keyboard after all
    assert not app.scene.touch and hint in screen(app)
    app.input({"type": "pointerdown", "x": 5, "y": 5, "pointer": "touch"})
    assert app.scene.touch and hint not in screen(app)
    app.input({"type": "pointerdown", "x": 5, "y": 5, "pointer": "mouse"})
    assert not app.scene.touch
