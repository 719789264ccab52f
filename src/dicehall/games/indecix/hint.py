"""Indecix's line for the "Suggest a move" card (app/hints.py): the points the placement wins at once
(captures, and the runs it completes or breaks: ``ai.gain``) and the most the opponent can win back on his
next die (``ai.threat``, averaged over the die in Blitz), the two things the expert's search weighs."""

from __future__ import annotations

from typing import Any

from dicehall.games.indecix import texts as tx
from dicehall.games.indecix.actions import Choose, Pass, Place
from dicehall.games.indecix.ai import best_gain, gain, threat
from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "place": (
            "Gain immédiat : {won} ; ensuite, {name} peut en reprendre au plus {back}.",
            "Won at once: {won}; then {name} can win back {back} at most.",
        ),
        "place_die": (
            "Gain immédiat : {won} ; ensuite, {name} peut en reprendre au plus {back} en moyenne selon son dé.",
            "Won at once: {won}; then {name} can win back {back} at most, on average over his die.",
        ),
        "place_quiet": (
            "Aucun point tout de suite, mais rien à prendre pour {name} au coup suivant.",
            "No points at once, but nothing for {name} to win on the next move.",
        ),
        "place_safe": (
            "Gain immédiat : {won} ; et {name} ne peut rien reprendre au coup suivant.",
            "Won at once: {won}; and {name} cannot win any back on the next move.",
        ),
        "choose": ("Sa meilleure case gagne {won} tout de suite.", "Its best cell wins {won} at once."),
        "none": ("aucun point", "no points"),
        "opponent": ("l'adversaire", "the opponent"),
    }
)


def _points(lang: str, n: float) -> str:
    if n <= 0:
        return TEXTS.t(lang, "none")
    if float(n).is_integer():
        return tx.count(lang, "pts", int(n))
    shown = f"{n:.1f}"
    return f"{shown.replace('.', ',')} points" if lang == "fr" else f"{shown} points"


def why(state: Any, seat: int, action: Any, lang: str, names: Any = None) -> str:
    if isinstance(action, Place) and state.phase == "place" and state.die:
        x, y = action.cell
        won = gain(state, y * 6 + x, state.die, seat)
        after = state.apply(action)
        back = max(0.0, threat(after))
        opponent = names[1 - seat] if names else TEXTS.t(lang, "opponent")
        if back <= 0:
            key = "place_quiet" if won <= 0 else "place_safe"
        else:
            key = "place_die" if after.phase == "roll" else "place"
        return TEXTS.t(lang, key, won=_points(lang, won), back=_points(lang, back), name=opponent)
    if isinstance(action, Choose):
        return TEXTS.t(lang, "choose", won=_points(lang, best_gain(state, action.face, seat)))
    return ""


def blocked(scene: Any) -> bool:
    """The human's die still spins (STOP not pressed): a hint now would tell its face."""
    return bool(scene.can_stop())


def marks(scene: Any, action: Any) -> tuple[list[Any], list[Any]]:
    """The cell to place on, the token to take (Master), or the OK button of a die that cannot be placed."""
    lay = scene.layout()
    if isinstance(action, Place):
        x, y = action.cell
        return [("cell", (x, y))], [lay.cell_rect(x, y)]
    if isinstance(action, Choose):
        panel = scene._panel_layouts(lay)[scene.state.mover]
        slots = [slot for i, slot in enumerate(panel.slots[0]) if i % 6 + 1 == action.face]
        return [("token", action.face)], slots[:1]
    if isinstance(action, Pass):
        return [("button",)], [lay.button]
    return [], []
