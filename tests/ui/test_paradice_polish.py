"""Paradice after play-testing: an eliminated player's ownership counter stays, in grey; on a phone held
upright the statistics share the messages' box instead of a corner of the board, and a finger on the screen
hides the keyboard's hints; the board font (normal, large, monospace)."""

from __future__ import annotations

from dicehall.games.paradice import texts as tx
from dicehall.games.paradice.scene_frame import OUT, event_grid
from dicehall.games.paradice.spec import COLOURS
from dicehall.ui import theme

from .test_paradice_scene import H, placed

HUES = tuple(hue for _, hue, _, _ in COLOURS)


def _counter_squares(h: H) -> list[list]:
    """The squares of the ownership counters under the dice events list (one per party)."""
    strip = event_grid(h.layout())[1]
    return [
        op
        for op in h.draw().ops
        if op[0] == "rect"
        and strip.y - 1 <= op[2] <= strip.bottom
        and op[1] >= strip.x - 1
        and abs(op[3] - op[4]) < 0.01
    ]


def test_an_eliminated_players_counter_stays_in_grey():
    state = placed(players=3, seat=0, ranks=(0, 3, 0))
    h = H(humans=(True, True, True), state=state)
    squares = _counter_squares(h)
    fills = [op[5] for op in squares]
    assert OUT in fills, "the eliminated player's counter is kept, in grey"
    assert HUES[0] in fills and HUES[2] in fills and HUES[1] not in fills
    counters = [op for op in squares if op[5] in (OUT, "#ffffff", HUES[0], HUES[2])]
    assert len(counters) == 4  # three players and the free events (the jackpot's is a checkerboard)


def test_on_a_phone_upright_the_statistics_share_the_messages_box_larger_than_their_block():
    h = H(humans=(True, False, False, False, False, False), size=(390, 844))
    lay = h.layout()
    block = lay.block("stats")
    assert lay.stats != block and lay.stats.y >= lay.board.bottom
    assert lay.stats.w > block.w and lay.stats.h > block.h * 1.3
    assert lay.messages.y == lay.stats.y and lay.messages.right <= lay.stats.x
    assert lay.messages.w >= 150
    sideways = H(humans=(True, False, False, False, False, False), size=(844, 342)).layout()
    assert sideways.stats != sideways.block("stats") and sideways.stats.x >= sideways.board.right
    assert min(sideways.stats.w, sideways.stats.h) > min(sideways.block("stats").w, sideways.block("stats").h)
    desktop = H(humans=(True, False, False, False, False, False), size=(1280, 752)).layout()
    assert desktop.stats == desktop.block("stats"), "where the board has room, the statistics stay in their block"


def test_a_touch_hides_the_keyboard_hints_and_the_keys_in_the_prompts():
    h = H(humans=(True, False), size=(390, 844))
    hint = tx.t("fr", "keys_help")[:20]
    assert hint in h.screen() and "[Espace]" in h.screen()
    h.scene.set_touch(True)
    screen = h.screen()
    assert hint not in screen and "[Espace]" not in screen and "touchez-les" in screen
    h.roll(1, 2)
    assert h.state.phase == "direction" and "touchez une flèche" in h.screen() and "flèches," not in h.screen()


def test_the_board_font_large_and_monospace():
    h = H(humans=(True, False))
    normal = h.layout()
    fonts = {op[4] for op in h.draw().ops if op[0] == "text"}
    assert all(theme.FONT_FAMILY in f for f in fonts)
    layer = next(op for op in h.draw().ops if op[0] == "layer")[1]
    h.scene.set_settings({"font": "large"})
    assert h.layout().unit > normal.unit
    h.scene.set_settings({"font": "mono"})
    ops = h.draw().ops
    texts = [op for op in ops if op[0] == "text"]
    assert texts and all(theme.MONO_FAMILY in op[4] for op in texts)
    new_layer = next(op for op in ops if op[0] == "layer")
    assert new_layer[1] != layer and new_layer[5] is not None, "the board's layer is sent again in that font"
    assert all(theme.MONO_FAMILY in op[4] for op in new_layer[5] if op[0] == "text")
    assert theme.font(12) == f"normal 12px {theme.FONT_FAMILY}", "other screens keep the default family"
    # a monospace font is measured as one: the messages' lines stay in their box
    from dicehall.ui.widgets import text_width

    box = h.layout().messages
    with theme.family(theme.MONO_FAMILY, 0.62):
        assert text_width("i i", 10) == text_width("MWM", 10) > 18
        lines = [op for op in texts if box.x <= op[1] < box.right and box.y <= op[2] <= box.bottom]
        assert lines and all(
            op[1] + text_width(op[3], float(op[4].split("px")[0].split()[-1]), "bold" if "bold" in op[4] else "normal")
            <= box.right + 1
            for op in lines
        )


# --- a key pressed before its question ------------------------------------------------------------------------
def test_an_arrow_pressed_while_the_dice_land_is_kept_for_the_direction_question():
    from dicehall.games.paradice import Dice, Go
    from dicehall.games.paradice.board import ROUTES

    h = H()
    assert h.key(" ", "Space")
    h.session.force(Dice(1, 2))  # from the start: a crossing at once, once the dice have landed
    assert h.state.phase == "direction" and h.scene.beats and not h.scene.question_open()
    d = ROUTES[0][h.state.pawn][0]
    key = {"N": "ArrowUp", "E": "ArrowRight", "S": "ArrowDown", "W": "ArrowLeft"}[d]
    assert h.key(key), "the key is taken at once"
    assert h.log[-1] == Dice(1, 2) and "retenue" in h.screen()
    h.settle(4.0)
    assert Go(d) in h.log, "and answers the question when it comes"
    assert h.scene.typed is None and "retenue" not in h.screen()


def test_yes_pressed_while_the_pawn_walks_buys_when_the_question_comes_and_a_wrong_key_says_not_yet():
    from dicehall.games.paradice import Buy, Dice
    from dicehall.games.paradice.board import EVENT

    from .test_paradice_scene import landing

    start, _ = landing(EVENT, 0, 3)
    h = H(state=placed(seat=0, cell=start))
    assert h.key(" ", "Space")
    h.session.force(Dice(1, 2))
    assert h.state.phase == "buy" and not h.scene.question_open()
    assert h.key("ArrowUp") and h.scene.typed is None
    assert h.scene.flash is not None and "pas encore posée" in h.scene.flash[0]
    assert h.key("o") and h.scene.typed is not None and Buy() not in h.log
    h.settle(6.0)
    assert h.log[-1] == Buy()


def test_a_kept_key_is_dropped_when_the_game_moved_on_without_it():
    from dicehall.games.paradice import Buy, Decline, Dice
    from dicehall.games.paradice.board import EVENT

    from .test_paradice_scene import landing

    start, _ = landing(EVENT, 0, 3)
    h = H(state=placed(seat=0, cell=start))
    h.key(" ", "Space")
    h.session.force(Dice(1, 2))
    assert h.key("o") and h.scene.typed is not None
    assert h.key("Escape") and h.scene.typed is None, "Escape forgets it"
    assert h.key("o") and h.scene.typed is not None
    h.session.submit(Decline())  # answered another way (the page API, say)
    h.settle(6.0)
    assert Buy() not in h.log and h.scene.typed is None


def test_space_before_the_humans_dice_spin_stops_them_at_once_and_keys_on_a_computers_turn_say_so():
    h = H(humans=(False, True))  # the computer plays first
    assert h.state.current == 0 and h.key(" ", "Space")
    assert h.scene.typed is None and h.scene.flash is not None and "Myrtille" in h.scene.flash[0]
    for _ in range(4000):  # the computer's turn, up to the human's roll (still being shown)
        if h.state.phase == "roll" and h.state.current == 1:
            break
        if h.session.busy and h.scene.ready():
            h.session.advance(1.0)
        h.scene.update(0.05)
    assert h.state.phase == "roll" and h.state.current == 1
    assert not h.scene.question_open()
    assert h.key(" ", "Space") and h.scene.typed is not None
    assert "Espace" in h.screen()
    for _ in range(400):
        h.scene.update(0.05)
        if h.scene.spin is not None and h.scene.spin.human:
            break
    assert h.scene.spin is not None and h.scene.spin.stopped and h.scene.ready(), "stopped as they start"


def test_the_event_shares_are_whole_in_a_narrow_statistics_panel():
    from dicehall.games.paradice.scene_stats import paint_stats
    from dicehall.ui.canvas import DisplayList

    from .test_paradice_stats import game

    state = game(6, 400)
    for w, h in ((186.4, 238.0), (221.0, 201.0), (140.0, 140.0)):  # a phone's shared box, landscape, a block
        dl = DisplayList()
        paint_stats(dl, 0, 0, w, h, state, "events", True, tuple("ABCDEF"), HUES, theme, "fr")
        shares = [t for t in dl.texts() if t.endswith("%") or t.endswith("…")]
        shares = [t for t in shares if t[:1].isdigit()]
        assert len(shares) == 26 and not [t for t in shares if t.endswith("…")], (w, h, shares)
