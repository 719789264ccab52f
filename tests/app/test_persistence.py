"""Bad input gets a clear message and loses nothing: corrupt, foreign and newer saves, full or disabled storage."""

import json

from dicehall.app.persistence import CURRENT, SETTINGS, Persistence
from dicehall.app.storage import MemoryStorage, StorageError
from dicehall.core import registry
from dicehall.core.match import Match
from dicehall.core.save import SavedGame, Seat


def a_save() -> str:
    game = registry.load("indecix")
    match = Match(game, game.options_from_json({}), "seed-1")
    match.roll_all()
    match.submit(match.state.legal_actions()[0])
    return SavedGame(match, [Seat("Ana"), Seat("Bot", "ai", "normal")]).dumps()


def test_a_good_save_is_resumed():
    storage = MemoryStorage({CURRENT: a_save()})
    saved = Persistence(storage).load_current()
    assert saved is not None and saved.match.ply == 2 and saved.seats[0].name == "Ana"


def test_corrupt_save_is_set_aside_not_deleted():
    storage = MemoryStorage({CURRENT: "{not json"})
    persist = Persistence(storage)
    assert persist.load_current() is None
    assert storage.items["dicehall:unreadable:1"] == "{not json"
    assert CURRENT not in storage.items
    assert [p.what for p in persist.problems] == ["unreadable_moved"]
    assert persist.problems[0].key == "dicehall:unreadable:1"
    assert "JSON" in persist.problems[0].detail


def test_each_unreadable_item_gets_its_own_key():
    storage = MemoryStorage({CURRENT: "x", "dicehall:unreadable:1": "older"})
    Persistence(storage).load_current()
    assert storage.items["dicehall:unreadable:1"] == "older"
    assert storage.items["dicehall:unreadable:2"] == "x"


def test_foreign_and_newer_saves_are_refused_with_a_reason():
    foreign = json.dumps({"format": "somebody.else/3"})
    newer = json.loads(a_save())
    newer["rules_version"] = 99
    for raw, words in ((foreign, "not a dicehall save"), (json.dumps(newer), "newer version")):
        storage = MemoryStorage({CURRENT: raw})
        persist = Persistence(storage)
        assert persist.load_current() is None
        assert words in persist.problems[0].detail
        assert storage.items["dicehall:unreadable:1"] == raw


def test_unreadable_data_stays_in_place_when_storage_is_full():
    storage = MemoryStorage({CURRENT: "garbage"}, quota=20)
    persist = Persistence(storage)
    assert persist.load_current() is None
    assert storage.items[CURRENT] == "garbage"
    assert persist.problems[0].what == "unreadable_kept"
    # and it is never overwritten or cleared afterwards
    from dicehall.core import save

    assert persist.store_current(save.loads(a_save())) is False
    persist.replace_current(None)
    assert storage.items[CURRENT] == "garbage"


def test_full_storage_is_reported_once_and_play_goes_on():
    storage = MemoryStorage(quota=10)
    persist = Persistence(storage)
    assert persist.store_object(SETTINGS, {"lang": "fr", "long": "x" * 50}) is False
    assert persist.store_object(SETTINGS, {"lang": "fr", "long": "x" * 50}) is False
    assert [p.what for p in persist.problems] == ["storage_full"]


def test_disabled_storage_is_reported():
    storage = MemoryStorage(disabled=True)
    persist = Persistence(storage)
    assert persist.problems[0].what == "storage_disabled"
    assert persist.load_current() is None
    assert persist.store_object(SETTINGS, {}) is False


def test_corrupt_settings_are_set_aside():
    storage = MemoryStorage({SETTINGS: "[1, 2]"})
    persist = Persistence(storage)
    assert persist.load_object(SETTINGS) == {}
    assert storage.items["dicehall:unreadable:1"] == "[1, 2]"


def test_memory_storage_quota():
    storage = MemoryStorage(quota=5)
    try:
        storage.set("k", "123456")
    except StorageError:
        pass
    else:
        raise AssertionError("quota not enforced")


# --- replacing the stored game ---------------------------------------------------------------------
def test_a_replaced_game_goes_to_the_previous_slot_and_comes_back():
    from dicehall.app.persistence import PREVIOUS
    from dicehall.core import save

    first, second = save.loads(a_save()), save.loads(a_save())
    second.seats[0] = Seat("Bea")
    storage = MemoryStorage()
    persist = Persistence(storage)
    assert persist.replace_current(first)
    assert persist.replace_current(second)
    assert json.loads(storage.items[PREVIOUS])["seats"][0]["name"] == "Ana"
    back = persist.swap_previous(second)
    assert back is not None and back.seats[0].name == "Ana"
    assert json.loads(storage.items[CURRENT])["seats"][0]["name"] == "Ana"
    assert json.loads(storage.items[PREVIOUS])["seats"][0]["name"] == "Bea"


def test_when_the_replaced_game_cannot_be_kept_it_stays_and_is_never_written_over():
    from dicehall.core import save

    old = a_save()
    storage = MemoryStorage({CURRENT: old}, quota=len(old) + 40)
    persist = Persistence(storage)
    assert persist.load_current() is not None
    assert persist.replace_current(save.loads(a_save())) is False
    assert storage.items[CURRENT] == old
    assert [p.what for p in persist.problems] == ["previous_not_kept"]
    assert persist.store_current(save.loads(a_save())) is False and storage.items[CURRENT] == old


def test_a_game_written_by_another_tab_is_kept_and_this_one_goes_aside():
    from dicehall.app.persistence import PREVIOUS

    storage = MemoryStorage({CURRENT: a_save()})
    persist = Persistence(storage)
    mine = persist.load_current()
    theirs = "{" + '"other tab":1' + "}"
    storage.items[CURRENT] = theirs  # another tab wrote in between
    assert persist.store_current(mine) is False
    assert storage.items[CURRENT] == theirs and storage.items[PREVIOUS] == mine.dumps()
    assert persist.conflict and persist.read_only
    assert [p.what for p in persist.problems] == ["changed_elsewhere"]


def test_disabled_storage_says_so_once_and_not_that_it_is_full():
    from dicehall.core import save

    persist = Persistence(MemoryStorage(disabled=True))
    persist.replace_current(save.loads(a_save()))
    persist.store_object("dicehall:settings", {"lang": "fr"})
    assert [p.what for p in persist.problems] == ["storage_disabled"]
