"""The Paradice screen without a browser: the board's layer sent once then named, the zones at desktop and
phone sizes, a human turn by keys (Space, arrows at a crossing, O/N) and by clicks, the messages of bis
repetita, relance, ladder, tirelire and jackpot, selling by keys, the route viewer, the event viewer and
the statistics views through ``command``, both languages, the end banner and the draw cost."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from dicehall.app.session import Session
from dicehall.core.protocol import NodeKind, step
from dicehall.core.save import Seat
from dicehall.games.paradice import GAME, Buy, Decline, Dice, Go, ParadiceOptions, Sell
from dicehall.games.paradice import texts as tx
from dicehall.games.paradice.board import (
    BIS,
    COPY_CELLS,
    EVENT,
    JACKPOT,
    JUMP,
    KIND,
    LADDER,
    RELANCE,
    ROUTES,
    START_CELL,
    TIRELIRE,
    neighbour,
    xy,
)
from dicehall.games.paradice.rules import NOBODY, ParadiceState
from dicehall.games.paradice.scene import make_scene
from dicehall.games.paradice.scene_layout import BLOCKS
from dicehall.games.paradice.scene_stats import STATS_VIEWS
from dicehall.games.paradice.spec import COLOURS
from dicehall.ui.canvas import DisplayList
from dicehall.ui.scene import InputEvent, SceneContext

from .conftest import SceneDriver, mismatched_texts, out_of_bounds

FRUITS = tuple(name for _, _, name, _ in COLOURS)  # the seats' French names, in turn order
HUES = tuple(hue for _, hue, _, _ in COLOURS)
DESKTOP, PHONE = (1200, 800), (390, 800)


class StateSession:
    """A session over a hand-made state (every seat human): the scene sees its steps like a real one's."""

    def __init__(self, state: ParadiceState, names: tuple[str, ...] = FRUITS) -> None:
        self.state = state
        self.seats = [Seat(names[i]) for i in range(state.num_players)]
        self._listeners: list[Any] = []
        self.log: list[Any] = []

    def subscribe(self, on_entry: Any, on_reset: Any) -> None:
        self._listeners.append(on_entry)

    @property
    def to_move(self) -> int | None:
        return self.state.to_move if self.state.kind is NodeKind.DECISION else None

    @property
    def human_to_move(self) -> bool:
        return self.to_move is not None

    @property
    def human_seats(self) -> list[int]:
        return list(range(self.state.num_players))

    def plays_here(self, seat: int) -> bool:
        return not self.seats[seat].is_ai

    @property
    def over(self) -> bool:
        return self.state.kind is NodeKind.TERMINAL

    @property
    def busy(self) -> bool:
        return self.state.kind is NodeKind.CHANCE

    def legal(self) -> tuple[Any, ...]:
        return tuple(self.state.legal_actions()) if self.human_to_move else ()

    def _apply(self, action: Any) -> None:
        before = self.state
        self.state = step(before, action)
        entry = type("Entry", (), {"action": action, "by": 0})()
        self.log.append(action)
        for listener in self._listeners:
            listener(entry, before, self.state)

    submit = _apply
    force = _apply


class H(SceneDriver):
    def __init__(
        self,
        humans: tuple[bool, ...] = (True, False),
        lang: str = "fr",
        size: tuple[float, float] = DESKTOP,
        options: ParadiceOptions | None = None,
        state: ParadiceState | None = None,
        speed: str = "normal",
    ) -> None:
        ctx = SceneContext(lang=lang, colours=HUES[: len(humans)], settings={"speed": speed})
        if state is not None:
            self.session = StateSession(state)
        else:
            seats = [Seat(FRUITS[i]) if human else Seat(FRUITS[i], "ai", "easy") for i, human in enumerate(humans)]
            options = options or ParadiceOptions(players=len(humans))
            self.session = Session.new(GAME, options, seats, "scene-seed")
        self.scene = make_scene(self.session, ctx)
        self.width, self.height = size
        self.scene.resize(*size)
        self.settle(0.2)

    @property
    def log(self) -> list[Any]:
        if isinstance(self.session, StateSession):
            return self.session.log
        return [e.action for e in self.session.match.log]

    def key(self, key: str, code: str = "") -> bool:
        return self.scene.on_input(InputEvent("key", key=key, code=code))

    def roll(self, a: int, b: int) -> None:
        """A human stops the dice with Space, then the dice land on (a, b)."""
        assert not self.scene.ready()
        assert self.key(" ", "Space")
        assert self.scene.ready()
        self.session.force(Dice(a, b))
        self.settle(8.0)


def walk_from(seat: int, target: int, n: int) -> int:
    """A cell from which seat ``seat``, moving ``n`` cells, reaches ``target`` with no crossing on the way."""
    for start, dirs in ROUTES[seat].items():
        here, ok = start, True
        for _ in range(n):
            d = ROUTES[seat][here]
            if len(d) != 1:
                ok = False
                break
            here = neighbour(here, d)
        if ok and here == target and start != START_CELL:
            return start
    raise AssertionError(f"no straight walk of {n} to {xy(target)}")


def landing(kind: str, seat: int = 0, n: int = 4) -> tuple[int, int]:
    """(start, target): a ``kind`` cell that seat ``seat`` reaches in ``n`` cells without crossing."""
    for target, k in KIND.items():
        if k != kind:
            continue
        try:
            return walk_from(seat, target, n), target
        except AssertionError:
            continue
    raise AssertionError(f"no {kind} cell reachable in {n}")


def placed(players: int = 2, seat: int = 0, cell: int = START_CELL, **changes: Any) -> ParadiceState:
    st = ParadiceState.initial(ParadiceOptions(players=players))
    pawns = tuple(cell if p == seat else START_CELL for p in range(players))
    return replace(st, current=seat, pawns=pawns, **changes)


# --- texts --------------------------------------------------------------------------------------------------
def test_every_text_has_both_languages_with_the_same_fields():
    assert not mismatched_texts(tx.TEXTS)


def test_every_text_the_scene_names_exists():
    import dicehall.games.paradice as pkg

    used = set()
    for path in Path(pkg.__file__).parent.glob("scene*.py"):
        used |= set(re.findall(r'tx\.t\([^,()]+, "([a-z_A-Z0-9]+)"', path.read_text(encoding="utf-8")))
    assert len(used) > 30
    assert not sorted(k for k in used if k not in tx.TEXTS)


# --- drawing ------------------------------------------------------------------------------------------------
def test_the_board_layer_is_sent_once_then_named():
    h = H()
    first = [op for op in h.draw().ops if op[0] == "layer"]
    second = [op for op in h.draw().ops if op[0] == "layer"]
    assert len(first) == len(second) == 1
    assert first[0][5] is not None and len(first[0][5]) > 300  # the 81 cells and their pictures
    assert second[0][5] is None and second[0][1] == first[0][1]


@pytest.mark.parametrize("size", [DESKTOP, PHONE, (844, 390), (800, 1100)])
def test_the_zones_are_on_the_canvas_and_in_the_boards_empty_blocks(size):
    h = H(humans=(True, False, False, False, False, False), size=size)
    dl = h.draw()
    assert dl.ops[0][0] == "clear"
    assert not out_of_bounds(dl, *size)
    lay = h.layout()
    shared = lay.stats != lay.block("stats")  # the statistics share the messages' box (a phone upright)
    if shared:
        assert lay.compact and lay.stats.y == lay.messages.y and lay.stats.h == lay.messages.h
        assert lay.stats.x >= lay.messages.right
        assert lay.stats.y >= lay.board.bottom or lay.stats.x >= lay.board.right  # off the board
    for name in (
        ("dice", "jackpot") + (() if shared else ("stats",)) + (() if lay.compact else ("scores", "events", "messages"))
    ):
        x0, y0, x1, y1 = BLOCKS[name]
        r = getattr(lay, name)
        assert lay.board.x + x0 * lay.cell <= r.x and r.right <= lay.board.x + (x1 + 1) * lay.cell + 0.01
        assert lay.board.y + y0 * lay.cell <= r.y and r.bottom <= lay.board.y + (y1 + 1) * lay.cell + 0.01
    assert lay.compact == (size[0] < 700 or size[1] < 700)
    if lay.compact:  # below or beside the board, not over it
        for r in (lay.scores, lay.messages, lay.events):
            assert r.y >= lay.board.bottom or r.x >= lay.board.right
        assert lay.buttons[0].h >= 44  # a fingertip
    screen = h.screen()
    for name in FRUITS:
        assert name in screen
    assert "Jackpot" in screen and "100\u202f000" in screen


# --- a human turn -------------------------------------------------------------------------------------------
def test_a_human_turn_by_keys_space_arrows_and_yes():
    h = H()
    assert "[Espace]" in h.screen()
    h.roll(1, 2)  # from the start every direction is open: a choice at once
    assert h.state.phase == "direction"
    assert "Reste 3" in h.screen()
    while h.state.phase == "direction":
        d = ROUTES[0][h.state.pawn][0]
        key = {"N": "ArrowUp", "E": "ArrowRight", "S": "ArrowDown", "W": "ArrowLeft"}[d]
        assert h.key(key)
        assert h.log[-1] == Go(d)
        h.settle(4.0)
    if h.state.phase == "buy":
        assert h.scene.buttons() and "[O]ui" in h.screen()
        assert h.key("o")
        assert h.log[-1] == Buy()


def test_a_refused_direction_is_explained_and_n_declines():
    start, target = landing(EVENT, 0, 3)
    h = H(state=placed(seat=0, cell=start))
    h.roll(1, 2)
    assert h.state.phase == "buy"
    assert "7\u202f500" not in h.screen()  # 2 players: 2 500
    assert "2\u202f500" in h.screen()
    assert h.key("n")
    assert h.log[-1] == Decline()
    h.settle(3.0)
    assert "jackpot" in h.screen()


def test_a_click_on_a_direction_arrow_goes_and_a_wrong_arrow_key_says_why():
    h = H()
    h.roll(2, 2)
    assert h.state.phase == "direction"
    legal = ROUTES[0][h.state.pawn]
    assert h.draw() and len([op for op in h.draw().ops if op[0] == "poly"]) >= len(legal)
    r = h.scene.arrow_rect(legal[-1])
    assert h.click(r.cx, r.cy)
    assert h.log[-1] == Go(legal[-1])
    h.settle(4.0)
    if h.state.phase == "direction":
        wrong = next(d for d in "NESW" if d not in ROUTES[0][h.state.pawn])
        key = {"N": "ArrowUp", "E": "ArrowRight", "S": "ArrowDown", "W": "ArrowLeft"}[wrong]
        assert h.key(key)
        assert h.scene.flash is not None and "Myrtille" in h.scene.flash[0]


def test_the_pawn_walks_cell_by_cell_at_the_chosen_speed():
    start, target = landing(EVENT, 0, 4)
    h = H(state=placed(seat=0, cell=start), speed="slow")
    assert h.key(" ", "Space")
    h.session.force(Dice(1, 3))
    seen = []
    for _ in range(60):  # 3 s: the dice (2 × 0.5 s) then 4 cells of 0.5 s
        h.scene.update(0.05)
        at = h.scene.pawn_cell(0)
        if at == (round(at[0]), round(at[1])) and (not seen or seen[-1] != at):
            seen.append(at)
    assert len(seen) == 5 and seen[-1] == xy(target)
    assert not h.scene.ready() or h.state.phase == "buy"


def test_a_computer_stops_its_dice_by_itself_and_is_paced():
    h = H(humans=(False, True))
    assert not h.scene.ready()
    h.settle(1.2)
    assert h.scene.ready()  # 5 cells at 200 ms: the dice stopped
    h.session.advance(1.0)
    assert not h.scene.ready()


# --- the cells' effects, explained --------------------------------------------------------------------------
def test_bis_repetita_relance_and_ladder_are_explained():
    start, target = landing(BIS, 0, 4)
    h = H(state=placed(seat=0, cell=start))
    h.roll(2, 2)
    assert "Bis repetita" in h.screen()

    start, target = landing(RELANCE, 0, 4)
    h = H(state=placed(seat=0, cell=start))
    h.roll(1, 3)
    assert "Relance" in h.screen() and h.state.phase == "roll"
    assert not h.scene.ready()  # the new dice wait for Space again

    start, target = landing(LADDER, 0, 4)
    h = H(state=placed(seat=0, cell=start))
    h.roll(3, 1)
    assert "Échelle" in h.screen()
    assert h.state.pawns[0] == JUMP[target]
    assert h.scene.pawn_cell(0) == xy(JUMP[target])


def test_tirelire_and_jackpot_are_explained_and_payments_named_per_creditor():
    owners = tuple(1 for _ in COPY_CELLS)  # Framboise owns every event: every roll pays
    start, target = landing(TIRELIRE, 0, 4)
    h = H(state=placed(seat=0, cell=start, owners=owners))
    h.roll(2, 2)
    assert "Tirelire" in h.screen() and h.state.jackpot > 0

    start, target = landing(JACKPOT, 0, 4)
    h = H(state=placed(seat=0, cell=start, jackpot=5000))
    h.roll(2, 2)
    assert "Jackpot ! Myrtille remporte 5\u202f000." in h.screen()
    assert h.state.last_win == (5000, 0)

    start, target = landing(RELANCE, 0, 4)
    owners = tuple(1 if i % 2 else NOBODY for i in range(len(COPY_CELLS)))
    h = H(state=placed(players=3, seat=0, cell=start, owners=owners), lang="en")
    h.roll(2, 2)
    assert "Myrtille pays" in h.screen() and "to Framboise" in h.screen()


# --- selling ------------------------------------------------------------------------------------------------
def test_selling_by_keys_v_and_s_and_by_a_click():
    start, target = landing(EVENT, 0, 6)
    mine = COPY_CELLS[2:8]  # Produit ×2, Ecart ×2, Rapport ×2
    owners = tuple(0 if c in mine else 1 if c in COPY_CELLS[:2] else NOBODY for c in COPY_CELLS)
    balances = (200, 100_000)
    h = H(state=placed(seat=0, cell=start, owners=owners, balances=balances))
    h.roll(3, 3)
    assert h.state.phase == "sell", h.state.phase
    screen = h.screen()
    assert "il lui manque" in screen and "[V]" in screen
    first = h.scene.offer()
    assert h.key("s")
    assert h.scene.offer() != first
    assert h.key("v")
    assert isinstance(h.log[-1], Sell)
    h.settle(4.0)
    if h.state.phase == "sell":
        cell = h.state.copies_of(0)[0]
        h.draw()
        r = h.layout().cell_rect(*xy(cell))
        assert h.click(r.cx, r.cy)
        assert h.log[-1] == Sell(*xy(cell))


# --- overlays and commands ----------------------------------------------------------------------------------
def test_the_route_viewer_toggles_by_key_command_escape_and_click():
    h = H()
    assert h.key("2")
    assert h.scene.route_seat == 1 and "Parcours de Framboise" in h.screen()
    assert h.key("2")
    assert h.scene.route_seat is None
    assert h.scene.command("route", 0)
    assert "Parcours de Myrtille" in h.screen()
    assert h.key("Escape") and h.scene.route_seat is None
    h.scene.command("route", 1)
    assert h.click(5, 5) and h.scene.route_seat is None
    assert not h.scene.command("route", 5)  # two players


def test_the_event_viewer_opens_by_command_and_key_and_closes():
    h = H()
    assert h.scene.command("events", None)
    assert h.scene.viewer is not None
    h.draw()
    assert h.key("Escape") and h.scene.viewer is None
    assert h.key("e") and h.scene.viewer is not None
    h.draw()
    assert h.click(2, 2) and h.scene.viewer is None  # outside the card


def test_the_stats_view_and_format_switch_by_command_and_by_the_panels_tabs():
    h = H()
    assert (h.scene.stats_view, h.scene.stats_percent) == ("turn", True)
    for view in STATS_VIEWS:
        assert h.scene.command("stats", view)
        assert h.scene.stats_view == view
        assert not out_of_bounds(h.draw(), *DESKTOP)
    assert h.scene.command("percent", False) and h.scene.stats_percent is False
    assert not h.scene.command("stats", "nonsense")
    h.draw()
    (x, y, w, hh), _, _ = next(hit for hit in h.scene.stats_hits if hit[1:] == ("stats", "rolls"))
    assert h.click(x + w / 2, y + hh / 2)
    assert h.scene.stats_view == "rolls"


def test_both_languages():
    h = H(lang="en")
    assert "[Space]" in h.screen() and "Round 1" in h.screen()
    h.scene.set_lang("fr")
    assert "[Espace]" in h.screen() and "Tour 1" in h.screen()


# --- whole games and the end --------------------------------------------------------------------------------
def test_a_computer_match_plays_through_the_scene_to_the_banner_at_both_sizes():
    h = H(humans=(False, False, False), options=ParadiceOptions(players=3, round_limit=4))
    frames = h.play_through((DESKTOP, PHONE), 5, lambda k: "fr" if k % 2 else "en")
    assert frames > 10
    h.settle(2.0)
    assert h.scene.ready()
    h.scene.set_lang("fr")
    screen = h.screen()
    assert "gagne" in screen and "1. " in screen and "Limite de 4 tours" in screen
    assert not out_of_bounds(h.draw(*PHONE), *PHONE)


def test_fast_mode_shows_every_step_at_once():
    h = H(humans=(False, False), options=ParadiceOptions(players=2, round_limit=2))
    h.scene.set_fast(True)
    while not h.session.over:
        assert h.scene.ready()
        h.session.advance(1.0)
        h.scene.update(0.01)
    assert not h.scene.beats and h.scene.banner is not None


def test_the_end_banner_can_be_put_aside_to_read_the_final_board():
    h = H(humans=(False, False), options=ParadiceOptions(players=2, round_limit=2))
    h.scene.set_fast(True)
    while not h.session.over:
        h.session.advance(1.0)
        h.scene.update(0.01)
    h.settle(1.0)
    assert h.scene.banner_shown() and "Cliquez ou Échap" in h.screen()
    x, y = h.scene.layout().board.x + 5, h.scene.layout().board.y + 5  # a corner of the board
    h.scene.on_input(InputEvent("pointerdown", x=x, y=y, button=0, pointer="mouse"))
    h.scene.on_input(InputEvent("pointerup", x=x, y=y, button=0, pointer="mouse"))
    assert not h.scene.banner_shown()
    assert "Cliquez ou Échap" not in h.screen()
    assert h.key("Enter") and h.scene.banner_shown()
    assert h.key("Escape") and not h.scene.banner_shown()
    assert h.scene.viewer is None, "putting the banner aside opens nothing else"


def test_the_real_session_rolls_only_after_space():
    h = H(humans=(True, False))
    assert h.session.busy and not h.scene.ready()
    h.settle(2.0)
    assert not h.scene.ready()
    dice = next(op for op in h.draw().ops if op[0] == "rrect")
    assert dice
    r = h.layout().dice
    assert h.click(r.cx, r.cy)  # a tap on the dice stops them
    assert h.scene.ready()
    h.session.advance(1.0)
    assert isinstance(h.log[-1], Dice)


def test_the_messages_zone_keeps_the_newest_lines_when_they_do_not_fit():
    h = H(humans=(False, False), size=PHONE)
    for _ in range(30):
        while not (h.session.busy and h.scene.ready()):
            h.scene.update(0.05)
        h.session.advance(1.0)
    h.settle(1.0)
    lines = h.scene.recent_lines()
    if lines:
        assert lines[-1].split()[0] in h.screen()
    dl = DisplayList()
    h.scene.draw(dl, *PHONE)
    assert not out_of_bounds(dl, *PHONE)


def test_a_bis_repetita_walk_is_shown_as_two_legs_from_the_rules_trail():
    from dataclasses import replace

    from dicehall.games.paradice.actions import Dice
    from dicehall.games.paradice.board import cell, xy
    from dicehall.games.paradice.rules import ParadiceState
    from dicehall.games.paradice.scene_steps import trace

    before = ParadiceState.initial()
    before = replace(before, pawns=(cell(1, 0),) + before.pawns[1:])
    after = before.apply(Dice(1, 3))  # Myrtille: 4 cells to the bis repetita (0, 3), 4 more to (1, 6)
    traced = trace(before, after, Dice(1, 3))
    assert [[xy(c) for c in leg] for leg in traced.legs] == [
        [(0, 0), (0, 1), (0, 2), (0, 3)],
        [(0, 4), (0, 5), (0, 6), (1, 6)],
    ]
    assert [e.kind for e in traced.events] == ["roll", "bis"] and traced.landed
