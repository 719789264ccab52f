"""The end of a game (app/end_panel.py and games/<id>/summary.py), rematch, and save files, under CPython:
each game played to its end by computer seats and one human choosing legal actions; the end panel lists
every seat with its score and the game's own summary; Rematch keeps the seats and options with new dice;
New game fills the setup in; the win record counts a game once; a bad save file changes nothing."""

from __future__ import annotations

import html
import json
import random
import re

import pytest

from dicehall.app.app import App
from dicehall.app.persistence import CURRENT, PREVIOUS, STATS
from dicehall.app.storage import MemoryStorage

# (game, seats, options): small tables and quick variants, so that a whole game takes a moment
GAMES = {
    "indecix": (2, {}),
    "charidice": (3, {}),
    "roudalon": (3, {"parties": 2}),
    "marchands": (2, {"size": 30}),
    "paradice": (3, {"round_limit": 20}),  # a limit the setup form offers
}
# what each game's summary shows, in both languages (a column of its table, or a note)
SUMMARY_WORDS = {
    "indecix": (("Captures", "Suites mixtes", "Suites propres"), ("Captures", "Mixed runs", "Clean runs")),
    "charidice": (("Dés", "Reçus", "Donnés", "Bonus de générosité"), ("Dice", "Received", "Given", "Generosity bonus")),
    "roudalon": (("Gains nets par partie", "P1", "P2"), ("Nets per game", "G1", "G2")),
    "marchands": (("Pièces", "Puissance", "Faces des dés"), ("Coins", "Power", "Faces of the dice")),
    "paradice": (("Fortune", "Sort", "Jackpot restant"), ("Fortune", "Fate", "Jackpot left")),
}


def make_app(storage=None, lang="en", **params):
    config = {"lang": lang, "params": {"lang": lang, **params}, "width": 1280, "height": 800}
    return App(storage if storage is not None else MemoryStorage(), config)


def drive(app):
    while app.api.busy():
        app.api.advance(1.0)


def start(app, game, seed="end"):
    count, options = GAMES[game]
    seats = [{"kind": "human", "name": "Léa"}] + [{"kind": "ai", "level": "easy"} for _ in range(count - 1)]
    assert app.api.new_game(game, {"seats": seats, "seed": seed, **options}) == {"ok": True}
    drive(app)


def play_to_end(app, seed=1):
    """The human seat chooses among the legal actions (seeded), the computers play, until the end."""
    rng = random.Random(seed)
    while not app.api.state()["over"]:
        legal = app.api.state()["legal"]
        assert legal, "a human to move always has a legal action"
        assert app.api.play(rng.choice(legal)) == {"ok": True}
        drive(app)


def open_save(game):
    """A finished game's save: Léa (seat 0, choosing at random among the legal actions) against easy computers;
    at Paradice, with seed "shot" and 25 rounds at most, Léa is the first one out."""
    from dicehall.app.setup_form import session_from_request

    count, options = GAMES[game]
    options = {**options, "round_limit": 25} if game == "paradice" else options
    seats = [{"kind": "human", "name": "Léa"}] + [{"kind": "ai", "level": "easy"} for _ in range(count - 1)]
    session = session_from_request(game, {"seats": seats, "seed": "shot", **options}, "fr")
    rng = random.Random(1)
    while not session.over:
        session.run_until_human()
        if not session.over:
            session.submit(rng.choice(session.legal()))
    return session.saved().dumps()


def frames(app, n=3):
    out = {}
    for i in range(n):
        out.update(app.frame(1000.0 * (i + 1)))
    return out


def text(dom):
    return html.unescape(re.sub(r"<[^>]+>", " ", dom))


def panel_of(dom):
    assert 'id="end-panel"' in dom, "the end panel is shown"
    return dom[dom.index('<div class="backdrop end-backdrop"') :]


@pytest.fixture(scope="module")
def finished():
    """Each game played to its end once (the English interface); the app and its storage."""
    played = {}
    for game in GAMES:
        storage = MemoryStorage()
        app = make_app(storage)
        start(app, game)
        play_to_end(app)
        frames(app)
        played[game] = (app, storage)
    return played


@pytest.mark.parametrize("game", list(GAMES))
def test_the_end_panel_ranks_every_seat_with_its_score_and_the_games_summary(finished, game):
    app, _ = finished[game]
    session = app.session
    assert session.over and app.end.shown and app.scene.end_panel  # the canvas's banner gives way
    panel = panel_of(app.render_dom())
    ranking = panel[panel.index('id="end-ranking"') : panel.index("</table>", panel.index('id="end-ranking"'))]
    rows = re.findall(r'<tr[^>]*data-seat="(\d+)"[^>]*>(.*?)</tr>', ranking)
    assert sorted(int(seat) for seat, _ in rows) == list(range(len(session.seats))), "every seat, once"
    from dicehall.app.end_panel import game_summary

    summary = game_summary(game, session.state, [s.name for s in session.seats], "en")
    scores = list(session.state.scores())
    places = []
    for seat, row in rows:
        seat = int(seat)
        assert html.escape(session.seats[seat].name) in row and f">{html.escape(summary['scores'][seat])}<" in row
        place = int(re.search(r'class="place">(\d+)', row).group(1))
        places.append((place, seat))
        if summary["places"].count(place) > 1:
            assert "(tied)" in row, "a tie says so"
    assert places == sorted(places), "best first"
    if game not in ("paradice", "marchands"):  # their ranking has its own rule (elimination, tie-break)
        for (p1, s1), (p2, s2) in zip(places, places[1:]):
            assert scores[s1] >= scores[s2] and (p1 == p2) == (scores[s1] == scores[s2])
    table = panel[panel.index('id="end-summary-0"') :]
    for seat in range(len(session.seats)):
        assert f'data-seat="{seat}"' in table
    for word in SUMMARY_WORDS[game][1]:
        assert word in text(panel), word
    actions = text(panel[panel.index("end-actions") :])
    for label in ("Rematch", "New game", "Watch the replay", "Download", "Back to the games", "Look at the board"):
        assert label in actions
    assert 'id="end-replay"' in panel and not re.search(r'id="end-replay"[^>]*disabled', panel)


def test_each_games_summary_holds_its_own_figures(finished):
    views = {game: app.session.state.view() for game, (app, _) in finished.items()}
    panels = {game: text(panel_of(app.render_dom())) for game, (app, _) in finished.items()}
    sheets = views["charidice"]["sheets"]
    for sheet in sheets:  # dice, bonus, received, given, generosity, total in a row
        t = sheet["totals"]
        assert (
            f"{t['marked']} {t['bonus']} {t['received']} {t['given']} {sheet['generosity']} {sheet['total']}"
            in " ".join(panels["charidice"].split())
        )
    parties = views["roudalon"]["standings"]["parties"]
    assert len(parties) == 2 and "G2" in panels["roudalon"] and "G3" not in panels["roudalon"]
    for score in views["indecix"]["scores"]:
        assert f"{score['captures']} " in panels["indecix"] and f" {score['total']} " in panels["indecix"]
    arrows = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
    for player in views["marchands"]["players"]:
        assert " ".join(arrows.get(str(f), str(f)) for f in player["dice"][0]) in panels["marchands"]
    assert "Jackpot left" in panels["paradice"] and "Rounds played" in panels["paradice"]
    names = [seat.name for seat in finished["paradice"][0].session.seats]
    out = sorted((place, seat) for seat, place in enumerate(views["paradice"]["eliminated"]) if place is not None)
    if out:  # the first one out has the last place
        assert "Order of elimination: " + " → ".join(names[seat] for _, seat in reversed(out)) in panels["paradice"]
    else:
        assert "Nobody was eliminated." in panels["paradice"]
    from dicehall.app.end_panel import game_summary
    from dicehall.core.save import loads

    saved = loads(open_save("paradice"))  # a game where Léa went out first
    summary = game_summary("paradice", saved.match.state, ["Léa", "Framboise", "Orange"], "en")
    assert summary["notes"][0] == "Order of elimination: Léa" and summary["places"][0] == 3
    assert summary["tables"][0]["rows"][0][2] == "Eliminated (1st out)"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_panel_in_french(game):
    app = make_app(lang="fr")
    start(app, game, seed="fr")
    play_to_end(app, seed=2)
    frames(app)
    panel = text(panel_of(app.render_dom()))
    assert "Fin de la partie" in panel and "Revanche" in panel and "Retour aux jeux" in panel
    for word in SUMMARY_WORDS[game][0]:
        assert word in panel, word


def test_escape_puts_the_panel_aside_and_result_brings_it_back(finished):
    app, _ = finished["indecix"]
    app.input({"type": "key", "key": "Escape"})
    out = frames(app, 1)
    assert 'id="end-panel"' not in out["dom"] and 'id="end-show"' in out["dom"]
    assert app.scene.end_panel, "the board stays clear: the canvas draws no result banner of its own over it"
    assert app.input({"type": "key", "key": " "}) is False or app.session.over  # the board takes keys again
    app.command("menu", None)
    dom = frames(app, 1)["dom"]
    assert 'data-cmd="end-show"' in dom and "Result of the game" in dom
    app.command("end-show", None)
    assert 'id="end-panel"' in frames(app, 1)["dom"] and app.scene.end_panel


def test_embedded_the_panel_has_no_way_back_to_the_games():
    app = make_app(embed="1")
    start(app, "indecix")
    play_to_end(app)
    panel = panel_of(frames(app)["dom"])
    assert "end-hub" not in panel and "end-rematch" in panel


def test_rematch_keeps_the_seats_and_options_with_a_new_seed():
    storage = MemoryStorage()
    app = make_app(storage)
    assert app.api.new_game(
        "charidice",
        {
            "seats": [
                {"kind": "human", "name": "Léa", "colour": "pink"},
                {"kind": "ai", "level": "expert", "name": "Max"},
                {"kind": "ai", "level": "easy"},
                {"kind": "human", "name": "Zoé"},
            ],
            "seed": "r1",
            "marking": "zero_allowed",
            "donation_given": "undoubled",
        },
    ) == {"ok": True}
    drive(app)
    old = app.session
    before = app.api.save()["seats"]
    app.command("end-rematch", None)  # the panel's button (the game need not be over)
    new = app.session
    assert new is not old and new.match.seed != "r1"
    assert app.api.save()["seats"] == before and app.api.save()["options"] == {
        "players": 4,
        "marking": "zero_allowed",
        "donation_given": "undoubled",
    }
    assert json.loads(storage.items[PREVIOUS])["seed"] == "r1", "the replaced game is kept"
    seed = new.match.seed
    assert app.api.rematch() == {"ok": True}  # the page API, the same way
    assert app.session.match.seed not in (seed, "r1") and app.api.save()["seats"] == before
    assert app.shell.screen == "game"


def test_rematch_with_no_game_is_refused():
    assert "no game" in make_app().api.rematch()["error"]


def test_new_game_fills_the_setup_in_with_this_games_seats_and_options(finished):
    app = make_app()
    assert app.api.new_game(
        "marchands",
        {
            "seats": [
                {"kind": "ai", "level": "expert", "name": "Ana", "colour": "teal"},
                {"kind": "human", "name": "Bob"},
                {"kind": "ai", "level": "easy"},
            ],
            "size": 30,
            "portals": True,
            "round_limit": "none",
        },
    ) == {"ok": True}
    seats = [s.to_json() for s in app.session.seats]
    app.command("end-new-game", None)
    form = app.form
    assert app.shell.screen == "setup" and form.game == "marchands"
    assert [(s["name"], s["kind"]) for s in form.seats] == [(s.name, s.kind) for s in app.session.seats]
    assert form.seats[0]["level"] == "expert" and form.seats[0]["colour"] == "teal" and form.seats[2]["level"] == "easy"
    assert form.options["size"] == "30" and form.options["portals"] == "on" and form.options["round_limit"] == "none"
    app.command("start", None)  # Start gives the same table
    assert [s.to_json() for s in app.session.seats] == seats
    assert app.session.game.options_to_json(app.session.match.options)["portals"] is True
    # the same for every game just finished
    for game, (done, _) in finished.items():
        fresh = make_app()
        fresh.api.load(done.api.save())
        fresh.command("end-new-game", None)
        assert [s["name"] for s in fresh.form.seats] == [s.name for s in done.session.seats]
        fresh.command("start", None)
        assert fresh.session.game.options_to_json(fresh.session.match.options) == done.session.game.options_to_json(
            done.session.match.options
        ), game


def test_a_finished_game_counts_once_in_the_win_record():
    storage = MemoryStorage()
    app = make_app(storage)
    start(app, "indecix", seed="once")
    play_to_end(app)
    record = json.loads(storage.items[STATS])["indecix"]
    assert record["played"] == 1
    assert app.session.undo()  # the last human move taken back, and played again to the end
    drive(app)
    play_to_end(app, seed=5)
    frames(app)
    assert json.loads(storage.items[STATS])["indecix"]["played"] == 1, "the same game, counted once"
    app.command("end-rematch", None)  # a rematch is a new game: counted when it ends, not before
    assert json.loads(storage.items[STATS])["indecix"]["played"] == 1
    drive(app)
    play_to_end(app)
    assert json.loads(storage.items[STATS])["indecix"]["played"] == 2
    app.api.load(json.loads(storage.items[PREVIOUS]))  # a finished game opened again is not counted again
    app.command("previous", None)
    assert json.loads(storage.items[STATS])["indecix"]["played"] == 2


def test_download_hands_the_save_over_with_a_dated_name(finished):
    app, _ = finished["charidice"]
    app.command("download", None)
    out = app.frame(10_000)
    assert re.fullmatch(r"dicehall-charidice-\d{4}-\d{2}-\d{2}\.json", out["download"]["name"])
    assert json.loads(out["download"]["text"]) == app.api.save()
    assert "download" not in app.frame(10_016), "once"


BAD_FILES = {
    "not JSON": ("notes.json", "this is not JSON {", "is not a dicehall save (it is not JSON)"),
    "another program's JSON": ("package.json", '{"name": "x", "version": "1.0.0"}', "another program's file"),
    "a JSON list": ("list.json", "[1, 2, 3]", "another program's file"),
    "too large": ("huge.json", '{"log": "' + "x" * 4_000_001 + '"}', "too large"),
    "too deep": ("deep.json", "[" * 5000 + "]" * 5000, "too large"),
    "newer rules": ("new.json", None, "newer version"),
    "an edited log": ("edited.json", None, "was edited: its entry"),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_a_bad_save_file_is_refused_with_one_line_and_changes_nothing(finished, case):
    done, _ = finished["indecix"]
    good = done.api.save()
    name, content, message = BAD_FILES[case]
    if case == "newer rules":
        content = json.dumps({**good, "rules_version": 99})
    elif case == "an edited log":
        log = [dict(e) for e in good["log"]]
        log[3] = {"by": log[3]["by"], "do": {"type": "place", "cell": [9, 9]}}
        content = json.dumps({**good, "log": log})
    storage = MemoryStorage()
    app = make_app(storage, lang="en")
    start(app, "charidice", seed="kept")
    stored = dict(storage.items)
    session, state = app.session, app.session.state
    assert app.api.open_file(name, content) is False
    assert storage.items == stored and app.session is session and app.session.state is state
    dom = frames(app, 1)["dom"]
    banners = re.findall(r'<div class="banner error" role="alert"><span>(.*?)</span>', dom)
    assert len(banners) == 1 and message in html.unescape(banners[0]) and name in html.unescape(banners[0])
    assert "\n" not in banners[0]
    fr = make_app(MemoryStorage(), lang="fr")
    fr.api.open_file(name, content)
    assert "rien n'a changé" in html.unescape(fr.render_dom())


def test_a_file_too_large_to_read_is_refused_before_it_is_read():
    app = make_app()
    assert app.api.open_file("big.json", None, 50_000_000) is False and "too large" in html.unescape(app.render_dom())


def test_a_good_save_file_opens_the_game_and_keeps_the_replaced_one(finished):
    done, _ = finished["roudalon"]
    storage = MemoryStorage()
    app = make_app(storage)
    start(app, "charidice", seed="kept")
    stored = storage.items[CURRENT]
    app.api.open_file("bad.json", "nope")  # a refusal first: its notice goes with the next file
    assert app.api.open_file("dicehall-roudalon-2026-11-26.json", json.dumps(done.api.save())) is True
    assert app.session.game.id == "roudalon" and app.api.save() == done.api.save()
    assert storage.items[PREVIOUS] == stored, "the replaced game is in the previous slot"
    out = frames(app)
    assert "banner error" not in out["dom"] and 'id="end-panel"' in out["dom"]
    assert any("Game opened: dicehall-roudalon-2026-11-26.json" in line for line in out["say"])
    app.command("previous", None)
    assert app.session.game.id == "charidice" and app.session.match.seed == "kept"


def test_the_menu_offers_the_save_files_and_the_hub_opens_one():
    app = make_app()
    assert 'data-cmd="host:open-file"' in app.frame(0)["dom"]  # the hub's footer
    start(app, "indecix")
    app.command("menu", None)
    dom = frames(app, 1)["dom"]
    assert "Download this game (.json)" in dom and 'data-cmd="download"' in dom
    assert "Open a save file…" in dom and 'data-cmd="host:open-file"' in dom
    assert "Result of the game" not in dom, "no result before the end"
