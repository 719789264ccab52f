"""The application shell driven as the browser host drives it, under CPython."""

import json

import pytest

from dicehall.core import registry
from dicehall.app.app import App
from dicehall.app.persistence import CURRENT, STATS
from dicehall.app.storage import MemoryStorage


def make_app(storage=None, browser_lang="fr-FR", **params):
    config = {"lang": browser_lang, "params": params, "width": 1000, "height": 700, "embedded": True}
    return App(storage if storage is not None else MemoryStorage(), config)


def drive(app):
    while app.api.busy():
        app.api.advance(0.01)


def play_to_end(app):
    while not app.api.state()["over"]:
        legal = app.api.state()["legal"]
        assert legal, "a human to move always has a legal action"
        assert app.api.play(legal[-1]) == {"ok": True}
        drive(app)


def test_hub_lists_the_five_games_all_playable():
    app = make_app()
    dom = app.frame(0)["dom"]
    for game in (spec.id for spec in registry.CATALOGUE):
        assert f'data-game="{game}"' in dom and f'id="play-{game}"' in dom
    assert all(g.available for g in registry.CATALOGUE)
    assert "game-card soon" not in dom and "Bientôt" not in dom
    assert [g["id"] for g in app.api.games()] == [spec.id for spec in registry.CATALOGUE]


def test_the_hub_marks_a_game_still_to_come(a_game_to_come):
    app = make_app()
    dom = app.frame(0)["dom"]
    assert dom.count("game-card soon") == 1 and f'id="play-{a_game_to_come}"' not in dom and "Bientôt" in dom
    assert "coming soon" in app.api.new_game(a_game_to_come, {})["error"]


def test_language_follows_the_browser_then_the_switch_and_is_remembered():
    storage = MemoryStorage()
    app = make_app(storage, browser_lang="en-GB")
    assert "Five French dice games" in app.frame(0)["dom"]
    app.input({"type": "cmd", "cmd": "lang", "arg": "fr"})
    assert "Cinq jeux de dés français" in app.frame(1)["dom"]
    assert make_app(storage, browser_lang="en-GB").shell.lang == "fr"
    assert make_app(MemoryStorage(), browser_lang="fr", lang="en").shell.lang == "en"


def test_setup_dialog_starts_a_game_with_the_chosen_seats_and_options():
    app = make_app()
    app.input({"type": "cmd", "cmd": "open", "arg": "indecix"})
    dom = app.frame(0)["dom"]
    assert "Nouvelle partie d&#x27;Indecix" in dom and 'data-cmd="option:mode"' in dom
    app.input({"type": "cmd", "cmd": "seat-name:0", "arg": "Zoé"})
    app.input({"type": "cmd", "cmd": "seat-level:1", "arg": "expert"})
    app.input({"type": "cmd", "cmd": "option:mode", "arg": "master"})
    app.input({"type": "cmd", "cmd": "seat-colour:0", "arg": "red"})  # swaps with the right player
    app.input({"type": "cmd", "cmd": "start"})
    out = app.frame(16)
    assert app.shell.screen == "game" and out["canvas"] is True and out["draw"]
    saved = app.api.save()
    assert saved["options"]["mode"] == "master"
    assert saved["seats"][0]["name"] == "Zoé" and saved["seats"][0]["colour"] == "red"
    assert saved["seats"][1] == {"colour": "blue", "name": saved["seats"][1]["name"], "kind": "ai", "level": "expert"}


def test_a_whole_game_through_the_page_api_counts_in_the_statistics_and_posts_events():
    storage = MemoryStorage()
    app = make_app(storage)
    assert app.api.new_game(
        "indecix", {"seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}], "seed": "s1"}
    ) == {"ok": True}
    drive(app)
    play_to_end(app)
    state = app.api.state()
    assert state["over"] and state["to_move"] is None and state["legal"] == []
    assert state["view"]["turn"] == 36
    stats = json.loads(storage.items[STATS])["indecix"]
    assert stats["played"] == 1 and stats["won"] + stats["lost"] + stats["tied"] == 1
    posts = app.frame(0)["post"]
    over = [p for p in posts if p["type"] == "dicehall:gameover"]
    assert len(over) == 1 and over[0]["scores"] == state["scores"]
    assert any(p["type"] == "dicehall:turn" for p in posts)


def test_every_action_is_autosaved_and_a_reload_resumes_the_same_position():
    storage = MemoryStorage()
    app = make_app(storage)
    app.api.new_game("indecix", {"seed": "resume"})
    drive(app)
    for _ in range(3):
        app.api.play(app.api.state()["legal"][0])
        drive(app)
    before = app.api.state()
    reloaded = make_app(storage)
    assert reloaded.shell.screen == "game"
    assert reloaded.api.state() == before


def test_illegal_and_malformed_actions_are_refused_with_a_message_and_change_nothing():
    app = make_app()
    app.api.new_game("indecix", {"seed": "x"})
    drive(app)
    before = app.api.save()
    assert "not legal" in app.api.play({"type": "place", "cell": [9, 9]})["error"]
    assert "unknown action type" in app.api.play({"type": "fly"})["error"]
    assert app.api.save() == before


def test_bad_new_game_requests_are_refused():
    app = make_app()
    assert "unknown game" in app.api.new_game("chess", {})["error"]
    assert "seats" in app.api.new_game("indecix", {"seats": [{"kind": "human"}]})["error"]
    assert "level" in app.api.new_game("indecix", {"seats": [{}, {"kind": "ai", "level": "god"}]})["error"]
    assert "mode" in app.api.new_game("indecix", {"mode": "turbo"})["error"]
    assert app.shell.screen == "hub"


def test_a_corrupt_save_is_reported_on_the_page_and_kept_aside():
    storage = MemoryStorage({CURRENT: '{"format": "dicehall.save/1", "game": "indecix", "log": [1]}'})
    app = make_app(storage)
    dom = app.frame(0)["dom"]
    assert app.shell.screen == "hub"
    assert 'class="banner error"' in dom and "dicehall:unreadable:1" in dom
    assert storage.items["dicehall:unreadable:1"].startswith('{"format"')
    app.input({"type": "cmd", "cmd": "dismiss", "arg": "0"})
    assert "banner error" not in app.frame(1)["dom"]


def test_load_through_the_api_refuses_a_bad_save_and_keeps_the_current_game():
    app = make_app()
    app.api.new_game("indecix", {"seed": "keep"})
    drive(app)
    good = app.api.save()
    bad = dict(good, log=good["log"] + [{"by": 0, "do": {"type": "place", "cell": [0, 0]}}] * 2)
    assert "log entry" in app.api.load(bad)["error"]
    assert app.api.save() == good
    assert app.api.load(good) == {"ok": True}


def test_undo_against_the_computer_takes_back_the_human_move_and_the_reply():
    app = make_app()
    app.api.new_game("indecix", {"seed": "undo"})
    drive(app)
    first = app.api.state()
    app.api.play(first["legal"][0])
    drive(app)
    assert app.api.state()["view"]["turn"] == 3
    app.input({"type": "key", "key": "z", "ctrl": True})
    assert app.api.state() == first
    app.input({"type": "cmd", "cmd": "redo"})
    assert app.api.state()["view"]["turn"] == 3


def test_game_param_opens_the_setup_and_offers_to_resume():
    storage = MemoryStorage()
    app = make_app(storage)
    app.api.new_game("indecix", {"seed": "p"})
    drive(app)
    opened = make_app(storage, game="indecix", embed="1")
    assert opened.shell.screen == "setup"
    dom = opened.frame(0)["dom"]
    assert 'id="resume"' in dom and 'data-cmd="hub"' not in dom  # embedded: no way back to the hub
    opened.input({"type": "cmd", "cmd": "resume"})
    assert opened.shell.screen == "game"


@pytest.mark.parametrize("dialog", ["rules", "stats", "options"])
def test_dialogs_open_over_the_game_and_close_with_escape(dialog):
    app = make_app()
    app.api.new_game("indecix", {"seed": "d"})
    app.input({"type": "cmd", "cmd": "dialog", "arg": dialog})
    dom = app.frame(0)["dom"]
    assert 'role="dialog"' in dom
    assert app.input({"type": "key", "key": "Escape"})
    assert 'role="dialog"' not in app.frame(1)["dom"]


def test_rules_dialog_shows_the_rules_page_in_the_chosen_language():
    app = make_app(browser_lang="en")
    app.api.new_game("indecix", {"seed": "r"})
    app.input({"type": "cmd", "cmd": "dialog", "arg": "rules"})
    dom_en = app.frame(0)["dom"]
    app.input({"type": "cmd", "cmd": "lang", "arg": "fr"})
    dom_fr = app.frame(1)["dom"]
    assert '<article class="rules">' in dom_en and dom_en != dom_fr
    assert "Master" in dom_en and "Master" in dom_fr


def test_storage_disabled_still_plays_and_says_so():
    app = make_app(MemoryStorage(disabled=True))
    assert "banner warn" in app.frame(0)["dom"]
    assert app.api.new_game("indecix", {"seed": "nos"}) == {"ok": True}
    drive(app)
    assert app.api.play(app.api.state()["legal"][0]) == {"ok": True}


def test_the_computer_plays_through_frames_in_small_slices():
    app = make_app()
    app.api.new_game(
        "indecix", {"seed": "frames", "seats": [{"kind": "ai", "level": "expert"}, {"kind": "ai", "level": "expert"}]}
    )
    app.api.busy()  # leave fast mode as the page API does once done
    app.pace.set_fast(True)
    t = 0.0
    for _ in range(20000):
        if app.api.state()["over"]:
            break
        t += 16
        app.frame(t)
    assert app.api.state()["over"]


def test_display_toggles_and_the_original_shortcuts():
    app = make_app()
    app.api.new_game("indecix", {"seed": "keys"})
    app.input({"type": "cmd", "cmd": "dialog", "arg": "options"})
    dom = app.frame(0)["dom"]
    assert 'id="display-playable_cells"' in dom and 'id="display-capture_scores"' in dom
    assert app.input({"type": "key", "key": "J", "ctrl": True, "shift": True})  # Shift+Ctrl+J
    assert app.scene.settings["playable_cells"] is False
    assert app.scene.settings["capture_scores"] is False  # needs playable cells
    assert 'id="display-capture_scores" data-cmd="display:capture_scores" disabled' in app.frame(1)["dom"]
    app.input({"type": "key", "key": "j", "ctrl": True, "shift": True})
    app.input({"type": "key", "key": "s", "ctrl": True, "shift": True})
    assert app.scene.settings["playable_cells"] is True and app.scene.settings["capture_scores"] is False
    assert app.input({"type": "key", "key": "m", "ctrl": True})  # Ctrl+M: Master for the next game
    app.input({"type": "cmd", "cmd": "new-game"})
    app.input({"type": "cmd", "cmd": "new-game-confirmed"})
    assert app.shell.screen == "setup" and app.form.options["mode"] == "master"


@pytest.mark.parametrize(
    "game, title",
    [
        ("indecix", "Nouvelle partie d&#x27;Indecix"),
        ("roudalon", "Nouvelle partie du Roudalon"),
        ("paradice", "Nouvelle partie de Paradice"),
    ],
)
def test_french_titles_elide_and_contract_the_game_name(game, title):
    app = make_app()
    app.setup.open(game)
    assert title in app.frame(0)["dom"]


def test_the_menu_offers_pause_and_resume():
    app = make_app()
    app.api.new_game("indecix", {"seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}]})
    drive(app)
    app.command("menu", None)
    dom = app.frame(0)["dom"]
    assert 'id="menu-pause"' in dom and 'id="menu-resume"' not in dom
    app.command("pause", None)
    app.command("menu", None)
    dom = app.frame(0)["dom"]
    assert app.game.paused and 'id="menu-resume"' in dom and 'id="menu-pause"' not in dom
    app.command("resume-play", None)
    assert not app.game.paused


def test_a_paused_game_is_drawn_dimmed_under_a_pause_card_that_resumes():
    app = make_app()
    app.api.new_game("charidice", {})
    drive(app)
    app.frame(0)
    app.command("pause", None)
    out = app.frame(16)
    assert out["draw"][-1][0] == "rect" and "rgba(20, 30, 28" in out["draw"][-1][-1]  # the board dimmed, last
    # the card is HTML, with its own Resume button, which has the focus (Enter resumes)
    assert 'id="pause-card"' in out["dom"] and 'id="pause-resume"' in out["dom"]
    assert 'data-cmd="resume-play"' in out["dom"].split('id="pause-card"')[1]
    app.command("resume-play", None)
    out = app.frame(32)
    assert not app.game.paused and 'id="pause-card"' not in out["dom"]
    assert not any(op[0] == "rect" and "rgba(20, 30, 28" in str(op) for op in out["draw"])
