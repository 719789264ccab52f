"""The Charidice screen without a browser: dice toggled by pointer and keys, rolls and stops, the live
marking preview and its refusals, la grande donation claimed by a human or seen when a computer claims,
nothing drawn off the canvas from phone to desktop, and a whole computer game up to the end banner."""

from __future__ import annotations

from typing import Any

import pytest

from dicehall.app.session import Session
from dicehall.core import registry
from dicehall.core.save import Seat
from dicehall.games.charidice import texts as tx
from dicehall.games.charidice.actions import CLAIM, ROLL_ALL, ROLLS, STOP, Claim, Face, Mark, Roll, Stop
from dicehall.games.charidice.dice import BLACK, LATIN, YELLOW
from dicehall.games.charidice.options import CharidiceOptions
from dicehall.games.charidice.scene import make_scene
from dicehall.ui.canvas import DisplayList
from dicehall.ui.scene import InputEvent, SceneContext
from dicehall.ui.widgets import text_width

from .conftest import SceneDriver, ScriptedAgent, mismatched_texts, out_of_bounds

NAMES = ("Lena", "Marko", "Florian", "Zoé")
# D1..D5 black (1, 6, 2, 4, 3), D6 yellow (4): derived from the dice table, checked here
BLACKS = tuple(LATIN[d].index(BLACK) + 1 for d in range(5)) + (LATIN[5].index(YELLOW) + 1,)
assert BLACKS == (1, 6, 2, 4, 3, 4), BLACKS
SIZES = [(360, 640), (1280, 800), (800, 600), (768, 1024), (640, 360)]


class Claimer(ScriptedAgent):
    """A computer that always claims la grande donation and otherwise plays the first legal action."""

    def choose(self) -> Any:
        return self.state.legal_actions()[-1]

    def wants_side_action(self, state: Any, seat: int, action: Any) -> bool:
        return True


class H(SceneDriver):
    def __init__(
        self,
        humans: tuple[bool, ...] = (True, False, False),
        lang: str = "fr",
        settings: dict | None = None,
        size: tuple = (1280, 800),
        **options: Any,
    ) -> None:
        seats = [Seat(NAMES[i]) if human else Seat(NAMES[i], "ai", "easy") for i, human in enumerate(humans)]
        opts = CharidiceOptions(players=len(humans), **options)
        self.session = Session.new(registry.load("charidice"), opts, seats, "scene-seed")
        colours = ("#00897b", "#ef6c00", "#8e24aa", "#d81b60")[: len(humans)]
        ctx = SceneContext(lang=lang, settings=settings or {}, colours=colours)
        self.scene = make_scene(self.session, ctx)
        self.width, self.height = size
        self.scene.resize(*size)

    def land(self, values: tuple[int, ...]) -> None:
        """Land the dice in the air on ``values`` (indexed by die)."""
        while self.state.pending:
            self.session.force(Face(values[self.state.pending[0]]))
        self.settle()

    def pump(self) -> None:
        """Let the session do its pending work (computer side decisions), as the app would."""
        while self.session.busy and not self.state.kind.name == "CHANCE":
            if self.session.advance(1.0) is None and not self.session.busy:
                break

    def key(self, key: str, code: str = "") -> bool:
        return self.scene.on_input(InputEvent("key", key=key, code=code))

    def to_marking(self, values: tuple[int, ...] = BLACKS) -> None:
        """The human (seat 0) rolls once, lands ``values`` and stops."""
        self.pump()
        assert self.key(" ", "Space")
        self.land(values)
        self.pump()
        assert self.key("Enter")
        assert self.state.phase == "mark"


def test_every_text_has_both_languages():
    assert not mismatched_texts(tx.TEXTS)


def test_first_roll_throws_all_six_by_space_or_button():
    h = H()
    h.pump()
    assert "Lancer les 6 dés" in h.screen()
    assert h.key("1")  # refused with a word: the first roll throws all six
    assert "Le premier lancer jette les six dés." in h.screen()
    lay = h.layout()
    assert h.click(lay.buttons[0].cx, lay.buttons[0].cy)
    assert h.log[-1].action == ROLL_ALL and h.log[-1].by == 0
    assert not h.scene.ready()  # the dice tumble before the first lands
    h.land((3, 1, 4, 1, 5, 2))
    assert h.state.rolls == 1


def test_toggle_dice_by_click_and_keys_then_space_rerolls_them():
    h = H()
    h.pump()
    h.key(" ", "Space")
    h.land((3, 1, 4, 1, 5, 2))
    h.pump()
    assert "Aucun dé choisi à relancer." in h.screen()
    assert h.key("2") and h.key("5")
    r = h.layout().dice[3]
    assert h.click(r.cx, r.cy)
    assert h.scene.selection() == (1, 3, 4)
    assert h.key("5")  # toggles off again
    assert h.scene.selection() == (1, 3)
    assert "Relancer (2) : D2, D4" in h.screen()
    assert h.key(" ", "Space")
    assert h.log[-1].action == ROLLS[0b1010] == Roll((1, 3))
    h.land((3, 6, 4, 6, 5, 2))
    assert h.scene.selection() == ()  # a new roll starts with nothing chosen


def test_enter_and_the_stop_button_stop():
    h = H()
    h.pump()
    h.key(" ", "Space")
    h.land(BLACKS)
    h.pump()
    n = len(h.log)
    h.key(" ", "Space")  # nothing chosen: no roll, and a word why
    assert len(h.log) == n
    assert "Aucun dé choisi à relancer." in h.screen()
    lay = h.layout()
    assert h.click(lay.buttons[1].cx, lay.buttons[1].cy)
    assert h.log[-1].action == STOP == Stop()
    assert h.state.phase == "mark"


def test_the_marking_step_opens_on_what_to_do_not_on_a_refusal():
    from dicehall.games.charidice.scene_preview import BAD, paragraphs

    h = H()
    h.to_marking()
    opening = paragraphs(h.scene, h.state)
    assert [p.text for p in opening] == ["Choisissez au moins un dé à marquer."]
    assert not any(p.alert or p.colour == BAD for p in opening)
    for k in "12":
        h.key(k)
    assert any(p.alert for p in paragraphs(h.scene, h.state))  # a selection that cannot be marked is one


def test_marking_preview_refusals_and_confirm():
    h = H()
    h.to_marking()
    screen = h.screen()
    assert "Choisissez au moins un dé à marquer." in screen
    for k in "125":
        h.key(k)
    screen = h.screen()
    assert "Même couleur (noir)" in screen and "il faut au moins 4 dés" in screen
    n = len(h.log)
    assert h.key("Enter") and len(h.log) == n  # refused, and said why
    lay = h.layout()
    h.click(lay.buttons[0].cx, lay.buttons[0].cy)
    assert len(h.log) == n
    h.key("6")  # black and yellow together: mixed
    assert "Une couleur, ou des couleurs toutes différentes." in h.screen()
    h.key("6")
    h.key("3")  # 1 6 2 3 in black: 12 + 15
    screen = h.screen()
    assert "12 + bonus 15 = 27 points" in screen
    assert "Don à Marko : 8 points" in screen  # D4's 4 + D6's 4
    h.key("Enter")
    assert h.log[-1].action == Mark((0, 1, 2, 4)) and h.log[-1].by == 0
    assert h.state.sheets[0][0].marked == 12 and h.state.sheets[1][0].received == 8
    assert "Lena marque 27 points et donne 8 points à Marko." in h.screen()
    assert not h.scene.ready()  # the gift flies to Marko's sheet
    assert h.scene.flights and {f.die for f in h.scene.flights} == {3, 5}
    h.settle()
    assert h.scene.ready()


def test_different_colours_preview_in_english_and_marking_help():
    h = H(lang="en", settings={"marking_help": True})
    h.to_marking(BLACKS)
    h.key("1")
    h.key("6")
    screen = h.screen()
    assert "Different colours" in screen and "5 + bonus 0 = 5 points" in screen
    assert "Gift to Marko: 21 points" in screen  # D2's 6 doubled + 2 + 4 + 3
    assert "One colour: 35  D1 D3 D4 D5" in screen  # 1 2 4 3 in black, a run: 10 + 25 beats all five (16 + 0)
    assert "Different: 10  D2 D6" in screen
    from dicehall.games.charidice.scene_preview import help_rects

    chip = help_rects(h.scene, h.layout())["same"]
    assert h.click(chip.cx, chip.cy)
    assert h.scene.selection() == (0, 2, 3, 4)


def test_human_claim_button_only_when_a_human_may_claim():
    h = H(humans=(True, False, False))
    h.pump()
    assert "La grande donation" not in h.screen()  # Lena is active: Marko (a computer) may claim
    assert CLAIM not in h.session.legal()
    h.to_marking()
    h.key("1"), h.key("6")
    h.key("Enter")
    # Marko and Florian play; when Florian is active, Lena is his left neighbour and may claim
    while not (h.state.active == 2 and h.scene.claimant() is not None):
        assert h.state.active != 0
        assert "La grande donation ! (Lena)" not in h.screen()
        h.session.advance(1.0)
        h.scene.update(0.05)
    h.scene.update(0.05)
    assert "La grande donation ! (Lena) [G]" in h.screen()
    assert not h.scene.ready()  # the window is held open for Lena
    h.settle(1.0)
    assert not h.scene.ready()
    h.settle(2.5)
    assert h.scene.ready()
    r = h.layout().claim
    assert h.click(r.cx, r.cy)
    assert h.log[-1].action == Claim() and h.log[-1].by == 0
    assert "La grande donation !" not in h.screen()
    assert "Lena réclame la grande donation ! Le don est doublé." in h.screen()
    assert "2× cette manche !" in h.screen()


def test_claim_by_key_g():
    h = H(humans=(False, True))  # two players: Marko (seat 1) is Lena's left neighbour
    assert h.scene.claimant() is not None
    assert h.key("g")
    assert h.log[-1].action == CLAIM and h.log[-1].by == 1
    plies = len(h.log)
    assert h.key("g") and len(h.log) == plies  # once per game: refused, and the screen says why


def test_a_computer_claim_is_seen_before_the_next_decision():
    h = H(humans=(True, False, True))
    h.session._agents[1] = Claimer()
    h.session.advance(1.0)  # Marko, a computer, claims at once
    assert h.log[-1].action == CLAIM and h.log[-1].by == 1
    h.scene.update(0.05)
    screen = h.screen()
    assert "Marko réclame la grande donation ! Le don est doublé." in screen
    assert "2× cette manche !" in screen
    h.to_marking()
    h.key("1"), h.key("6")
    assert "Don à Marko : 21 × 2 = 42 points (grande donation)" in h.screen()
    h.key("Enter")
    assert h.state.sheets[1][0].received == 42
    assert "manche 1" in h.screen()


def test_announcements_follow_the_language():
    h = H(lang="en")
    h.pump()
    h.key(" ", "Space")
    h.land(BLACKS)
    said = " ".join(h.scene.take_announcements())
    assert "Lena rolls: D1 1 black" in said and "D6 4 yellow" in said
    h.scene.set_lang("fr")
    h.key("Enter")
    h.key("1")
    said = " ".join(h.scene.take_announcements())
    assert "Lena s'arrête." in said and "D1 choisi." in said


def test_four_players_on_a_phone_show_three_sheets_and_a_tab():
    h = H(humans=(True, False, False, False), size=(360, 640))
    lay = h.layout()
    assert len(lay.sheets) == 3 and lay.tab is not None
    shown, hidden = h.scene.visible_sheets(lay)
    assert shown == [0, 1, 3] and hidden == 2  # Lena with her neighbours; Florian behind the tab
    assert "Feuille de Florian" in h.screen()
    assert h.click(lay.tab.cx, lay.tab.cy)
    shown, hidden = h.scene.visible_sheets(lay)
    assert 2 in shown and hidden == 3
    assert "Feuille de Zoé" in h.screen()
    wide = h.scene.layout(1280, 800)
    assert len(wide.sheets) == 4 and wide.tab is None


def test_dice_are_big_enough_to_tap():
    for w, hh in SIZES:
        lay = H().scene.layout(w, hh)
        assert lay.die >= 44, (w, hh, lay.die)
        for b in lay.buttons:
            assert b.h >= 44


# --- hover, keyboard focus, the preview's size -----------------------------------------------------------


def test_pointer_hover_highlights_dice_and_buttons():
    h = H()
    h.pump()
    h.key(" ", "Space")
    h.land(BLACKS)
    h.pump()
    lay = h.layout()
    plain = len(h.draw().ops)
    d = lay.dice[1]
    assert not h.scene.on_input(InputEvent("pointermove", d.cx, d.cy))  # never consumed
    assert h.scene.hover == ("die", 1) and h.scene.dirty
    assert len(h.draw().ops) > plain  # the hover frame
    b = lay.buttons[1]
    h.scene.on_input(InputEvent("pointermove", b.cx, b.cy))
    assert h.scene.hover == ("stop",)
    h.scene.on_input(InputEvent("pointermove", 1, lay.height - 1))
    assert h.scene.hover is None
    h.scene.on_input(InputEvent("pointermove", d.cx, d.cy))
    h.scene.on_input(InputEvent("pointercancel"))
    assert h.scene.hover is None
    assert len(h.draw().ops) == plain


def test_arrow_keys_focus_dice_and_buttons_space_and_enter_activate():
    h = H()
    h.pump()
    assert h.key("ArrowRight")  # before the first roll only the button takes the focus
    assert h.scene.shown_focus() == ("primary",)
    assert h.key("Enter")
    h.land(BLACKS)
    h.pump()
    assert h.scene.shown_focus() == ("primary",)  # kept: Re-roll now
    assert h.key("ArrowRight") and h.scene.shown_focus() == ("stop",)
    assert h.key("Escape")
    assert h.scene.focus is None
    assert h.key("ArrowRight") and h.scene.shown_focus() == ("die", 0)
    assert h.key("ArrowRight") and h.scene.shown_focus() == ("die", 1)
    assert h.key(" ", "Space")  # toggles the focused die, no roll
    assert h.scene.selection() == (1,) and h.state.rolls == 1
    assert h.key("Enter")
    assert h.scene.selection() == ()
    h.key("ArrowLeft"), h.key("ArrowLeft")
    assert h.scene.shown_focus() == ("stop",)  # round the ring: dice, then the buttons
    stop = h.layout().buttons[1]
    rings = [op for op in h.draw().ops if op[0] == "rrect" and op[7] == "#1f6feb"]
    assert len(rings) == 1 and rings[0][1] < stop.x and rings[0][1] + rings[0][3] > stop.right
    n = len(h.log)
    assert h.key("Enter")
    assert len(h.log) == n + 1 and h.log[-1].action == STOP


def _preview_texts(dl: DisplayList, box: Any) -> list[tuple[float, tuple[float, float, float, float]]]:
    """(font size, box) of the text ops drawn inside ``box``."""
    out = []
    for op in dl.ops:
        if op[0] != "text" or not box.contains(op[1], op[2]):
            continue
        size = float(op[4].split("px")[0].split()[-1])
        width = text_width(op[3], size, "bold" if "bold" in op[4] else "normal")
        x0 = {"left": op[1], "center": op[1] - width / 2, "right": op[1] - width}[op[6]]
        out.append((size, (x0, op[2] - size / 2, x0 + width, op[2] + size / 2)))
    return out


@pytest.mark.parametrize("size,floor", [((360, 640), 13), ((1280, 800), 16), ((1024, 768), 16)])
def test_the_marking_preview_is_large_and_fits_its_box(size, floor):
    from dicehall.games.charidice.scene_preview import help_rects

    w, hh = size
    cases = [("", False), ("125", False), ("1256", False), ("1235", False), ("16", True), ("1", False)]
    for lang in ("fr", "en"):
        for keys, help in cases:
            h = H(humans=(True, False, True), lang=lang, size=size, settings={"marking_help": help})
            if keys == "16":
                h.session._agents[1] = Claimer()  # the gift is doubled: the longest gift line
                h.session.advance(1.0)
            h.to_marking()
            for k in keys:
                h.key(k)
            lay = h.layout()
            dl = h.draw()
            chips = list(help_rects(h.scene, lay).values())
            texts = _preview_texts(dl, lay.info)
            assert len(texts) >= (1 if keys == "" else 3), (size, lang, keys)  # nothing chosen: one line
            for fs, (x0, y0, x1, y1) in texts:
                info = lay.info
                assert info.x <= x0 and x1 <= info.right and info.y <= y0 and y1 <= info.bottom, (size, keys)
                if not any(c.contains((x0 + x1) / 2, (y0 + y1) / 2) for c in chips):
                    assert fs >= floor, (size, lang, keys, fs)
            if keys == "125":  # a refusal: boxed in red with its icon
                assert any(op[0] == "circle" and op[4] == "#b3261e" for op in dl.ops)
            screen = " ".join(dl.texts())
            assert (" × 2 = " in screen) == (keys == "16")


@pytest.mark.parametrize("size", SIZES)
def test_a_small_box_leaves_out_spare_lines_not_the_dice_worth(size):
    """Rerolling with the marking help on: what the dice are worth is drawn whole at every size; where the box
    is too small for everything, the keys' line and the head go, not the figures under the head."""
    for lang in ("fr", "en"):
        h = H(humans=(True, False, False, False), lang=lang, size=size, settings={"marking_help": True})
        h.pump()
        h.key(" ")
        h.land(BLACKS)
        h.pump()
        h.key("2")
        h.key("4")
        screen = " ".join(h.draw().texts())
        for key in ("help_same", "help_diff"):
            head = tx.t(lang, key, n=0).split("0")[0]
            assert head in screen, (size, lang, key)
        if tx.t(lang, "worth_head", name="Lena") in screen:
            assert tx.t(lang, "reroll", n=2).split("{")[0] in screen


# --- nothing off the canvas ----------------------------------------------------------------------------


def _positions():
    start = H()
    start.pump()
    yield "start", start
    rolled = H(humans=(True, False, False, False), lang="en")
    rolled.pump()
    rolled.key(" ")
    rolled.land(BLACKS)
    rolled.pump()
    rolled.key("2")
    yield "rerolling", rolled
    marking = H(settings={"marking_help": True})
    marking.to_marking()
    marking.key("1"), marking.key("2"), marking.key("5")
    yield "marking", marking
    over = H(humans=(False, False, False, False))
    over.scene.set_fast(True)
    while over.session.busy:
        over.session.advance(1.0)
    over.settle()
    yield "over", over


@pytest.mark.parametrize("size", SIZES)
def test_nothing_is_drawn_off_the_canvas(size):
    w, h = size
    for name, hs in _positions():
        for lang in ("fr", "en"):
            hs.scene.set_lang(lang)
            dl = hs.draw(w, h)
            assert dl.ops[0][0] == "clear"
            bad = out_of_bounds(dl, w, h)
            assert not bad, (name, lang, bad[:3])


# --- a whole game --------------------------------------------------------------------------------------


def test_a_computer_game_plays_through_the_scene_to_the_end_banner():
    h = H(humans=(False, False, False), size=(360, 640))
    steps = 0
    while not h.session.over:
        if h.session.busy and h.scene.ready():
            h.session.advance(1.0)
            steps += 1
        h.scene.update(0.05)
        if steps % 50 == 0:
            h.draw()
        assert h.scene.now < 2000, "the scene never let the game finish"
    h.settle(4.0)
    screen = h.screen()
    assert "Partie terminée" in screen
    winners = h.state.outcome().winners
    best = int(h.state.scores()[winners[0]])
    if len(winners) == 1:
        assert f"{NAMES[winners[0]]} gagne avec {best} points !" in screen
    else:
        assert "Égalité" in screen
    assert "1er" in screen and ("Bonus de générosité" in screen or "Personne n'a rien donné" in screen)
    said = " ".join(h.scene.take_announcements())
    assert any(w in said for w in ("gagne avec", "Égalité"))
