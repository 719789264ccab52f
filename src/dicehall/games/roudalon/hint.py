"""Le Roudalon's line for the "Suggest a move" card (app/hints.py): the expert's move with the odds it
weighed, in one line of French or English ("Throw 2 dice: 17% to hit the pot of 7"). ``explain`` has the
expert choose and says why; ``why`` says it for a move the card's expert has already chosen."""

from __future__ import annotations

import random
from typing import Any

from dicehall.ai.agent import decide
from dicehall.games.roudalon.actions import ACCEPT, PROPOSE, Stake, Throw
from dicehall.games.roudalon.ai import ExpertAgent
from dicehall.games.roudalon.odds import chain_chance, chain_throw_chance, hit_chance
from dicehall.games.roudalon.rules import MAX_HELD, RoudalonState
from dicehall.games.roudalon.value import best_alone, chain_now, likely_chain
from dicehall.ui.i18n import Texts

WHOLE = True  # the line names the move itself: the card shows it alone

TEXTS = Texts(
    {
        "pct": ("{pct} %", "{pct}%"),
        "left": ("votre voisin de gauche", "your left neighbour"),
        "next": ("le joueur suivant", "the next player"),
        "throw1": ("Lancer 1 dé : {pct} de toucher le pot de {pot}", "Throw 1 die: {pct} to hit the pot of {pot}"),
        "throw2": ("Lancer 2 dés : {pct} de toucher le pot de {pot}", "Throw 2 dice: {pct} to hit the pot of {pot}"),
        "stake": ("Miser {n} : le pot passe à {pot}", "Stake {n}: the pot goes to {pot}"),
        "stake_die": (
            "Miser {n} : vous reprenez un dé et le pot passe à {pot}",
            "Stake {n}: you take a die back and the pot goes to {pot}",
        ),
        "stake_first": (" (premier tour : il faut miser)", " (first turn: a stake is required)"),
        "stake_no_die": (" (vous ne tenez aucun dé)", " (you hold no die)"),
        "stake_best": (" ; lancer seul maintenant : {pct} au mieux", "; a throw alone now: {pct} at best"),
        "stake_hopeless": (" ; aucun lancer seul ne peut toucher {was}", "; no throw alone can make {was}"),
        "stake_void": (
            "Miser {n} : le pot atteint son plafond, la partie est nulle et les mises sont rendues",
            "Stake {n}: the pot reaches its ceiling, the game is void and the stakes are refunded",
        ),
        "propose": (
            "Proposer une alliance à {name} : ensemble, {pct} de toucher le pot de {pot}",
            "Propose an alliance to {name}: together, {pct} to hit the pot of {pot}",
        ),
        "accept": (
            "Accepter : l'alliance a {pct} de toucher le pot de {pot}",
            "Accept: the alliance has {pct} to hit the pot of {pot}",
        ),
        "refuse": (
            "Refuser : avec vous, l'alliance n'aurait que {pct} de toucher le pot de {pot}",
            "Refuse: with you, the alliance would have only {pct} to hit the pot of {pot}",
        ),
        "extend": (
            "Proposer à {name} : la chance de l'alliance passe de {now} à {longer} (pot de {pot})",
            "Ask {name}: the alliance's chance goes from {now} to {longer} (pot of {pot})",
        ),
        "close": ("Lancer l'alliance : {pct} de toucher le pot de {pot}", "Throw now: {pct} to hit the pot of {pot}"),
        "chain1": (
            "Lancer 1 dé : il manque {left}, {pct} de le faire",
            "Throw 1 die: {left} still to make, {pct} to make it",
        ),
        "chain2": (
            "Lancer 2 dés : il manque {left}, {pct} de le faire",
            "Throw 2 dice: {left} still to make, {pct} to make it",
        ),
        "chain_members": (" (avec les membres suivants)", " (with the members after you)"),
        "pass": ("Passer : vous reprenez un dé", "Pass: you take a die back"),
    }
)


def _pct(p: float, lang: str) -> str:
    pct = round(100 * p)
    if p > 0 and pct == 0:
        pct = 1
    return TEXTS.t(lang, "pct", pct=pct)


def explain(state: RoudalonState, seat: int, lang: str = "en", names: Any = None) -> str:
    """The expert's choice for ``seat`` (the player to move) and, in one line of French (``lang`` "fr") or
    English ("en"), the odds it used: "Throw 2 dice: 17% to hit the pot of 7". ``names`` (optional, one per
    seat) names the players; without it the text says "your left neighbour", "the next player".
    :raises ValueError: ``seat`` is not the player to move, or an unknown language."""
    if lang not in ("fr", "en"):
        raise ValueError(f"unknown language {lang!r}: fr or en")
    if state.to_move != seat:
        raise ValueError(f"seat {seat} is not the player to move")
    return why(state, seat, decide(ExpertAgent(seat, random.Random(0)), state), lang, names)


def why(state: RoudalonState, seat: int, action: Any, lang: str = "en", names: Any = None) -> str:
    """What ``explain`` says, for an action already chosen by the expert for ``seat`` (the player to move):
    the "Suggest a move" card (app/hints.py) has the expert think once, in slices, then asks why here."""
    pot = state.pot

    def name(who: int, default: str) -> str:
        return str(names[who]) if names is not None else TEXTS.t(lang, default)

    def alliance(chain: tuple[int, ...]) -> float:
        return chain_chance(pot, tuple(state.held[s] for s in chain))

    if state.phase == "turn":
        if isinstance(action, Throw):
            return TEXTS.t(lang, f"throw{action.dice}", pct=_pct(float(hit_chance(pot, action.dice)), lang), pot=pot)
        if isinstance(action, Stake):
            n = action.amount
            if pot + n >= state.options.pot_ceiling and state.options.dead_party_void:
                return TEXTS.t(lang, "stake_void", n=n)
            held = state.held[seat]
            text = TEXTS.t(lang, "stake_die" if held < MAX_HELD else "stake", n=n, pot=pot + n)
            if state.turns == 0:
                return text + TEXTS.t(lang, "stake_first")
            if held == 0:
                return text + TEXTS.t(lang, "stake_no_die")
            best = best_alone(pot, held)[0]
            if best > 0:
                return text + TEXTS.t(lang, "stake_best", pct=_pct(best, lang))
            return text + TEXTS.t(lang, "stake_hopeless", was=pot)
        if action == PROPOSE:
            chain = likely_chain(state, (seat,))
            return TEXTS.t(
                lang, "propose", name=name(state.left_of(seat), "left"), pct=_pct(alliance(chain), lang), pot=pot
            )
        return TEXTS.t(lang, "pass")
    if state.phase == "answer":
        chain = likely_chain(state, state.chain + (seat,))
        key = "accept" if action == ACCEPT else "refuse"
        return TEXTS.t(lang, key, pct=_pct(alliance(chain), lang), pot=pot)
    if state.phase == "extend":
        candidate = state.extension_candidate()
        if action == PROPOSE and candidate is not None:
            longer = likely_chain(state, state.chain + (candidate,))
            return TEXTS.t(
                lang,
                "extend",
                name=name(candidate, "next"),
                now=_pct(alliance(state.chain), lang),
                longer=_pct(alliance(longer), lang),
                pot=pot,
            )
        return TEXTS.t(lang, "close", pct=_pct(alliance(state.chain), lang), pot=pot)
    # chain: the member's throw, with the members after him
    remaining, holdings, index = chain_now(state)
    k = action.dice
    chance = chain_throw_chance(remaining, holdings, index, k)
    text = TEXTS.t(lang, f"chain{k}", left=remaining, pct=_pct(chance, lang))
    return text + (TEXTS.t(lang, "chain_members") if index + 1 < len(holdings) else "")


def marks(scene: Any, action: Any) -> tuple[list[Any], list[Any]]:
    """The controls that play ``action`` (stake, throw, alliance buttons): their targets and rectangles."""
    shown = [c for c in scene.controls() if c.enabled and c.action == action]
    return [c.target for c in shown], [c.rect for c in shown]
