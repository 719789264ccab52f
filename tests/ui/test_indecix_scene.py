"""The Indecix screen without a browser: input submits only legal actions, the picture says the right
things in both languages, animations gate the session, and nothing is drawn off the canvas."""

from __future__ import annotations

import math

import pytest

from dicehall.games.indecix import Choose, Pass, Place
from dicehall.games.indecix import texts as tx
from dicehall.games.indecix.spec import COLOURS, DEFAULT_COLOURS, colours_hex
from dicehall.ui import theme
from dicehall.ui.i18n import LANGS
from dicehall.ui.scene import InputEvent

from .conftest import mismatched_texts, out_of_bounds

BLUE, RED = "#2450ef", "#ff0000"
# Left puts 1s on the diagonal, Right 6s on the other: every row then holds a 1, so Left's next 1 is stuck.
STUCK = [(1, (0, 0)), (6, (5, 0)), (1, (1, 1)), (6, (4, 1)), (1, (2, 2)), (6, (3, 2)),
         (1, (3, 3)), (6, (2, 3)), (1, (4, 4)), (6, (1, 4)), (1, (5, 5)), (6, (0, 5))]  # fmt: skip
# The bottom row filled without a capture; Right's 3 on (5, 5) then completes it for 0 points.
ROW = [(6, (0, 5)), (1, (1, 5)), (5, (2, 5)), (2, (3, 5)), (4, (4, 5))]


def _legal_frames(dl, colour):
    wash = theme.tint(colour, 0.86)
    return [op for op in dl.ops if op[0] == "rrect" and op[6] == wash]


# --- texts and setup ---------------------------------------------------------------------------------


def test_every_text_has_both_languages():
    assert not mismatched_texts(tx.TEXTS)


def test_capture_message_plurals():
    assert tx.capture_message("fr", 1, 1, 6, None) == "Vous avez capturé 1 dé dont 1 adverse rapportant 6 points."
    assert tx.capture_message("fr", 3, 2, 14, None) == "Vous avez capturé 3 dés dont 2 adverses rapportant 14 points."
    assert tx.capture_message("en", 1, 0, 1, "Bob") == "Bob captured 1 die (0 of the opponent's) worth 1 point."
    assert tx.capture_message("fr", 0, 0, 0, None) == "Vous n'obtenez aucun point."
    assert tx.cell_name((2, 0)) == "C1"


def test_setup_colours_and_fields():
    ids = [c[0] for c in COLOURS]
    assert ids == ["blue", "magenta", "orange", "red", "yellow", "green", "purple"]
    assert {c[0]: c[1] for c in COLOURS}["blue"] == "#2450ef"
    assert {c[0]: c[1] for c in COLOURS}["yellow"] == "#ffff60"
    assert DEFAULT_COLOURS == ("blue", "red")
    assert colours_hex(("green", "nope")) == ("#008900", RED)
    from dicehall.app.setup_form import option_fields

    OPTION_FIELDS = option_fields("indecix")  # noqa: N806 (the form's fields, built from the options schema)
    keys = [f.key for f in OPTION_FIELDS]
    assert keys == ["mode", "suite_scoring"]
    for field in OPTION_FIELDS:
        assert field.default in [v for v, _, _ in field.choices]
        assert all(fr and en for _, fr, en in field.choices)
        for lang in LANGS:
            assert field.to_json(lang)["label"]
    from dicehall.games.indecix.options import MODES, SUITE_SCORINGS

    assert [v for v, _, _ in OPTION_FIELDS[0].choices] == list(MODES)
    assert [v for v, _, _ in OPTION_FIELDS[1].choices] == list(SUITE_SCORINGS)


# --- the spin, STOP and placing ----------------------------------------------------------------------


def test_space_stops_the_spin_and_shows_the_real_face(harness):
    h = harness()
    assert "1/36" in h.texts()
    h.roll(4)
    assert h.scene.spin is not None and not h.scene.ready()
    texts = h.texts()
    assert "STOP" in texts and "Lancez le dé : appuyez sur STOP" in h.screen()
    # while it spins, a click on a legal cell submits nothing
    assert h.click_cell((2, 2)) and len(h.log) == 1
    assert "Appuyez d'abord sur STOP" in h.screen()
    faces = set()
    for _ in range(10):
        h.scene.update(0.061)
        faces.add(_top_die_pips(h))
    assert len(faces) > 2  # the face changes while it spins
    assert h.key(" ", "Space")
    assert h.scene.spin is None and h.scene.ready()
    assert _top_die_pips(h) == 4 == h.state.die
    assert "Choisissez une case" in h.screen()


def _top_die_pips(h):
    d = h.layout().die
    dl = h.draw()
    # pips are circles inside the die's box (a spinning die is translated to its centre)
    n, tx_, ty_ = 0, 0.0, 0.0
    stack = []
    for op in dl.ops:
        if op[0] == "save":
            stack.append((tx_, ty_))
        elif op[0] == "restore":
            tx_, ty_ = stack.pop()
        elif op[0] == "translate":
            tx_, ty_ = tx_ + op[1], ty_ + op[2]
        elif op[0] == "circle" and d.contains(op[1] + tx_, op[2] + ty_):
            n += 1
    return n


def test_click_on_legal_cell_places_and_illegal_does_nothing(harness):
    h = harness()
    h.play(3, (0, 0))  # Left
    h.roll(3)  # Right rolls a 3: row 0 and column 0 are closed to it
    h.key(" ")
    before = len(h.log)
    assert h.click_cell((4, 0))  # same face in the row: refused with a flash
    assert len(h.log) == before
    assert "Case impossible pour ce dé" in h.screen()
    assert not h.click(5, 5)  # off the grid: nothing
    assert h.click_cell((1, 1))
    assert h.log[-1].action == Place((1, 1)) and h.log[-1].by == 1
    assert "3/36" in h.texts()


def test_arrows_and_enter_place_on_the_focused_cell(harness):
    h = harness()
    h.roll(5)
    assert not h.key("ArrowRight")  # spinning: no focus yet
    h.key("Enter")  # Enter stops the spin too
    assert h.key("ArrowRight")
    assert h.scene.focus == (0, 0)
    h.key("ArrowRight")
    h.key("ArrowDown")
    assert h.scene.focus == (1, 1)
    h.take = h.scene.take_announcements()
    assert any("B2" in a for a in h.take)
    assert h.key("Enter")
    assert h.log[-1].action == Place((1, 1))


def test_enter_on_ok_passes_an_unplaceable_die(harness):
    h = harness()
    for face, cell in STUCK:
        h.play(face, cell)
    h.roll(1)
    assert h.state.phase == "pass"
    assert h.click_cell((1, 0))  # any cell: the flash repeats that the die cannot be placed
    h.key(" ")
    texts = h.texts()
    assert "OK" in texts and "STOP" not in texts
    assert "Impossible de placer votre dé ! Votre adversaire gagne un point." in h.screen()
    assert h.key("Enter")
    assert h.log[-1].action == Pass()
    h.settle()
    assert "Dés non joués (1, 1 pt)" in h.texts()  # in Right's panel


def test_space_on_ok_passes_an_unplaceable_die_as_it_pressed_stop(harness):
    h = harness(lang="en")
    for face, cell in STUCK:
        h.play(face, cell)
    h.roll(1)
    assert h.key(" ")  # STOP
    assert "OK" in h.texts() and h.log[-1].action != Pass()
    assert h.key(" ")  # OK, on the same button
    assert h.log[-1].action == Pass()


def test_ok_button_click_passes(harness):
    h = harness(lang="en")
    for face, cell in STUCK:
        h.play(face, cell)
    h.roll(1)
    b = h.layout().button
    assert h.click(b.cx, b.cy)  # STOP
    assert "Your die cannot be placed! Your opponent scores a point." in h.screen()
    assert h.click(b.cx, b.cy)  # OK
    assert h.log[-1].action == Pass()


# --- options, previews, messages ---------------------------------------------------------------------


def test_legal_frames_follow_the_option(harness):
    h = harness()
    h.roll(2)
    assert not _legal_frames(h.draw(), BLUE)  # not before STOP
    h.key(" ")
    assert len(_legal_frames(h.draw(), BLUE)) == 36
    h.scene.set_settings({"playable_cells": False})
    assert not _legal_frames(h.draw(), BLUE)


def test_star_on_a_cell_that_completes_a_line_without_capture(harness):
    h = harness()
    for face, cell in ROW:
        h.play(face, cell)
    h.roll(3)
    h.key(" ")
    star_cell = h.layout().cell_rect(5, 5)
    stars = [op for op in h.draw().ops if op[0] == "poly" and len(op[1]) == 20 and op[2] == RED]
    assert any(star_cell.contains(sum(op[1][0::2]) / 10, sum(op[1][1::2]) / 10) for op in stars)
    h.scene.set_settings({"capture_scores": False})
    stars = [op for op in h.draw().ops if op[0] == "poly" and len(op[1]) == 20 and op[2] == RED]
    assert not any(star_cell.contains(sum(op[1][0::2]) / 10, sum(op[1][1::2]) / 10) for op in stars)
    # completing the row forms a suite: the message, and a blinking clean/mixed star
    h.click_cell((5, 5))
    h.settle()
    assert tx.t("fr", "suite_one") in h.screen()
    h.scene.set_lang("en")
    assert tx.t("en", "suite_one") in h.screen()


def test_capture_message_and_score_in_both_languages(harness):
    h = harness()
    h.play(1, (0, 0))
    h.play(3, (1, 0))
    h.roll(5)
    h.key(" ")
    assert "6" in h.texts()  # the capture preview on (2, 0)
    h.click_cell((2, 0))
    assert not h.scene.ready()  # the captured die flies away
    h.settle()
    assert h.scene.ready()
    texts = h.texts()
    assert "Vous avez capturé 1 dé dont 1 adverse rapportant 6 points." in h.screen()
    assert "6" in texts and "Dés capturés (1, 6 pts)" in texts
    h.scene.set_lang("en")
    texts = h.texts()
    assert "You captured 1 die (1 of the opponent's) worth 6 points." in h.screen()
    assert "Captured dice (1, 6 pts)" in texts
    assert "4/36" in texts


def test_score_counts_up(harness):
    h = harness()
    h.play(1, (0, 0))
    h.play(3, (1, 0))
    h.roll(5)
    h.key(" ")
    h.click_cell((2, 0))
    h.scene.update(0.05)
    shown = h.scene.counters[0].shown(h.scene.now)
    assert 0 <= shown < 6
    h.settle()
    assert h.scene.counters[0].shown(h.scene.now) == 6


# --- Master ------------------------------------------------------------------------------------------


def test_master_token_click_and_key(harness):
    h = harness(mode="master")
    texts = h.texts()
    assert "Choisissez un dé…" in h.screen() and "STOP" not in texts
    panel = h.scene._panel_layouts(h.layout())[0]
    slot = panel.slots[0][2]  # first row, third token: a 3
    assert h.click(slot.cx, slot.cy)
    assert h.log[-1].action == Choose(3)
    h.click_cell((0, 0))
    h.settle()
    assert h.key("3")  # Right takes a 3 by key
    assert h.log[-1].action == Choose(3) and h.log[-1].by == 1
    assert not h.key("3")  # now placing: digits do nothing
    texts = h.texts()
    assert "Reste à jouer (17)" in texts


def test_master_spent_token_is_refused(harness):
    h = harness(mode="master")
    for _ in range(3):
        h.key("2")
        h.click_cell(h.state.legal_cells()[0])
        h.settle()
        h.key("5")
        h.click_cell(h.state.legal_cells()[0])
        h.settle()
    n = len(h.log)
    assert h.key("2")  # no 2 left: a flash, nothing submitted
    assert len(h.log) == n
    assert "Plus de jeton 2" in h.screen()


# --- the computer, fast mode, undo -------------------------------------------------------------------


def test_computer_move_through_advance_when_ready(harness):
    h = harness(ai=(False, True))
    h.play(2, (3, 3))
    session, scene = h.session, h.scene
    assert session.busy
    steps = 0
    while session.busy and steps < 500:
        scene.update(0.05)
        if scene.ready():
            session.advance(0.05)
        steps += 1
    assert any(e.by == 1 and type(e.action).__name__ in ("Place", "Pass") for e in h.log)
    assert h.state.mover == 0 and h.session.human_to_move  # Left has rolled: his die spins
    assert h.scene.spin is not None and h.scene.spin.human
    assert any("Bruno" in a for a in scene.take_announcements())


def test_computer_die_spins_then_stops_by_itself(harness):
    h = harness(ai=(False, True))
    h.play(2, (3, 3))
    h.roll(4)
    assert h.scene.spin is not None and not h.scene.ready()
    assert not h.key(" ")  # not the human's die
    assert "Bruno lance le dé…" in h.screen()
    h.scene.update(0.3)
    assert not h.scene.ready()
    h.scene.update(0.3)
    assert h.scene.ready()
    assert "Bruno réfléchit…" in h.screen()


def test_fast_mode_is_always_ready(harness):
    h = harness(ai=(True, True))
    h.scene.set_fast(True)
    for _ in range(200):
        assert h.scene.ready()
        if not h.session.busy:
            break
        h.session.advance(1.0)
    assert h.state.phase == "over"
    screen = h.screen()
    assert "gagne" in screen or "Égalité" in screen


def test_undo_resets_without_animation(harness):
    h = harness(ai=(False, True))
    h.play(2, (3, 3))
    while h.session.busy:
        h.session.advance(1.0)
    assert h.session.undo()
    assert h.scene.ready() and h.scene.spin is None and not h.scene.flights
    assert h.state.phase == "place"
    assert "Choisissez une case" in h.screen()


def test_announcements_in_the_current_language(harness):
    h = harness(lang="en")
    h.play(1, (0, 0))
    said = h.scene.take_announcements()
    assert any("Alice places a 1 on A1." == a for a in said)
    assert h.scene.take_announcements() == []


def test_hover_highlights_the_cell_under_the_pointer(harness):
    h = harness()
    h.roll(2)
    h.key(" ")
    n = len(h.draw().ops)
    r = h.layout().cell_rect(2, 2)
    assert not h.scene.on_input(InputEvent("pointermove", r.cx, r.cy))
    assert h.scene.dirty
    assert len(h.draw().ops) == n + 1


# --- sizes -------------------------------------------------------------------------------------------

SIZES = [(360, 640), (800, 600), (1200, 800), (1600, 900), (1024, 1366), (412, 915)]


def _positions(harness):
    blitz = harness()
    for face, cell in STUCK[:10]:
        blitz.play(face, cell)
    blitz.roll(4)
    yield "blitz spinning", blitz
    blitz.key(" ")
    yield "blitz placing", blitz
    master = harness(mode="master", lang="en", colours=("#ffff60", "#974bb4"))
    for face in (1, 2, 3, 4, 5, 6, 1, 2):
        master.key(str(face))
        master.click_cell(master.state.legal_cells()[-1])
        master.settle()
    yield "master choosing", master
    over = harness(ai=(True, True))
    over.scene.set_fast(True)
    while over.session.busy:
        over.session.advance(1.0)
    over.settle()
    yield "over", over


@pytest.mark.parametrize("size", SIZES)
def test_nothing_is_drawn_off_the_canvas(harness, size):
    w, h = size
    for name, hs in _positions(harness):
        for lang in ("fr", "en"):
            hs.scene.set_lang(lang)
            dl = hs.draw(w, h)
            assert dl.ops[0][0] == "clear"
            bad = out_of_bounds(dl, w, h, slack=1.5)
            assert not bad, (name, lang, bad[:3])


def test_grid_cells_are_big_enough_to_touch(harness):
    h = harness()
    for w, hh in SIZES:
        lay = h.scene.layout(w, hh)
        assert lay.cell >= 40, (w, hh, lay.cell)
        assert lay.board.right <= w and lay.board.bottom <= hh


def test_layout_is_cached_per_size(harness):
    h = harness()
    assert h.scene.layout(800, 600) is h.scene.layout(800, 600)
    h.draw()
    first = h.scene._static
    h.draw()
    assert h.scene._static is first  # nothing changed: the static layer is reused


def test_animated_frames_reuse_the_static_layer(harness):
    """What keeps a frame cheap, counted in work rather than timed (times: bench/scenes.py): over 60 frames
    of animation the static layer is painted once and reused, and every frame stays a few hundred ops."""
    h = harness()
    for face, cell in STUCK[:10]:
        h.play(face, cell)
    h.roll(4)
    h.key(" ")
    h.draw()
    static = h.scene._static
    for _ in range(60):
        h.scene.update(0.016)
        dl = h.draw()
        assert h.scene._static is static
        assert len(dl.ops) < 400, len(dl.ops)
        assert not out_of_bounds(dl, h.width, h.height)


def test_owner_is_marked_without_colour(harness):
    # every die on the grid carries a notch: a small triangle in its top-left (Left) or top-right corner
    h = harness()
    h.play(1, (0, 0))
    h.play(2, (5, 5))
    dl = h.draw()
    lay = h.layout()
    tris = [op for op in dl.ops if op[0] == "poly" and len(op[1]) == 6]
    for cell, side in (((0, 0), "left"), ((5, 5), "right")):
        d = lay.die_rect(*cell)
        inside = [op for op in tris if d.contains(op[1][0], op[1][1])]
        assert inside
        cx = sum(inside[0][1][0::2]) / 3
        assert (cx < d.cx) == (side == "left")
    assert math.isfinite(lay.cell)
