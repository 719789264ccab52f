"""Links without a server (app/links.py, app/link_games.py, app/share.py), under CPython: a replay link opens
the game read-only on another device; a game of Indecix played by link between two devices to its end, links
passed back and forth; a link that is older or rewrites history is refused and loses nothing; an unknown game
asks before replacing the game in progress; the share dialog shows the link, or offers the file when long."""

from __future__ import annotations

import json

import pytest

from dicehall.app import link_games, links
from dicehall.app.app import App
from dicehall.app.persistence import CURRENT
from dicehall.app.storage import MemoryStorage
from tests.app.test_end_of_game import make_app, play_to_end, start

URL = "https://example.org/dicehall/?lang=en"


def device(link: str | None = None, storage=None) -> App:
    config = {"lang": "en", "params": {"lang": "en"}, "width": 1280, "height": 800, "url": URL}
    if link:
        config["link"] = link
    return App(storage if storage is not None else MemoryStorage(), config)


def drive(app):
    while app.api.busy():
        app.api.advance(1.0)


def fragment(url: str) -> str:
    return "#" + url.split("#", 1)[1]


def test_a_replay_link_opens_the_game_read_only_on_another_device():
    app = make_app()
    start(app, "charidice", "link")
    play_to_end(app)
    url = links.make(URL, "replay", app.api.save())
    assert url.startswith(links.without_lang(URL) + "#replay=1.")  # the sender's ?lang= stays behind
    other_storage = MemoryStorage()
    other = device(fragment(url), other_storage)
    state = other.api.state()
    assert state["screen"] == "replay" and state["game"] == "charidice"
    other.api.replay_to(state["replay"]["plies"])
    assert other.api.state()["view"] == app.api.state()["view"]
    assert other_storage.get(CURRENT) is None  # nothing stored on the receiving device


DAMAGES = [
    lambda f: f[:-20],
    lambda f: f.replace("=1.", "=1.A"),
    lambda f: "#replay=hello",
    # junk after the packed game: a link carries the game and nothing else
    lambda f: f + "&utm_source=chat",
    lambda f: f + "AAAA",
    lambda f: f + "junk",
    lambda f: f + " ",
    lambda f: f + "=",
]


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_link_is_refused_in_one_line_and_changes_nothing(damage):
    app = make_app()
    start(app, "indecix", "link")
    url = links.make(URL, "replay", app.api.save())
    storage = MemoryStorage()
    owner = device(None, storage)
    start(owner, "charidice", "mine")
    before = storage.get(CURRENT)
    owner.links.open_link(damage(fragment(url)))
    assert owner.api.state()["screen"] == "game" and owner.api.state()["game"] == "charidice"
    assert (
        owner.shell.persist.problems[-1].what == "link_refused" and "\n" not in owner.shell.persist.problems[-1].detail
    )
    assert storage.get(CURRENT) == before


def send(app: App) -> str:
    """The "Send your move" link of a game by link waiting for the other device."""
    assert app.session.waiting_remote
    dom = app.render_dom()
    assert 'id="link-send"' in dom
    app.command("share", "play")
    assert 'id="share-url"' in app.render_dom()
    return fragment(app.links._share["url"])


def play_my_turns(app: App) -> None:
    while app.session.human_to_move and not app.session.over:
        assert not app.session.can_undo  # no undo in a game by link
        app.api.play(app.api.state()["legal"][0])
        drive(app)


def test_a_game_of_indecix_by_link_between_two_devices_to_its_end():
    ann_storage, bob_storage = MemoryStorage(), MemoryStorage()
    ann = device(None, ann_storage)
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "remote", "name": "Bob"}]
    assert ann.api.new_game("indecix", {"seats": seats, "seed": "by-link"}) == {"ok": True}
    drive(ann)
    play_my_turns(ann)
    bob = device(send(ann), bob_storage)  # a game this device has never seen: it starts, on Bob's seat
    assert bob.session.remote == frozenset({0}) and bob.session.human_to_move
    me, other = bob, ann
    for _ in range(200):
        play_my_turns(me)
        if me.session.over and other.session.over:
            break
        if me.session.over:  # the end of the game goes to the other device too
            me.command("share", "play")
            link = fragment(me.links._share["url"])
        else:
            link = send(me)
        assert other.links.open_link(link)  # extends the game the other device knows
        drive(other)
        assert " fresh" in other.render_dom(), "the moves received are highlighted in the log"
        me, other = other, me
    else:
        raise AssertionError("the game by link did not end")
    assert ann.api.state()["view"] == bob.api.state()["view"]
    assert link_games.find(ann_storage, "indecix/by-link")["local"] == [0]
    assert link_games.find(bob_storage, "indecix/by-link")["local"] == [1]


def test_an_older_link_is_refused_and_one_that_rewrites_history_asks_which_version_goes_on():
    ann = device(None, MemoryStorage())
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "remote", "name": "Bob"}]
    ann.api.new_game("indecix", {"seats": seats, "seed": "by-link"})
    drive(ann)
    ann.api.play(ann.api.state()["legal"][0])
    drive(ann)
    first = send(ann)
    bob = device(first, MemoryStorage())
    bob.api.play(bob.api.state()["legal"][0])
    drive(bob)
    back = send(bob)
    assert ann.links.open_link(back)
    ann_before = ann.api.save()
    assert not ann.links.open_link(first)  # older than what Ann has
    assert ann.shell.persist.problems[-1].what == "link_older"
    _, save = links.read(back)
    decisions = [i for i, e in enumerate(save["log"]) if e["by"] == 0]
    save["log"] = save["log"][: decisions[0]] + [{"by": 0, "do": other_action(ann, save, decisions[0])}]
    forked = links.fragment("play", save)
    # Two histories: nothing is dropped, the player chooses which goes on and the other is saved to a file.
    for choice in ("keep", "take"):
        assert ann.links.open_link(forked)
        dom = ann.render_dom()
        assert ann.shell.dialog == "link-fork" and 'id="fork-keep"' in dom and 'id="fork-take"' in dom
        assert ann.api.save() == ann_before  # nothing changed while the question is open
        ann.command("link-fork", choice)
        assert ann.shell.dialog is None
        other_version = json.loads(ann.shell.download["text"])
        if choice == "keep":
            assert ann.api.save() == ann_before and other_version["log"] == save["log"]
            assert ann.shell.download["name"].endswith("-link.json")
            assert ann.shell.persist.problems[-1].what == "link_fork_kept_done"
        else:
            assert ann.api.save()["log"] == save["log"] and other_version["log"] == ann_before["log"]
            assert ann.shell.download["name"].endswith("-this-device.json")
            assert ann.shell.persist.problems[-1].what == "link_fork_taken_done"
        ann.shell.download = None


def other_action(app: App, save: dict, index: int) -> object:
    """A legal decision at entry ``index`` other than the one played."""
    from dicehall.core import save as save_format

    saved = save_format.from_json({**save, "log": save["log"][:index]})
    codec = saved.match.game.codec
    played = save["log"][index]["do"] if index < len(save["log"]) else None
    return next(codec.to_json(a) for a in saved.match.state.legal_actions() if codec.to_json(a) != played)


def test_an_unknown_game_by_link_asks_before_replacing_the_game_in_progress():
    ann = device(None, MemoryStorage())
    ann.api.new_game("indecix", {"seats": [{"kind": "human"}, {"kind": "remote"}], "seed": "x"})
    drive(ann)
    ann.api.play(ann.api.state()["legal"][0])
    drive(ann)
    link = send(ann)
    storage = MemoryStorage()
    carl = device(None, storage)
    start(carl, "charidice", "carl")
    mine = storage.get(CURRENT)
    assert carl.links.open_link(link)
    assert carl.shell.dialog == "confirm-link" and carl.api.state()["game"] == "charidice"
    assert storage.get(CURRENT) == mine
    carl.command("link-confirmed", None)
    assert carl.api.state()["game"] == "indecix" and carl.session.human_to_move
    assert json.loads(storage.get(CURRENT))["game"] == "indecix"


def test_the_share_dialog_offers_the_file_when_the_link_is_too_long():
    app = device()
    app.api.new_game("paradice", {"seats": [{"kind": "ai", "level": "easy"}] * 6, "seed": "long"})
    drive(app)
    app.command("share", "replay")
    dom = app.render_dom()
    url = app.links._share["url"]
    assert 'id="share-copy"' in dom and 'id="share-download"' in dom
    if len(url) > links.MAX_SHARED:
        assert "too long" in dom
    else:
        assert "too long" not in dom
    assert "#replay=1." in url and len(url) < 20_000


def test_a_game_by_link_needs_a_player_on_this_device():
    app = device()
    result = app.api.new_game("indecix", {"seats": [{"kind": "remote"}, {"kind": "ai"}]})
    assert "error" in result and "remote" in result["error"]


def test_the_setup_offers_a_human_on_another_device():
    app = device()
    app.command("open", "indecix")
    assert "Human on another device (by link)" in app.render_dom()
    app.command("seat-kind:1", "remote")
    assert 'id="seat-level-1"' not in app.render_dom()  # no level for a person
    app.command("start", None)
    assert app.session is not None and app.session.remote == frozenset({1})
    assert [seat.kind for seat in app.session.seats] == ["human", "human"]  # the save knows two humans


def a_game_by_link(seed: str = "kept") -> tuple[App, App, str]:
    """Ann and Carl playing Indecix by link: Carl's device knows the game; Ann's newer move as a link."""
    ann = device(None, MemoryStorage())
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "remote", "name": "Carl"}]
    ann.api.new_game("indecix", {"seats": seats, "seed": seed})
    drive(ann)
    play_my_turns(ann)
    carl = device(send(ann), MemoryStorage())
    play_my_turns(carl)
    ann.links.open_link(send(carl))
    play_my_turns(ann)
    return ann, carl, send(ann)


def test_a_newer_link_of_a_known_game_asks_before_replacing_another_game_and_drops_no_kept_game():
    ann, carl, newer = a_game_by_link()
    storage = carl.shell.persist.storage
    start(carl, "charidice", "first")  # the game by link stays in the list; this one goes on here
    first = storage.get(CURRENT)
    start(carl, "charidice", "second")  # "first" is now the previous game
    second = storage.get(CURRENT)
    assert storage.get("dicehall:previous") == first
    assert carl.links.open_link(newer)
    assert carl.shell.dialog == "confirm-link" and carl.api.state()["game"] == "charidice"
    assert storage.get(CURRENT) == second and storage.get("dicehall:previous") == first  # nothing yet
    carl.command("link-confirmed", None)
    assert carl.api.state()["game"] == "indecix" and carl.session.human_to_move
    assert storage.get("dicehall:previous") == second  # the game replaced, as for a new game
    # The game by link now in progress, replaced by another link's game, stays in the list of games by link:
    # the previous slot keeps its game.
    _ann2, _dora, other = a_game_by_link("another")
    assert carl.links.open_link(other)
    assert carl.shell.dialog == "confirm-link"
    assert "Games by link in progress" in carl.render_dom()
    carl.command("link-confirmed", None)
    assert storage.get("dicehall:previous") == second
    assert {g["key"] for g in link_games.read(storage)} >= {"indecix/kept", "indecix/another"}


def hostile_entries(entry: dict) -> list[dict]:
    from dicehall.core import packed

    save = packed.unpack(entry["save"])
    return [
        {**entry, "save": packed.pack([1, 2, 3])},  # not a save
        {**entry, "save": packed.pack({**save, "log": {"0": 1}})},  # a log that is no list
        {**entry, "save": packed.pack({**save, "seats": save["seats"][:1]})},  # seats missing
        {**entry, "save": packed.pack({**save, "seed": "other"})},  # filed under another key
        {**entry, "local": [7]},  # a seat that does not exist
        {**entry, "local": []},  # no seat here
        {**entry, "save": "1.AAAA"},  # damaged
    ]


@pytest.mark.parametrize("case", range(7))
def test_a_hostile_kept_game_by_link_is_set_aside_with_a_notice_and_the_link_still_opens(case):
    _ann, carl, newer = a_game_by_link()
    storage = carl.shell.persist.storage
    entry = link_games.find(storage, "indecix/kept")
    bad = hostile_entries(entry)[case]
    storage.set(link_games.KEY, json.dumps({"games": [bad]}))
    fresh = device(None, storage)  # the next visit: the stored game by link is checked before use
    start(fresh, "charidice", "mine")
    assert fresh.links.open_link(newer)
    fresh.frame(0.0)  # no internal error: a frame and the page render
    assert "dicehall:unreadable:" in fresh.render_dom()  # the notice names where it was kept
    assert any(p.what == "unreadable_moved" for p in fresh.shell.persist.problems), fresh.shell.persist.problems
    aside = [k for k in storage.keys() if k.startswith("dicehall:unreadable:")]
    assert aside and json.loads(storage.get(aside[0])) == bad  # kept as it was, never deleted
    assert link_games.find(storage, "indecix/kept") is None  # and no longer used
    # The link is then a game this device does not know: it asks before replacing the game in progress.
    assert fresh.shell.dialog == "confirm-link" and fresh.api.state()["game"] == "charidice"
    fresh.command("link-confirmed", None)
    assert fresh.api.state()["game"] == "indecix" and fresh.session.human_to_move


def test_a_side_action_travels_with_the_link_and_is_not_offered_once_the_link_is_made():
    """A Charidice claim (the grande donation) on the other device's turn: offered on this device until it has
    made the link of its move, so that the claim travels with that link; once the link is made, the other
    device may already play on from it, and a claim then would fork the two histories: not offered."""
    from dicehall.core.protocol import side_actions

    ann = device(None, MemoryStorage())
    ann.api.new_game("charidice", {"seats": [{"kind": "human"}, {"kind": "remote"}], "seed": "claims"})
    drive(ann)
    while not ann.session.waiting_remote:
        ann.api.play(ann.api.state()["legal"][0])
        drive(ann)
    assert any(seat == 0 for seat, _ in side_actions(ann.session.state))  # the rules let Ann claim now
    claim = ann.session.game.codec.to_json(next(a for seat, a in side_actions(ann.session.state) if seat == 0))
    assert ann.api.state()["legal"] == [claim]  # before the link is made: offered
    ann.command("share", "play")  # the link is made: the other device may have it
    assert ann.session.human_side_actions() == () and ann.api.state()["legal"] == []
    assert "error" in ann.api.play(claim)
    ann.shell.dialog = None
    ann.session.link_sent = None  # (as on a device that has not sent it yet)
    assert ann.api.play(claim) == {"ok": True}
    link = send(ann)  # the claim travels with the link: the other device goes on from it
    bob = device(link, MemoryStorage())
    assert bob.session.human_to_move and bob.session.state.claimed
    assert bob.api.save()["log"] == ann.api.save()["log"]


def test_the_fragment_is_cleared_when_its_link_is_done_with_and_the_same_link_opens_again():
    app = make_app()
    start(app, "indecix", "again")
    link = fragment(links.make(URL, "replay", app.api.save()))
    other = device(link)
    assert other.api.state()["screen"] == "replay"
    assert "fragment" not in other.frame(0.0)  # kept while the viewer shows it (a reload shows it again)
    other.command("replay-close", None)
    assert other.frame(16.0).get("fragment") == ""  # closed: the page's address forgets it
    assert other.api.state()["screen"] == "hub"
    other.input({"type": "link", "hash": link})  # the same link opened again opens again
    assert other.api.state()["screen"] == "replay"
    bad = device(link[:-30])  # a refused link is forgotten too
    assert bad.frame(0.0).get("fragment") == ""


def test_a_link_does_not_carry_the_senders_language():
    """The sender plays in French (``?lang=fr``): the link opens in the receiver's own language."""
    assert links.without_lang("https://x.org/d/?lang=fr") == "https://x.org/d/"
    assert (
        links.without_lang("https://x.org/d/?embed=1&lang=fr&game=indecix") == "https://x.org/d/?embed=1&game=indecix"
    )
    assert links.without_lang("https://x.org/d/") == "https://x.org/d/"
    app = make_app()
    app.shell.page_url = "https://example.org/dicehall/?lang=fr"
    start(app, "indecix", "lang")
    app.command("share", "replay")
    url = app.links._share["url"]
    assert url.startswith("https://example.org/dicehall/#replay=") and "lang=" not in url.split("#")[0]
