"""Indecix's line for the "Suggest a move" card (app/hints.py), from what the expert's search weighs: the
points the placement wins at once (captures, and the runs it completes or breaks: ``ai.gain``), how open
the die stays to capture (``ai.EXPOSED``), a line it leaves one face short of a run, and the most the
opponent can win back on his next die (``ai.threat``, averaged over the die in Blitz). It names the die
and the square, so two hints on two positions never read alike."""

from __future__ import annotations

from typing import Any

from dicehall.games.indecix import texts as tx
from dicehall.games.indecix.actions import Choose, Pass, Place
from dicehall.games.indecix.ai import gain, threat
from dicehall.games.indecix.board import COL, ROW
from dicehall.games.indecix.rules import legal_indices
from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "head": ("Le {f} en {cell}", "The {f} on {cell}"),
        "won": ("gagne {won} tout de suite", "wins {won} at once"),
        "won_none": ("ne gagne rien tout de suite", "wins nothing at once"),
        "safe_face": (
            "et ne pourra jamais être capturé (un {f} n'est jamais encadré)",
            "and can never be captured (a {f} is never framed)",
        ),
        "safe_corner": (
            "et ne pourra jamais être capturé dans cet angle",
            "and can never be captured in this corner",
        ),
        "safe_edge": (
            "et, au bord, ne peut être encadré que sur une ligne",
            "and, on the edge, can be framed along one line only",
        ),
        "open": (
            "et reste exposé sur sa ligne et sa colonne",
            "and stays open to capture on its row and its column",
        ),
        "near": (
            "la {line} n'attend plus qu'un {f} pour faire une suite",
            "{line} then lacks only a {f} for a run",
        ),
        "row": ("ligne {n}", "row {n}"),
        "col": ("colonne {n}", "column {n}"),
        "back": ("ensuite, {name} peut reprendre au plus {back}", "then {name} can win back {back} at most"),
        "back_die": (
            "ensuite, {name} peut reprendre au plus {back} en moyenne selon son dé",
            "then {name} can win back {back} at most, on average over his die",
        ),
        "back_none": (
            "{name} ne peut rien reprendre au coup suivant",
            "{name} cannot win any back on the next move",
        ),
        "choose": (
            "Le {f} : sa meilleure case, {cell}, gagne {won} tout de suite.",
            "The {f}: its best square, {cell}, wins {won} at once.",
        ),
        "choose_none": (
            "Le {f} : une case sans risque pour lui, aucun autre jeton ne gagne de point tout de suite.",
            "The {f}: a safe square for it; no other token wins points at once.",
        ),
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


def _safety(lang: str, i: int, face: int) -> str:
    """Where the die stands against captures: a die is framed only along a line where it is not at an end,
    and a 1 or a 6 never is (the weight of ``ai.EXPOSED``)."""
    if face in (1, 6):
        return TEXTS.t(lang, "safe_face", f=face)
    lines = (0 < i % 6 < 5) + (0 < i // 6 < 5)
    return TEXTS.t(lang, ("safe_corner", "safe_edge", "open")[lines])


def _near_run(lang: str, after: Any, i: int) -> str:
    """A line of the placed die left one face short of a run (for whoever draws it), or ""."""
    for line in (ROW[i], COL[i]):
        mask = after.masks[line]
        held = bin(mask).count("1")
        if held == 5:
            missing = next(f for f in range(1, 7) if not mask & (1 << f))
            if line < 6:
                name = TEXTS.t(lang, "row", n=line + 1)
            else:
                name = TEXTS.t(lang, "col", n="ABCDEF"[line - 6])
            return TEXTS.t(lang, "near", line=name, f=missing)
    return ""


def why(state: Any, seat: int, action: Any, lang: str, names: Any = None) -> str:
    """What the move wins at once, how safe the die stands, a run it brings within one face, and what the
    opponent can win back: different for each square and die, the same for the same position."""
    opponent = names[1 - seat] if names else TEXTS.t(lang, "opponent")
    if isinstance(action, Place) and state.phase == "place" and state.die:
        x, y = action.cell
        i, face = y * 6 + x, state.die
        won = gain(state, i, face, seat)
        after = state.apply(action)
        back = max(0.0, threat(after))
        head = TEXTS.t(lang, "head", f=face, cell=tx.cell_name((x, y)))
        first = TEXTS.t(lang, "won", won=_points(lang, won)) if won > 0 else TEXTS.t(lang, "won_none")
        parts = [f"{head} {first} {_safety(lang, i, face)}"]
        near = _near_run(lang, after, i)
        if near:
            parts.append(near)
        if back <= 0:
            parts.append(TEXTS.t(lang, "back_none", name=opponent))
        else:
            key = "back_die" if after.phase == "roll" else "back"
            parts.append(TEXTS.t(lang, key, back=_points(lang, back), name=opponent))
        return " ; ".join(parts) + "." if lang == "fr" else "; ".join(parts) + "."
    if isinstance(action, Choose):
        cells = legal_indices(state.grid, state.masks, action.face)
        if not cells:
            return ""
        best = max(cells, key=lambda c: gain(state, c, action.face, seat))
        won = gain(state, best, action.face, seat)
        if won <= 0:
            return TEXTS.t(lang, "choose_none", f=action.face)
        cell = tx.cell_name((best % 6, best // 6))
        return TEXTS.t(lang, "choose", f=action.face, cell=cell, won=_points(lang, won))
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
