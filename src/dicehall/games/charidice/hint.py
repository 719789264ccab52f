"""Charidice's line for the "Suggest a move" card (app/hints.py). A roll or a stop: the turn's expected value
as the expert's tables give it (its points, with what it gives weighed as the game stands), against
stopping now. A marking: whether it is the roll's best total, or what a higher total would have given to
the neighbour."""

from __future__ import annotations

from typing import Any

from dicehall.games.charidice.actions import Mark, Roll, Stop, dice_of
from dicehall.games.charidice.ai import MAX_LOOKAHEAD, expert_mu, roll_values
from dicehall.games.charidice.ai_tables import run, tables
from dicehall.games.charidice.scoring import analyse, valid_masks
from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "roll": (
            "Valeur espérée du tour : {v} points (dons pesés), contre {stop} en s'arrêtant là.",
            "Expected value of the turn: {v} points (gifts weighed), against {stop} by stopping here.",
        ),
        "stop": (
            "S'arrêter vaut {stop} points (dons pesés) ; relancer au mieux : {v}.",
            "Stopping is worth {stop} points (gifts weighed); the best re-roll: {v}.",
        ),
        "best": ("Le meilleur total de ce lancer.", "The best total of this roll."),
        "less": (
            "Un total de {best} était possible, mais il donnait {gift} points à {name}.",
            "A total of {best} was possible, but it gave {gift} points to {name}.",
        ),
    }
)


def _num(lang: str, v: float) -> str:
    text = f"{v:.1f}"
    return text.replace(".", ",") if lang == "fr" else text


def why(state: Any, seat: int, action: Any, lang: str, names: Any = None) -> str:
    if isinstance(action, Mark) and state.phase == "mark":
        chosen = analyse(state.dice, action.dice)
        markings = (analyse(state.dice, dice_of(m)) for m in valid_masks(state.dice, state.options.zero_mark))
        best = max(markings, key=lambda m: m.total, default=chosen)
        if best.total <= chosen.total:
            return TEXTS.t(lang, "best")
        name = names[state.neighbour] if names else str(state.neighbour + 1)
        return TEXTS.t(lang, "less", best=best.total, gift=best.gift, name=name)
    if isinstance(action, (Roll, Stop)) and state.phase == "roll" and state.rolls in MAX_LOOKAHEAD:
        t = tables(expert_mu(state), state.options.zero_mark)
        lookahead = MAX_LOOKAHEAD[state.rolls]
        run(t.build(lookahead == 2))  # built already by the expert's thinking: nothing left to do
        values = roll_values(state, t, lookahead)
        stop = values[0][0]
        if isinstance(action, Stop):
            return TEXTS.t(lang, "stop", stop=_num(lang, stop), v=_num(lang, max(v for v, _ in values[1:])))
        v = next(v for v, a in values if a == action)
        return TEXTS.t(lang, "roll", v=_num(lang, v), stop=_num(lang, stop))
    return ""


def marks(scene: Any, action: Any) -> tuple[list[Any], list[Any]]:
    """The dice to select (a re-roll, a marking) and the button that plays them; or the stop button."""
    lay = scene.layout()
    if isinstance(action, Stop):
        return [("stop",)], [lay.buttons[1]]
    if isinstance(action, Roll) and scene.state.rolls == 0:
        return [("primary",)], [lay.buttons[0]]
    if isinstance(action, (Roll, Mark)):
        dice = list(action.dice)
        return [("die", i) for i in dice] + [("primary",)], [lay.dice[i] for i in dice] + [lay.buttons[0]]
    return [], []
