"""Dés & Marchands after the second round of play-testing: the amount of a coin flight is written in the row
of the player it concerns, the turn's two buttons share one font size, and the "bonus once" variant's
message and callout."""

from __future__ import annotations

import re

import pytest

from dicehall.games.marchands import Bonus, MarchandsOptions
from dicehall.games.marchands import texts as tx
from dicehall.games.marchands.faces.direction import STEPS
from dicehall.games.marchands.rules import Event
from dicehall.games.marchands.scene_messages import callout_text, event_lines

from .test_marchands_scene import DESKTOP, PHONE, H, find_layout


def amount_ops(h: H, text: str) -> list[list]:
    return [op for op in h.draw().ops if op[0] == "text" and op[3] == text]


@pytest.mark.parametrize("size", [DESKTOP, PHONE])
def test_the_plus_five_of_the_second_player_is_drawn_in_his_own_row(size):
    opts = MarchandsOptions()
    number, d, k = find_layout("bonus", opts, first=1)
    h = H(humans=(True, True), layout=number, options=opts, size=size)
    assert h.state.current == 1
    start = h.state.pos[1]
    h.roll(d, k)
    dx, dy = STEPS[d]
    assert h.click_cell((start[0] + dx * k, start[1] + dy * k))
    h.settle(3.0)
    assert h.state.phase == "bonus"
    assert h.scene.press(("item", 0)) and h.log[-1].action == Bonus("coins")
    rows = h.layout().players
    seen = 0
    for _ in range(40):  # through the whole flight
        h.scene.update(0.03)
        for op in amount_ops(h, "+5"):
            seen += 1
            assert rows[1].y <= op[2] <= rows[1].bottom, (op, rows)
            assert not rows[0].y <= op[2] <= rows[0].bottom
    assert seen > 3


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("size", [DESKTOP, PHONE, (640, 360)])
def test_roll_and_stay_share_one_font_size(lang, size):
    h = H(lang=lang, size=size)
    h.settle(2.0)
    labels = {c.target: c.label for c in h.scene.controls() if c.target in (("roll",), ("stay",))}
    assert len(labels) == 2
    # the key hint ("[Space]") goes under its label: the labels themselves are drawn at one size
    mains = {re.sub(r"\s+\[[^\]]+\]$", "", label) for label in labels.values()}
    fonts = [op[4] for op in h.draw().ops if op[0] == "text" and op[3] in mains]
    assert len(fonts) == 2 and fonts[0] == fonts[1], fonts
    if size == DESKTOP:  # and at a size that reads well on a desktop
        assert float(re.search(r"([0-9.]+)px", fonts[0]).group(1)) >= 14, fonts


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_bonus_cell_that_has_served_says_so(lang):
    opts = MarchandsOptions(bonus_once=True)
    number, d, k = find_layout("bonus", opts)
    h = H(layout=number, options=opts, lang=lang)
    start = h.state.pos[0]
    h.roll(d, k)
    dx, dy = STEPS[d]
    cell = (start[0] + dx * k, start[1] + dy * k)
    assert h.click_cell(cell)
    h.settle(3.0)
    assert h.state.phase == "bonus" and h.state.served_by(0) == (cell,)
    # coming back: the rules' event "spent", its line and its callout in the screen's words
    ev = Event("spent", 0, cell=cell)
    assert event_lines(h.scene, ev) == [tx.t(lang, "ev_spent", name=h.scene.player_name(0))]
    assert callout_text(h.scene, ev) == tx.t(lang, "co_spent")
