"""Every text of the Paradice screen (board, zones, messages, buttons, banner), in French and English.

Keys: Space stops the dice; at a crossing the arrow keys choose the direction; O (or Y) buys the event,
N declines it; while selling, V sells the offered event and S skips to the next one; 1–6 show a player's
route (again, Escape or a click hides it); E opens the dice events viewer. The statistics panel's texts and
the number formats are in texts_stats (shared with the statistics panel and the event viewer).
"""

from __future__ import annotations

from dicehall.games.paradice.texts_stats import event_name, number
from dicehall.ui.i18n import Texts, join_names

TEXTS = Texts(
    {
        # --- zones ----------------------------------------------------------------------------------------
        "round": ("Tour {r}", "Round {r}"),
        "round_of": ("Tour {r}/{n}", "Round {r}/{n}"),
        "human": ("humain", "human"),
        "computer": ("ordi", "CPU"),
        "out": ("éliminé", "out"),
        "jackpot": ("Jackpot", "Jackpot"),
        "last_win": ("dernier gain", "last win"),
        "last_win_by": ("{name} : {amount}", "{name}: {amount}"),
        "no_win_yet": ("pas encore gagné", "not won yet"),
        "events_title": ("Événements de dés", "Dice events"),
        "nobody": ("libres", "free"),
        "dice_total": ("= {n}", "= {n}"),
        "price": ("Prix : {price}", "Price: {price}"),
        # --- prompts (what is expected now) ---------------------------------------------------------------
        "prompt_stop": (
            "{name}, arrêtez les dés : [Espace] ou touchez-les.",
            "{name}, stop the dice: [Space] or tap them.",
        ),
        "ai_roll": ("{name} lance les dés…", "{name} rolls the dice…"),
        "prompt_direction": (
            "{name}, choisissez une direction : flèches, ou cliquez une flèche. Reste {n}.",
            "{name}, choose a direction: arrow keys, or click an arrow. {n} left.",
        ),
        "ai_direction": ("{name} choisit sa direction…", "{name} chooses a direction…"),
        "prompt_buy": (
            "{name}, acheter « {event} » pour {price} ? [O]ui / [N]on",
            "{name}, buy “{event}” for {price}? [Y]es / [N]o",
        ),
        "ai_buy": ("{name} réfléchit à l'achat de « {event} »…", "{name} thinks about buying “{event}”…"),
        "prompt_sell": (
            "{name} doit payer {due} et il lui manque {missing} : vendez des événements ({price} chacun).",
            "{name} must pay {due} and is {missing} short: sell events ({price} each).",
        ),
        "sell_offer": (
            "À vendre : « {event} » — [V] vendre, [S] suivant, ou cliquez un de vos événements.",
            "On offer: “{event}” — [V] sell, [S] skip, or click one of your events.",
        ),
        "ai_sell": ("{name} doit payer {due} : il vend des événements…", "{name} must pay {due}: selling events…"),
        "moving": ("{name} avance…", "{name} moves…"),
        "turn_of": ("Au tour de {name}.", "{name}'s turn."),
        # --- the turn's events ----------------------------------------------------------------------------
        "ev_roll": ("{name} obtient {a} et {b} : {n} cases.", "{name} rolls {a} and {b}: {n} cells."),
        "ev_roll_again": (
            "Relance : {name} obtient {a} et {b} : {n} cases.",
            "Roll again: {name} rolls {a} and {b}: {n} cells.",
        ),
        "ev_bis": (
            "Bis repetita ! {name} avance encore de {n} cases, sans payer ici.",
            "Bis repetita! {name} moves {n} cells again, paying nothing here.",
        ),
        "ev_pay": ("{name} paie {items}.", "{name} pays {items}."),
        "pay_item": ("{amount} à {party}", "{amount} to {party}"),
        "pay_total": (" ({total} en tout)", " ({total} in all)"),
        "to_jackpot": ("au jackpot", "to the jackpot"),
        "the_jackpot": ("le jackpot", "the jackpot"),
        "ev_tirelire": (
            "Tirelire ! Tous les gains de ce lancer, {total}, vont au jackpot.",
            "Piggy bank! All this roll's gains, {total}, go to the jackpot.",
        ),
        "ev_tirelire_empty": (
            "Tirelire : aucun gain à verser au jackpot.",
            "Piggy bank: no gain to pay into the jackpot.",
        ),
        "ev_nothing_due": ("Aucun gain à payer pour ce lancer.", "No gains to pay for this roll."),
        "ev_owned": ("« {event} » appartient à {owner}.", "“{event}” belongs to {owner}."),
        "ev_own": ("« {event} » appartient déjà à {name}.", "“{event}” already belongs to {name}."),
        "ev_buy": ("{name} achète « {event} » pour {price}.", "{name} buys “{event}” for {price}."),
        "ev_free": (
            "{name} a déjà l'autre « {event} » : celui-ci est gratuit !",
            "{name} already owns the other “{event}”: this one is free!",
        ),
        "ev_decline_pot": (
            "« {event} » n'est pas acheté : ses gains iront au jackpot.",
            "“{event}” is not bought: its gains will go to the jackpot.",
        ),
        "ev_decline": ("{name} n'achète pas « {event} ».", "{name} does not buy “{event}”."),
        "ev_ladder": (
            "Échelle {dir} : {name} grimpe jusqu'à l'autre échelle {dir}.",
            "{dir} ladder: {name} climbs to the other {dir} ladder.",
        ),
        "ev_relance": (
            "Relance ! {name} relance les dés et jouera encore.",
            "Roll again! {name} rolls the dice once more.",
        ),
        "ev_jackpot": ("Jackpot ! {name} remporte {amount}.", "Jackpot! {name} wins {amount}."),
        "ev_jackpot_empty": ("Malheureusement le jackpot est vide !", "Unfortunately the jackpot is empty!"),
        "ev_sell": ("{name} vend « {event} » pour {price}.", "{name} sells “{event}” for {price}."),
        "ev_sell_pot": (
            "{name} vend « {event} » pour {price} ; ses gains iront au jackpot.",
            "{name} sells “{event}” for {price}; its gains will go to the jackpot.",
        ),
        "ev_eliminated": (
            "{name} ne peut pas payer : éliminé, {rank}e place.",
            "{name} cannot pay: out, in place {rank}.",
        ),
        "ev_liquidated": ("Ses événements sont liquidés pour {amount}.", "The events are liquidated for {amount}."),
        "ev_over": ("Partie terminée.", "Game over."),
        "dir_N": ("nord", "north"),
        "dir_E": ("est", "east"),
        "dir_S": ("sud", "south"),
        "dir_W": ("ouest", "west"),
        "choice_stop": ("Arrêter les dés", "Stop the dice"),
        # "Towards" a direction: the French article elides before a vowel ("vers le nord", "vers l'est").
        "towards_N": ("vers le nord", "north"),
        "towards_E": ("vers l'est", "east"),
        "towards_S": ("vers le sud", "south"),
        "towards_W": ("vers l'ouest", "west"),
        "choice_go": ("Aller {towards}", "Go {towards}"),
        "dir_key_N": ("Nord ↑", "North ↑"),
        "dir_key_E": ("Est →", "East →"),
        "dir_key_S": ("Sud ↓", "South ↓"),
        "dir_key_W": ("Ouest ←", "West ←"),
        # --- buttons and refusals ------------------------------------------------------------------------
        "stop": ("Stop [Espace]", "Stop [Space]"),
        "yes": ("Oui [O]", "Yes [Y]"),
        "no": ("Non [N]", "No [N]"),
        "sell": ("Vendre [V]", "Sell [V]"),
        "skip": ("Suivant [S]", "Skip [S]"),
        "not_now": ("Pas maintenant.", "Not now."),
        "not_your_turn": ("Ce n'est pas le tour d'un joueur humain.", "It is not a human player's turn."),
        "no_way": ("{name} ne peut pas aller {towards} ici.", "{name} cannot go {towards} from here."),
        "not_yours": ("Cet événement n'est pas à {name}.", "This event does not belong to {name}."),
        # --- overlays --------------------------------------------------------------------------------------
        "route_of": ("Parcours de {name} — Échap ou clic pour fermer", "{name}'s route — Escape or click to close"),
        "keys_help": (
            "Espace : dés · flèches : direction · O/N : achat · V/S : vente · 1–6 : parcours · E : événements",
            "Space: dice · arrows: direction · Y/N: buy · V/S: sell · 1–6: routes · E: events",
        ),
        # --- on a touch screen (the last input a finger): the same without keys ----------------------------
        "prompt_stop_touch": ("{name}, arrêtez les dés : touchez-les.", "{name}, stop the dice: tap them."),
        "prompt_direction_touch": (
            "{name}, choisissez une direction : touchez une flèche. Reste {n}.",
            "{name}, choose a direction: tap an arrow. {n} left.",
        ),
        "prompt_buy_touch": ("{name}, acheter « {event} » pour {price} ?", "{name}, buy “{event}” for {price}?"),
        "sell_offer_touch": (
            "À vendre : « {event} » — Vendre, Suivant, ou touchez un de vos événements.",
            "On offer: “{event}” — Sell, Skip, or tap one of your events.",
        ),
        "stop_touch": ("Touchez : stop", "Tap to stop"),
        "yes_touch": ("Oui", "Yes"),
        "no_touch": ("Non", "No"),
        "sell_touch": ("Vendre", "Sell"),
        "skip_touch": ("Suivant", "Skip"),
        "route_of_touch": ("Parcours de {name} — touchez pour fermer", "{name}'s route — tap to close"),
        "banner_hint_touch": ("Touchez : voir le plateau", "Tap: see the board"),
        # --- a key pressed before its question (the pawn still walking, the dice not yet spinning) -------
        "key_kept": (
            "Touche «\u00a0{pressed}\u00a0» retenue pour la question qui vient.",  # kept on one line
            "Key “{pressed}” kept for the coming question.",
        ),
        "key_wait": (
            "Pas maintenant : la prochaine décision revient à {name}.",
            "Not now: the next decision is {name}'s.",
        ),
        "key_early": (
            "Un instant : cette question n'est pas encore posée.",
            "One moment: that question has not been asked yet.",
        ),
        "key_space": ("Espace", "Space"),
        # --- the end ---------------------------------------------------------------------------------------
        "win": ("{name} gagne !", "{name} wins!"),
        "banner_hint": (
            "Cliquez ou Échap : voir le plateau (Entrée : revoir ce résultat)",
            "Click or Esc: see the board (Enter: this result again)",
        ),
        "tie": ("Égalité : {names}", "A tie: {names}"),
        "rank_line": ("{place}. {name} : {amount}", "{place}. {name}: {amount}"),
        "rank_out": ("{place}. {name} : éliminé", "{place}. {name}: out"),
        "ended_limit": (
            "Limite de {n} tours atteinte : le plus riche gagne.",
            "The {n}-round limit was reached: the richest wins.",
        ),
        "ended_last": ("Dernier joueur en jeu.", "Last player standing."),
        "and": ("et", "and"),
    }
)

KEYS_BUY_YES = ("o", "y")  # Oui / Yes
KEYS_BUY_NO = ("n",)


def t(lang: str, key: str, **fields: object) -> str:
    return TEXTS.t(lang, key, **fields)


def keyed(lang: str, key: str, touch: bool, **fields: object) -> str:
    """Text ``key``, or on a touch screen its version without keys (``Texts.keyed``)."""
    return TEXTS.keyed(lang, key, touch, **fields)


def money(lang: str, n: int) -> str:
    """An amount as the statistics panel writes it: "7 500" or "7,500"."""
    return number(lang, n)


def event(lang: str, index: int) -> str:
    """The name of dice event ``index`` (board.EVENTS order)."""
    return event_name(lang, index)


def names_list(lang: str, names: list[str]) -> str:
    return join_names(names, t(lang, "and"))


def direction(lang: str, d: str) -> str:
    return t(lang, f"dir_{d}")


def towards(lang: str, d: str) -> str:
    """ "vers le nord", "vers l'est" / "north", "east": where a move goes."""
    return t(lang, f"towards_{d}")
