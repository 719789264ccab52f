"""A game by link whose turn is on the other device says so on the board: it waits for that player's move
and says how to send the link again, rather than "… rolls the dice" as for a computer (every game)."""

from __future__ import annotations

import pytest

from dicehall.app.storage import MemoryStorage
from dicehall.ui.canvas import DisplayList
from tests.app.test_links import device, drive

SEATS = {"roudalon": 4}


def board_words(app) -> str:
    dl = DisplayList()
    app.scene.draw(dl, 1280, 800)
    return " ".join(" ".join(dl.texts()).split())


@pytest.mark.parametrize("game", ["paradice", "indecix", "charidice", "roudalon", "marchands"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_board_says_it_waits_for_the_other_device(game, lang):
    app = device(None, MemoryStorage())
    app.command("lang", lang)
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "remote", "name": "Bea"}]
    seats += [{"kind": "ai", "level": "easy"}] * (SEATS.get(game, 2) - 2)
    assert app.api.new_game(game, {"seats": seats, "seed": "wait"}) == {"ok": True}
    drive(app)
    for _ in range(300):
        if app.session.waiting_remote and app.session.to_move == 1:
            break
        app.api.play(app.api.state()["legal"][0])
        drive(app)
    assert app.session.waiting_remote and app.session.to_move == 1
    words = board_words(app)
    if lang == "fr":
        assert "En attente du coup de Bea, sur son appareil" in words
        assert "Bea lance les dés…" not in words and "Bea réfléchit" not in words
    else:
        assert "Waiting for Bea's move, on their device" in words
        assert "Bea rolls the dice…" not in words and "Bea is thinking" not in words
