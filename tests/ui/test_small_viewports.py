"""Every screen of every game draws at any size, from a 240×240 phone held either way (the canvas is the
viewport less the 48 px toolbar) to a desktop, and what it draws is paintable: finite numbers, no negative
size, radius or line width, a rounded rectangle's radius at most half its shorter side, fonts of 1 px or
more (a browser's ``roundRect`` and ``arc`` throw on a negative radius, which stopped the page). The games
are played a few plies (dice, decisions, animations under way), through their overlays (Paradice's
statistics views, event viewer and route viewer, opened as the menu does), and to the end banner.

Fitting a line costs a bounded number of measurements whatever its length (a seat name of 100,000
characters froze the page)."""

from __future__ import annotations

import math
import random
import re
import sys
from typing import Any

import pytest

from dicehall.app.session import Session
from dicehall.core import registry
from dicehall.core.save import Seat
from dicehall.ui import paint, widgets
from dicehall.ui.canvas import DisplayList
from dicehall.ui.geometry import Rect
from dicehall.ui.scene import InputEvent, SceneContext

from .conftest import SceneDriver

# viewports (and their canvases, 48 px lower: the toolbar), odd sizes, and sizes below any real screen
SIZES = [
    (240, 240),
    (240, 192),
    (240, 800),
    (300, 340),
    (300, 292),
    (340, 380),
    (340, 332),
    (390, 844),
    (568, 272),
    (800, 240),
    (800, 192),
    (1280, 800),
    (241, 257),
    (257, 241),
    (1, 1),
    (0, 0),
]
SCREEN = (240, 192)  # from this canvas up (a 240×240 viewport), nothing is drawn off the canvas
PLAYERS = {"paradice": 4, "indecix": 2, "charidice": 3, "roudalon": 4, "marchands": 3}
OPTIONS = {"paradice": {"round_limit": 3}, "marchands": {"round_limit": 2}, "roudalon": {"parties": 1}}
COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#7b1fa2", "#00838f", "#6d4c41")
NAMES = ("Lena", "Marko", "Zoé", "Hugo", "Ana", "Théo")
FONT_PX = re.compile(r"(-?[\d.]+)px")


# --- the checker over the display-list ops of docs/page-api.md ----------------------------------------------
def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _size(v: Any) -> bool:
    return _num(v) and v >= 0


def _colour(v: Any) -> bool:
    return v is None or isinstance(v, str)


def _op_ok(op: list) -> bool:
    kind, a = op[0], op[1:]
    if kind == "clear":
        return isinstance(a[0], str)
    if kind == "rect":
        return all(map(_num, a[:2])) and _size(a[2]) and _size(a[3])
    if kind == "rrect":
        x, y, w, h, r, _, _, width = a
        return _num(x) and _num(y) and _size(w) and _size(h) and _size(r) and r <= min(w, h) / 2 and _size(width)
    if kind == "circle":
        return _num(a[0]) and _num(a[1]) and _size(a[2]) and _size(a[5])
    if kind == "line":
        return all(map(_num, a[:4])) and _size(a[5])
    if kind == "poly":
        return len(a[0]) >= 2 and len(a[0]) % 2 == 0 and all(map(_num, a[0])) and _size(a[3])
    if kind == "text":
        size = FONT_PX.search(a[3])
        return (
            _num(a[0])
            and _num(a[1])
            and isinstance(a[2], str)
            and size is not None
            and float(size.group(1)) >= 1
            and a[5] in ("left", "center", "right")
            and (len(a) < 8 or a[7] is None or _size(a[7]))
        )
    if kind in ("save", "restore"):
        return True
    if kind == "alpha":
        return _num(a[0]) and 0 <= a[0] <= 1
    if kind in ("translate", "scale"):
        return _num(a[0]) and _num(a[1])
    if kind == "rotate":
        return _num(a[0])
    if kind == "clip":
        return _num(a[0]) and _num(a[1]) and _size(a[2]) and _size(a[3])
    if kind == "shadow":
        return _colour(a[0]) and _size(a[1]) and _num(a[2]) and _num(a[3])
    if kind == "dash":
        return all(map(_size, a[0]))
    if kind == "layer":
        return isinstance(a[0], str) and _size(a[1]) and _size(a[2]) and _num(a[3]) and a[3] > 0
    return False  # an op the host does not know


def unpaintable(ops: list[list]) -> list[list]:
    """The ops a browser could not paint as given (see the module docstring), layers' content included."""
    bad = []
    for op in ops:
        try:
            ok = _op_ok(op)
        except (IndexError, TypeError, ValueError):
            ok = False
        if not ok:
            bad.append(op)
        elif op[0] == "layer" and op[5] is not None:
            bad += unpaintable(op[5])
    return bad


def off_canvas(ops: list[list], w: float, h: float, slack: float = 1.0) -> list[list]:
    """The ops that reach outside the ``w``×``h`` canvas (by more than ``slack`` px), following save / restore,
    translate and scale (a picture drawn scaled down); what is drawn rotated (a spinning die) is not
    checked. Texts are measured with the toolkit's width estimate, at the size they were fitted at."""
    bad: list[list] = []
    tx = ty = 0.0
    k = 1.0
    turned = False
    stack = []
    for op in ops:
        kind = op[0]
        if kind == "save":
            stack.append((tx, ty, k, turned))
        elif kind == "restore":
            tx, ty, k, turned = stack.pop()
        elif kind == "translate":
            tx, ty = tx + op[1] * k, ty + op[2] * k
        elif kind == "scale":
            k *= op[1]
        elif kind == "rotate":
            turned = True
        elif not turned and kind in ("rect", "rrect", "circle", "line", "poly", "text"):
            if kind in ("rect", "rrect"):
                box = (op[1], op[2], op[1] + op[3], op[2] + op[4])
            elif kind == "circle":
                box = (op[1] - op[3], op[2] - op[3], op[1] + op[3], op[2] + op[3])
            elif kind == "line":
                box = (min(op[1], op[3]), min(op[2], op[4]), max(op[1], op[3]), max(op[2], op[4]))
            elif kind == "poly":
                box = (min(op[1][0::2]), min(op[1][1::2]), max(op[1][0::2]), max(op[1][1::2]))
            else:
                size = float(FONT_PX.search(op[4]).group(1))  # rounded to whole px: fitted at up to 0.5 px less
                width = widgets.text_width(op[3], max(1.0, size - 0.5), "bold" if "bold" in op[4] else "normal")
                x0 = {"left": op[1], "center": op[1] - width / 2, "right": op[1] - width}[op[6]]
                y0 = op[2] - {"top": 0.0, "middle": size / 2}.get(op[7], size)
                box = (x0, y0, x0 + width, y0 + size)
            x0, y0, x1, y1 = box
            if tx + x0 * k < -slack or ty + y0 * k < -slack or tx + x1 * k > w + slack or ty + y1 * k > h + slack:
                bad.append(op)
    return bad


def test_the_checker_catches_what_a_browser_refuses():
    assert not unpaintable(
        [
            ["rrect", 0, 0, 10, 8, 4, "#fff", None, 1],
            ["circle", 1, 1, 0, None, "#000", 2],
            ["text", 1, 2, "a", "bold 9px x", "#000", "left", "middle"],
            ["dash", []],
        ]
    )
    for op in (
        ["rrect", 0, 0, 10, 8, -1, "#fff", None, 1],
        ["rrect", 0, 0, 10, 8, 4.5, "#fff", None, 1],
        ["rrect", 0, 0, -2, 8, 0, "#fff", None, 1],
        ["circle", 1, 1, -0.5, None, "#000", 2],
        ["line", 0, 0, float("nan"), 1, "#000", 1],
        ["text", 1, 2, "a", "bold 0px x", "#000", "left", "middle"],
        ["poly", [0, 0, 1], "#000", None, 1],
        ["line", 0, 0, 1, 1, "#000", -1],
    ):
        assert unpaintable([op]) == [op]
    assert unpaintable([["layer", "k", 10, 10, 1, [["circle", 0, 0, -1, "#000", None, 1]]]])


def test_the_display_list_clamps_what_it_is_given():
    dl = DisplayList()
    dl.rrect(5, 5, -9.9, 4, -1.8, "#fff", "#000", -1)
    dl.rrect(0, 0, 6.2, 16.2, 5.4, "#fff")
    dl.circle(1, 1, -0.8, "#fff", None, -2)
    dl.rect(0, 0, -3, 2, "#fff")
    dl.line(0, 0, 1, 1, "#000", -3)
    dl.text(float("nan"), 0, "x", "9px a", "#000")
    dl.circle(float("inf"), 0, 3, "#fff")
    dl.clip(0, 0, -1, float("nan"))
    assert not unpaintable(dl.ops)
    assert dl.ops[0][3:6] == [0.0, 4, 0.0] and dl.ops[1][5] == 3.1 and dl.ops[2][3] == 0.0
    assert [op[0] for op in dl.ops] == ["rrect", "rrect", "circle", "rect", "line", "clip"]


def test_fonts_are_never_below_one_pixel():
    from dicehall.ui.theme import font

    assert font(-3).startswith("normal 1px") and font(0.2, "bold").startswith("bold 1px")
    assert font(float("nan")).startswith("normal 1px") and font(13.6).startswith("normal 14px")


# --- every game at every size ---------------------------------------------------------------------------------
class Game(SceneDriver):
    """A session of ``game_id`` with seat 0 human when ``human`` (the others computers), and its scene."""

    def __init__(self, game_id: str, human: bool, lang: str = "fr", names: tuple[str, ...] = NAMES) -> None:
        game = registry.load(game_id)
        n = PLAYERS[game_id]
        data = dict(OPTIONS.get(game_id, {}))
        if game_id != "indecix":
            data["players"] = n
        seats = [Seat(names[i]) if human and i == 0 else Seat(names[i], "ai", "easy") for i in range(n)]
        self.session = Session.new(game, game.options_from_json(data), seats, f"small-{game_id}")
        module = __import__(f"dicehall.games.{game_id}.scene", fromlist=["make_scene"])
        self.scene = module.make_scene(self.session, SceneContext(lang=lang, colours=COLOURS[:n]))
        self.width, self.height = 390.0, 844.0
        self.scene.resize(self.width, self.height)
        self.rng = random.Random(game_id)
        self.frames = 0

    def check_all_sizes(self, where: str) -> None:
        for w, h in SIZES:
            dl = self.draw(w, h) if w and h else self._draw_zero()
            self.frames += 1
            bad = unpaintable(dl.ops)
            assert not bad, (where, (w, h), bad[:4])
            if w >= SCREEN[0] and h >= SCREEN[1]:
                off = off_canvas(dl.ops, w, h)
                assert not off, (where, (w, h), "off the canvas", off[:4])

    def _draw_zero(self) -> DisplayList:
        dl = DisplayList()
        self.scene.draw(dl, 0, 0)
        return dl

    def step(self) -> bool:
        """One thing happens: a human decision (a random legal one), a session step when the scene is ready,
        or time passes (a Space now and then stops a human's spinning dice). False once the match is over."""
        session, scene = self.session, self.scene
        if session.over:
            return False
        if session.human_to_move and scene.ready():
            session.submit(self.rng.choice(session.legal()))
        elif session.busy and scene.ready():
            session.advance(1.0)
        else:
            scene.update(0.05)
            if int(scene.now / 0.05) % 20 == 19:
                scene.on_input(InputEvent("key", key=" ", code="Space"))
        return True

    def play(self, plies: int, every: int) -> None:
        """``plies`` log entries, all sizes drawn every ``every`` entries and during the animations after."""
        start = len(self.session.match.log)
        drawn = 0
        for _ in range(20_000):
            done = len(self.session.match.log) - start
            if done >= plies or not self.step():
                return
            if done and done % every == 0 and drawn != done:
                drawn = done
                self.scene.update(0.1)  # mid-animation
                self.check_all_sizes(f"ply {done}")
        raise AssertionError("the match does not move")

    def finish(self) -> None:
        """The rest of the match at full speed, then the end banner."""
        self.scene.set_fast(True)
        for _ in range(200_000):
            if not self.step():
                break
        assert self.session.over
        self.settle(2.0)


@pytest.mark.parametrize("game_id", list(PLAYERS))
@pytest.mark.parametrize("human", [False, True], ids=["computers", "human"])
def test_every_game_draws_paintable_ops_at_every_size(game_id: str, human: bool):
    g = Game(game_id, human, "en" if human else "fr")
    g.check_all_sizes("start")
    g.play(plies=24, every=4)
    g.finish()
    g.check_all_sizes("end banner")
    assert g.frames >= 4 * len(SIZES)


def test_paradice_overlays_draw_at_every_size():
    from dicehall.games.paradice.scene_stats import STATS_VIEWS

    g = Game("paradice", human=True)
    g.play(plies=40, every=40)
    for view in STATS_VIEWS:
        assert g.scene.command("stats", view)
        g.check_all_sizes(f"stats {view}")
    assert g.scene.command("percent", False)
    g.check_all_sizes("stats in money")
    assert g.scene.command("events", None)
    g.check_all_sizes("event viewer")
    assert g.scene.command("events", 25)
    g.check_all_sizes("event viewer, last event")
    assert g.scene.command("events", None) and g.scene.viewer is None
    for seat in range(PLAYERS["paradice"]):
        assert g.scene.command("route", seat)
        g.check_all_sizes(f"route {seat}")
    g.finish()
    assert g.scene.command("route", 0)
    g.check_all_sizes("route over the end banner")


# --- names of any length -------------------------------------------------------------------------------------
class TooMuchMeasuring(AssertionError):
    pass


def _counting(monkeypatch: pytest.MonkeyPatch, most_calls: int = 10**9, most_chars: int = 10**12) -> list[int]:
    """Count the width measurements (and their lengths): the toolkit's and those of every module that
    imported ``text_width``; past ``most_calls`` measurements or ``most_chars`` characters measured, stop
    at once (a quadratic fitting would otherwise run for hours)."""
    lengths: list[int] = []
    total = [0]
    measure = widgets.text_width

    def counted(text: str, size: float, weight: str = "normal") -> float:
        lengths.append(len(text))
        total[0] += len(text)
        if len(lengths) > most_calls or total[0] > most_chars:
            raise TooMuchMeasuring(f"{len(lengths)} measurements of {total[0]} characters")
        return measure(text, size, weight)

    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("dicehall") and getattr(module, "text_width", None) is measure:
            monkeypatch.setattr(module, "text_width", counted)
    return lengths


@pytest.mark.parametrize("name", ["W" * 100_000, "i" * 100_000, "Anne-Sophie " * 8_334])
def test_fitting_a_huge_name_measures_a_few_short_strings(monkeypatch: pytest.MonkeyPatch, name: str):
    lengths = _counting(monkeypatch, most_calls=40, most_chars=2_000)
    size, shown = widgets.fit_line(name, 100.0, 14.0, "bold", 8.0)
    assert len(lengths) <= 40 and sum(lengths) <= 2_000, (len(lengths), sum(lengths))
    assert size == 8.0 and shown.endswith("…") and widgets.text_width(shown, size, "bold") <= 100.0
    assert name.startswith(shown[:-1].rstrip())


def test_fitting_cuts_exactly_where_the_one_character_search_did():
    def slow(text: str, max_width: float, size: float, weight: str, min_size: float) -> tuple[float, str]:
        width = widgets.text_width(text, size, weight)
        if width > max_width and width > 0:
            size = max(min_size, size * max_width / width * 0.98)
        while len(text) > 1 and widgets.text_width(text, size, weight) > max_width:
            text = text[:-2].rstrip() + "…"
        return size, text

    rng = random.Random(5)
    alphabet = "aiW mé.Il—%0"
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        width, size = rng.uniform(-5, 200), rng.uniform(4, 20)
        weight, min_size = rng.choice(["normal", "bold"]), rng.choice([6.0, 8.0, 9.0, 12.0])
        assert widgets.fit_line(text, width, size, weight, min_size) == slow(text, width, size, weight, min_size)


def test_wrapping_and_paragraphs_of_a_huge_name_stay_cheap(monkeypatch: pytest.MonkeyPatch):
    lengths = _counting(monkeypatch, most_chars=1_000_000)
    for name in ("x" * 100_000, "Jo " * 33_333):
        lengths.clear()
        widgets.wrap_text(f"{name} pays 1 470 to Lena.", 14, 200)
        assert sum(lengths) <= 200_000, sum(lengths)  # each character measured about once
        lengths.clear()
        dl = DisplayList()
        paint.paragraphs(dl, Rect(0, 0, 200, 120), [(f"{name} pays 1 470 to Lena.", "#000", False)] * 3, 14)
        assert sum(lengths) <= 20_000 and dl.texts(), sum(lengths)
        lengths.clear()
        paint.fitted_line(dl, 0, 10, name, 120, 14, "#000", "bold")
        assert sum(lengths) <= 2_000, sum(lengths)


@pytest.mark.parametrize("game_id", list(PLAYERS))
def test_a_huge_seat_name_draws_with_few_measurements(monkeypatch: pytest.MonkeyPatch, game_id: str):
    names = ("N" * 100_000,) + ("Jo " * 30_000,) * 5
    g = Game(game_id, human=True, names=names)
    g.play(plies=6, every=100)
    lengths = _counting(monkeypatch, most_chars=1_000_000)
    for size in ((390, 844), (1280, 800), (300, 292)):
        g.draw(*size)
    assert sum(lengths) <= 300_000, sum(lengths)


# --- a picture drawn scaled down is hit where it is seen ------------------------------------------------------
def test_under_its_smallest_layout_a_scene_is_scaled_down_and_clicked_where_seen(harness):
    from dicehall.games.indecix import Place

    h = harness()
    h.play(3, (0, 0))
    h.roll(3)
    h.key(" ")
    dl = h.draw(240, 192)  # a 240×240 phone: under Indecix' smallest layout
    k = h.scene.scale
    assert k < 1 and h.scene.size == pytest.approx((240 / k, 192 / k))
    assert dl.ops[0][0] == "clear" and dl.ops[1] == ["save"] and dl.ops[2] == ["scale", round(k, 4), round(k, 4)]
    assert dl.ops[-1] == ["restore"] and not off_canvas(dl.ops, 240, 192)
    cell = h.scene.layout().cell_rect(1, 1)  # laid out larger: seen at ``k`` times its place
    assert h.click(cell.cx * k, cell.cy * k)
    assert h.log[-1].action == Place((1, 1))
    h.draw(1200, 800)  # a big canvas again: drawn as it is
    assert h.scene.scale == 1.0 and h.scene.size == (1200, 800)
