"""Indecix's declaration (``SPEC``): a table of two, the three computer levels, the options schema,
the original's colours, its Display menu and its keyboard shortcuts. Imports no rules."""

from __future__ import annotations

from dicehall.core.options import Choice, OptionsSchema
from dicehall.core.spec import STANDARD_LEVELS, GameSpec, Shortcut, ToggleField

MODES = ("blitz", "master")
# "text": the rule text (the line's faces without the placed die, 15-20, doubled when clean);
# "original": the original program 1.2 (the placed die included: always 21, or 42 when clean).
SUITE_SCORINGS = ("text", "original")

SCHEMA = OptionsSchema(
    "Indecix",
    (
        Choice(
            key="mode",
            values=MODES,
            default="blitz",
            label=("Mode de jeu", "Game mode"),
            form=(
                ("blitz", "Blitz : on lance le dé", "Blitz: roll the die"),
                ("master", "Master : on choisit ses jetons", "Master: choose your tokens"),
            ),
            help=(
                (
                    "Blitz : chaque tour, le dé est lancé et le hasard décide de sa face. Master : pas de hasard, "
                    "chaque joueur a trois jetons de chaque face (1 à 6) et choisit celui qu'il pose."
                ),
                (
                    "Blitz: each turn the die is rolled and chance decides its face. Master: no chance, each "
                    "player has three tokens of each face (1 to 6) and chooses which one to place."
                ),
            ),
        ),
        Choice(
            key="suite_scoring",
            values=SUITE_SCORINGS,
            default="text",
            label=("Score des suites", "Run scoring"),
            form=(
                ("text", "Règle écrite (sans le dé posé)", "Written rule (without the placed die)"),
                ("original", "Programme original 1.2 (21 ou 42)", "Original program 1.2 (21 or 42)"),
            ),
            help=(
                (
                    "Une ligne ou une colonne complétée rapporte la somme de ses faces sans le dé qui la complète, "
                    "doublée si tous ses dés sont de la couleur du joueur. La variante du programme original compte "
                    "aussi le dé posé : 21 points, ou 42."
                ),
                (
                    "A completed row or column scores the sum of its faces without the die that completes it, "
                    "doubled if all its dice are the player's colour. The original program's variant also counts "
                    "the placed die: 21 points, or 42."
                ),
            ),
        ),
    ),
)


def _hex(r: int, g: int, b: int) -> str:
    return f"#{r:02x}{g:02x}{b:02x}"


# (id, #rrggbb, French name, English name): the seven colours of the original, with its RGB values.
COLOURS: tuple[tuple[str, str, str, str], ...] = (
    ("blue", _hex(36, 80, 239), "Bleu", "Blue"),
    ("magenta", _hex(194, 57, 121), "Magenta", "Magenta"),
    ("orange", _hex(255, 128, 0), "Orange", "Orange"),
    ("red", _hex(255, 0, 0), "Rouge", "Red"),
    ("yellow", _hex(255, 255, 96), "Jaune", "Yellow"),
    ("green", _hex(0, 137, 0), "Vert", "Green"),
    ("purple", _hex(151, 75, 180), "Pourpre", "Purple"),
)

DEFAULT_COLOURS: tuple[str, str] = ("blue", "red")  # Left, Right


def colours_hex(ids: tuple[str, str] | list[str] | None) -> tuple[str, str]:
    """The two seats' colours as #rrggbb, falling back to the defaults for unknown ids."""
    from dicehall.ui.forms import seat_colours  # lazily: the declaration imports no UI

    left, right = seat_colours(COLOURS, DEFAULT_COLOURS, list(ids or ()), 2)
    return left, right


# The original's "Affichage" menu.
DISPLAY_FIELDS: tuple[ToggleField, ...] = (
    ToggleField(
        key="playable_cells",
        label=("Cases jouables (Maj+Ctrl+J)", "Playable cells (Shift+Ctrl+J)"),
        help=("Encadre les cases où le dé peut être posé.", "Frames the cells where the die may go."),
    ),
    ToggleField(
        key="capture_scores",
        label=("Scores des captures (Maj+Ctrl+S)", "Capture scores (Shift+Ctrl+S)"),
        help=(
            (
                "Affiche sur chaque case jouable les points de capture, ou une étoile si la pose complète une "
                "ligne sans capturer. Nécessite « Cases jouables »."
            ),
            (
                "Shows on each playable cell the capture points, or a star where the placement completes a "
                "line without capturing. Needs “Playable cells”."
            ),
        ),
        requires="playable_cells",
    ),
)

# The original's shortcuts, where a browser lets a page have them.
SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut("b", "next-option:mode", "blitz"),  # Ctrl+B: Blitz for the next game
    Shortcut("m", "next-option:mode", "master"),  # Ctrl+M: Master for the next game
    Shortcut("j", "players"),  # Ctrl+J: players and colours (the new-game dialog)
    Shortcut("j", "toggle:playable_cells", shift=True),
    Shortcut("s", "toggle:capture_scores", shift=True),
)

SPEC = GameSpec(
    "indecix",
    "Indecix",
    "Indecix",
    2,
    2,
    "dicehall.games.indecix.game",
    scene="dicehall.games.indecix.scene",
    log_lines="dicehall.games.indecix.log_lines",
    summary="dicehall.games.indecix.summary",
    hint="dicehall.games.indecix.hint",
    challenge="dicehall.games.indecix.challenge",
    tutorial="dicehall.games.indecix.tutorial",
    review="dicehall.games.indecix.review",
    levels=STANDARD_LEVELS,
    options=SCHEMA,
    colours=COLOURS,
    default_colours=DEFAULT_COLOURS,
    display_fields=DISPLAY_FIELDS,
    shortcuts=SHORTCUTS,
    blurb=(
        "18 dés chacun sur une grille 6×6 : contrainte du Sudoku, captures et suites.",
        "18 dice each on a 6×6 grid: the Sudoku rule, captures and runs.",
    ),
    sounds="dicehall.games.indecix.sounds",
    art="dicehall.games.indecix.art",
    default=True,  # the new-game form opens on it when no game is in progress
)
