"""Paradice's line for the "Suggest a move" card (app/hints.py): why buy or decline, as the expert weighs it
(the copy's price against what it should bring in over the rounds it looks ahead), why that sale, and
for a direction the best cell it can end on, as the expert values the ends (``ai_eval.finals``), with a reason
that is true of the position (an empty jackpot is never one)."""

from __future__ import annotations

from typing import Any

from dicehall.games.paradice import texts as tx
from dicehall.games.paradice.actions import Buy, Decline, Go, Sell
from dicehall.games.paradice.ai_eval import Evaluator, finals
from dicehall.games.paradice.board import COPY_OF, EVENT, JACKPOT, KIND, LADDER, RELANCE, TIRELIRE, neighbour
from dicehall.games.paradice.rules import NOBODY, POT
from dicehall.ui.i18n import Texts

TEXTS = Texts(
    {
        "buy": (
            "Prix {price} ; cet exemplaire devrait vous rapporter environ {value} en {rounds} tours "
            "(ses gains et les paiements qu'il vous évite).",
            "Price {price}; this copy should bring you about {value} in {rounds} rounds "
            "(its gains and the payments it spares you).",
        ),
        "decline_late": (
            "Il reste trop peu de tours pour regagner son prix ({price}) : seul l'argent compte à la fin.",
            "Too few rounds are left to earn back its price ({price}): only cash counts at the end.",
        ),
        "decline": (
            "Son prix ({price}) pèse plus que ce qu'il vous rapporterait (environ {value}).",
            "Its price ({price}) weighs more than what it would bring you (about {value}).",
        ),
        "sell": ("C'est la vente qui vous coûte le moins.", "It is the sale that costs you least."),
        "to_buy": (
            "Cette direction peut finir sur « {event} », à vendre ({price}).",
            "This way can end on “{event}”, for sale ({price}).",
        ),
        "to_free": (
            "Cette direction peut finir sur « {event} », gratuit : vous avez l'autre exemplaire.",
            "This way can end on “{event}”, free: you hold its other copy.",
        ),
        "to_jackpot": (
            "Cette direction peut finir sur le jackpot ({amount}).",
            "This way can end on the jackpot ({amount}).",
        ),
        "to_tirelire": (
            "Cette direction peut finir sur la tirelire : les gains du lancer iraient au jackpot.",
            "This way can end on the piggy bank: the roll's gains would go to the jackpot.",
        ),
        "to_relance": (
            "Cette direction peut finir sur une relance : un autre lancer.",
            "This way can end on a roll-again cell: another roll.",
        ),
        "to_ladder": (
            "Cette direction peut finir sur une échelle, qui mène plus loin.",
            "This way can end on a ladder, which leads further.",
        ),
    }
)


def why(state: Any, seat: int, action: Any, lang: str, names: Any = None) -> str:
    if isinstance(action, Go):
        return _way(state, seat, action, lang)
    if isinstance(action, Sell):
        return TEXTS.t(lang, "sell")
    if not isinstance(action, (Buy, Decline)):
        return ""
    ev = Evaluator(state, seat, True)
    price, value = tx.money(lang, ev.price), tx.money(lang, int(round(ev.copy_value, -1)))
    if isinstance(action, Buy):
        return TEXTS.t(lang, "buy", price=price, value=value, rounds=max(1, int(ev.horizon)))
    if ev.rounds_left is not None and ev.rounds_left < ev.horizon + 0.5 and ev.buy_gain() <= 0:
        return TEXTS.t(lang, "decline_late", price=price)
    return TEXTS.t(lang, "decline", price=price, value=value)


def _way(state: Any, seat: int, action: Go, lang: str) -> str:
    """The best end of that way as the expert values it, told when it is a cell worth aiming at."""
    ev = Evaluator(state, seat, True)
    a, b = state.dice or (1, 1)
    to_opponents, to_pot = ev.payment(a, b)
    cash = state.balances[seat] - to_opponents - to_pot
    ends = finals(seat, neighbour(state.pawn, action.direction), state.steps - 1, a + b)
    # the ends from the best down: the first that says something says it; an end that would have nothing
    # true to say here (an empty jackpot) is passed over, never given as a reason
    for end in sorted(ends, key=lambda c: -ev.final_value(c, to_opponents, to_pot, cash)):
        reason = _reason(state, seat, end, lang, ev, to_opponents, to_pot, cash)
        if reason is not None:
            return reason
    return ""


def _reason(
    state: Any, seat: int, end: int, lang: str, ev: Evaluator, to_opponents: int, to_pot: int, cash: int
) -> str | None:
    """Why ending on ``end`` is worth it, "" when there is nothing to say of it, None when what its kind
    would say is not true of this position (the jackpot is empty)."""
    kind = KIND[end]
    if kind == EVENT:
        owners, copy = state.owners, COPY_OF[end]
        event = tx.event(lang, copy // 2)
        if owners[copy] in (NOBODY, POT) and owners[copy ^ 1] == seat:
            return TEXTS.t(lang, "to_free", event=event)
        if owners[copy] in (NOBODY, POT) and cash >= ev.price:
            return TEXTS.t(lang, "to_buy", event=event, price=tx.money(lang, ev.price))
        return ""
    if kind == JACKPOT:
        amount = state.jackpot + to_pot  # what landing there would win, the roll's payment to it included
        return TEXTS.t(lang, "to_jackpot", amount=tx.money(lang, amount)) if amount > 0 else None
    if kind == TIRELIRE and to_opponents:
        return TEXTS.t(lang, "to_tirelire")
    if kind == RELANCE:
        return TEXTS.t(lang, "to_relance")
    if kind == LADDER:
        return TEXTS.t(lang, "to_ladder")
    return ""


def marks(scene: Any, action: Any) -> tuple[list[Any], list[Any]]:
    """The arrow of a direction, the yes or no button of a purchase, the board's cell of a sale."""
    if isinstance(action, Go):
        return [("go", action.direction)], [scene.arrow_rect(action.direction)]
    if isinstance(action, (Buy, Decline)):
        name = "yes" if isinstance(action, Buy) else "no"
        return [("button", name)], [rect for n, rect, _ in scene.buttons() if n == name]
    if isinstance(action, Sell):
        return [], [scene.layout().cell_rect(action.x, action.y)]
    return [], []
