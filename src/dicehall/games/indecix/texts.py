"""Every text of the Indecix screen, in French and English (the French follows the original program)."""

from __future__ import annotations

from dicehall.ui.i18n import Texts, plural

TEXTS = Texts(
    {
        # --- the centre column -------------------------------------------------------------------
        "turn": ("{t}/36", "{t}/36"),
        "turn_label": ("Tour", "Turn"),
        "stop": ("STOP", "STOP"),
        "ok": ("OK", "OK"),
        # --- names ---------------------------------------------------------------------------------
        "left": ("Gauche", "Left"),
        "right": ("Droite", "Right"),
        "computer": ("ordinateur", "computer"),
        # --- what to do now ------------------------------------------------------------------------
        "prompt_roll": ("Lancez le dé : appuyez sur STOP", "Roll the die: press STOP"),
        "prompt_place": ("Choisissez une case", "Choose a square"),
        "prompt_choose": ("Choisissez un dé…", "Choose a die…"),
        "prompt_pass": (
            "Impossible de placer votre dé ! Votre adversaire gagne un point.",
            "Your die cannot be placed! Your opponent scores a point.",
        ),
        "prompt_pass_ok": ("Appuyez sur OK.", "Press OK."),
        "ai_rolling": ("{name} lance le dé…", "{name} rolls the die…"),
        "thinking": ("{name} réfléchit…", "{name} is thinking…"),
        "ai_pass": (
            "{name} ne peut pas placer son dé ! Son adversaire gagne un point.",
            "{name} cannot place the die! The opponent scores a point.",
        ),
        "wait_turn": ("Au tour de {name}", "{name} to play"),
        # --- result of the last placement ----------------------------------------------------------
        "captured_you": (
            "Vous avez capturé {dice} dont {opp} rapportant {pts}.",
            "You captured {dice} ({opp}) worth {pts}.",
        ),
        "captured_other": (
            "{name} a capturé {dice} dont {opp} rapportant {pts}.",
            "{name} captured {dice} ({opp}) worth {pts}.",
        ),
        "no_points_you": ("Vous n'obtenez aucun point.", "You score no points."),
        "no_points_other": ("{name} n'obtient aucun point.", "{name} scores no points."),
        "passed_you": ("Votre dé n'a pas pu être posé.", "Your die could not be placed."),
        "passed_other": ("{name} n'a pas pu poser son dé.", "{name} could not place the die."),
        "suite_one": (
            "Une suite vient d'être formée. Elle doit rester jusqu'à la fin pour être comptabilisée.",
            "A run has just been formed. It must stay complete until the end to count.",
        ),
        "suite_two": (
            "Deux suites viennent d'être formées. Elles doivent rester jusqu'à la fin pour être comptabilisées.",
            "Two runs have just been formed. They must stay complete until the end to count.",
        ),
        "dice_one": ("{n} dé", "{n} die"),
        "dice_many": ("{n} dés", "{n} dice"),
        "opp_one": ("{n} adverse", "{n} of the opponent's"),
        "opp_many": ("{n} adverses", "{n} of the opponent's"),
        "pts_one": ("{n} point", "{n} point"),
        "pts_many": ("{n} points", "{n} points"),
        # --- short flashes after a refused input ---------------------------------------------------
        "flash_cell": ("Case impossible pour ce dé", "This die cannot go there"),
        "flash_stop": ("Appuyez d'abord sur STOP", "Press STOP first"),
        "flash_token": ("Plus de jeton {f}", "No {f} token left"),
        "flash_wait": ("Ce n'est pas à vous de jouer", "It is not your turn"),
        # --- the panels beside the grid ------------------------------------------------------------
        "to_play": ("Reste à jouer ({n})", "Still to play ({n})"),
        "captured_panel": ("Dés capturés ({n}, {pts})", "Captured dice ({n}, {pts})"),
        "unplayed_panel": ("Dés non joués ({n}, {pts})", "Dice not played ({n}, {pts})"),
        "pt_one": ("{n} pt", "{n} pt"),
        "pt_many": ("{n} pts", "{n} pts"),
        "none": ("aucun", "none"),
        # --- suite indicators ----------------------------------------------------------------------
        "mixed": ("mixtes", "mixed"),
        "clean": ("propres", "clean"),
        "suites": ("Suites", "Runs"),
        # --- end of the game -----------------------------------------------------------------------
        "won_you": ("Vous avez gagné !", "You won!"),
        "lost_you": ("Vous avez perdu.", "You lost."),
        "won_other": ("{name} a gagné !", "{name} won!"),
        "lost_other": ("{name} a perdu.", "{name} lost."),
        "tie": ("Vous êtes à égalité !", "It's a tie!"),
        "final_total": ("Total final : {pts}.", "Final total: {pts}."),
        "banner_win": ("{name} gagne {a} à {b} !", "{name} wins {a} to {b}!"),
        "banner_tie": ("Égalité : {a} partout !", "Tie: {a} all!"),
        "game_over": ("Partie terminée", "Game over"),
        # --- the live region (screen readers) -------------------------------------------------------
        "ann_turn": ("Tour {t} sur 36 : à {name} de jouer.", "Turn {t} of 36: {name} to play."),
        "ann_roll": ("{name} obtient un {f}.", "{name} rolls a {f}."),
        "ann_choose": ("{name} choisit un {f}.", "{name} chooses a {f}."),
        "ann_place": ("{name} pose un {f} en {cell}.", "{name} places a {f} on {cell}."),
        "ann_pass": (
            "{name} ne peut pas poser son {f} : un point pour l'adversaire.",
            "{name} cannot place the {f}: one point to the opponent.",
        ),
        "ann_scores": ("Scores : {a} à {b}.", "Scores: {a} to {b}."),
        "ann_cell": ("{cell}", "{cell}"),
        "ann_cell_points": ("{cell} : {pts}", "{cell}: {pts}"),
        "ann_cell_star": ("{cell} : complète une ligne", "{cell}: completes a line"),
        "choice_stop": ("STOP : arrêter le dé", "STOP: stop the die"),
        "choice_ok": ("OK : le dé ne peut pas être posé", "OK: the die cannot be placed"),
        "choice_token": ("Prendre le dé {f}", "Take a {f}"),
        "ann_legal": ("{n} cases possibles.", "{n} possible squares."),
    }
)


def t(lang: str, key: str, **fields: object) -> str:
    return TEXTS.t(lang, key, **fields)


def count(lang: str, key: str, n: int) -> str:
    """``key`` is a stem with ``_one`` and ``_many`` forms ("dice", "pts", "pt", "opp")."""
    return TEXTS.t(lang, plural(lang, n, f"{key}_one", f"{key}_many"), n=n)


def cell_name(cell: tuple[int, int]) -> str:
    """Columns A–F from the left, rows 1–6 from the top: (2, 0) is "C1"."""
    x, y = cell
    return f"{'ABCDEF'[x]}{y + 1}"


def capture_message(lang: str, n: int, opponent: int, points: int, name: str | None) -> str:
    """The original's result message; ``name`` None speaks to the player ("Vous avez capturé…")."""
    if n == 0:
        return t(lang, "no_points_you") if name is None else t(lang, "no_points_other", name=name)
    fields = {
        "dice": count(lang, "dice", n),
        "opp": count(lang, "opp", opponent),
        "pts": count(lang, "pts", points),
    }
    if name is None:
        return t(lang, "captured_you", **fields)
    return t(lang, "captured_other", name=name, **fields)
