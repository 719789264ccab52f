"""The Dés & Marchands screen without a browser: the board's static layer sent once then only named (and
sent again for a new board), zoom and pan by wheel, keys, drag and pinch, the choice of a cell by click
and by keys, the bonus and merchant dialogs (with the merchant's refusals), whole computer matches drawn
at desktop and phone sizes in both languages, what a frame draws (its cost is measured in bench/scenes.py),
and every text in both languages."""

from __future__ import annotations

import re
from pathlib import Path
from dataclasses import replace
from typing import Any

import pytest

from dicehall.app.session import Session
from dicehall.core.save import Seat
from dicehall.games.marchands import GAME, Bonus, Buy, Layout, MarchandsOptions, Move, Side
from dicehall.games.marchands import texts as tx
from dicehall.games.marchands.board import LAYOUTS, deal
from dicehall.games.marchands.faces.direction import STEPS
from dicehall.games.marchands.scene import make_scene
from dicehall.games.marchands.scene_frame import SPENT_VEIL
from dicehall.ui.canvas import DisplayList
from dicehall.ui.scene import InputEvent, SceneContext

from .conftest import SceneDriver, ScriptedAgent, mismatched_texts, out_of_bounds

NAMES = ("Lena", "Marko", "Zoé", "Hugo")
COLOURS = ("#c62828", "#1565c0", "#e65100", "#37474f")
DESKTOP, PHONE = (1200, 800), (390, 844)
DIRECTION_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}  # the first die: N, E, S, W


class H(SceneDriver):
    def __init__(
        self,
        humans: tuple[bool, ...] = (True, False),
        lang: str = "fr",
        size: tuple[float, float] = DESKTOP,
        options: MarchandsOptions | None = None,
        seed: str = "scene-seed",
        layout: int | None = None,
    ) -> None:
        seats = [Seat(NAMES[i]) if human else Seat(NAMES[i], "ai", "easy") for i, human in enumerate(humans)]
        self.options = options or MarchandsOptions(players=len(humans))
        self.session = Session.new(GAME, self.options, seats, seed)
        self.scene = make_scene(self.session, SceneContext(lang=lang, colours=COLOURS[: len(humans)]))
        self.width, self.height = size
        self.scene.resize(*size)
        if layout is not None:
            self.session.force(Layout(layout))
            self.settle(1.0)

    def roll(self, direction: str, power: int) -> None:
        """The player to move rolls ``direction`` and ``power`` (his two starting dice)."""
        self.scene.press(("roll",))
        assert type(self.log[-1].action).__name__ == "Roll"
        self.session.force(Side(DIRECTION_INDEX[direction]))
        self.session.force(Side(power - 1))
        self.settle(2.0)

    def key(self, key: str, shift: bool = False) -> bool:
        return self.scene.on_input(InputEvent("key", key=key, shift=shift))

    def click_cell(self, cell: tuple[int, int]) -> bool:
        self.draw()
        r = self.scene.board_view().cell_rect(cell)
        return self.click(r.cx, r.cy)

    def click_control(self, target: tuple) -> bool:
        c = self.scene.control(target)
        assert c is not None, (target, [c.target for c in self.scene.controls()])
        return self.click(c.rect.cx, c.rect.cy)

    def item(self, label_part: str) -> Any:
        return next(c for c in self.scene.controls() if c.target[0] == "item" and label_part in c.label)


def layer_ops(dl: DisplayList) -> list[list]:
    return [op for op in dl.ops if op[0] == "layer"]


def find_layout(kind: str, options: MarchandsOptions, first: int = 0) -> tuple[int, str, int]:
    """A layout where seat ``first`` plays first and a ``kind`` cell lies 1 to 4 cells away in a straight
    line from his start: (layout number, direction, distance)."""
    for number in range(LAYOUTS):
        board, starts, order = deal(options, number)
        if order[0] != first:
            continue
        x, y = starts[first]
        for d, (dx, dy) in STEPS.items():
            for k in range(1, 5):
                cell = (x + dx * k, y + dy * k)
                if not board.inside(cell):
                    break
                if board.kind(cell) == kind and cell not in starts:
                    return number, d, k
    raise AssertionError(f"no layout with a {kind} cell in reach")


def plain_layout(options: MarchandsOptions, first: int = 0) -> int:
    """A layout where seat ``first`` plays first and his start has room all round (4 cells)."""
    for number in range(LAYOUTS):
        board, starts, order = deal(options, number)
        x, y = starts[first]
        if order[0] == first and 8 <= x <= options.size - 9 and 8 <= y <= options.size - 9:
            return number
    raise AssertionError("no plain layout")


# --- texts and setup -----------------------------------------------------------------------------------------------
def test_every_text_has_both_languages():
    assert not mismatched_texts(tx.TEXTS)


def test_every_text_the_scene_names_exists():
    import dicehall.games.marchands as pkg

    used = set()
    for path in Path(pkg.__file__).parent.glob("scene*.py"):
        source = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'tx\.t\([^,()]+, "([a-z_A-Z0-9]+)"', source))
        used |= set(re.findall(r'"((?:ev|why|prompt|ai|on|ended)_[a-z_]+)"', source))
    used |= {
        "coins_one",
        "coins_many",
        "face_N",
        "face_E",
        "face_S",
        "face_W",
        "prompt_bonus",
        "prompt_merchant",
        "ai_bonus",
        "ai_merchant",
    }
    assert len(used) > 40
    missing = sorted(k for k in used if k not in tx.TEXTS)
    assert not missing, missing


def test_the_spec_offers_colours_and_the_options():
    from dicehall.app.setup_form import option_fields
    from dicehall.games.marchands.spec import SPEC

    assert len(SPEC.colours) == 6 and len({c[1] for c in SPEC.colours}) == 6
    assert SPEC.default_players == 2 and SPEC.shortcuts == ()
    fields = {f.key: f for f in option_fields("marchands")}
    assert list(fields) == ["size", "round_limit", "portals", "multipliers", "replay_bonus", "bonus_once"]
    assert fields["size"].default == "50" and fields["round_limit"].default == "none"
    for key, field in fields.items():
        for value, _, _ in field.choices:  # the options accept every value the form sends
            MarchandsOptions.from_json({key: value})
    assert MarchandsOptions.from_json({"size": "51", "round_limit": "100", "portals": "on"}).size == 51


# --- the static layer ------------------------------------------------------------------------------------------------
def test_the_board_layer_is_sent_once_then_named_and_sent_again_for_a_new_board():
    h = H(layout=3)
    first = layer_ops(h.draw())
    assert len(first) == 1 and first[0][5] is not None
    key = first[0][1]
    assert len(first[0][5]) > 150  # the cells: grid, 15 bonus and 15 merchant cells, the end cell
    for _ in range(3):
        h.scene.update(0.05)
        again = layer_ops(h.draw())
        assert again == [["layer", key, again[0][2], again[0][3], again[0][4], None]]
    h.scene.on_input(InputEvent("wheel", 300, 300, dy=-200))  # zoom and pan do not resend the board
    assert layer_ops(h.draw())[0][5] is None
    # a new game on another board: a new key, sent once
    h2 = H(layout=4)
    other = layer_ops(h2.draw())
    assert other[0][1] != key and other[0][5] is not None
    assert layer_ops(h2.draw())[0][5] is None
    # the same scene meeting a new board (a new game in place) sends the new key's content
    h.session = h2.session
    h.scene.session = h2.session
    h.scene.view = None
    new = layer_ops(h.draw())
    assert new[0][1] == other[0][1] and new[0][5] is not None


def test_a_new_game_deals_in_its_second_frame_and_sends_the_layer_in_the_third():
    """As the app drives a screen (a session step when the scene is ready, ``update``, ``draw``, every frame):
    the first frame shows the screen, the second deals the board and draws it bare, the third sends its
    layer; the work of a start is spread over three frames."""
    h = H(humans=(False, False))

    def frame() -> DisplayList:
        if h.session.busy and h.scene.ready():
            h.session.advance(0.006)
        h.scene.update(1 / 60)
        assert h.scene.dirty
        return h.draw()

    first = frame()
    assert h.state.phase == "layout" and not layer_ops(first)
    second = frame()
    assert h.state.phase == "roll" and not layer_ops(second)  # dealt in this frame: the bare board
    third = frame()
    assert [op[5] is not None for op in layer_ops(third)] == [True]
    assert layer_ops(frame())[0][5] is None


def test_a_frame_draws_the_layer_pawns_and_highlights_only():
    h = H(layout=plain_layout(MarchandsOptions()))
    h.draw()
    h.roll("E", 4)
    assert h.state.phase == "move"
    dl = h.draw()
    assert layer_ops(dl)[0][5] is None
    assert len(dl.ops) < 400, len(dl.ops)
    i = dl.ops.index(layer_ops(dl)[0])
    assert [op[0] for op in dl.ops[i - 3 : i]] == ["save", "translate", "scale"] and dl.ops[i + 1] == ["restore"]
    # at either size the board is only named, never sent again: a frame is the pawns, highlights and panel
    for w, hh in (DESKTOP, PHONE) * 3:
        dl = h.draw(w, hh)
        assert [op[5] for op in layer_ops(dl)] == [None] and len(dl.ops) < 400, len(dl.ops)


# --- zoom and pan ----------------------------------------------------------------------------------------------------
def test_wheel_and_keys_zoom_keeping_the_point_under_the_cursor_and_fit_resets():
    h = H(layout=3)
    h.draw()
    view = h.scene.board_view()
    fit_z = view.z
    vp = h.layout().board
    x, y = vp.cx + 40, vp.cy - 30
    wx, wy = (x - view.ox) / view.z, (y - view.oy) / view.z
    assert h.scene.on_input(InputEvent("wheel", x, y, dy=-300))
    assert view.z > fit_z * 1.3
    assert abs((x - view.ox) / view.z - wx) < 1e-6 and abs((y - view.oy) / view.z - wy) < 1e-6
    z = view.z
    assert h.key("+") and view.z > z
    assert h.key("-") and abs(view.z - z) < 1e-9
    assert h.key("0") and view.z == fit_z and view.fitted
    assert h.key("+") and h.key("f") and view.z == fit_z
    assert h.click_control(("zoom", "in")) and view.z > fit_z
    assert h.click_control(("zoom", "fit")) and view.z == fit_z
    assert not h.scene.on_input(InputEvent("wheel", vp.right + 50, 5, dy=-300))  # off the board
    assert view.z == fit_z


def test_drag_and_arrow_keys_pan_and_a_drag_is_not_a_click():
    h = H(layout=plain_layout(MarchandsOptions()))
    h.draw()
    view = h.scene.board_view()
    h.key("+")
    h.key("+")
    ox, oy = view.ox, view.oy
    vp = h.layout().board
    x, y = vp.cx, vp.cy
    n = len(h.log)
    assert h.scene.on_input(InputEvent("pointerdown", x, y))
    assert h.scene.on_input(InputEvent("pointermove", x + 30, y + 20))
    assert h.scene.on_input(InputEvent("pointermove", x + 50, y + 40))
    h.scene.on_input(InputEvent("pointerup", x + 50, y + 40))
    assert (round(view.ox - ox), round(view.oy - oy)) == (50, 40)
    assert len(h.log) == n
    ox = view.ox
    assert h.key("ArrowLeft") and view.ox > ox
    assert not view.fitted


def test_a_pinch_zooms_around_the_fingers():
    h = H(layout=3, size=PHONE)
    h.draw()
    view = h.scene.board_view()
    fit_z = view.z
    vp = h.layout().board
    a, b = (vp.cx - 40, vp.cy), (vp.cx + 40, vp.cy)
    h.scene.on_input(InputEvent("pointerdown", *a, pointer="touch", id=1))
    h.scene.on_input(InputEvent("pointerdown", *b, pointer="touch", id=2))
    h.scene.on_input(InputEvent("pointermove", vp.cx - 80, vp.cy, pointer="touch", id=1))
    h.scene.on_input(InputEvent("pointermove", vp.cx + 80, vp.cy, pointer="touch", id=2))
    assert abs(view.z / fit_z - 2.0) < 0.05
    n = len(h.log)
    h.scene.on_input(InputEvent("pointerup", vp.cx - 80, vp.cy, pointer="touch", id=1))
    h.scene.on_input(InputEvent("pointerup", vp.cx + 80, vp.cy, pointer="touch", id=2))
    assert len(h.log) == n and h.scene._pinch is None
    assert h.key("0") and view.z == fit_z


# --- a turn ------------------------------------------------------------------------------------------------------------
def test_roll_lands_the_dice_then_a_click_on_a_highlighted_cell_moves():
    h = H(layout=plain_layout(MarchandsOptions()))
    start = h.state.pos[0]
    assert "Lena, lancez vos dés." in h.screen()
    assert h.key(" ")
    assert h.state.phase == "throw"
    assert not h.scene.ready() and "Les dés roulent…" in h.screen()
    h.session.force(Side(1))  # E
    h.session.force(Side(2))  # 3
    assert h.scene.targets() == ()  # still landing
    h.settle(2.0)
    screen = h.screen()
    assert "Lena obtient Est, 3." in screen and "Directions →, puissance 3 : portée 3." in screen
    targets = h.scene.targets()
    assert targets[0] == start and len(targets) == 4
    n = len(h.log)
    assert not h.click_cell((start[0], start[1] + 2))  # not a target: nothing happens
    assert len(h.log) == n
    h.settle(0.5)
    goal = (start[0] + 2, start[1])
    assert h.click_cell(goal)
    assert h.log[-1].action == Move(goal) and h.log[-1].by == 0
    assert not h.scene.ready()  # the pawn slides
    h.settle(2.0)
    assert f"Lena va en ({goal[0]}, {goal[1]})" in h.screen()


def test_keys_move_the_cursor_among_the_targets_and_enter_goes():
    h = H(layout=plain_layout(MarchandsOptions()), lang="en")
    start = h.state.pos[0]
    h.roll("S", 4)
    assert h.scene.cursor == start
    assert h.key("ArrowDown") and h.scene.cursor == (start[0], start[1] + 1)
    assert h.key("ArrowDown") and h.key("ArrowDown") and h.scene.cursor == (start[0], start[1] + 3)
    assert "Cell (" in " ".join(h.scene.take_announcements())
    assert h.key("ArrowUp") and h.scene.cursor == (start[0], start[1] + 2)
    rings = [op for op in h.draw().ops if op[0] == "rrect" and op[7] == "#1f6feb"]
    assert len(rings) == 1
    assert h.key("Enter")
    assert h.log[-1].action == Move((start[0], start[1] + 2))


def test_stay_by_key_and_no_move_said():
    h = H(layout=plain_layout(MarchandsOptions()), lang="en")
    start = h.state.pos[0]
    h.roll("W", 2)
    assert h.key("s")
    assert h.log[-1].action == Move(start)
    h.settle(2.0)
    assert "Lena stays put." in h.screen()


class Stayer(ScriptedAgent):
    """A computer that rolls and then stays put."""

    def choose(self) -> Any:
        st = self.state
        here = Move(st.pos[st.current])
        return here if here in st.legal_actions() else st.legal_actions()[0]


def within_reach_of_marko(normal_target: bool = False, **driver: Any) -> tuple[H, tuple[int, int]]:
    """A game where Lena, first, walks the first leg of an L of two straight moves of at most 4 cells to
    Marko (a computer who stays put) and then rolls the second: (the driver, Marko's cell)."""
    opts = MarchandsOptions()
    for number in range(LAYOUTS):
        board, starts, order = deal(opts, number)
        (x0, y0), (x1, y1) = starts
        corner = (x1, y0)
        if (
            order[0] == 0
            and 0 < abs(x1 - x0) <= 4
            and 0 < abs(y1 - y0) <= 4
            and board.kind(corner) == "normal"
            and (not normal_target or board.kind((x1, y1)) == "normal")
        ):
            break
    h = H(layout=number, **driver)
    h.session._agents[1] = Stayer()
    h.roll("E" if x1 > x0 else "W", abs(x1 - x0))
    assert h.click_cell(corner)
    h.settle(2.0)
    while h.session.busy:
        h.session.advance(1.0)
        h.settle(1.5)
    assert h.state.current == 0 and h.state.phase == "roll"
    h.roll("S" if y1 > y0 else "N", abs(y1 - y0))
    return h, (x1, y1)


def test_landing_on_a_player_steals_half_his_coins_with_coins_flying():
    h, (x1, y1) = within_reach_of_marko()
    assert (x1, y1) in h.scene.targets()
    assert h.click_cell((x1, y1))
    h.scene.update(0.6)
    assert [(f.src, f.dst, f.count) for f in h.scene.flights] == [(1, 0, 1)]
    h.settle(3.0)
    assert h.state.coins == (3, 1)
    assert "Lena prend 1 pièce à Marko." in h.screen()
    assert not out_of_bounds(h.draw(), *DESKTOP)


# --- dialogs ------------------------------------------------------------------------------------------------------------
def test_the_bonus_dialog_offers_the_bonuses_and_submits_one():
    opts = MarchandsOptions(replay_bonus=True)
    number, d, k = find_layout("bonus", opts)
    h = H(layout=number, options=opts)
    start = h.state.pos[0]
    h.roll(d, k)
    dx, dy = STEPS[d]
    h.click_cell((start[0] + dx * k, start[1] + dy * k))
    h.settle(3.0)
    assert h.state.phase == "bonus" and h.scene.dialog_open()
    screen = h.screen()
    assert "Case bonus : choisissez" in screen and "Recevoir 5 pièces" in screen and "Rejouer" in screen
    assert "Votre réserve gagne 5 pièces." in screen
    assert h.key("ArrowDown") and h.scene.shown_focus() == ("item", 0)
    assert h.click_control(("item", 0))
    assert h.log[-1].action == Bonus("coins")
    h.settle(3.0)
    assert h.state.coins[0] == 7
    assert "Lena prend le bonus : Recevoir 5 pièces." in h.screen()
    assert not h.scene.dialog_open()


def test_with_bonus_once_a_bonus_cell_that_served_shows_spent_to_its_player():
    opts = MarchandsOptions(bonus_once=True, replay_bonus=True)
    number, d, k = find_layout("bonus", opts)
    h = H(humans=(True, True), layout=number, options=opts)
    start = h.state.pos[0]
    dx, dy = STEPS[d]
    cell = (start[0] + dx * k, start[1] + dy * k)
    h.roll(d, k)
    veiled = lambda: [op for op in h.draw().ops if op[0] == "rect" and op[5] == SPENT_VEIL]  # noqa: E731
    assert not veiled() and h.scene._board_view(h.state, None).spent == ()
    h.click_cell(cell)
    h.settle(3.0)
    assert h.click_control(h.item("Rejouer").target)  # he plays again: still his turn, the cell spent for him
    h.settle(3.0)
    assert h.state.served_by(0) == (cell,) and h.state.current == 0
    assert h.scene._board_view(h.state, None).spent == (cell,)
    assert len(veiled()) == 1
    other = replace(h.state, turn=h.state.turn + 1)  # the other player's turn: that cell still serves him
    assert h.scene._board_view(other, None).spent == ()


def test_the_merchant_dialog_buys_and_says_why_an_item_is_refused():
    opts = MarchandsOptions()
    number, d, k = find_layout("merchant", opts)
    h = H(layout=number, options=opts, lang="en")
    start = h.state.pos[0]
    h.roll(d, k)
    dx, dy = STEPS[d]
    h.click_cell((start[0] + dx * k, start[1] + dy * k))
    h.settle(3.0)
    assert h.state.phase == "merchant" and h.scene.dialog_open()
    screen = h.screen()
    assert "The merchant (2 coins)" in screen
    four = h.item("Buy a 4-sided die")
    assert not four.enabled and "not enough coins (4 > 2)" in four.sub
    sell = h.item("Sell die 1")
    assert not sell.enabled and "you must keep a direction face" in sell.sub
    n = len(h.log)
    assert h.click(four.rect.cx, four.rect.cy) and len(h.log) == n  # refused, with the reason
    assert "not enough coins (4 > 2)" in " ".join(h.scene.take_announcements())
    # the face replacement in steps: die, face, new face, and back
    assert h.click_control(next(c.target for c in h.scene.controls() if c.go == ("dice",)))
    assert "Replace: which die?" in h.screen()
    assert h.click_control(("item", 1))  # die 2 (the powers)
    assert h.click_control(("item", 0))  # its face 1
    screen = h.screen()
    assert "Die 2, face 1: with what?" in screen and "costs 6 coins · not enough coins (6 > 2)" in screen
    assert h.key("Escape") and h.scene.page == ("faces", 1)
    assert h.click_control(("back",)) and h.click_control(("back",)) and h.scene.page == ("main",)
    two = h.item("Buy a 2-sided die")
    assert two.enabled and two.sub == "costs 2 coins"
    assert h.click(two.rect.cx, two.rect.cy)
    assert h.log[-1].action == Buy(2)
    h.settle(3.0)
    assert h.state.dice[0][-1] == ("1", "1") and h.state.coins[0] == 0
    assert "Lena buys a 2-sided die for 2 coins." in h.screen()


def test_the_merchant_dialog_pages_fit_a_phone():
    opts = MarchandsOptions(multipliers=True)
    number, d, k = find_layout("merchant", opts)
    h = H(layout=number, options=opts, size=PHONE)
    start = h.state.pos[0]
    h.roll(d, k)
    dx, dy = STEPS[d]
    h.click_cell((start[0] + dx * k, start[1] + dy * k))
    h.settle(3.0)
    h.click_control(next(c.target for c in h.scene.controls() if c.go == ("dice",)))
    h.click_control(("item", 0))
    h.click_control(("item", 0))
    box, controls, _, pages = h.scene.dialog_geometry()
    assert box.y >= 0 and box.bottom <= PHONE[1]
    tokens = [c for c in controls if c.target[0] == "item"]
    assert tokens and all(c.rect.bottom <= box.bottom for c in controls)
    for lang in ("fr", "en"):
        h.scene.set_lang(lang)
        assert not out_of_bounds(h.draw(), *PHONE)
    if pages > 1:
        assert h.click_control(("next",)) and h.scene.page_no == 1


# --- callouts: what an arrival did, on the board ------------------------------------------------------------------------
CALLOUTS = {
    "coins": ("+5 pièces", "+5 coins"),
    "tax": ("Impôt : −2 à chacun", "Tax: −2 to everyone"),
    "buy": ("Marchand : achète un dé de 2", "Merchant: bought a 2-face die"),
    "leave": ("Marchand : aucune affaire", "Merchant: no deal"),
    "steal": ("Vol : 1 pièce à Marko", "Stole 1 coin from Marko"),
    "portal": ("Portail → {cell}", "Portal → {cell}"),
}


def walk_onto(kind: str, options: MarchandsOptions, lang: str, size: tuple[float, float] = DESKTOP) -> H:
    """Lena (first to play) rolls and clicks a ``kind`` cell in reach; the pawn is still sliding."""
    number, d, k = find_layout(kind, options)
    h = H(layout=number, options=options, lang=lang, size=size)
    start = h.state.pos[0]
    h.roll(d, k)
    h.scene.take_announcements()
    dx, dy = STEPS[d]
    assert h.click_cell((start[0] + dx * k, start[1] + dy * k))
    return h


def shows_callout(h: H, text: str) -> None:
    """``text`` is a callout now: drawn on the board inside the canvas (desktop and phone), and announced."""
    assert text in h.scene.callout_texts(), h.scene.callout_texts()
    assert text in h.texts()
    assert not out_of_bounds(h.draw(), h.width, h.height)
    assert text in h.scene.take_announcements()


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("choice", "item"), [("coins", 0), ("tax", 1)])
def test_a_bonus_shows_its_callout_by_the_pawn(lang, choice, item):
    h = walk_onto("bonus", MarchandsOptions(), lang)
    h.settle(3.0)
    assert h.state.phase == "bonus" and not h.scene.callout_texts()  # a plain arrival says nothing
    assert h.click_control(("item", item)) and h.log[-1].action == Bonus(choice)
    h.scene.update(0.1)
    text = CALLOUTS[choice][lang == "en"]
    shows_callout(h, text)
    cx, cy = h.scene.board_view().centre(h.state.pos[0])
    tag = next(op for op in h.draw().ops if op[0] == "text" and op[3] == text)
    assert abs(tag[1] - cx) < 120 and abs(tag[2] - cy) < 90  # by the pawn
    # zoomed in far from the pawn: the callout stays on the board, an arrow pointing the way
    view, vp = h.scene.board_view(), h.layout().board
    view.zoom_at(vp.cx, vp.cy, 6)
    x, y = h.state.pos[0]
    view.centre_on((0 if x > 24 else 49, 0 if y > 24 else 49))
    assert not view.visible((x, y))
    tag = next(op for op in h.draw().ops if op[0] == "text" and op[3].endswith(text))
    assert tag[3][0] in "←→↑↓" and vp.x < tag[1] < vp.right and vp.y < tag[2] < vp.bottom
    h.settle(3.0)  # gone after a moment
    assert not h.scene.callout_texts() and text not in h.texts()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_trade_and_a_visit_without_trade_show_their_callouts(lang):
    h = walk_onto("merchant", MarchandsOptions(), lang)
    h.settle(3.0)
    assert h.state.phase == "merchant"
    two = next(c for c in h.scene.controls() if c.action == Buy(2))
    assert h.click(two.rect.cx, two.rect.cy) and h.log[-1].action == Buy(2)
    h.scene.update(0.1)
    shows_callout(h, CALLOUTS["buy"][lang == "en"])
    h = walk_onto("merchant", MarchandsOptions(), lang, size=PHONE)
    h.settle(3.0)
    assert h.click_control(("leave",))
    h.scene.update(0.1)
    shows_callout(h, CALLOUTS["leave"][lang == "en"])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_portal_shows_where_it_led_once_the_pawn_is_there(lang):
    h = walk_onto("portal", MarchandsOptions(portals=True), lang)
    assert not h.scene.callout_texts()  # the pawn is still on its way
    h.settle(1.2)
    text = CALLOUTS["portal"][lang == "en"].format(cell=f"({h.state.pos[0][0]}, {h.state.pos[0][1]})")
    shows_callout(h, text)


@pytest.mark.parametrize(("lang", "size"), [("fr", DESKTOP), ("en", PHONE)])
def test_a_robbery_shows_its_callout(lang, size):
    h, marko = within_reach_of_marko(normal_target=True, lang=lang, size=size)
    h.scene.take_announcements()
    assert h.click_cell(marko)
    h.settle(1.0)
    assert h.state.coins == (3, 1)
    shows_callout(h, CALLOUTS["steal"][lang == "en"])


# --- computers, fast mode, whole matches ---------------------------------------------------------------------------------
def test_computer_steps_are_spaced_and_fast_mode_finishes_animations():
    h = H(humans=(True, False), layout=plain_layout(MarchandsOptions(), first=1))
    assert h.session.busy
    h.session.advance(1.0)  # the computer rolls
    assert not h.scene.ready()
    h.scene.update(0.2)
    assert not h.scene.ready()
    h.scene.set_fast(True)
    assert h.scene.ready()
    while h.session.busy:
        h.session.advance(1.0)
    h.draw()
    h.scene.set_fast(False)
    assert h.scene.ready()
    said = " ".join(h.scene.take_announcements())
    assert "Marko obtient" in said


@pytest.mark.parametrize(("players", "size", "extras"), [(2, 50, False), (3, 51, True), (4, 50, True)])
def test_a_computer_match_plays_through_the_scene_at_both_sizes_and_languages(players, size, extras):
    opts = MarchandsOptions(
        players=players, size=size, round_limit=6, portals=extras, multipliers=extras, replay_bonus=extras
    )
    h = H(humans=(False,) * players, options=opts, seed=f"match-{players}")
    frames = h.play_through((DESKTOP, PHONE), 4, lambda steps: "en" if steps % 8 else "fr")
    h.settle(3.0)
    assert frames > 10
    winners = h.state.outcome().winners
    for lang in ("fr", "en"):
        h.scene.set_lang(lang)
        for w, hh in (DESKTOP, PHONE):
            dl = h.draw(w, hh)
            assert not out_of_bounds(dl, w, hh)
        screen = h.screen()
        if lang == "fr":
            assert "Partie terminée" in screen and "Limite de 6 tours atteinte." in screen
            assert ("Personne ne gagne" in screen) == (not winners)
        else:
            assert "Game over" in screen and "power" in screen
    said = " ".join(h.scene.take_announcements())
    assert "wins!" in said or "gagne !" in said or "Nobody wins" in said or "Personne ne gagne" in said


def test_a_human_match_ends_with_the_banner_at_phone_size():
    h = H(humans=(True, False), size=PHONE, options=MarchandsOptions(round_limit=2), lang="en")
    h.scene.set_fast(True)
    while not h.session.over:
        if h.session.human_to_move:
            legal = h.session.legal()
            h.session.submit(legal[-1])
        else:
            h.session.advance(1.0)
    h.scene.set_fast(False)
    h.settle(2.0)
    screen = h.screen()
    assert "Game over" in screen and ("wins!" in screen or "Nobody wins" in screen)
    assert not out_of_bounds(h.draw(), *PHONE)
    assert not h.scene.controls() or all(c.target[0] == "zoom" for c in h.scene.controls())
    assert not h.key(" ")


def test_the_app_opens_marchands_through_the_registry(monkeypatch):
    from dicehall.app.app import App
    from dicehall.app.storage import MemoryStorage
    from dicehall.core import registry

    catalogue = tuple(
        g.replace(module="dicehall.games.marchands") if g.id == "marchands" else g for g in registry.CATALOGUE
    )
    monkeypatch.setattr(registry, "CATALOGUE", catalogue)
    app = App(MemoryStorage(), {"lang": "fr-FR", "params": {}, "width": 1000, "height": 700, "embedded": True})
    app.input({"type": "cmd", "cmd": "open", "arg": "marchands"})
    assert [s["kind"] for s in app.form.seats] == ["human", "ai"]
    app.input({"type": "cmd", "cmd": "start"})
    assert app.session is not None and app.session.game.id == "marchands"
    dl = DisplayList()
    app.scene.draw(dl, 1000, 700)
    assert dl.ops[0][0] == "clear"


def test_on_a_phone_the_move_zooms_round_the_pawn_and_a_tap_goes():
    h = H(layout=plain_layout(MarchandsOptions()), size=PHONE)
    h.draw()
    view = h.scene.board_view()
    assert view.fitted and view.cell_px < 10
    start = h.state.pos[0]
    h.roll("N", 3)
    assert view.cell_px >= 20 and view.visible(start)
    assert all(view.visible(c) for c in h.scene.targets())
    goal = (start[0], start[1] - 3)
    r = view.cell_rect(goal)
    h.scene.on_input(InputEvent("pointerdown", r.cx, r.cy, pointer="touch", id=7))
    h.scene.on_input(InputEvent("pointerup", r.cx + 2, r.cy + 1, pointer="touch", id=7))
    assert h.log[-1].action == Move(goal)
    assert not out_of_bounds(h.draw(), *PHONE)


def test_on_a_phone_every_target_is_32_px_and_marked_by_a_shape():
    h = H(layout=plain_layout(MarchandsOptions()), size=PHONE)
    h.draw()
    view = h.scene.board_view()
    start = h.state.pos[0]
    h.roll("E", 4)  # reach 4: the cells of the move fit at 32 px
    assert view.cell_px >= 32 - 1e-9 and all(view.visible(c) for c in h.scene.targets())
    dots = [op for op in h.draw().ops if op[0] == "circle" and op[4] is not None]  # filled
    centres = {(round(op[1]), round(op[2])) for op in dots}
    for cell in h.scene.targets():
        if cell != start:
            cx, cy = view.centre(cell)
            assert (round(cx), round(cy)) in centres, cell  # a dot, not a colour alone


def test_a_tap_that_misses_a_small_target_by_a_little_still_takes_it():
    h = H(layout=plain_layout(MarchandsOptions()), size=DESKTOP)
    h.draw()
    view = h.scene.board_view()
    start = h.state.pos[0]
    h.roll("S", 2)
    assert view.cell_px < 32  # the desktop board stays fitted
    goal = (start[0], start[1] + 2)
    cx, cy = view.centre(goal)
    x = cx + view.cell_px * 0.5 + 6  # beside the cell, 6 px past its edge, nearer it than any other target
    assert h.scene._target(x, cy) == ("cell", goal)
    assert h.click(x, cy) and h.log[-1].action == Move(goal)


def overlap(a: Any, b: Any) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


@pytest.mark.parametrize("size", [DESKTOP, PHONE])
def test_the_zoom_buttons_never_cover_the_board_and_a_pawn_on_the_top_edge_shows_whole(size):
    w, hh = size
    for players in (2, 3, 4):  # the layout alone: the buttons sit beside the board's viewport, big enough
        h = H(humans=(True,) + (False,) * (players - 1), size=size)
        lay = h.layout()
        zoom = [c.rect for c in h.scene.controls() if c.target[0] == "zoom"]
        assert len(zoom) == 3 and set(zoom) == set(lay.zoom)
        for r in zoom:
            assert not overlap(r, lay.board), (players, r, lay.board)
            assert r.w >= 40 and r.h >= 40 and 0 <= r.x and r.right <= w and 0 <= r.y and r.bottom <= hh
    opts = MarchandsOptions()
    number = next(n for n in range(LAYOUTS) if deal(opts, n)[1][0] == (45, 0) and deal(opts, n)[2][0] == 0)
    h = H(layout=number, size=size)
    h.draw()
    view = h.scene.board_view()
    assert view.fitted
    h.roll("E", 4)  # on a phone the view zooms in round the pawn for the choice of a cell
    pawn = (45, 0)
    assert h.state.pos[0] == pawn and h.state.phase == "move"
    lay = h.layout()
    vp = lay.board
    controls = [c.rect for c in h.scene.controls()]
    assert not any(overlap(r, vp) for r in controls)
    x, y = view.centre(pawn)
    assert vp.contains(x, y) and view.visible(pawn)
    assert not any(r.contains(x, y) or overlap(r, view.cell_rect(pawn)) for r in controls)
    targets = h.scene.targets()
    assert len(targets) > 1 and all(view.visible(c) for c in targets)
    if size == PHONE:
        assert not view.fitted and view.cell_px >= 20
        # past the board's edges by a margin: the pawn is well inside, near the centre, not in a corner
        assert abs(x - vp.cx) <= view.cell_px and y - vp.y >= vp.h / 4 and abs(y - vp.cy) <= vp.h / 4
    assert not out_of_bounds(h.draw(), w, hh)
    goal = (47, 0)
    assert goal in targets and h.click_cell(goal)
    assert h.log[-1].action == Move(goal)
