"""Every text of the Charidice screen, in French and English.

Keys: 1–6 toggle a die, Space rolls, Enter stops (before a roll) or confirms the marking, G (or D, for
« donation ») claims la grande donation for the human seat that may claim it.
"""

from __future__ import annotations

from dicehall.games.charidice.dice import colour_name
from dicehall.ui.i18n import Texts, join_names, plural

TEXTS = Texts(
    {
        # --- header ----------------------------------------------------------------------------------
        "round": ("Manche {r}/{n}", "Round {r}/{n}"),
        "roll_no": ("lancer {k}/3", "roll {k}/3"),
        "computer": ("ordi", "CPU"),
        "you": ("vous", "you"),
        # --- buttons -----------------------------------------------------------------------------------
        "roll_all": ("Lancer les 6 dés", "Roll the 6 dice"),
        "reroll": ("Relancer ({n})", "Re-roll ({n})"),
        "stop": ("Arrêter", "Stop"),
        "mark": ("Marquer", "Mark"),
        "claim": ("La grande donation ! ({name})", "Grand Donation! ({name})"),
        "worth_head": ("Les dés de {name} valent au mieux :", "{name}'s dice are worth at best:"),
        "help_same": ("Même couleur : {n}", "One colour: {n}"),
        "help_diff": ("Différentes : {n}", "Different: {n}"),
        # --- prompts -------------------------------------------------------------------------------------
        "prompt_first": ("{name}, lancez les six dés.", "{name}, roll the six dice."),
        "prompt_reroll": (
            "{name}, touchez les dés à relancer (1–6), puis Relancer (Espace) ; ou Arrêter (Entrée).",
            "{name}, tap the dice to re-roll (1–6), then Re-roll (Space); or Stop (Enter).",
        ),
        "prompt_reroll_touch": (
            "{name}, touchez les dés à relancer, puis Relancer ; ou Arrêter.",
            "{name}, tap the dice to re-roll, then Re-roll; or Stop.",
        ),
        "prompt_mark_touch": (
            "{name}, touchez les dés à marquer, puis Marquer.",
            "{name}, tap the dice to mark, then Mark.",
        ),
        "prompt_mark": (
            "{name}, choisissez les dés à marquer (1–6), puis Marquer (Entrée).",
            "{name}, choose the dice to mark (1–6), then Mark (Enter).",
        ),
        "ai_rolls": ("{name} lance les dés…", "{name} rolls the dice…"),
        "ai_thinks": ("{name} réfléchit…", "{name} is thinking…"),
        "ai_marks": ("{name} choisit ses dés…", "{name} chooses the dice to mark…"),
        "in_air": ("Les dés roulent…", "The dice are rolling…"),
        # --- the marking preview ---------------------------------------------------------------------
        "opt_same": ("Même couleur ({colour})", "One colour ({colour})"),
        "opt_diff": ("Couleurs différentes", "Different colours"),
        "opt_none": ("Aucune option", "No option"),
        "problem_empty": ("Choisissez au moins un dé à marquer.", "Choose at least one die to mark."),
        "problem_empty_ok": ("Aucun dé marqué : les six sont donnés.", "No die marked: all six given."),
        "problem_too_few_same": (
            "Une seule couleur : il faut au moins 4 dés.",
            "One colour needs at least 4 dice.",
        ),
        "problem_mixed": (
            "Une couleur, ou des couleurs toutes différentes.",
            "Either one colour, or all colours different.",
        ),
        "score_line": ("{pts} + bonus {bonus} = {total}", "{pts} + bonus {bonus} = {total}"),
        "run": ("suite", "run"),
        "same_number": ("même chiffre", "same number"),
        "gift_line": ("Don à {name} : {gift}", "Gift to {name}: {gift}"),
        "gift_line_note": ("Don à {name} : {gift} ({note})", "Gift to {name}: {gift} ({note})"),
        # what the gift's 5s and 6s are worth, said only when it has some
        "double_one": ("le {f} compte double", "the {f} counts double"),
        "double_many": ("les {f} comptent double", "the {f}s count double"),
        "double_both": ("5 et 6 comptent double", "5s and 6s count double"),
        "gift_doubled": (
            "Don à {name} : {gift} × 2 = {total} (grande donation)",
            "Gift to {name}: {gift} × 2 = {total} (Grand Donation)",
        ),
        "invalid": ("Marquage impossible", "Cannot mark this"),
        "reroll_none": ("Aucun dé choisi à relancer.", "No die chosen to re-roll."),
        # --- the claim -------------------------------------------------------------------------------------
        "claim_possible": (
            "{name} peut réclamer la grande donation.",
            "{name} may claim the Grand Donation.",
        ),
        "claim_wait": (
            "Les dés roulent : grande donation possible quand ils seront posés.",
            "The dice are rolling: the Grand Donation can be claimed once they land.",
        ),
        "claim_air": (
            "Les dés roulent : la grande donation se réclame avant un lancer ou quand les dés sont posés.",
            "The dice are rolling: the Grand Donation is claimed before a roll or once the dice have landed.",
        ),
        "claim_late": (
            "Trop tard pour la grande donation : {active} a fini de lancer.",
            "Too late for the Grand Donation: {active} has finished rolling.",
        ),
        "claim_used": (
            "{name} a déjà utilisé sa grande donation.",
            "{name} has already used the Grand Donation.",
        ),
        "claim_taken": (
            "La grande donation est déjà réclamée pour ce tour.",
            "The Grand Donation is already claimed this turn.",
        ),
        "claim_not_yours": (
            "Seul {name}, à gauche de {active}, peut réclamer la grande donation maintenant.",
            "Only {name}, on {active}'s left, may claim the Grand Donation now.",
        ),
        "claim_not_now": (
            "C'est votre tour : la grande donation se réclame pendant le tour du joueur à votre droite.",
            "It is your turn: you claim the Grand Donation during the turn of the player on your right.",
        ),
        "claimed": (
            "{name} réclame la grande donation ! Le don est doublé.",
            "{name} claims the Grand Donation! The gift is doubled.",
        ),
        "donation_used": ("2× manche {r}", "2× round {r}"),
        "donation_free": ("2× libre", "2× unused"),
        "donation_now": ("2× cette manche !", "2× this round!"),
        # --- messages after a turn -------------------------------------------------------------------------
        "turn_result": (
            "{name} marque {total} et donne {gift} à {to}.",
            "{name} scores {total} and gives {gift} to {to}.",
        ),
        "turn_result_nogift": (
            "{name} marque {total} et ne donne rien.",
            "{name} scores {total} and gives nothing.",
        ),
        "pts_one": ("{n} point", "{n} point"),
        "pts_many": ("{n} points", "{n} points"),
        "flash_wait": ("Ce n'est pas à vous de jouer.", "It is not your turn."),
        "flash_first": ("Le premier lancer jette les six dés.", "The first roll throws all six dice."),
        # --- sheets -------------------------------------------------------------------------------------
        "col_marked": ("Dés", "Dice"),
        "col_bonus": ("Bonus", "Bonus"),
        "col_received": ("Reçus", "Recv."),
        "col_given": ("Donnés", "Given"),
        "col_marked_short": ("Dés", "Pts"),
        "col_bonus_short": ("Bon", "Bon"),
        "col_received_short": ("Reç", "In"),
        "col_given_short": ("Don", "Out"),
        "sum": ("Σ", "Σ"),
        "generosity": ("Générosité", "Generosity"),
        "total": ("Total", "Total"),
        "rank_1": ("1er", "1st"),
        "rank_2": ("2e", "2nd"),
        "rank_3": ("3e", "3rd"),
        "rank_4": ("4e", "4th"),
        "other_sheet": ("Feuille de {name} ▸", "{name}'s sheet ▸"),
        # --- end -----------------------------------------------------------------------------------------
        "banner_win": ("{name} gagne avec {pts} !", "{name} wins with {pts}!"),
        "banner_you": ("Vous gagnez avec {pts} !", "You win with {pts}!"),
        "banner_tie": ("Égalité : {names}, {pts} !", "Tie: {names}, {pts}!"),
        "ranking_line": ("{rank} {name} : {pts}", "{rank} {name}: {pts}"),
        "generosity_line": (
            "Bonus de générosité : {names} (+{bonus})",
            "Generosity bonus: {names} (+{bonus})",
        ),
        "no_generosity": (
            "Personne n'a rien donné : pas de bonus de générosité.",
            "Nobody gave anything: no generosity bonus.",
        ),
        "game_over": ("Partie terminée", "Game over"),
        "and": ("et", "and"),
        "keys_help": (
            "Touches : 1–6 dés, Espace lancer, Entrée arrêter/marquer, G grande donation",
            "Keys: 1–6 dice, Space roll, Enter stop/mark, G Grand Donation",
        ),
        # --- the live region (screen readers) -----------------------------------------------------------
        "ann_turn": ("Manche {r} : à {name} de jouer.", "Round {r}: {name} to play."),
        "ann_dice": ("{name} obtient : {dice}.", "{name} rolls: {dice}."),
        "ann_die": ("D{d} {n} {colour}", "D{d} {n} {colour}"),
        "ann_selected": ("D{d} choisi.", "D{d} chosen."),
        "ann_unselected": ("D{d} retiré.", "D{d} removed."),
        "ann_reroll": ("{name} relance {dice}.", "{name} re-rolls {dice}."),
        "ann_stop": ("{name} s'arrête.", "{name} stops."),
        "ann_scores": ("Scores : {scores}.", "Scores: {scores}."),
    }
)


def t(lang: str, key: str, **fields: object) -> str:
    return TEXTS.t(lang, key, **fields)


def pts(lang: str, n: int) -> str:
    return TEXTS.t(lang, plural(lang, n, "pts_one", "pts_many"), n=n)


def names_list(lang: str, names: list[str]) -> str:
    return join_names(names, t(lang, "and"))


def die_words(lang: str, values: tuple[int, ...], dice: tuple[int, ...]) -> str:
    """ "D1 3 rouge, D4 5 bleu" for a screen reader."""
    from dicehall.games.charidice.dice import colour_of

    return ", ".join(
        t(lang, "ann_die", d=i + 1, n=values[i], colour=colour_name(colour_of(i, values[i]), lang))
        for i in dice
        if values[i]
    )


def rank_label(lang: str, rank: int) -> str:
    return t(lang, f"rank_{min(rank, 4)}")
