"""The Paradice statistics panel, event icons and dice-event viewer, painted without a browser: everything
inside its rectangle at desktop and phone sizes, the views' figures, the hit areas and the browsing."""

from __future__ import annotations

import random

import pytest

from dicehall.games.paradice import ParadiceOptions, initial
from dicehall.games.paradice.board import EVENTS
from dicehall.games.paradice.rules import ParadiceState
from dicehall.games.paradice.scene_event_viewer import GROUP_STARTS, LAST, EventViewer
from dicehall.games.paradice.scene_icons import paint_event_icon
from dicehall.games.paradice.scene_stats import PERCENT_VIEWS, STATS_VIEWS, gradient, paint_stats
from dicehall.games.paradice.spec import COLOURS
from dicehall.games.paradice.texts_stats import TEXTS, compact, event_formula, number, percent
from dicehall.ui import theme
from dicehall.ui.canvas import DisplayList
from .conftest import mismatched_texts, out_of_bounds

NAMES = tuple(c[2] for c in COLOURS)
HUES = tuple(c[1] for c in COLOURS)


def play(players: int, moves: int, seed: int = 7) -> ParadiceState:
    """A random game by the rules: random dice, random legal choices."""
    rng = random.Random(seed)
    state = initial(ParadiceOptions(players=players))
    for _ in range(moves):
        if state.phase == "over":
            break
        if state.phase == "roll":
            state = state.apply(rng.choice(state.chance_outcomes())[0])
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


_GAMES: dict[tuple[int, int], ParadiceState] = {}


def game(players: int, moves: int) -> ParadiceState:
    if (players, moves) not in _GAMES:
        _GAMES[players, moves] = play(players, moves)
    return _GAMES[players, moves]


def paint(
    state: ParadiceState,
    view: str,
    size: float = 400,
    percent_format: bool = True,
    lang: str = "en",
    at: tuple[float, float] = (0, 0),
) -> tuple[DisplayList, list]:
    dl = DisplayList()
    n = state.num_players
    hits = paint_stats(dl, at[0], at[1], size, size, state, view, percent_format, NAMES[:n], HUES[:n], theme, lang)
    return dl, hits


def numbers(texts: list[str]) -> list[float]:
    """The English decimal figures among drawn texts ("12.5%" or "12.5")."""
    out = []
    for t in texts:
        try:
            out.append(float(t.rstrip("%")))
        except ValueError:
            pass
    return out


# --- every view within its rectangle --------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("moves", [0, 400])
@pytest.mark.parametrize("size", [400, 300])
@pytest.mark.parametrize("view", STATS_VIEWS)
def test_views_stay_in_their_rectangle(view: str, size: float, moves: int, players: int) -> None:
    state = game(players, moves)
    for lang in ("fr", "en"):
        for percent_format in (True, False):
            dl = DisplayList()
            dl.translate(-30, -50)  # the panel sits at (30, 50) on the screen: check it against its own box
            paint_stats(
                dl, 30, 50, size, size, state, view, percent_format, NAMES[:players], HUES[:players], theme, lang
            )
            bad = out_of_bounds(dl, size, size)
            assert not bad, (view, lang, bad[:3])


def test_before_money_moves_every_view_shows_the_empty_state() -> None:
    state = initial(ParadiceOptions(players=4))
    for view in STATS_VIEWS:
        assert TEXTS.t("en", "empty") in " ".join(paint(state, view)[0].texts())


def test_an_unknown_view_falls_back_to_the_round() -> None:
    dl, _ = paint(game(6, 400), "nonsense")
    assert TEXTS.t("en", "title_turn", round=game(6, 400).round) in dl.texts()


# --- hit areas --------------------------------------------------------------------------------------


def test_tabs_switch_views_and_do_not_overlap() -> None:
    _, hits = paint(game(6, 400), "turn", at=(10, 20))
    tabs = [h for h in hits if h[1] == "stats"]
    assert [h[2] for h in tabs] == list(STATS_VIEWS)
    for (x, y, w, h), _, _ in tabs:
        assert 10 <= x and x + w <= 410 and 20 <= y and y + h <= 420 and w >= 30 and h >= 16
    for (a, _, _), (b, _, _) in zip(tabs, tabs[1:]):
        assert a[0] + a[2] <= b[0]


@pytest.mark.parametrize("view", STATS_VIEWS)
def test_the_percent_toggle_is_offered_where_it_applies(view: str) -> None:
    for percent_format in (True, False):
        _, hits = paint(game(6, 400), view, percent_format=percent_format)
        toggles = [h for h in hits if h[1] == "percent"]
        if view in PERCENT_VIEWS:
            assert len(toggles) == 1 and toggles[0][2] is (not percent_format)
        else:
            assert not toggles


def test_the_format_changes_the_figures() -> None:
    state = game(6, 400)
    as_share = paint(state, "events", percent_format=True)[0].texts()
    as_score = paint(state, "events", percent_format=False)[0].texts()
    assert sum(t.endswith("%") for t in as_share) == 26 + 1  # 26 shares and the toggle's "%"
    assert sum(t.endswith("%") for t in as_score) == 1


# --- the views' figures --------------------------------------------------------------------------------


def test_turn_view_ranks_by_round_net_then_the_eliminated() -> None:
    state = game(6, 400)
    credits, debits = state.ledger[-1]
    net = [credits[p] - debits[p] for p in range(6)]
    playing = sorted((p for p in range(6) if state.ranks[p] == 0), key=lambda p: (-net[p], p))
    out = sorted((p for p in range(6) if state.ranks[p]), key=lambda p: state.ranks[p])
    texts = paint(state, "turn")[0].texts()
    assert [t for t in texts if t in NAMES] == [NAMES[p] for p in playing + out]
    assert [t for t in texts if t.endswith(".") and t[:-1].isdigit()] == [f"{i}." for i in range(1, 7)]
    for p in out:
        assert TEXTS.t("en", "eliminated") in texts


def test_evolution_has_one_sample_per_round_from_round_zero() -> None:
    for moves in (60, 400):
        state = game(2, moves) if moves == 60 else game(6, moves)
        samples = state.round + 1
        assert all(len(s) == samples for s in state.evolution())
        dl, _ = paint(state, "evolution")
        curves = [op for op in dl.ops if op[0] == "poly" and op[2] is None]
        assert len(curves) == state.num_players + 1
        assert curves[0][3] == "#7b1fa2"  # the jackpot, drawn first (under the players)
        for op in curves:
            points = len(op[1]) // 2
            assert points == 2 * samples - 2  # there and back: one vertex per round on the way out


def test_events_view_is_sorted_and_sums_to_a_hundred() -> None:
    state = game(6, 400)
    shares = [float(t[:-1]) for t in paint(state, "events")[0].texts() if t.endswith("%") and t != "%"]
    assert len(shares) == 26
    assert shares == sorted(shares, reverse=True)
    assert sum(shares) == pytest.approx(100, abs=26 * 0.05)
    top = max(range(26), key=lambda i: (state.event_stats[i], -i))
    assert shares[0] == pytest.approx(state.event_stats[top] * 100 / sum(state.event_stats), abs=0.05)


def test_rolls_view_sums_to_two_hundred() -> None:
    state = game(6, 400)
    cells = numbers(paint(state, "rolls")[0].texts())
    assert len(cells) == 36
    assert sum(cells) == pytest.approx(200, abs=36 * 0.05)
    assert cells[1] == cells[6]  # [1][2] and [2][1]: the matrix is symmetric


@pytest.mark.parametrize("view", ["credits", "debits"])
def test_credits_and_debits_work_with_two_players(view: str) -> None:
    state = game(2, 400)
    texts = paint(state, view)[0].texts()
    assert NAMES[0] in texts and NAMES[1] in texts and "Jackpot" in texts
    shares = [float(t[:-1]) for t in texts if t.endswith("%") and t != "%"]
    assert len(shares) == 3 and shares == sorted(shares, reverse=True)
    assert sum(shares) == pytest.approx(100, abs=0.2)
    credits, debits = state.totals()
    amounts = paint(state, view, percent_format=False)[0].texts()
    values = credits if view == "credits" else debits
    sign = 1 if view == "credits" else -1
    assert number("en", sign * max(values)) in amounts


def test_the_gradient_runs_blue_green_red_yellow_white() -> None:
    assert gradient(0) == "#5b9bff" and gradient(25) == "#46d26a" and gradient(50) == "#ff5a4e"
    assert gradient(75) == "#ffd43b" and gradient(100) == gradient(250) == "#ffffff"


# --- icons ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [24, 60])
def test_icons_fit_their_square_and_all_differ(size: float) -> None:
    pictures = set()
    for event in range(len(EVENTS)):
        dl = DisplayList()
        paint_event_icon(dl, event, size / 2, size / 2, size, "#000000")
        assert dl.ops and not out_of_bounds(dl, size, size), event
        pictures.add(repr(dl.ops))
    assert len(pictures) == len(EVENTS)


def test_fixed_events_show_their_target() -> None:
    for event, e in enumerate(EVENTS):
        dl = DisplayList()
        paint_event_icon(dl, event, 30, 30, 60, "#000000")
        assert (f"={e.target}" in dl.texts()) == e.fixed


# --- the event viewer --------------------------------------------------------------------------------


def viewer_at(index: int, lang: str = "fr") -> tuple[EventViewer, DisplayList]:
    viewer = EventViewer(index)
    dl = DisplayList()
    viewer.paint(dl, 0, 0, 800, 600, theme, lang)
    return viewer, dl


def click_label(viewer: EventViewer, lang: str, key: str) -> str | None:
    dl = DisplayList()
    viewer.paint(dl, 0, 0, 800, 600, theme, lang)
    for rect, _ in viewer._buttons:
        texts = [op[3] for op in dl.ops if op[0] == "text" and rect.contains(op[1], op[2])]
        if TEXTS.t(lang, key) in texts:
            return viewer.on_pointer(rect.cx, rect.cy)
    raise AssertionError(key)


def test_viewer_buttons_browse_and_stop_at_the_ends() -> None:
    viewer = EventViewer(0)
    assert click_label(viewer, "fr", "previous") is None and viewer.index == 0  # clamped, not wrapped
    click_label(viewer, "fr", "next")
    assert viewer.index == 1
    click_label(viewer, "fr", "last")
    assert viewer.index == LAST
    click_label(viewer, "fr", "next")
    assert viewer.index == LAST
    click_label(viewer, "en", "previous")
    assert viewer.index == LAST - 1
    click_label(viewer, "en", "first")
    assert viewer.index == 0


def test_viewer_keys() -> None:
    viewer = EventViewer(0)
    assert viewer.on_key("ArrowLeft") is None and viewer.index == 0
    viewer.on_key("ArrowRight")
    assert viewer.index == 1
    viewer.on_key("End")
    assert viewer.index == LAST
    viewer.on_key("ArrowRight")
    assert viewer.index == LAST
    viewer.on_key("Home")
    assert viewer.index == 0
    assert GROUP_STARTS == (0, 4, 10, 12, 17, 20, 24)
    visited = []
    for _ in range(8):
        viewer.on_key("PageDown")
        visited.append(viewer.index)
    assert visited == [4, 10, 12, 17, 20, 24, LAST, LAST]
    viewer.go(13)
    viewer.on_key("PageUp")
    assert viewer.index == 12
    viewer.on_key("PageUp")
    assert viewer.index == 10
    assert viewer.on_key("Escape") == "close" and viewer.on_key("Enter") == "close"
    assert viewer.on_key("x") is None and viewer.index == 10


def test_viewer_closes_outside_the_card_and_on_its_close_button() -> None:
    viewer, _ = viewer_at(3)
    card = viewer._card
    assert card is not None and viewer._close is not None
    assert viewer.on_pointer(card.cx, card.y + card.h * 0.45) is None and viewer.index == 3
    assert viewer.on_pointer(viewer._close.cx, viewer._close.cy) == "close"
    assert viewer.on_pointer(card.x - 5, card.cy) == "close"
    assert EventViewer(0).on_pointer(10, 10) is None  # never painted: nothing to hit


@pytest.mark.parametrize("size", [(800, 600), (360, 640), (330, 330)])
def test_viewer_shows_the_event_within_the_rectangle(size: tuple[float, float]) -> None:
    w, h = size
    for index in (0, 4, 10, 20, LAST):
        for lang in ("fr", "en"):
            viewer = EventViewer(index)
            dl = DisplayList()
            viewer.paint(dl, 0, 0, w, h, theme, lang)
            assert not out_of_bounds(dl, w, h), (index, lang, out_of_bounds(dl, w, h)[:3])
    texts = viewer_at(20)[1].texts()
    assert "Écart = 0" in texts and "Résultat des dés" in texts and "Fixe" in texts
    assert "2\u202f940 si écart = 0" in texts
    assert texts.count("0") == 30 and texts.count("2\u202f940") == 6  # the doubles pay, the rest is zero
    texts = viewer_at(2, "en")[1].texts()
    assert "Difference of the dice × 252" in texts and "Variable" in texts and "1,260" in texts


# --- texts and numbers ---------------------------------------------------------------------------------


def test_both_languages_have_the_same_fields() -> None:
    assert not mismatched_texts(TEXTS)


def test_number_formats() -> None:
    assert number("fr", 2940) == "2\u202f940" and number("en", 2940) == "2,940"
    assert number("fr", -1_234_567) == "−1\u202f234\u202f567"
    assert percent("fr", 12.345) == "12,3\u202f%" and percent("en", 12.345) == "12.3%"
    assert compact("en", 870) == "870" and compact("en", 4662) == "4.7 k"
    assert compact("fr", 150_400) == "150\u202fk"
    assert compact("en", 2_345_678) == "2.3 M"
    assert event_formula("fr", 2) == "Écart des dés × 252"
    assert event_formula("en", 7) == "Number of 4s × 1,470"
