"""Every text of the Dés & Marchands screen, in French and English.

Keys: Space, Enter or R rolls; in the move, the arrows move the cursor among the reachable cells and Enter
(or Space) goes there, S stays put; + and − zoom, 0 or F fits the board to the screen, the arrows (Shift +
arrows while choosing a cell) pan; in a dialog the arrows move the focus, Enter chooses, Escape goes back.
"""

from __future__ import annotations

from dicehall.ui.i18n import Texts, join_names, plural

TEXTS = Texts(
    {
        # --- header, panel, board ------------------------------------------------------------------------
        "round": ("Tour {r}", "Round {r}"),
        "round_of": ("Tour {r}/{n}", "Round {r}/{n}"),
        "turn_of": ("au tour de {name}", "{name}'s turn"),
        "computer": ("ordi", "CPU"),
        "coins_one": ("{n} pièce", "{n} coin"),
        "coins_many": ("{n} pièces", "{n} coins"),
        "power": ("puissance {n}", "power {n}"),
        "power_short": ("P {n}", "P {n}"),
        "reach_short": ("portée {n}", "reach {n}"),
        "dice_label": ("Dés", "Dice"),
        "zoom_in": ("+", "+"),
        "zoom_out": ("−", "−"),
        "fit": ("Ajuster", "Fit"),
        "roll": ("Lancer les dés [Espace]", "Roll the dice [Space]"),
        "stay": ("Rester sur place [S]", "Stay put [S]"),
        "keys_help": (
            "Molette, pincement ou +/− : zoom ; glisser ou flèches : déplacer ; 0 : tout voir.",
            "Wheel, pinch or +/−: zoom; drag or arrows: pan; 0: see it all.",
        ),
        "cell": ("({x}, {y})", "({x}, {y})"),
        # --- prompts ---------------------------------------------------------------------------------------
        "prompt_roll": ("{name}, lancez vos dés.", "{name}, roll your dice."),
        "prompt_move": (
            "{name}, choisissez une case en surbrillance (portée {reach}) : cliquez, ou flèches puis Entrée.",
            "{name}, pick a highlighted cell (reach {reach}): click it, or arrows then Enter.",
        ),
        "prompt_move_touch": (
            "{name}, choisissez une case en surbrillance (portée {reach}) : touchez-la.",
            "{name}, pick a highlighted cell (reach {reach}): tap it.",
        ),
        "prompt_bonus": ("{name}, choisissez votre bonus.", "{name}, choose your bonus."),
        "prompt_merchant": (
            "{name}, chez le marchand : une transaction, ou partez.",
            "{name}, at the merchant: one transaction, or leave.",
        ),
        "ai_turn": ("{name} joue…", "{name} is playing…"),
        "ai_move": ("{name} choisit sa case…", "{name} picks a cell…"),
        "ai_bonus": ("{name} choisit son bonus…", "{name} chooses a bonus…"),
        "ai_merchant": ("{name} marchande…", "{name} is trading…"),
        "in_air": ("Les dés roulent…", "The dice are rolling…"),
        "cursor": ("Case {cell} : {what}.", "Cell {cell}: {what}."),
        "cursor_stay": ("rester sur place", "stay put"),
        "cursor_go": ("aller à {n} case(s)", "go {n} cell(s)"),
        # --- events ----------------------------------------------------------------------------------------
        "ev_roll": ("{name} obtient {faces}.", "{name} rolls {faces}."),
        "ev_reach": (
            "Directions {dirs}, puissance {power}{factor} : portée {reach}.",
            "Directions {dirs}, power {power}{factor}: reach {reach}.",
        ),
        "factor": (" ×{n}", " ×{n}"),
        "why_no_direction": ("Aucune direction : {name} ne bouge pas.", "No direction: {name} does not move."),
        "why_no_power": ("Aucune puissance : {name} ne bouge pas.", "No power: {name} does not move."),
        "ev_move": ("{name} va en {cell}{what}.", "{name} goes to {cell}{what}."),
        "ev_stay": ("{name} reste sur place.", "{name} stays put."),
        "ev_portal": ("{name} passe le portail vers {cell}.", "{name} goes through the portal to {cell}."),
        "ev_steal": ("{name} prend {coins} à {victim}.", "{name} takes {coins} from {victim}."),
        "ev_bonus": ("{name} prend le bonus : {label}.", "{name} takes the bonus: {label}."),
        "ev_sell": ("{name} vend un dé de {n} faces pour {coins}.", "{name} sells a {n}-sided die for {coins}."),
        "ev_buy": ("{name} achète un dé de {n} faces pour {coins}.", "{name} buys a {n}-sided die for {coins}."),
        "ev_replace": (
            "{name} remplace une face {old} par {new} pour {coins}.",
            "{name} replaces a {old} face with {new} for {coins}.",
        ),
        "ev_trade": ("{name} fait affaire avec le marchand ({coins}).", "{name} trades with the merchant ({coins})."),
        "ev_leave": ("{name} quitte le marchand sans rien faire.", "{name} leaves the merchant without trading."),
        "ev_end_cell": (
            "{name} atteint la case d'arrivée : la partie est finie.",
            "{name} reaches the end cell: the game is over.",
        ),
        "ev_round_limit": ("Limite de tours atteinte : la partie est finie.", "Round limit reached: the game is over."),
        "ev_turn": ("Au tour de {name}.", "{name}'s turn."),
        "ev_spent": (
            "Cette case bonus a déjà servi à {name} : rien de plus.",
            "This bonus cell has already served {name}: nothing more.",
        ),
        "on_bonus": (" (case bonus)", " (bonus cell)"),
        "on_merchant": (" (marchand)", " (merchant)"),
        "on_end": (" (case d'arrivée)", " (end cell)"),
        "on_portal": (" (portail)", " (portal)"),
        # --- callouts on the board: what an arrival did -----------------------------------------------------
        "co_steal": ("Vol : {taken}", "Stole {taken}"),
        "co_steal_one": ("{coins} à {victim}", "{coins} from {victim}"),
        "co_portal": ("Portail → {cell}", "Portal → {cell}"),
        "co_coins": ("+{coins}", "+{coins}"),
        "co_tax": ("Impôt : −{n} à chacun", "Tax: −{n} to everyone"),
        "co_replay": ("Bonus : on rejoue !", "Bonus: roll again!"),
        "co_nothing": ("Bonus : rien", "Bonus: nothing"),
        "co_bonus": ("Bonus : {label}", "Bonus: {label}"),
        "co_spent": ("Bonus déjà pris ici", "Bonus already taken here"),
        "co_buy": ("Marchand : achète un dé de {n}", "Merchant: bought a {n}-face die"),
        "co_sell": ("Marchand : vend un dé de {n} (+{coins})", "Merchant: sold a {n}-face die (+{coins})"),
        "co_replace": ("Marchand : face {old} → {new}", "Merchant: face {old} → {new}"),
        "co_trade": ("Marchand : affaire faite ({coins})", "Merchant: a deal ({coins})"),
        "co_leave": ("Marchand : aucune affaire", "Merchant: no deal"),
        # --- dialogs -------------------------------------------------------------------------------------
        "bonus_title": ("Case bonus : choisissez", "Bonus cell: choose"),
        "merchant_title": ("Le marchand ({coins})", "The merchant ({coins})"),
        "merchant_help": ("Une seule transaction par visite.", "One transaction per visit."),
        "sell": ("Vendre le dé {k} ({faces})", "Sell die {k} ({faces})"),
        "buy": ("Acheter un dé de {n} faces (puissance 1)", "Buy a {n}-sided die (power 1)"),
        "replace_open": ("Remplacer une face…", "Replace a face…"),
        "replace_die_title": ("Remplacer : quel dé ?", "Replace: which die?"),
        "replace_face_title": ("Dé {k} : quelle face ?", "Die {k}: which face?"),
        "replace_token_title": ("Dé {k}, face {old} : par quoi ?", "Die {k}, face {old}: with what?"),
        "die_row": ("Dé {k} : {faces}", "Die {k}: {faces}"),
        "face_row": ("Face {i} : {face}", "Face {i}: {face}"),
        "gain": ("reçoit {coins}", "receive {coins}"),
        "cost": ("coûte {coins}", "costs {coins}"),
        "from_price": ("dès {coins}", "from {coins}"),
        "leave": ("Partir sans rien faire", "Leave without trading"),
        "back": ("◂ Retour", "◂ Back"),
        "prev": ("◂", "◂"),
        "next": ("▸", "▸"),
        "page": ("{p}/{n}", "{p}/{n}"),
        "why_coins": ("pas assez de pièces ({price} > {coins})", "not enough coins ({price} > {coins})"),
        "why_no_die": ("il faut garder au moins un dé", "you must keep at least one die"),
        "why_no_direction_face": ("il faut garder une face de direction", "you must keep a direction face"),
        "why_no_power_face": ("il faut garder une face de puissance", "you must keep a power face"),
        "why_unknown": ("le marchand ne vend pas cela", "the merchant does not sell that"),
        "why_same": ("c'est déjà cette face", "it is already that face"),
        "why_none": ("aucun remplacement possible", "no replacement possible"),
        "not_now": ("Pas maintenant.", "Not now."),
        "not_your_turn": ("Ce n'est pas votre tour.", "It is not your turn."),
        "not_target": ("Case hors de portée.", "Cell out of reach."),
        # --- faces ---------------------------------------------------------------------------------------
        "face_N": ("Nord", "North"),
        "face_E": ("Est", "East"),
        "face_S": ("Sud", "South"),
        "face_W": ("Ouest", "West"),
        "none": ("aucune", "none"),
        # --- the end ------------------------------------------------------------------------------------
        "game_over": ("Partie terminée", "Game over"),
        "win": ("{name} gagne !", "{name} wins!"),
        "nobody": ("Personne ne gagne : égalité parfaite.", "Nobody wins: a perfect tie."),
        "end_line": ("{name} : {coins}, puissance {power}", "{name}: {coins}, power {power}"),
        "ended_end_cell": ("{name} a atteint la case d'arrivée.", "{name} reached the end cell."),
        "ended_round_limit": ("Limite de {n} tours atteinte.", "The {n}-round limit was reached."),
        "and": ("et", "and"),
    }
)

ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}


def t(lang: str, key: str, **fields: object) -> str:
    return TEXTS.t(lang, key, **fields)


def coins(lang: str, n: int) -> str:
    return t(lang, plural(lang, n, "coins_one", "coins_many"), n=n)


def face(token: str) -> str:
    """A face as a short symbol: arrows for directions, digits for powers, ×2 / ×3."""
    if token in ARROWS:
        return ARROWS[token]
    if token.startswith("x"):
        return "×" + token[1:]
    return token


def face_word(lang: str, token: str) -> str:
    """A face for the screen reader and the messages: "Nord", "3", "×2"."""
    if token in ARROWS:
        return t(lang, f"face_{token}")
    return face(token)


def faces(tokens: tuple[str, ...] | list[str]) -> str:
    return " ".join(face(tk) for tk in tokens)


def names_list(lang: str, names: list[str]) -> str:
    return join_names(names, t(lang, "and"))


def cell(lang: str, c: tuple[int, ...]) -> str:
    return t(lang, "cell", x=c[0], y=c[1])
