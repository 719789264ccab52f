"""French and English texts of the Paradice statistics panel and dice-event viewer, with the number
formats they use (French: narrow no-break space between thousands and a decimal comma)."""

from __future__ import annotations

from dicehall.games.paradice.board import EVENTS
from dicehall.ui.i18n import Texts

NNBSP = "\u202f"  # French thousands separator, and the space before "%"

TEXTS = Texts(
    {
        # Tabs (short: six fit a 250 px row) and the views' titles.
        "tab_turn": ("Tour", "Round"),
        "tab_evolution": ("Graphe", "Graph"),
        "tab_events": ("Évts", "Events"),
        "tab_rolls": ("Dés", "Rolls"),
        "tab_credits": ("Créd.", "Cred."),
        "tab_debits": ("Déb.", "Deb."),
        "title_turn": ("Bilan du tour {round}", "Round {round} balance"),
        "title_evolution": ("Évolution des soldes", "Balances over time"),
        "title_events": ("Stats par événement", "Stats per event"),
        "title_rolls": ("Stats par tirage", "Stats per roll"),
        "title_credits": ("Crédits par joueur", "Credits per player"),
        "title_debits": ("Débits par joueur", "Debits per player"),
        "percent": ("%", "%"),
        "score": ("Score", "Score"),
        "jackpot": ("Jackpot", "Jackpot"),
        "eliminated": ("éliminé", "out"),
        "round_n": ("tour {round}", "round {round}"),
        "empty": (
            "Les statistiques s'afficheront dès que l'argent circulera.",
            "The statistics appear as soon as money changes hands.",
        ),
        "empty_gains": ("Aucun gain d'événement versé pour l'instant.", "No event gains paid yet."),
        "empty_hint": ("Lancez les dés\u202f!", "Roll the dice!"),
        # The event viewer.
        "viewer_title": ("Événements de dés", "Dice events"),
        "position": ("{n} / {total}", "{n} / {total}"),
        "family_label": ("Famille d'événements :", "Event family:"),
        "gain_label": ("Type de gain :", "Gain type:"),
        "formula_label": ("Formule :", "Formula:"),
        "die_1": ("Dé 1", "Die 1"),
        "die_2": ("Dé 2", "Die 2"),
        "first": ("« Premier", "« First"),
        "previous": ("‹ Précédent", "‹ Previous"),
        "next": ("Suivant ›", "Next ›"),
        "last": ("Dernier »", "Last »"),
        "close": ("Fermer", "Close"),
        "fixed": ("Fixe", "Fixed"),
        "variable": ("Variable", "Variable"),
        "family_result": ("Résultat des dés", "Dice result"),
        "family_count": ("Nombre d'une face", "Count of a face"),
        "family_parity": ("Parité des dés", "Dice parity"),
        # Measures, as a formula's subject ("Écart des dés × 252") and inside a condition ("si écart = 0").
        "measure_sum": ("Somme des dés", "Sum of the dice"),
        "measure_product": ("Produit des dés", "Product of the dice"),
        "measure_difference": ("Écart des dés", "Difference of the dice"),
        "measure_ratio": ("Rapport entier des dés", "Whole ratio of the dice"),
        "measure_count": ("Nombre de {face}", "Number of {face}s"),
        "measure_even": ("Nombre de dés pairs", "Number of even dice"),
        "measure_odd": ("Nombre de dés impairs", "Number of odd dice"),
        "cond_sum": ("somme", "sum"),
        "cond_product": ("produit", "product"),
        "cond_difference": ("écart", "difference"),
        "cond_ratio": ("rapport", "ratio"),
        "formula_variable": ("{measure} × {amount}", "{measure} × {amount}"),
        "formula_fixed": ("{amount} si {measure} = {target}", "{amount} if {measure} = {target}"),
        # Event names.
        "name_sum": ("Somme", "Sum"),
        "name_product": ("Produit", "Product"),
        "name_difference": ("Écart", "Difference"),
        "name_ratio": ("Rapport", "Ratio"),
        "name_count": ("Nombre de {face}", "Number of {face}s"),
        "name_even": ("Nombre de pairs", "Even dice"),
        "name_odd": ("Nombre d'impairs", "Odd dice"),
        "name_fixed": ("{name} = {target}", "{name} = {target}"),
    }
)


def number(lang: str, n: int) -> str:
    """An integer with thousands separated: "2 940" (narrow no-break space) or "2,940"."""
    text = f"{abs(n):,}"
    if lang == "fr":
        text = text.replace(",", NNBSP)
    return ("−" if n < 0 else "") + text


def signed(lang: str, n: int) -> str:
    """A balance change with its sign: "+1 250", "−300", "0"."""
    return ("+" if n > 0 else "") + number(lang, n)


def compact(lang: str, n: int) -> str:
    """An amount in at most six characters, for small grid cells: "870", "4,7 k", "123 k", "1,2 M"."""
    unit = f"{NNBSP if lang == 'fr' else ' '}"
    if abs(n) < 1000:
        return number(lang, n)
    if abs(n) < 100_000:
        return decimal(lang, n / 1000) + unit + "k"
    if abs(n) < 1_000_000:
        return number(lang, round(n / 1000)) + unit + "k"
    return decimal(lang, n / 1_000_000) + unit + "M"


def decimal(lang: str, value: float) -> str:
    """One decimal: "12,5" or "12.5"."""
    shown = f"{value:.1f}"
    return shown.replace(".", ",") if lang == "fr" else shown


def percent(lang: str, value: float) -> str:
    """A percentage with one decimal: "12,5 %" (French spacing) or "12.5%"."""
    return decimal(lang, value) + (f"{NNBSP}%" if lang == "fr" else "%")


def event_name(lang: str, event: int) -> str:
    e = EVENTS[event]
    if e.family == "count":
        return TEXTS.t(lang, "name_count", face=e.face)
    name = TEXTS.t(lang, f"name_{e.family}")
    return name if e.target is None else TEXTS.t(lang, "name_fixed", name=name, target=e.target)


def event_family(lang: str, event: int) -> str:
    return TEXTS.t(lang, f"family_{EVENTS[event].family_group}")


def event_gain_type(lang: str, event: int) -> str:
    return TEXTS.t(lang, "fixed" if EVENTS[event].fixed else "variable")


def event_formula(lang: str, event: int) -> str:
    """How a copy's gain is computed: "Écart des dés × 252", "2 940 si écart = 0"."""
    e = EVENTS[event]
    amount = number(lang, e.amount)
    if e.target is not None:
        measure = TEXTS.t(lang, f"cond_{e.family}")
        return TEXTS.t(lang, "formula_fixed", amount=amount, measure=measure, target=e.target)
    if e.family == "count":
        measure = TEXTS.t(lang, "measure_count", face=e.face)
    else:
        measure = TEXTS.t(lang, f"measure_{e.family}")
    return TEXTS.t(lang, "formula_variable", measure=measure, amount=amount)
