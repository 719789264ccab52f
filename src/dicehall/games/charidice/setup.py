"""What the setup dialog needs to offer a Charidice game: seat colours, player count and the variants."""

from __future__ import annotations

from dicehall.ui.forms import ChoiceField, Shortcut, ToggleField

# (id, #rrggbb, French name, English name): seat colours, chosen apart from the six dice colours so a
# player's colour is never mistaken for a die's.
COLOURS: tuple[tuple[str, str, str, str], ...] = (
    ("teal", "#00897b", "Sarcelle", "Teal"),
    ("orange", "#ef6c00", "Orange", "Orange"),
    ("purple", "#8e24aa", "Violet", "Purple"),
    ("pink", "#d81b60", "Rose", "Pink"),
    ("brown", "#6d4c41", "Brun", "Brown"),
    ("indigo", "#3949ab", "Indigo", "Indigo"),
)
DEFAULT_COLOURS: tuple[str, ...] = ("teal", "orange", "purple", "pink")
DEFAULT_PLAYERS = 3  # one human and two computer players, the table the game is made for

OPTION_FIELDS: tuple[ChoiceField, ...] = (
    ChoiceField(
        key="marking",
        label=("Marquage", "Marking"),
        choices=(
            ("one_or_more", "Au moins un dé marqué", "At least one die marked"),
            ("zero_allowed", "Variante : on peut ne rien marquer", "Variant: marking nothing is allowed"),
        ),
        default="one_or_more",
        help=(
            "Variante : le joueur actif peut ne marquer aucun dé et donner les six à son voisin.",
            "Variant: the active player may mark no die and give all six to his neighbour.",
        ),
    ),
    ChoiceField(
        key="donation_given",
        label=("Grande donation, côté donneur", "Grand Donation, giver's side"),
        choices=(
            ("doubled", "Le donneur note aussi le double", "The giver records the doubled gift too"),
            ("undoubled", "Variante : le donneur note le don simple",
             "Variant: the giver records the single gift"),
        ),
        default="doubled",
        help=(
            "Ce que le donneur inscrit dans sa colonne « donnés » quand son voisin réclame la grande donation ; "
            "cette colonne décide du bonus de générosité.",
            "What the giver writes in his “given” column when his neighbour claims the Grand Donation; that "
            "column decides the generosity bonus.",
        ),
    ),
)

DISPLAY_FIELDS: tuple[ToggleField, ...] = (
    ToggleField(
        key="marking_help",
        label=("Aide au marquage", "Marking help"),
        help=(
            "Pendant le marquage, montre la meilleure combinaison de chaque option.",
            "While marking, shows the best selection of each option.",
        ),
    ),
)

SHORTCUTS: tuple[Shortcut, ...] = ()
