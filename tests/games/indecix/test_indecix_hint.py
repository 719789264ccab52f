"""Indecix's "Suggest a move" line names the die and the square and says why, so that hints on different
positions read differently (and the same position gives the same line); the final screen's corners say the
result and the totals, not the last move's."""

from __future__ import annotations

import random
from types import SimpleNamespace

from dicehall.core.protocol import NodeKind
from dicehall.games.indecix import hint
from dicehall.games.indecix.actions import Place
from dicehall.games.indecix.game import GAME
from dicehall.games.indecix.scene_messages import message_lines


def _positions(seed: int, count: int):
    rng = random.Random(seed)
    state = GAME.initial(GAME.options_from_json({}))
    out = []
    while state.kind != NodeKind.TERMINAL:
        if state.kind == NodeKind.CHANCE:
            state = state.apply(rng.choice([o for o, _ in state.chance_outcomes()]))
            continue
        action = rng.choice(state.legal_actions())
        if isinstance(action, Place) and len(out) < count:
            out.append((state, action))
        state = state.apply(action)
    return out, state


def test_successive_hints_differ_and_a_position_repeats_its_own():
    positions, _ = _positions(7, 6)
    for lang in ("fr", "en"):
        lines = [hint.why(s, s.to_move, a, lang, ["Ana", "Bob"]) for s, a in positions]
        assert all(lines)
        assert len(set(lines)) == len(lines), lines
        s, a = positions[0]
        assert hint.why(s, s.to_move, a, lang, ["Ana", "Bob"]) == lines[0]


def test_the_hint_says_where_the_die_is_safe():
    state = GAME.initial(GAME.options_from_json({}))
    state = state.apply(state.chance_outcomes()[5][0])  # a 6
    while state.phase != "place":
        state = state.apply(state.legal_actions()[0])
    line = hint.why(state, state.to_move, Place((2, 2)), "en")
    assert "The 6 on C3" in line and "never be captured" in line
    assert "Le 6 en C3" in hint.why(state, state.to_move, Place((2, 2)), "fr")


def test_the_final_corners_say_the_result_and_the_total_not_the_last_move():
    _, over = _positions(3, 0)
    assert over.phase == "over"
    for lang, total in (("fr", "Total final"), ("en", "Final total")):
        speaker = SimpleNamespace(
            state=over,
            lang=lang,
            colours=["#2050e0", "#e02020"],
            is_human=lambda p: p == 0,
            player_name=lambda p: f"P{p + 1}",
            remote_wait=lambda: "",
            spinning=False,
            flash=None,
            now=0.0,
        )
        for p in (0, 1):
            texts = [text for text, _, _ in message_lines(speaker, p)]
            assert len(texts) == 2, texts
            assert texts[1].startswith(total) and str(over.scores()[p]) in texts[1]
