"""Dés & Marchands' line for the "Suggest a move" card (app/hints.py): the expert's move and why, in one line
of French or English ("Go to the merchant at (14, 20): buy a 4-face die (4 coins)"). ``explain`` has the
expert choose and says why; ``why`` says it for a move the card's expert has already chosen; ``marks`` shows
the move on the screen."""

from __future__ import annotations

import math
import random
from typing import Any

from dicehall.ai.agent import decide
from dicehall.games.marchands import merchant
from dicehall.games.marchands.actions import LEAVE, Buy, Move, Replace, Sell
from dicehall.games.marchands.ai import MarchandsAgent
from dicehall.games.marchands.ai_eval import Expert, bonuses
from dicehall.games.marchands.ai_trade import expert_trade, horizon
from dicehall.games.marchands.odds import mean_reach, reach_chance, roll_table
from dicehall.games.marchands.rules import MarchandsState
from dicehall.ui.i18n import Texts

WHOLE = True  # the line names the move itself: the card shows it alone

_DIRS = {"N": ("Nord", "North"), "E": ("Est", "East"), "S": ("Sud", "South"), "W": ("Ouest", "West")}
TEXTS = Texts(
    {
        "roll": ("Lancer les dés", "Roll the dice"),
        "roll_why": ("le déplacement se choisit après le lancer", "the move is chosen after the roll"),
        "not_yours": ("Ce n'est pas à ce joueur de jouer", "It is not this player's turn"),
        "stay": ("Rester sur place", "Stay put"),
        "go": ("Aller en {cell}", "Go to {cell}"),
        "go_bonus": ("Aller sur la case bonus {cell}", "Go to the bonus cell {cell}"),
        "go_merchant": ("Aller au marchand {cell}", "Go to the merchant at {cell}"),
        "go_end": ("Aller sur la case d'arrivée {cell}", "Go to the end cell {cell}"),
        "go_portal": ("Prendre le portail {cell}", "Take the portal at {cell}"),
        "end_wins": ("la partie s'arrête et vous êtes le plus riche", "the game stops and you are the richest"),
        "steal": ("prendre {n} au joueur {q}", "take {n} from player {q}"),
        "and": (" et ", " and "),
        "to_twin": ("il mène en {cell}", "it leads to {cell}"),
        "near_end": (
            "se rapprocher de la case d'arrivée {cell} tant que vous menez de {n}",
            "get nearer the end cell {cell} while you lead by {n}",
        ),
        "near_bonus": ("se placer à portée de la case bonus {cell}", "get within reach of the bonus cell {cell}"),
        "near_merchant": (
            "se rapprocher du marchand {cell} pour améliorer vos dés",
            "get nearer the merchant at {cell} to improve your dice",
        ),
        "near_rival": (
            "se placer à portée du joueur {q} ({n}) pour le voler",
            "get within reach of player {q} ({n}) to rob him",
        ),
        "safe": ("le joueur {q} ne peut pas vous y atteindre", "player {q} cannot reach you there"),
        "nothing_better": ("aucune case atteignable ne vaut mieux", "no reachable cell is better"),
        "coins": ("prendre 5 pièces", "take 5 coins"),
        "tax": ("faire perdre 2 pièces à chaque adversaire", "make every other player lose 2 coins"),
        "replay": ("rejouer tout de suite", "roll again at once"),
        "nothing": ("ne rien prendre", "take nothing"),
        "bonus_why": (
            "c'est le bonus qui vous rapproche le plus de la victoire",
            "it is the bonus that brings you nearest a win",
        ),
        "buy": ("acheter un dé de {n} faces ({p})", "buy a {n}-face die ({p})"),
        "sell": ("vendre le dé {d} (+{p})", "sell die {d} (+{p})"),
        "replace": (
            "remplacer la face {old} du dé {d} par {new} ({p})",
            "replace the {old} face of die {d} with {new} ({p})",
        ),
        "leave": ("partir sans rien acheter", "leave without trading"),
        "why_more_dirs": (
            "plus de directions, plus de cases atteignables à chaque lancer",
            "more directions: more cells within reach on every roll",
        ),
        "why_more_reach": ("plus de puissance à chaque lancer", "more power on every roll"),
        "why_sell": ("des pièces valent mieux que ce dé maintenant", "coins are worth more than this die now"),
        "why_leave": ("aucune transaction ne vaut son prix maintenant", "no transaction is worth its price now"),
        "trade_later": ("rien à y acheter pour l'instant", "nothing worth buying there yet"),
    }
)


def _cell(cell: Any) -> str:
    return f"({cell[0]}, {cell[1]})"


def _coins(n: int, lang: str) -> str:
    if lang == "fr":
        return f"{n} pièce" if n in (0, 1) else f"{n} pièces"
    return f"{n} coin" if n == 1 else f"{n} coins"


def _face(token: str, lang: str) -> str:
    if token in _DIRS:
        return _DIRS[token][0 if lang == "fr" else 1]
    return token.replace("x", "×")


def describe_trade(state: MarchandsState, action: Any, lang: str) -> str:
    """A merchant transaction in words ("acheter un dé de 4 faces (4 pièces)" / "buy a 4-face die (4 coins)")."""
    dice = state.dice[state.current]
    if isinstance(action, Buy):
        return TEXTS.t(lang, "buy", n=action.faces, p=_coins(action.faces, lang))
    if isinstance(action, Sell):
        return TEXTS.t(lang, "sell", d=action.die + 1, p=_coins(len(dice[action.die]), lang))
    if isinstance(action, Replace):
        old = dice[action.die][action.face]
        return TEXTS.t(
            lang,
            "replace",
            old=_face(old, lang),
            d=action.die + 1,
            new=_face(action.token, lang),
            p=_coins(merchant.price(dice, action), lang),
        )
    return TEXTS.t(lang, "leave")


def _trade_why(state: MarchandsState, action: Any, lang: str) -> str:
    if isinstance(action, Sell):
        return TEXTS.t(lang, "why_sell")
    if isinstance(action, (Buy, Replace)):
        me = state.current
        before = merchant.after(state.dice[me], action)
        gained_dirs = _directions(before) > _directions(state.dice[me])
        return TEXTS.t(lang, "why_more_dirs" if gained_dirs else "why_more_reach")
    return TEXTS.t(lang, "why_leave")


def _directions(dice: Any) -> float:
    """The expected number of directions a roll of ``dice`` gives."""
    return sum(q * bin(m).count("1") for m, _, q in roll_table(dice))


def explain(state: MarchandsState, seat: int, lang: str = "en") -> str:
    """What the expert would do for ``seat`` now, and one line of why, in French (``lang="fr"``) or English:
    "Aller au marchand (14, 20) : acheter un dé de 4 faces (4 pièces)" / "Go to the merchant at (14, 20):
    buy a 4-face die (4 coins)". It thinks as long as one expert decision, then says ``why``."""
    sep = " : " if lang == "fr" else ": "
    if state.to_move != seat:
        return TEXTS.t(lang, "not_yours") + "."
    if state.phase == "roll":
        return TEXTS.t(lang, "roll") + sep + TEXTS.t(lang, "roll_why") + "."
    agent = MarchandsAgent("expert", seat, random.Random(f"explain/{state.turn}"))
    return why(state, seat, decide(agent, state), lang)


def why(state: MarchandsState, seat: int, action: Any, lang: str = "en", names: Any = None) -> str:
    """What ``explain`` says, for an action already chosen by the expert for ``seat`` (the player to move):
    the "Suggest a move" card (app/hints.py) has the expert think once, in slices, then asks why here.
    ``names`` is accepted for the card's common signature; the players are named by number."""
    sep = " : " if lang == "fr" else ": "
    if state.to_move != seat:
        return TEXTS.t(lang, "not_yours") + "."
    if state.phase == "roll":
        return TEXTS.t(lang, "roll") + sep + TEXTS.t(lang, "roll_why") + "."
    if state.phase == "bonus":
        return (
            TEXTS.t(lang, action.choice if action.choice in TEXTS else "nothing").capitalize()
            + sep
            + TEXTS.t(lang, "bonus_why")
            + "."
        )
    if state.phase == "merchant":
        return describe_trade(state, action, lang).capitalize() + sep + _trade_why(state, action, lang) + "."
    if state.phase == "move":
        return _explain_move(state, seat, action, lang, sep) + "."
    return TEXTS.t(lang, "roll") + "."


def _explain_move(state: MarchandsState, me: int, action: Move, lang: str, sep: str) -> str:
    assert state.board is not None
    board = state.board
    x, y = action.to
    to, here = (x, y), state.pos[me]
    if to == here:
        return TEXTS.t(lang, "stay") + sep + _why_stay(state, me, here, lang)
    kind = board.kind(to)
    if kind == "end":
        return TEXTS.t(lang, "go_end", cell=_cell(to)) + sep + TEXTS.t(lang, "end_wins")
    reasons = []
    victims = [q for q in range(state.num_players) if q != me and state.pos[q] == to and state.coins[q] >= 2]
    if victims:
        reasons.append(
            TEXTS.t(lang, "and").join(
                TEXTS.t(lang, "steal", n=_coins(state.coins[q] // 2, lang), q=q + 1) for q in victims
            )
        )
    s1 = state.apply(action)
    evaluator = Expert(state, me, random.Random(0))
    if kind == "bonus" and not state.bonus_open(me, to):  # bonus_once: a plain cell for him now
        head = TEXTS.t(lang, "go", cell=_cell(to))
        if not victims:
            reasons.append(_why_here(s1, me, s1.pos[me], lang))
    elif kind == "bonus":
        head = TEXTS.t(lang, "go_bonus", cell=_cell(to))
        if s1.phase == "bonus":
            _, choice = max(((evaluator.bonus_value(a, s1), i), a) for i, a in enumerate(bonuses(s1.legal_actions())))
            reasons.append(TEXTS.t(lang, choice.choice if choice.choice in TEXTS else "nothing"))
    elif kind == "merchant":
        head = TEXTS.t(lang, "go_merchant", cell=_cell(to))
        if s1.phase == "merchant":
            _, trade = max(((evaluator.trade_value(s1, a), -i), a) for i, a in enumerate(evaluator.trades(s1)))
            reasons.append(describe_trade(s1, trade, lang) if trade != LEAVE else TEXTS.t(lang, "trade_later"))
    elif kind == "portal":
        head = TEXTS.t(lang, "go_portal", cell=_cell(to))
        if not victims:
            reasons.append(TEXTS.t(lang, "to_twin", cell=_cell(board.twin(to))))
    else:
        head = TEXTS.t(lang, "go", cell=_cell(to))
        if not victims:
            reasons.append(_why_here(s1, me, s1.pos[me], lang))
    return head + (sep + TEXTS.t(lang, "and").join(reasons) if reasons else "")


def _why_here(s: MarchandsState, me: int, cell: Any, lang: str) -> str:
    """Why a cell is a good place to wait: the nearest worthwhile target seen from it."""
    board = s.board
    assert board is not None
    rivals = [q for q in range(s.num_players) if q != me]
    rich = max(s.coins[q] for q in rivals)
    if s.winner() == me:
        return TEXTS.t(lang, "near_end", cell=_cell(board.end), n=_coins(s.coins[me] - rich, lang))
    length = 1.0 + mean_reach(s.dice[me])
    options: list[tuple[float, str]] = []
    for b in board.cells_of("bonus"):
        if b != cell and s.bonus_open(me, b):
            options.append((5.0 * math.exp(-_dist(cell, b) / length), TEXTS.t(lang, "near_bonus", cell=_cell(b))))
    trade = expert_trade(s.dice[me], s.coins[me], rich, horizon(s), s.options.on)[1]
    if trade > 0:
        for m in board.cells_of("merchant"):
            if m != cell:
                options.append(
                    (trade * math.exp(-_dist(cell, m) / length), TEXTS.t(lang, "near_merchant", cell=_cell(m)))
                )
    for q in rivals:
        if s.coins[q] >= 4 and s.pos[q] != cell:
            options.append(
                (
                    s.coins[q] * math.exp(-_dist(cell, s.pos[q]) / length),
                    TEXTS.t(lang, "near_rival", q=q + 1, n=_coins(s.coins[q], lang)),
                )
            )
    if not options:
        return TEXTS.t(lang, "nothing_better")
    return max(options, key=lambda o: o[0])[1]


def _why_stay(s: MarchandsState, me: int, cell: Any, lang: str) -> str:
    """Why staying: out of a rival's reach when moving would not be, else nothing reachable is better."""
    rivals = [q for q in range(s.num_players) if q != me]
    if s.coins[me] >= 4 and not any(reach_chance(s.dice[q], s.pos[q], cell) for q in rivals):
        near = min(rivals, key=lambda q: _dist(cell, s.pos[q]))
        if _dist(cell, s.pos[near]) <= 2 * (1 + max(r for _, r, _ in roll_table(s.dice[near]))):
            return TEXTS.t(lang, "safe", q=near + 1)
    return TEXTS.t(lang, "nothing_better")


def _dist(a: Any, b: Any) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def marks(scene: Any, action: Any) -> tuple[list[Any], list[Any]]:
    """The buttons that play ``action`` (roll, stay, a bonus, a transaction on the dialog's page), else the
    destination cell where the board shows it."""
    shown = [c for c in scene.controls() if c.enabled and c.action == action]
    if shown:
        return [c.target for c in shown], [c.rect for c in shown]
    if isinstance(action, Move) and tuple(action.to) in scene.targets():
        view = scene.board_view()
        cell = tuple(action.to)
        if view is not None and view.visible(cell):
            return [("cell", cell)], [view.cell_rect(cell)]
        return [("cell", cell)], []
    return [], []
