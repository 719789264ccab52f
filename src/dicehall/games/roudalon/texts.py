"""Every text of the Roudalon screen, in French and English.

Keys: 1–6 stake that many units, T throws one die, D throws two, A proposes an alliance (or extends it),
O or Y answers yes, N answers no, C (or Enter) closes the alliance, P passes.
"""

from __future__ import annotations

from dicehall.ui.i18n import Texts, join_names, plural

TEXTS = Texts(
    {
        # --- header and standings ---------------------------------------------------------------------
        "party": ("Partie {p}/{n}", "Game {p}/{n}"),
        "round": ("tour {r}/{n}", "round {r}/{n}"),
        "throwoff_head": ("tirage au sort", "throw-off"),
        "computer": ("ordi", "CPU"),
        "pot": ("Pot", "Pot"),
        "ceiling": ("plafond {n}", "ceiling {n}"),
        "at_ceiling": ("au plafond", "at the ceiling"),
        "running": ("Σ {total} / {pot}", "Σ {total} / {pot}"),
        "staked": ("misé {n}", "staked {n}"),
        "collected": ("reçu {n}", "won {n}"),
        "net": ("net {n}", "net {n}"),
        "standings": ("Classement", "Standings"),
        "col_party": ("P{p}", "G{p}"),
        "col_now": ("En cours", "Now"),
        "col_total": ("Total", "Total"),
        "um_one": ("{n} UM", "{n} unit"),
        "um_many": ("{n} UM", "{n} units"),
        # --- buttons ------------------------------------------------------------------------------------
        "stake_label": ("Miser", "Stake"),
        "choice_stake": ("Miser {n}", "Stake {n}"),
        "choice_pot": ("Pot : {pot}. Vous tenez {held}.", "Pot: {pot}. You hold {held}."),
        "throw1": ("Lancer 1 dé [T]", "Throw 1 die [T]"),
        "throw2": ("Lancer 2 dés [D]", "Throw 2 dice [D]"),
        "chance": ("{pct} %", "{pct}%"),
        "hopeless": ("sans espoir", "hopeless"),
        "propose": ("Alliance avec {name} [A]", "Alliance with {name} [A]"),
        "extend": ("Proposer à {name} [A]", "Ask {name} [A]"),
        "close": ("Lancer l'alliance [C]", "Throw now [C]"),
        "yes": ("Oui [O]", "Yes [Y]"),
        "no": ("Non [N]", "No [N]"),
        "pass": ("Passer [P]", "Pass [P]"),
        "chain_chance": ("chance de l'alliance : {pct} %", "alliance's chance: {pct}%"),
        # --- prompts -------------------------------------------------------------------------------------
        "prompt_turn": ("{name}, misez (1–6) ou lancez.", "{name}, stake (1–6) or throw."),
        "prompt_stake_only": ("{name}, misez (1–6).", "{name}, stake (1–6)."),
        "prompt_pass": ("{name}, vous devez passer.", "{name}, you must pass."),
        "prompt_answer": (
            "{asker} vous propose une alliance, {name} : oui ou non ?",
            "{asker} proposes an alliance to you, {name}: yes or no?",
        ),
        "prompt_extend": (
            "{name}, proposez à {next} de rejoindre l'alliance, ou lancez.",
            "{name}, ask {next} to join the alliance, or throw.",
        ),
        "prompt_chain": (
            "{name}, à vous de lancer pour l'alliance : il manque {left}.",
            "{name}, your throw for the alliance: {left} still to make.",
        ),
        "ai_turn": ("{name} réfléchit…", "{name} is thinking…"),
        "ai_answer": ("{asker} propose une alliance à {name}…", "{asker} proposes an alliance to {name}…"),
        "ai_extend": ("{name} peut élargir l'alliance à {next}…", "{name} may widen the alliance to {next}…"),
        "ai_chain": ("{name} lance pour l'alliance…", "{name} throws for the alliance…"),
        "in_air": ("Les dés roulent…", "The dice are rolling…"),
        "throwoff": (
            "Tirage au sort : le plus grand total de 2 dés commence.",
            "Throw-off: the highest total of 2 dice starts.",
        ),
        "throwoff_round": ("Tirage {k} : {results}", "Throw-off {k}: {results}"),
        "throwoff_tie": ("égalité, ils relancent", "a tie: they throw again"),
        "throwoff_result": ("{name} commence ({n}).", "{name} starts ({n})."),
        "game_over": ("Match terminé", "Match over"),
        # --- why an action is (not) possible ---------------------------------------------------------------
        "why_first": (
            "Premier tour de la partie : il faut miser.",
            "First turn of the game: you must stake.",
        ),
        "why_no_die": (
            "Vous n'avez aucun dé : misez pour en obtenir un.",
            "You hold no die: stake to get one.",
        ),
        "why_one_die": (
            "Un seul dé en main : pas de lancer à deux dés (une mise rend le second).",
            "One die in hand: no two-dice throw (a stake gives the second back).",
        ),
        "why_far_one": (
            "Le pot est à {pot} : un dé ne peut pas l'atteindre.",
            "The pot is {pot}: one die cannot reach it.",
        ),
        "why_far_two": (
            "Le pot est à {pot} : même deux dés ne peuvent pas l'atteindre.",
            "The pot is {pot}: even two dice cannot reach it.",
        ),
        "why_low_two": (
            "Le pot est à {pot} : deux dés font au moins 2.",
            "The pot is {pot}: two dice make at least 2.",
        ),
        "why_ceiling": (
            "Le pot est à son plafond ({ceiling}) : pas de mise.",
            "The pot is at its ceiling ({ceiling}): no stake.",
        ),
        "why_room": (
            "Plafond {ceiling} : mise de {room} au plus.",
            "Ceiling {ceiling}: a stake of {room} at most.",
        ),
        "why_pass": (
            "Aucun dé et pot au plafond : vous passez (et récupérez un dé).",
            "No die and the pot at its ceiling: you pass (and get a die back).",
        ),
        "why_left_no_die": (
            "{name}, votre voisin de gauche, n'a pas de dé : pas d'alliance.",
            "{name}, your left neighbour, has no die: no alliance.",
        ),
        "why_refused": (
            "{name} a refusé : misez ou lancez seul.",
            "{name} said no: stake or throw alone.",
        ),
        "why_no_alliance_first": ("Pas d'alliance au premier tour.", "No alliance on the first turn."),
        "not_your_turn": ("Ce n'est pas à vous de jouer.", "It is not your turn."),
        "wait_dice": ("Attendez que les dés retombent.", "Wait for the dice to land."),
        "not_now": ("Pas possible maintenant.", "Not possible now."),
        # --- what happened ---------------------------------------------------------------------------------
        "ev_stake": ("{name} mise {n} : le pot est à {pot}.", "{name} stakes {n}: the pot is {pot}."),
        "ev_pass": ("{name} passe et récupère un dé.", "{name} passes and gets a die back."),
        "ev_throw": ("{name} lance {dice}.", "{name} throws {dice}."),
        "ev_faces": ("{name} fait {faces}.", "{name} rolls {faces}."),
        "ev_hit": (
            "{name} fait {total} : pile le pot ! Il ramasse {won}.",
            "{name} makes {total}: the pot exactly! He collects {won}.",
        ),
        "ev_over": (
            "{name} fait {total} : au-delà du pot ({pot}). Il perd {lost}.",
            "{name} makes {total}: over the pot ({pot}). He loses {lost}.",
        ),
        "ev_short": (
            "{name} fait {total} : en dessous du pot ({pot}). Il perd {lost}.",
            "{name} makes {total}: short of the pot ({pot}). He loses {lost}.",
        ),
        "ev_alliance_hit": (
            "L'alliance fait {total} : pile le pot ! Partage : {shares}.",
            "The alliance makes {total}: the pot exactly! Shares: {shares}.",
        ),
        "ev_alliance_over": (
            "L'alliance dépasse le pot ({total} > {pot}) : {name}, le premier à dépasser, perd {lost}.",
            "The alliance goes over the pot ({total} > {pot}): {name}, the first to overshoot, loses {lost}.",
        ),
        "ev_alliance_short": (
            "L'alliance reste sous le pot ({total} < {pot}) : {name}, le dernier, perd {lost}.",
            "The alliance stays short of the pot ({total} < {pot}): {name}, the last, loses {lost}.",
        ),
        "ev_propose": ("{name} propose une alliance à {to}.", "{name} proposes an alliance to {to}."),
        "ev_accept": ("{name} accepte l'alliance.", "{name} joins the alliance."),
        "ev_refuse": ("{name} refuse l'alliance.", "{name} says no to the alliance."),
        "ev_close": (
            "{name} ferme l'alliance : ses membres lancent.",
            "{name} closes the alliance: its members throw.",
        ),
        "ev_void": (
            "Partie nulle après 40 tours : les mises sont rendues.",
            "Void game after 40 rounds: the stakes are refunded.",
        ),
        "ev_dead": (
            "Le pot a atteint son plafond ({ceiling}) : personne ne peut plus miser, et seul un 6 sur chacun des "
            "{dice} dés de la table pourrait le faire. Partie nulle : les mises sont rendues.",
            "The pot has reached its ceiling ({ceiling}): nobody can stake any more, and only a 6 on every one of "
            "the table's {dice} dice could make it. Void game: the stakes are refunded.",
        ),
        "ev_party": ("Fin de la partie {p} : {nets}.", "End of game {p}: {nets}."),
        "card_title": ("Fin de la partie {p}", "End of game {p}"),
        "card_void": ("Partie {p} nulle", "Game {p} is void"),
        "card_before": ("Elle s'est jouée avant votre tour.", "It was over before your turn."),
        "card_nets": ("Bilan : {nets}", "Nets: {nets}"),
        "card_next": ("La partie {p} commence.", "Game {p} starts."),
        "ev_turn": ("Tour {r} : à {name}.", "Round {r}: {name} to play."),
        "die_one": ("{n} dé", "{n} die"),
        "die_many": ("{n} dés", "{n} dice"),
        "and": ("et", "and"),
        # --- end ---------------------------------------------------------------------------------------------
        "banner_win": ("{name} gagne avec {net} !", "{name} wins with {net}!"),
        "banner_tie": ("Égalité : {names}, {net} !", "Tie: {names}, {net}!"),
        "ranking_line": ("{rank} {name} : {net}", "{rank} {name}: {net}"),
        "rank_1": ("1er", "1st"),
        "rank_2": ("2e", "2nd"),
        "rank_3": ("3e", "3rd"),
        "rank_n": ("{n}e", "{n}th"),
        "keys_help": (
            "Touches : 1–6 miser, T/D lancer, A alliance, O/N répondre, C lancer l'alliance",
            "Keys: 1–6 stake, T/D throw, A alliance, Y/N answer, C throw the alliance",
        ),
    }
)


def t(lang: str, key: str, **fields: object) -> str:
    return TEXTS.t(lang, key, **fields)


def um(lang: str, n: int) -> str:
    """ "3 UM" / "3 units"."""
    return TEXTS.t(lang, plural(lang, abs(n), "um_one", "um_many"), n=n)


def dice(lang: str, n: int) -> str:
    """ "1 dé" / "2 dice"."""
    return TEXTS.t(lang, plural(lang, n, "die_one", "die_many"), n=n)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def pct(chance: float) -> str:
    """A chance as a percentage to one decimal: "16.7", "2.8", "50", "0"."""
    text = f"{float(chance) * 100:.1f}"
    return text.removesuffix(".0")


def pct_in(lang: str, chance: float) -> str:
    text = pct(chance)
    return text.replace(".", ",") if lang == "fr" else text


def names_list(lang: str, names: list[str]) -> str:
    return join_names(names, t(lang, "and"))


def rank_label(lang: str, rank: int) -> str:
    return t(lang, f"rank_{rank}") if rank <= 3 else t(lang, "rank_n", n=rank)
