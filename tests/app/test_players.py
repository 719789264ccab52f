"""Games for a variable number of players (Charidice, 2-4): the setup dialog's seats, remembered setups,
the page API's seat counts, side actions (la grande donation) and the end of a game for 3-4 seats."""

import json

import pytest

from dicehall.app.app import App
from dicehall.app.persistence import SETTINGS, STATS
from dicehall.app.setup_form import SetupForm
from dicehall.app.storage import MemoryStorage

CLAIM = {"type": "claim"}


def make_app(storage=None, browser_lang="fr-FR", **params):
    config = {"lang": browser_lang, "params": params, "width": 1000, "height": 700, "embedded": True}
    return App(storage if storage is not None else MemoryStorage(), config)


def cmd(app, name, arg=None):
    app.input({"type": "cmd", "cmd": name, "arg": arg})
    return app.render_dom()


def drive(app):
    while app.api.busy():
        app.api.advance(0.01)


def names(app):
    return [s["name"] for s in app.form.seats]


# --- the setup dialog ---------------------------------------------------------------------------
def test_charidice_setup_offers_three_seats_by_default_one_human_two_computers():
    app = make_app()
    dom = cmd(app, "open", "charidice")
    seats = app.form.seats
    assert [s["kind"] for s in seats] == ["human", "ai", "ai"]
    assert [s["level"] for s in seats] == ["normal"] * 3
    assert [s["colour"] for s in seats] == ["teal", "orange", "purple"]
    assert names(app) == ["Joueur 1", "Joueur 2", "Joueur 3"]
    assert dom.count('class="seat-row"') == 3
    assert 'id="add-seat"' in dom and "Ajouter un joueur" in dom
    assert "3 joueurs (2 à 4)" in dom
    # a remove button on the seats beyond the minimum (2) only
    assert 'id="seat-remove-2"' in dom and 'id="seat-remove-1"' not in dom and 'id="seat-remove-0"' not in dom
    assert 'aria-label="Retirer Joueur 3"' in dom


def test_adding_seats_stops_at_the_maximum_each_a_normal_computer_with_a_free_colour():
    app = make_app(browser_lang="en")
    cmd(app, "open", "charidice")
    cmd(app, "seat-colour:1", "pink")  # the default colour of seat 4 is taken: seat 4 gets the next free one
    dom = cmd(app, "add-seat")
    assert len(app.form.seats) == 4
    assert app.form.seats[3] == {"name": "Player 4", "kind": "ai", "level": "normal", "colour": "orange"}
    assert len({s["colour"] for s in app.form.seats}) == 4
    assert 'id="add-seat"' not in dom and "Add a player" not in dom and "4 players (2 to 4)" in dom
    assert 'id="seat-remove-2"' in dom and 'id="seat-remove-3"' in dom
    cmd(app, "add-seat")
    assert len(app.form.seats) == 4


def test_removing_seats_stops_at_the_minimum_and_default_names_follow_their_place():
    app = make_app()
    cmd(app, "open", "charidice")
    cmd(app, "add-seat")
    cmd(app, "seat-name:3", "Zoé")
    cmd(app, "remove-seat:2")
    assert names(app) == ["Joueur 1", "Joueur 2", "Zoé"]
    cmd(app, "seat-name:1", "Hugo")
    cmd(app, "add-seat")
    cmd(app, "remove-seat:2")
    assert names(app) == ["Joueur 1", "Hugo", "Joueur 3"]  # the newcomer moved up: renamed for its place
    cmd(app, "remove-seat:1")  # not beyond the minimum: refused
    cmd(app, "remove-seat:9")  # stale or bad indices change nothing
    cmd(app, "remove-seat:x")
    assert len(app.form.seats) == 3
    dom = cmd(app, "remove-seat:2")
    assert len(app.form.seats) == 2 and "seat-remove" not in dom and 'id="add-seat"' in dom
    cmd(app, "remove-seat:1")
    assert len(app.form.seats) == 2
    for stale in ("seat-kind:3", "seat-level:3", "seat-colour:3", "seat-name:3"):  # a seat that is gone
        cmd(app, stale, "ai")
    assert len(app.form.seats) == 2


def test_colour_swap_keeps_every_seat_distinct_with_four_seats():
    app = make_app()
    cmd(app, "open", "charidice")
    cmd(app, "add-seat")
    before = [s["colour"] for s in app.form.seats]
    cmd(app, "seat-colour:3", "teal")  # seat 1's colour: the two swap
    after = [s["colour"] for s in app.form.seats]
    assert after == ["pink", before[1], before[2], "teal"]
    cmd(app, "seat-colour:2", "brown")  # a free colour: nobody else changes
    assert [s["colour"] for s in app.form.seats] == ["pink", before[1], "brown", "teal"]
    assert app.form.problem("fr") is None


def test_fixed_count_games_offer_no_seat_buttons():
    app = make_app()
    dom = cmd(app, "open", "indecix")
    assert len(app.form.seats) == 2
    assert "add-seat" not in dom and "seat-remove" not in dom
    cmd(app, "add-seat")
    cmd(app, "remove-seat:1")
    assert len(app.form.seats) == 2


def test_the_seat_count_is_remembered_within_the_games_range():
    storage = MemoryStorage()
    app = make_app(storage)
    cmd(app, "open", "charidice")
    cmd(app, "add-seat")
    cmd(app, "seat-kind:3", "human")
    cmd(app, "seat-level:1", "expert")
    cmd(app, "start")
    assert app.shell.screen == "game" and len(app.session.seats) == 4
    assert json.loads(storage.items[SETTINGS])["setup"]["charidice"]["seats"][3]["kind"] == "human"
    again = make_app(storage)
    cmd(again, "new-game")
    cmd(again, "new-game-confirmed")
    assert again.shell.screen == "setup" and again.form.game == "charidice"
    assert [s["kind"] for s in again.form.seats] == ["human", "ai", "ai", "human"]
    assert again.form.seats[1]["level"] == "expert"


@pytest.mark.parametrize(("remembered", "count"), [(1, 2), (2, 2), (3, 3), (4, 4), (9, 4), (0, 3)])
def test_a_remembered_count_out_of_range_is_brought_back_into_it(remembered, count):
    seats = [{"name": f"P{i}", "kind": "ai", "level": "easy"} for i in range(remembered)]
    form = SetupForm.default("charidice", "fr", {"seats": seats, "options": {"marking": "zero_allowed"}})
    assert len(form.seats) == count
    assert len({s["colour"] for s in form.seats}) == count
    assert form.options["marking"] == "zero_allowed"


def test_a_remembered_setup_ignores_what_is_not_valid():
    remembered = {
        "seats": [{"kind": "robot", "level": "god", "colour": "chartreuse", "name": 7}, "nonsense", {"colour": "pink"}],
        "options": {"marking": 3, "other": "x"},
    }
    form = SetupForm.default("charidice", "en", remembered)
    assert form.seats[0] == {"name": "Player 1", "kind": "human", "level": "normal", "colour": "teal"}
    assert form.seats[1]["colour"] == "pink" and len(form.seats) == 2
    assert form.options == {"marking": "one_or_more", "donation_given": "doubled"}
    assert SetupForm.default("charidice", "en", {"seats": "x"}).seats[2]["name"] == "Player 3"


def test_default_names_follow_the_language_switch():
    app = make_app()
    cmd(app, "open", "charidice")
    cmd(app, "seat-name:1", "Hugo")
    cmd(app, "add-seat")
    cmd(app, "lang", "en")
    assert names(app) == ["Player 1", "Hugo", "Player 3", "Player 4"]


# --- the page API ---------------------------------------------------------------------------------
def test_new_game_with_three_seats_through_the_page_api():
    app = make_app()
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "ai", "level": "expert"}, {"kind": "ai", "level": "normal"}]
    assert app.api.new_game("charidice", {"seats": seats, "seed": "three"}) == {"ok": True}
    saved = app.api.save()
    assert saved["options"]["players"] == 3
    assert [s["colour"] for s in saved["seats"]] == ["teal", "orange", "purple"]
    assert [s["name"] for s in saved["seats"]] == ["Ana", "Joueur 2", "Joueur 3"]
    drive(app)
    state = app.api.state()
    assert state["to_move"] == 0 and len(state["scores"]) == 3 and len(state["view"]["sheets"]) == 3
    assert {"type": "roll", "dice": [0, 1, 2, 3, 4, 5]} in state["legal"]


@pytest.mark.parametrize(("request_", "count"), [({"players": 4}, 4), ({"players": 2}, 2), ({}, 3)])
def test_new_game_with_a_player_count_gives_one_human_and_computers(request_, count):
    app = make_app()
    assert app.api.new_game("charidice", dict(request_, seed="n")) == {"ok": True}
    saved = app.api.save()
    assert saved["options"]["players"] == count
    assert [s["kind"] for s in saved["seats"]] == ["human"] + ["ai"] * (count - 1)
    assert len({s["colour"] for s in saved["seats"]}) == count


def test_given_colours_are_kept_and_the_others_take_free_ones():
    app = make_app()
    seats = [{"kind": "human"}, {"kind": "ai", "colour": "teal"}, {"kind": "ai"}]
    assert app.api.new_game("charidice", {"seats": seats}) == {"ok": True}
    assert [s["colour"] for s in app.api.save()["seats"]] == ["orange", "teal", "purple"]


@pytest.mark.parametrize(
    ("game", "request_", "words"),
    [
        ("charidice", {"players": 5}, ["players", "2 to 4", "5"]),
        ("charidice", {"players": 1}, ["players", "2 to 4", "1"]),
        ("charidice", {"players": 0}, ["players", "2 to 4", "0"]),
        ("charidice", {"players": "3"}, ["players", "2 to 4", '"3"']),
        ("charidice", {"players": True}, ["players", "2 to 4"]),
        ("charidice", {"seats": [{}] * 5}, ["seats", "2 to 4", "5 seat"]),
        ("charidice", {"seats": [{}]}, ["seats", "2 to 4", "1 seat"]),
        ("charidice", {"seats": []}, ["seats", "2 to 4", "0 seat"]),
        ("charidice", {"seats": [{}, {}, {}], "players": 4}, ["players is 4", "3 seat"]),
        ("charidice", {"seats": [{}, {"colour": "gold"}]}, ["seat 1", "colour", "gold"]),
        ("charidice", {"seats": [{}, {"colour": "teal"}, {"colour": "teal"}]}, ["seat 2", "already taken"]),
        ("indecix", {"players": 3}, ["players", "indecix is for 2 players", "3"]),
        ("indecix", {"seats": [{}, {}, {}]}, ["seats", "indecix is for 2 players", "3 seat"]),
    ],
)
def test_bad_seat_counts_are_refused_with_a_clear_message(game, request_, words):
    app = make_app()
    error = app.api.new_game(game, request_)["error"]
    for word in words:
        assert word in error, error
    assert app.shell.screen == "hub" and app.session is None


def test_indecix_accepts_its_own_player_count():
    app = make_app()
    assert app.api.new_game("indecix", {"players": 2, "seed": "two"}) == {"ok": True}
    assert len(app.api.save()["seats"]) == 2


# --- la grande donation, a side action open to a human seat ---------------------------------------
def test_a_human_neighbour_may_claim_while_a_computer_is_to_move():
    app = make_app()
    seats = [{"kind": "ai", "level": "normal"}, {"kind": "human"}, {"kind": "ai", "level": "normal"}]
    app.api.new_game("charidice", {"seats": seats, "seed": "claim"})
    state = app.api.state()  # seat 0 (a computer) is to move; its left neighbour, seat 1, is human
    assert state["to_move"] == 0 and state["view"]["claim"]["open"] and state["view"]["claim"]["eligible"] == 1
    assert state["legal"] == [CLAIM]
    assert app.api.play(CLAIM) == {"ok": True}
    after = app.api.state()
    assert CLAIM not in after["legal"] and after["view"]["claim"]["claimed"]
    drive(app)
    view = app.api.state()["view"]
    last = view["last"]
    assert last["player"] == 0 and last["receiver"] == 1 and last["claimed"]
    assert view["sheets"][1]["donation_round"] == 1 and view["claim"]["used"][1]
    assert view["sheets"][1]["rows"][0]["received"] == last["received"]
    assert last["received"] == last["given"]  # the giver records the doubled gift too (the rulings, rules 2)
    assert "not legal" in app.api.play(CLAIM)["error"] or CLAIM not in app.api.state()["legal"]


def test_the_human_claims_during_his_right_neighbours_turn_then_never_again():
    app = make_app()
    app.api.new_game(
        "charidice",
        {
            "seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}],
            "seed": "right",
        },
    )
    seen_at = None
    for _ in range(100_000):
        state = app.api.state()
        if CLAIM in state["legal"]:
            seen_at = state["view"]["active"]
            assert state["to_move"] == 2 and state["legal"] == [CLAIM]
            assert app.api.play(CLAIM) == {"ok": True}
            break
        if state["to_move"] == 0:
            assert app.api.play([a for a in state["legal"] if a != CLAIM][0]) == {"ok": True}
        else:
            app.api.advance(0.01)
    assert seen_at == 2
    while app.api.state()["to_move"] != 0:
        app.api.advance(0.01)
    view = app.api.state()["view"]
    assert view["last"]["claimed"] and view["last"]["player"] == 2 and view["last"]["receiver"] == 0
    assert view["claim"]["used"][0] and view["sheets"][0]["donation_round"] == view["last"]["round"]
    assert view["last"]["received"] == view["last"]["given"]  # both record the doubled points
    while not app.api.state()["over"]:  # once per game: never offered again
        state = app.api.state()
        assert CLAIM not in state["legal"]
        if state["legal"]:
            app.api.play(state["legal"][0])
        else:
            app.api.advance(0.01)


# --- the end of a game for more than two seats ----------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_game_for_several_seats_ends_with_statistics_and_a_gameover_message(players):
    storage = MemoryStorage()
    app = make_app(storage)
    app.api.new_game("charidice", {"players": players, "seed": f"end{players}"})
    app.frame(0)
    drive(app)
    while not app.api.state()["over"]:
        legal = [a for a in app.api.state()["legal"] if a != CLAIM]
        assert app.api.play(legal[-1]) == {"ok": True}
        drive(app)
    state = app.api.state()
    assert state["to_move"] is None and state["legal"] == []
    assert len(state["scores"]) == players
    best = max(state["scores"])
    assert state["view"]["winners"] == [i for i, s in enumerate(state["scores"]) if s == best]
    assert all(r["marked"] is not None for sheet in state["view"]["sheets"] for r in sheet["rows"])
    stats = json.loads(storage.items[STATS])["charidice"]
    assert stats["played"] == 1 and stats["won"] + stats["lost"] + stats["tied"] == 1
    posts = app.frame(16)["post"]
    over = [p for p in posts if p["type"] == "dicehall:gameover"]
    assert len(over) == 1 and over[0]["scores"] == state["scores"]
    assert over[0]["winners"] == state["view"]["winners"]
    turns = [p for p in posts if p["type"] == "dicehall:turn"]
    assert {p["to_move"] for p in turns} == set(range(players))
    assert all(len(p["scores"]) == players for p in turns)
    assert "Partie terminée" in app.frame(32).get("dom", app.render_dom())


def test_the_hub_offers_to_resume_a_charidice_game_at_its_round():
    storage = MemoryStorage()
    app = make_app(storage)
    app.api.new_game("charidice", {"seed": "hub"})
    drive(app)
    cmd(app, "hub")
    dom = app.render_dom()
    assert "Reprendre la partie de Charidice (manche 1)" in dom
    assert 'id="play-charidice"' in dom
