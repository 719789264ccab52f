"""The Charidice screen's words without a browser: la grande donation pressed while a computer's dice are in
the air is refused with a reason (never lost in silence) and taken once they have landed; the marking
preview says what 5s and 6s are worth only when the gift has some."""

from __future__ import annotations

from dicehall.app.session import Session
from dicehall.core import registry
from dicehall.core.save import Seat
from dicehall.games.charidice.actions import CLAIM, ROLL_ALL, Face
from dicehall.games.charidice.options import CharidiceOptions
from dicehall.games.charidice.scene import make_scene
from dicehall.games.charidice.scene_messages import double_note
from dicehall.ui.canvas import DisplayList
from dicehall.ui.scene import InputEvent, SceneContext


def _scene(lang: str, humans: tuple[bool, ...]):
    seats = [Seat(f"P{i + 1}") if human else Seat(f"P{i + 1}", "ai", "easy") for i, human in enumerate(humans)]
    session = Session.new(registry.load("charidice"), CharidiceOptions(players=len(humans)), seats, "claim-air")
    scene = make_scene(session, SceneContext(lang=lang, colours=("#00897b", "#ef6c00", "#8e24aa")[: len(humans)]))
    scene.resize(1280, 800)
    return session, scene


def _texts(scene) -> str:
    dl = DisplayList()
    scene.draw(dl, 1280, 800)
    return " ".join(str(op[3]) for op in dl.ops if op[0] == "text")


def _key(scene, key: str) -> bool:
    return scene.on_input(InputEvent("key", key=key))


def test_a_claim_pressed_while_the_computers_dice_are_in_the_air_says_why_then_is_taken_once_they_land():
    for lang, wait, why in (
        ("fr", "Les dés roulent : grande donation possible", "Les dés roulent : la grande donation se réclame"),
        ("en", "The dice are rolling: the Grand Donation can be", "The dice are rolling: the Grand Donation is"),
    ):
        session, scene = _scene(lang, (False, True))  # P1, a computer, is active; P2 is his left neighbour
        session.match.submit(ROLL_ALL)  # the computer's first roll: the dice are in the air
        scene.update(0.05)
        assert session.state.phase == "throw"
        assert wait in _texts(scene)
        plies = len(session.match.log)
        assert _key(scene, "g")  # used: the page says why not
        assert len(session.match.log) == plies
        assert scene.flash is not None and scene.flash[0].startswith(why)
        assert why in " ".join(scene.take_announcements())
        while session.state.pending:
            session.force(Face(3))
        assert _key(scene, "g")  # landed: the claim is open again and is taken
        assert session.match.log[-1].action == CLAIM and session.match.log[-1].by == 1


def test_a_claim_too_late_or_used_is_refused_with_its_reason():
    session, scene = _scene("en", (False, True))
    assert _key(scene, "g")
    assert _key(scene, "g")
    assert "already claimed" in scene.flash[0]
    session2, scene2 = _scene("en", (True, False))  # P1 is active and human: the claim is P2's, a computer's
    assert _key(scene2, "g")
    assert "It is your turn" in scene2.flash[0]


def test_the_gift_line_says_what_5s_and_6s_are_worth_only_when_it_has_some():
    assert double_note("fr", [1, 2, 3]) == ""
    assert double_note("fr", [1, 5]) == "le 5 compte double"
    assert double_note("fr", [6, 6, 2]) == "les 6 comptent double"
    assert double_note("fr", [5, 6]) == "5 et 6 comptent double"
    assert double_note("en", [5, 5]) == "the 5s count double"
    assert double_note("en", [6]) == "the 6 counts double"
    assert double_note("en", [2, 6, 5]) == "5s and 6s count double"


def test_four_sheets_stand_side_by_side_on_a_desktop_and_a_phone_with_worded_column_heads():
    from dicehall.games.charidice.scene_layout import compute_layout

    for w, h in ((998, 752), (1280, 752), (390, 796), (800, 600)):  # 1280×800 with the move log docked; a phone
        lay = compute_layout(w, h, 4)
        assert len(lay.sheets) == 4 and lay.tab is None, (w, h)
    session, scene = _scene("fr", (True, False, False))
    for lang, heads in (("fr", ("Dés", "Bon", "Reç", "Don")), ("en", ("Pts", "Bon", "In", "Out"))):
        scene.set_lang(lang)
        dl = DisplayList()
        scene.draw(dl, 390, 796)
        texts = [str(op[3]) for op in dl.ops if op[0] == "text"]
        assert not any(t in texts for t in ("1)", "2)", "3)", "4)"))
        assert all(head in texts for head in heads), texts


def test_the_information_box_is_never_empty_while_the_computers_play():
    for lang, head in (("fr", "Les dés de P1 valent au mieux :"), ("en", "P1's dice are worth at best:")):
        session, scene = _scene(lang, (False, True))
        scene.set_settings({"marking_help": True})
        session.match.submit(ROLL_ALL)
        while session.state.pending:
            session.force(Face(3))
        scene.set_fast(True)
        assert head in _texts(scene)
        scene.set_settings({"marking_help": False})
        assert head not in _texts(scene)
