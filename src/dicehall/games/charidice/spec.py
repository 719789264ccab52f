"""Charidice's declaration (``SPEC``): 2 to 4 players, the three computer levels, the options schema,
the seat colours of the new-game form and the Display dialog's marking help. Imports no rules."""

from __future__ import annotations

from dicehall.core.options import Choice, OptionsSchema, players
from dicehall.core.spec import STANDARD_LEVELS, GameSpec, ToggleField

# "one_or_more": at least one die must be marked (the rulings); "zero_allowed": a player may mark none
# and give all six (the variant).
MARKINGS = ("one_or_more", "zero_allowed")
# What the giver records when the grande donation is claimed: the doubled gift, like the receiver (the
# rule text and the rulings), or the undoubled one (the variant); it counts for the generosity bonus.
# Rules 1 had "undoubled" as its default; ``upgrade`` keeps that reading for the saves it wrote.
DONATION_GIVEN = ("doubled", "undoubled")
MIN_PLAYERS, MAX_PLAYERS = 2, 4

SCHEMA = OptionsSchema(
    "Charidice",
    (
        players(MIN_PLAYERS, MAX_PLAYERS, 3),
        Choice(
            key="marking",
            values=MARKINGS,
            default="one_or_more",
            label=("Marquage", "Marking"),
            form=(
                ("one_or_more", "Au moins un dé marqué", "At least one die marked"),
                ("zero_allowed", "Variante : on peut ne rien marquer", "Variant: marking nothing is allowed"),
            ),
            help=(
                "Variante : le joueur actif peut ne marquer aucun dé et donner les six à son voisin.",
                "Variant: the active player may mark no die and give all six to his neighbour.",
            ),
        ),
        Choice(
            key="donation_given",
            values=DONATION_GIVEN,
            default="doubled",
            label=("Grande donation, côté donneur", "Grand Donation, giver's side"),
            form=(
                ("doubled", "Le donneur note aussi le double", "The giver records the doubled gift too"),
                ("undoubled", "Variante : le donneur note le don simple", "Variant: the giver records the single gift"),
            ),
            help=(
                (
                    "Ce que le donneur inscrit dans sa colonne « donnés » quand son voisin réclame la grande donation ; "
                    "cette colonne décide du bonus de générosité."
                ),
                (
                    "What the giver writes in his “given” column when his neighbour claims the Grand Donation; that "
                    "column decides the generosity bonus."
                ),
            ),
        ),
    ),
)

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

SPEC = GameSpec(
    "charidice",
    "Charidice",
    "Charidice",
    MIN_PLAYERS,
    MAX_PLAYERS,
    "dicehall.games.charidice.game",
    scene="dicehall.games.charidice.scene",
    log_lines="dicehall.games.charidice.log_lines",
    summary="dicehall.games.charidice.summary",
    hint="dicehall.games.charidice.hint",
    challenge="dicehall.games.charidice.challenge",
    tutorial="dicehall.games.charidice.tutorial",
    review="dicehall.games.charidice.review",
    levels=STANDARD_LEVELS,
    options=SCHEMA,
    default_players=3,  # one human and two computer players, the table the game is made for
    colours=COLOURS,
    default_colours=DEFAULT_COLOURS,
    display_fields=(
        ToggleField(
            key="marking_help",
            label=("Aide au marquage", "Marking help"),
            help=(
                "Pendant le marquage, montre la meilleure combinaison de chaque option.",
                "While marking, shows the best selection of each option.",
            ),
        ),
    ),
    blurb=(
        "Six dés de couleur, sept manches, et des cadeaux au voisin de gauche.",
        "Six colour dice, seven rounds, and gifts to your left neighbour.",
    ),
    sounds="dicehall.games.charidice.sounds",
    art="dicehall.games.charidice.art",
)
