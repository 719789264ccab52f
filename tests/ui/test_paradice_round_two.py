"""Paradice after the second round of play-testing: a human's own questions (buy this event?, which way?, what
to sell?) reach the screen reader."""

from __future__ import annotations

from dicehall.core.save import Seat
from dicehall.games.paradice import Buy
from dicehall.games.paradice import texts as tx
from dicehall.games.paradice.board import EVENT

from .test_paradice_scene import H, landing, placed


def said(h: H) -> str:
    return " ".join(h.scene.take_announcements())


def test_the_buy_question_is_announced_once_in_either_language():
    for lang, word in (("fr", "acheter"), ("en", "buy")):
        start, _ = landing(EVENT, 0, 3)
        h = H(state=placed(seat=0, cell=start), lang=lang)
        h.scene.take_announcements()
        h.roll(1, 2)
        assert h.state.phase == "buy"
        text = said(h)
        assert word in text.lower() and ("2\u202f500" in text or "2,500" in text), text
        h.settle(2.0)
        h.draw()
        assert word not in said(h).lower()  # once, not at every frame
        assert h.key("o" if lang == "fr" else "y") and h.log[-1] == Buy()


def test_the_direction_question_is_announced():
    for lang in ("fr", "en"):
        h = H(lang=lang)
        h.scene.take_announcements()
        h.roll(1, 2)  # from the start every direction is open: a choice at once
        assert h.state.phase == "direction"
        text = said(h)
        expected = tx.keyed(lang, "prompt_direction", False, name=h.scene.player_name(0), n=h.state.steps)
        assert expected in text, text


def test_a_computers_question_is_not_announced_as_a_question():
    start, _ = landing(EVENT, 0, 3)
    h = H(state=placed(seat=0, cell=start))
    h.session.seats[0] = Seat(h.session.seats[0].name, "ai", "easy")
    h.scene.take_announcements()
    h.roll(1, 2)
    assert "acheter" not in said(h).lower()


def test_on_an_upright_phone_the_room_goes_to_the_events_list_not_an_empty_message_box():
    from dicehall.games.paradice.scene_frame import event_grid
    from dicehall.games.paradice.scene_layout import compute_layout

    for height in (796, 844):  # the canvas under the toolbar, and the whole screen
        for players in (2, 3, 6):
            lay = compute_layout(390, height, players)
            icons = event_grid(lay)[0]
            assert icons[0].w >= 32, (height, players, icons[0].w)  # was 24 to 28 px
            assert lay.messages.h <= 0.3 * height, (height, players, lay.messages.h)
            assert lay.events.bottom <= height and lay.messages.bottom < lay.events.y
